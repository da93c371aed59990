//! Game modes: what a game plays for. Endless play goes on until the stack tops out; the goal
//! modes end the game when their goal is reached: 40 lines (sprint), two minutes (ultra), or the
//! fifteen levels of a marathon, whose gravity rises with the level. Time is counted in frames of
//! play, 60 to the second, so a mode's game is the same game however fast it is shown.

use crate::named_choices;
use serde::{Deserialize, Serialize};

/// Frames of play in a second of a mode's clock.
pub const FRAMES_PER_SECOND: u64 = 60;

/// The lines a sprint is run to.
pub const SPRINT_LINES: u64 = 40;

/// The frames an ultra lasts: two minutes.
pub const ULTRA_FRAMES: u64 = 2 * 60 * FRAMES_PER_SECOND;

/// Lines per level: the guideline level rises every ten lines.
pub const LINES_PER_LEVEL: u64 = 10;

/// The marathon's last level; the marathon ends when it is cleared.
pub const MARATHON_LEVELS: u64 = 15;

/// What a game plays for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// No goal: the game goes on until the stack tops out.
    #[default]
    Endless,
    /// 40-line sprint: the game ends, finished, when 40 lines are cleared.
    Sprint,
    /// Ultra: the game ends, finished, after two minutes of play (7,200 frames).
    Ultra,
    /// Marathon: the level rises every 10 lines, and gravity with it; the game ends, finished,
    /// when level 15 is cleared (150 lines).
    Marathon,
}

named_choices!(
    Mode,
    "mode",
    Endless => "endless",
    Sprint => "sprint",
    Ultra => "ultra",
    Marathon => "marathon",
);

impl Mode {
    /// Whether a game of this mode that has cleared `lines` after `frames` of play has reached
    /// its goal.
    pub fn reached(self, lines: u64, frames: u64) -> bool {
        match self {
            Mode::Endless => false,
            Mode::Sprint => lines >= SPRINT_LINES,
            Mode::Ultra => frames >= ULTRA_FRAMES,
            Mode::Marathon => lines >= MARATHON_LEVELS * LINES_PER_LEVEL,
        }
    }

    /// The frames per row of fall this mode sets after `lines` cleared, in place of the
    /// player's own gravity: the marathon's level's; `None` where the mode sets none.
    pub fn gravity(self, lines: u64) -> Option<u32> {
        (self == Mode::Marathon).then(|| marathon_gravity(level(lines)))
    }
}

/// The guideline level after `lines` cleared: 1, rising every 10 lines, at most 15.
pub fn level(lines: u64) -> u64 {
    (1 + lines / LINES_PER_LEVEL).min(MARATHON_LEVELS)
}

/// Frames per row of fall at `level` (from 1), by the guideline's curve: (0.8 − (level − 1) ×
/// 0.007)^(level − 1) seconds a row, rounded to whole frames, at least one.
pub fn marathon_gravity(level: u64) -> u32 {
    let steps = level.saturating_sub(1) as f64;
    let seconds = libm::pow(0.8 - steps * 0.007, steps);
    (seconds * FRAMES_PER_SECOND as f64).round().max(1.0) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goals_are_reached_where_the_modes_say() {
        assert!(!Mode::Endless.reached(1_000_000, u64::MAX));
        assert!(!Mode::Sprint.reached(39, 0));
        assert!(Mode::Sprint.reached(40, 0));
        assert!(Mode::Sprint.reached(42, 0)); // a last clear may pass the goal
        assert!(!Mode::Ultra.reached(1_000, 7_199));
        assert!(Mode::Ultra.reached(0, 7_200));
        assert!(!Mode::Marathon.reached(149, u64::MAX));
        assert!(Mode::Marathon.reached(150, 0));
    }

    #[test]
    fn levels_rise_every_ten_lines_up_to_fifteen() {
        assert_eq!(level(0), 1);
        assert_eq!(level(9), 1);
        assert_eq!(level(10), 2);
        assert_eq!(level(139), 14);
        assert_eq!(level(140), 15);
        assert_eq!(level(1_000), 15);
    }

    #[test]
    fn the_marathons_gravity_follows_the_guideline_curve() {
        // (0.8 − (L − 1) × 0.007)^(L − 1) s a row at 60 frames a second, by hand:
        // L1 1 s = 60; L2 0.793 s = 47.58; L3 0.786² = 0.6178 s = 37.07; L4 0.779³ = 0.4727 s
        // = 28.36; L5 0.772⁴ = 0.3552 s = 21.31; L10 0.737⁹ = 0.06415 s = 3.85; L13 0.716¹²
        // = 0.01815 s = 1.09; L15 0.702¹⁴ = 0.00706 s = 0.42, at least 1.
        let frames: Vec<u32> = [1, 2, 3, 4, 5, 10, 13, 15]
            .into_iter()
            .map(marathon_gravity)
            .collect();
        assert_eq!(frames, [60, 48, 37, 28, 21, 4, 1, 1]);
        assert_eq!(Mode::Marathon.gravity(0), Some(60));
        assert_eq!(Mode::Marathon.gravity(35), Some(28)); // level 4
        assert_eq!(Mode::Sprint.gravity(35), None);
        assert_eq!(Mode::Endless.gravity(0), None);
    }

    #[test]
    fn modes_are_chosen_by_name() {
        assert_eq!("ultra".parse::<Mode>().unwrap(), Mode::Ultra);
        let err = "zen".parse::<Mode>().unwrap_err().to_string();
        assert!(
            err.contains("unknown mode \"zen\"")
                && err.contains("\"endless\", \"sprint\", \"ultra\" or \"marathon\""),
            "{err}"
        );
    }
}
