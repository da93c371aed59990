//! `bench`: many seeded games with one AI, spread over rayon's threads with the GIL released,
//! and the dict `tetris-ai bench --json` prints for the same settings.

use super::errors::{checked, from_json, value_error};
use super::threads;
use crate::bench::{Benchmark, BenchmarkStats, DEFAULT_GAMES, GameOutcome};
use crate::checked::{self as check, MAX_SAFE_INTEGER};
use crate::game::DEFAULT_PRESET;
use pyo3::prelude::*;
use rayon::prelude::*;
use serde_json::{Value, json};
use std::time::Instant;

/// The most games one call plays.
pub const MAX_GAMES: u64 = 1_000_000;

/// Plays the games `seed .. seed + games - 1` of the game configuration `config` (the dict
/// `Game` takes), each stopped after `max_pieces` pieces if given, `threads` at once (default
/// one per core). Returns the statistics, the rates and the settings, keyed as
/// `tetris-ai bench --json` keys them.
#[pyfunction]
#[pyo3(signature = (config=None, games=None, seed=None, max_pieces=None, threads=None))]
pub fn bench<'py>(
    py: Python<'py>,
    config: Option<&Bound<'py, PyAny>>,
    games: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    max_pieces: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let mut config = checked(config, "config", check::game_config)?;
    if seed.is_some_and(|s| !s.is_none()) {
        config.seed = checked(seed, "seed", check::seed)?;
    }
    let games = match games {
        Some(g) if !g.is_none() => {
            checked(Some(g), "games", |n, v| check::count(n, v, 1, MAX_GAMES))?
        }
        _ => DEFAULT_GAMES,
    };
    let max_pieces = match max_pieces {
        Some(m) if !m.is_none() => Some(checked(Some(m), "max_pieces", |n, v| {
            check::count(n, v, 1, MAX_SAFE_INTEGER)
        })?),
        _ => None,
    };
    let lanes = threads::threads(threads)?.unwrap_or_else(rayon::current_num_threads);
    let benchmark = Benchmark::new(config, games, max_pieces).map_err(value_error)?;
    let pool = threads::pool(lanes)?;
    let (outcomes, seconds) = py.detach(|| {
        let start = Instant::now();
        let outcomes: crate::Result<Vec<GameOutcome>> = pool.install(|| {
            (0..benchmark.games())
                .into_par_iter()
                .map(|game| benchmark.play(game, false))
                .collect()
        });
        (outcomes, start.elapsed().as_secs_f64())
    });
    let stats = BenchmarkStats::of(&outcomes.map_err(value_error)?);
    from_json(py, &report(&benchmark, &stats, lanes, seconds)?)
}

/// The report as `tetris-ai bench --json` writes it: the statistics, the rates, the settings.
fn report(
    benchmark: &Benchmark,
    stats: &BenchmarkStats,
    lanes: usize,
    seconds: f64,
) -> PyResult<Value> {
    let mut report = serde_json::to_value(stats).map_err(value_error)?;
    let per_second = |count: f64| if seconds > 0.0 { count / seconds } else { 0.0 };
    let config = benchmark.config();
    let mut settings = json!({
        "games_per_second": per_second(stats.games as f64),
        "decisions_per_second": per_second(stats.pieces as f64),
        "preset": config.weights.is_none()
            .then(|| config.preset.as_deref().unwrap_or(DEFAULT_PRESET)),
        "weights": config.weights,
        "as_published": false,
    });
    if let Value::Object(settings) = &mut settings {
        settings.extend(crate::bench::settings(config));
        settings.insert("threads".into(), lanes.into());
        settings.insert("search_threads".into(), 1.into());
        settings.insert("max_pieces".into(), benchmark.max_pieces().into());
    }
    if let (Value::Object(report), Value::Object(settings)) = (&mut report, settings) {
        report.extend(settings);
    }
    Ok(report)
}
