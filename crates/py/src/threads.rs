//! The `threads` argument of the calls that play many games: how many at once, and the rayon
//! pool that plays them.

use super::errors::{checked, value_error};
use pyo3::prelude::*;
use tetris_ai_core::checked as check;

/// The most threads a call may ask for.
const MAX_THREADS: u64 = 1024;

/// The `threads` argument: a whole number from 1 to [`MAX_THREADS`], or `None` when not given.
pub(crate) fn threads(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    match value {
        Some(t) if !t.is_none() => {
            let n = checked(Some(t), "threads", |n, v| {
                check::count(n, v, 1, MAX_THREADS)
            })?;
            Ok(Some(n as usize))
        }
        _ => Ok(None),
    }
}

/// A rayon pool of `threads` threads.
pub(crate) fn pool(threads: usize) -> PyResult<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| value_error(format!("the thread pool could not start: {e}")))
}
