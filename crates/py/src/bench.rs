//! `bench`: many seeded games with one AI, spread over rayon's threads with the GIL released,
//! and the dict `tetris-ai bench --json` prints for the same settings.

use super::errors::{checked, from_json, to_py, value_error};
use super::threads;
use pyo3::prelude::*;
use rayon::prelude::*;
use serde_json::{Map, Value, json};
use std::time::Instant;
use tetris_ai_core::bench::{Benchmark, BenchmarkStats, DEFAULT_GAMES, GameOutcome, MAX_GAMES};
use tetris_ai_core::checked::{self as check, MAX_SAFE_INTEGER};
use tetris_ai_core::config::DEFAULT_PRESET;
use tetris_ai_core::config::GameConfig;
use tetris_ai_core::settings::Settings;

/// Plays the games `seed .. seed + games - 1` of the game configuration `config` (the dict
/// `Game` takes) or of `settings` (the dict `game_config` takes; give one or neither), each
/// stopped after `max_pieces` pieces if given, `threads` at once (default one per core).
/// Returns the statistics, the rates and the settings, keyed as `tetris-ai bench --json` keys
/// them.
#[pyfunction]
#[pyo3(signature = (config=None, games=None, seed=None, max_pieces=None, threads=None, settings=None))]
pub fn bench<'py>(
    py: Python<'py>,
    config: Option<&Bound<'py, PyAny>>,
    games: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    max_pieces: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    settings: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (config, chosen) = chosen_config(config, settings, seed)?;
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
    from_json(py, &report(&benchmark, &chosen, &stats, lanes, seconds)?)
}

/// The report as `tetris-ai bench --json` writes it: the statistics, the rates, the settings
/// (as published where `settings` say so).
fn report(
    benchmark: &Benchmark,
    settings: &Settings,
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
        report.extend(game_settings(config, settings.as_published));
        report.insert("threads".into(), lanes.into());
        report.insert("search_threads".into(), 1.into());
        report.insert("max_pieces".into(), benchmark.max_pieces().into());
    }
    Ok(report)
}

/// The game configuration of the arguments: `config` (the dict `Game` takes) or `settings`
/// (the dict `game_config` takes, resolved as the engine resolves settings; not both), its seed
/// replaced by `seed` where given; with the settings (the defaults where none were given).
pub(super) fn chosen_config(
    config: Option<&Bound<'_, PyAny>>,
    settings: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<(GameConfig, Settings)> {
    let given = |v: Option<&Bound<'_, PyAny>>| v.is_some_and(|v| !v.is_none());
    let (mut config, settings) = if given(settings) {
        if given(config) {
            return Err(value_error("give config or settings, not both"));
        }
        let settings = checked(settings, "settings", check::settings)?;
        (settings.resolve().map_err(value_error)?, settings)
    } else {
        let config = checked(config, "config", check::game_config)?;
        (config, Settings::default())
    };
    if given(seed) {
        config.seed = checked(seed, "seed", check::seed)?;
    }
    Ok((config, settings))
}

/// Who plays `config` and the rules and search it plays with, keyed as the command line's
/// `--json` reports key them: as published where the settings played it so (a dict's weights,
/// never a file).
pub(super) fn game_settings(config: &GameConfig, as_published: bool) -> Map<String, Value> {
    let preset = config
        .weights
        .is_none()
        .then(|| config.preset.as_deref().unwrap_or(DEFAULT_PRESET));
    let mut settings = Map::new();
    settings.insert("preset".into(), preset.into());
    settings.insert("weights".into(), json!(config.weights));
    settings.insert("as_published".into(), as_published.into());
    settings.extend(tetris_ai_core::bench::settings(config));
    settings
}

/// The game configuration `settings` play (a dict: `preset`, `weights`, `asPublished`, `rules`,
/// `board`, `seed`, `depth`, `margin`, `das`, `arr`, `gravity`, `softDrop`, `lockDelay`,
/// `overrides`, each optional, the names of the engine's settings everywhere), as the engine resolves settings for the command
/// line and the page: the dict `Game` and `bench` take.
#[pyfunction]
#[pyo3(signature = (settings=None))]
pub fn game_config<'py>(
    py: Python<'py>,
    settings: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let settings = checked(settings, "settings", check::settings)?;
    to_py(py, &settings.resolve().map_err(value_error)?)
}
