//! Evolution for JavaScript: a run that says which games a generation needs (`ask`) and takes
//! their lines (`tell`), so that the games can be played anywhere (this worker's pool, or other
//! workers), and the batches of games themselves, played in any order or in parallel.

use super::args::{checked, job_range, text_arg, to_js};
use js_sys::Float64Array;
use serde_json::Value;
use std::sync::Arc;
use tetris_ai_core::checked as check;
use tetris_ai_train::batch::{AskedBatch, GameBatch};
use tetris_ai_train::evolution::{Evolution, EvolutionConfig};
use tetris_ai_train::setup::{self, RunOptions};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// A training run for the page.
#[wasm_bindgen(js_name = Evolution)]
pub struct WebEvolution {
    run: Evolution,
}

#[wasm_bindgen(js_class = Evolution)]
impl WebEvolution {
    /// A new run from its configuration: an object, or JSON text, in the form of a checkpoint's
    /// `config`.
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue) -> Result<WebEvolution, JsError> {
        let config: EvolutionConfig = match config.as_string() {
            Some(text) => {
                let json = serde_json::from_str(&text)
                    .map_err(|e| JsError::new(&format!("config is not JSON text: {e}")))?;
                check::deserialized("config", Some(&json))?
            }
            None => checked(&config, "config", check::deserialized)?,
        };
        let run = Evolution::new(config)?;
        Ok(WebEvolution { run })
    }

    /// A run continued from checkpoint text (as `checkpoint()` and `tetris-ai evolve` write it).
    pub fn resume(text: JsValue) -> Result<WebEvolution, JsError> {
        let text = text_arg(&text, "checkpoint")?;
        let run = Evolution::from_json(&text)?;
        Ok(WebEvolution { run })
    }

    /// The games the pending generation needs played next: `{text, jobs, phase}`. Asking again
    /// before `tell` gives the same batch.
    pub fn ask(&mut self) -> Result<JsValue, JsError> {
        let batch = self.run.ask()?;
        let asked = AskedBatch::of(batch)?;
        to_js(&asked)
    }

    /// The lines of every game `ask` gave, in its order (an array of whole numbers). Resolves
    /// to the generation's report once it is complete, else `null` (ask again). A wrong count
    /// or value throws and changes nothing.
    pub fn tell(&mut self, lines: JsValue) -> Result<JsValue, JsError> {
        let lines = line_counts(&lines)?;
        match self.run.tell(&lines)? {
            Some(report) => to_js(&report),
            None => Ok(JsValue::NULL),
        }
    }

    /// The run as checkpoint text: the state at the start of any pending generation.
    pub fn checkpoint(&self) -> String {
        self.run.to_json()
    }

    /// Generations completed so far.
    pub fn generation(&self) -> u32 {
        self.run.generation()
    }

    /// The run's configuration.
    pub fn config(&self) -> Result<JsValue, JsError> {
        to_js(self.run.config())
    }

    /// The reports of every generation so far.
    pub fn history(&self) -> Result<JsValue, JsError> {
        to_js(self.run.history())
    }
}

/// Lines per game: a `Float64Array` (as the workers send them) or an array of whole numbers,
/// checked alike.
fn line_counts(value: &JsValue) -> Result<Vec<u64>, JsError> {
    let Some(typed) = value.dyn_ref::<Float64Array>() else {
        return checked(value, "lines", check::line_counts);
    };
    let items = typed
        .to_vec()
        .into_iter()
        .enumerate()
        .map(|(i, n)| check::double(&format!("lines[{i}]"), n))
        .collect::<tetris_ai_core::Result<Vec<Value>>>()?;
    check::line_counts("lines", Some(&Value::Array(items))).map_err(JsError::from)
}

/// A batch from its JSON text; a bad one is an error naming the problem.
fn read_batch(text: &JsValue) -> Result<GameBatch, JsError> {
    let text = text_arg(text, "batch")?;
    serde_json::from_str(&text)
        .map_err(|e| JsError::new(&format!("batch is not a game batch: {e}")))
}

/// The games of one batch (its JSON text, from `Evolution.ask`), read once and played in any
/// order: the lines of a game depend on nothing but the batch and the game's index.
#[wasm_bindgen(js_name = GameBatch)]
pub struct WebBatch {
    batch: Arc<GameBatch>,
}

#[wasm_bindgen(js_class = GameBatch)]
impl WebBatch {
    /// Reads a batch's JSON text; a bad one throws naming the problem.
    #[wasm_bindgen(constructor)]
    pub fn new(text: JsValue) -> Result<WebBatch, JsError> {
        Ok(WebBatch {
            batch: Arc::new(read_batch(&text)?),
        })
    }

    /// The number of games.
    pub fn jobs(&self) -> usize {
        self.batch.len()
    }

    /// Plays games `from` to `to` (exclusive) one after another; returns their lines.
    pub fn play(&self, from: JsValue, to: JsValue) -> Result<Vec<f64>, JsError> {
        let jobs = job_range(&from, &to, self.batch.len())?;
        Ok(jobs.map(|job| self.batch.play(job) as f64).collect())
    }

    /// Starts playing every game on the thread pool and returns at once (threaded build).
    #[cfg(feature = "threads")]
    pub fn start(&self) -> super::pool::PoolRun {
        let batch = self.batch.clone();
        super::pool::PoolRun::start(batch.len(), move |job| Ok(vec![batch.play(job) as f64]))
    }
}

/// A run's configuration from the choices `tetris-ai evolve` offers (the fields of
/// [`RunOptions`]); omitted choices take the command line's defaults.
#[wasm_bindgen(js_name = runConfig)]
pub fn run_config(options: JsValue) -> Result<JsValue, JsError> {
    let options: RunOptions = if options.is_undefined() || options.is_null() {
        RunOptions::default()
    } else {
        checked(&options, "options", check::deserialized)?
    };
    let config = options.config()?;
    to_js(&config)
}

/// The choices `runConfig` takes: their defaults and the names each allows.
#[wasm_bindgen(js_name = evolutionChoices)]
pub fn evolution_choices() -> Result<JsValue, JsError> {
    to_js(&setup::choices())
}
