//! Scoring by matches, for weights that play versus: each of an individual's games is a match
//! against one of a pool of opponents, under versus rules, and scores points by its result: 100
//! for a win, 50 for a draw, 0 for a loss. A match without a winner (both sides still playing
//! at the cap of pieces, or both topped out on one turn) is judged on the rows each sent, the
//! larger winning, so that two players that both survive are still told apart. An individual's
//! fitness is its mean points: the share of its matches it won, in percent, draws counted half.

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use tetris_ai_core::ai::presets;
use tetris_ai_core::ai::weights::Weights;
use tetris_ai_core::config::GameConfig;
use tetris_ai_core::engine::versus::VersusPreset;
use tetris_ai_core::engine::versus::pace::Pace;
use tetris_ai_core::error::{Error, Result};
use tetris_ai_core::versus::{Match, MatchOutcome, Side};

/// The points of a match won.
pub const WIN_POINTS: u64 = 100;
/// The points of a match drawn: both sides topped out together, or sent as many rows by the cap.
pub const DRAW_POINTS: u64 = 50;

/// One opponent of the pool: its name, as reports show it, and its weights.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Opponent {
    /// A preset's name, or the file its weights came from.
    pub name: String,
    /// The weights it plays by.
    pub weights: Weights,
}

impl Opponent {
    /// The preset called `name`; an unknown name is an error naming it and the presets.
    pub fn preset(name: &str) -> Result<Opponent> {
        Ok(Opponent {
            name: name.to_string(),
            weights: presets::find(name)?.weights(),
        })
    }
}

/// How individuals are scored by matches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct VersusFitness {
    /// The pool: the match seeded `s` is played against opponent `s` modulo their number (so
    /// the consecutive seeds of an individual's games go round the pool).
    pub opponents: Vec<Opponent>,
    /// The versus rules: attack table and garbage.
    pub rules: VersusPreset,
    /// How the matches keep time (lockstep in runs from before there was a choice).
    #[serde(default)]
    pub pace: Pace,
}

impl VersusFitness {
    /// Checks the pool: at least one opponent.
    pub fn validate(&self) -> Result<()> {
        self.opponent(0).map(|_| ())
    }

    /// The opponent of the match seeded `seed`; an empty pool is an error.
    pub fn opponent(&self, seed: u64) -> Result<&Opponent> {
        seed.checked_rem(self.opponents.len() as u64)
            .map(|at| &self.opponents[at as usize])
            .ok_or_else(|| Error::Config("scoring by matches needs at least one opponent".into()))
    }

    /// The points the player of `player` scores in its match seeded `seed`, the opponent's game
    /// the same with the opponent's weights put in, judged once each side has placed
    /// `max_pieces`.
    pub fn play(&self, player: &GameConfig, seed: u64, max_pieces: u64) -> Result<u64> {
        let opponent = GameConfig {
            preset: None,
            weights: Some(self.opponent(seed)?.weights.clone()),
            ..player.clone()
        };
        let pairing =
            Match::new(player.clone(), opponent, self.rules.rules(), max_pieces)?.paced(self.pace);
        Ok(points(&pairing.play(seed)?))
    }
}

/// The left side's points for `outcome`: by the winner, else by the rows each sent.
pub fn points(outcome: &MatchOutcome) -> u64 {
    let judged =
        outcome.winner.or_else(
            || match outcome.left.versus.sent.cmp(&outcome.right.versus.sent) {
                Ordering::Greater => Some(Side::Left),
                Ordering::Less => Some(Side::Right),
                Ordering::Equal => None,
            },
        );
    match judged {
        Some(Side::Left) => WIN_POINTS,
        Some(Side::Right) => 0,
        None => DRAW_POINTS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tetris_ai_core::game::VersusStats;
    use tetris_ai_core::versus::{Ending, SideOutcome};

    fn side(sent: u64) -> SideOutcome {
        SideOutcome {
            versus: VersusStats {
                sent,
                ..VersusStats::default()
            },
            ..SideOutcome::default()
        }
    }

    fn outcome(winner: Option<Side>, ending: Ending, sent: [u64; 2]) -> MatchOutcome {
        MatchOutcome {
            winner,
            ending,
            left: side(sent[0]),
            right: side(sent[1]),
        }
    }

    #[test]
    fn a_match_scores_by_its_winner_else_by_the_rows_sent() {
        // A top-out decides, whatever was sent.
        let won = outcome(Some(Side::Left), Ending::TopOut, [3, 40]);
        let lost = outcome(Some(Side::Right), Ending::TopOut, [40, 3]);
        assert_eq!((points(&won), points(&lost)), (100, 0));
        // At the cap, the side that sent more wins; as many is a draw.
        let ahead = outcome(None, Ending::PieceLimit, [12, 11]);
        let behind = outcome(None, Ending::PieceLimit, [11, 12]);
        let level = outcome(None, Ending::PieceLimit, [12, 12]);
        assert_eq!(
            (points(&ahead), points(&behind), points(&level)),
            (100, 0, 50)
        );
        // Both topped out on one turn: judged on the rows sent too.
        let together = outcome(None, Ending::BothToppedOut, [5, 5]);
        assert_eq!(points(&together), 50);
    }

    #[test]
    fn consecutive_seeds_go_round_the_pool() {
        let pool = VersusFitness {
            opponents: ["dellacherie", "dt10"]
                .iter()
                .map(|name| Opponent::preset(name).unwrap())
                .collect(),
            rules: VersusPreset::Ppt,
            pace: Pace::Lockstep,
        };
        let names: Vec<&str> = (7..12)
            .map(|s| pool.opponent(s).unwrap().name.as_str())
            .collect();
        assert_eq!(
            names,
            ["dt10", "dellacherie", "dt10", "dellacherie", "dt10"]
        );
        let empty = VersusFitness {
            opponents: vec![],
            ..pool
        };
        assert!(
            empty
                .validate()
                .unwrap_err()
                .to_string()
                .contains("at least one opponent")
        );
        // Nor does an empty pool play, unchecked: it is an error, not a panic.
        let game = GameConfig::default();
        let played = empty.play(&game, 3, 10);
        assert!(
            played
                .unwrap_err()
                .to_string()
                .contains("at least one opponent")
        );
        assert!(Opponent::preset("nobody").is_err());
        // A pool saved before matches had a pace plays in lockstep, as it did.
        let saved: VersusFitness =
            serde_json::from_str(r#"{"opponents": [], "rules": "ppt"}"#).unwrap();
        assert_eq!(saved.pace, Pace::Lockstep);
    }
}
