//! What the engine ships and allows, as a page reads it: the presets, the features, and the
//! limits and defaults of every setting, so that a page repeats none of them.

use crate::ai::features::{FEATURES, plain};
use crate::ai::presets::{PRESETS, Published};
use crate::ai::search::{MAX_BEAM, MAX_DEPTH, MIN_DEPTH, default_beam};
use crate::ai::weights::Weights;
use crate::bench::{DEFAULT_GAMES, MAX_GAMES};
use crate::checked::MAX_SAFE_INTEGER;
use crate::config::{DEFAULT_PRESET, GameConfig};
use crate::engine::board::{MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH};
use crate::engine::mode::{
    FRAMES_PER_SECOND, LINES_PER_LEVEL, MARATHON_LEVELS, Mode, SPRINT_LINES, ULTRA_FRAMES,
};
use crate::engine::rules::{MAX_PREVIEW, Rules};
use crate::survival::{
    DEFAULT_REPLICATES, DEFAULT_RUN_PIECES, DEFAULT_TRIALS, MAX_REPLICATES, MAX_RUN_PIECES,
    MAX_TRIALS,
};
use crate::versus::DEFAULT_MAX_PIECES;
use crate::versus::series::{DEFAULT_MATCHES, MAX_MATCHES};
use serde::Serialize;
use std::collections::BTreeMap;

/// A shipped preset: its weights, where they come from, and the rules and search they were
/// published under.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct PresetInfo {
    /// The name a game asks for it by.
    #[cfg_attr(feature = "typescript", ts(as = "crate::ai::presets::PresetName"))]
    pub name: &'static str,
    /// Where the weights were published.
    pub source: &'static str,
    /// The rules and search the weights were published under, in words.
    pub published_under: &'static str,
    /// The weights.
    pub weights: Weights,
    /// The improvement a plan must make over the best first move, where the source sets one.
    pub lookahead_margin: Option<f64>,
    /// The rules and search the weights were published under, in the form a game
    /// configuration's `rules` and `search` take them (for an "as published" switch).
    pub published: Published,
}

/// Every shipped preset, in the registry's order.
pub fn presets() -> Vec<PresetInfo> {
    PRESETS
        .iter()
        .map(|p| PresetInfo {
            name: p.name,
            source: p.source,
            published_under: p.published_under,
            weights: p.weights(),
            lookahead_margin: p.lookahead_margin,
            published: p.published,
        })
        .collect()
}

/// A feature: its name, its definition, its plain name and what it counts in plain words, in
/// the registry's order.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct FeatureInfo(
    /// The name weights refer to it by.
    #[cfg_attr(feature = "typescript", ts(as = "crate::ai::features::FeatureName"))]
    pub &'static str,
    /// Its definition in one line.
    pub &'static str,
    /// Its name in players' words.
    pub &'static str,
    /// What it counts, in one line of plain words.
    pub &'static str,
);

/// Every feature, in the registry's order.
pub fn features() -> Vec<FeatureInfo> {
    FEATURES
        .iter()
        .enumerate()
        .map(|(i, f)| FeatureInfo(f.name, f.definition, plain(i).name, plain(i).meaning))
        .collect()
}

/// An inclusive range of whole numbers.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Range {
    /// The smallest allowed.
    pub min: u64,
    /// The largest allowed.
    pub max: u64,
}

/// The beam's range, and the beam each depth keeps when none is given.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct BeamLimits {
    /// The narrowest beam.
    pub min: u64,
    /// The widest beam.
    pub max: u64,
    /// The beam each depth keeps when none is given, by depth.
    pub default_by_depth: BTreeMap<String, u64>,
}

/// An inclusive range of whole numbers and the one taken when none is given.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Count {
    /// The smallest allowed.
    pub min: u64,
    /// The largest allowed.
    pub max: u64,
    /// The one taken when none is given.
    pub default: u64,
}

impl Count {
    /// From 1 to `max`, `default` when none is given.
    const fn positive(max: u64, default: u64) -> Count {
        Count {
            min: 1,
            max,
            default,
        }
    }
}

/// The games a benchmark may play (see [`crate::bench`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct BenchmarkLimits {
    /// Games.
    pub games: Count,
    /// The pieces after which each game stops, where a cap is given.
    pub max_pieces: Range,
}

/// The effort a survival estimate may take (see [`crate::survival`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct SurvivalLimits {
    /// Pieces played in each replicate's long run.
    pub run_pieces: Count,
    /// Branches played from each level in each replicate.
    pub trials: Count,
    /// Replicates.
    pub replicates: Count,
}

/// The matches a versus series may play (see [`crate::versus::series`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct VersusLimits {
    /// Matches.
    pub games: Count,
    /// The pieces after which each side stops.
    pub max_pieces: Count,
}

/// The game modes and their goals (see [`crate::engine::mode`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ModeGoals {
    /// Every mode, endless first.
    pub modes: Vec<Mode>,
    /// The frames of a second of a mode's clock.
    pub frames_per_second: u64,
    /// The lines a sprint is run to.
    pub sprint_lines: u64,
    /// The frames an ultra lasts.
    pub ultra_frames: u64,
    /// The lines of a level.
    pub lines_per_level: u64,
    /// The marathon's levels; it ends when the last is cleared.
    pub marathon_levels: u64,
    /// The pieces after which an AI's game of a mode, played to compare, is given up.
    pub max_pieces: u64,
}

/// Each rule set's defaults.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct RuleDefaults {
    /// The research rules.
    pub classic: Rules,
    /// The guideline rules.
    pub guideline: Rules,
}

/// The engine's limits and defaults.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Limits {
    /// Board columns.
    pub width: Range,
    /// Board rows.
    pub height: Range,
    /// Search depths.
    pub depth: Range,
    /// Search beams.
    pub beam: BeamLimits,
    /// Preview lengths.
    pub preview: Range,
    /// Seeds a page can pass as a number (up to 2^53 - 1).
    pub seed: Range,
    /// Each rule set's defaults.
    pub rules: RuleDefaults,
    /// The games a benchmark may play.
    pub benchmark: BenchmarkLimits,
    /// The effort a survival estimate may take.
    pub survival: SurvivalLimits,
    /// The matches a versus series may play.
    pub versus: VersusLimits,
    /// The game modes and their goals.
    pub modes: ModeGoals,
    /// The default game.
    pub game: GameConfig,
    /// The preset a game plays when none is named.
    #[cfg_attr(feature = "typescript", ts(as = "crate::ai::presets::PresetName"))]
    pub default_preset: &'static str,
    /// The preset an AI opponent in a match plays unless another is chosen.
    #[cfg_attr(feature = "typescript", ts(as = "crate::ai::presets::PresetName"))]
    pub versus_preset: &'static str,
}

/// The engine's limits and defaults: board sizes, search depths and beams, preview lengths,
/// seeds, each rule set's defaults, a benchmark's games, a survival estimate's effort, a versus
/// series' matches, the game modes' goals, the default game (with its handling and search), the default preset
/// and a versus opponent's.
pub fn limits() -> Limits {
    Limits {
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
        benchmark: BenchmarkLimits {
            games: Count::positive(MAX_GAMES, DEFAULT_GAMES),
            max_pieces: Range {
                min: 1,
                max: MAX_SAFE_INTEGER,
            },
        },
        survival: SurvivalLimits {
            run_pieces: Count::positive(MAX_RUN_PIECES, DEFAULT_RUN_PIECES),
            trials: Count::positive(MAX_TRIALS, DEFAULT_TRIALS),
            replicates: Count::positive(MAX_REPLICATES, DEFAULT_REPLICATES),
        },
        versus: VersusLimits {
            games: Count::positive(MAX_MATCHES, DEFAULT_MATCHES),
            max_pieces: Count::positive(MAX_SAFE_INTEGER, DEFAULT_MAX_PIECES),
        },
        modes: ModeGoals {
            modes: Mode::ALL.to_vec(),
            frames_per_second: FRAMES_PER_SECOND,
            sprint_lines: SPRINT_LINES,
            ultra_frames: ULTRA_FRAMES,
            lines_per_level: LINES_PER_LEVEL,
            marathon_levels: MARATHON_LEVELS,
            max_pieces: crate::sprint::DEFAULT_MAX_PIECES,
        },
        game: GameConfig::default(),
        default_preset: DEFAULT_PRESET,
        versus_preset: crate::ai::presets::VERSUS.name,
    }
}
