//! Fitness: the average lines cleared over K seeded games on a training board and rule set of
//! its own, with an optional cap on pieces per game. The games themselves are played as a
//! [`GameBatch`](crate::train::batch::GameBatch).

use crate::ai::search::SearchConfig;
use crate::ai::weights::Weights;
use crate::engine::board::Board;
use crate::engine::rules::Rules;
use crate::error::{Error, Result};
use crate::game::{Game, GameConfig};
use serde::{Deserialize, Serialize};

/// How individuals are scored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields, default)]
pub struct FitnessConfig {
    /// Training board columns.
    pub width: usize,
    /// Training board rows.
    pub height: usize,
    /// Training rules.
    pub rules: Rules,
    /// Games per individual (K).
    pub games: usize,
    /// Pieces after which a game stops, if any.
    pub max_pieces: Option<u64>,
    /// Whether every individual of one evaluation plays the same K seeds (common random numbers).
    pub common_seeds: bool,
    /// Search depth of the player (1 or 2).
    pub depth: u8,
}

impl Default for FitnessConfig {
    fn default() -> FitnessConfig {
        FitnessConfig {
            width: 10,
            height: 10,
            rules: Rules::classic(),
            games: 10,
            max_pieces: None,
            common_seeds: true,
            depth: 1,
        }
    }
}

impl FitnessConfig {
    /// Checks the values; the error names the bad one.
    pub fn validate(&self) -> Result<()> {
        Board::new(self.width, self.height)?;
        self.rules.validate()?;
        self.search().validate()?;
        if self.games == 0 {
            return Err(Error::Config(
                "games per individual is 0: it must be at least 1".into(),
            ));
        }
        if self.max_pieces == Some(0) {
            return Err(Error::Config(
                "max pieces is 0: it must be at least 1, or unset".into(),
            ));
        }
        Ok(())
    }

    fn search(&self) -> SearchConfig {
        SearchConfig {
            depth: self.depth,
            ..SearchConfig::default()
        }
    }

    /// The seed of game `game` of individual `individual` in an evaluation seeded `base`.
    pub fn seed(&self, base: u64, individual: usize, game: usize) -> u64 {
        let slot = if self.common_seeds {
            game
        } else {
            individual * self.games + game
        };
        base.wrapping_add(slot as u64)
    }

    /// Lines cleared by `weights` in the game seeded `seed`.
    pub fn play(&self, weights: &Weights, seed: u64) -> u64 {
        let config = GameConfig {
            rules: self.rules,
            width: self.width,
            height: self.height,
            seed,
            preset: None,
            weights: Some(weights.clone()),
            search: self.search(),
            ..GameConfig::default()
        };
        match Game::new(config) {
            Ok(mut game) => game.play(self.max_pieces).lines,
            Err(_) => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_shared_only_with_common_random_numbers() {
        let common = FitnessConfig::default();
        assert_eq!(common.seed(100, 0, 2), common.seed(100, 5, 2));
        let apart = FitnessConfig {
            common_seeds: false,
            games: 4,
            ..FitnessConfig::default()
        };
        assert_eq!(apart.seed(100, 0, 2), 102);
        assert_eq!(apart.seed(100, 5, 2), 122);
    }

    #[test]
    fn bad_values_are_named() {
        let zero = FitnessConfig {
            games: 0,
            ..FitnessConfig::default()
        };
        assert!(zero.validate().unwrap_err().to_string().contains("is 0"));
        let wide = FitnessConfig {
            width: 30,
            ..FitnessConfig::default()
        };
        assert!(
            wide.validate()
                .unwrap_err()
                .to_string()
                .contains("width 30")
        );
    }
}
