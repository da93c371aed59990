//! The rules of the game, with no AI in them: pieces, the board, the seeded random stream, the
//! two rule sets, placements and how they are reached, and the falling piece under a player's
//! hands. Every layer above builds on this crate; it knows none of them. A board and its rules
//! know nothing of evaluation.
//!
//! - [`piece`]: the seven tetrominoes, SRS rotation states and kick tables.
//! - [`board`]: the bitboard playfield (a word per column), line clears, heights.
//! - [`rng`]: the seeded random stream behind every random choice.
//! - [`rules`]: research and guideline rules: randomizers, spawn, locking, game over, scoring.
//! - [`spin`]: T-spins, by the guideline's three-corner rule.
//! - [`moves`]: placements: drop-only, and breadth-first search over inputs with paths.
//! - [`reach`]: every placement reachable under guideline rules, found a word at a time.
//! - [`active`]: the falling piece, moved one input at a time.
//! - [`manual`]: manual play: keys, DAS/ARR, gravity, soft drop, lock delay.
//! - [`mode`]: game modes: endless, and the goals of sprint, ultra and marathon.
//! - [`timing`]: which placements a player reaches in time under gravity and lock delay.
//! - [`versus`]: attack, garbage and each player's side of a versus game.
//! - [`error`]: the error type every bad input becomes, in every layer.
//! - [`named_choices!`] and [`ts_name_union!`]: small enumerations chosen by name, and the
//!   TypeScript unions of the registries' names.

pub mod active;
pub mod board;
pub mod error;
pub(crate) mod fits;
pub mod manual;
pub mod mode;
pub mod moves;
mod named;
pub mod piece;
pub mod reach;
pub mod rng;
pub mod rules;
pub mod spin;
pub mod timing;
pub mod versus;

pub use error::{Error, Result};
