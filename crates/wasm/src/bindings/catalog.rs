//! What the engine ships and allows: presets, features, limits and defaults (see
//! [`tetris_ai_core::catalog`]).

use super::args::to_js;
use tetris_ai_core::catalog;
use wasm_bindgen::prelude::*;

/// Every shipped preset: name, source, rules and weights, and in `published` the rules and
/// search its weights were published under (`{rules: {kind, preview, hold, timing, randomizer,
/// top_out}, search: {depth, prune, margin, value, tie_break, keep_first_rows}}`, in the form a game
/// configuration's `rules` and `search` take them), for an "as published" switch.
#[wasm_bindgen]
pub fn presets() -> Result<JsValue, JsError> {
    to_js(&catalog::presets())
}

/// Every feature: name and definition.
#[wasm_bindgen]
pub fn features() -> Result<JsValue, JsError> {
    to_js(&catalog::features())
}

/// The engine's limits and defaults, so that a page repeats none of them: board sizes, search
/// depths, preview lengths, seeds, each rule set's defaults, the default game, handling and
/// search, and the default preset.
#[wasm_bindgen]
pub fn limits() -> Result<JsValue, JsError> {
    to_js(&catalog::limits())
}
