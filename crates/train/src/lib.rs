//! Learning the weights: fitness by playing games in parallel, and optimizers that improve a
//! population generation by generation (genetic algorithms in the variants the write-ups
//! describe, the noisy cross-entropy method, CMA-ES, a perturbation hill-climber, simulated
//! annealing).
//!
//! - [`checkpoint`]: files written atomically.
//! - [`evolution`]: a whole run: generations asked and told, reports, checkpoints that resume
//!   exactly.
//! - [`batch`]: the games of one evaluation, to be played anywhere, in any order.
//! - [`fitness`]: how a game is scored: board, rules, games per individual, seeds.
//! - [`matches`]: scoring by matches against a pool of opponents, for versus.
//! - [`validation`]: each generation's best genomes replayed on fixed games, and a report set
//!   held out from every choice.
//! - [`noise`]: re-evaluating the best genomes, and games per individual that grow as the
//!   population converges.
//! - [`learner`]: what an optimizer is: a learner asked and told, and the settings it declares.
//! - [`optimizers`]: the optimizer registry: one line per optimizer.
//! - [`setup`]: a run from the choices the command line and the page offer.
//! - [`ga`]: the genetic algorithm and its operators.
//! - [`cem`]: the noisy cross-entropy method.
//! - [`cmaes`]: CMA-ES, covariance matrix adaptation.
//! - [`eigen`]: the eigendecomposition of a symmetric matrix, for CMA-ES.
//! - [`hill`]: the perturbation hill-climber.
//! - [`anneal`]: simulated annealing.

pub mod anneal;
pub mod batch;
pub mod cem;
pub mod checkpoint;
pub mod cmaes;
pub mod eigen;
pub mod evolution;
pub mod fitness;
pub mod ga;
pub mod hill;
pub mod learner;
pub mod matches;
pub mod noise;
pub mod optimizers;
pub mod setup;
pub mod validation;

pub use learner::{Evaluate, Learner};

use serde::{Deserialize, Serialize};
use tetris_ai_core::ai::weights::Weights;
use tetris_ai_core::engine::rng::GameRng;
use tetris_ai_core::error::{Error, Result};

/// A candidate weight vector, one number per trained feature, in the run's feature order.
pub type Genome = Vec<f64>;

/// A genome with the fitness it was measured at.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scored {
    /// The weights.
    pub genome: Genome,
    /// Its fitness (average lines cleared).
    pub fitness: f64,
}

impl Scored {
    /// Keeps `candidate` in `best` if it beats the best so far (or there is none yet).
    pub fn keep_best(best: &mut Option<Scored>, candidate: &Scored) {
        if best
            .as_ref()
            .is_none_or(|kept| candidate.fitness > kept.fitness)
        {
            *best = Some(candidate.clone());
        }
    }
}

/// Checks that a setting is a finite number above 0; the error names it (`what`) and its value.
pub(crate) fn above_zero(what: &str, value: f64) -> tetris_ai_core::Result<()> {
    if value.is_finite() && value > 0.0 {
        Ok(())
    } else {
        Err(tetris_ai_core::Error::Config(format!(
            "{what} {value} must be a finite number above 0"
        )))
    }
}

/// The range each feature's initial weight is drawn from, uniformly.
pub type Ranges = [(f64, f64)];

/// Checks that there is at least one range and that each is two finite numbers, low first; the
/// error names the bad range, and its feature when `features` names it.
pub fn check_ranges(ranges: &Ranges, features: &[String]) -> Result<()> {
    if ranges.is_empty() {
        return Err(Error::Config(
            "there are no weight ranges: at least one weight must be trained".to_string(),
        ));
    }
    for (i, &(low, high)) in ranges.iter().enumerate() {
        if !(low.is_finite() && high.is_finite() && low <= high) {
            let of = features
                .get(i)
                .map_or(String::new(), |name| format!(" of feature \"{name}\""));
            return Err(Error::Config(format!(
                "weight range {i} ({low}, {high}){of} must be two finite numbers, low first"
            )));
        }
    }
    Ok(())
}

/// Checks that a run's start genome has one finite weight per feature; the error names the bad
/// weight's feature.
pub fn check_start(start: &[f64], features: &[String]) -> Result<()> {
    if start.len() != features.len() {
        return Err(Error::Config(format!(
            "the start has {} weights for {} features",
            start.len(),
            features.len()
        )));
    }
    match start.iter().zip(features).find(|(w, _)| !w.is_finite()) {
        Some((w, name)) => Err(Error::Config(format!(
            "the start weight of feature \"{name}\" is {w}: it must be a finite number"
        ))),
        None => Ok(()),
    }
}

/// A genome drawn uniformly from `ranges`, one weight per range. Refuses ranges
/// [`check_ranges`] refuses.
pub fn uniform_genome(ranges: &Ranges, rng: &mut GameRng) -> Result<Genome> {
    check_ranges(ranges, &[])?;
    Ok(ranges
        .iter()
        .map(|&(low, high)| rng.uniform(low, high))
        .collect())
}

/// The weights a genome stands for: weight `i` for feature `i`. Unknown features and weights
/// that are not finite are errors naming them.
pub fn weights_of(features: &[String], genome: &[f64]) -> Result<Weights> {
    Weights::new(
        features
            .iter()
            .zip(genome)
            .map(|(name, &w)| (name.as_str(), w, None)),
    )
}

/// A fitness as a sort key: NaN (never scored) ranks below everything.
pub fn rank_key(fitness: f64) -> f64 {
    if fitness.is_nan() {
        f64::NEG_INFINITY
    } else {
        fitness
    }
}

/// A toy problem and checks shared by the optimizers' tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Evaluate, Genome, Learner, Scored};
    use serde::Serialize;
    use serde::de::DeserializeOwned;
    use std::fmt::Debug;
    use tetris_ai_core::engine::rng::GameRng;
    use tetris_ai_core::error::{Error, Result};

    /// The optimum of [`quadratic`].
    pub const TARGET: [f64; 4] = [3.0, -2.0, 1.0, 0.5];

    /// Initial ranges around [`TARGET`].
    pub const RANGES: [(f64, f64); 4] = [(-10.0, 10.0); 4];

    /// 100 minus the squared distance to [`TARGET`].
    pub fn quadratic(genomes: &[Genome]) -> Vec<f64> {
        genomes
            .iter()
            .map(|g| {
                let distance: f64 = g.iter().zip(TARGET).map(|(x, t)| (x - t).powi(2)).sum();
                100.0 - distance
            })
            .collect()
    }

    /// Genomes `[0]`, `[1]`, ... with the given fitnesses, in that order.
    pub fn population(fitnesses: &[f64]) -> Vec<Scored> {
        fitnesses
            .iter()
            .enumerate()
            .map(|(i, &fitness)| Scored {
                genome: vec![i as f64],
                fitness,
            })
            .collect()
    }

    /// Checks that `made` was refused as a bad configuration whose message has every one of
    /// `words`; `what` names the case in a failure.
    pub fn assert_refused<T>(made: Result<T>, what: &str, words: &[&str]) {
        let Err(Error::Config(message)) = made else {
            panic!("{what} was accepted");
        };
        for word in words {
            assert!(message.contains(word), "{what}: {message}");
        }
    }

    /// `value` written as JSON text (as a checkpoint is) and read back.
    fn through_json<T: Serialize + DeserializeOwned>(value: &T) -> T {
        serde_json::from_str(&serde_json::to_string(value).unwrap()).unwrap()
    }

    /// Saves `learner` as JSON text (as a checkpoint does), reads it back, and checks that the
    /// copy equals it and runs the next `generations` generations exactly as it does.
    pub fn assert_resumes_exactly<L>(mut learner: L, evaluate: &mut Evaluate, generations: usize)
    where
        L: Learner + Serialize + DeserializeOwned + PartialEq + Debug,
    {
        let mut resumed: L = through_json(&learner);
        assert_eq!(resumed, learner);
        let mut rng = GameRng::new(9, 9);
        let mut resumed_rng = rng.clone();
        for _ in 0..generations {
            let next = learner.generation(&mut rng, evaluate);
            assert_eq!(resumed.generation(&mut resumed_rng, evaluate), next);
        }
        assert_eq!(resumed, learner);
    }

    /// Runs `generations` generations of `learner` twice with one seed: through
    /// [`Learner::generation`] scoring with `score`, and through ask and tell, the asked genomes
    /// scored three at a time from the last piece to the first and put back in order, the
    /// learner saved as JSON text and read back before and after every ask. Checks that both
    /// give the same scored genomes, states and random streams, that asking twice gives the
    /// same genomes, and that a state between generations is written as before the split (no
    /// pending field).
    pub fn assert_ask_tell_matches_generation<L>(
        learner: L,
        score: fn(&[Genome]) -> Vec<f64>,
        generations: usize,
    ) where
        L: Learner + Serialize + DeserializeOwned + PartialEq + Debug,
    {
        let mut whole = learner;
        let mut split: L = through_json(&whole);
        let mut rng = GameRng::new(5, 5);
        let mut split_rng = rng.clone();
        for generation in 0..generations {
            let expected = whole.generation(&mut rng, &mut |g: &[Genome]| score(g));
            let between = serde_json::to_string(&split).unwrap();
            assert!(!between.contains("\"asked\""), "{between}");
            split = through_json(&split);
            let asked = split.ask(&mut split_rng);
            let rng_after_ask = split_rng.clone();
            assert_eq!(split.ask(&mut split_rng), asked, "asked again");
            assert_eq!(split_rng, rng_after_ask, "asking again drew numbers");
            split = through_json(&split);
            let mut fitness = vec![f64::NAN; asked.len()];
            let pieces: Vec<usize> = (0..asked.len()).step_by(3).collect();
            for &start in pieces.iter().rev() {
                let end = (start + 3).min(asked.len());
                fitness[start..end].copy_from_slice(&score(&asked[start..end]));
            }
            let got = split.tell(&mut split_rng, &fitness);
            assert_eq!(got, expected, "generation {generation}");
            assert_eq!(split, whole, "generation {generation}");
            assert_eq!(split_rng, rng, "generation {generation}");
            assert!(
                split.tell(&mut split_rng, &fitness).is_empty(),
                "told twice"
            );
            assert_eq!(split, whole, "telling twice changed the state");
        }
    }
}
