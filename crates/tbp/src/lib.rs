//! The Tetris Bot Protocol (TBP) for tetris-ai: the bot's side of a conversation with any TBP
//! frontend, as JSON messages (a line each over standard input and output, or `postMessage` in a
//! Web Worker). The messages are the `tbp` crate's types.
//!
//! - [`location`]: a piece's place in the protocol's terms (SRS true rotation centres) and the
//!   engine's.
//! - [`game`]: the game as the bot follows it, from `start`, `play` and `new_piece`.
//! - [`bot`]: the conversation: each message handled, a suggestion within the think budget.

pub mod bot;
pub mod game;
pub mod location;

pub use bot::{Bot, Reply};
