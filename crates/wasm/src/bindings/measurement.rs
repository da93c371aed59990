//! Measurements for JavaScript, every kind alike (see [`crate::measurements`]): the jobs of one,
//! played a range at a time by a single-threaded worker or all at once on the threaded build's
//! pool, each job's numbers sent as doubles; and its result from every job's numbers, worked
//! out by the library as the command line works it out.

use super::args::{checked, job_range, text_arg, to_js};
use crate::measurements::{self, MeasurementKind};
use js_sys::Float64Array;
use std::sync::Arc;
use tetris_ai_core::checked as check;
use tetris_ai_core::measurement::{self, Host};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The bytes a page's jobs may keep at once, in all: half the threaded build's shared memory of
/// 1 GiB (and of what a single-threaded build's own may grow to), the rest left to the engine,
/// its threads and the games in play.
const KEPT_BYTES: u64 = 512 << 20;

/// A measurement of any kind, read once; its jobs are played in any order, a job's numbers
/// depending on nothing but the measurement and the job's index.
#[wasm_bindgen]
pub struct Measurement {
    kind: &'static MeasurementKind,
    measurement: Arc<dyn measurement::Measurement>,
}

#[wasm_bindgen]
impl Measurement {
    /// The measurement of kind `kind` ("benchmark" or "survival") of the game configuration
    /// `config` (the form `Game` takes) with the kind's `options` (an object; undefined for the
    /// defaults); a bad argument throws naming it.
    #[wasm_bindgen(constructor)]
    pub fn new(kind: JsValue, config: JsValue, options: JsValue) -> Result<Measurement, JsError> {
        let kind = measurements::find(&text_arg(&kind, "kind")?)?;
        let config = checked(&config, "config", check::game_config)?;
        // On the threaded build, each of the pool's threads may make a job at once.
        let lanes = if cfg!(feature = "threads") {
            rayon::current_num_threads()
        } else {
            1
        };
        let host = Host {
            lanes,
            kept_bytes: Some(KEPT_BYTES),
        };
        let measurement = checked(&options, "options", |_, options| {
            kind.read(config, options, &host)
        })?;
        Ok(Measurement { kind, measurement })
    }

    /// The number of jobs: a benchmark's games, a survival estimate's replicates.
    pub fn jobs(&self) -> usize {
        self.measurement.jobs() as usize
    }

    /// Plays jobs `from` to `to` (exclusive) one after another: a few numbers per job (a game's
    /// lines, pieces and 1 if it stopped at the cap; a replicate's counts).
    pub fn play(&self, from: JsValue, to: JsValue) -> Result<Vec<f64>, JsError> {
        let mut played = Vec::new();
        for job in job_range(&from, &to, self.jobs())? {
            played.extend(self.measurement.play(job as u64)?);
        }
        Ok(played)
    }

    /// The result from every job's numbers (a `Float64Array` in job order, as `play` and
    /// `PoolRun.result` give them): a benchmark's statistics and every game's lines, or a
    /// survival estimate with every replicate's counts, as the command line gives them. Numbers
    /// that no play gives throw, naming the first bad one.
    pub fn result(&self, numbers: JsValue) -> Result<JsValue, JsError> {
        let Some(sent) = numbers.dyn_ref::<Float64Array>() else {
            return Err(JsError::new(&format!(
                "{} must be a Float64Array of every job's numbers, in job order",
                self.kind.numbers
            )));
        };
        to_js(&self.measurement.result(&sent.to_vec())?)
    }

    /// Starts playing every job on the thread pool and returns at once (threaded build).
    #[cfg(feature = "threads")]
    pub fn start(&self) -> super::pool::PoolRun {
        let measurement = self.measurement.clone();
        super::pool::PoolRun::start(self.jobs(), move |job| {
            measurement.play(job as u64).map_err(|e| e.to_string())
        })
    }
}
