//! `bench`: many seeded games with one AI, spread over rayon's threads with the GIL released,
//! and the dict `tetris-ai bench --json` prints for the same settings.

use super::errors::{checked, from_json, value_error};
use super::threads;
use pyo3::prelude::*;
use rayon::prelude::*;
use serde_json::{Map, Value, json};
use std::time::Instant;
use tetris_ai_core::bench::{Benchmark, BenchmarkStats, DEFAULT_GAMES, GameOutcome, MAX_GAMES};
use tetris_ai_core::checked::{self as check, MAX_SAFE_INTEGER};
use tetris_ai_core::config::DEFAULT_PRESET;
use tetris_ai_core::config::GameConfig;

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
    let config = seeded_config(config, seed)?;
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
        let outcomes: tetris_ai_core::Result<Vec<GameOutcome>> = pool.install(|| {
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
    if let Value::Object(report) = &mut report {
        report.insert(
            "games_per_second".into(),
            per_second(stats.games as f64).into(),
        );
        report.insert(
            "decisions_per_second".into(),
            per_second(stats.pieces as f64).into(),
        );
        report.extend(game_settings(config));
        report.insert("threads".into(), lanes.into());
        report.insert("search_threads".into(), 1.into());
        report.insert("max_pieces".into(), benchmark.max_pieces().into());
    }
    Ok(report)
}

/// The argument `config` (the dict `Game` takes), its seed replaced by `seed` where given.
pub(super) fn seeded_config(
    config: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<GameConfig> {
    let mut config = checked(config, "config", check::game_config)?;
    if seed.is_some_and(|s| !s.is_none()) {
        config.seed = checked(seed, "seed", check::seed)?;
    }
    Ok(config)
}

/// Who plays `config` and the rules and search it plays with, keyed as the command line's
/// `--json` reports key them (a dict's weights, never a file, so never as published).
pub(super) fn game_settings(config: &GameConfig) -> Map<String, Value> {
    let preset = config
        .weights
        .is_none()
        .then(|| config.preset.as_deref().unwrap_or(DEFAULT_PRESET));
    let mut settings = Map::new();
    settings.insert("preset".into(), preset.into());
    settings.insert("weights".into(), json!(config.weights));
    settings.insert("as_published".into(), false.into());
    settings.extend(tetris_ai_core::bench::settings(config));
    settings
}
