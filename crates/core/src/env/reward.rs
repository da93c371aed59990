//! What a step is worth: lines by how many rows one placement clears, points, each piece
//! placed, and the end of the game, each weighted as the environment's user chooses.

use crate::error::{Error, Result};

/// The weights of a step's reward; by default one per line cleared and nothing else.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reward {
    /// The reward for a placement that clears 0, 1, 2, 3 or 4 rows.
    pub lines: [f64; 5],
    /// The reward per point scored (guideline scoring; the research rules score none).
    pub points: f64,
    /// The reward for each piece placed.
    pub piece: f64,
    /// The reward of the step that ends the game.
    pub game_over: f64,
}

impl Default for Reward {
    fn default() -> Reward {
        Reward {
            lines: [0.0, 1.0, 2.0, 3.0, 4.0],
            points: 0.0,
            piece: 0.0,
            game_over: 0.0,
        }
    }
}

impl Reward {
    /// Checks that every weight is a finite number; the error names the bad one.
    pub fn validate(&self) -> Result<()> {
        let named = self
            .lines
            .iter()
            .enumerate()
            .map(|(rows, &value)| (format!("reward.lines[{rows}]"), value))
            .chain([
                ("reward.points".to_string(), self.points),
                ("reward.piece".to_string(), self.piece),
                ("reward.game_over".to_string(), self.game_over),
            ]);
        for (name, value) in named {
            if !value.is_finite() {
                return Err(Error::Config(format!(
                    "{name} must be a finite number, got {value}"
                )));
            }
        }
        Ok(())
    }

    /// The reward of one step that placed `pieces` pieces, each clearing the rows given in
    /// `rows_cleared`, scored `points`, and ended the game or not.
    pub fn of(&self, rows_cleared: &[u32], points: u64, game_over: bool) -> f64 {
        let lines: f64 = rows_cleared
            .iter()
            .map(|&rows| self.lines[(rows as usize).min(4)])
            .sum();
        let over = if game_over { self.game_over } else { 0.0 };
        lines + self.points * points as f64 + self.piece * rows_cleared.len() as f64 + over
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_counts_lines() {
        let reward = Reward::default();
        assert_eq!(reward.of(&[], 0, false), 0.0);
        assert_eq!(reward.of(&[0], 0, false), 0.0);
        assert_eq!(reward.of(&[4], 800, false), 4.0);
        assert_eq!(reward.of(&[2, 1], 400, true), 3.0);
    }

    #[test]
    fn every_weight_counts() {
        let reward = Reward {
            lines: [0.0, 1.0, 3.0, 5.0, 8.0],
            points: 0.01,
            piece: 0.5,
            game_over: -10.0,
        };
        // A tetris worth 800 points, then a piece that clears nothing and ends the game:
        // 8 + 0.01 x 800 + 2 x 0.5 - 10 = 7.
        assert_eq!(reward.of(&[4, 0], 800, true), 7.0);
    }

    #[test]
    fn weights_must_be_finite() {
        let mut reward = Reward::default();
        reward.lines[3] = f64::NAN;
        let error = reward.validate().unwrap_err().to_string();
        assert_eq!(error, "reward.lines[3] must be a finite number, got NaN");
        let error = Reward {
            game_over: f64::NEG_INFINITY,
            ..Reward::default()
        }
        .validate()
        .unwrap_err()
        .to_string();
        assert_eq!(error, "reward.game_over must be a finite number, got -inf");
    }
}
