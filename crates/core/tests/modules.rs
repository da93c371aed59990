//! No import circle, anywhere: in every crate of the workspace, the modules that share a parent
//! use one another in one direction only. The compiler keeps the crates from a circle; this
//! test keeps the modules inside each crate from one.
//!
//! A file's uses are read from its code (comments and doc links aside): `crate::a::b`,
//! `super::a` and `self::a`, with groups (`crate::{a::X, b}`) taken apart. A use counts between
//! the two modules under the nearest parent they share: `crate::game::ai` using
//! `crate::game::position` is `ai` -> `position` under `game`; `crate::replay` using
//! `crate::game::Game` is `replay` -> `game` under the crate's root. A module using its own
//! parent's items (`super::Game`) is no edge.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path from its crate's root: `["game", "ai"]`; `[]` is the root.
type ModulePath = Vec<String>;

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// The module a file under `src` is: `game/ai.rs` is `["game", "ai"]`, `game/mod.rs` and
/// `lib.rs` their folders'.
fn module_of(src: &Path, file: &Path) -> ModulePath {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut path: ModulePath = relative
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    if matches!(
        path.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        path.pop();
    }
    path
}

/// The code of `text`, without its comments (line comments, doc comments included) and without
/// its unit tests (the `#[cfg(test)]` module at the end of a file, which may use anything).
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]\nmod ").next().unwrap_or_default();
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths named by the uses in `code`, each as written after its start (`crate`, `super` or
/// `self`): `crate::a::{b::C, d}` gives `crate::a::b::C` and `crate::a::d`.
fn used_paths(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        let mut rest = code;
        while let Some(at) = rest.find(start) {
            let before = rest[..at].chars().last();
            rest = &rest[at..];
            let head = start.trim_end_matches(':').to_string();
            let after = &rest[start.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
                rest = after;
                continue;
            }
            expand(vec![head], after, &mut paths);
            rest = after;
        }
    }
    paths
}

/// Adds to `paths` every path `prefix` + what `text` starts with: a path (`a::b::C`), or a
/// group (`{a::X, b}`) of them.
fn expand(prefix: Vec<String>, text: &str, paths: &mut Vec<Vec<String>>) {
    let mut path = prefix;
    let mut rest = text;
    loop {
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let mut item_start = 0;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' | ',' if depth == 1 => {
                        expand(path.clone(), group[item_start..i].trim(), paths);
                        item_start = i + 1;
                        if c == '}' {
                            return;
                        }
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            return;
        }
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if end == 0 {
            break;
        }
        path.push(rest[..end].to_string());
        match rest[end..].strip_prefix("::") {
            Some(next) => rest = next,
            None => break,
        }
    }
    paths.push(path);
}

/// The module `path` (written in the module `from`) names: the longest prefix of it that is one
/// of `modules`.
fn resolve(from: &ModulePath, path: &[String], modules: &BTreeSet<ModulePath>) -> ModulePath {
    // `self` is the file's own module; `super` its parent (for a `foo/mod.rs` and a `foo.rs`
    // file alike, the module `foo`'s parent).
    let (mut base, rest): (ModulePath, &[String]) = match path[0].as_str() {
        "crate" => (Vec::new(), &path[1..]),
        "self" => (from.clone(), &path[1..]),
        _ => {
            let mut base = from.clone();
            let mut rest = path;
            while rest.first().is_some_and(|p| p == "super") {
                base.pop();
                rest = &rest[1..];
            }
            (base, rest)
        }
    };
    for part in rest {
        let mut longer = base.clone();
        longer.push(part.clone());
        if !modules.contains(&longer) {
            break;
        }
        base = longer;
    }
    base
}

/// The first circle among the edges of one parent, as its modules in order, if there is one.
fn circle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut found = stack[at..].to_vec();
            found.push(node.to_string());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, edges, stack, done) {
                return Some(found);
            }
        }
        stack.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|node| visit(node, edges, &mut Vec::new(), &mut done))
}

/// The edges between sibling modules of the crate whose sources are `src`, by their parent.
fn sibling_edges(src: &Path) -> BTreeMap<ModulePath, BTreeMap<String, BTreeSet<String>>> {
    let files = rust_files(src);
    let modules: BTreeSet<ModulePath> = files.iter().map(|f| module_of(src, f)).collect();
    let mut edges: BTreeMap<ModulePath, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for file in &files {
        let from = module_of(src, file);
        let text = std::fs::read_to_string(file).unwrap();
        for path in used_paths(&code(&text)) {
            let to = resolve(&from, &path, &modules);
            let shared = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if shared < from.len() && shared < to.len() {
                edges
                    .entry(from[..shared].to_vec())
                    .or_default()
                    .entry(from[shared].clone())
                    .or_default()
                    .insert(to[shared].clone());
            }
        }
    }
    edges
}

#[test]
fn no_modules_use_one_another_in_a_circle() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut checked = 0;
    let mut circles = Vec::new();
    for entry in std::fs::read_dir(crates).unwrap() {
        let src = entry.unwrap().path().join("src");
        if !src.is_dir() {
            continue;
        }
        for (parent, edges) in sibling_edges(&src) {
            checked += edges.len();
            if let Some(circle) = circle(&edges) {
                let parent = if parent.is_empty() {
                    "the root".to_string()
                } else {
                    parent.join("::")
                };
                let crate_name = src.parent().unwrap().file_name().unwrap().to_string_lossy();
                circles.push(format!(
                    "crates/{crate_name}, under {parent}: {}",
                    circle.join(" -> ")
                ));
            }
        }
    }
    assert!(checked > 20, "only {checked} modules were read");
    assert!(
        circles.is_empty(),
        "modules use one another in a circle:\n{}",
        circles.join("\n")
    );
}

#[test]
fn a_circle_is_found_and_named() {
    let edges: BTreeMap<String, BTreeSet<String>> = [
        ("game", &["config", "record"][..]),
        ("record", &["checked"]),
        ("checked", &["game"]),
        ("config", &[]),
    ]
    .into_iter()
    .map(|(from, to)| (from.into(), to.iter().map(|t| t.to_string()).collect()))
    .collect();
    assert_eq!(
        circle(&edges).unwrap(),
        ["checked", "game", "record", "checked"]
    );
}

#[test]
fn uses_are_read_from_code_alone_and_groups_taken_apart() {
    let text = "//! [`a`](crate::docs)\nuse crate::{game::Game, record::{Move, codec}};\n\
                use super::Stats; // crate::comment\nlet x = my_crate::thing;";
    let paths = used_paths(&code(text));
    let written: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        written,
        [
            "crate::game::Game",
            "crate::record::Move",
            "crate::record::codec",
            "super::Stats"
        ]
    );
}
