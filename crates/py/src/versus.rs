//! `versus` and `sprint`: seeded matches of one AI against another, and seeded 40-line sprints,
//! spread over rayon's threads with the GIL released; each returns the statistics the command
//! line's `--json` prints for the same games.

use super::errors::{checked, to_py, value_error};
use super::threads;
use pyo3::prelude::*;
use tetris_ai_core::checked::{self as check, MAX_SAFE_INTEGER};
use tetris_ai_core::config::GameConfig;
use tetris_ai_core::engine::versus::VersusPreset;
use tetris_ai_core::sprint::{DEFAULT_LINES, Sprint, SprintStats};
use tetris_ai_core::versus::series::{DEFAULT_MATCHES, MAX_MATCHES, Series, SeriesStats};
use tetris_ai_core::versus::{DEFAULT_MAX_PIECES, Match};

/// A count argument `name` from `min` to `max`, or `default` when not given.
fn count(
    value: Option<&Bound<'_, PyAny>>,
    name: &str,
    min: u64,
    max: u64,
    default: u64,
) -> PyResult<u64> {
    Ok(checked(value, name, |n, v| {
        v.map(|_| check::count(n, v, min, max)).transpose()
    })?
    .unwrap_or(default))
}

/// The versus rules named by `rules` ("ppt", the default, or "tetrio").
fn versus_rules(rules: Option<&Bound<'_, PyAny>>) -> PyResult<VersusPreset> {
    Ok(checked(rules, "rules", |n, v| {
        v.map(|_| check::versus_rules(n, v)).transpose()
    })?
    .unwrap_or_default())
}

/// Plays `games` matches (default 100) of the AI of `config` (the dict `Game` takes) against
/// that of `opponent` (default the same), match `i` seeded `seed + i` (default the config's
/// seed), both sides dealt the same pieces and garbage holes; each side's pieces are capped at
/// `max_pieces` (default 10,000), a match still going then a draw. `rules`: "ppt" (default) or
/// "tetrio"; `pace`: "lockstep" (default, a piece each per turn) or "ppt" (each side on a clock
/// of battletris's `-c ppt` frames, as `tetris-ai versus --pace ppt`). Returns the wins,
/// losses, draws, the win rate with its 95% interval, and each side's attack per piece, keyed as
/// `tetris-ai versus --json` keys them.
#[pyfunction]
#[pyo3(signature = (config=None, opponent=None, games=None, seed=None, max_pieces=None, rules=None, threads=None, pace=None))]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments, each optional
pub fn versus<'py>(
    py: Python<'py>,
    config: Option<&Bound<'py, PyAny>>,
    opponent: Option<&Bound<'py, PyAny>>,
    games: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    max_pieces: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    pace: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let config = checked(config, "config", check::game_config)?;
    let opponent: GameConfig = match checked(opponent, "opponent", |n, v| {
        v.map(|_| check::game_config(n, v)).transpose()
    })? {
        Some(opponent) => opponent,
        None => config.clone(),
    };
    let games = count(games, "games", 1, MAX_MATCHES, DEFAULT_MATCHES)?;
    let max_pieces = count(
        max_pieces,
        "max_pieces",
        1,
        MAX_SAFE_INTEGER,
        DEFAULT_MAX_PIECES,
    )?;
    let seed = checked(seed, "seed", |n, v| {
        v.map(|_| check::seed(n, v)).transpose()
    })?
    .unwrap_or(config.seed);
    let rules = versus_rules(rules)?;
    let pace = checked(pace, "pace", |n, v| {
        v.map(|_| check::pace(n, v)).transpose()
    })?;
    let pairing = Match::new(config, opponent, rules.rules(), max_pieces)
        .map_err(value_error)?
        .paced(pace.unwrap_or_default());
    let series = Series::new(pairing, seed, games).map_err(value_error)?;
    let outcomes = threads::play_all(py, threads, games, |game| series.play_match(game))?;
    to_py(py, &SeriesStats::of(&outcomes))
}

/// Plays `games` sprints (default 100) of `config` (the dict `Game` takes), sprint `i` seeded
/// `seed + i`, each to `lines` lines (default 40) or `max_pieces` pieces (default 10,000), its
/// attack counted by `rules` ("ppt", the default, or "tetrio"). Returns the finished sprints'
/// mean, median and fewest pieces and the attack per piece, keyed as `tetris-ai sprint --json`
/// keys them.
#[pyfunction]
#[pyo3(signature = (config=None, games=None, seed=None, lines=None, max_pieces=None, rules=None, threads=None))]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments, each optional
pub fn sprint<'py>(
    py: Python<'py>,
    config: Option<&Bound<'py, PyAny>>,
    games: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    lines: Option<&Bound<'py, PyAny>>,
    max_pieces: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let mut config = checked(config, "config", check::game_config)?;
    if let Some(seed) = checked(seed, "seed", |n, v| {
        v.map(|_| check::seed(n, v)).transpose()
    })? {
        config.seed = seed;
    }
    let games = count(games, "games", 1, MAX_MATCHES, DEFAULT_MATCHES)?;
    let lines = count(lines, "lines", 1, MAX_SAFE_INTEGER, DEFAULT_LINES)?;
    let max_pieces = count(
        max_pieces,
        "max_pieces",
        1,
        MAX_SAFE_INTEGER,
        tetris_ai_core::sprint::DEFAULT_MAX_PIECES,
    )?;
    let rules = versus_rules(rules)?;
    let sprints = Sprint::new(config, rules.rules(), lines, max_pieces).map_err(value_error)?;
    let outcomes = threads::play_all(py, threads, games, |game| sprints.play(game))?;
    to_py(py, &SprintStats::of(&outcomes))
}
