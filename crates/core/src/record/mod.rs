//! A recorded game, as a leaf value: its configuration and one move per piece. The game is
//! deterministic from its configuration and seed, so the move of each piece (hold first or not,
//! the placement, the rows dropped by hand; the piece itself follows from the queue) plays it
//! again exactly: the same cells, lines and score at every placement. A game of a match keeps
//! its side of it too ([`MatchSide`]): the attacks it took in, as they came.
//!
//! A [`Recording`] is how a replay is written, one form for the page's history, its share links
//! and its files: the configuration, the number of pieces, and the moves encoded as text (see
//! [`codec`]); or no moves where the AI placed every piece under the configuration, which then
//! plays the game again from its seed. A [`Game`](crate::game::Game) records its moves as it
//! plays; a [`Replay`](crate::replay::Replay) plays them again.

mod codec;
mod moves;
mod side;

pub use codec::{decode, encode};
pub use moves::Move;
pub use side::{Attack, MatchSide};

use crate::checked;
use crate::config::GameConfig;
use crate::error::{Error, Result, json_problem};
use serde::Serialize;
use serde_json::Value;

/// The fields of a recording, as [`Recording`] writes them.
const RECORDING_FIELDS: [&str; 4] = ["config", "pieces", "moves", "versus"];

/// The most pieces a recording holds. A replay of the AI alone plays every piece again from its
/// seed as it opens (about 6 µs a piece), so no link or file may ask for a game without end.
pub const MAX_PIECES: u64 = 1_000_000;

/// A game as a replay keeps it: JSON in the page's history, a share link and a file.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Recording {
    /// The game's configuration: rules, board and seed, and the AI's weights and search, which
    /// the coach rates the moves by.
    pub config: GameConfig,
    /// How many pieces were placed.
    pub pieces: u64,
    /// The moves, one per piece, encoded as base64url text (a few characters a piece); null
    /// where the AI placed every piece under `config`: the AI then plays the game again from
    /// its seed.
    pub moves: Option<String>,
    /// The game's side of a match, where it played one (its moves are then given); left out
    /// otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub versus: Option<MatchSide>,
}

impl Recording {
    /// The recording written as JSON `text`, checked through and through: a bad one is refused,
    /// naming what is wrong (the moves themselves are checked as a
    /// [`Replay`](crate::replay::Replay) plays them).
    pub fn read(text: &str) -> Result<Recording> {
        let value: Value = serde_json::from_str(text).map_err(|e| {
            Error::Config(format!(
                "a replay must be JSON, and this is not: {}",
                json_problem(&e)
            ))
        })?;
        let map = checked::fields("replay", Some(&value), &RECORDING_FIELDS)?;
        let config = checked::required(map, "replay", "config")?;
        let config = checked::game_config("config", Some(config))?;
        let pieces = checked::count("pieces", map.get("pieces"), 0, MAX_PIECES)?;
        let moves = match map.get("moves") {
            None | Some(Value::Null) => None,
            moves => Some(checked::text("moves", moves)?),
        };
        let versus = match map.get("versus") {
            None | Some(Value::Null) => None,
            Some(side) => Some(MatchSide::read("versus", side, pieces)?),
        };
        Ok(Recording {
            config,
            pieces,
            moves,
            versus,
        })
    }

    /// The recording as JSON text, as [`Recording::read`] reads it.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}
