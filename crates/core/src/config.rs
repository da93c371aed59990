//! A game's configuration: everything that defines a game, and the weights and search it asks
//! for. Written by serde; read only through [`checked::game_config`](crate::checked::game_config).

use crate::ai::presets;
use crate::ai::search::SearchConfig;
use crate::ai::weights::Weights;
use crate::engine::board::Board;
use crate::engine::manual::Handling;
use crate::engine::mode::Mode;
use crate::engine::rules::Rules;
use crate::error::{Error, Result};
use serde::Serialize;

/// The preset a game plays when none is named.
pub const DEFAULT_PRESET: &str = "dellacherie";

/// Everything that defines a game. Written by serde; read (from JSON, or any serde format) by
/// [`checked::game_config`](crate::checked::game_config) alone, which checks every value.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct GameConfig {
    /// The rules.
    pub rules: Rules,
    /// Board columns (4 to 16).
    pub width: usize,
    /// Board rows (4 to 40).
    pub height: usize,
    /// The seed every random choice of the game comes from.
    pub seed: u64,
    /// A preset's name; used when `weights` is not given (default "dellacherie").
    #[cfg_attr(
        feature = "typescript",
        ts(as = "Option<crate::ai::presets::PresetName>")
    )]
    pub preset: Option<String>,
    /// Explicit weights; give these or a preset, not both.
    pub weights: Option<Weights>,
    /// Search depth, pruning and margin.
    pub search: SearchConfig,
    /// Timings of manual play.
    pub handling: Handling,
    /// What the game plays for: endless (the default), or a goal that ends it.
    pub mode: Mode,
}

impl Default for GameConfig {
    fn default() -> GameConfig {
        GameConfig {
            rules: Rules::classic(),
            width: 10,
            height: 20,
            seed: 0,
            preset: None,
            weights: None,
            search: SearchConfig::default(),
            handling: Handling::default(),
            mode: Mode::Endless,
        }
    }
}

impl GameConfig {
    /// Checks the whole configuration (board, rules, search, handling, a preset or weights);
    /// the error names the bad value.
    pub fn check(&self) -> Result<()> {
        Board::new(self.width, self.height)?;
        self.resolve().map(drop)
    }

    /// The weights and search the configuration asks for, checked.
    pub fn resolve(&self) -> Result<(Weights, SearchConfig)> {
        self.rules.validate()?;
        self.search.validate()?;
        self.handling.validate()?;
        let mut search = self.search;
        let weights = match (&self.weights, &self.preset) {
            (Some(_), Some(name)) => {
                return Err(Error::Config(format!(
                    "give a preset or weights, not both (preset \"{name}\" and weights were given)"
                )));
            }
            (Some(weights), None) => weights.clone(),
            (None, name) => {
                let preset = presets::find(name.as_deref().unwrap_or(DEFAULT_PRESET))?;
                search.margin = search.margin.or(preset.lookahead_margin);
                preset.weights()
            }
        };
        Ok((weights, search))
    }
}
