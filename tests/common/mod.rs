//! Helpers shared by the integration tests.

use tetris_ai::Board;
use tetris_ai::rules::GameRng;

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
