//! The options of `python -m tetris_ai.ray evolve`: those of `tetris-ai evolve`, from the same
//! clap definition, and those of Ray; and the report line `tetris-ai evolve` prints.

use super::errors::{checked, to_py, value_error};
use super::evolution::PyEvolution;
use clap::Parser;
use pyo3::exceptions::PySystemExit;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::json;
use tetris_ai_args::evolve::{self, EvolveArgs};
use tetris_ai_args::values::parse_positive;
use tetris_ai_core::checked as check;
use tetris_ai_train::evolution::Report;

/// Learn weights as `tetris-ai evolve` does, each generation's games played by Ray tasks on a
/// local Ray instance or a cluster; the same seed gives the same reports and checkpoints.
#[derive(Debug, Parser)]
#[command(name = "python -m tetris_ai.ray evolve", version)]
struct RayEvolveArgs {
    #[command(flatten)]
    evolve: EvolveArgs,

    /// Join the Ray cluster at this address (for example 10.0.0.5:6379, or auto) instead of
    /// starting a local Ray instance of --threads CPUs.
    #[arg(long, value_name = "ADDRESS", conflicts_with = "threads")]
    address: Option<String>,

    /// Games per Ray task (default: enough tasks for about 16 per CPU of the cluster).
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    chunk_games: Option<u64>,
}

/// Parses the options of `python -m tetris_ai.ray evolve` (`argv`: what follows `evolve`) and
/// starts the run (new, or the checkpoint of `--resume`). Returns `run` (an `Evolution`),
/// `intro` (the lines `tetris-ai evolve` writes before the run in text mode) and
/// `generations`, `checkpoint`, `out`, `json`, `threads`, `address` and `chunk_games` (None when
/// not given). `--help` writes the help to standard output and raises `SystemExit(0)`; a bad
/// option writes clap's error to standard error and raises `SystemExit(2)`; a run that cannot
/// start raises `ValueError`.
#[pyfunction]
pub fn evolve_arguments<'py>(py: Python<'py>, argv: Vec<String>) -> PyResult<Bound<'py, PyDict>> {
    let program = "python -m tetris_ai.ray evolve".to_string();
    let args = match RayEvolveArgs::try_parse_from(std::iter::once(program).chain(argv)) {
        Ok(args) => args,
        Err(error) => {
            let stream = if error.use_stderr() {
                "stderr"
            } else {
                "stdout"
            };
            py.import("sys")?
                .getattr(stream)?
                .call_method1("write", (error.render().to_string(),))?;
            return Err(PySystemExit::new_err(error.exit_code()));
        }
    };
    let run = args.evolve.start().map_err(value_error)?;
    let path = |path: Option<&std::path::Path>| path.map(|p| p.display().to_string());
    let options = to_py(
        py,
        &json!({
            "generations": args.evolve.generations,
            "checkpoint": path(args.evolve.checkpoint_path()),
            "out": path(args.evolve.out.as_deref()),
            "json": args.evolve.json,
            "threads": args.evolve.threads,
            "address": args.address,
            "chunk_games": args.chunk_games,
            "intro": evolve::intro_lines(run.config()),
        }),
    )?
    .cast_into::<PyDict>()?;
    options.set_item("run", Py::new(py, PyEvolution::from(run))?)?;
    Ok(options)
}

/// A generation's report (as `tell` and `next_generation` return it) as the line
/// `tetris-ai evolve` prints: its JSON with `json`, else its line of text.
#[pyfunction]
#[pyo3(signature = (report, json=false))]
pub fn evolve_report(report: &Bound<'_, PyAny>, json: bool) -> PyResult<String> {
    let report: Report = checked(Some(report), "report", check::deserialized)?;
    evolve::report_line(&report, json).map_err(value_error)
}

/// What `tetris-ai evolve` writes after a run in text mode: the best weights with their fitness,
/// or None while the run has none.
#[pyfunction]
pub fn evolve_closing(run: &PyEvolution) -> Option<String> {
    evolve::closing_text(run.run())
}
