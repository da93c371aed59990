//! Survival by multilevel splitting: the mean lines of games too long to play out.
//!
//! A good player's game on a full board ends after tens of millions of lines, in one rare climb
//! of its stack from near the floor to the top. Playing whole games pays a whole game for each
//! ending seen. Splitting sees the endings a level at a time, and pays only for the climbs:
//!
//! - The stack's *level* is its highest column; a game that has ended is past every level.
//! - An *excursion* starts when the stack reaches the first level from at or below the *base*,
//!   and ends when it falls back to the base or the game ends.
//! - A long run of games (a new game from a further seed when one ends) counts the excursions
//!   per line cleared, `r`, and keeps the position at the start of each.
//! - From the positions that reached level `k`, `trials` branches (the kept positions taken
//!   evenly, each branch with a fresh seed of its own, [`Game::branch`]) play on until the stack
//!   reaches level `k + 1`, where the position is kept for the next stage, or falls to the
//!   base. The share that reach it is `p_k`. The last stage's target is the game's end.
//! - An excursion ends the game with chance `P = p_1 p_2 ... p_m` (each stage starts where the
//!   last left off, so the product is exact however the levels are spaced), so games end at
//!   `λ = r P` per line cleared, and last `1 / λ` lines on average.
//!
//! This is the fixed-effort splitting of rare-event simulation (Garvels and Kroese; Cérou and
//! Guyader): each factor is a share of a fixed number of branches, and the product is unbiased.
//! Its cost grows with the number of levels, not with the length of the games. Each
//! *replicate* does all of this from its own seed; the estimate is the mean of their rates, and
//! its standard error comes from their spread. Replicates depend on nothing but the plan and
//! their index, so they can run on any thread in any order.

mod measurement;

pub use measurement::SurvivalOptions;

use crate::config::GameConfig;
use crate::engine::piece::Piece;
use crate::engine::rng::GameRng;
use crate::error::{Error, Result};
use crate::game::{Game, Snapshot};
use serde::Serialize;
use serde_json::{Map, Value, json};

/// The random stream a replicate draws its games' and branches' seeds from.
const SEED_STREAM: u64 = 7;

/// The pieces the long run plays unless told otherwise.
pub const DEFAULT_RUN_PIECES: u64 = 1_000_000;

/// The branches played from each level unless told otherwise.
pub const DEFAULT_TRIALS: u64 = 2_000;

/// The replicates made unless told otherwise.
pub const DEFAULT_REPLICATES: u64 = 8;

/// The most pieces a long run may play: it keeps the position at each excursion's start, a few
/// hundred bytes each, and an excursion takes at least two pieces.
pub const MAX_RUN_PIECES: u64 = 10_000_000;

/// The most branches a level may have: a stage keeps the position of each that climbs.
pub const MAX_TRIALS: u64 = 1_000_000;

/// The most replicates a plan may make: every replicate's counts are kept until the estimate is
/// made, and each replicate plays for seconds.
pub const MAX_REPLICATES: u64 = 1_000_000;

/// How a survival estimate is made: the game, the base and levels, and the effort at each.
#[derive(Clone, Debug, PartialEq)]
pub struct SurvivalPlan {
    config: GameConfig,
    base: usize,
    levels: Vec<usize>,
    run_pieces: u64,
    trials: u64,
    replicates: u64,
    /// The most positions a replicate may keep at once; `None` for no limit.
    kept_limit: Option<u64>,
}

/// The base and levels for a board of `height` rows when none are given: the base a fifth of
/// the way up, then every row from two above it to the top.
pub fn default_levels(height: usize) -> (usize, Vec<usize>) {
    let base = height / 5;
    (base, (base + 2..=height).collect())
}

impl SurvivalPlan {
    /// The plan for games of `config` (replicate `i`'s seeds drawn from `config.seed + i`):
    /// excursions from `base` through `levels` (rising, each above the base and at most the
    /// board's height), a long run of `run_pieces` pieces (at most [`MAX_RUN_PIECES`]) and
    /// `trials` branches per level (at most [`MAX_TRIALS`]), in each of `replicates`
    /// replicates (at most [`MAX_REPLICATES`]). A bad configuration or value is an error naming
    /// it. A base the stack seldom falls to makes long branches.
    pub fn new(
        config: GameConfig,
        base: usize,
        levels: Vec<usize>,
        run_pieces: u64,
        trials: u64,
        replicates: u64,
    ) -> Result<SurvivalPlan> {
        Game::new(config.clone())?;
        let Some(&first) = levels.first() else {
            return Err(Error::Config(
                "no levels: splitting needs at least one level above the base".into(),
            ));
        };
        if first <= base {
            return Err(Error::Config(format!(
                "level {first} is not above the base {base}"
            )));
        }
        if let Some(pair) = levels.windows(2).find(|pair| pair[1] <= pair[0]) {
            return Err(Error::Config(format!(
                "level {} follows level {}: the levels must rise",
                pair[1], pair[0]
            )));
        }
        let top = levels[levels.len() - 1];
        if top > config.height {
            return Err(Error::Config(format!(
                "level {top} is above the board's {} rows",
                config.height
            )));
        }
        for (name, count, most) in [
            ("run pieces", run_pieces, MAX_RUN_PIECES),
            ("trials", trials, MAX_TRIALS),
            ("replicates", replicates, MAX_REPLICATES),
        ] {
            if count == 0 {
                return Err(Error::Config(format!("{name} is 0: it must be at least 1")));
            }
            if count > most {
                return Err(Error::Config(format!(
                    "{name} {count} is above the most, {most}"
                )));
            }
        }
        Ok(SurvivalPlan {
            config,
            base,
            levels,
            run_pieces,
            trials,
            replicates,
            kept_limit: None,
        })
    }

    /// The plan with each replicate keeping at most `positions` positions at once (the long
    /// run's excursion starts, or one stage's starts and the positions that climbed from them),
    /// where memory is short: a replicate that would keep more stops with an error saying so,
    /// and a replicate that keeps fewer is the same as without the limit.
    pub fn with_kept_limit(self, positions: u64) -> SurvivalPlan {
        SurvivalPlan {
            kept_limit: Some(positions),
            ..self
        }
    }

    /// About the bytes one kept position of the plan's games takes: the snapshot, its cells'
    /// colours, its preview and a bag of pieces, and their allocations' headers.
    pub fn position_bytes(&self) -> u64 {
        const ALLOCATION_HEADERS: usize = 3 * 16;
        let cells = self.config.width * self.config.height;
        let pieces = (self.config.rules.preview + 7) * std::mem::size_of::<Piece>();
        (std::mem::size_of::<Snapshot>() + cells + pieces + ALLOCATION_HEADERS) as u64
    }

    /// An error unless `kept` positions are within the plan's limit; `what` says which they are.
    fn check_kept(&self, kept: usize, what: &str) -> Result<()> {
        match self.kept_limit {
            Some(limit) if kept as u64 > limit => Err(Error::Config(format!(
                "a replicate would keep more than {limit} positions ({what}), the most memory \
                 allows here"
            ))),
            _ => Ok(()),
        }
    }

    /// The games' configuration.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The base: an excursion ends when the stack falls to it.
    pub fn base(&self) -> usize {
        self.base
    }

    /// The levels, rising.
    pub fn levels(&self) -> &[usize] {
        &self.levels
    }

    /// The number of replicates.
    pub fn replicates(&self) -> u64 {
        self.replicates
    }

    /// The level each stage of a replicate plays for, in order: every level after the first,
    /// then `None`, the game's end.
    pub fn targets(&self) -> impl Iterator<Item = Option<usize>> + '_ {
        self.levels[1..]
            .iter()
            .map(|&level| Some(level))
            .chain([None])
    }

    /// The plan's own settings, as `tetris-ai survival --json` and Python's `survival` report
    /// them after the game's: base, levels, run pieces, trials, replicates.
    pub fn settings(&self) -> Map<String, Value> {
        [
            ("base", json!(self.base)),
            ("levels", json!(self.levels)),
            ("run_pieces", json!(self.run_pieces)),
            ("trials", json!(self.trials)),
            ("replicates", json!(self.replicates)),
        ]
        .into_iter()
        .map(|(key, value)| (key.to_string(), value))
        .collect()
    }

    /// Makes replicate `index` (0 for the first). A replicate past the last is an error naming
    /// both.
    pub fn replicate(&self, index: u64) -> Result<Replicate> {
        if index >= self.replicates {
            return Err(Error::Config(format!(
                "replicate {index} is past the last of the plan's {} replicates",
                self.replicates
            )));
        }
        let mut seeds = GameRng::new(self.config.seed.wrapping_add(index), SEED_STREAM);
        let run = self.long_run(&mut seeds)?;
        let template = self.game(0)?;
        let mut pieces = run.pieces;
        let mut starts = run.starts;
        let mut stages = Vec::with_capacity(self.levels.len());
        for target in self.targets() {
            let stage = self.stage(&template, &starts, target, &mut seeds)?;
            pieces += stage.pieces;
            starts = stage.reached;
            stages.push(Stage {
                level: target,
                trials: stage.trials,
                reached: starts.len() as u64,
            });
        }
        Ok(Replicate {
            lines: run.lines,
            excursions: run.excursions,
            stages,
            pieces,
        })
    }

    /// A new game of the plan's configuration from `seed`.
    fn game(&self, seed: u64) -> Result<Game> {
        Game::new(GameConfig {
            seed,
            ..self.config.clone()
        })
    }

    /// Plays the long run: `run_pieces` pieces, a new game whenever one ends, keeping the
    /// position at the start of each excursion.
    fn long_run(&self, seeds: &mut GameRng) -> Result<LongRun> {
        let first = self.levels[0];
        let mut run = LongRun {
            lines: 0,
            pieces: 0,
            excursions: 0,
            starts: Vec::new(),
        };
        let mut game = self.game(seeds.next_u64())?;
        let mut armed = true;
        while run.pieces < self.run_pieces {
            if game.is_over() {
                run.lines += game.stats().lines;
                game = self.game(seeds.next_u64())?;
                armed = true;
                continue;
            }
            game.play(Some(game.stats().pieces + 1));
            run.pieces += 1;
            let level = level(&game);
            if armed && level >= first {
                run.excursions += 1;
                run.starts.push(game.snapshot());
                self.check_kept(
                    run.starts.len(),
                    "the long run's excursion starts: play fewer pieces in it",
                )?;
                armed = false;
            } else if level <= self.base {
                armed = true;
            }
        }
        run.lines += game.stats().lines;
        Ok(run)
    }

    /// Plays `trials` branches of `template` from `starts` (taken evenly) until each reaches
    /// `target` (the game's end for `None`) or falls to the base; keeps the positions that
    /// reached it, within the plan's limit.
    fn stage(
        &self,
        template: &Game,
        starts: &[Snapshot],
        target: Option<usize>,
        seeds: &mut GameRng,
    ) -> Result<StageRun> {
        let mut run = StageRun {
            reached: Vec::new(),
            trials: 0,
            pieces: 0,
        };
        if starts.is_empty() {
            return Ok(run);
        }
        run.trials = self.trials;
        let target = target.unwrap_or(usize::MAX);
        for trial in 0..self.trials {
            let index =
                (u128::from(trial) * starts.len() as u128 / u128::from(self.trials)) as usize;
            let mut branch = template.branch(&starts[index], seeds.next_u64());
            let begun = branch.stats().pieces;
            loop {
                let level = level(&branch);
                if level >= target {
                    run.reached.push(branch.snapshot());
                    self.check_kept(
                        starts.len() + run.reached.len(),
                        "a level's starts and the branches that climbed: play fewer branches",
                    )?;
                    break;
                }
                if level <= self.base {
                    break;
                }
                branch.play(Some(branch.stats().pieces + 1));
            }
            run.pieces += branch.stats().pieces - begun;
        }
        Ok(run)
    }
}

/// The stack's level: its highest column, or past every level once the game has ended.
fn level(game: &Game) -> usize {
    if game.is_over() {
        usize::MAX
    } else {
        game.board().max_height()
    }
}

/// What the long run saw.
struct LongRun {
    lines: u64,
    pieces: u64,
    excursions: u64,
    starts: Vec<Snapshot>,
}

/// What one stage's branches did.
struct StageRun {
    reached: Vec<Snapshot>,
    trials: u64,
    pieces: u64,
}

/// One stage of a replicate: the branches from one level and how many reached the next.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Stage {
    /// The level the branches played for; null for the game's end.
    pub level: Option<usize>,
    /// Branches played: none where no branch reached the level before.
    pub trials: u64,
    /// Branches that reached it.
    pub reached: u64,
}

impl Stage {
    /// The share of branches that reached the level: 0 where none were played.
    pub fn share(&self) -> f64 {
        if self.trials == 0 {
            0.0
        } else {
            self.reached as f64 / self.trials as f64
        }
    }
}

/// One replicate's counts.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Replicate {
    /// Lines cleared in the long run.
    pub lines: u64,
    /// Excursions started in the long run.
    pub excursions: u64,
    /// The stages, one per level after the first, then the game's end.
    pub stages: Vec<Stage>,
    /// Pieces placed in all, the long run's and every branch's.
    pub pieces: u64,
}

impl Replicate {
    /// Games' endings per line cleared: excursions per line times each stage's share; 0 where
    /// the long run cleared no line.
    pub fn rate(&self) -> f64 {
        if self.lines == 0 {
            return 0.0;
        }
        let start = self.excursions as f64 / self.lines as f64;
        self.stages.iter().map(Stage::share).product::<f64>() * start
    }
}

/// The estimate from a plan's replicates.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct SurvivalEstimate {
    /// Mean lines per game, `1 / rate`; null where no replicate saw a game end.
    pub mean_lines: Option<f64>,
    /// Its standard error, `rate_error / rate^2`; null for one replicate or no ending seen.
    pub mean_lines_error: Option<f64>,
    /// Games' endings per line cleared, the mean of the replicates' rates.
    pub rate: f64,
    /// The standard error of the rate: the replicates' sample standard deviation over the
    /// square root of their number; null for one replicate.
    pub rate_error: Option<f64>,
    /// Pieces placed over every replicate.
    pub pieces: u64,
    /// Each replicate's counts, in order.
    pub replicates: Vec<Replicate>,
}

impl SurvivalEstimate {
    /// The estimate from `replicates` (no ending seen for none).
    pub fn of(replicates: Vec<Replicate>) -> SurvivalEstimate {
        let rates: Vec<f64> = replicates.iter().map(Replicate::rate).collect();
        let n = rates.len().max(1) as f64;
        let rate = rates.iter().sum::<f64>() / n;
        let rate_error = (rates.len() > 1).then(|| {
            let squares: f64 = rates.iter().map(|r| (r - rate).powi(2)).sum();
            (squares / (n - 1.0)).sqrt() / n.sqrt()
        });
        let seen = rate > 0.0;
        SurvivalEstimate {
            mean_lines: seen.then(|| 1.0 / rate),
            mean_lines_error: rate_error.filter(|_| seen).map(|e| e / (rate * rate)),
            rate,
            rate_error,
            pieces: replicates.iter().map(|r| r.pieces).sum(),
            replicates,
        }
    }
}
