//! What the engine ships and allows: presets, features, limits and defaults (see
//! [`tetris_ai_core::catalog`]); and settings resolved into the game they play.

use super::args::{checked, to_js};
use tetris_ai_core::catalog;
use tetris_ai_core::checked as check;
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

/// The game configuration that `settings` (what a person chooses: `{preset, weights,
/// asPublished, rules, board, seed, depth, margin, das, arr, gravity, softDrop, lockDelay,
/// overrides}`, each optional) plays, as the engine resolves settings everywhere; bad settings throw naming the
/// value.
#[wasm_bindgen(js_name = gameConfig)]
pub fn game_config(settings: JsValue) -> Result<JsValue, JsError> {
    let settings = checked(&settings, "settings", check::settings)?;
    to_js(&settings.resolve()?)
}

/// What a share link holds (`link`, its JSON value): `{settings, problems}`, the settings it
/// shares (each read on its own; those of older links too) and what is wrong with each one left
/// out.
#[wasm_bindgen(js_name = sharedSettings)]
pub fn shared_settings(link: JsValue) -> Result<JsValue, JsError> {
    let value = checked(&link, "link", |_, value| Ok(value.cloned()))?;
    to_js(&check::shared_settings(
        &value.unwrap_or(serde_json::Value::Null),
    ))
}
