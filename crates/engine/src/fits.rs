//! Where a piece fits on a board, as bitboards like the board's own: one word per rotation state
//! and centre column, bit `y` for centre row `y`. [`Reach`](crate::reach::Reach) grows the
//! reachable positions through these words, and [`MoveSearch`](crate::moves::MoveSearch)
//! tests single positions in them.

use crate::board::Board;
use crate::piece::{Piece, Rotation};

/// Centre columns are stored from -3 (pieces reach 2 columns left of their centre, and kicks 2
/// more).
pub(crate) const X_OFFSET: i32 = 3;
/// Number of centre columns stored.
pub(crate) const X_SLOTS: usize = 32;

/// For each rotation state and centre column of one piece on one board, the centre rows where
/// the piece fits (inside the walls, above the floor, below the buffer's top, over no filled
/// cell), as bits.
#[derive(Clone)]
pub(crate) struct Fits {
    /// Per rotation state and stored centre column, the centre rows where the piece fits.
    pub(crate) words: PositionWords,
}

impl Default for Fits {
    fn default() -> Fits {
        Fits {
            words: [[0; X_SLOTS]; 4],
        }
    }
}

impl Fits {
    /// Computes where `piece` fits on `board`: every state, or only the spawn state for O,
    /// which never turns (the other states' words are then left as they were).
    pub(crate) fn compute(&mut self, board: &Board, piece: Piece) {
        let rows = board.row_limit();
        let states = if piece == Piece::O { 1 } else { 4 };
        for (r, words) in self.words.iter_mut().enumerate().take(states) {
            let shape = piece.shape(Rotation::from_index(r));
            let lowest = -(shape.min_y as i32);
            let highest = rows as i32 - 1 - shape.max_y as i32;
            let rows_inside = (u64::MAX >> (63 - highest)) & (u64::MAX << lowest);
            for (slot, word) in words.iter_mut().enumerate() {
                let x = slot as i32 - X_OFFSET;
                let left = x + shape.min_x as i32;
                if left < 0 || left + shape.width() as i32 > board.width() as i32 {
                    *word = 0;
                    continue;
                }
                let mut blocked = 0u64;
                for &(dx, dy) in &shape.cells {
                    let column = board.column((x + dx as i32) as usize);
                    // Bit y of `blocked` is set when cell (x + dx, y + dy) is filled.
                    blocked |= if dy >= 0 { column >> dy } else { column << -dy };
                }
                *word = !blocked & rows_inside;
            }
        }
    }

    /// The rows where the piece fits in state `rotation` with its centre in column `x` (none
    /// outside the stored columns).
    #[inline]
    pub(crate) fn word(&self, rotation: usize, x: i32) -> u64 {
        word_at(&self.words, rotation, x)
    }

    /// Whether the piece fits in state `rotation` with its centre at (`x`, `y`).
    #[inline]
    pub(crate) fn at(&self, rotation: usize, x: i32, y: i32) -> bool {
        holds(&self.words, rotation, x, y)
    }
}

/// Positions as words: per rotation state and stored centre column, centre rows as bits.
pub(crate) type PositionWords = [[u64; X_SLOTS]; 4];

/// The word of state `rotation`, centre column `x`, in `words` (none outside the stored
/// columns).
#[inline]
pub(crate) fn word_at(words: &PositionWords, rotation: usize, x: i32) -> u64 {
    let slot = x + X_OFFSET;
    if (0..X_SLOTS as i32).contains(&slot) {
        words[rotation][slot as usize]
    } else {
        0
    }
}

/// Whether `words` holds the position in state `rotation` with its centre at (`x`, `y`).
#[inline]
pub(crate) fn holds(words: &PositionWords, rotation: usize, x: i32, y: i32) -> bool {
    (0..64).contains(&y) && word_at(words, rotation, x) >> y & 1 == 1
}
