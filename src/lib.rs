//! tetris-ai: a Tetris AI engine.
//!
//! The map of the crate:
//! - [`piece`]: the seven tetrominoes, SRS rotation states and kick tables.
//! - [`board`]: the bitboard playfield (a word per column), line clears, heights.
//! - [`rng`]: the seeded random stream behind every random choice.
//! - [`rules`]: research and guideline rules: randomizers, spawn, locking, game over, scoring.
//! - [`spin`]: T-spins, by the guideline's three-corner rule.
//! - [`moves`]: placements: drop-only, and breadth-first search over inputs with paths.
//! - [`reach`]: every placement reachable under guideline rules, found a word at a time.
//! - [`active`]: the falling piece, moved one input at a time.
//! - [`manual`]: manual play: keys, DAS/ARR, gravity, soft drop, lock delay.
//! - [`timing`]: which placements a player reaches in time under gravity and lock delay.
//! - [`ai`]: features, weights, presets, and the search that chooses a placement.
//! - [`train`]: fitness, genetic algorithms and other optimizers that learn the weights.
//! - [`game`]: one game: queue, hold, the AI's step, statistics and the view for rendering.
//! - [`web`]: the JavaScript bindings (WebAssembly builds only).
//! - [`checked`]: outside input (configurations, weights, keys, counts as JSON) checked.
//! - [`error`]: the error type every bad input becomes.
//! - `named`: small enumerations chosen by name, with their parsers.

#![warn(missing_docs)]

pub mod active;
pub mod ai;
pub mod board;
pub mod checked;
pub mod error;
pub mod game;
pub mod manual;
pub mod moves;
mod named;
pub mod piece;
pub mod reach;
pub mod rng;
pub mod rules;
pub mod spin;
pub mod timing;
pub mod train;
#[cfg(target_arch = "wasm32")]
pub mod web;

pub use ai::presets::Preset;
pub use ai::search::{Choice, SearchConfig};
pub use ai::weights::Weights;
pub use board::Board;
pub use error::{Error, Result};
pub use game::{Game, GameConfig, Stats};
pub use moves::{Input, Placement};
pub use piece::{Piece, Rotation};
pub use rules::{RuleSet, Rules};
pub use spin::Spin;
