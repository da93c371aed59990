//! Fitness: the average lines cleared over K seeded games on a training board and rule set of its
//! own, with an optional cap on pieces per game; or, for boards whose games are too long to play
//! out, the mean lines estimated by [splitting](tetris_ai_core::survival) over K replicates; or,
//! for versus, the mean points of K matches against a pool of opponents ([`crate::matches`]).
//! The games themselves are played as a [`GameBatch`](crate::batch::GameBatch).
//!
//! Under splitting each "game" of an individual is one replicate, and its "lines" are the
//! replicate's estimate of the mean, `1 / rate`. Splitting averages rates, not their inverses,
//! so an individual's fitness is the harmonic mean of its replicates' lines: the inverse of
//! their mean rate, as `tetris-ai survival` estimates it.

use crate::matches::VersusFitness;
use serde::{Deserialize, Serialize};
use tetris_ai_core::ai::search::SearchConfig;
use tetris_ai_core::ai::weights::Weights;
use tetris_ai_core::config::GameConfig;
use tetris_ai_core::engine::board::Board;
use tetris_ai_core::engine::rules::Rules;
use tetris_ai_core::error::{Error, Result};
use tetris_ai_core::game::Game;
use tetris_ai_core::survival::{self, Replicate, SurvivalPlan};
use tetris_ai_core::versus;

/// The lines a replicate that saw no game end counts for: the most a page's number holds
/// exactly, so that it adds next to nothing to its individual's mean rate.
pub const NO_ENDING_LINES: u64 = (1 << 53) - 1;

/// The effort of each splitting replicate when individuals are scored by survival; the base and
/// levels are [`survival::default_levels`] of the training board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct SurvivalEffort {
    /// Pieces of the long run that counts excursions.
    pub run_pieces: u64,
    /// Branches played from each level.
    pub trials: u64,
}

impl Default for SurvivalEffort {
    fn default() -> SurvivalEffort {
        SurvivalEffort {
            run_pieces: survival::DEFAULT_RUN_PIECES,
            trials: survival::DEFAULT_TRIALS,
        }
    }
}

/// How individuals are scored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
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
    /// Search depth of the players: the individual's, and in matches its opponents' (1 to 4).
    pub depth: u8,
    /// Search by a beam this wide through every known piece instead of by plies (the players',
    /// as [`SearchConfig::preview_beam`]); null (or absent) searches by plies, to `depth`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub preview_beam: Option<u32>,
    /// Score by survival: each of the K games is a splitting replicate of this effort; null (or
    /// absent) plays whole games.
    pub survival: Option<SurvivalEffort>,
    /// Score by matches: each of the K games is a match against the pool's opponents, and its
    /// "lines" are the points it scored (see [`crate::matches`]); null (or absent) plays alone.
    /// The cap on pieces, if any, is each side's in a match. Left out of the JSON when null, so
    /// that a run without matches writes the checkpoints it wrote before they existed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub versus: Option<VersusFitness>,
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
            preview_beam: None,
            survival: None,
            versus: None,
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
        if let Some(versus) = &self.versus {
            if self.survival.is_some() {
                return Err(Error::Config(
                    "survival and matches both score the games: choose one".into(),
                ));
            }
            versus.validate()?;
        }
        if let Some(effort) = self.survival {
            if let Some(cap) = self.max_pieces {
                return Err(Error::Config(format!(
                    "max pieces {cap} with survival: splitting estimates uncapped games, so \
                     leave max pieces unset"
                )));
            }
            self.plan(effort, self.game(None, 0))?;
        }
        Ok(())
    }

    fn search(&self) -> SearchConfig {
        SearchConfig {
            depth: self.depth,
            preview_beam: self.preview_beam,
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

    /// The game `weights` (the default preset's for none) play from `seed`.
    fn game(&self, weights: Option<&Weights>, seed: u64) -> GameConfig {
        GameConfig {
            rules: self.rules,
            width: self.width,
            height: self.height,
            seed,
            preset: None,
            weights: weights.cloned(),
            search: self.search(),
            ..GameConfig::default()
        }
    }

    /// The splitting plan of one replicate of `game`.
    fn plan(&self, effort: SurvivalEffort, game: GameConfig) -> Result<SurvivalPlan> {
        let (base, levels) = survival::default_levels(self.height);
        SurvivalPlan::new(game, base, levels, effort.run_pieces, effort.trials, 1)
    }

    /// Lines cleared by `weights` in the game seeded `seed`; under survival, the estimate of
    /// the replicate seeded `seed` (see [`replicate_lines`]); by matches, the points of the
    /// match seeded `seed`.
    pub fn play(&self, weights: &Weights, seed: u64) -> u64 {
        let game = self.game(Some(weights), seed);
        if let Some(versus) = &self.versus {
            let cap = self.max_pieces.unwrap_or(versus::DEFAULT_MAX_PIECES);
            return versus.play(&game, seed, cap).unwrap_or(0);
        }
        match self.survival {
            None => match Game::new(game) {
                Ok(mut game) => game.play(self.max_pieces).lines,
                Err(_) => 0,
            },
            Some(effort) => self
                .plan(effort, game)
                .and_then(|plan| plan.replicate(0))
                .map_or(0, |replicate| replicate_lines(&replicate)),
        }
    }

    /// An individual's fitness from the lines of its games: their mean, or under survival their
    /// harmonic mean (the inverse of the replicates' mean rate; 0 if a replicate's games end
    /// without a line). No games score 0.
    pub fn score(&self, lines: &[u64]) -> f64 {
        if lines.is_empty() {
            return 0.0;
        }
        let count = lines.len() as f64;
        if self.survival.is_some() {
            let rate = lines.iter().map(|&l| 1.0 / l as f64).sum::<f64>() / count;
            1.0 / rate
        } else {
            lines.iter().sum::<u64>() as f64 / count
        }
    }

    /// What the fitness averages of one game's lines, whose spread is its noise: the lines, or
    /// under survival the replicate's rate of endings per line, `1 / lines` (a replicate whose
    /// long run cleared no line counts as one ending per line, a finite stand-in for its rate).
    pub fn averaged(&self, lines: u64) -> f64 {
        if self.survival.is_some() {
            1.0 / lines.max(1) as f64
        } else {
            lines as f64
        }
    }
}

/// A replicate's estimate of the mean lines, as the lines of one game: `1 / rate`, rounded; 0 if
/// its long run cleared no line (its games end without one); [`NO_ENDING_LINES`] if no game's
/// end was seen.
pub fn replicate_lines(replicate: &Replicate) -> u64 {
    let rate = replicate.rate();
    if replicate.lines == 0 {
        0
    } else if rate > 0.0 {
        (1.0 / rate).round().min(NO_ENDING_LINES as f64) as u64
    } else {
        NO_ENDING_LINES
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tetris_ai_core::survival::Stage;

    fn survival() -> FitnessConfig {
        FitnessConfig {
            height: 20,
            survival: Some(SurvivalEffort::default()),
            ..FitnessConfig::default()
        }
    }

    #[test]
    fn games_score_their_mean_and_replicates_the_inverse_of_their_mean_rate() {
        let games = FitnessConfig::default();
        assert_eq!(games.score(&[100, 300]), 200.0);
        // Rates 1/100 and 1/300 average 1/150.
        assert_eq!(survival().score(&[100, 300]), 150.0);
        // A replicate whose games end without a line ends them all at once.
        assert_eq!(survival().score(&[0, 300]), 0.0);
        // One that saw no ending adds next to nothing to the rate.
        let unseen = survival().score(&[NO_ENDING_LINES, 300]);
        assert!((unseen - 600.0).abs() < 1e-6, "{unseen}");
        assert_eq!(games.score(&[]), 0.0);
        assert_eq!(survival().score(&[]), 0.0);
        // What each averages: the lines, or the rate, a replicate without a line's 1 per line.
        assert_eq!(games.averaged(200), 200.0);
        assert_eq!(survival().averaged(200), 0.005);
        assert_eq!(survival().averaged(0), 1.0);
    }

    #[test]
    fn a_replicates_lines_are_the_inverse_of_its_rate() {
        let stage = |trials, reached| Stage {
            level: None,
            trials,
            reached,
        };
        let replicate = |lines, reached| Replicate {
            lines,
            excursions: 10,
            stages: vec![stage(4, reached)],
            pieces: 5_000,
        };
        // 10 excursions in 1,000 lines, half of whose branches end the game: 1 end per 200.
        assert_eq!(replicate_lines(&replicate(1_000, 2)), 200);
        assert_eq!(replicate_lines(&replicate(1_000, 0)), NO_ENDING_LINES);
        assert_eq!(replicate_lines(&replicate(0, 2)), 0);
    }

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
        let capped = FitnessConfig {
            max_pieces: Some(500),
            ..survival()
        };
        let few = FitnessConfig {
            survival: Some(SurvivalEffort {
                run_pieces: 5,
                trials: 0,
            }),
            ..survival()
        };
        let long = FitnessConfig {
            survival: Some(SurvivalEffort {
                run_pieces: survival::MAX_RUN_PIECES + 1,
                trials: 5,
            }),
            ..survival()
        };
        for (config, named) in [
            (capped, "max pieces 500 with survival"),
            (few, "trials is 0"),
            (long, "run pieces 10000001 is above the most"),
        ] {
            let error = config.validate().unwrap_err().to_string();
            assert!(error.contains(named), "{error}");
        }
        survival().validate().unwrap();
    }
}
