//! The game itself, with no AI in it: pieces, the board, the seeded random stream, the two rule
//! sets, placements and how they are reached, and the falling piece under a player's hands. The
//! AI, the learners and the bindings build on it; it reaches none of them, only the crate's
//! error type and its named choices.

pub mod active;
pub mod board;
pub(crate) mod fits;
pub mod manual;
pub mod moves;
pub mod piece;
pub mod reach;
pub mod rng;
pub mod rules;
pub mod spin;
pub mod timing;
