//! Noise handling for every optimizer. A game's lines spread about as widely as their mean, so
//! a fitness measured on a few games is mostly luck, and an optimizer that ranks by it keeps the
//! genomes that got lucky. Two remedies act between the games and the optimizer, whatever the
//! optimizer:
//!
//! - **Re-evaluating the best.** After the training games, the `reevaluate_top` genomes with the
//!   best training fitness play `reevaluate_games` more games on fresh seeds (shared among them
//!   with common random numbers), and the optimizer is told the fitness of all their games
//!   together: the lucky ones fall back before they are kept.
//! - **Games that grow as the population converges.** While the genomes of a generation differ
//!   by more than their noise, a few games per individual tell them apart; once they do not,
//!   more are needed. After each generation whose genomes' mean lines spread less than one
//!   genome's noise (the standard error of its mean, from the spread of its own games, pooled),
//!   the games per individual grow by half, rounded up, up to `grow_games_to`. Under survival
//!   the same holds of what the fitness averages, the replicates' rates. One game gives no
//!   measure of noise, so a run at 1 game grows to 2 at once.
//!
//! A third remedy belongs to [validation](crate::validation): a held-out report set.

use serde::{Deserialize, Serialize};
use tetris_ai_core::error::{Error, Result};

/// Which noise remedies a run uses; all off by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct NoiseConfig {
    /// How many of a generation's genomes, best training fitness first, play more games before
    /// the optimizer is told their fitness; 0 turns re-evaluation off.
    pub reevaluate_top: usize,
    /// The extra games each of them plays.
    pub reevaluate_games: usize,
    /// The most games per individual that growing may reach; null (or absent) keeps the
    /// training games per individual fixed.
    pub grow_games_to: Option<usize>,
}

impl Default for NoiseConfig {
    fn default() -> NoiseConfig {
        NoiseConfig {
            reevaluate_top: 0,
            reevaluate_games: 10,
            grow_games_to: None,
        }
    }
}

impl NoiseConfig {
    /// Checks the values against the run's `games` per individual; the error names the bad one.
    pub fn validate(&self, games: usize) -> Result<()> {
        if self.reevaluate_top > 0 && self.reevaluate_games == 0 {
            return Err(Error::Config(format!(
                "re-evaluation games is 0 with re-evaluation top {}: it must be at least 1 (or top 0 to turn re-evaluation off)",
                self.reevaluate_top
            )));
        }
        if let Some(most) = self.grow_games_to
            && most < games
        {
            return Err(Error::Config(format!(
                "games per individual may grow to {most}, fewer than the {games} they start at"
            )));
        }
        Ok(())
    }

    /// The indices of the genomes to re-evaluate: the `reevaluate_top` best of `fitness`,
    /// best first, equals in their order.
    pub fn reevaluated(&self, fitness: &[f64]) -> Vec<usize> {
        let mut ranked: Vec<usize> = (0..fitness.len()).collect();
        ranked.sort_by(|&a, &b| fitness[b].total_cmp(&fitness[a]));
        ranked.truncate(self.reevaluate_top);
        ranked
    }

    /// The games per individual of the next generation, after a generation that played
    /// `games` per individual whose genomes' games gave `values` (each genome's, in order, as
    /// [`FitnessConfig::averaged`](crate::fitness::FitnessConfig::averaged) makes them):
    /// grown by half (rounded up, at most `grow_games_to`) when the genomes' means spread less
    /// than one genome's noise, else (and after a generation without genomes) unchanged.
    pub fn next_games(&self, games: usize, values: &[Vec<f64>]) -> usize {
        let Some(most) = self.grow_games_to else {
            return games;
        };
        if values.is_empty() {
            return games;
        }
        let grows = games < 2 || values.len() < 2 || spread_within_noise(values);
        if grows {
            (games + games.div_ceil(2)).min(most).max(games)
        } else {
            games
        }
    }
}

/// The mean and the sample variance (divided by n - 1) of `values`, at least 2 of them.
fn mean_and_variance(values: impl ExactSizeIterator<Item = f64> + Clone) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.clone().sum::<f64>() / n;
    let variance = values.map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    (mean, variance)
}

/// Whether the genomes' mean values spread (sample standard deviation) less than the standard
/// error of one genome's mean, from the genomes' pooled sample variance. Every genome has at
/// least 2 games, and there are at least 2 genomes.
fn spread_within_noise(values: &[Vec<f64>]) -> bool {
    let stats: Vec<(f64, f64)> = values
        .iter()
        .map(|games| mean_and_variance(games.iter().copied()))
        .collect();
    let games = values.iter().map(Vec::len).sum::<usize>() as f64 / values.len() as f64;
    let pooled = stats.iter().map(|s| s.1).sum::<f64>() / stats.len() as f64;
    let (_, means_variance) = mean_and_variance(stats.iter().map(|s| s.0));
    means_variance < pooled / games
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fitness::{FitnessConfig, NO_ENDING_LINES, SurvivalEffort};

    fn growing(to: usize) -> NoiseConfig {
        NoiseConfig {
            grow_games_to: Some(to),
            ..NoiseConfig::default()
        }
    }

    /// Each genome's games as `fitness` averages them.
    fn averaged(fitness: &FitnessConfig, lines: &[&[u64]]) -> Vec<Vec<f64>> {
        lines
            .iter()
            .map(|games| games.iter().map(|&l| fitness.averaged(l)).collect())
            .collect()
    }

    /// Each genome's games as whole games' fitness averages them: their lines.
    fn games(lines: &[&[u64]]) -> Vec<Vec<f64>> {
        averaged(&FitnessConfig::default(), lines)
    }

    #[test]
    fn games_grow_when_the_means_differ_by_less_than_the_noise() {
        // Games 10, 20 and 12, 22: means 15 and 17, each game variance 50, so one genome's
        // mean has variance 50 / 2 = 25 (standard error 5); the means' variance is 2
        // (spread 1.41): within the noise, 2 games grow to 3.
        let close = games(&[&[10, 20], &[12, 22]]);
        assert_eq!(growing(100).next_games(2, &close), 3);
        // Means 15 and 105: variance 4,050, far beyond 25: no growth.
        let apart = games(&[&[10, 20], &[100, 110]]);
        assert_eq!(growing(100).next_games(2, &apart), 2);
        // Growth by half, rounded up, and never past the most.
        assert_eq!(growing(100).next_games(5, &close), 8);
        assert_eq!(growing(7).next_games(5, &close), 7);
        assert_eq!(growing(7).next_games(7, &close), 7);
        // Off: never.
        assert_eq!(NoiseConfig::default().next_games(2, &close), 2);
    }

    #[test]
    fn one_game_or_one_genome_gives_no_measure_and_grows() {
        assert_eq!(growing(10).next_games(1, &games(&[&[5], &[500]])), 2);
        assert_eq!(growing(10).next_games(4, &games(&[&[1, 2, 3, 4]])), 6);
        // No genomes at all: nothing was measured, nothing grows.
        assert_eq!(growing(10).next_games(4, &[]), 4);
    }

    #[test]
    fn under_survival_the_rates_spread_not_the_lines() {
        let survival = FitnessConfig {
            survival: Some(SurvivalEffort::default()),
            ..FitnessConfig::default()
        };
        let replicates = |lines: &[&[u64]]| averaged(&survival, lines);
        // Replicates of 100, 100 / 100, 100 / 200, 200 / 100 and one that saw no ending. Rates
        // 0.01, 0.01 / 0.01, 0.01 / 0.005, 0.005 / 0.01, about 0: means 0.01, 0.01, 0.005,
        // 0.005, whose variance is 4 x 0.0025^2 / 3 = 8.3e-6; the genomes' variances are 0, 0,
        // 0 and 0.01^2 / 2 = 5e-5, pooled 1.25e-5, so a mean's is 6.25e-6. The means differ by
        // more than the noise: no growth.
        let apart = replicates(&[
            &[100, 100],
            &[100, 100],
            &[200, 200],
            &[100, NO_ENDING_LINES],
        ]);
        assert_eq!(growing(100).next_games(2, &apart), 2);
        // 100, 200 / 200, 100 / 100 and no ending: means 0.0075, 0.0075, 0.005, variance
        // 2.1e-6; variances 1.25e-5, 1.25e-5 and 5e-5, pooled 2.5e-5, a mean's 1.25e-5: growth.
        let close = replicates(&[&[100, 200], &[200, 100], &[100, NO_ENDING_LINES]]);
        assert_eq!(growing(100).next_games(2, &close), 3);
    }

    #[test]
    fn the_best_are_re_evaluated_best_first() {
        let noise = NoiseConfig {
            reevaluate_top: 2,
            reevaluate_games: 30,
            grow_games_to: None,
        };
        // Fitness 5, 9, 1, 9: the 9s (genomes 1 and 3, in order), then 5.
        assert_eq!(noise.reevaluated(&[5.0, 9.0, 1.0, 9.0]), vec![1, 3]);
        assert_eq!(noise.reevaluated(&[5.0]), vec![0]);
        let off = NoiseConfig::default();
        assert!(off.reevaluated(&[1.0, 2.0]).is_empty());
    }

    #[test]
    fn bad_values_are_named() {
        let no_games = NoiseConfig {
            reevaluate_top: 3,
            reevaluate_games: 0,
            grow_games_to: None,
        };
        let error = no_games.validate(10).unwrap_err().to_string();
        assert!(error.contains("re-evaluation games is 0"), "{error}");
        let shrink = growing(5).validate(10).unwrap_err().to_string();
        assert!(shrink.contains("grow to 5, fewer than the 10"), "{shrink}");
        assert_eq!(growing(10).validate(10), Ok(()));
        assert_eq!(NoiseConfig::default().validate(1), Ok(()));
    }
}
