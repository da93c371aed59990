//! The search split over the rayon pool chooses exactly as the sequential one: the same
//! placement, hold, path and value, and the same draws from the game's generator, at every
//! depth that has later plies, under both rule sets, with and without preview and hold.

#[path = "../../engine/tests/common/mod.rs"]
mod common;

use common::boards_with_a_piece;
use proptest::prelude::*;
use tetris_ai_core::ai::search::{PlanValue, Position, SearchConfig, Searcher};
use tetris_ai_core::ai::versus_view::VersusView;
use tetris_ai_core::engine::rng::GameRng;
use tetris_ai_core::engine::rules::RandomizerKind;
use tetris_ai_core::{Piece, Rules, Weights};

/// Weights with features both with and without an incremental form.
fn weights() -> Weights {
    tetris_ai_core::ai::presets::find("dt10").unwrap().weights()
}

/// The choice and the generator after it, searched in parallel or not.
fn decide(
    position: &Position,
    config: &SearchConfig,
    seed: u64,
    parallel: bool,
) -> (Option<tetris_ai_core::Choice>, GameRng) {
    let mut searcher = Searcher::new();
    searcher.set_parallel(parallel);
    let mut rng = GameRng::new(seed, 2);
    let choice = searcher.decide(position, &weights(), config, &mut rng);
    (choice, rng)
}

/// A position's pieces: the current one, the hold slot and the preview.
fn pieces(indices: &[usize]) -> Vec<Piece> {
    indices.iter().map(|&i| Piece::from_index(i)).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn parallel_search_equals_sequential_search(
        (board, current) in boards_with_a_piece(8..=10, 12, 0..9, 40..90),
        guideline in any::<bool>(),
        hold in any::<bool>(),
        held in prop::option::of(0usize..7),
        queue in prop::collection::vec(0usize..7, 0..6),
        preview in 0usize..6,
        depth in 2u8..=4,
        beam in 1u32..4,
        value in prop::sample::select(vec![PlanValue::Sum, PlanValue::Max, PlanValue::Next]),
        keep_first_rows in any::<bool>(),
        bag in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let rules = Rules {
            preview,
            hold: guideline && hold,
            randomizer: Some(if bag { RandomizerKind::Bag } else { RandomizerKind::Uniform }),
            ..if guideline { Rules::guideline() } else { Rules::classic() }
        };
        let mut queue = pieces(&queue);
        queue.insert(0, current);
        let preview_pieces: Vec<Piece> = queue[1..].iter().copied().take(preview).collect();
        // A bag's remaining pieces: those the queue has not drawn from the last seven.
        let unseen: Vec<Piece> = Piece::ALL
            .into_iter()
            .filter(|p| !bag || !queue.contains(p))
            .collect();
        let unseen = if unseen.is_empty() { Piece::ALL.to_vec() } else { unseen };
        let position = Position {
            board: &board,
            rules: &rules,
            current: queue[0],
            hold: rules.hold.then(|| held.map(Piece::from_index)).flatten(),
            can_hold: rules.hold,
            preview: &preview_pieces,
            unseen: &unseen,
            versus: VersusView::default(),
        };
        let config = SearchConfig {
            depth,
            beam: Some(beam),
            value,
            margin: Some(1.0),
            keep_first_rows,
            ..SearchConfig::default()
        };
        let sequential = decide(&position, &config, seed, false);
        let parallel = decide(&position, &config, seed, true);
        prop_assert_eq!(
            sequential.0.as_ref().map(|c| c.score.to_bits()),
            parallel.0.as_ref().map(|c| c.score.to_bits())
        );
        prop_assert_eq!(sequential, parallel);
    }
}
