//! Matches: two AIs playing against each other, a piece each per turn (lockstep), each clear's
//! attack sent to the other as garbage under the versus rules. Both games of a match are dealt
//! the same pieces and the same garbage holes, from the match's seed, so that a match is decided
//! by play alone; the same seed gives the same match everywhere.
//!
//! - [`clock`]: a match on a clock of frames, where each game places pieces in its own time.
//! - [`series`]: many seeded matches, and the statistics of their outcomes (wins with their
//!   95% interval, attack per piece).

mod clock;
pub mod series;

use crate::config::GameConfig;
use crate::engine::versus::VersusRules;
use crate::engine::versus::pace::Pace;
use crate::error::{Error, Result};
use crate::game::{Game, VersusStats};
use serde::{Deserialize, Serialize};

/// The pieces each side may place before a match still going is called a draw, unless told.
pub const DEFAULT_MAX_PIECES: u64 = 10_000;

/// One side of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The first player.
    Left,
    /// The second player.
    Right,
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// One side topped out; the other won.
    TopOut,
    /// Both sides topped out on the same turn: a draw.
    BothToppedOut,
    /// Both were still playing when the cap on pieces was reached: a draw.
    PieceLimit,
}

/// What one side did in a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct SideOutcome {
    /// Pieces placed.
    pub pieces: u64,
    /// Lines cleared.
    pub lines: u64,
    /// Attack sent and garbage taken.
    pub versus: VersusStats,
}

/// How a match went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct MatchOutcome {
    /// The winner; none for a draw.
    pub winner: Option<Side>,
    /// How it ended.
    pub ending: Ending,
    /// The left side's play.
    pub left: SideOutcome,
    /// The right side's play.
    pub right: SideOutcome,
}

/// A match between two AIs: their game configurations (rules, board, weights and search; the
/// seed is the match's), the versus rules and the pace.
#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    left: GameConfig,
    right: GameConfig,
    rules: VersusRules,
    max_pieces: u64,
    pace: Pace,
}

impl Match {
    /// A match of `left` against `right` under `rules`, called a draw once each side has
    /// placed `max_pieces` pieces. A bad configuration or rule, or a cap of 0, is an error
    /// naming it.
    pub fn new(
        left: GameConfig,
        right: GameConfig,
        rules: VersusRules,
        max_pieces: u64,
    ) -> Result<Match> {
        if max_pieces == 0 {
            return Err(Error::Config(
                "max pieces is 0: a match lasts at least 1 piece".into(),
            ));
        }
        rules.validate()?;
        Game::new(left.clone())?;
        Game::new(right.clone()).map_err(|e| Error::Config(format!("the opponent's {e}")))?;
        Ok(Match {
            left,
            right,
            rules,
            max_pieces,
            pace: Pace::Lockstep,
        })
    }

    /// The same match at `pace`: in lockstep (as [`Match::new`] makes it), or on a clock of
    /// frames, where the garbage waits the pace's frames instead of the rules' placements and
    /// the first side to place the cap on pieces ends the match in a draw.
    pub fn paced(self, pace: Pace) -> Match {
        Match { pace, ..self }
    }

    /// The pace.
    pub fn pace(&self) -> Pace {
        self.pace
    }

    /// The versus rules.
    pub fn rules(&self) -> &VersusRules {
        &self.rules
    }

    /// The left side's configuration.
    pub fn left(&self) -> &GameConfig {
        &self.left
    }

    /// The right side's configuration.
    pub fn right(&self) -> &GameConfig {
        &self.right
    }

    /// The cap on each side's pieces.
    pub fn max_pieces(&self) -> u64 {
        self.max_pieces
    }

    /// Plays the match of seed `seed` to its end.
    pub fn play(&self, seed: u64) -> Result<MatchOutcome> {
        let frames = self.pace.turn_frames();
        let side = |config: &GameConfig| -> Result<Game> {
            let mut game = Game::new(GameConfig {
                seed,
                ..config.clone()
            })?;
            match frames {
                Some(_) => game.set_timed_versus(self.rules)?,
                None => game.set_versus(self.rules)?,
            }
            Ok(game)
        };
        let mut games = [side(&self.left)?, side(&self.right)?];
        let ending = match frames {
            Some(frames) => clock::play(&mut games, frames, self.max_pieces),
            None => self.play_lockstep(&mut games),
        };
        let winner = match (ending, games[0].is_over()) {
            (Ending::TopOut, true) => Some(Side::Right),
            (Ending::TopOut, false) => Some(Side::Left),
            _ => None,
        };
        let [left, right] = games.each_ref().map(|game| {
            let stats = game.stats();
            SideOutcome {
                pieces: stats.pieces,
                lines: stats.lines,
                versus: game.versus().map(|(_, totals)| totals).unwrap_or_default(),
            }
        });
        Ok(MatchOutcome {
            winner,
            ending,
            left,
            right,
        })
    }

    /// Plays `games` (left, right) a piece each per turn until one tops out or both have
    /// placed the cap on pieces; returns how it ended.
    fn play_lockstep(&self, games: &mut [Game; 2]) -> Ending {
        let delay = u64::from(self.rules.garbage.delay);
        let mut turn = 0;
        loop {
            if turn == self.max_pieces {
                return Ending::PieceLimit;
            }
            for game in games.iter_mut() {
                game.play(Some(turn + 1));
            }
            let sent = games.each_mut().map(|game| game.take_sent());
            games[0].receive_garbage(sent[1], turn + delay);
            games[1].receive_garbage(sent[0], turn + delay);
            turn += 1;
            match (games[0].is_over(), games[1].is_over()) {
                (false, false) => continue,
                (true, true) => return Ending::BothToppedOut,
                _ => return Ending::TopOut,
            }
        }
    }
}
