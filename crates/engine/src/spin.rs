//! T-spins: whether a T piece that turned into place and locked there scores as a T-spin, by
//! the guideline's three-corner rule. The moves find T-spin placements with it and the rules
//! score them, so it sits below both.

use crate::board::Board;
use crate::piece::{Kicks, Rotation, Turn};
use serde::{Deserialize, Serialize};

/// A T-spin, as the guideline's three-corner rule judges it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
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
/// place with kick number `kick` (0-based) of `turn`: three of the four diagonal corners of its
/// centre must be blocked (walls and floor count); it is full when both corners on the side the T
/// points to are blocked, or when a quarter turn used the fifth kick, and mini otherwise.
pub fn t_spin(board: &Board, rotation: Rotation, x: i32, y: i32, turn: Turn, kick: usize) -> Spin {
    let corner = |dx: i32, dy: i32| board.blocked(x + dx, y + dy);
    let corners = [corner(-1, 1), corner(1, 1), corner(1, -1), corner(-1, -1)];
    if corners.iter().filter(|&&c| c).count() < 3 {
        return Spin::None;
    }
    // Corners in clockwise order from top-left; the T in state r points at corners r and r + 1.
    let front = rotation.index();
    if (corners[front] && corners[(front + 1) % 4]) || Kicks::makes_full_spin(turn, kick) {
        Spin::Full
    } else {
        Spin::Mini
    }
}
