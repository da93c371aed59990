//! The Python face of the engine, the extension module `tetris_ai._engine` (maturin builds it;
//! see pyproject.toml): a thin layer that turns Python values into the library's types and back,
//! as the WebAssembly bindings do for JavaScript. Every value is read by the checked readers of
//! [`tetris_ai_core::checked`]; a bad value raises `ValueError`, a value of the wrong type
//! `TypeError`, each naming it. Long calls release the GIL.

mod bench;
mod catalog;
mod command;
mod env;
mod errors;
mod evolution;
mod game;
mod survival;
mod threads;
mod versus;

use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// The extension module: `Game`, `Evolution`, `Env`, `EnvBatch`, `bench`, `survival`, `versus`,
/// `sprint`, `game_config`, `presets`, `features`, `limits`, `run_config` and `evolution_choices`;
/// `evolve_arguments`, `evolve_report` and `evolve_closing` for `python -m tetris_ai.ray evolve`;
/// `PIECES` and `INPUTS`, the pieces as observations number them and the actions of input mode.
#[pymodule]
fn _engine(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<game::PyGame>()?;
    module.add_class::<evolution::PyEvolution>()?;
    module.add_class::<env::PyEnv>()?;
    module.add_class::<env::PyEnvBatch>()?;
    module.add_function(wrap_pyfunction!(bench::bench, module)?)?;
    module.add_function(wrap_pyfunction!(bench::game_config, module)?)?;
    module.add_function(wrap_pyfunction!(survival::survival, module)?)?;
    module.add_function(wrap_pyfunction!(versus::versus, module)?)?;
    module.add_function(wrap_pyfunction!(versus::sprint, module)?)?;
    module.add_function(wrap_pyfunction!(catalog::presets, module)?)?;
    module.add_function(wrap_pyfunction!(catalog::features, module)?)?;
    module.add_function(wrap_pyfunction!(catalog::limits, module)?)?;
    module.add_function(wrap_pyfunction!(evolution::play_batch, module)?)?;
    module.add_function(wrap_pyfunction!(evolution::run_config, module)?)?;
    module.add_function(wrap_pyfunction!(evolution::evolution_choices, module)?)?;
    module.add_function(wrap_pyfunction!(command::evolve_arguments, module)?)?;
    module.add_function(wrap_pyfunction!(command::evolve_report, module)?)?;
    module.add_function(wrap_pyfunction!(command::evolve_closing, module)?)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add("PIECES", env::pieces())?;
    module.add("INPUTS", PyTuple::new(module.py(), env::inputs())?)?;
    Ok(())
}
