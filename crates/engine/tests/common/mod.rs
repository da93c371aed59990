//! Helpers shared by the integration tests.

use proptest::prelude::*;
use std::ops::{Range, RangeInclusive};
use tetris_ai_engine::board::Board;
use tetris_ai_engine::piece::Piece;
use tetris_ai_engine::rules::GameRng;

/// A board with the bottom `rows` rows filled at random (about `density` percent of the cells),
/// from `seed`, with full rows cleared: the holes leave overhangs, tucks and T slots.
pub fn random_board(width: usize, height: usize, rows: usize, density: u32, seed: u64) -> Board {
    let mut rng = GameRng::new(seed, 9);
    let mut board = Board::new(width, height).unwrap();
    for y in 0..rows.min(height) {
        for x in 0..width {
            if rng.below(100) < density {
                board.set(x, y);
            }
        }
    }
    board.clear_full_rows();
    board
}

/// Random boards `height` rows high (see [`random_board`]), with widths, filled rows and
/// densities from the given ranges, each with one of the seven pieces.
pub fn boards_with_a_piece(
    widths: RangeInclusive<usize>,
    height: usize,
    rows: Range<usize>,
    densities: Range<u32>,
) -> impl Strategy<Value = (Board, Piece)> {
    (any::<u64>(), widths, rows, densities, 0usize..7).prop_map(
        move |(seed, width, rows, density, piece)| {
            (
                random_board(width, height, rows, density, seed),
                Piece::from_index(piece),
            )
        },
    )
}
