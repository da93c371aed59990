//! The pace of a match: whether the two games take turns a piece at a time (lockstep), or each
//! keeps a clock of frames, where moving a piece into place, a line clear's pause and the next
//! piece's spawn all take time. On a clock a player who clears often, or moves pieces far, places
//! fewer pieces than the opponent in the same time, and garbage waits a number of frames, not
//! placements, as battletris referees a game.

use super::attack::Clear;
use crate::moves::Input;
use serde::{Deserialize, Serialize};

/// How the games of a match keep time, chosen by name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Pace {
    /// A piece each per turn, garbage waiting the rules' delay in placements.
    #[default]
    Lockstep,
    /// Puyo Puyo Tetris's frames, as battletris's `-c ppt` counts them (frames of 16 ms).
    Ppt,
}

crate::named_choices!(Pace, "pace", Lockstep => "lockstep", Ppt => "ppt");

impl Pace {
    /// The frames each part of a turn takes; `None` for lockstep.
    pub fn turn_frames(self) -> Option<TurnFrames> {
        match self {
            Pace::Lockstep => None,
            Pace::Ppt => Some(TurnFrames::PPT),
        }
    }
}

/// The frames each part of a turn takes on a match's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnFrames {
    /// Frames from a placement's clear pause (or its lock, when it clears nothing) to the next
    /// piece's spawn.
    pub spawn: u32,
    /// Frames from a piece's spawn until its move can be played: the least time a player takes
    /// to answer (an AI of the engine answers at once).
    pub answer: u32,
    /// Frames per shift or quarter turn, and per row of soft drop that another shift or turn
    /// follows (a soft drop straight to the resting place costs nothing, like a hard drop).
    pub input: u32,
    /// The pause of a clear of 1 to 4 lines.
    pub clear: [u32; 4],
    /// The pause of a perfect clear of 1 to 4 lines, in place of `clear`.
    pub perfect_clear: [u32; 4],
    /// Frames an attack waits, from its sending, before it may enter.
    pub garbage: u32,
}

impl TurnFrames {
    /// battletris's `-c ppt`: spawn 7, movement and soft drop 2 a step, clears 36, 41, 41
    /// and 46, perfect clears 1, garbage 30; a move is polled the frame after it is asked for.
    pub const PPT: TurnFrames = TurnFrames {
        spawn: 7,
        answer: 1,
        input: 2,
        clear: [36, 41, 41, 46],
        perfect_clear: [1; 4],
        garbage: 30,
    };

    /// The frames a piece takes to reach its place by `path` (from its spawn, ending with the
    /// hard drop): `input` per shift and quarter turn (two for a half turn), and per soft-drop
    /// row that a shift or turn comes after. Hold and the hard drop are free.
    pub fn placement(&self, path: &[Input]) -> u32 {
        let mut steps = 0;
        let mut dropped = 0;
        for input in path {
            let turns = match input {
                Input::Left | Input::Right | Input::Cw | Input::Ccw => 1,
                Input::Half => 2,
                Input::SoftDrop => {
                    dropped += 1;
                    continue;
                }
                Input::Hold | Input::HardDrop => continue,
            };
            steps += turns + std::mem::take(&mut dropped);
        }
        steps * self.input
    }

    /// The pause after a placement that made `clear`: none when it cleared no line.
    pub fn pause(&self, clear: Clear) -> u32 {
        let Some(index) = (clear.lines as usize).checked_sub(1) else {
            return 0;
        };
        let pauses = if clear.perfect {
            &self.perfect_clear
        } else {
            &self.clear
        };
        pauses[index.min(3)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spin::Spin;
    use Input::*;

    #[test]
    fn a_path_costs_its_shifts_turns_and_the_soft_drops_before_them() {
        let ppt = TurnFrames::PPT;
        // A hard drop where the piece spawns: no time at all.
        assert_eq!(ppt.placement(&[HardDrop]), 0);
        // Three shifts and a turn: 4 steps of 2 frames.
        assert_eq!(ppt.placement(&[Left, Left, Cw, Left, HardDrop]), 8);
        // A half turn is two quarter turns; hold is free.
        assert_eq!(ppt.placement(&[Hold, Half, HardDrop]), 4);
        // Soft drops followed by nothing but the hard drop are free ...
        assert_eq!(ppt.placement(&[Right, SoftDrop, SoftDrop, HardDrop]), 2);
        // ... and cost a step each when a turn comes after them (a tuck, a spin): 1 + 3 + 1.
        assert_eq!(
            ppt.placement(&[Right, SoftDrop, SoftDrop, SoftDrop, Ccw, HardDrop]),
            10
        );
    }

    #[test]
    fn a_clear_pauses_by_its_lines_and_a_perfect_clear_hardly_at_all() {
        let ppt = TurnFrames::PPT;
        let clear = |lines, perfect| Clear {
            lines,
            spin: Spin::None,
            perfect,
        };
        assert_eq!(ppt.pause(clear(0, false)), 0);
        assert_eq!(ppt.pause(clear(1, false)), 36);
        assert_eq!(ppt.pause(clear(2, false)), 41);
        assert_eq!(ppt.pause(clear(4, false)), 46);
        assert_eq!(ppt.pause(clear(4, true)), 1);
    }

    #[test]
    fn paces_are_chosen_by_name() {
        assert_eq!(
            "ppt".parse::<Pace>().unwrap().turn_frames(),
            Some(TurnFrames::PPT)
        );
        assert_eq!("lockstep".parse::<Pace>().unwrap().turn_frames(), None);
        let refused = "fast".parse::<Pace>().unwrap_err().to_string();
        assert!(refused.contains("\"fast\""), "{refused}");
    }
}
