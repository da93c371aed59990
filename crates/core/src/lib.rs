//! tetris-ai's core: the AI over the rules, and everything that plays it. No front end lives
//! here: no clap, no wasm-bindgen, no PyO3; the TypeScript declarations of its values sit
//! behind the `typescript` feature.
//!
//! The map of the crate:
//! - [`engine`]: the rules (the `tetris-ai-engine` crate, re-exported): pieces, board, rules,
//!   moves, manual play. It knows nothing of the AI.
//! - [`ai`]: features, weights, presets, and the search that chooses a placement.
//! - [`settings`]: what a person chooses (a preset as published or not, the board, the
//!   depth...), and the one resolver that turns it into a game's configuration.
//! - [`config`]: a game's configuration, and the weights and search it asks for.
//! - [`game`]: one game: queue, hold, the AI's step, statistics and the view for rendering.
//! - [`record`]: a game recorded as its configuration and a move per piece: a leaf value.
//! - [`replay`]: a recording played again to any placement.
//! - [`env`]: a reinforcement-learning environment: a placement or an input per step, rewards,
//!   observations written into buffers.
//! - [`measurement`]: many jobs of one configuration, played anywhere, and their result: a
//!   benchmark's games, a survival estimate's replicates.
//! - [`bench`]: many seeded games of one configuration, and the statistics of their lines.
//! - [`survival`]: the mean lines of games too long to play out, by multilevel splitting.
//! - [`sprint`]: the pieces an AI takes to clear 40 lines, and its attack on the way.
//! - [`versus`]: matches of two AIs against each other, garbage and all, and series of them.
//! - [`catalog`]: what the engine ships and allows (presets, features, limits), as a page reads
//!   it.
//! - [`checked`]: outside input (configurations, weights, keys, counts as JSON) checked.
//! - [`error`]: the error type every bad input becomes (the engine's).

pub mod ai;
pub mod bench;
pub mod catalog;
pub mod checked;
pub mod config;
pub mod env;
pub mod game;
pub mod measurement;
pub mod record;
pub mod replay;
pub mod settings;
pub mod sprint;
pub mod survival;
pub mod versus;

pub use tetris_ai_engine as engine;
pub use tetris_ai_engine::error;

pub use ai::presets::Preset;
pub use ai::search::{Choice, SearchConfig};
pub use ai::weights::Weights;
pub use config::GameConfig;
pub use engine::board::Board;
pub use engine::moves::{Input, Placement};
pub use engine::piece::{Piece, Rotation};
pub use engine::rules::{RuleSet, Rules};
pub use engine::spin::Spin;
pub use error::{Error, Result};
pub use game::{Game, Stats};
