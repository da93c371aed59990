//! The two rule sets: the research ("classic") rules under which the literature reports lines
//! cleared, and modern guideline rules (7-bag, preview, hold, SRS, guideline scoring). This module
//! holds what differs between them: the randomizer, spawning, game over and scoring.

use crate::board::Board;
use crate::error::{Error, Result};
use crate::moves::Placement;
use crate::piece::{Piece, Rotation};
pub use crate::rng::GameRng;
use serde::{Deserialize, Serialize};

/// Which rules a game follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleSet {
    /// Research rules: uniform random pieces, no preview, drop-only moves, and the game ends when
    /// a placed piece has a cell above the top row (checked before full rows are removed).
    Classic,
    /// Guideline rules: 7-bag, preview, hold, SRS moves with kicks, block-out and lock-out,
    /// guideline scoring.
    Guideline,
}

impl RuleSet {
    /// The rule set's name, as [`RuleSet::from_str`](std::str::FromStr) reads it.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Classic => "classic",
            RuleSet::Guideline => "guideline",
        }
    }
}

impl std::str::FromStr for RuleSet {
    type Err = Error;

    fn from_str(name: &str) -> Result<RuleSet> {
        match name {
            "classic" => Ok(RuleSet::Classic),
            "guideline" => Ok(RuleSet::Guideline),
            other => Err(Error::Config(format!(
                "unknown rules \"{other}\" (expected \"classic\" or \"guideline\")"
            ))),
        }
    }
}

/// Gravity and lock delay, for keeping only the placements a player could reach in time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Timing {
    /// Frames per row of fall under gravity (at least 1).
    pub gravity: u32,
    /// Frames a piece may rest on the stack before it locks (at least 1).
    pub lock_delay: u32,
}

/// How many times moving or rotating a resting piece restarts its lock delay (guideline).
pub const LOCK_RESETS: u32 = 15;

/// The most preview pieces the guideline rules show.
pub const MAX_PREVIEW: usize = 6;

/// A complete rule configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Rules {
    /// The rule set.
    pub kind: RuleSet,
    /// Pieces shown ahead of the current one (guideline: 0 to 6; classic: 0).
    pub preview: usize,
    /// Whether the hold slot may be used (guideline only).
    pub hold: bool,
    /// Gravity and lock delay that limit which placements count as reachable (guideline only).
    pub timing: Option<Timing>,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::classic()
    }
}

impl Rules {
    /// The research rules.
    pub fn classic() -> Rules {
        Rules {
            kind: RuleSet::Classic,
            preview: 0,
            hold: false,
            timing: None,
        }
    }

    /// Guideline rules with a five-piece preview and hold.
    pub fn guideline() -> Rules {
        Rules {
            kind: RuleSet::Guideline,
            preview: 5,
            hold: true,
            timing: None,
        }
    }

    /// The default rules of `kind`.
    pub fn of(kind: RuleSet) -> Rules {
        match kind {
            RuleSet::Classic => Rules::classic(),
            RuleSet::Guideline => Rules::guideline(),
        }
    }

    /// Checks that the options fit the rule set; the error names the bad value.
    pub fn validate(&self) -> Result<()> {
        match self.kind {
            RuleSet::Classic => {
                if self.preview != 0 || self.hold || self.timing.is_some() {
                    return Err(Error::Config(format!(
                        "classic rules have no preview, hold or timing (got preview {}, hold {}, timing {:?})",
                        self.preview, self.hold, self.timing
                    )));
                }
            }
            RuleSet::Guideline => {
                if self.preview > MAX_PREVIEW {
                    return Err(Error::Config(format!(
                        "preview {} is out of range: it must be from 0 to {MAX_PREVIEW}",
                        self.preview
                    )));
                }
                if let Some(t) = self.timing
                    && (t.gravity == 0 || t.lock_delay == 0)
                {
                    return Err(Error::Config(format!(
                        "gravity {} and lock delay {} must both be at least 1 frame",
                        t.gravity, t.lock_delay
                    )));
                }
            }
        }
        Ok(())
    }
}

/// Where the next pieces come from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Randomizer {
    /// Each piece uniformly at random (research rules).
    Uniform,
    /// A shuffled bag of all seven, refilled when empty (guideline). Holds the bag's remaining pieces.
    Bag(Vec<Piece>),
}

impl Randomizer {
    /// The randomizer the rule set uses.
    pub fn for_rules(kind: RuleSet) -> Randomizer {
        match kind {
            RuleSet::Classic => Randomizer::Uniform,
            RuleSet::Guideline => Randomizer::Bag(Vec::with_capacity(7)),
        }
    }

    /// Draws the next piece.
    pub fn next(&mut self, rng: &mut GameRng) -> Piece {
        match self {
            Randomizer::Uniform => Piece::from_index(rng.below(7) as usize),
            Randomizer::Bag(bag) => {
                if bag.is_empty() {
                    bag.extend(Piece::ALL);
                    // Fisher-Yates; the last piece drawn is popped first.
                    for i in (1..bag.len()).rev() {
                        let j = rng.below(i as u32 + 1) as usize;
                        bag.swap(i, j);
                    }
                }
                bag.pop().expect("refilled above")
            }
        }
    }
}

/// Where a guideline piece appears: centre column `(width - 1) / 2` (so I and O spawn centred and
/// the three-wide pieces rounded to the left), its spawn-state centre on the first row above the
/// visible field, then one row lower if nothing is in the way. `None` is a block out.
pub fn spawn_position(board: &Board, piece: Piece) -> Option<(i32, i32)> {
    let shape = piece.shape(Rotation::Spawn);
    let x = (board.width() as i32 - 1) / 2;
    let y = board.height() as i32;
    if !board.fits(shape, x, y) {
        return None;
    }
    Some(if board.fits(shape, x, y - 1) {
        (x, y - 1)
    } else {
        (x, y)
    })
}

/// A T-spin, as the guideline's three-corner rule judges it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Spin {
    /// Not a T-spin.
    None,
    /// A mini T-spin.
    Mini,
    /// A full T-spin.
    Full,
}

/// The T-spin a T piece makes when it locks at (`x`, `y`) in `rotation` right after turning into
/// place, having used kick number `kick` (0-based): three of the four diagonal corners of its
/// centre must be blocked (walls and floor count); it is full when both corners on the side the T
/// points to are blocked, or when the turn used the fifth kick, and mini otherwise.
pub fn t_spin(board: &Board, rotation: Rotation, x: i32, y: i32, kick: usize) -> Spin {
    let corner = |dx: i32, dy: i32| board.blocked(x + dx, y + dy);
    let corners = [corner(-1, 1), corner(1, 1), corner(1, -1), corner(-1, -1)];
    if corners.iter().filter(|&&c| c).count() < 3 {
        return Spin::None;
    }
    // Corners in clockwise order from top-left; the T in state r points at corners r and r + 1.
    let front = rotation.index();
    if (corners[front] && corners[(front + 1) % 4]) || kick == 4 {
        Spin::Full
    } else {
        Spin::Mini
    }
}

/// Guideline scoring: points for clears and T-spins, back-to-back and combos, at a level that
/// rises every ten lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoring {
    /// Points so far.
    pub score: u64,
    /// Whether the last line clear was difficult (a tetris or a T-spin with lines).
    pub back_to_back: bool,
    /// Consecutive line-clearing placements minus one; -1 when the last placement cleared none.
    pub combo: i32,
}

impl Scoring {
    /// A fresh score.
    pub fn new() -> Scoring {
        Scoring {
            score: 0,
            back_to_back: false,
            combo: -1,
        }
    }

    /// Adds the points of a placement that cleared `lines` with `spin`, at `level` (from 1);
    /// returns the points added.
    pub fn lock(&mut self, lines: u32, spin: Spin, level: u32) -> u64 {
        let base: u64 = match (spin, lines) {
            (Spin::None, 0) => 0,
            (Spin::None, 1) => 100,
            (Spin::None, 2) => 300,
            (Spin::None, 3) => 500,
            (Spin::None, _) => 800,
            (Spin::Mini, 0) => 100,
            (Spin::Mini, 1) => 200,
            (Spin::Mini, _) => 400,
            (Spin::Full, 0) => 400,
            (Spin::Full, 1) => 800,
            (Spin::Full, 2) => 1200,
            (Spin::Full, _) => 1600,
        };
        let level = level as u64;
        let mut points = base * level;
        if lines > 0 {
            let difficult = lines >= 4 || spin != Spin::None;
            if difficult && self.back_to_back {
                points = points * 3 / 2;
            }
            self.back_to_back = difficult;
            self.combo += 1;
            points += 50 * self.combo as u64 * level;
        } else {
            self.combo = -1;
        }
        self.score += points;
        points
    }

    /// Adds the points of dropping: one per row of soft drop, two per row of hard drop.
    pub fn drop(&mut self, soft_rows: u32, hard_rows: u32) -> u64 {
        let points = soft_rows as u64 + 2 * hard_rows as u64;
        self.score += points;
        points
    }
}

/// What locking a piece did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Locked {
    /// The removed rows as bits (bit `y` for row `y` before the clear).
    pub cleared: u64,
    /// Full rows removed.
    pub rows_cleared: u32,
    /// The piece's own cells inside the removed rows.
    pub piece_cells_cleared: u32,
    /// Row of the piece's lowest cell, before clears.
    pub landing_row: i32,
    /// Row of the piece's highest cell, before clears.
    pub top_row: i32,
    /// Whether this lock ends the game: under the research rules when a cell lies above the top
    /// visible row (checked before clears), under guideline rules when every cell does (lock out).
    pub tops_out: bool,
}

/// Locks `placement` into `board`, removes full rows, and judges game over under `kind`.
#[inline]
pub fn lock(board: &mut Board, placement: &Placement, kind: RuleSet) -> Locked {
    let shape = placement.piece.shape(placement.rotation);
    board.place(shape, placement.x, placement.y);
    let landing_row = placement.bottom_row();
    let top_row = placement.top_row();
    let visible = board.height() as i32;
    let tops_out = match kind {
        RuleSet::Classic => top_row >= visible,
        RuleSet::Guideline => landing_row >= visible,
    };
    let full = board.clear_full_rows();
    let piece_cells_cleared = if full == 0 {
        0
    } else {
        placement
            .cells()
            .iter()
            .filter(|&&(_, y)| full >> y & 1 == 1)
            .count() as u32
    };
    Locked {
        cleared: full,
        rows_cleared: full.count_ones(),
        piece_cells_cleared,
        landing_row,
        top_row,
        tops_out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bag_deals_each_piece_once_per_seven() {
        let mut rng = GameRng::new(7, 0);
        let mut bag = Randomizer::for_rules(RuleSet::Guideline);
        for _ in 0..10 {
            let mut seven: Vec<Piece> = (0..7).map(|_| bag.next(&mut rng)).collect();
            seven.sort();
            assert_eq!(seven, Piece::ALL.to_vec());
        }
    }

    #[test]
    fn guideline_points_worked_by_hand() {
        let mut s = Scoring::new();
        assert_eq!(s.lock(4, Spin::None, 1), 800); // tetris, combo 0
        assert_eq!(s.lock(4, Spin::None, 1), 800 * 3 / 2 + 50); // back-to-back, combo 1
        assert_eq!(s.lock(0, Spin::None, 1), 0); // combo broken
        assert_eq!(s.lock(2, Spin::Full, 2), 2400 * 3 / 2); // B2B kept through the gap, level 2
        assert_eq!(s.lock(1, Spin::None, 1), 100 + 50); // single: breaks B2B, combo 1
        assert_eq!(s.lock(1, Spin::Mini, 1), 200 + 100); // mini single, no B2B bonus, combo 2
        assert_eq!(s.score, 800 + 1250 + 3600 + 150 + 300);
    }

    #[test]
    fn guideline_spawn_is_centred_and_drops_one_row() {
        let board = Board::new(10, 20).unwrap();
        assert_eq!(spawn_position(&board, Piece::T), Some((4, 19)));
        let full_top = Board::from_picture(4, 4, &["####", "#...", "#...", "#..."]).unwrap();
        assert_eq!(spawn_position(&full_top, Piece::I), Some((1, 4)));
    }

    #[test]
    fn bad_rule_options_are_named() {
        let mut rules = Rules::guideline();
        rules.preview = 7;
        assert!(
            rules
                .validate()
                .unwrap_err()
                .to_string()
                .contains("preview 7")
        );
        let mut classic = Rules::classic();
        classic.hold = true;
        assert!(classic.validate().is_err());
        assert!(
            "tetris"
                .parse::<RuleSet>()
                .unwrap_err()
                .to_string()
                .contains("\"tetris\"")
        );
    }
}
