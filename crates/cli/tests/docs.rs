//! The parts of the reference under `docs/` that are made from the code: the command line's help
//! (`docs/cli.md`), the feature table (`docs/weights.md`) and the randomizers' odds
//! (`docs/rules-and-search.md`). Each test makes its part anew and compares it with the file,
//! between the part's markers; `TETRIS_AI_WRITE_DOCS=1 cargo test --release -p tetris-ai-cli
//! --test docs` writes the parts into the files instead.

use std::path::{Path, PathBuf};
use std::process::Command;
use tetris_ai_core::Piece;
use tetris_ai_core::ai::features::FEATURES;
use tetris_ai_core::engine::rules::RandomizerKind;

/// The environment variable that makes the tests write the documents instead of checking them.
const WRITE: &str = "TETRIS_AI_WRITE_DOCS";

/// The document `name` under the repository's `docs/`.
fn doc(name: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .unwrap();
    root.join("docs").join(name)
}

/// The markers around the part called `part` of a document.
fn markers(part: &str) -> (String, String) {
    (
        format!("<!-- made by tests/docs.rs: {part} -->\n"),
        format!("<!-- end of {part} -->\n"),
    )
}

/// Checks that the part `part` of document `name` is `made`, or writes it there when asked to.
fn check_part(name: &str, part: &str, made: &str) {
    check_part_at(&doc(name), part, made, std::env::var_os(WRITE).is_some());
}

/// Checks that the part `part` of the file at `path` is `made`, or (`write`) writes it there.
fn check_part_at(path: &Path, part: &str, made: &str, write: bool) {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let (start, end) = markers(part);
    let from = text
        .find(&start)
        .unwrap_or_else(|| panic!("{} has no line {start:?}", path.display()))
        + start.len();
    let to = from
        + text[from..]
            .find(&end)
            .unwrap_or_else(|| panic!("{} has no line {end:?}", path.display()));
    if write {
        std::fs::write(path, format!("{}{made}{}", &text[..from], &text[to..])).unwrap();
        return;
    }
    assert!(
        text[from..to] == *made,
        "{part} is out of date in {}: run \
         `{WRITE}=1 cargo test --release -p tetris-ai-cli --test docs`\n\
         --- in the file ---\n{}\n--- made now ---\n{made}",
        path.display(),
        &text[from..to],
    );
}

/// What the command line prints for `args`.
fn cli_output(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_tetris-ai"))
        .args(args)
        .output()
        .expect("the command line runs");
    assert!(output.status.success(), "tetris-ai {args:?} failed");
    String::from_utf8(output.stdout).expect("the help is UTF-8")
}

#[test]
fn the_command_line_reference_is_its_help() {
    let mut made = String::new();
    for command in [
        &[][..],
        &["bench"][..],
        &["evolve"][..],
        &["survival"][..],
        &["versus"][..],
        &["sprint"][..],
    ] {
        let title = ["tetris-ai"]
            .iter()
            .chain(command)
            .copied()
            .collect::<Vec<_>>()
            .join(" ");
        let help = cli_output(&[command, &["--help"]].concat());
        made += &format!("\n## `{title}`\n\n```text\n{}\n```\n", help.trim_end());
    }
    made.push('\n');
    check_part("cli.md", "the help of each command", &made);
}

#[test]
fn the_feature_table_is_the_engines() {
    let mut made = String::from("\n| Feature | Definition |\n|---|---|\n");
    for feature in &FEATURES {
        made += &format!("| `{}` | {} |\n", feature.name, feature.definition);
    }
    made.push('\n');
    check_part("weights.md", "the feature table", &made);
}

#[test]
fn the_randomizers_odds_are_the_engines() {
    let letters: Vec<String> = Piece::ALL.iter().map(|p| format!("{p:?}")).collect();
    let mut made = format!(
        "\n| Randomizer | {} |\n|---|{}\n",
        letters.join(" | "),
        "---|".repeat(letters.len())
    );
    for kind in RandomizerKind::ALL {
        let odds = kind.odds();
        let total: u32 = odds.iter().sum();
        let shares: Vec<String> = odds.iter().map(|o| share(*o, total)).collect();
        made += &format!("| `{}` | {} |\n", kind.name(), shares.join(" | "));
    }
    made.push('\n');
    check_part("rules-and-search.md", "the randomizers' odds", &made);
}

/// `part` out of `whole` as a fraction in its lowest terms.
fn share(part: u32, whole: u32) -> String {
    let divides_both = |d: &u32| part.is_multiple_of(*d) && whole.is_multiple_of(*d);
    let d = (1..=part).rev().find(divides_both).unwrap_or(1);
    format!("{}/{}", part / d, whole / d)
}

/// A file in the temporary folder holding `text`, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(text: &str) -> Scratch {
        let name = format!(
            "tetris-ai-docs-{}-{:?}.md",
            std::process::id(),
            std::thread::current().id()
        );
        let path = std::env::temp_dir().join(name);
        std::fs::write(&path, text).unwrap();
        Scratch(path)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
#[should_panic(expected = "a part is out of date")]
fn an_out_of_date_part_is_refused() {
    let (start, end) = markers("a part");
    let file = Scratch::new(&format!("# A\n{start}old\n{end}after\n"));
    check_part_at(&file.0, "a part", "new\n", false);
}

#[test]
fn a_part_is_written_between_its_markers_and_then_holds() {
    let (start, end) = markers("a part");
    let file = Scratch::new(&format!("# A\n{start}old\n{end}after\n"));
    check_part_at(&file.0, "a part", "new\n", true);
    let text = std::fs::read_to_string(&file.0).unwrap();
    assert_eq!(text, format!("# A\n{start}new\n{end}after\n"));
    check_part_at(&file.0, "a part", "new\n", false);
}
