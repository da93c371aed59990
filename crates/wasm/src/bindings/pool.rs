//! Jobs played on the threaded build's pool while the calling worker stays free to report their
//! progress: a measurement's or a batch's, played by index in any order, each giving a few
//! numbers, gathered in job order once all are played. One class for every kind of job.

use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use wasm_bindgen::prelude::*;

/// What the jobs of a cancelled run give instead of their numbers.
const CANCELLED: &str = "the games were cancelled";

/// The numbers of every job in job order, or why one could not be played.
type Played = Result<Vec<f64>, String>;

/// Jobs being played on the pool (see `Measurement.start` and `GameBatch.start`).
#[wasm_bindgen]
pub struct PoolRun {
    done: Arc<AtomicUsize>,
    cancelled: Arc<AtomicBool>,
    played: Arc<Mutex<Option<Played>>>,
}

impl PoolRun {
    /// Starts playing jobs `0..jobs` on the pool and returns at once; `play(job)` gives the
    /// job's numbers, or why it could not be played.
    pub(crate) fn start<F>(jobs: usize, play: F) -> PoolRun
    where
        F: Fn(usize) -> Result<Vec<f64>, String> + Send + Sync + 'static,
    {
        let run = PoolRun {
            done: Arc::default(),
            cancelled: Arc::default(),
            played: Arc::default(),
        };
        let (done, cancelled, played) =
            (run.done.clone(), run.cancelled.clone(), run.played.clone());
        rayon::spawn(move || {
            let each: Result<Vec<Vec<f64>>, String> = (0..jobs)
                .into_par_iter()
                .with_max_len(1)
                .map(|job| {
                    if cancelled.load(Ordering::Relaxed) {
                        return Err(CANCELLED.to_string());
                    }
                    let numbers = play(job)?;
                    done.fetch_add(1, Ordering::Relaxed);
                    Ok(numbers)
                })
                .collect();
            if let Ok(mut slot) = played.lock() {
                *slot = Some(each.map(|each| each.concat()));
            }
        });
        run
    }
}

#[wasm_bindgen]
impl PoolRun {
    /// Jobs finished so far.
    pub fn done(&self) -> usize {
        self.done.load(Ordering::Relaxed)
    }

    /// The numbers of every job in job order once all are played, else `None`; throws why a
    /// job could not be played.
    pub fn result(&self) -> Result<Option<Vec<f64>>, JsError> {
        match self.played.try_lock().ok().and_then(|slot| slot.clone()) {
            None => Ok(None),
            Some(played) => played.map(Some).map_err(|why| JsError::new(&why)),
        }
    }

    /// Abandons the jobs not yet started.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }
}
