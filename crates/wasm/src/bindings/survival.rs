//! Survival estimates for JavaScript: the replicates of a plan, made a range at a time by a
//! single-threaded worker or all at once on the threaded build's pool, each replicate's counts
//! sent as numbers; and the estimate from every replicate's counts, worked out by the library as
//! `tetris-ai survival` works it out.

use super::args::{checked, job_range, number, to_js};
use js_sys::Float64Array;
use tetris_ai_core::checked::{self as check, MAX_SAFE_INTEGER};
use tetris_ai_core::engine::board::MAX_HEIGHT;
use tetris_ai_core::survival::{
    DEFAULT_REPLICATES, DEFAULT_RUN_PIECES, DEFAULT_TRIALS, MAX_REPLICATES, MAX_RUN_PIECES,
    MAX_TRIALS, Replicate, Stage, SurvivalEstimate, SurvivalPlan, default_levels,
};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The numbers a replicate's counts start with: the long run's lines, its excursions, and the
/// pieces placed in all. Two follow for each stage: its branches, and how many reached.
const HEAD_NUMBERS: usize = 3;

/// The bytes the positions a page's replicates keep may take at once, in all: half the threaded
/// build's shared memory of 1 GiB (and of what a single-threaded build's own may grow to), the
/// rest left to the engine, its threads and the games in play.
const KEPT_BYTES: u64 = 512 << 20;

/// `replicate`'s counts as the numbers they are sent as.
fn numbers(replicate: &Replicate) -> Vec<f64> {
    let head = [replicate.lines, replicate.excursions, replicate.pieces];
    let stages = replicate.stages.iter().flat_map(|s| [s.trials, s.reached]);
    head.into_iter().chain(stages).map(|n| n as f64).collect()
}

/// The argument `name`, a count from `min` to `max`, or `default` where it is undefined.
fn count_or(value: &JsValue, name: &str, min: u64, max: u64, default: u64) -> Result<u64, JsError> {
    if value.is_undefined() {
        return Ok(default);
    }
    checked(value, name, |n, v| check::count(n, v, min, max))
}

/// A plan from the arguments of `survival()`: the game configuration `config` and the options
/// `replicates`, `seed` (the first replicate's, default the configuration's), `runPieces`,
/// `trials`, `base` and `levels` (default a fifth of the height, then every row from two above
/// it to the top). A bad one is an error naming it. Each of the `threads` replicates made at once
/// keeps at most its share of [`KEPT_BYTES`] in positions, so that a replicate too big for the
/// memory stops with an error rather than trapping the instance.
fn read_plan(
    config: &JsValue,
    options: [&JsValue; 6],
    threads: usize,
) -> Result<SurvivalPlan, JsError> {
    let [replicates, seed, run_pieces, trials, base, levels] = options;
    let mut config = checked(config, "config", check::game_config)?;
    if !seed.is_undefined() {
        config.seed = checked(seed, "options.seed", check::seed)?;
    }
    let (default_base, default_levels) = default_levels(config.height);
    let levels = if levels.is_undefined() {
        default_levels
    } else {
        let read = checked(levels, "options.levels", check::whole_numbers)?;
        let rows = |(at, level): (usize, u64)| {
            let name = format!("options.levels[{at}]");
            check::count(&name, Some(&level.into()), 1, MAX_HEIGHT as u64)
                .map(|level| level as usize)
                .map_err(|e| JsError::new(&e.to_string()))
        };
        read.into_iter()
            .enumerate()
            .map(rows)
            .collect::<Result<_, _>>()?
    };
    let most = MAX_HEIGHT as u64;
    let base = count_or(base, "options.base", 0, most, default_base as u64)?;
    SurvivalPlan::new(
        config,
        base as usize,
        levels,
        count_or(
            run_pieces,
            "options.runPieces",
            1,
            MAX_RUN_PIECES,
            DEFAULT_RUN_PIECES,
        )?,
        count_or(trials, "options.trials", 1, MAX_TRIALS, DEFAULT_TRIALS)?,
        count_or(
            replicates,
            "options.replicates",
            1,
            MAX_REPLICATES,
            DEFAULT_REPLICATES,
        )?,
    )
    .map(|plan| {
        let positions = KEPT_BYTES / threads.max(1) as u64 / plan.position_bytes();
        plan.with_kept_limit(positions)
    })
    .map_err(|e| JsError::new(&e.to_string()))
}

/// The replicates of a survival estimate, read once and made in any order: a replicate's counts
/// depend on nothing but the plan and the replicate's index.
#[wasm_bindgen(js_name = Survival)]
pub struct WebSurvival {
    plan: SurvivalPlan,
}

#[wasm_bindgen(js_class = Survival)]
impl WebSurvival {
    /// The replicates `seed .. seed + replicates - 1` of the game configuration `config` (the
    /// form `Game` takes), each with a long run of `runPieces` pieces and `trials` branches from
    /// each level, excursions from `base` through `levels`; undefined takes the default. A bad
    /// argument throws naming it.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::too_many_arguments)] // the options of `survival()`, each optional
    pub fn new(
        config: JsValue,
        replicates: JsValue,
        seed: JsValue,
        run_pieces: JsValue,
        trials: JsValue,
        base: JsValue,
        levels: JsValue,
    ) -> Result<WebSurvival, JsError> {
        let options = [&replicates, &seed, &run_pieces, &trials, &base, &levels];
        Ok(WebSurvival {
            plan: read_plan(&config, options, 1)?,
        })
    }

    /// The number of replicates.
    pub fn replicates(&self) -> usize {
        self.plan.replicates() as usize
    }

    /// Makes replicates `from` to `to` (exclusive) one after another: for each, its long run's
    /// lines and excursions, its pieces placed, then each stage's branches and how many reached.
    pub fn play(&self, from: JsValue, to: JsValue) -> Result<Vec<f64>, JsError> {
        let mut made = Vec::new();
        for index in job_range(&from, &to, self.replicates())? {
            let replicate = self
                .plan
                .replicate(index as u64)
                .map_err(|e| JsError::new(&e.to_string()))?;
            made.extend(numbers(&replicate));
        }
        Ok(made)
    }

    /// The estimate from every replicate's counts (a `Float64Array` in replicate order, as
    /// `play` and `SurvivalRun.result` give them): what `tetris-ai survival --json` gives
    /// before its timing and settings. Counts that do not fit the plan throw naming the bad one.
    pub fn result(&self, counts: JsValue) -> Result<JsValue, JsError> {
        to_js(&SurvivalEstimate::of(self.read_counts(&counts)?))
    }
}

impl WebSurvival {
    /// The replicates whose counts were sent as `value`, checked against the plan.
    fn read_counts(&self, value: &JsValue) -> Result<Vec<Replicate>, JsError> {
        let targets: Vec<Option<usize>> = self.plan.targets().collect();
        let per = HEAD_NUMBERS + 2 * targets.len();
        let Some(typed) = value.dyn_ref::<Float64Array>() else {
            return Err(JsError::new(&format!(
                "counts must be a Float64Array of {per} numbers per replicate"
            )));
        };
        let sent = typed.to_vec();
        if sent.len() != per * self.replicates() {
            return Err(JsError::new(&format!(
                "counts must hold {per} numbers for each of {} replicates, got {} numbers",
                self.replicates(),
                sent.len()
            )));
        }
        let read = |at: usize| -> Result<u64, JsError> {
            let path = format!("counts[{at}]");
            let value = number(&path, sent[at])?;
            check::count(&path, Some(&value), 0, MAX_SAFE_INTEGER)
                .map_err(|e| JsError::new(&e.to_string()))
        };
        (0..self.replicates())
            .map(|replicate| {
                let at = replicate * per;
                let stages = targets.iter().enumerate().map(|(stage, &level)| {
                    let at = at + HEAD_NUMBERS + 2 * stage;
                    let (trials, reached) = (read(at)?, read(at + 1)?);
                    if reached > trials {
                        return Err(JsError::new(&format!(
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
                    stages: stages.collect::<Result<_, JsError>>()?,
                })
            })
            .collect()
    }
}

#[cfg(feature = "threads")]
pub use pool::SurvivalRun;

/// Survival estimates made on the thread pool while the calling worker stays free to report
/// progress.
#[cfg(feature = "threads")]
mod pool {
    use super::{numbers, read_plan};
    use crate::bindings::pool::PoolRun;
    use wasm_bindgen::prelude::*;

    /// The replicates of a survival estimate being made on the pool.
    #[wasm_bindgen]
    pub struct SurvivalRun {
        run: PoolRun,
    }

    #[wasm_bindgen]
    impl SurvivalRun {
        /// Starts making every replicate of a survival estimate (the arguments of `new
        /// Survival`) on the thread pool and returns at once; a bad argument throws naming it.
        #[wasm_bindgen(constructor)]
        #[allow(clippy::too_many_arguments)] // the options of `survival()`, each optional
        pub fn new(
            config: JsValue,
            replicates: JsValue,
            seed: JsValue,
            run_pieces: JsValue,
            trials: JsValue,
            base: JsValue,
            levels: JsValue,
        ) -> Result<SurvivalRun, JsError> {
            let options = [&replicates, &seed, &run_pieces, &trials, &base, &levels];
            let plan = read_plan(&config, options, rayon::current_num_threads())?;
            let jobs = plan.replicates() as usize;
            let run = PoolRun::start(jobs, move |index| {
                plan.replicate(index as u64)
                    .map(|replicate| numbers(&replicate))
                    .map_err(|e| e.to_string())
            });
            Ok(SurvivalRun { run })
        }

        /// Replicates made so far.
        pub fn done(&self) -> usize {
            self.run.done()
        }

        /// Every replicate's counts in replicate order once all are made (as `Survival.play`
        /// gives them), else `undefined`.
        pub fn result(&self) -> Result<Option<Vec<f64>>, JsError> {
            self.run.result()
        }

        /// Abandons the replicates not yet started.
        pub fn cancel(&self) {
            self.run.cancel();
        }
    }
}
