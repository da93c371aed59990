//! Benchmarks for JavaScript: the games of a benchmark, played a range at a time by a
//! single-threaded worker or all at once on the threaded build's pool, each game's outcome sent
//! as three numbers; and the statistics of every game's outcome, worked out by the library as
//! `tetris-ai bench` works them out.

use super::args::{checked, job_range, number, to_js};
use js_sys::Float64Array;
use tetris_ai_core::bench::{Benchmark, BenchmarkResult, DEFAULT_GAMES, GameOutcome};
use tetris_ai_core::checked::{self as check, MAX_SAFE_INTEGER};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The most games a benchmark in a page plays: every game's outcome is kept until the end.
pub const MAX_GAMES: u64 = 1_000_000;

/// The numbers a game's outcome is sent as: its lines, its pieces, and 1 if it stopped at the
/// cap on pieces, else 0.
const OUTCOME_NUMBERS: usize = 3;

/// `outcome` as the numbers it is sent as.
fn numbers(outcome: GameOutcome) -> [f64; OUTCOME_NUMBERS] {
    [
        outcome.lines as f64,
        outcome.pieces as f64,
        f64::from(u8::from(outcome.capped)),
    ]
}

/// The outcomes sent as `value`: a `Float64Array` of three numbers per game, in game order.
/// Anything else is an error naming the bad value.
fn outcomes(value: &JsValue) -> Result<Vec<GameOutcome>, JsError> {
    let Some(typed) = value.dyn_ref::<Float64Array>() else {
        return Err(JsError::new(
            "outcomes must be a Float64Array of three numbers per game (lines, pieces, capped)",
        ));
    };
    let sent = typed.to_vec();
    if sent.len() % OUTCOME_NUMBERS != 0 {
        return Err(JsError::new(&format!(
            "outcomes must hold three numbers per game (lines, pieces, capped), got {} numbers",
            sent.len()
        )));
    }
    let read = |at: usize, max: u64| -> Result<u64, JsError> {
        let path = format!("outcomes[{at}]");
        let value = number(&path, sent[at])?;
        check::count(&path, Some(&value), 0, max).map_err(|e| JsError::new(&e.to_string()))
    };
    (0..sent.len() / OUTCOME_NUMBERS)
        .map(|game| {
            let at = game * OUTCOME_NUMBERS;
            Ok(GameOutcome {
                lines: read(at, MAX_SAFE_INTEGER)?,
                pieces: read(at + 1, MAX_SAFE_INTEGER)?,
                capped: read(at + 2, 1)? == 1,
            })
        })
        .collect()
}

/// A benchmark from the arguments of `benchmark()`: the game configuration `config` and the
/// options `games` (default 100), `seed` (the first game's, default the configuration's) and
/// `maxPieces` (default none). A bad one is an error naming it.
fn read_benchmark(
    config: &JsValue,
    games: &JsValue,
    seed: &JsValue,
    max_pieces: &JsValue,
) -> Result<Benchmark, JsError> {
    let mut config = checked(config, "config", check::game_config)?;
    if !seed.is_undefined() {
        config.seed = checked(seed, "options.seed", check::seed)?;
    }
    let games = if games.is_undefined() {
        DEFAULT_GAMES
    } else {
        checked(games, "options.games", |name, value| {
            check::count(name, value, 1, MAX_GAMES)
        })?
    };
    let max_pieces = if max_pieces.is_undefined() || max_pieces.is_null() {
        None
    } else {
        Some(checked(max_pieces, "options.maxPieces", |name, value| {
            check::count(name, value, 1, MAX_SAFE_INTEGER)
        })?)
    };
    Benchmark::new(config, games, max_pieces).map_err(|e| JsError::new(&e.to_string()))
}

/// The games of a benchmark, read once and played in any order: a game's outcome depends on
/// nothing but the benchmark and the game's index.
#[wasm_bindgen(js_name = Benchmark)]
pub struct WebBenchmark {
    benchmark: Benchmark,
}

#[wasm_bindgen(js_class = Benchmark)]
impl WebBenchmark {
    /// The games `seed .. seed + games - 1` of the game configuration `config` (the form
    /// `Game` takes), each stopped after `maxPieces` pieces if given; a bad argument throws
    /// naming it.
    #[wasm_bindgen(constructor)]
    pub fn new(
        config: JsValue,
        games: JsValue,
        seed: JsValue,
        max_pieces: JsValue,
    ) -> Result<WebBenchmark, JsError> {
        Ok(WebBenchmark {
            benchmark: read_benchmark(&config, &games, &seed, &max_pieces)?,
        })
    }

    /// The number of games.
    pub fn games(&self) -> usize {
        self.benchmark.games() as usize
    }

    /// Plays games `from` to `to` (exclusive) one after another: three numbers per game, its
    /// lines, its pieces, and 1 if it stopped at the cap on pieces, else 0.
    pub fn play(&self, from: JsValue, to: JsValue) -> Result<Vec<f64>, JsError> {
        let games = job_range(&from, &to, self.games())?;
        let mut played = Vec::with_capacity(games.len() * OUTCOME_NUMBERS);
        for game in games {
            let outcome = self
                .benchmark
                .play(game as u64, false)
                .map_err(|e| JsError::new(&e.to_string()))?;
            played.extend(numbers(outcome));
        }
        Ok(played)
    }
}

/// A benchmark's result from the outcomes of its games (a `Float64Array` of three numbers per
/// game, in game order, as `Benchmark.play` and `BenchmarkRun.result` give them): the
/// statistics `tetris-ai bench --json` gives, and every game's lines.
#[wasm_bindgen(js_name = benchmarkResult)]
pub fn benchmark_result(outcomes_sent: JsValue) -> Result<JsValue, JsError> {
    to_js(&BenchmarkResult::of(&outcomes(&outcomes_sent)?))
}

#[cfg(feature = "threads")]
pub use pool::BenchmarkRun;

/// Benchmarks played on the thread pool while the calling worker stays free to report progress.
#[cfg(feature = "threads")]
mod pool {
    use super::{numbers, read_benchmark};
    use crate::bindings::pool::PoolRun;
    use wasm_bindgen::prelude::*;

    /// A benchmark being played on the pool.
    #[wasm_bindgen]
    pub struct BenchmarkRun {
        run: PoolRun,
    }

    #[wasm_bindgen]
    impl BenchmarkRun {
        /// Starts playing every game of a benchmark (the arguments of `new Benchmark`) on the
        /// thread pool and returns at once; a bad argument throws naming it.
        #[wasm_bindgen(constructor)]
        pub fn new(
            config: JsValue,
            games: JsValue,
            seed: JsValue,
            max_pieces: JsValue,
        ) -> Result<BenchmarkRun, JsError> {
            let benchmark = read_benchmark(&config, &games, &seed, &max_pieces)?;
            let jobs = benchmark.games() as usize;
            let run = PoolRun::start(jobs, move |game| {
                benchmark
                    .play(game as u64, false)
                    .map(|outcome| numbers(outcome).to_vec())
                    .map_err(|e| e.to_string())
            });
            Ok(BenchmarkRun { run })
        }

        /// Games finished so far.
        pub fn done(&self) -> usize {
            self.run.done()
        }

        /// The outcomes of every game in game order once all are played (three numbers per
        /// game, as `Benchmark.play` gives them), else `undefined`.
        pub fn result(&self) -> Result<Option<Vec<f64>>, JsError> {
            self.run.result()
        }

        /// Abandons the games not yet started.
        pub fn cancel(&self) {
            self.run.cancel();
        }
    }
}
