//! A batch of games: everything a worker needs to play the games of one evaluation, without the
//! run that asked for them. A batch is the fitness settings, the feature names, the genomes and
//! the jobs (which genome plays which seed), in a fixed order; it travels as JSON, and each job's
//! lines depend on nothing but the batch, so the jobs can be played anywhere, in any order.

use crate::fitness::FitnessConfig;
use crate::{Genome, weights_of};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use tetris_ai_core::ai::features::find_index;
use tetris_ai_core::error::{Error, Result};

/// What a batch's games are for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Scoring the genomes an optimizer asked for; the fitness feeds the optimizer.
    Training,
    /// Scoring a generation's best genomes again, on fresh games, before the optimizer hears
    /// their fitness.
    Reevaluation,
    /// Scoring a generation's best genomes on the run's fixed validation games.
    Validation,
    /// Scoring a new validated best on the run's held-out report games.
    Report,
}

/// What a generation asks for next, as a page receives it: the batch as JSON text (opaque to
/// JavaScript, whose numbers cannot hold its 64-bit seeds), its number of games, and what they
/// are for.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct AskedBatch {
    /// The batch's JSON text, as [`GameBatch`] reads it.
    pub text: String,
    /// The number of games in it.
    pub jobs: usize,
    /// What the games are for.
    pub phase: Phase,
}

impl AskedBatch {
    /// `batch` as a page receives it.
    pub fn of(batch: &GameBatch) -> Result<AskedBatch> {
        Ok(AskedBatch {
            text: serde_json::to_string(batch)
                .map_err(|e| Error::Config(format!("the batch could not be written: {e}")))?,
            jobs: batch.len(),
            phase: batch.phase(),
        })
    }
}

/// One game of a batch: the genome that plays it and the game's seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Job {
    /// The index of the genome in the batch.
    pub individual: usize,
    /// The game's seed (a full 64-bit number).
    pub seed: u64,
}

/// The games of one evaluation. Read from JSON, a batch is checked whole (known features, one
/// weight per feature, jobs naming existing genomes, valid fitness settings), so every job of a
/// batch that exists can be played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Fields")]
pub struct GameBatch {
    phase: Phase,
    fitness: FitnessConfig,
    features: Vec<String>,
    genomes: Vec<Genome>,
    jobs: Vec<Job>,
}

/// A batch's fields as they are read, before they are checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Fields {
    phase: Phase,
    fitness: FitnessConfig,
    features: Vec<String>,
    genomes: Vec<Genome>,
    jobs: Vec<Job>,
}

impl TryFrom<Fields> for GameBatch {
    type Error = Error;

    fn try_from(fields: Fields) -> Result<GameBatch> {
        fields.fitness.validate()?;
        for name in &fields.features {
            find_index(name)?;
        }
        for (i, genome) in fields.genomes.iter().enumerate() {
            if genome.len() != fields.features.len() {
                return Err(Error::Config(format!(
                    "genome {i} of the batch has {} weights for {} features",
                    genome.len(),
                    fields.features.len()
                )));
            }
        }
        for (i, job) in fields.jobs.iter().enumerate() {
            if job.individual >= fields.genomes.len() {
                return Err(Error::Config(format!(
                    "job {i} of the batch names genome {}, but the batch has {} genomes",
                    job.individual,
                    fields.genomes.len()
                )));
            }
        }
        Ok(GameBatch {
            phase: fields.phase,
            fitness: fields.fitness,
            features: fields.features,
            genomes: fields.genomes,
            jobs: fields.jobs,
        })
    }
}

impl GameBatch {
    /// The training games of `genomes`: each plays `fitness.games` games, genome by genome,
    /// seeded from `base` as [`FitnessConfig::seed`] says.
    pub fn training(
        fitness: &FitnessConfig,
        features: &[String],
        genomes: Vec<Genome>,
        base: u64,
    ) -> GameBatch {
        GameBatch::fresh(Phase::Training, fitness, features, genomes, base)
    }

    /// The re-evaluation games of `genomes`: seeded as [`GameBatch::training`] seeds them.
    pub fn reevaluation(
        fitness: &FitnessConfig,
        features: &[String],
        genomes: Vec<Genome>,
        base: u64,
    ) -> GameBatch {
        GameBatch::fresh(Phase::Reevaluation, fitness, features, genomes, base)
    }

    /// The validation games of `genomes`: every genome plays the games seeded `seeds`, genome
    /// by genome.
    pub fn validation(
        fitness: &FitnessConfig,
        features: &[String],
        genomes: Vec<Genome>,
        seeds: &[u64],
    ) -> GameBatch {
        GameBatch::fixed(Phase::Validation, fitness, features, genomes, seeds)
    }

    /// The report games of `genomes`: seeded `seeds`, as [`GameBatch::validation`] plays them.
    pub fn report(
        fitness: &FitnessConfig,
        features: &[String],
        genomes: Vec<Genome>,
        seeds: &[u64],
    ) -> GameBatch {
        GameBatch::fixed(Phase::Report, fitness, features, genomes, seeds)
    }

    /// `fitness.games` games per genome, seeded from `base`.
    fn fresh(
        phase: Phase,
        fitness: &FitnessConfig,
        features: &[String],
        genomes: Vec<Genome>,
        base: u64,
    ) -> GameBatch {
        let jobs = (0..genomes.len())
            .flat_map(|individual| {
                (0..fitness.games).map(move |game| Job {
                    individual,
                    seed: fitness.seed(base, individual, game),
                })
            })
            .collect();
        GameBatch::new(phase, fitness, features, genomes, jobs)
    }

    /// Every genome on the games seeded `seeds`, genome by genome.
    fn fixed(
        phase: Phase,
        fitness: &FitnessConfig,
        features: &[String],
        genomes: Vec<Genome>,
        seeds: &[u64],
    ) -> GameBatch {
        let jobs = (0..genomes.len())
            .flat_map(|individual| seeds.iter().map(move |&seed| Job { individual, seed }))
            .collect();
        GameBatch::new(phase, fitness, features, genomes, jobs)
    }

    fn new(
        phase: Phase,
        fitness: &FitnessConfig,
        features: &[String],
        genomes: Vec<Genome>,
        jobs: Vec<Job>,
    ) -> GameBatch {
        GameBatch {
            phase,
            fitness: fitness.clone(),
            features: features.to_vec(),
            genomes,
            jobs,
        }
    }

    /// What the games are for.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The genomes, in order.
    pub fn genomes(&self) -> &[Genome] {
        &self.genomes
    }

    /// The games, in order.
    pub fn jobs(&self) -> &[Job] {
        &self.jobs
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.jobs.len()
    }

    /// Whether the batch has no games.
    pub fn is_empty(&self) -> bool {
        self.jobs.is_empty()
    }

    /// Lines cleared in game `job`. A genome with a non-finite weight clears none without
    /// playing; so does a job past the end of the batch (check against [`GameBatch::len`]).
    pub fn play(&self, job: usize) -> u64 {
        let Some(job) = self.jobs.get(job) else {
            return 0;
        };
        let weights = self
            .genomes
            .get(job.individual)
            .and_then(|genome| weights_of(&self.features, genome).ok());
        weights.map_or(0, |weights| self.fitness.play(&weights, job.seed))
    }

    /// Lines cleared in every game, in order, played in parallel with rayon.
    /// `progress(done, total)` is called after every game, from any thread.
    pub fn play_all(&self, progress: &(dyn Fn(u64, u64) + Sync)) -> Vec<u64> {
        let total = self.len() as u64;
        let done = AtomicU64::new(0);
        (0..self.len())
            .into_par_iter()
            .map(|job| {
                let lines = self.play(job);
                progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                lines
            })
            .collect()
    }

    /// Lines cleared in the games `jobs` of the batch, in order, played in parallel on the
    /// current rayon pool: a part of [`GameBatch::play_all`]'s lines. A range that is not within
    /// the batch is an error naming it.
    pub fn play_range(&self, jobs: Range<usize>) -> Result<Vec<u64>> {
        if jobs.start > jobs.end || jobs.end > self.len() {
            return Err(Error::Config(format!(
                "games {}..{} are not a range of the batch's {} games (from 0 to {})",
                jobs.start,
                jobs.end,
                self.len(),
                self.len()
            )));
        }
        Ok(jobs.into_par_iter().map(|job| self.play(job)).collect())
    }

    /// The fitness of each genome from the lines of every game, in batch order, as
    /// [`FitnessConfig::score`] makes it (0 for a genome without games). A count of lines that
    /// is not the count of games is an error naming both.
    pub fn fitness(&self, lines: &[u64]) -> Result<Vec<f64>> {
        Ok(self.scores(&self.lines_by_genome(lines)?))
    }

    /// The fitness of each genome from its games' lines, as [`FitnessConfig::score`] makes it.
    pub fn scores(&self, by_genome: &[Vec<u64>]) -> Vec<f64> {
        by_genome
            .iter()
            .map(|games| self.fitness.score(games))
            .collect()
    }

    /// Each genome's games as the fitness averages them, as [`FitnessConfig::averaged`] makes
    /// them: the values whose spread is the genomes' noise.
    pub fn averaged(&self, by_genome: &[Vec<u64>]) -> Vec<Vec<f64>> {
        by_genome
            .iter()
            .map(|games| games.iter().map(|&l| self.fitness.averaged(l)).collect())
            .collect()
    }

    /// Each genome's lines, from the lines of every game, in batch order. A count of lines that
    /// is not the count of games is an error naming both.
    pub fn lines_by_genome(&self, lines: &[u64]) -> Result<Vec<Vec<u64>>> {
        if lines.len() != self.len() {
            return Err(Error::Config(format!(
                "{} results for a batch of {} games: give one count of lines per game",
                lines.len(),
                self.len()
            )));
        }
        let mut by_genome = vec![Vec::new(); self.genomes.len()];
        for (job, &lines) in self.jobs.iter().zip(lines) {
            by_genome[job.individual].push(lines);
        }
        Ok(by_genome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tetris_ai_core::ai::presets;

    fn dellacherie() -> (Vec<String>, Genome) {
        let p = presets::find("dellacherie").unwrap();
        (
            p.terms.iter().map(|t| t.0.to_string()).collect(),
            p.terms.iter().map(|t| t.1).collect(),
        )
    }

    fn short_games(games: usize) -> FitnessConfig {
        FitnessConfig {
            games,
            max_pieces: Some(300),
            ..FitnessConfig::default()
        }
    }

    #[test]
    fn fitness_is_the_mean_of_the_games_it_names() {
        let config = short_games(3);
        let (features, genome) = dellacherie();
        let weights = presets::find("dellacherie").unwrap().weights();
        let games: Vec<u64> = (0..3).map(|g| config.play(&weights, 40 + g)).collect();
        let expected = games.iter().sum::<u64>() as f64 / 3.0;
        let batch = GameBatch::training(&config, &features, vec![genome.clone(), genome], 40);
        // Common seeds: both genomes play seeds 40, 41, 42, in genome order.
        let seeds: Vec<(usize, u64)> = batch
            .jobs()
            .iter()
            .map(|j| (j.individual, j.seed))
            .collect();
        assert_eq!(
            seeds,
            [(0, 40), (0, 41), (0, 42), (1, 40), (1, 41), (1, 42)]
        );
        let lines = batch.play_all(&|_, _| {});
        assert_eq!(lines, [games.clone(), games].concat());
        assert_eq!(batch.fitness(&lines).unwrap(), vec![expected, expected]);
        assert!(expected > 50.0, "{expected}");
    }

    #[test]
    fn fitness_sums_each_genomes_games_and_refuses_a_wrong_count() {
        // Genome 0 plays seeds 7 and 8, genome 1 seeds 9 and 10 (seeds of their own):
        // lines 1, 2 and 10, 30 give means 1.5 and 20.
        let config = FitnessConfig {
            games: 2,
            common_seeds: false,
            ..FitnessConfig::default()
        };
        let (features, genome) = dellacherie();
        let batch = GameBatch::training(&config, &features, vec![genome.clone(), genome], 7);
        let seeds: Vec<u64> = batch.jobs().iter().map(|j| j.seed).collect();
        assert_eq!(seeds, [7, 8, 9, 10]);
        assert_eq!(batch.fitness(&[1, 2, 10, 30]).unwrap(), vec![1.5, 20.0]);
        let error = batch.fitness(&[1, 2, 3]).unwrap_err().to_string();
        assert!(
            error.contains("3 results for a batch of 4 games"),
            "{error}"
        );
    }

    #[test]
    fn a_batch_read_back_from_json_plays_the_same_games() {
        let (features, genome) = dellacherie();
        let seeds = [u64::MAX, 3, 1 << 60];
        let batch = GameBatch::validation(&short_games(1), &features, vec![genome], &seeds);
        let text = serde_json::to_string(&batch).unwrap();
        let read: GameBatch = serde_json::from_str(&text).unwrap();
        assert_eq!(read, batch);
        assert_eq!(read.phase(), Phase::Validation);
        let lines = batch.play_all(&|_, _| {});
        assert_eq!(read.play_all(&|_, _| {}), lines);
        // Played one by one in reverse order: the same lines.
        let reversed: Vec<u64> = (0..read.len()).rev().map(|job| read.play(job)).collect();
        assert_eq!(reversed.into_iter().rev().collect::<Vec<_>>(), lines);
        assert!(lines.iter().all(|&l| l > 0), "{lines:?}");
        assert_eq!(read.play(read.len()), 0);
    }

    #[test]
    fn a_range_of_games_gives_its_part_of_the_lines_and_a_bad_range_is_named() {
        let (features, genome) = dellacherie();
        let batch =
            GameBatch::training(&short_games(3), &features, vec![genome.clone(), genome], 5);
        let lines = batch.play_all(&|_, _| {});
        assert_eq!(batch.play_range(1..4).unwrap(), lines[1..4]);
        assert_eq!(batch.play_range(6..6).unwrap(), Vec::<u64>::new());
        let backwards = Range { start: 4, end: 3 };
        for (range, named) in [(2..7, "games 2..7"), (backwards, "games 4..3")] {
            let error = batch.play_range(range).unwrap_err().to_string();
            assert!(error.contains(named), "{error}");
            assert!(error.contains("the batch's 6 games"), "{error}");
        }
    }

    #[test]
    fn a_genome_with_a_non_finite_weight_scores_zero() {
        let (features, mut genome) = dellacherie();
        genome[0] = f64::NAN;
        let batch = GameBatch::training(&short_games(2), &features, vec![genome], 0);
        assert_eq!(batch.play_all(&|_, _| {}), vec![0, 0]);
    }

    #[test]
    fn bad_batches_are_refused_naming_the_problem() {
        let (features, genome) = dellacherie();
        let batch = GameBatch::training(&short_games(1), &features, vec![genome], 0);
        let text = serde_json::to_string(&batch).unwrap();
        let cases = [
            (
                text.replace("\"individual\":0", "\"individual\":1"),
                "names genome 1, but the batch has 1 genomes",
            ),
            (text.replace("\"holes\"", "\"hole\""), "\"hole\""),
            (
                text.replace("\"games\":1", "\"games\":0"),
                "games per individual is 0",
            ),
            (
                text.replace("\"phase\":\"training\"", "\"phase\":\"testing\""),
                "testing",
            ),
            (
                text.replace("{\"phase\"", "{\"extra\":1,\"phase\""),
                "extra",
            ),
        ];
        for (bad, expected) in cases {
            let error = serde_json::from_str::<GameBatch>(&bad)
                .unwrap_err()
                .to_string();
            assert!(error.contains(expected), "{error}");
        }
        let long = text.replacen("]],\"jobs\"", ",1.0]],\"jobs\"", 1);
        let error = serde_json::from_str::<GameBatch>(&long)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("genome 0 of the batch has 7 weights for 6"),
            "{error}"
        );
    }
}
