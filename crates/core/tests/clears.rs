//! What a step says of its placement's line clear, worked out by hand on a board 4 cells wide:
//! an I laid flat on the empty floor fills row 0 alone, so it clears one line and leaves the board
//! empty (a perfect clear, the first clear of a combo, no back-to-back); the next piece cannot
//! fill a row of 4 on the empty board, so its step says no clear and the combo ends.

use tetris_ai_core::engine::spin::Spin;
use tetris_ai_core::engine::versus::attack::{Clear, Streaks};
use tetris_ai_core::record::Move;
use tetris_ai_core::{Game, GameConfig, Piece, Rules};

/// A guideline game on a 4x8 board whose first piece is an I (the first such seed).
fn game_opening_with_i() -> Game {
    (0..)
        .map(|seed| {
            Game::new(GameConfig {
                rules: Rules::guideline(),
                width: 4,
                height: 8,
                seed,
                ..GameConfig::default()
            })
            .unwrap()
        })
        .find(|game| game.current() == Piece::I)
        .unwrap()
}

#[test]
fn a_flat_i_on_a_four_wide_floor_is_a_perfect_clear_and_the_next_piece_clears_nothing() {
    let mut game = game_opening_with_i();
    let flat = game
        .ranked_placements()
        .into_iter()
        .find(|choice| !choice.hold && choice.placement.cells().iter().all(|&(_, y)| y == 0))
        .expect("an I lies flat on the floor");
    let step = game
        .play_move(&Move::new(false, &flat.placement, 0, 0))
        .unwrap();
    let cleared = step.cleared.expect("the I clears row 0");
    assert_eq!(
        cleared.clear,
        Clear {
            lines: 1,
            spin: Spin::None,
            perfect: true,
        }
    );
    assert_eq!(
        cleared.streaks,
        Streaks {
            combo: 1,
            back_to_back: 0,
        }
    );
    assert_eq!(cleared.rows, 0b1, "row 0 was removed");

    let next = game
        .ranked_placements()
        .into_iter()
        .find(|c| !c.hold)
        .unwrap();
    assert_ne!(
        next.placement.piece,
        Piece::I,
        "a 7-bag deals another piece"
    );
    let step = game
        .play_move(&Move::new(false, &next.placement, 0, 0))
        .unwrap();
    assert_eq!(step.rows_cleared, 0);
    assert_eq!(step.cleared, None);
}
