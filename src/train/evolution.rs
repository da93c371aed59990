//! A training run: the configuration, the optimizer's whole state, the random streams and the
//! history, advanced one generation at a time and saved to (and resumed from) a checkpoint that
//! continues exactly the run that would have happened without the stop.

use crate::ai::features::index_of;
use crate::ai::weights::Weights;
use crate::error::{Error, Result};
use crate::rng::GameRng;
use crate::train::anneal::{Anneal, AnnealConfig};
use crate::train::cem::{Cem, CemConfig};
use crate::train::checkpoint::{read_text, write_atomically};
use crate::train::fitness::FitnessConfig;
use crate::train::ga::{Ga, GaConfig};
use crate::train::hill::{HillClimb, HillConfig};
use crate::train::{Genome, Learner, Scored};
use serde::{Deserialize, Serialize};
use std::path::Path;
use web_time::Instant;

/// The checkpoint format this build writes and reads.
pub const FORMAT: u32 = 1;

/// Random streams drawn from a run's seed.
const LEARNER_STREAM: u64 = 11;
const GAMES_STREAM: u64 = 12;

/// Which optimizer, with its settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "settings", rename_all = "snake_case")]
pub enum OptimizerConfig {
    /// A genetic algorithm.
    Ga(GaConfig),
    /// The noisy cross-entropy method.
    Cem(CemConfig),
    /// The perturbation hill-climber.
    HillClimb(HillConfig),
    /// Simulated annealing.
    Anneal(AnnealConfig),
}

impl OptimizerConfig {
    /// The optimizer's name.
    pub fn name(&self) -> &'static str {
        match self {
            OptimizerConfig::Ga(_) => "ga",
            OptimizerConfig::Cem(_) => "cem",
            OptimizerConfig::HillClimb(_) => "hill_climb",
            OptimizerConfig::Anneal(_) => "anneal",
        }
    }
}

/// Everything that defines a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvolutionConfig {
    /// The features whose weights are learned, in genome order.
    pub features: Vec<String>,
    /// The range each feature's initial weight is drawn from.
    pub ranges: Vec<(f64, f64)>,
    /// The optimizer.
    pub optimizer: OptimizerConfig,
    /// How individuals are scored.
    pub fitness: FitnessConfig,
    /// The seed every random choice of the run comes from.
    pub seed: u64,
}

impl EvolutionConfig {
    /// Checks the configuration; the error names the bad value.
    pub fn validate(&self) -> Result<()> {
        if self.features.is_empty() {
            return Err(Error::Config("no features to learn".into()));
        }
        for (i, name) in self.features.iter().enumerate() {
            index_of(name).ok_or_else(|| Error::UnknownFeature(name.clone()))?;
            if self.features[..i].contains(name) {
                return Err(Error::Config(format!("feature \"{name}\" is listed twice")));
            }
        }
        if self.ranges.len() != self.features.len() {
            return Err(Error::Config(format!(
                "{} initial ranges for {} features",
                self.ranges.len(),
                self.features.len()
            )));
        }
        for (name, &(low, high)) in self.features.iter().zip(&self.ranges) {
            if !(low.is_finite() && high.is_finite() && low <= high) {
                return Err(Error::Config(format!(
                    "initial range [{low}, {high}] of feature \"{name}\" is not a finite interval"
                )));
            }
        }
        self.fitness.validate()
    }
}

/// The optimizer's state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "state", rename_all = "snake_case")]
pub enum LearnerState {
    /// A genetic algorithm.
    Ga(Ga),
    /// The noisy cross-entropy method.
    Cem(Cem),
    /// The perturbation hill-climber.
    HillClimb(HillClimb),
    /// Simulated annealing.
    Anneal(Anneal),
}

impl LearnerState {
    fn new(config: &EvolutionConfig, rng: &mut GameRng) -> Result<LearnerState> {
        Ok(match &config.optimizer {
            OptimizerConfig::Ga(c) => LearnerState::Ga(Ga::new(c.clone(), &config.ranges, rng)?),
            OptimizerConfig::Cem(c) => LearnerState::Cem(Cem::new(*c, config.features.len())?),
            OptimizerConfig::HillClimb(c) => {
                LearnerState::HillClimb(HillClimb::new(*c, &config.ranges, rng)?)
            }
            OptimizerConfig::Anneal(c) => {
                LearnerState::Anneal(Anneal::new(*c, &config.ranges, rng)?)
            }
        })
    }

    fn learner(&mut self) -> &mut dyn Learner {
        match self {
            LearnerState::Ga(l) => l,
            LearnerState::Cem(l) => l,
            LearnerState::HillClimb(l) => l,
            LearnerState::Anneal(l) => l,
        }
    }

    fn best(&self) -> Option<&Scored> {
        match self {
            LearnerState::Ga(l) => l.best(),
            LearnerState::Cem(l) => l.best(),
            LearnerState::HillClimb(l) => l.best(),
            LearnerState::Anneal(l) => l.best(),
        }
    }

    fn name(&self) -> &'static str {
        match self {
            LearnerState::Ga(_) => "ga",
            LearnerState::Cem(_) => "cem",
            LearnerState::HillClimb(_) => "hill_climb",
            LearnerState::Anneal(_) => "anneal",
        }
    }
}

/// What one generation did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The generation's number, from 1.
    pub generation: u32,
    /// The best fitness scored in this generation.
    pub best: f64,
    /// The mean fitness scored in this generation.
    pub mean: f64,
    /// The median fitness scored in this generation.
    pub median: f64,
    /// The weights that scored best in this generation.
    pub best_weights: Weights,
    /// The best fitness of the run so far.
    pub best_ever: f64,
    /// Games played by the run so far.
    pub games_played: u64,
    /// Seconds spent computing by the run so far (across resumes).
    pub elapsed_seconds: f64,
}

/// A training run in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Evolution {
    format: u32,
    config: EvolutionConfig,
    learner: LearnerState,
    learner_rng: GameRng,
    games_rng: GameRng,
    games_played: u64,
    elapsed_seconds: f64,
    history: Vec<Report>,
}

/// The median of `values` (the mean of the two middle ones for an even count); 0 when empty.
fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

impl Evolution {
    /// A new run; a bad configuration is an error naming the bad value.
    pub fn new(config: EvolutionConfig) -> Result<Evolution> {
        config.validate()?;
        let mut learner_rng = GameRng::new(config.seed, LEARNER_STREAM);
        let learner = LearnerState::new(&config, &mut learner_rng)?;
        Ok(Evolution {
            format: FORMAT,
            games_rng: GameRng::new(config.seed, GAMES_STREAM),
            config,
            learner,
            learner_rng,
            games_played: 0,
            elapsed_seconds: 0.0,
            history: Vec::new(),
        })
    }

    /// The run's configuration.
    pub fn config(&self) -> &EvolutionConfig {
        &self.config
    }

    /// The reports of every generation so far.
    pub fn history(&self) -> &[Report] {
        &self.history
    }

    /// Generations run so far.
    pub fn generation(&self) -> u32 {
        self.history.len() as u32
    }

    /// Games played so far.
    pub fn games_played(&self) -> u64 {
        self.games_played
    }

    /// The weights a genome stands for.
    pub fn weights(&self, genome: &Genome) -> Result<Weights> {
        Weights::new(
            self.config
                .features
                .iter()
                .zip(genome)
                .map(|(name, &w)| (name.as_str(), w, None)),
        )
    }

    /// The best weights found so far, with their fitness.
    pub fn best(&self) -> Option<(Weights, f64)> {
        let best = self.learner.best()?;
        Some((self.weights(&best.genome).ok()?, best.fitness))
    }

    /// Runs one generation. `progress(done, total)` reports the games of each evaluation as they
    /// finish, from any thread.
    pub fn next_generation(&mut self, progress: &(dyn Fn(u64, u64) + Sync)) -> Report {
        let start = Instant::now();
        let fitness = &self.config.fitness;
        let features = &self.config.features;
        let games_rng = &mut self.games_rng;
        let mut games = 0u64;
        let mut evaluate = |population: &[Genome]| -> Vec<f64> {
            games += (population.len() * fitness.games) as u64;
            fitness.evaluate(features, population, games_rng.next_u64(), progress)
        };
        let scored = self
            .learner
            .learner()
            .generation(&mut self.learner_rng, &mut evaluate);
        self.games_played += games;
        self.elapsed_seconds += start.elapsed().as_secs_f64();
        let report = self.report(&scored);
        self.history.push(report.clone());
        report
    }

    fn report(&self, scored: &[Scored]) -> Report {
        let fitnesses: Vec<f64> = scored.iter().map(|s| s.fitness).collect();
        let top = scored.iter().max_by(|a, b| a.fitness.total_cmp(&b.fitness));
        Report {
            generation: self.history.len() as u32 + 1,
            best: top.map_or(0.0, |s| s.fitness),
            mean: fitnesses.iter().sum::<f64>() / fitnesses.len().max(1) as f64,
            median: median(&fitnesses),
            best_weights: top
                .and_then(|s| self.weights(&s.genome).ok())
                .unwrap_or_default(),
            best_ever: self.learner.best().map_or(0.0, |s| s.fitness),
            games_played: self.games_played,
            elapsed_seconds: self.elapsed_seconds,
        }
    }

    /// The whole state as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("the state holds finite numbers")
    }

    /// A run from JSON written by [`Evolution::to_json`]; anything else is an error naming the
    /// problem.
    pub fn from_json(text: &str) -> Result<Evolution> {
        let run: Evolution = serde_json::from_str(text)
            .map_err(|e| Error::File(format!("not a training checkpoint: {e}")))?;
        if run.format != FORMAT {
            return Err(Error::File(format!(
                "checkpoint format {} is not the format {FORMAT} this build reads",
                run.format
            )));
        }
        run.config.validate()?;
        if run.learner.name() != run.config.optimizer.name() {
            return Err(Error::File(format!(
                "checkpoint holds a {} state for a {} configuration",
                run.learner.name(),
                run.config.optimizer.name()
            )));
        }
        if let Some(best) = run.learner.best()
            && best.genome.len() != run.config.features.len()
        {
            return Err(Error::File(format!(
                "checkpoint's best genome has {} weights for {} features",
                best.genome.len(),
                run.config.features.len()
            )));
        }
        Ok(run)
    }

    /// Saves the run to `path` atomically: a failed save leaves the previous file intact. The
    /// text is read back first, so a state that could not be resumed is never written.
    pub fn save(&self, path: &Path) -> Result<()> {
        let text = self.to_json();
        Evolution::from_json(&text).map_err(|e| {
            Error::File(format!(
                "not saving {}: the state does not read back: {e}",
                path.display()
            ))
        })?;
        write_atomically(path, text.as_bytes())
    }

    /// Loads a run saved with [`Evolution::save`]; the error names the file and the problem.
    pub fn load(path: &Path) -> Result<Evolution> {
        Evolution::from_json(&read_text(path)?)
            .map_err(|e| Error::File(format!("checkpoint {}: {e}", path.display())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(&[]), 0.0);
    }
}
