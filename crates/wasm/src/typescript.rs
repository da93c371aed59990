//! The TypeScript declarations of every value that crosses between the engine and JavaScript
//! (game configurations, choices, steps, views, statistics, replays, the catalogue, evolution
//! runs, benchmarks), generated from the Rust types that serde writes and reads, so that the two
//! cannot drift apart. `./build.sh types` writes them to [`PATH`], which the npm package ships
//! and `tetris-ai.d.ts` re-exports; a test fails when the file is not what the types give.
//!
//! The declarations come from ts-rs, chosen over tsify and specta for how the bindings send
//! values: with serde-wasm-bindgen's JSON-compatible serializer, and read back as JSON by the
//! checked readers, never through a generated binding.
//! - It reads the serde attributes the types use (`rename_all`, `tag` and `content`,
//!   `untagged`, `flatten`, `skip`, `default` with `skip_serializing_if`), and declares an
//!   `Option` as `T | null`, which is what the serializer sends for `None` (missing as null).
//! - Its integer mapping is set once for the whole file: `u64` and `usize` are numbers, as the
//!   JSON-compatible serializer sends them (never BigInts), where tsify declares them per type
//!   and specta's TypeScript exporter, still a release candidate, refuses them by default.
//! - It runs natively, in a test, with no WebAssembly build and no browser: tsify emits its
//!   declarations into the wasm-bindgen output of a WebAssembly build (a build of minutes,
//!   whose stubs the package leaves out), and brings ABI conversions that would bypass the
//!   checked readers' messages.
//! - Maps are declared as objects, as the serializer sends them; the unions of the registries'
//!   names (features, presets, optimizers) are declared from the registries themselves.

use crate::measurements::Measurements;
use std::any::TypeId;
use std::collections::BTreeMap;
use tetris_ai_core::ai::search::{Explanation, Rating};
use tetris_ai_core::ai::weights::WrittenWeight;
use tetris_ai_core::catalog::{FeatureInfo, Limits, PresetInfo};
use tetris_ai_core::checked::SharedSettings;
use tetris_ai_core::config::GameConfig;
use tetris_ai_core::engine::manual::Key;
use tetris_ai_core::error::{Error, Result};
use tetris_ai_core::game::{ChoiceView, Stats, Step, VersusStats, View};
use tetris_ai_core::record::Recording;
use tetris_ai_core::replay::Frame;
use tetris_ai_core::settings::Settings;
use tetris_ai_train::batch::AskedBatch;
use tetris_ai_train::evolution::{EvolutionConfig, Report};
use tetris_ai_train::setup::{Choices, RunOptions};
use ts_rs::{Config, TS, TypeVisitor};

/// Where the declarations live, from the repository's root.
pub const PATH: &str = "www/types/engine.d.ts";

/// The first lines of the file.
const HEADER: &str = "\
// The types of the values the tetris-ai engine sends to JavaScript and reads from it, generated
// from its Rust types by `./build.sh types` (see crates/wasm/src/typescript.rs): do not edit.
";

/// How ts-rs declares the types: 64-bit integers as numbers, as the bindings send them.
fn config() -> Config {
    Config::new().with_large_int("number")
}

/// The declarations of `T` and of every type it refers to, by TypeScript name.
struct Declarations<'a> {
    config: &'a Config,
    found: BTreeMap<String, (TypeId, String)>,
    clash: Option<String>,
}

impl TypeVisitor for Declarations<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if T::output_path().is_none() {
            return; // a built-in type: nothing to declare
        }
        let name = T::ident(self.config);
        if let Some((id, _)) = self.found.get(&name) {
            if *id != TypeId::of::<T>() {
                self.clash = Some(name);
            }
            return;
        }
        let docs = T::docs().unwrap_or_default();
        let declaration = format!("{docs}export {}\n", T::decl(self.config));
        self.found.insert(name, (TypeId::of::<T>(), declaration));
        T::visit_dependencies(self);
    }
}

/// The declarations of every value the bindings send or read, and of the types they refer to,
/// sorted by name; an error names a TypeScript name two Rust types would share.
pub fn declarations() -> Result<String> {
    let config = config();
    let mut declarations = Declarations {
        config: &config,
        found: BTreeMap::new(),
        clash: None,
    };
    // A game's values.
    declarations.visit::<Settings>();
    declarations.visit::<SharedSettings>();
    declarations.visit::<GameConfig>();
    declarations.visit::<Key>();
    declarations.visit::<ChoiceView<'static>>();
    declarations.visit::<Step>();
    declarations.visit::<Stats>();
    declarations.visit::<VersusStats>();
    declarations.visit::<View>();
    declarations.visit::<WrittenWeight>(); // named only in the declaration of `Weights`
    // The coach's values.
    declarations.visit::<Explanation>();
    declarations.visit::<Rating>();
    // Replays.
    declarations.visit::<Recording>();
    declarations.visit::<Frame>();
    // The catalogue.
    declarations.visit::<PresetInfo>();
    declarations.visit::<FeatureInfo>();
    declarations.visit::<Limits>();
    // Evolution.
    declarations.visit::<EvolutionConfig>();
    declarations.visit::<Report>();
    declarations.visit::<RunOptions>();
    declarations.visit::<Choices>();
    declarations.visit::<AskedBatch>();
    // Measurements: benchmarks and survival estimates, their options and results.
    declarations.visit::<Measurements>();
    if let Some(name) = declarations.clash {
        return Err(Error::Config(format!(
            "two Rust types are both named {name} in TypeScript"
        )));
    }
    let body: Vec<String> = declarations.found.into_values().map(|(_, d)| d).collect();
    let text = format!("{HEADER}\n{}", body.join("\n"));
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    Ok(lines.join("\n") + "\n")
}

/// The fields the object type `T` declares, in order: each name, and whether it may be left out
/// (none when `T` is not an object type). For tests that hold a value the engine sends against
/// its declaration.
pub fn declared_fields<T: TS>() -> Vec<(String, bool)> {
    let body: Vec<char> = T::inline(&config()).chars().collect();
    let mut fields = Vec::new();
    let (mut depth, mut in_comment, mut start) = (0, false, 0);
    let mut i = 0;
    while i < body.len() {
        let here = &body[i..];
        if in_comment {
            if here.starts_with(&['*', '/']) {
                in_comment = false;
                i += 1;
                start = i + 1;
            }
        } else if here.starts_with(&['/', '*']) {
            in_comment = true;
        } else {
            match body[i] {
                '{' | '[' | '(' | '<' => {
                    depth += 1;
                    if depth == 1 {
                        start = i + 1;
                    }
                }
                '}' | ']' | ')' | '>' => depth -= 1,
                ',' if depth == 1 => {
                    let field: String = body[start..i].iter().collect();
                    let name = field.split(':').next().unwrap_or_default().trim();
                    let optional = name.ends_with('?');
                    fields.push((name.trim_end_matches('?').to_string(), optional));
                    start = i + 1;
                }
                _ => {}
            }
        }
        i += 1;
    }
    fields
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_types_fields_are_read_from_its_declaration() {
        let fields = [("choice", false), ("rows_cleared", false)]
            .into_iter()
            .chain([("points", false), ("game_over", false), ("versus", false)])
            .chain([("cleared", false), ("rating", false)])
            .map(|(name, optional)| (name.to_string(), optional));
        assert_eq!(declared_fields::<Step>(), fields.collect::<Vec<_>>());
        assert!(declared_fields::<Key>().is_empty());
    }

    #[test]
    fn every_declaration_is_exported_once_and_registries_are_unions() {
        let text = declarations().unwrap();
        assert!(text.starts_with(HEADER));
        for name in [
            "GameConfig",
            "Step",
            "OptimizerName",
            "WrittenWeight",
            "Report",
        ] {
            let declared = format!("export type {name} = ");
            assert_eq!(text.matches(&declared).count(), 1, "{name}");
        }
        assert!(text.contains(
            "export type OptimizerName = \"ga\" | \"cem\" | \"cmaes\" | \"hill_climb\" | \"anneal\";"
        ));
        assert!(!text.lines().any(|line| line.ends_with(' ')));
    }
}
