//! The genetic algorithm's configuration: population, survivors, and the choice of selection,
//! crossover and mutation, each checked with an error naming the bad value.

use serde::{Deserialize, Serialize};
use tetris_ai_core::error::{Error, Result};

/// The largest population accepted, so every random index fits the 32-bit draws of
/// [`GameRng`](tetris_ai_core::engine::rng::GameRng).
pub const MAX_POPULATION: usize = 1 << 20;

/// The smallest GA population: selection picks two parents.
pub const MIN_POPULATION: usize = 2;

/// Everything that defines a genetic algorithm run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct GaConfig {
    /// The number of individuals in every generation, at least 2.
    pub population: usize,
    /// The fraction of the population kept as elites, in `[0, 1)`; the
    /// `population - round(survivors * population)` others are newborns each generation.
    pub survivors: f64,
    /// Whether survivors are scored again each generation (fresh games) rather than keeping the
    /// fitness they were first scored at.
    pub reevaluate_survivors: bool,
    /// How the two parents of a newborn are chosen.
    pub selection: Selection,
    /// How the two parents are combined into a child.
    pub crossover: Crossover,
    /// How the child is changed afterwards.
    pub mutation: Mutation,
}

/// How two parents are chosen from the population sorted best first.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Selection {
    /// Draw `size` distinct individuals at random; the best two of them mate.
    Tournament {
        /// How many individuals are drawn, from 2 to the population.
        size: usize,
    },
    /// Fitness-proportional: two independent draws, each individual with probability
    /// proportional to its fitness (negative counts as 0); uniform when every fitness is 0.
    Roulette,
    /// Linear rank-proportional: two independent draws, the worst of `n` has weight 1 and the
    /// best weight `n`.
    Rank,
    /// The weaker half is removed first; the parents are the best two of a random `pool`
    /// fraction of the remaining half (at least 2 individuals).
    Truncation {
        /// The fraction of the remaining half drawn into the pool, in `(0, 1]`.
        pool: f64,
    },
}

/// How two parents are combined into one child.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Crossover {
    /// Each weight from either parent with probability 1/2.
    Uniform,
    /// The mean of the two parents.
    Average,
    /// `f1 * w1 + f2 * w2` normalised to unit Euclidean length (equal shares when both fitnesses
    /// are 0; a zero vector stays zero). A linear evaluation chooses the same placements at any
    /// positive scale, so the normalisation only keeps the weights bounded.
    FitnessWeighted,
    /// A cut point `c` in `1..n`: weights before `c` from the first parent, from `c` on from the
    /// second (a one-weight child copies the first parent).
    OnePoint,
}

/// How a child is changed after crossover.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Mutation {
    /// The probability of a mutation, per weight or per individual as `scope` says, in `[0, 1]`.
    pub rate: f64,
    /// Whether `rate` applies to each weight or to the individual as a whole.
    pub scope: Scope,
    /// What a mutation does to one weight.
    pub kind: MutationKind,
    /// How many times the mutation is applied, independently, at least 1.
    pub passes: u32,
}

/// What the mutation rate applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// Each weight mutates with probability `rate`.
    PerWeight,
    /// With probability `rate` the individual mutates: one weight chosen at random.
    PerIndividual,
}

/// What a mutation does to one weight.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum MutationKind {
    /// Add a uniform number in `[-fraction * R, +fraction * R]`, where `R` is the width of the
    /// feature's initial range.
    RangeFraction {
        /// The fraction of the range, finite and at least 0.
        fraction: f64,
    },
    /// Add a uniform number in `[-step, +step]`.
    Additive {
        /// The largest change, finite and at least 0.
        step: f64,
    },
    /// Replace the weight by a fresh uniform draw from the feature's initial range.
    Replace,
}

impl GaConfig {
    /// How many of the best individuals survive into the next generation.
    pub fn elites(&self) -> usize {
        (self.survivors * self.population as f64).round() as usize
    }

    pub(super) fn validate_population(&self) -> Result<()> {
        let n = self.population;
        if (MIN_POPULATION..=MAX_POPULATION).contains(&n) {
            return Ok(());
        }
        Err(Error::Config(format!(
            "ga population {n} is out of range: it must be from {MIN_POPULATION} to {MAX_POPULATION}"
        )))
    }

    pub(super) fn validate_survivors(&self) -> Result<()> {
        let s = self.survivors;
        if !(0.0..1.0).contains(&s) {
            return Err(Error::Config(format!(
                "ga survivors {s} is out of range: it must be at least 0 and below 1"
            )));
        }
        if self.elites() >= self.population {
            return Err(Error::Config(format!(
                "ga survivors {s} keeps all {} individuals: at least one newborn is needed",
                self.population
            )));
        }
        Ok(())
    }
}

impl Selection {
    /// Checks the selection for a population of `population`; the error names the bad value.
    pub(super) fn validate(&self, population: usize) -> Result<()> {
        match *self {
            Selection::Tournament { size } if !(2..=population).contains(&size) => {
                Err(Error::Config(format!(
                    "ga tournament size {size} is out of range: it must be from 2 to the population {population}"
                )))
            }
            Selection::Truncation { pool } if !(pool > 0.0 && pool <= 1.0) => {
                Err(Error::Config(format!(
                    "ga truncation pool {pool} is out of range: it must be above 0 and at most 1"
                )))
            }
            _ => Ok(()),
        }
    }
}

impl Mutation {
    /// Checks the mutation; the error names the bad value.
    pub(super) fn validate(&self) -> Result<()> {
        let rate = self.rate;
        if !(0.0..=1.0).contains(&rate) {
            return Err(Error::Config(format!(
                "ga mutation rate {rate} is out of range: it must be from 0 to 1"
            )));
        }
        if self.passes == 0 {
            return Err(Error::Config(
                "ga mutation passes 0 is out of range: it must be at least 1 (use rate 0 for no mutation)"
                    .to_string(),
            ));
        }
        self.kind.validate()
    }
}

impl MutationKind {
    fn validate(&self) -> Result<()> {
        let (name, value) = match *self {
            MutationKind::RangeFraction { fraction } => ("fraction", fraction),
            MutationKind::Additive { step } => ("step", step),
            MutationKind::Replace => return Ok(()),
        };
        if value.is_finite() && value >= 0.0 {
            return Ok(());
        }
        Err(Error::Config(format!(
            "ga mutation {name} {value} is out of range: it must be a finite number at least 0"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ga::{Ga, preset, preset_names};
    use crate::learner::OptimizerSettings;
    use tetris_ai_core::engine::rng::GameRng;

    fn cs3243_config() -> GaConfig {
        preset("cs3243", &["a"]).unwrap().0
    }

    #[test]
    fn the_config_reads_from_json_and_refuses_unknown_fields() {
        let json = r#"{
            "population": 100, "survivors": 0.2, "reevaluate_survivors": false,
            "selection": {"kind": "tournament", "size": 8},
            "crossover": "uniform",
            "mutation": {"rate": 0.1, "scope": "per_weight",
                         "kind": {"kind": "range_fraction", "fraction": 0.25}, "passes": 1}
        }"#;
        let config: GaConfig = serde_json::from_str(json).unwrap();
        assert_eq!(config, cs3243_config());
        let back: GaConfig =
            serde_json::from_str(&serde_json::to_string(&config).unwrap()).unwrap();
        assert_eq!(back, config);
        let extra = json.replace("\"passes\": 1", "\"passes\": 1, \"sigma\": 2");
        assert!(serde_json::from_str::<GaConfig>(&extra).is_err());
        let extra = json.replace("\"size\": 8", "\"size\": 8, \"k\": 2");
        assert!(serde_json::from_str::<GaConfig>(&extra).is_err());
    }

    #[test]
    fn validation_errors_name_the_bad_value() {
        let base = cs3243_config();
        let with_mutation = |m: Mutation| GaConfig {
            mutation: m,
            ..base.clone()
        };
        let per_weight = base.mutation;
        let cases = [
            (
                GaConfig {
                    population: 1,
                    ..base.clone()
                },
                "population 1",
            ),
            (
                GaConfig {
                    survivors: 1.0,
                    ..base.clone()
                },
                "survivors 1",
            ),
            (
                GaConfig {
                    survivors: -0.1,
                    ..base.clone()
                },
                "survivors -0.1",
            ),
            (
                GaConfig {
                    survivors: f64::NAN,
                    ..base.clone()
                },
                "survivors NaN",
            ),
            (
                GaConfig {
                    survivors: 0.996,
                    ..base.clone()
                },
                "survivors 0.996 keeps all 100",
            ),
            (
                GaConfig {
                    selection: Selection::Tournament { size: 1 },
                    ..base.clone()
                },
                "tournament size 1",
            ),
            (
                GaConfig {
                    selection: Selection::Tournament { size: 101 },
                    ..base.clone()
                },
                "tournament size 101",
            ),
            (
                GaConfig {
                    selection: Selection::Truncation { pool: 0.0 },
                    ..base.clone()
                },
                "truncation pool 0",
            ),
            (
                GaConfig {
                    selection: Selection::Truncation { pool: 1.5 },
                    ..base.clone()
                },
                "truncation pool 1.5",
            ),
            (
                with_mutation(Mutation {
                    rate: 1.5,
                    ..per_weight
                }),
                "mutation rate 1.5",
            ),
            (
                with_mutation(Mutation {
                    rate: -0.5,
                    ..per_weight
                }),
                "mutation rate -0.5",
            ),
            (
                with_mutation(Mutation {
                    passes: 0,
                    ..per_weight
                }),
                "mutation passes 0",
            ),
            (
                with_mutation(Mutation {
                    kind: MutationKind::RangeFraction { fraction: -1.0 },
                    ..per_weight
                }),
                "mutation fraction -1",
            ),
            (
                with_mutation(Mutation {
                    kind: MutationKind::Additive {
                        step: f64::INFINITY,
                    },
                    ..per_weight
                }),
                "mutation step inf",
            ),
        ];
        for (config, expected) in cases {
            let message = config.validate().unwrap_err().to_string();
            assert!(message.contains(expected), "{message:?} lacks {expected:?}");
            let mut rng = GameRng::new(25, 0);
            assert!(Ga::new(config, &[(0.0, 1.0)], &mut rng).is_err());
        }
        for &name in preset_names() {
            assert_eq!(preset(name, &["a"]).unwrap().0.validate(), Ok(()), "{name}");
        }
    }
}
