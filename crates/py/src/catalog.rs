//! What the engine ships and allows: presets, features, limits and defaults (see
//! [`tetris_ai_core::catalog`]).

use super::errors::to_py;
use pyo3::prelude::*;
use tetris_ai_core::catalog;

/// Every shipped preset: name, source, rules and weights, and in `published` the rules and
/// search its weights were published under.
#[pyfunction]
pub fn presets(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_py(py, &catalog::presets())
}

/// Every feature: name and definition.
#[pyfunction]
pub fn features(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_py(py, &catalog::features())
}

/// The engine's limits and defaults: board sizes, search depths, preview lengths, seeds, each
/// rule set's defaults, the default game, handling and search, and the default preset.
#[pyfunction]
pub fn limits(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_py(py, &catalog::limits())
}
