//! The noisy cross-entropy method (Szita & Lőrincz 2006; Thiery & Scherrer 2009), the strongest
//! known optimizer for linear Tetris controllers.
//!
//! The method keeps an independent Gaussian N(mean_i, var_i) per weight. Each generation it
//! samples `population` genomes from it, asks for them to be scored as one batch (so they play the
//! same games), keeps the best `ceil(elite * population)` (at least one), and refits: the new mean
//! is the elite mean and the new variance is the elite's population variance (divided by the elite
//! count) plus the noise `Z_t = max(a - t / b, 0)`, where `t` counts the generations done before
//! this one. The noise keeps the distribution from collapsing early and fades out.

use crate::Ranges;
use crate::above_zero;
use crate::learner::{OptimizerSettings, PopulationSizes, RunShape, initial_ranges};
use crate::{Genome, Learner, Scored, rank_key};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use tetris_ai_core::engine::rng::GameRng;
use tetris_ai_core::error::{Error, Result};

/// The smallest population: one genome, its own elite.
pub const MIN_POPULATION: usize = 1;

/// The settings of the noisy cross-entropy method.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct CemConfig {
    /// Genomes sampled and scored per generation; at least 1.
    pub population: usize,
    /// The fraction of the sample kept as the elite, in (0, 1]; at least one genome is kept.
    pub elite: f64,
    /// The initial mean of every weight.
    pub initial_mean: f64,
    /// The initial standard deviation of every weight (10 is a variance of 100).
    pub initial_std: f64,
    /// `a`: the noise added to the variance at the first refit.
    pub noise: f64,
    /// `b`: the noise falls by 1 every `b` generations, down to 0.
    pub noise_decay: f64,
}

impl Default for CemConfig {
    fn default() -> CemConfig {
        CemConfig {
            population: 100,
            elite: 0.1,
            initial_mean: 0.0,
            initial_std: 10.0,
            noise: 4.0,
            noise_decay: 10.0,
        }
    }
}

impl CemConfig {
    /// The noise `Z_t = max(a - t / b, 0)` added to the variance at the refit after `t`
    /// earlier generations.
    pub fn noise_at(&self, t: u64) -> f64 {
        (self.noise - t as f64 / self.noise_decay).max(0.0)
    }

    /// How many of a sample of `population` genomes form the elite: `ceil(elite * population)`,
    /// at least 1 and at most the population. The product is taken a hair low so that rounding
    /// error cannot add a genome (0.07 × 100 is 7.000000000000001 in floating point: 7, not 8).
    pub fn elite_count(&self) -> usize {
        let kept = (self.elite * self.population as f64 * (1.0 - 1e-12)).ceil();
        (kept as usize).clamp(1, self.population.max(1))
    }
}

impl OptimizerSettings for CemConfig {
    type Learner = Cem;

    const NAME: &'static str = "cem";

    const DOC: &'static str = "The noisy cross-entropy method";

    const POPULATION: Option<PopulationSizes> = Some(PopulationSizes {
        min: MIN_POPULATION,
        max: None,
    });

    fn defaults(shape: &RunShape) -> Result<(CemConfig, Vec<(f64, f64)>)> {
        let mut config = CemConfig::default();
        config.population = shape.population.unwrap_or(config.population);
        config.initial_std = shape.start_spread.unwrap_or(config.initial_std);
        Ok((config, initial_ranges(shape)))
    }

    /// Checks the values; the error names the bad one.
    fn validate(&self) -> Result<()> {
        if self.population < MIN_POPULATION {
            return Err(Error::Config(format!(
                "CEM population {} is out of range: it must be at least {MIN_POPULATION}",
                self.population
            )));
        }
        if !(self.elite > 0.0 && self.elite <= 1.0) {
            return Err(Error::Config(format!(
                "CEM elite fraction {} is out of range: it must be above 0 and at most 1",
                self.elite
            )));
        }
        if !self.initial_mean.is_finite() {
            return Err(Error::Config(format!(
                "CEM initial_mean {} must be a finite number",
                self.initial_mean
            )));
        }
        if !(self.initial_std.is_finite() && self.initial_std >= 0.0) {
            return Err(Error::Config(format!(
                "CEM initial_std {} must be a finite number, 0 or more",
                self.initial_std
            )));
        }
        if !(self.noise.is_finite() && self.noise >= 0.0) {
            return Err(Error::Config(format!(
                "CEM noise {} must be a finite number, 0 or more",
                self.noise
            )));
        }
        above_zero("CEM noise_decay", self.noise_decay)?;
        Ok(())
    }

    fn learner(&self, ranges: &Ranges, _rng: &mut GameRng) -> Result<Cem> {
        Cem::new(*self, ranges.len())
    }
}

/// The noisy cross-entropy method: a Gaussian per weight, refitted to the elite each generation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cem {
    config: CemConfig,
    mean: Vec<f64>,
    variance: Vec<f64>,
    /// Generations done.
    generations: u64,
    best: Option<Scored>,
    /// The sample asked to be scored, while a generation is pending.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    asked: Option<Vec<Genome>>,
}

impl Cem {
    /// A fresh run over `dims` weights, every weight starting at N(initial_mean, initial_std²).
    pub fn new(config: CemConfig, dims: usize) -> Result<Cem> {
        config.validate()?;
        if dims == 0 {
            return Err(Error::Config(
                "CEM dims 0 is out of range: there must be at least one weight".to_string(),
            ));
        }
        Ok(Cem {
            config,
            mean: vec![config.initial_mean; dims],
            variance: vec![config.initial_std * config.initial_std; dims],
            generations: 0,
            best: None,
            asked: None,
        })
    }

    /// The settings.
    pub fn config(&self) -> &CemConfig {
        &self.config
    }

    /// The current mean of each weight.
    pub fn mean(&self) -> &[f64] {
        &self.mean
    }

    /// The current variance of each weight.
    pub fn variance(&self) -> &[f64] {
        &self.variance
    }

    /// The number of generations done.
    pub fn generations(&self) -> u64 {
        self.generations
    }

    /// One genome drawn from the current distribution.
    fn sample(&self, rng: &mut GameRng) -> Genome {
        self.mean
            .iter()
            .zip(&self.variance)
            .map(|(&m, &v)| m + v.sqrt() * rng.normal())
            .collect()
    }
}

/// Best first; NaN fitness ranks last.
fn best_first(a: &Scored, b: &Scored) -> Ordering {
    rank_key(b.fitness).total_cmp(&rank_key(a.fitness))
}

/// The refitted distribution: per weight, the mean of `elites` and their population variance
/// (divided by the elite count) plus `noise`. `None` when there are no elites.
fn refit(elites: &[&Genome], noise: f64) -> Option<(Vec<f64>, Vec<f64>)> {
    let dims = elites.first()?.len();
    let count = elites.len() as f64;
    let mean: Vec<f64> = (0..dims)
        .map(|i| elites.iter().map(|g| g[i]).sum::<f64>() / count)
        .collect();
    let variance = (0..dims)
        .map(|i| {
            let spread = elites.iter().map(|g| (g[i] - mean[i]).powi(2)).sum::<f64>();
            spread / count + noise
        })
        .collect();
    Some((mean, variance))
}

impl Learner for Cem {
    /// A sample of `population` genomes from the current distribution.
    fn ask(&mut self, rng: &mut GameRng) -> Vec<Genome> {
        let sample = match self.asked.take() {
            Some(sample) => sample,
            None => (0..self.config.population)
                .map(|_| self.sample(rng))
                .collect(),
        };
        self.asked = Some(sample.clone());
        sample
    }

    /// Refits the distribution to the elite of the scored sample; returns the sample scored.
    /// Genomes without a score (NaN or missing) are never in the elite nor the best; with none
    /// scored, the distribution stays as it was.
    fn tell(&mut self, _rng: &mut GameRng, fitness: &[f64]) -> Vec<Scored> {
        let Some(sample) = self.asked.take() else {
            return Vec::new();
        };
        let scored: Vec<Scored> = sample
            .into_iter()
            .enumerate()
            .map(|(k, genome)| Scored {
                genome,
                fitness: fitness.get(k).copied().unwrap_or(f64::NAN),
            })
            .collect();
        let mut ranked: Vec<&Scored> = scored.iter().filter(|s| !s.fitness.is_nan()).collect();
        ranked.sort_by(|a, b| best_first(a, b));
        if let Some(top) = ranked.first() {
            Scored::keep_best(&mut self.best, top);
        }
        let elites: Vec<&Genome> = ranked
            .iter()
            .take(self.config.elite_count())
            .map(|s| &s.genome)
            .collect();
        if let Some((mean, variance)) = refit(&elites, self.config.noise_at(self.generations)) {
            self.mean = mean;
            self.variance = variance;
        }
        self.generations += 1;
        scored
    }

    fn best(&self) -> Option<&Scored> {
        self.best.as_ref()
    }

    fn start_at(&mut self, start: &[f64]) {
        self.mean = start.to_vec();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        TARGET, assert_ask_tell_matches_generation, assert_refused, assert_resumes_exactly,
        quadratic,
    };

    fn run(seed: u64, generations: usize) -> (Cem, Vec<Vec<Scored>>) {
        let mut cem = Cem::new(CemConfig::default(), TARGET.len()).unwrap();
        let mut rng = GameRng::new(seed, 7);
        let history = (0..generations)
            .map(|_| cem.generation(&mut rng, &mut quadratic))
            .collect();
        (cem, history)
    }

    #[test]
    fn refit_gives_the_elite_mean_and_variance_plus_the_noise() {
        let (a, b) = (vec![1.0, 2.0], vec![3.0, 6.0]);
        let (mean, variance) = refit(&[&a, &b], 2.5).unwrap();
        assert_eq!(mean, vec![2.0, 4.0]);
        assert_eq!(variance, vec![1.0 + 2.5, 4.0 + 2.5]);
        assert_eq!(refit(&[], 1.0), None);
    }

    #[test]
    fn noise_falls_linearly_to_zero() {
        let config = CemConfig::default();
        assert_eq!(config.noise_at(0), 4.0);
        assert_eq!(config.noise_at(20), 2.0);
        assert_eq!(config.noise_at(40), 0.0);
        assert_eq!(config.noise_at(100), 0.0);
    }

    #[test]
    fn elite_count_rounds_up_without_rounding_error() {
        let count = |elite, population| {
            CemConfig {
                elite,
                population,
                ..CemConfig::default()
            }
            .elite_count()
        };
        assert_eq!(count(0.1, 100), 10);
        assert_eq!(count(0.07, 100), 7);
        assert_eq!(count(0.1, 15), 2);
        assert_eq!(count(1e-9, 100), 1);
        assert_eq!(count(1.0, 37), 37);
    }

    #[test]
    fn a_generation_refits_to_its_elite() {
        let config = CemConfig {
            population: 4,
            elite: 0.5,
            ..CemConfig::default()
        };
        let mut cem = Cem::new(config, 2).unwrap();
        let mut rng = GameRng::new(1, 0);
        // The first weight is the fitness: the two with the largest first weight are the elite.
        let mut seen = Vec::new();
        let mut by_first = |genomes: &[Genome]| {
            seen = genomes.to_vec();
            genomes.iter().map(|g| g[0]).collect()
        };
        let scored = cem.generation(&mut rng, &mut by_first);
        seen.sort_by(|a, b| b[0].total_cmp(&a[0]));
        let (mean, variance) = refit(&[&seen[0], &seen[1]], 4.0).unwrap();
        assert_eq!(cem.mean(), mean.as_slice());
        assert_eq!(cem.variance(), variance.as_slice());
        assert_eq!(cem.best().unwrap().genome, seen[0]);
        assert_eq!(scored.len(), 4);
        assert_eq!(cem.generations(), 1);
    }

    #[test]
    fn evaluate_is_called_once_per_generation_with_the_whole_population() {
        let mut cem = Cem::new(CemConfig::default(), 3).unwrap();
        let mut rng = GameRng::new(2, 0);
        let mut calls = Vec::new();
        for _ in 0..5 {
            let mut count = |genomes: &[Genome]| {
                calls.push(genomes.len());
                vec![0.0; genomes.len()]
            };
            cem.generation(&mut rng, &mut count);
        }
        assert_eq!(calls, vec![100; 5]);
    }

    #[test]
    fn improves_a_toy_quadratic() {
        let (cem, history) = run(3, 20);
        let mean_of =
            |scored: &[Scored]| scored.iter().map(|s| s.fitness).sum::<f64>() / scored.len() as f64;
        let first = mean_of(&history[0]);
        let last = mean_of(&history[19]);
        assert!(first < -200.0, "{first}");
        assert!(last > 80.0, "{last}");
        assert!(cem.best().unwrap().fitness > 99.0);
        for (m, t) in cem.mean().iter().zip(TARGET) {
            assert!((m - t).abs() < 0.5, "{:?}", cem.mean());
        }
    }

    #[test]
    fn same_seed_same_states_and_resumes_after_json() {
        let (a, history_a) = run(4, 6);
        let (b, history_b) = run(4, 6);
        assert_eq!(a, b);
        assert_eq!(history_a, history_b);
        assert_ne!(a, run(5, 6).0);

        let (cem, _) = run(4, 3);
        assert_resumes_exactly(cem, &mut quadratic, 3);
    }

    #[test]
    fn config_round_trips_and_refuses_unknown_fields() {
        let config = CemConfig {
            population: 50,
            ..CemConfig::default()
        };
        let text = serde_json::to_string(&config).unwrap();
        assert_eq!(serde_json::from_str::<CemConfig>(&text).unwrap(), config);
        let partial: CemConfig = serde_json::from_str(r#"{"elite": 0.2}"#).unwrap();
        assert_eq!(partial.elite, 0.2);
        assert_eq!(partial.population, 100);
        assert!(serde_json::from_str::<CemConfig>(r#"{"elites": 0.2}"#).is_err());
    }

    #[test]
    fn validation_names_the_bad_value() {
        let bad = |config: CemConfig, words: &[&str]| {
            assert_refused(Cem::new(config, 3), &format!("{config:?}"), words);
        };
        let base = CemConfig::default();
        bad(
            CemConfig {
                population: 0,
                ..base
            },
            &["population", "0"],
        );
        bad(CemConfig { elite: 0.0, ..base }, &["elite", "0"]);
        bad(CemConfig { elite: 1.5, ..base }, &["elite", "1.5"]);
        bad(
            CemConfig {
                elite: f64::NAN,
                ..base
            },
            &["elite", "NaN"],
        );
        bad(
            CemConfig {
                initial_mean: f64::INFINITY,
                ..base
            },
            &["initial_mean", "inf"],
        );
        bad(
            CemConfig {
                initial_std: -1.0,
                ..base
            },
            &["initial_std", "-1"],
        );
        bad(
            CemConfig {
                noise: -0.5,
                ..base
            },
            &["noise", "-0.5"],
        );
        bad(
            CemConfig {
                noise_decay: 0.0,
                ..base
            },
            &["noise_decay", "0"],
        );
        let Err(Error::Config(message)) = Cem::new(base, 0) else {
            panic!("dims 0 was accepted");
        };
        assert!(message.contains("dims 0"), "{message}");
    }

    #[test]
    fn short_or_nan_scores_do_not_panic() {
        let mut cem = Cem::new(CemConfig::default(), 2).unwrap();
        let mut rng = GameRng::new(6, 0);
        let mut nothing = |_: &[Genome]| Vec::new();
        let scored = cem.generation(&mut rng, &mut nothing);
        assert_eq!(scored.len(), 100);
        assert!(scored.iter().all(|s| s.fitness.is_nan()));
        assert_eq!(cem.mean(), &[0.0, 0.0]);
        assert_eq!(cem.variance(), &[100.0, 100.0]);
        assert_eq!(cem.best(), None);
        let mut nan_first = |genomes: &[Genome]| {
            (0..genomes.len())
                .map(|i| if i == 0 { f64::NAN } else { i as f64 })
                .collect()
        };
        let scored = cem.generation(&mut rng, &mut nan_first);
        assert_eq!(cem.best().unwrap().fitness, 99.0);
        assert_eq!(scored.len(), 100);
        assert!(cem.mean().iter().all(|m| m.is_finite()));
    }

    #[test]
    fn unscored_genomes_are_never_in_the_elite() {
        let config = CemConfig {
            population: 4,
            elite: 0.5,
            ..CemConfig::default()
        };
        let mut cem = Cem::new(config, 2).unwrap();
        let mut rng = GameRng::new(2, 0);
        let sample = cem.ask(&mut rng);
        // Two of four make the elite, but only the first is scored: the mean is its genome and
        // the variance the noise alone (4 at the first refit).
        cem.tell(&mut rng, &[5.0, f64::NAN]);
        assert_eq!(cem.mean(), sample[0].as_slice());
        assert_eq!(cem.variance(), &[4.0, 4.0]);
        assert_eq!(cem.best().unwrap().genome, sample[0]);
    }

    #[test]
    fn ask_and_tell_run_the_same_generations() {
        let config = CemConfig {
            population: 10,
            ..CemConfig::default()
        };
        assert_ask_tell_matches_generation(Cem::new(config, TARGET.len()).unwrap(), quadratic, 6);
    }
}
