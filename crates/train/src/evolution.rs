//! A training run: the configuration, the optimizer's whole state, the random streams and the
//! history, advanced one generation at a time and saved to (and resumed from) a checkpoint that
//! continues exactly the run that would have happened without the stop.
//!
//! A generation is asked and told: [`Evolution::ask`] gives a [`GameBatch`] of games to play
//! (anywhere, in any order), [`Evolution::tell`] takes their lines. A generation is one training
//! batch, then, when [re-evaluation](crate::noise) is on, one batch of the best genomes'
//! extra games, then, when validation is on, one validation batch, and, when a new validated
//! best has come and the report set is on, its report batch. Until the generation completes,
//! the run's saved state is the state at its start, so a checkpoint taken in between replays it.

use crate::batch::GameBatch;
use crate::checkpoint::{read_text, write_atomically};
use crate::fitness::FitnessConfig;
use crate::noise::NoiseConfig;
use crate::optimizers::{LearnerState, OptimizerConfig};
use crate::validation::ValidationConfig;
use crate::{Genome, Scored, check_ranges, check_start, rank_key, weights_of};
use serde::{Deserialize, Serialize};
use std::path::Path;
use tetris_ai_core::ai::features::find_index;
use tetris_ai_core::ai::weights::Weights;
use tetris_ai_core::engine::rng::GameRng;
use tetris_ai_core::error::{Error, Result, json_problem};
use web_time::Instant;

/// The checkpoint format this build writes and reads.
pub const FORMAT: u32 = 1;

/// Random streams drawn from a run's seed.
const LEARNER_STREAM: u64 = 11;
const GAMES_STREAM: u64 = 12;
const VALIDATION_STREAM: u64 = 13;
const REPORT_STREAM: u64 = 14;

/// Everything that defines a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct EvolutionConfig {
    /// The features whose weights are learned, in genome order.
    #[cfg_attr(
        feature = "typescript",
        ts(as = "Vec<tetris_ai_core::ai::features::FeatureName>")
    )]
    pub features: Vec<String>,
    /// The range each feature's initial weight is drawn from.
    pub ranges: Vec<(f64, f64)>,
    /// The optimizer.
    pub optimizer: OptimizerConfig,
    /// How individuals are scored.
    pub fitness: FitnessConfig,
    /// The seed every random choice of the run comes from.
    pub seed: u64,
    /// How each generation's best genomes are validated (missing in older checkpoints: the
    /// default).
    #[serde(default)]
    pub validation: ValidationConfig,
    /// How the run handles the noise of the training games (missing in older checkpoints: all
    /// off).
    #[serde(default)]
    pub noise: NoiseConfig,
    /// The genome the run starts from, one weight per feature: CMA-ES's and CEM's first mean,
    /// the climbers' first weights and one of the GA's first population (none: the optimizer's
    /// own start, from the ranges).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub start: Option<Vec<f64>>,
}

impl EvolutionConfig {
    /// Checks the configuration; the error names the bad value.
    pub fn validate(&self) -> Result<()> {
        if self.features.is_empty() {
            return Err(Error::Config("no features to learn".into()));
        }
        for (i, name) in self.features.iter().enumerate() {
            find_index(name)?;
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
        check_ranges(&self.ranges, &self.features)?;
        if let Some(start) = &self.start {
            check_start(start, &self.features)?;
        }
        self.optimizer.validate()?;
        self.validation.validate()?;
        self.noise.validate(self.fitness.games)?;
        self.fitness.validate()
    }

    /// The seeds of the validation games, the same for every generation: `validation.games`
    /// consecutive seeds from a number drawn from the run's seed on a stream of their own.
    pub fn validation_seeds(&self) -> Vec<u64> {
        self.fixed_seeds(VALIDATION_STREAM, self.validation.games)
    }

    /// The seeds of the report games, held out from every choice the run makes:
    /// `validation.report_games` consecutive seeds drawn as the validation seeds are, on a
    /// stream of their own.
    pub fn report_seeds(&self) -> Vec<u64> {
        self.fixed_seeds(REPORT_STREAM, self.validation.report_games)
    }

    /// `count` consecutive seeds from a number drawn from the run's seed on `stream`.
    fn fixed_seeds(&self, stream: u64, count: usize) -> Vec<u64> {
        let base = GameRng::new(self.seed, stream).next_u64();
        (0..count as u64)
            .map(|game| base.wrapping_add(game))
            .collect()
    }
}

/// What one generation did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Report {
    /// The generation's number, from 1.
    pub generation: u32,
    /// The best training fitness scored in this generation.
    pub best: f64,
    /// The mean training fitness scored in this generation.
    pub mean: f64,
    /// The median training fitness scored in this generation.
    pub median: f64,
    /// The weights that scored best in training in this generation.
    pub best_weights: Weights,
    /// The best training fitness of the run so far.
    pub best_ever: f64,
    /// The best validated fitness among this generation's validated genomes; `None` when
    /// validation is off.
    #[serde(default)]
    pub validated_best: Option<f64>,
    /// The weights of that genome.
    #[serde(default)]
    pub validated_weights: Option<Weights>,
    /// The best validated fitness of the run so far; `None` when validation is off.
    #[serde(default)]
    pub validated_best_ever: Option<f64>,
    /// The mean lines of the run's validated best so far on the held-out report games, the
    /// figure to quote; `None` when the report set is off.
    #[serde(default)]
    pub reported: Option<f64>,
    /// The training games each individual played in this generation.
    #[serde(default)]
    pub games_per_individual: usize,
    /// Games played by the run so far, training and validation.
    pub games_played: u64,
    /// Seconds spent by the run so far (across resumes), each generation timed from its first
    /// ask to its completion.
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
    /// The best validated genome so far, with its validated fitness.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    validated: Option<Scored>,
    /// The best validated genome's mean lines on the report games, when the report set is on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    reported: Option<f64>,
    /// The training games per individual, when growing has taken them from the configuration's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    games_per_individual: Option<usize>,
    /// The generation asked for and not yet complete; never saved.
    #[serde(skip)]
    pending: Option<Pending>,
}

/// A generation under way: working copies of the optimizer and its streams (the run's own
/// change only when the generation completes), the batch whose lines are awaited, and what the
/// batches before it found.
#[derive(Clone, Debug, PartialEq)]
struct Pending {
    learner: LearnerState,
    learner_rng: GameRng,
    games_rng: GameRng,
    batch: GameBatch,
    stage: Stage,
    /// The training games per individual of this generation.
    games_per_individual: usize,
    /// Those of the next, once the training games are told.
    next_games: usize,
    games: u64,
    started: Instant,
}

/// Which of its batches a pending generation plays, with what the earlier ones found.
#[derive(Clone, Debug, PartialEq)]
enum Stage {
    /// The training games of the genomes the optimizer asked for.
    Training,
    /// The best genomes' extra games: every genome's training fitness, and the indices of those
    /// re-evaluated with the lines of their training games, in batch order.
    Reevaluation {
        trained: Vec<f64>,
        top: Vec<(usize, Vec<u64>)>,
    },
    /// The validation games of the best genomes, with the generation's scored genomes.
    Validation { scored: Vec<Scored> },
    /// The report games of a new validated best, with the scored genomes and that best.
    Report {
        scored: Vec<Scored>,
        validated: Scored,
    },
}

/// The first of the genomes with the best validated fitness.
fn best_validated(genomes: &[Genome], fitness: &[f64]) -> Option<Scored> {
    genomes
        .iter()
        .zip(fitness)
        .map(|(genome, &fitness)| Scored {
            genome: genome.clone(),
            fitness,
        })
        .reduce(|best, s| if s.fitness > best.fitness { s } else { best })
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
        let learner = LearnerState::new(
            &config.optimizer,
            &config.ranges,
            config.start.as_deref(),
            &mut learner_rng,
        )?;
        Ok(Evolution {
            format: FORMAT,
            games_rng: GameRng::new(config.seed, GAMES_STREAM),
            config,
            learner,
            learner_rng,
            games_played: 0,
            elapsed_seconds: 0.0,
            history: Vec::new(),
            validated: None,
            reported: None,
            games_per_individual: None,
            pending: None,
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

    /// Generations completed so far.
    pub fn generation(&self) -> u32 {
        self.history.len() as u32
    }

    /// Games played so far (in completed generations).
    pub fn games_played(&self) -> u64 {
        self.games_played
    }

    /// The weights a genome stands for.
    pub fn weights(&self, genome: &Genome) -> Result<Weights> {
        weights_of(&self.config.features, genome)
    }

    /// The best weights found so far, with their fitness: the best validated when validation is
    /// on, else the best training score.
    pub fn best(&self) -> Option<(Weights, f64)> {
        let best = if self.config.validation.is_on() {
            self.validated.as_ref()?
        } else {
            self.learner.best()?
        };
        Some((self.weights(&best.genome).ok()?, best.fitness))
    }

    /// The games the pending generation needs played next, starting a generation if none is
    /// pending; asking again before [`Evolution::tell`] gives the same batch. An optimizer state
    /// that asks for genomes of the wrong length (a hand-edited checkpoint) is an error.
    pub fn ask(&mut self) -> Result<&GameBatch> {
        let pending = match self.pending.take() {
            Some(pending) => pending,
            None => self.start_generation()?,
        };
        Ok(&self.pending.insert(pending).batch)
    }

    /// Takes the lines of every game of the batch [`Evolution::ask`] gave, in its order.
    /// Returns the generation's report once it is complete, else `None` (ask for the next batch).
    /// A wrong number of results, or no pending batch, is an error, and changes nothing.
    pub fn tell(&mut self, lines: &[u64]) -> Result<Option<Report>> {
        let Some(mut pending) = self.pending.take() else {
            return Err(Error::Config(
                "no generation is waiting for results: ask for its games first".into(),
            ));
        };
        let by_genome = match pending.batch.lines_by_genome(lines) {
            Ok(by_genome) => by_genome,
            Err(error) => {
                self.pending = Some(pending);
                return Err(error);
            }
        };
        let fitness = pending.batch.scores(&by_genome);
        pending.games += lines.len() as u64;
        let noise = self.config.noise;
        Ok(
            match std::mem::replace(&mut pending.stage, Stage::Training) {
                Stage::Training => {
                    let values = pending.batch.averaged(&by_genome);
                    pending.next_games = noise.next_games(pending.games_per_individual, &values);
                    let top = noise.reevaluated(&fitness);
                    if top.is_empty() {
                        self.trained(pending, &fitness)
                    } else {
                        let genomes = top
                            .iter()
                            .map(|&i| pending.batch.genomes()[i].clone())
                            .collect();
                        let extra = FitnessConfig {
                            games: noise.reevaluate_games,
                            ..self.config.fitness.clone()
                        };
                        let base = pending.games_rng.next_u64();
                        let batch =
                            GameBatch::reevaluation(&extra, &self.config.features, genomes, base);
                        let top = top.iter().map(|&i| (i, by_genome[i].clone())).collect();
                        let stage = Stage::Reevaluation {
                            trained: fitness,
                            top,
                        };
                        self.play_next(pending, batch, stage)
                    }
                }
                Stage::Reevaluation { mut trained, top } => {
                    for ((i, games), extra) in top.into_iter().zip(&by_genome) {
                        trained[i] = self.config.fitness.score(&[games, extra.clone()].concat());
                    }
                    self.trained(pending, &trained)
                }
                Stage::Validation { scored } => {
                    match best_validated(pending.batch.genomes(), &fitness) {
                        Some(best)
                            if self.config.validation.reports() && self.is_new_best(&best) =>
                        {
                            let batch = GameBatch::report(
                                &self.config.fitness,
                                &self.config.features,
                                vec![best.genome.clone()],
                                &self.config.report_seeds(),
                            );
                            let stage = Stage::Report {
                                scored,
                                validated: best,
                            };
                            self.play_next(pending, batch, stage)
                        }
                        validated => Some(self.complete(pending, &scored, validated, None)),
                    }
                }
                Stage::Report { scored, validated } => {
                    let reported = fitness.first().copied();
                    Some(self.complete(pending, &scored, Some(validated), reported))
                }
            },
        )
    }

    /// Tells the optimizer the generation's fitness, then validates its best genomes if
    /// validation is on, else completes it.
    fn trained(&mut self, mut pending: Pending, fitness: &[f64]) -> Option<Report> {
        let scored = pending
            .learner
            .learner()
            .tell(&mut pending.learner_rng, fitness);
        let top = self.config.validation.candidates(&scored);
        if top.is_empty() {
            return Some(self.complete(pending, &scored, None, None));
        }
        let batch = GameBatch::validation(
            &self.config.fitness,
            &self.config.features,
            top,
            &self.config.validation_seeds(),
        );
        self.play_next(pending, batch, Stage::Validation { scored })
    }

    /// Makes `batch` the games the pending generation awaits, at `stage`.
    fn play_next(
        &mut self,
        mut pending: Pending,
        batch: GameBatch,
        stage: Stage,
    ) -> Option<Report> {
        pending.batch = batch;
        pending.stage = stage;
        self.pending = Some(pending);
        None
    }

    /// Whether `candidate` beats the run's validated best so far (or there is none yet).
    fn is_new_best(&self, candidate: &Scored) -> bool {
        self.validated
            .as_ref()
            .is_none_or(|best| rank_key(candidate.fitness) > rank_key(best.fitness))
    }

    /// Runs one generation here: asks, plays every batch with rayon, tells.
    /// `progress(done, total)` reports the games of each batch as they finish, from any thread.
    pub fn next_generation(&mut self, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<Report> {
        loop {
            let lines = self.ask()?.play_all(progress);
            if let Some(report) = self.tell(&lines)? {
                return Ok(report);
            }
        }
    }

    /// A new generation: the optimizer (a working copy) asks for genomes, and their training
    /// games are seeded from the games stream (not drawn when nothing is asked).
    fn start_generation(&self) -> Result<Pending> {
        let started = Instant::now();
        let mut learner = self.learner.clone();
        let mut learner_rng = self.learner_rng.clone();
        let mut games_rng = self.games_rng.clone();
        let genomes = learner.learner().ask(&mut learner_rng);
        let features = &self.config.features;
        if let Some(genome) = genomes.iter().find(|g| g.len() != features.len()) {
            return Err(Error::Config(format!(
                "the optimizer asked to score a genome of {} weights for {} features",
                genome.len(),
                features.len()
            )));
        }
        let base = if genomes.is_empty() {
            0
        } else {
            games_rng.next_u64()
        };
        let games_per_individual = self.games_per_individual();
        let fitness = FitnessConfig {
            games: games_per_individual,
            ..self.config.fitness.clone()
        };
        Ok(Pending {
            batch: GameBatch::training(&fitness, features, genomes, base),
            learner,
            learner_rng,
            games_rng,
            stage: Stage::Training,
            games_per_individual,
            next_games: games_per_individual,
            games: 0,
            started,
        })
    }

    /// The training games per individual of the next generation.
    pub fn games_per_individual(&self) -> usize {
        self.games_per_individual
            .unwrap_or(self.config.fitness.games)
    }

    /// Makes the generation's working state the run's, records its report and returns it.
    /// `reported` is the report games' mean of `validated`, played because it is a new best.
    fn complete(
        &mut self,
        pending: Pending,
        scored: &[Scored],
        validated: Option<Scored>,
        reported: Option<f64>,
    ) -> Report {
        self.learner = pending.learner;
        self.learner_rng = pending.learner_rng;
        self.games_rng = pending.games_rng;
        self.games_played += pending.games;
        self.elapsed_seconds += pending.started.elapsed().as_secs_f64();
        self.games_per_individual =
            (pending.next_games != self.config.fitness.games).then_some(pending.next_games);
        if let Some(candidate) = &validated
            && self.is_new_best(candidate)
        {
            self.validated = Some(candidate.clone());
            if reported.is_some() {
                self.reported = reported;
            }
        }
        let report = self.report(scored, validated.as_ref(), pending.games_per_individual);
        self.history.push(report.clone());
        report
    }

    fn report(
        &self,
        scored: &[Scored],
        validated: Option<&Scored>,
        games_per_individual: usize,
    ) -> Report {
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
            validated_best: validated.map(|s| s.fitness),
            validated_weights: validated.and_then(|s| self.weights(&s.genome).ok()),
            validated_best_ever: self.validated.as_ref().map(|s| s.fitness),
            reported: self.reported,
            games_per_individual,
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
        let run: Evolution = serde_json::from_str(text).map_err(|e| {
            Error::File(format!(
                "not an evolution checkpoint (the JSON that \"tetris-ai evolve --checkpoint\" \
                     writes): {}",
                json_problem(&e)
            ))
        })?;
        if run.format != FORMAT {
            return Err(Error::File(format!(
                "checkpoint format {} is not the format {FORMAT} this build reads",
                run.format
            )));
        }
        run.config.validate()?;
        if run.learner.optimizer().name != run.config.optimizer.name() {
            return Err(Error::File(format!(
                "checkpoint holds a {} state for a {} configuration",
                run.learner.optimizer().name,
                run.config.optimizer.name()
            )));
        }
        if let Some(games) = run.games_per_individual
            && (games == 0
                || run
                    .config
                    .noise
                    .grow_games_to
                    .is_none_or(|most| games > most))
        {
            return Err(Error::File(format!(
                "checkpoint's games per individual {games} is not between 1 and the most its noise settings let games grow to"
            )));
        }
        for (what, best) in [
            ("best", run.learner.best()),
            ("validated best", run.validated.as_ref()),
        ] {
            if let Some(best) = best
                && best.genome.len() != run.config.features.len()
            {
                return Err(Error::File(format!(
                    "checkpoint's {what} genome has {} weights for {} features",
                    best.genome.len(),
                    run.config.features.len()
                )));
            }
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
