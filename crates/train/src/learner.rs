//! What an optimizer is: a [`Learner`] asked and told one generation at a time, and the
//! [`OptimizerSettings`] its settings implement to join the
//! [registry](crate::optimizers): its name, its defaults for a run and its first state. An
//! optimizer is one file with these two impls, and one line of the registry.

use crate::{Genome, Ranges, Scored};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use tetris_ai_core::ai::presets;
use tetris_ai_core::engine::rng::GameRng;
use tetris_ai_core::error::Result;

/// Scores a batch of genomes; the result has one fitness per genome, in order. Within one call
/// every genome plays the same games when common random numbers are on.
pub type Evaluate<'a> = dyn FnMut(&[Genome]) -> Vec<f64> + 'a;

/// An optimizer that runs one generation at a time, in two halves: [`Learner::ask`] proposes the
/// genomes the generation needs scored, [`Learner::tell`] takes their fitness and completes it.
/// Between the two the optimizer holds what it asked for; a state saved then carries it, a state
/// saved between generations does not.
pub trait Learner {
    /// The genomes this generation needs scored, in order. Asking again before telling returns
    /// the same genomes and draws nothing from `rng`.
    fn ask(&mut self, rng: &mut GameRng) -> Vec<Genome>;

    /// Completes the generation with the fitness of the genomes [`Learner::ask`] returned, in
    /// their order (missing scores count as never measured). Returns every genome scored in this
    /// generation with its fitness, so the caller can report best, mean and median. Telling
    /// without a pending ask changes nothing and returns nothing.
    fn tell(&mut self, rng: &mut GameRng, fitness: &[f64]) -> Vec<Scored>;

    /// Runs one whole generation: asks, scores the genomes through `evaluate` (not called when
    /// nothing is asked), and tells. All randomness comes from `rng`.
    fn generation(&mut self, rng: &mut GameRng, evaluate: &mut Evaluate) -> Vec<Scored> {
        let genomes = self.ask(rng);
        let fitness = if genomes.is_empty() {
            Vec::new()
        } else {
            evaluate(&genomes)
        };
        self.tell(rng, &fitness)
    }

    /// The best genome found so far, with its fitness.
    fn best(&self) -> Option<&Scored>;

    /// Moves a fresh run's start to `start`, a genome of one weight per range (checked by
    /// [`check_start`]): where the optimizer's first generation is centred, or, for a
    /// population, one of its members.
    fn start_at(&mut self, start: &[f64]);
}

/// What an optimizer's defaults depend on: the features a run learns, the population asked
/// for, and the GA preset chosen (read by the GA only).
#[derive(Clone, Copy, Debug)]
pub struct RunShape<'a> {
    /// The features learned, in genome order.
    pub features: &'a [&'a str],
    /// Individuals per generation, or `None` for the optimizer's own.
    pub population: Option<usize>,
    /// The GA preset's name.
    pub ga_preset: &'a str,
    /// The spread around the start weights, when the run starts from given weights: the
    /// cross-entropy method's initial standard deviation.
    pub start_spread: Option<f64>,
}

/// The population sizes an optimizer takes, from `min` to `max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct PopulationSizes {
    /// The fewest individuals per generation.
    pub min: usize,
    /// The most, if there is a limit.
    pub max: Option<usize>,
}

/// An optimizer, as its settings declare it to the [registry](crate::optimizers): its name and
/// what it is, the population sizes it takes, its defaults for a run, and its first state.
pub trait OptimizerSettings:
    Sized + Clone + Debug + PartialEq + Serialize + DeserializeOwned
{
    /// The optimizer's state between generations.
    type Learner: Learner + Clone + Debug + PartialEq + Serialize + DeserializeOwned;

    /// The name runs, checkpoints, the command line and the page call it by.
    const NAME: &'static str;

    /// What it is, in one line.
    const DOC: &'static str;

    /// The population sizes it takes, or `None` if it scores one genome a generation and
    /// ignores the population asked for.
    const POPULATION: Option<PopulationSizes>;

    /// The features a run learns when none are chosen, from the GA preset's name: those of
    /// [`DEFAULT_FEATURES`] unless the optimizer says otherwise.
    fn default_features(_ga_preset: &str) -> Result<Vec<String>> {
        let preset = presets::find(DEFAULT_FEATURES)?;
        Ok(preset.terms.iter().map(|t| t.0.to_string()).collect())
    }

    /// Its default settings for a run of this shape, with the range each feature's initial
    /// weight is drawn from.
    fn defaults(shape: &RunShape) -> Result<(Self, Vec<(f64, f64)>)>;

    /// Checks the settings; the error names the bad value.
    fn validate(&self) -> Result<()>;

    /// Its first state, for genomes of one weight per range of `ranges`; `rng` draws whatever
    /// the start needs.
    fn learner(&self, ranges: &Ranges, rng: &mut GameRng) -> Result<Self::Learner>;
}

/// The weight preset whose features are learned when none are chosen, except with the GA.
pub const DEFAULT_FEATURES: &str = "du";

/// The range every initial weight is drawn from for the optimizers other than the GA (whose
/// presets bring their own).
const INITIAL_RANGE: (f64, f64) = (-1.0, 1.0);

/// [`INITIAL_RANGE`] for each feature of `shape`.
pub fn initial_ranges(shape: &RunShape) -> Vec<(f64, f64)> {
    vec![INITIAL_RANGE; shape.features.len()]
}
