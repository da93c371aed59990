//! What the engine ships: presets and features.

use super::args::to_js;
use crate::ai::features::FEATURES;
use crate::ai::presets::PRESETS;
use crate::ai::weights::Weights;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Every shipped preset: name, source, rules and weights.
#[wasm_bindgen]
pub fn presets() -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct PresetInfo {
        name: &'static str,
        source: &'static str,
        published_under: &'static str,
        weights: Weights,
        lookahead_margin: Option<f64>,
    }
    let list: Vec<PresetInfo> = PRESETS
        .iter()
        .map(|p| PresetInfo {
            name: p.name,
            source: p.source,
            published_under: p.published_under,
            weights: p.weights(),
            lookahead_margin: p.lookahead_margin,
        })
        .collect();
    to_js(&list)
}

/// Every feature: name and definition.
#[wasm_bindgen]
pub fn features() -> Result<JsValue, JsError> {
    let list: Vec<(&str, &str)> = FEATURES.iter().map(|f| (f.name, f.definition)).collect();
    to_js(&list)
}
