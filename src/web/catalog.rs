//! What the engine ships and allows: presets, features, limits and defaults.

use super::args::to_js;
use crate::ai::features::FEATURES;
use crate::ai::presets::{PRESETS, Published};
use crate::ai::search::{MAX_BEAM, MAX_DEPTH, MIN_DEPTH, default_beam};
use crate::ai::weights::Weights;
use crate::engine::board::{MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH};
use crate::engine::rules::{MAX_PREVIEW, Rules};
use crate::game::{DEFAULT_PRESET, GameConfig};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Every shipped preset: name, source, rules and weights, and in `published` the rules and
/// search its weights were published under (`{rules: {kind, preview, hold, timing, randomizer,
/// top_out}, search: {depth, prune, margin, value, tie_break, keep_first_rows}}`, in the form a game
/// configuration's `rules` and `search` take them), for an "as published" switch.
#[wasm_bindgen]
pub fn presets() -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct PresetInfo {
        name: &'static str,
        source: &'static str,
        published_under: &'static str,
        weights: Weights,
        lookahead_margin: Option<f64>,
        published: Published,
    }
    let list: Vec<PresetInfo> = PRESETS
        .iter()
        .map(|p| PresetInfo {
            name: p.name,
            source: p.source,
            published_under: p.published_under,
            weights: p.weights(),
            lookahead_margin: p.lookahead_margin,
            published: p.published,
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

/// An inclusive range of whole numbers.
#[derive(Serialize)]
struct Range {
    min: u64,
    max: u64,
}

/// The largest whole number a JS number holds exactly (2^53 - 1): the largest seed a page can
/// pass as a number.
const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// The engine's limits and defaults, so that a page repeats none of them: board sizes, search
/// depths, preview lengths, seeds, each rule set's defaults, the default game, handling and
/// search, and the default preset.
#[wasm_bindgen]
pub fn limits() -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct RuleDefaults {
        classic: Rules,
        guideline: Rules,
    }
    #[derive(Serialize)]
    struct BeamLimits {
        min: u64,
        max: u64,
        /// The beam each depth keeps when none is given, by depth.
        default_by_depth: std::collections::BTreeMap<String, u64>,
    }
    #[derive(Serialize)]
    struct Limits {
        width: Range,
        height: Range,
        depth: Range,
        beam: BeamLimits,
        preview: Range,
        seed: Range,
        rules: RuleDefaults,
        game: GameConfig,
        default_preset: &'static str,
    }
    to_js(&Limits {
        width: Range {
            min: MIN_WIDTH as u64,
            max: MAX_WIDTH as u64,
        },
        height: Range {
            min: MIN_HEIGHT as u64,
            max: MAX_HEIGHT as u64,
        },
        depth: Range {
            min: MIN_DEPTH.into(),
            max: MAX_DEPTH.into(),
        },
        beam: BeamLimits {
            min: 1,
            max: MAX_BEAM.into(),
            default_by_depth: (MIN_DEPTH..=MAX_DEPTH)
                .map(|depth| (depth.to_string(), default_beam(depth).into()))
                .collect(),
        },
        preview: Range {
            min: 0,
            max: MAX_PREVIEW as u64,
        },
        seed: Range {
            min: 0,
            max: MAX_SAFE_INTEGER,
        },
        rules: RuleDefaults {
            classic: Rules::classic(),
            guideline: Rules::guideline(),
        },
        game: GameConfig::default(),
        default_preset: DEFAULT_PRESET,
    })
}
