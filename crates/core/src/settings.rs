//! Settings: what a person chooses, before it is a game: a preset (as published or not) or
//! weights, the rules and the board, the seed, the depth and the margin, manual play's timings,
//! and rule and search settings that override everything else. [`Settings::resolve`] is the one
//! resolver of settings: the command line, the WebAssembly bindings (and so the page and its
//! share links), and Python all turn settings into a [`GameConfig`] through it.
//!
//! "As published" plays the preset's published rules and search (see
//! [`Published`](crate::ai::presets::Published)) in place of `rules`, `depth` and `margin`,
//! which a page keeps for when it is off; it has no effect with weights. The overrides apply
//! last, as published or not: the command line's rule and search options.

use crate::ai::presets::{self, Published};
use crate::ai::search::{PlanValue, SearchConfig, TieBreak};
use crate::ai::weights::Weights;
use crate::config::{DEFAULT_PRESET, GameConfig};
use crate::engine::manual::Handling;
use crate::engine::mode::Mode;
use crate::engine::piece::Kicks;
use crate::engine::rules::{RandomizerKind, RuleSet, Rules, TopOut};
use crate::error::Result;
use serde::Serialize;

/// What a person chooses; each setting left out takes the default (see [`Settings::resolve`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    /// The AI's weights: a preset's, by its name (give this or `weights`; neither plays the
    /// default preset).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(
        feature = "typescript",
        ts(optional, as = "Option<crate::ai::presets::PresetName>")
    )]
    pub preset: Option<String>,
    /// The AI's own weights, in place of a preset's.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub weights: Option<Weights>,
    /// Whether the preset plays under the rules and search it was published with, in place of
    /// `rules`, `depth` and `margin` (no effect with `weights`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "typescript", ts(optional, as = "Option<bool>"))]
    pub as_published: bool,
    /// The rule set, with its own randomizer, preview, hold and top-out (default classic).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub rules: Option<RuleSet>,
    /// The board, `[width, height]` (default 10 by 20).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub board: Option<[usize; 2]>,
    /// The seed every random choice of the game comes from (default 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional, type = "number | string"))]
    pub seed: Option<u64>,
    /// The pieces each decision plans (default 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub depth: Option<u8>,
    /// The lookahead's margin (default the preset's).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub margin: Option<f64>,
    /// Frames a shift key is held in manual play before it repeats (delayed auto shift).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub das: Option<u32>,
    /// Frames between a held shift key's repeats (auto repeat rate); 0 moves straight to the wall.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub arr: Option<u32>,
    /// Frames per row of fall in manual play.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub gravity: Option<u32>,
    /// Frames per row while soft drop is held in manual play.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub soft_drop: Option<u32>,
    /// Frames a resting piece waits before it locks in manual play.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub lock_delay: Option<u32>,
    /// What the game plays for (default endless): a mode's goal ends it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub mode: Option<Mode>,
    /// The kicks turns try under the guideline rules (default SRS; SRS+ adds half turns).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub kicks: Option<Kicks>,
    /// Rule and search settings that apply last, as published or not.
    #[serde(skip_serializing_if = "Overrides::is_empty")]
    #[cfg_attr(feature = "typescript", ts(optional, as = "Option<Overrides>"))]
    pub overrides: Overrides,
}

/// Rule and search settings that override the rules and search settled otherwise (the preset's
/// published ones, or the rule set's and the depth); each left out changes nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Overrides {
    /// A rule set, in place of the rules settled otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub rules: Option<RuleSet>,
    /// Where the pieces come from.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub randomizer: Option<RandomizerKind>,
    /// Pieces previewed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub preview: Option<usize>,
    /// Whether hold may be used.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub hold: Option<bool>,
    /// When a placement ends the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub top_out: Option<TopOut>,
    /// The pieces a plan places.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub depth: Option<u8>,
    /// The fraction of first moves searched further.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub prune: Option<f64>,
    /// The moves of each later piece searched further.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub beam: Option<u32>,
    /// How much a plan must gain over the best single move.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub margin: Option<f64>,
    /// How a plan is valued.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub value: Option<PlanValue>,
    /// How ties between equally good moves are broken.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub tie_break: Option<TieBreak>,
    /// Whether a plan's second piece sees the first piece's full rows still in place.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub keep_first_rows: Option<bool>,
    /// The width of a beam through every known piece, searched instead of plies.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub preview_beam: Option<u32>,
}

impl Overrides {
    /// Whether it overrides nothing.
    pub fn is_empty(&self) -> bool {
        *self == Overrides::default()
    }

    /// `rules` with the rule settings given.
    fn rules(&self, rules: Rules) -> Rules {
        let mut rules = self.rules.map_or(rules, Rules::of);
        rules.randomizer = self.randomizer.or(rules.randomizer);
        rules.preview = self.preview.unwrap_or(rules.preview);
        rules.hold = self.hold.unwrap_or(rules.hold);
        rules.top_out = self.top_out.or(rules.top_out);
        rules
    }

    /// `search` with the search settings given.
    fn search(&self, search: SearchConfig) -> SearchConfig {
        SearchConfig {
            depth: self.depth.unwrap_or(search.depth),
            prune: self.prune.unwrap_or(search.prune),
            beam: self.beam.or(search.beam),
            margin: self.margin.or(search.margin),
            value: self.value.unwrap_or(search.value),
            tie_break: self.tie_break.unwrap_or(search.tie_break),
            keep_first_rows: self.keep_first_rows.unwrap_or(search.keep_first_rows),
            preview_beam: self.preview_beam.or(search.preview_beam),
        }
    }
}

impl Settings {
    /// These settings, playing the guideline rules where they name no rule set (in `rules` or
    /// the overrides): what the modern modes play (versus, sprint, a bot for other frontends).
    pub fn guideline_unless_named(mut self) -> Settings {
        if self.rules.is_none() && self.overrides.rules.is_none() {
            self.overrides.rules = Some(RuleSet::Guideline);
        }
        self
    }

    /// These settings, playing the preset `name` where they name neither a preset nor weights:
    /// what a versus opponent plays unless told (the `versus` preset).
    pub fn preset_unless_named(mut self, name: &str) -> Settings {
        if self.preset.is_none() && self.weights.is_none() {
            self.preset = Some(name.to_string());
        }
        self
    }

    /// The preset's published rules and search, where the settings play it as published: a
    /// preset (the default one where none is named), no weights. An unknown preset is an error
    /// naming it.
    pub fn published(&self) -> Result<Option<Published>> {
        if !self.as_published || self.weights.is_some() {
            return Ok(None);
        }
        let name = self.preset.as_deref().unwrap_or(DEFAULT_PRESET);
        Ok(Some(presets::find(name)?.published))
    }

    /// The game configuration the settings play, checked through and through (a bad one is an
    /// error naming the bad value): the rules and search as published, or the rule set's and
    /// the depth and margin given, then the overrides; the board, the seed, the weights or the
    /// preset, and manual play's timings.
    pub fn resolve(&self) -> Result<GameConfig> {
        let defaults = GameConfig::default();
        let (rules, search) = match self.published()? {
            Some(published) => (published.rules, published.search),
            None => {
                let rules = self.rules.map_or(defaults.rules, Rules::of);
                let search = SearchConfig {
                    depth: self.depth.unwrap_or(defaults.search.depth),
                    margin: self.margin,
                    ..defaults.search
                };
                (rules, search)
            }
        };
        let [width, height] = self.board.unwrap_or([defaults.width, defaults.height]);
        let handling = Handling {
            das: self.das.unwrap_or(defaults.handling.das),
            arr: self.arr.unwrap_or(defaults.handling.arr),
            gravity: self.gravity.unwrap_or(defaults.handling.gravity),
            soft_drop: self.soft_drop.unwrap_or(defaults.handling.soft_drop),
            lock_delay: self.lock_delay.unwrap_or(defaults.handling.lock_delay),
        };
        let mut rules = self.overrides.rules(rules);
        // The research rules place by drops: kicks are the guideline's alone.
        if rules.kind == RuleSet::Guideline {
            rules.kicks = self.kicks.unwrap_or(rules.kicks);
        }
        let config = GameConfig {
            rules,
            width,
            height,
            seed: self.seed.unwrap_or(defaults.seed),
            preset: self.preset.clone(),
            weights: self.weights.clone(),
            search: self.overrides.search(search),
            handling,
            mode: self.mode.unwrap_or_default(),
        };
        config.check()?;
        Ok(config)
    }
}
