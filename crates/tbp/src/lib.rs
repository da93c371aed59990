//! The Tetris Bot Protocol (TBP) for tetris-ai: the bot's side of a conversation with any TBP
//! frontend, as JSON messages (a line each over standard input and output, or `postMessage` in a
//! Web Worker), and the frontend's side for an engine game whose pieces a bot places. The
//! messages are the `tbp` crate's types.
//!
//! - [`location`]: a piece's place in the protocol's terms (SRS true rotation centres) and the
//!   engine's.
//! - [`game`]: the game as the bot follows it, from `start`, `play` and `new_piece`.
//! - [`bot`]: the conversation: each message handled, a suggestion within the think budget.
//! - [`search`]: how a suggestion is searched within the budget, and thought ahead.
//! - [`futures`]: futures past the preview, sampled from the bag, that the beam looks through.
//! - [`spawn`]: the moves left where a piece spawns only where the protocol says.
//! - [`frontend`]: an engine game as the frontend tells it to a bot, and the bot's moves played.

pub mod bot;
pub mod frontend;
pub mod futures;
pub mod game;
pub mod location;
pub mod search;
pub mod spawn;

pub use bot::{Bot, Reply};
pub use futures::Futures;
pub use search::BotSearch;
