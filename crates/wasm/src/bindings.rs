//! The bindings, with what every one of them shares: the panic hook, and whether this build has a
//! thread pool the calling thread may wait for.

#[cfg(feature = "threads")]
mod allocator;
mod args;
mod catalog;
mod evolution;
mod game;
mod measurement;
#[cfg(feature = "threads")]
mod pool;
mod replay;
mod tbp;

pub use catalog::{features, game_config, limits, presets, shared_settings};
pub use evolution::{WebBatch, WebEvolution, evolution_choices, run_config};
pub use game::WebGame;
pub use measurement::Measurement;
#[cfg(feature = "threads")]
pub use pool::PoolRun;
pub use replay::WebReplay;
pub use tbp::{WebTbpBot, tbp_info};
use wasm_bindgen::prelude::*;

#[cfg(feature = "threads")]
pub use wasm_bindgen_rayon::init_thread_pool;

/// The threaded build's allocator: blocks on cache lines of their own.
#[cfg(feature = "threads")]
#[global_allocator]
static ALLOCATOR: allocator::CacheLines = allocator::CacheLines;

/// Installs the panic hook, so that a bug still reports to the console.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Whether this build runs the search on a thread pool.
#[wasm_bindgen]
pub fn threaded() -> bool {
    cfg!(feature = "threads")
}

#[wasm_bindgen]
extern "C" {
    /// `Atomics.wait`, which throws where the calling thread may not wait.
    #[wasm_bindgen(js_namespace = Atomics, js_name = wait, catch)]
    fn atomics_wait(array: &js_sys::Int32Array, index: u32, value: i32)
    -> Result<JsValue, JsValue>;
}

/// Whether this build has a thread pool and this thread may wait for it: a worker may, a page's
/// main thread may not (a wait there traps, and the instance with it). Probed by a wait on the
/// module's shared memory for a value it does not hold, which returns at once where waiting is
/// allowed.
pub(crate) fn pool_usable() -> bool {
    if !threaded() {
        return false;
    }
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    let view = js_sys::Int32Array::new(&memory.buffer());
    let held = view.get_index(0);
    atomics_wait(&view, 0, held.wrapping_add(1)).is_ok()
}
