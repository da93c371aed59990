//! One piece's move as a replay keeps it: whether hold was used first, the placement that locked,
//! and the rows it fell by soft and by hard drop (which score under guideline rules), packed
//! into one integer.
//!
//! The bits, from the lowest: hold (1), piece (3), rotation (2), spin (2), column of the
//! rotation centre + 4 (5), its row + 4 (6), rows of hard drop (6), rows of soft drop (32).
//! A move of the AI, which drops nothing by hand, fits in 19 bits.

use crate::engine::moves::Placement;
use crate::engine::piece::{Piece, Rotation};
use crate::engine::spin::Spin;
use crate::error::{Error, Result};

/// How far a centre may lie left of the first column and below the floor: a piece's reach.
const OFFSET: i32 = 4;

/// One field of a packed move: its lowest bit and how many bits it takes.
struct Field {
    shift: u32,
    bits: u32,
}

impl Field {
    /// The largest value the field holds.
    const fn max(&self) -> u64 {
        (1 << self.bits) - 1
    }

    /// The field of `packed`.
    const fn of(&self, packed: u64) -> u64 {
        packed >> self.shift & self.max()
    }

    /// `value` in the field's place (cut to the field's bits).
    const fn put(&self, value: u64) -> u64 {
        (value & self.max()) << self.shift
    }
}

const HOLD: Field = Field { shift: 0, bits: 1 };
const PIECE: Field = Field { shift: 1, bits: 3 };
const ROTATION: Field = Field { shift: 4, bits: 2 };
const SPIN: Field = Field { shift: 6, bits: 2 };
const X: Field = Field { shift: 8, bits: 5 };
const Y: Field = Field { shift: 13, bits: 6 };
const HARD_ROWS: Field = Field { shift: 19, bits: 6 };
const SOFT_ROWS: Field = Field {
    shift: 25,
    bits: 32,
};
/// Bits above the last field: none may be set.
const USED_BITS: u32 = 57;

/// The spins by their number in a packed move.
const SPINS: [Spin; 3] = [Spin::None, Spin::Mini, Spin::Full];

/// One piece's move: hold first or not, the placement, and the rows dropped by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move(u64);

impl Move {
    /// The move that used hold first when `hold`, locked `placement`, and fell `soft_rows` by
    /// soft drop and `hard_rows` by hard drop. Every placement on the engine's boards (columns
    /// from -4 to 27, rows from -4 to 59 for the centre) and every hard drop on them (at most
    /// 63 rows) is kept as it is.
    pub fn new(hold: bool, placement: &Placement, soft_rows: u32, hard_rows: u32) -> Move {
        let spin = SPINS.iter().position(|&s| s == placement.spin).unwrap_or(0);
        Move(
            HOLD.put(hold as u64)
                | PIECE.put(placement.piece.index() as u64)
                | ROTATION.put(placement.rotation.index() as u64)
                | SPIN.put(spin as u64)
                | X.put((placement.x + OFFSET) as u64)
                | Y.put((placement.y + OFFSET) as u64)
                | HARD_ROWS.put(hard_rows as u64)
                | SOFT_ROWS.put(soft_rows as u64),
        )
    }

    /// The move packed in `packed`, as [`Move::packed`] gives it; a number that is no move is
    /// refused, naming what is wrong with it.
    pub fn from_packed(packed: u64) -> Result<Move> {
        if packed >> USED_BITS != 0 {
            return Err(Error::Config(format!(
                "{packed} is too large to be a move (under 2^{USED_BITS})"
            )));
        }
        if PIECE.of(packed) >= Piece::ALL.len() as u64 {
            return Err(Error::Config(format!(
                "piece number {} is no piece (0 to 6)",
                PIECE.of(packed)
            )));
        }
        if SPIN.of(packed) >= SPINS.len() as u64 {
            return Err(Error::Config(format!(
                "spin number {} is no spin (0 to 2)",
                SPIN.of(packed)
            )));
        }
        Ok(Move(packed))
    }

    /// The move as one integer.
    pub fn packed(self) -> u64 {
        self.0
    }

    /// Whether hold was used before the placement.
    pub fn hold(self) -> bool {
        HOLD.of(self.0) == 1
    }

    /// The placement that locked.
    pub fn placement(self) -> Placement {
        Placement {
            piece: Piece::from_index(PIECE.of(self.0) as usize),
            rotation: Rotation::from_index(ROTATION.of(self.0) as usize),
            x: X.of(self.0) as i32 - OFFSET,
            y: Y.of(self.0) as i32 - OFFSET,
            spin: SPINS[SPIN.of(self.0) as usize],
        }
    }

    /// Rows the piece fell by soft drop.
    pub fn soft_rows(self) -> u32 {
        SOFT_ROWS.of(self.0) as u32
    }

    /// Rows the piece fell by hard drop.
    pub fn hard_rows(self) -> u32 {
        HARD_ROWS.of(self.0) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placement(piece: Piece, rotation: Rotation, x: i32, y: i32, spin: Spin) -> Placement {
        Placement {
            piece,
            rotation,
            x,
            y,
            spin,
        }
    }

    #[test]
    fn a_move_gives_back_what_made_it() {
        let cases = [
            (
                false,
                placement(Piece::I, Rotation::Spawn, -4, -4, Spin::None),
                0,
                0,
            ),
            (
                true,
                placement(Piece::T, Rotation::Left, 27, 59, Spin::Full),
                u32::MAX,
                63,
            ),
            (
                true,
                placement(Piece::L, Rotation::Reverse, 5, 0, Spin::Mini),
                3,
                17,
            ),
        ];
        for (hold, placed, soft, hard) in cases {
            let played = Move::new(hold, &placed, soft, hard);
            assert_eq!(played.hold(), hold);
            assert_eq!(played.placement(), placed);
            assert_eq!((played.soft_rows(), played.hard_rows()), (soft, hard));
            assert_eq!(Move::from_packed(played.packed()), Ok(played));
        }
    }

    #[test]
    fn an_ai_move_fits_in_nineteen_bits() {
        // The highest centre of the tallest board: row 40 + 8 buffer rows, at the last column.
        let placed = placement(Piece::Z, Rotation::Left, 16, 47, Spin::None);
        assert!(Move::new(true, &placed, 0, 0).packed() < 1 << 19);
    }

    #[test]
    fn numbers_that_are_no_move_are_refused_naming_why() {
        // Piece 7 in bits 1 to 3.
        let err = Move::from_packed(7 << 1).unwrap_err().to_string();
        assert_eq!(err, "piece number 7 is no piece (0 to 6)");
        let err = Move::from_packed(3 << 6).unwrap_err().to_string();
        assert_eq!(err, "spin number 3 is no spin (0 to 2)");
        let err = Move::from_packed(1 << 57).unwrap_err().to_string();
        assert!(err.contains("too large to be a move"), "{err}");
    }
}
