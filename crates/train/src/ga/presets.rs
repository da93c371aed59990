//! The shipped GA configurations, after the write-ups, with the initial ranges and the features
//! each write-up learns.

use super::config::{Crossover, GaConfig, Mutation, MutationKind, Scope, Selection};
use tetris_ai_core::ai::presets;
use tetris_ai_core::error::{Error, Result};

/// The names [`preset`] knows.
pub fn preset_names() -> &'static [&'static str] {
    &["cs3243", "csharp", "python"]
}

/// The features a preset's write-up learns: the `cs3243` and `takado8` weight presets' for
/// `cs3243` and `csharp`, and the Python write-up's seven for `python`. Unknown names are an
/// error listing the known ones.
pub fn preset_features(name: &str) -> Result<Vec<String>> {
    let names: Vec<&str> = match name {
        "cs3243" => presets::find("cs3243")?.terms.iter().map(|t| t.0).collect(),
        "csharp" => presets::find("takado8")?
            .terms
            .iter()
            .map(|t| t.0)
            .collect(),
        "python" => vec![
            "rows_cleared",
            "holes",
            "max_height",
            "blocks",
            "avg_height",
            "blocks_above_holes",
            "gaps",
        ],
        _ => return Err(unknown_preset(name)),
    };
    Ok(names.into_iter().map(String::from).collect())
}

fn unknown_preset(name: &str) -> Error {
    Error::Config(format!(
        "unknown GA preset \"{name}\" (GA presets: {})",
        preset_names().join(", ")
    ))
}

/// A shipped configuration and its initial ranges for `features` (one range per feature, in
/// order). Unknown names are an error listing the known ones.
pub fn preset(name: &str, features: &[&str]) -> Result<(GaConfig, Vec<(f64, f64)>)> {
    match name {
        "cs3243" => Ok(cs3243(features)),
        "csharp" => Ok(csharp(features)),
        "python" => Ok(python(features)),
        _ => Err(unknown_preset(name)),
    }
}

/// The NUS CS3243 (Introduction to Artificial Intelligence) project report's GA: population
/// 100, tournaments of 8, the best 20% kept without re-evaluation, uniform crossover, each
/// weight mutated with probability 0.1 by up to a quarter of its initial range; initial weights
/// in `[0, 20]` for `rows_cleared` and `[-8, 2]` for every other feature.
pub fn cs3243(features: &[&str]) -> (GaConfig, Vec<(f64, f64)>) {
    let config = GaConfig {
        population: 100,
        survivors: 0.2,
        reevaluate_survivors: false,
        selection: Selection::Tournament { size: 8 },
        crossover: Crossover::Uniform,
        mutation: Mutation {
            rate: 0.1,
            scope: Scope::PerWeight,
            kind: MutationKind::RangeFraction { fraction: 0.25 },
            passes: 1,
        },
    };
    let ranges = features
        .iter()
        .map(|&f| {
            if f == "rows_cleared" {
                (0.0, 20.0)
            } else {
                (-8.0, 2.0)
            }
        })
        .collect();
    (config, ranges)
}

/// takado8's C# genetic-algorithm Tetris AI (after Yiyuan Lee, "Tetris AI - The (Near)
/// Perfect Bot", 2013): population 100, the weaker half dropped and parents the best two of a
/// random 10% of the rest, the best 70% kept and re-evaluated, fitness-weighted crossover
/// normalised to unit length, 5% of newborns get one weight moved by up to 0.2; initial weights
/// in `[-1, 1]`.
pub fn csharp(features: &[&str]) -> (GaConfig, Vec<(f64, f64)>) {
    let config = GaConfig {
        population: 100,
        survivors: 0.7,
        reevaluate_survivors: true,
        selection: Selection::Truncation { pool: 0.1 },
        crossover: Crossover::FitnessWeighted,
        mutation: Mutation {
            rate: 0.05,
            scope: Scope::PerIndividual,
            kind: MutationKind::Additive { step: 0.2 },
            passes: 1,
        },
    };
    (config, vec![(-1.0, 1.0); features.len()])
}

/// The Python Tetris GA write-up: population 50, roulette-wheel selection, the best 10% kept
/// without re-evaluation, uniform crossover, each weight replaced by a fresh draw with
/// probability 0.1; initial weights in `[-1000, 1000]`.
pub fn python(features: &[&str]) -> (GaConfig, Vec<(f64, f64)>) {
    let config = GaConfig {
        population: 50,
        survivors: 0.1,
        reevaluate_survivors: false,
        selection: Selection::Roulette,
        crossover: Crossover::Uniform,
        mutation: Mutation {
            rate: 0.1,
            scope: Scope::PerWeight,
            kind: MutationKind::Replace,
            passes: 1,
        },
    };
    (config, vec![(-1000.0, 1000.0); features.len()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_give_their_ranges_and_unknown_names_list_the_known() {
        let (config, ranges) = preset("cs3243", &["holes", "rows_cleared"]).unwrap();
        assert_eq!(config.selection, Selection::Tournament { size: 8 });
        assert_eq!(ranges, vec![(-8.0, 2.0), (0.0, 20.0)]);
        assert_eq!(
            preset("csharp", &["a", "b"]).unwrap().1,
            vec![(-1.0, 1.0); 2]
        );
        assert_eq!(preset("python", &["a"]).unwrap().1, vec![(-1000.0, 1000.0)]);
        let message = preset("lee", &["a"]).unwrap_err().to_string();
        assert!(message.contains("\"lee\""), "{message}");
        assert!(message.contains("cs3243, csharp, python"), "{message}");
    }
}
