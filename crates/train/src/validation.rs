//! Validation: a training score is the best of many noisy measurements, so it flatters the
//! genome that got lucky. After each generation's training, the `top` genomes by training
//! fitness play `games` more games on a fixed set of seeds of the run's own, the same for every
//! generation; their mean is the validated fitness, comparable across generations. Validation
//! never feeds back into the optimizer.
//!
//! The validated best is the best of many validated genomes, so its validated fitness flatters
//! it too. With a report set, each new validated best also plays `report_games` games on a
//! second fixed set of seeds, held out from every choice: its mean there is the figure a run
//! reports.

use crate::{Genome, Scored, rank_key};
use serde::{Deserialize, Serialize};
use tetris_ai_core::error::{Error, Result};

/// How each generation's best genomes are validated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct ValidationConfig {
    /// How many of a generation's genomes, best training fitness first, are validated; 0 turns
    /// validation off.
    pub top: usize,
    /// Validation games per genome, on the run's fixed validation seeds.
    pub games: usize,
    /// Games each new validated best plays on the run's held-out report seeds; 0 (or absent)
    /// turns the report set off.
    #[serde(default)]
    pub report_games: usize,
}

impl Default for ValidationConfig {
    fn default() -> ValidationConfig {
        ValidationConfig {
            top: 3,
            games: 30,
            report_games: 0,
        }
    }
}

impl ValidationConfig {
    /// Whether validation is on (`top` above 0).
    pub fn is_on(&self) -> bool {
        self.top > 0
    }

    /// Whether each new validated best is played on the report set.
    pub fn reports(&self) -> bool {
        self.is_on() && self.report_games > 0
    }

    /// Checks the values; the error names the bad one.
    pub fn validate(&self) -> Result<()> {
        if self.report_games > 0 && !self.is_on() {
            return Err(Error::Config(format!(
                "report games is {} with validation off: the report set plays validated bests, so turn validation on (top 1 or more) or set report games to 0",
                self.report_games
            )));
        }
        if self.is_on() && self.games == 0 {
            return Err(Error::Config(format!(
                "validation games is 0 with validation top {}: it must be at least 1 (or top 0 to turn validation off)",
                self.top
            )));
        }
        Ok(())
    }

    /// The genomes to validate: the `top` of `scored` by training fitness, best first, NaN
    /// last, equals in their order in `scored`.
    pub fn candidates(&self, scored: &[Scored]) -> Vec<Genome> {
        let mut ranked: Vec<&Scored> = scored.iter().collect();
        ranked.sort_by(|a, b| rank_key(b.fitness).total_cmp(&rank_key(a.fitness)));
        ranked
            .into_iter()
            .take(self.top)
            .map(|s| s.genome.clone())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::population;

    #[test]
    fn candidates_are_the_best_by_training_fitness_nan_last() {
        let config = ValidationConfig {
            top: 3,
            games: 1,
            report_games: 0,
        };
        // Fitnesses 5, NaN, 9, 5, 1: best 9 (genome 2), then the two 5s in order (0, 3).
        let top = config.candidates(&population(&[5.0, f64::NAN, 9.0, 5.0, 1.0]));
        assert_eq!(top, vec![vec![2.0], vec![0.0], vec![3.0]]);
        // Fewer genomes than top: all of them, the NaN last.
        let top = config.candidates(&population(&[f64::NAN, 1.0]));
        assert_eq!(top, vec![vec![1.0], vec![0.0]]);
        let off = ValidationConfig {
            top: 0,
            games: 30,
            report_games: 0,
        };
        assert!(off.candidates(&population(&[1.0])).is_empty());
        assert!(!off.is_on());
    }

    #[test]
    fn zero_games_is_refused_unless_validation_is_off() {
        let error = ValidationConfig {
            top: 2,
            games: 0,
            report_games: 0,
        }
        .validate()
        .unwrap_err()
        .to_string();
        assert!(error.contains("validation games is 0"), "{error}");
        assert_eq!(
            ValidationConfig {
                top: 0,
                games: 0,
                report_games: 0
            }
            .validate(),
            Ok(())
        );
        assert_eq!(ValidationConfig::default().validate(), Ok(()));
    }

    #[test]
    fn missing_fields_take_the_defaults_and_unknown_ones_are_refused() {
        let config: ValidationConfig = serde_json::from_str(r#"{"top": 5}"#).unwrap();
        assert_eq!(
            config,
            ValidationConfig {
                top: 5,
                games: 30,
                report_games: 0
            }
        );
        assert!(serde_json::from_str::<ValidationConfig>(r#"{"tops": 5}"#).is_err());
    }
}
