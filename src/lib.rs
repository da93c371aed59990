//! tetris-ai: a Tetris AI engine.
//!
//! The map of the crate:
//! - [`engine`]: the game itself, with no AI in it:
//!   - [`engine::piece`]: the seven tetrominoes, SRS rotation states and kick tables.
//!   - [`engine::board`]: the bitboard playfield (a word per column), line clears, heights.
//!   - [`engine::rng`]: the seeded random stream behind every random choice.
//!   - [`engine::rules`]: research and guideline rules: randomizers, spawn, locking, game over,
//!     scoring.
//!   - [`engine::spin`]: T-spins, by the guideline's three-corner rule.
//!   - [`engine::moves`]: placements: drop-only, and breadth-first search over inputs with paths.
//!   - [`engine::reach`]: every placement reachable under guideline rules, found a word at a time.
//!   - [`engine::active`]: the falling piece, moved one input at a time.
//!   - [`engine::manual`]: manual play: keys, DAS/ARR, gravity, soft drop, lock delay.
//!   - [`engine::timing`]: which placements a player reaches in time under gravity and lock
//!     delay.
//! - [`ai`]: features, weights, presets, and the search that chooses a placement.
//! - [`train`]: fitness, genetic algorithms and other optimizers that learn the weights.
//! - [`game`]: one game: queue, hold, the AI's step, statistics and the view for rendering.
//! - [`replay`]: a game recorded a move per piece, played again to any placement.
//! - [`env`]: a reinforcement-learning environment: a placement or an input per step, rewards,
//!   observations written into buffers.
//! - [`bench`]: many seeded games of one configuration, and the statistics of their lines.
//! - [`survival`]: the mean lines of games too long to play out, by multilevel splitting.
//! - `cli`: the options of `evolve`, shared by the command line and the Python package (native
//!   builds with the `cli` or `python` feature).
//! - [`catalog`]: what the engine ships and allows (presets, features, limits), as a page reads
//!   it.
//! - [`web`]: the JavaScript bindings (WebAssembly builds only).
//! - [`checked`]: outside input (configurations, weights, keys, counts as JSON) checked.
//! - [`error`]: the error type every bad input becomes.
//! - [`typescript`]: the TypeScript declarations of every value that crosses into JavaScript.
//! - `named`: small enumerations chosen by name, with their parsers; the TypeScript unions of
//!   the registries' names.

#![warn(missing_docs)]

pub mod ai;
pub mod bench;
pub mod catalog;
pub mod checked;
#[cfg(all(any(feature = "cli", feature = "python"), not(target_arch = "wasm32")))]
pub mod cli;
pub mod engine;
pub mod env;
pub mod error;
pub mod game;
mod named;
#[cfg(all(feature = "python", not(target_arch = "wasm32")))]
pub mod python;
pub mod replay;
pub mod survival;
pub mod train;
pub mod typescript;
#[cfg(target_arch = "wasm32")]
pub mod web;

pub use ai::presets::Preset;
pub use ai::search::{Choice, SearchConfig};
pub use ai::weights::Weights;
pub use engine::board::Board;
pub use engine::moves::{Input, Placement};
pub use engine::piece::{Piece, Rotation};
pub use engine::rules::{RuleSet, Rules};
pub use engine::spin::Spin;
pub use error::{Error, Result};
pub use game::{Game, GameConfig, Stats};
