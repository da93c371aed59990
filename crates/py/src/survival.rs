//! `survival`: the mean lines of games too long to play out, by multilevel splitting, the
//! replicates spread over rayon's threads with the GIL released, and the dict
//! `tetris-ai survival --json` prints for the same settings.

use super::bench::{chosen_config, game_settings};
use super::errors::{checked, from_json, value_error};
use super::threads;
use pyo3::prelude::*;
use rayon::prelude::*;
use serde_json::Value;
use std::time::Instant;
use tetris_ai_core::checked::{self as check, MAX_SAFE_INTEGER};
use tetris_ai_core::survival::{
    DEFAULT_REPLICATES, DEFAULT_RUN_PIECES, DEFAULT_TRIALS, Replicate, SurvivalEstimate,
    SurvivalPlan, default_levels,
};

/// Estimates the mean lines of uncapped games of the game configuration `config` (the dict
/// `Game` takes) or of `settings` (the dict `game_config` takes; give one or neither):
/// excursions from `base` through `levels` (default: a fifth of the height, then
/// every row from two above it to the top), a long run of `run_pieces` pieces and `trials`
/// branches per level in each of `replicates` replicates, replicate `i` from `seed + i`,
/// `threads` at once (default one per core). Returns the estimate, each replicate's counts, the
/// wall time and the settings, keyed as `tetris-ai survival --json` keys them.
#[pyfunction]
#[pyo3(signature = (
    config=None, base=None, levels=None, run_pieces=None, trials=None, replicates=None,
    seed=None, threads=None, settings=None
))]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments, each optional
pub fn survival<'py>(
    py: Python<'py>,
    config: Option<&Bound<'py, PyAny>>,
    base: Option<&Bound<'py, PyAny>>,
    levels: Option<&Bound<'py, PyAny>>,
    run_pieces: Option<&Bound<'py, PyAny>>,
    trials: Option<&Bound<'py, PyAny>>,
    replicates: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    settings: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (config, settings) = chosen_config(config, settings, seed)?;
    let as_published = settings.as_published;
    let (default_base, default_levels) = default_levels(config.height);
    let count = |value: Option<&Bound<'py, PyAny>>, name: &str, min: u64, default: u64| match value
    {
        Some(v) if !v.is_none() => checked(Some(v), name, |n, v| {
            check::count(n, v, min, MAX_SAFE_INTEGER)
        }),
        _ => Ok(default),
    };
    let base = count(base, "base", 0, default_base as u64)? as usize;
    let levels = match levels {
        Some(l) if !l.is_none() => checked(Some(l), "levels", check::whole_numbers)?
            .into_iter()
            .map(|level| level as usize)
            .collect(),
        _ => default_levels,
    };
    let plan = SurvivalPlan::new(
        config,
        base,
        levels,
        count(run_pieces, "run_pieces", 1, DEFAULT_RUN_PIECES)?,
        count(trials, "trials", 1, DEFAULT_TRIALS)?,
        count(replicates, "replicates", 1, DEFAULT_REPLICATES)?,
    )
    .map_err(value_error)?;
    let lanes = threads::threads(threads)?.unwrap_or_else(rayon::current_num_threads);
    let pool = threads::pool(lanes)?;
    let (replicates, seconds) = py.detach(|| {
        let start = Instant::now();
        let replicates: tetris_ai_core::Result<Vec<Replicate>> = pool.install(|| {
            (0..plan.replicates())
                .into_par_iter()
                .map(|index| plan.replicate(index))
                .collect()
        });
        (replicates, start.elapsed().as_secs_f64())
    });
    let estimate = SurvivalEstimate::of(replicates.map_err(value_error)?);
    from_json(py, &report(&plan, as_published, &estimate, seconds)?)
}

/// The report as `tetris-ai survival --json` writes it: the estimate, the wall time, the
/// settings (as published where `as_published`).
fn report(
    plan: &SurvivalPlan,
    as_published: bool,
    estimate: &SurvivalEstimate,
    seconds: f64,
) -> PyResult<Value> {
    let mut report = serde_json::to_value(estimate).map_err(value_error)?;
    let mut settings = game_settings(plan.config(), as_published);
    settings.extend(plan.settings());
    if let Value::Object(report) = &mut report {
        report.insert("seconds".into(), seconds.into());
        report.insert("settings".into(), Value::Object(settings));
    }
    Ok(report)
}
