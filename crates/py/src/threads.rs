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

/// Plays `play(i)` for every `i` below `count` on the threads the `threads` argument asks for
/// (default one per core), with the GIL released; the results in order, or the first error as
/// `ValueError`.
pub(crate) fn play_all<T: Send>(
    py: Python<'_>,
    threads: Option<&Bound<'_, PyAny>>,
    count: u64,
    play: impl Fn(u64) -> tetris_ai_core::Result<T> + Sync + Send,
) -> PyResult<Vec<T>> {
    use rayon::prelude::*;
    let lanes = self::threads(threads)?.unwrap_or_else(rayon::current_num_threads);
    let pool = pool(lanes)?;
    let played: tetris_ai_core::Result<Vec<T>> =
        py.detach(|| pool.install(|| (0..count).into_par_iter().map(play).collect()));
    played.map_err(value_error)
}
