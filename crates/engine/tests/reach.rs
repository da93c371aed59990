//! The word-at-a-time placement search finds exactly the placements of the input-by-input
//! search: the same cells, the same T-spins, each once, with the kicks of SRS and of SRS+; and
//! the input search asked for one placement's path gives the path it gives when it searches
//! everything.

mod common;

use common::{boards_with_a_piece, random_board};
use proptest::prelude::*;
use tetris_ai_engine::board::Board;
use tetris_ai_engine::moves::Placement;
use tetris_ai_engine::moves::{MoveSearch, sorted_cells};
use tetris_ai_engine::piece::{Kicks, Piece};
use tetris_ai_engine::reach::Reach;
use tetris_ai_engine::rules::spawn_position;
use tetris_ai_engine::spin::Spin;

/// A placement as the cells it fills (sorted) and its spin.
type CellsAndSpin = ([(i32, i32); 4], Spin);

/// `placement` as its cells and spin.
fn cells_and_spin(placement: &Placement) -> CellsAndSpin {
    (sorted_cells(placement), placement.spin)
}

/// Both searches' placements of `piece` on `board` with `kicks`, each sorted by cells.
fn both(board: &Board, piece: Piece, kicks: Kicks) -> (Vec<CellsAndSpin>, Vec<CellsAndSpin>) {
    let Some(spawn) = spawn_position(board, piece) else {
        return (Vec::new(), Vec::new());
    };
    let mut by_inputs: Vec<_> = MoveSearch::new()
        .run(board, piece, spawn, kicks)
        .iter()
        .map(cells_and_spin)
        .collect();
    let mut by_words: Vec<_> = Reach::new()
        .run(board, piece, spawn, kicks)
        .iter()
        .map(cells_and_spin)
        .collect();
    by_inputs.sort();
    by_words.sort();
    (by_inputs, by_words)
}

#[test]
fn a_t_spin_triple_slot_is_found_with_its_spin() {
    let board = Board::from_picture(
        10,
        20,
        &[
            "####......",
            "###.......",
            "###.######",
            "###..#####",
            "###.######",
        ],
    )
    .unwrap();
    let spawn = spawn_position(&board, Piece::T).unwrap();
    let found = Reach::new()
        .run(&board, Piece::T, spawn, Kicks::Srs)
        .to_vec();
    let slot = found
        .iter()
        .find(|p| sorted_cells(p) == [(3, 0), (3, 1), (3, 2), (4, 1)])
        .expect("the slot is found");
    assert_eq!(slot.spin, Spin::Full);
    let (by_inputs, by_words) = both(&board, Piece::T, Kicks::Srs);
    assert_eq!(by_inputs, by_words);
}

#[test]
fn an_empty_board_gives_each_drop_placement_once_in_state_column_row_order() {
    let board = Board::new(10, 20).unwrap();
    let spawn = spawn_position(&board, Piece::S).unwrap();
    let found = Reach::new()
        .run(&board, Piece::S, spawn, Kicks::Srs)
        .to_vec();
    // S has two distinct states: 8 flat columns, 9 upright ones.
    assert_eq!(found.len(), 17);
    let order: Vec<(usize, i32)> = found.iter().map(|p| (p.rotation.index(), p.x)).collect();
    let mut sorted = order.clone();
    sorted.sort();
    assert_eq!(order, sorted);
    assert!(found.iter().all(|p| p.spin == Spin::None));
}

#[test]
fn a_piece_that_cannot_spawn_has_no_placements() {
    let mut board = Board::new(6, 6).unwrap();
    for x in 0..6 {
        board.set(x, 5);
    }
    // Spawn rows are above the visible rows, so the piece still spawns over a full top row.
    let spawn = spawn_position(&board, Piece::T).unwrap();
    let found = Reach::new().run(&board, Piece::T, spawn, Kicks::Srs).len();
    assert!(found > 0);
    let mut blocked = Board::new(6, 6).unwrap();
    for y in 0..blocked.row_limit() {
        blocked.set(2, y);
    }
    assert!(
        Reach::new()
            .run(&blocked, Piece::T, (2, 6), Kicks::Srs)
            .is_empty()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn both_searches_find_the_same_placements(
        seed in any::<u64>(),
        width in 4usize..=16,
        height in 4usize..=40,
        rows in 0usize..40,
        density in 20u32..95,
        piece in 0usize..7,
        plus in any::<bool>(),
    ) {
        let board = random_board(width, height, rows, density, seed);
        let kicks = if plus { Kicks::SrsPlus } else { Kicks::Srs };
        let (by_inputs, by_words) = both(&board, Piece::from_index(piece), kicks);
        prop_assert_eq!(by_inputs, by_words, "board\n{:?}", board);
    }

    #[test]
    fn the_path_to_one_placement_is_the_path_of_the_whole_search(
        (board, piece) in boards_with_a_piece(4..=16, 20, 0..20, 20..95),
        plus in any::<bool>(),
    ) {
        let Some(spawn) = spawn_position(&board, piece) else { return Ok(()) };
        let kicks = if plus { Kicks::SrsPlus } else { Kicks::Srs };
        let mut whole = MoveSearch::new();
        let found = whole.run(&board, piece, spawn, kicks).to_vec();
        let mut one = MoveSearch::new();
        for target in Reach::new().run(&board, piece, spawn, kicks) {
            let index = found
                .iter()
                .position(|p| sorted_cells(p) == sorted_cells(target))
                .expect("the same placements");
            let expected = (found[index], whole.path(index));
            prop_assert_eq!(one.path_to(&board, target, spawn, kicks), Some(expected));
        }
    }
}
