//! The incremental evaluation equals the full one exactly: on random boards of every size, for
//! every placement of every piece (dropped, and found by the guideline input search, tucks
//! included), under weights on every feature it computes, with and without exponents.

use proptest::prelude::*;
use tetris_ai_core::ai::incremental::Incremental;
use tetris_ai_core::ai::search::evaluate;
use tetris_ai_core::ai::versus_view::VersusView;
use tetris_ai_core::engine::moves::{MoveSearch, drop_placements};
use tetris_ai_core::engine::piece::Kicks;
use tetris_ai_core::engine::rules::{GameRng, TopOut, spawn_position};
use tetris_ai_core::{Board, Piece, Placement, Weights};

/// A board whose columns are filled at random up to random heights (about `density` of the
/// cells below each top), with full rows cleared.
fn random_board(width: usize, height: usize, density: u32, seed: u64) -> Board {
    let mut rng = GameRng::new(seed, 11);
    let mut board = Board::new(width, height).unwrap();
    for x in 0..width {
        let top = rng.below(height as u32 + 1) as usize;
        for y in 0..top {
            if y + 1 == top || rng.below(100) < density {
                board.set(x, y);
            }
        }
    }
    board.clear_full_rows();
    board
}

/// Every placement of every piece: dropped, and found by the input search from spawn.
fn placements(board: &Board) -> Vec<Placement> {
    let mut search = MoveSearch::new();
    let mut all = Vec::new();
    for piece in Piece::ALL {
        all.extend(drop_placements(board, piece));
        if let Some(spawn) = spawn_position(board, piece) {
            all.extend(search.run(board, piece, spawn, Kicks::Srs).iter().copied());
        }
    }
    all
}

/// Weights on `features` with weights from `seed`, and exponents on some when `exponents`.
fn weights(features: &[&str], seed: u64, exponents: bool) -> Weights {
    let mut rng = GameRng::new(seed, 12);
    Weights::new(features.iter().map(|&name| {
        let weight = rng.below(2001) as f64 / 100.0 - 10.0;
        let exponent = (exponents && rng.below(2) == 0).then(|| 0.5 + rng.below(5) as f64 * 0.5);
        (name, weight, exponent)
    }))
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn incremental_evaluation_equals_the_full_one(
        width in 4usize..=16,
        height in 4usize..=24,
        density in 0u32..=100,
        seed in any::<u64>(),
        exponents in any::<bool>(),
        count in 1usize..=16,
    ) {
        let board = random_board(width, height, density, seed);
        let features: Vec<&str> = Incremental::features().collect();
        let all = weights(&features, seed, exponents);
        let some = weights(&features[features.len() - count..], seed ^ 1, exponents);
        for weights in [&all, &some] {
            let mut incremental = Incremental::default();
            if !incremental.read(&board, weights) {
                // Only a stack that reaches the top row is left to the full evaluation.
                prop_assert!(board.max_height() >= height);
                return Ok(());
            }
            for placement in placements(&board) {
                let mut after = board;
                let shape = placement.piece.shape(placement.rotation);
                after.place(shape, placement.x, placement.y);
                let clears = after.full_rows() != 0;
                let high = placement.top_row() >= height as i32 - 1;
                let full = evaluate(&board, &placement, VersusView::default(), TopOut::BeforeClears, weights);
                match incremental.evaluate(&placement) {
                    Some(value) => {
                        prop_assert!(!clears && !high, "{placement:?} clears or reaches the top");
                        prop_assert_eq!(value.to_bits(), full.to_bits(), "{:?} on {:?}", placement, board);
                    }
                    None => prop_assert!(clears || high, "{placement:?} was left to the full evaluation"),
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// One buffer read again and again, as a search reuses it, over boards of changing widths
    /// and weights on changing features, scores as a fresh buffer does.
    #[test]
    fn a_reused_buffer_scores_as_a_fresh_one(
        boards in prop::collection::vec((4usize..=16, 4usize..=24, 0u32..=100, any::<u64>()), 2..6),
        exponents in any::<bool>(),
    ) {
        let features: Vec<&str> = Incremental::features().collect();
        let mut reused = Incremental::default();
        for (i, &(width, height, density, seed)) in boards.iter().enumerate() {
            let board = random_board(width, height, density, seed);
            let count = 1 + seed as usize % features.len();
            let weights = weights(&features[features.len() - count..], seed, exponents && i % 2 == 0);
            let mut fresh = Incremental::default();
            let read = reused.read(&board, &weights);
            prop_assert_eq!(read, fresh.read(&board, &weights));
            if !read {
                // Nothing to score with (see the test above).
                continue;
            }
            for placement in placements(&board) {
                prop_assert_eq!(
                    reused.evaluate(&placement).map(f64::to_bits),
                    fresh.evaluate(&placement).map(f64::to_bits),
                    "{:?} on {:?}", placement, board
                );
            }
        }
    }
}

#[test]
fn weights_on_other_features_are_left_to_the_full_evaluation() {
    let board = Board::from_picture(6, 8, &["#.....", "##..#."]).unwrap();
    let placement = drop_placements(&board, Piece::O).next().unwrap();
    let known = Weights::new([("holes", -1.0, None)]).unwrap();
    let mut incremental = Incremental::default();
    assert!(incremental.read(&board, &known));
    assert_eq!(incremental.evaluate(&placement), Some(-1.0));
    let other = Weights::new([("holes", -1.0, None), ("row_flips", -1.0, None)]).unwrap();
    assert!(!incremental.read(&board, &other));
}
