//! A recorded game's side of a match: the versus rules it played under, from which placement,
//! and every attack it took in, as it came. A [`Replay`](crate::replay::Replay) begins the match
//! and lets each attack in before the same placement, so the same garbage rises at the same
//! placements, with the same holes (drawn from the game's seed), and the same clears cancel it.

use crate::checked;
use crate::engine::versus::VersusRules;
use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// An attack a game of a match took in, on the match's clock: placements since it began.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Attack {
    /// Placements made in the match when it came.
    pub at: u64,
    /// Its rows (at least one).
    pub rows: u32,
    /// The placement from which its rows may enter.
    pub due: u64,
}

/// A recorded game's side of a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct MatchSide {
    /// The versus rules.
    pub rules: VersusRules,
    /// Placements the game had made when the match began.
    pub from: u64,
    /// The attacks the game took in, in the order they came.
    pub attacks: Vec<Attack>,
}

impl MatchSide {
    /// The side of a recording of `pieces` placements, written as JSON `value` at `path`: its
    /// rules valid, the match begun by the last placement, and its attacks of one row or more,
    /// in order, each come by the last placement. A bad one is refused, naming what is wrong.
    pub(super) fn read(path: &str, value: &Value, pieces: u64) -> Result<MatchSide> {
        let side: MatchSide = checked::deserialized(path, Some(value))?;
        side.rules
            .validate()
            .map_err(|e| Error::Config(format!("{path}.rules: {e}")))?;
        if side.from > pieces {
            return Err(Error::Config(format!(
                "{path}.from is {}, but the replay holds {pieces} placements",
                side.from
            )));
        }
        let mut last = 0;
        for (i, attack) in side.attacks.iter().enumerate() {
            let at = format!("{path}.attacks[{i}]");
            if attack.rows == 0 {
                return Err(Error::Config(format!("{at}.rows must be 1 or more, got 0")));
            }
            if attack.at < last {
                return Err(Error::Config(format!(
                    "{at}.at is {}, before the attack ahead of it ({last}): attacks come in order",
                    attack.at
                )));
            }
            if attack.at > pieces - side.from {
                return Err(Error::Config(format!(
                    "{at}.at is {}, past the match's {} placements",
                    attack.at,
                    pieces - side.from
                )));
            }
            last = attack.at;
        }
        Ok(side)
    }
}
