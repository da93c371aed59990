//! `Evolution`: a training run that says which games a generation needs (`ask`) and takes their
//! lines (`tell`), or plays them itself on rayon's threads with the GIL released; checkpoints in
//! the command line's format, saved as `tetris-ai evolve` saves them.

use super::errors::{checked, to_py, value_error};
use super::threads;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::path::PathBuf;
use tetris_ai_args::evolve;
use tetris_ai_core::checked::{self as check, MAX_SAFE_INTEGER};
use tetris_ai_train::batch::{AskedBatch, GameBatch};
use tetris_ai_train::evolution::{Evolution, EvolutionConfig};
use tetris_ai_train::setup::{self, RunOptions};

/// A training run.
#[pyclass(name = "Evolution", module = "tetris_ai._engine")]
pub struct PyEvolution {
    run: Evolution,
}

impl From<Evolution> for PyEvolution {
    fn from(run: Evolution) -> PyEvolution {
        PyEvolution { run }
    }
}

impl PyEvolution {
    /// The run.
    pub(crate) fn run(&self) -> &Evolution {
        &self.run
    }
}

#[pymethods]
impl PyEvolution {
    /// A new run from its configuration: a dict, or JSON text, in the form of a checkpoint's
    /// `config` (`run_config` makes one from the command line's choices).
    #[new]
    fn new(config: &Bound<'_, PyAny>) -> PyResult<PyEvolution> {
        let config: EvolutionConfig = match config.cast::<PyString>() {
            Ok(text) => {
                let json = serde_json::from_str(&text.to_cow()?)
                    .map_err(|e| value_error(format!("config is not JSON text: {e}")))?;
                check::deserialized("config", Some(&json)).map_err(value_error)?
            }
            Err(_) => checked(Some(config), "config", check::deserialized)?,
        };
        let run = Evolution::new(config).map_err(value_error)?;
        Ok(PyEvolution { run })
    }

    /// A run continued from checkpoint text (as `checkpoint()` and `tetris-ai evolve` write it).
    #[staticmethod]
    fn resume(checkpoint: &Bound<'_, PyAny>) -> PyResult<PyEvolution> {
        let text = checked(Some(checkpoint), "checkpoint", check::text)?;
        let run = Evolution::from_json(&text).map_err(value_error)?;
        Ok(PyEvolution { run })
    }

    /// The games the pending generation needs played next: `{text, jobs, phase}`. Asking again
    /// before `tell` gives the same batch.
    fn ask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let batch = self.run.ask().map_err(value_error)?;
        to_py(py, &AskedBatch::of(batch).map_err(value_error)?)
    }

    /// The lines of every game `ask` gave, in its order. Returns the generation's report once it
    /// is complete, else None (ask again). A wrong count or value raises and changes nothing.
    fn tell<'py>(
        &mut self,
        py: Python<'py>,
        lines: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let lines = checked(Some(lines), "lines", check::line_counts)?;
        let report = self.run.tell(&lines).map_err(value_error)?;
        to_py(py, &report)
    }

    /// Plays one whole generation here, on rayon's threads with the GIL released; returns its
    /// report.
    fn next_generation<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let run = &mut self.run;
        let report = py
            .detach(|| run.next_generation(&|_, _| ()))
            .map_err(value_error)?;
        to_py(py, &report)
    }

    /// The run as checkpoint text: the state at the start of any pending generation.
    fn checkpoint(&self) -> String {
        self.run.to_json()
    }

    /// Saves the run to `checkpoint` and its best weights to `out` (JSON), each atomically and
    /// each only when given, as `tetris-ai evolve` does after every generation.
    #[pyo3(signature = (checkpoint=None, out=None))]
    fn save(&self, checkpoint: Option<PathBuf>, out: Option<PathBuf>) -> PyResult<()> {
        evolve::save(&self.run, checkpoint.as_deref(), out.as_deref()).map_err(value_error)
    }

    /// Generations completed so far.
    #[getter]
    fn generation(&self) -> u32 {
        self.run.generation()
    }

    /// The run's configuration.
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, self.run.config())
    }

    /// The reports of every generation so far.
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, self.run.history())
    }
}

/// Plays the games `start` to `end` (end excluded; default: all) of one batch (its JSON text,
/// `ask()["text"]`) with the GIL released, on `threads` threads (default: rayon's, one per core);
/// returns their lines in batch order, as `tell` takes them.
#[pyfunction]
#[pyo3(signature = (batch, start=None, end=None, threads=None))]
pub fn play_batch(
    py: Python<'_>,
    batch: &Bound<'_, PyAny>,
    start: Option<&Bound<'_, PyAny>>,
    end: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<u64>> {
    let text = checked(Some(batch), "batch", check::text)?;
    let batch: GameBatch = serde_json::from_str(&text)
        .map_err(|e| value_error(format!("batch is not a game batch: {e}")))?;
    let job = |value: Option<&Bound<'_, PyAny>>, name: &str, default: usize| match value {
        Some(v) if !v.is_none() => checked(Some(v), name, |n, v| {
            check::count(n, v, 0, MAX_SAFE_INTEGER)
        })
        .map(|n| n as usize),
        _ => Ok(default),
    };
    let jobs = job(start, "start", 0)?..job(end, "end", batch.len())?;
    let pool = threads::threads(threads)?.map(threads::pool).transpose()?;
    let lines = py.detach(|| match pool {
        Some(pool) => pool.install(|| batch.play_range(jobs)),
        None => batch.play_range(jobs),
    });
    lines.map_err(value_error)
}

/// A run's configuration from the choices `tetris-ai evolve` offers; omitted choices take the
/// command line's defaults.
#[pyfunction]
#[pyo3(signature = (options=None))]
pub fn run_config<'py>(
    py: Python<'py>,
    options: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let options: RunOptions = match options {
        Some(o) if !o.is_none() => checked(Some(o), "options", check::deserialized)?,
        _ => RunOptions::default(),
    };
    to_py(py, &options.config().map_err(value_error)?)
}

/// The choices `run_config` takes: their defaults and the names each allows.
#[pyfunction]
pub fn evolution_choices(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_py(py, &setup::choices())
}
