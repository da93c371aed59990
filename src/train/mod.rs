//! Learning the weights: fitness by playing games in parallel, and optimizers that improve a
//! population generation by generation (genetic algorithms in the variants the write-ups
//! describe, the noisy cross-entropy method, a perturbation hill-climber, simulated annealing).
//!
//! - [`checkpoint`]: files written atomically.
//! - [`evolution`]: a whole run: generations, reports, checkpoints that resume exactly.
//! - [`fitness`]: average lines over seeded games, in parallel, independent of the thread count.
//! - [`ga`]: the genetic algorithm and its operators.
//! - [`cem`]: the noisy cross-entropy method.
//! - [`hill`]: the perturbation hill-climber.
//! - [`anneal`]: simulated annealing.

pub mod anneal;
pub mod cem;
pub mod checkpoint;
pub mod evolution;
pub mod fitness;
pub mod ga;
pub mod hill;

use crate::error::{Error, Result};
use crate::rng::GameRng;
use serde::{Deserialize, Serialize};

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

/// Scores a batch of genomes; the result has one fitness per genome, in order. Within one call
/// every genome plays the same games when common random numbers are on.
pub type Evaluate<'a> = dyn FnMut(&[Genome]) -> Vec<f64> + 'a;

/// An optimizer that runs one generation at a time.
pub trait Learner {
    /// Runs one generation: proposes genomes, scores them through `evaluate` (once or more),
    /// and updates itself. Returns every genome scored in this generation with its fitness, so
    /// the caller can report best, mean and median. All randomness comes from `rng`.
    fn generation(&mut self, rng: &mut GameRng, evaluate: &mut Evaluate) -> Vec<Scored>;

    /// The best genome found so far, with its fitness.
    fn best(&self) -> Option<&Scored>;
}

/// The range each feature's initial weight is drawn from, uniformly.
pub type Ranges = [(f64, f64)];

/// A genome drawn uniformly from `ranges`, one weight per range. Refuses no ranges, and ranges
/// that are not finite or run backwards.
pub fn uniform_genome(ranges: &Ranges, rng: &mut GameRng) -> Result<Genome> {
    if ranges.is_empty() {
        return Err(Error::Config(
            "there are no weight ranges: at least one weight must be trained".to_string(),
        ));
    }
    for (i, &(low, high)) in ranges.iter().enumerate() {
        if !(low.is_finite() && high.is_finite() && low <= high) {
            return Err(Error::Config(format!(
                "weight range {i} ({low}, {high}) must be two finite numbers, low first"
            )));
        }
    }
    Ok(ranges
        .iter()
        .map(|&(low, high)| rng.uniform(low, high))
        .collect())
}

/// A fitness as a sort key: NaN (never scored) ranks below everything.
pub fn rank_key(fitness: f64) -> f64 {
    if fitness.is_nan() {
        f64::NEG_INFINITY
    } else {
        fitness
    }
}

/// Checks shared by the optimizers' tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Evaluate, Learner};
    use crate::error::{Error, Result};
    use crate::rng::GameRng;
    use serde::Serialize;
    use serde::de::DeserializeOwned;
    use std::fmt::Debug;

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

    /// Saves `learner` as JSON text (as a checkpoint does), reads it back, and checks that the
    /// copy equals it and runs the next `generations` generations exactly as it does.
    pub fn assert_resumes_exactly<L>(mut learner: L, evaluate: &mut Evaluate, generations: usize)
    where
        L: Learner + Serialize + DeserializeOwned + PartialEq + Debug,
    {
        let mut resumed: L =
            serde_json::from_str(&serde_json::to_string(&learner).unwrap()).unwrap();
        assert_eq!(resumed, learner);
        let mut rng = GameRng::new(9, 9);
        let mut resumed_rng = rng.clone();
        for _ in 0..generations {
            let next = learner.generation(&mut rng, evaluate);
            assert_eq!(resumed.generation(&mut resumed_rng, evaluate), next);
        }
        assert_eq!(resumed, learner);
    }
}
