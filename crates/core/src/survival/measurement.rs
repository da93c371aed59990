//! A survival estimate as a measurement: its options as a page gives them, each replicate's
//! counts sent as numbers, and the estimate from every replicate's counts.

use super::{
    DEFAULT_REPLICATES, DEFAULT_RUN_PIECES, DEFAULT_TRIALS, MAX_REPLICATES, MAX_RUN_PIECES,
    MAX_TRIALS, Replicate, Stage, SurvivalEstimate, SurvivalPlan, default_levels,
};
use crate::checked::{self, MAX_SAFE_INTEGER};
use crate::config::GameConfig;
use crate::engine::board::MAX_HEIGHT;
use crate::error::{Error, Result};
use crate::measurement::{self, Host, Measurement};
use serde::Serialize;
use serde_json::Value;

/// A survival estimate's options as a page gives them (`survival()`'s, beside the game
/// configuration): each may be left out.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SurvivalOptions {
    /// Replicates, each from its own seed (default 8); the standard error comes from their
    /// spread.
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub replicates: Option<u64>,
    /// The first replicate's seed (default the configuration's); replicate i is seeded
    /// `seed + i`.
    #[cfg_attr(feature = "typescript", ts(optional, type = "number | string"))]
    pub seed: Option<u64>,
    /// Pieces played in each replicate's long run (default 1,000,000).
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub run_pieces: Option<u64>,
    /// Branches played from each level in each replicate (default 2,000).
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub trials: Option<u64>,
    /// The row an excursion starts from and ends at (default a fifth of the board's height).
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub base: Option<u64>,
    /// The levels, rising (default every row from the base + 2 to the top).
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub levels: Option<Vec<u64>>,
}

/// The fields of a survival estimate's options, as [`SurvivalOptions`] writes them.
const OPTION_FIELDS: [&str; 6] = [
    "replicates",
    "seed",
    "runPieces",
    "trials",
    "base",
    "levels",
];

impl SurvivalOptions {
    /// The options `value` (JSON; none for none), named `name`: replicates, pieces per long run
    /// and branches per level from 1 to their most, a seed, and a base and levels as rows from 0
    /// (the base) or 1 (a level) to the tallest board's. A bad one is an error naming it.
    pub fn read(name: &str, value: Option<&Value>) -> Result<SurvivalOptions> {
        let Some(map) = checked::object(name, value, &OPTION_FIELDS, true)? else {
            return Ok(SurvivalOptions::default());
        };
        let count = |field: &str, min: u64, max: u64| {
            checked::optional(map, name, field, |path, v| {
                checked::count(path, v, min, max)
            })
        };
        let rows = MAX_HEIGHT as u64;
        let levels = checked::optional(map, name, "levels", |path, v| {
            let levels = checked::whole_numbers(path, v)?;
            for (at, &level) in levels.iter().enumerate() {
                checked::count(&format!("{path}[{at}]"), Some(&level.into()), 1, rows)?;
            }
            Ok(levels)
        })?;
        Ok(SurvivalOptions {
            replicates: count("replicates", 1, MAX_REPLICATES)?,
            seed: checked::optional(map, name, "seed", checked::seed)?,
            run_pieces: count("runPieces", 1, MAX_RUN_PIECES)?,
            trials: count("trials", 1, MAX_TRIALS)?,
            base: count("base", 0, rows)?,
            levels,
        })
    }
}

/// The numbers a replicate's counts start with: the long run's lines, its excursions, and the
/// pieces placed in all. Two follow for each stage: its branches, and how many reached.
const HEAD_NUMBERS: usize = 3;

impl SurvivalPlan {
    /// The replicates whose counts were sent as `numbers` (see [`Measurement::play`]), called
    /// `counts` in messages, checked against the plan.
    fn read_counts(&self, numbers: &[f64]) -> Result<Vec<Replicate>> {
        let targets: Vec<Option<usize>> = self.targets().collect();
        let per = HEAD_NUMBERS + 2 * targets.len();
        if numbers.len() as u64 != per as u64 * self.replicates {
            return Err(Error::Config(format!(
                "counts must hold {per} numbers for each of {} replicates, got {} numbers",
                self.replicates,
                numbers.len()
            )));
        }
        let read = |at: usize| checked::sent_count("counts", numbers, at, MAX_SAFE_INTEGER);
        (0..numbers.len() / per)
            .map(|replicate| {
                let at = replicate * per;
                let stages = targets.iter().enumerate().map(|(stage, &level)| {
                    let at = at + HEAD_NUMBERS + 2 * stage;
                    let (trials, reached) = (read(at)?, read(at + 1)?);
                    if reached > trials {
                        return Err(Error::Config(format!(
                            "counts[{}] says {reached} branches reached a level of {trials} played",
                            at + 1
                        )));
                    }
                    Ok(Stage {
                        level,
                        trials,
                        reached,
                    })
                });
                Ok(Replicate {
                    lines: read(at)?,
                    excursions: read(at + 1)?,
                    pieces: read(at + 2)?,
                    stages: stages.collect::<Result<_>>()?,
                })
            })
            .collect()
    }
}

impl Measurement for SurvivalPlan {
    /// The plan of `config` with `options` (see [`SurvivalOptions::read`]; the page's
    /// `survival()`), as a measurement whose jobs are its replicates. Where `host` keeps few
    /// bytes, each replicate made at once keeps at most its share of them in positions, so that
    /// one too big for the memory stops with an error naming it rather than exhausting it.
    fn read(config: GameConfig, options: Option<&Value>, host: &Host) -> Result<SurvivalPlan> {
        let options = SurvivalOptions::read("options", options)?;
        let config = GameConfig {
            seed: options.seed.unwrap_or(config.seed),
            ..config
        };
        let (default_base, default_levels) = default_levels(config.height);
        let levels = match options.levels {
            Some(levels) => levels.into_iter().map(|level| level as usize).collect(),
            None => default_levels,
        };
        let plan = SurvivalPlan::new(
            config,
            options.base.map_or(default_base, |base| base as usize),
            levels,
            options.run_pieces.unwrap_or(DEFAULT_RUN_PIECES),
            options.trials.unwrap_or(DEFAULT_TRIALS),
            options.replicates.unwrap_or(DEFAULT_REPLICATES),
        )?;
        Ok(match host.kept_bytes {
            Some(bytes) => {
                let positions = bytes / host.lanes.max(1) as u64 / plan.position_bytes();
                plan.with_kept_limit(positions)
            }
            None => plan,
        })
    }

    fn jobs(&self) -> u64 {
        self.replicates
    }

    /// The replicate's long run's lines and excursions, its pieces placed, then each stage's
    /// branches and how many reached.
    fn play(&self, job: u64) -> Result<Vec<f64>> {
        let replicate = self.replicate(job)?;
        let head = [replicate.lines, replicate.excursions, replicate.pieces];
        let stages = replicate.stages.iter().flat_map(|s| [s.trials, s.reached]);
        Ok(head.into_iter().chain(stages).map(|n| n as f64).collect())
    }

    /// The estimate `tetris-ai survival --json` gives before its timing and settings.
    fn result(&self, numbers: &[f64]) -> Result<Value> {
        measurement::as_json(&SurvivalEstimate::of(self.read_counts(numbers)?))
    }
}
