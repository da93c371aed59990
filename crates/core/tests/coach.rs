//! The coach: a placement's explanation sums, to the last bit, to the score the search gives it,
//! on random boards, pieces and weights under both rule sets, and at depth 2 and deeper its plan
//! value is the one the AI chooses by; a rating's rank is the placement's place in the ranked
//! search; ratings and their differing features worked out by hand; a player's placements rated
//! as they lock; bad placements refused, naming them.

#[path = "../../engine/tests/common/mod.rs"]
mod common;

use common::boards_with_a_piece;
use proptest::prelude::*;
use tetris_ai_core::ai::features::{FEATURES, SIGNED};
use tetris_ai_core::ai::search::{PlanValue, Position, SearchConfig, Searcher};
use tetris_ai_core::ai::versus_view::VersusView;
use tetris_ai_core::engine::manual::Key;
use tetris_ai_core::engine::moves::drop_placements;
use tetris_ai_core::engine::rng::GameRng;
use tetris_ai_core::{
    Board, Choice, Game, GameConfig, Piece, Placement, Rotation, Rules, Spin, Weights,
};

/// Weights on some of the registry's features, chosen from `seed`: a random weight each, and an
/// exponent on some where `exponents`.
fn random_weights(seed: u64, exponents: bool) -> Weights {
    let mut rng = GameRng::new(seed, 21);
    let mut terms = Vec::new();
    for feature in &FEATURES {
        if rng.below(3) == 0 {
            let weight = rng.below(4001) as f64 / 100.0 - 20.0;
            let raise = exponents && !SIGNED.contains(&feature.name);
            let exponent = (raise && rng.below(3) == 0).then(|| 0.5 + rng.below(4) as f64 * 0.5);
            terms.push((feature.name, weight, exponent));
        }
    }
    Weights::new(terms).unwrap()
}

/// The pieces of `indices`.
fn pieces(indices: &[usize]) -> Vec<Piece> {
    indices.iter().map(|&i| Piece::from_index(i)).collect()
}

/// A placement's cells, in order, to compare placements by.
fn cells(placement: &Placement) -> [(i32, i32); 4] {
    let mut cells = placement.cells();
    cells.sort();
    cells
}

/// The index of the first of `ranked` that scores as `score` does (bit for bit).
fn place_of(ranked: &[Choice], score: f64) -> usize {
    ranked
        .iter()
        .position(|c| c.score.to_bits() == score.to_bits())
        .expect("the score is one of the ranked ones")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn explanations_sum_to_the_searchs_scores_and_ratings_rank_as_it_ranks(
        (board, current) in boards_with_a_piece(4..=12, 10, 0..9, 30..95),
        guideline in any::<bool>(),
        held in prop::option::of(0usize..7),
        queue in prop::collection::vec(0usize..7, 0..3),
        seed in any::<u64>(),
        exponents in any::<bool>(),
    ) {
        let rules = Rules {
            preview: queue.len(),
            ..if guideline { Rules::guideline() } else { Rules::classic() }
        };
        let preview = pieces(&queue);
        let position = Position {
            board: &board,
            rules: &rules,
            current,
            hold: rules.hold.then(|| held.map(Piece::from_index)).flatten(),
            can_hold: rules.hold,
            preview: &preview,
            unseen: &Piece::ALL,
            versus: VersusView::default(),
        };
        let weights = random_weights(seed, exponents);
        let config = SearchConfig::default();
        let mut searcher = Searcher::new();
        let ranked = searcher.rank(&position, &weights);
        for choice in &ranked {
            let explained = searcher
                .explain(&position, &weights, &config, &choice.placement)
                .expect("a ranked placement is explained");
            prop_assert_eq!(explained.score.to_bits(), choice.score.to_bits());
            let sum: f64 = explained.terms.iter().map(|t| t.contribution).sum();
            if !explained.ends_game {
                prop_assert_eq!(sum.to_bits(), choice.score.to_bits());
                prop_assert_eq!(explained.terms.len(), weights.terms().len());
            }
            prop_assert_eq!(explained.hold, choice.hold);
            prop_assert_eq!((explained.later, explained.plan), (None, None));
            let rating = searcher
                .rate(&position, &weights, &choice.placement)
                .expect("a ranked placement is rated");
            prop_assert_eq!(rating.rank, 1 + place_of(&ranked, choice.score));
            prop_assert_eq!(rating.of, ranked.len());
            prop_assert_eq!(rating.best_score.to_bits(), ranked[0].score.to_bits());
            prop_assert_eq!(cells(&rating.best), cells(&ranked[0].placement));
            prop_assert!(rating.differences.len() <= 2);
            if rating.rank == 1 {
                prop_assert!(rating.gap == 0.0 && rating.differences.is_empty());
            } else {
                prop_assert!(rating.gap > 0.0);
            }
            for difference in &rating.differences {
                prop_assert!(difference.effect < 0.0, "{:?}", difference);
            }
        }
    }

    #[test]
    fn at_depth_two_and_more_the_plan_value_is_the_one_the_ai_chooses_by(
        seed in 0u64..1000,
        guideline in any::<bool>(),
        depth in 2u8..=4,
        value in prop::sample::select(vec![PlanValue::Sum, PlanValue::Max, PlanValue::Next]),
        pieces_first in 0u64..12,
    ) {
        let rules = if guideline { Rules::guideline() } else {
            Rules { preview: 1, ..Rules::classic() }
        };
        let search = SearchConfig { depth, value, margin: Some(1.5), ..SearchConfig::default() };
        let mut game = Game::new(GameConfig {
            rules,
            width: 8,
            height: 10,
            seed,
            preset: Some("dellacherie".into()),
            ..GameConfig::default()
        })
        .unwrap();
        game.play(Some(pieces_first));
        prop_assume!(!game.is_over());
        game.set_search(search).unwrap();
        let chosen = game.decide().expect("a piece in play").clone();
        let explained = game.explain(&chosen.placement).unwrap();
        let later = explained.later.expect("a later plies' value at depth 2 and more");
        prop_assert_eq!(explained.plan.map(f64::to_bits), Some(chosen.score.to_bits()));
        let combined = match value {
            PlanValue::Sum => explained.score + later,
            PlanValue::Max => (explained.score + 1.5).max(later),
            PlanValue::Next => later,
        };
        prop_assert_eq!(combined.to_bits(), chosen.score.to_bits());
        // The own score is the one the ranked search gives the placement.
        let ranked = game.ranked_placements();
        let same = ranked
            .iter()
            .find(|c| cells(&c.placement) == cells(&chosen.placement) && c.hold == chosen.hold)
            .expect("the choice is ranked");
        prop_assert_eq!(explained.score.to_bits(), same.score.to_bits());
        // Explaining changes nothing: the game plays on as it would have.
        prop_assert_eq!(game.decide(), Some(&chosen));
    }
}

/// The placement of `piece` in its spawn rotation whose leftmost cell is in column `left`.
fn flat(board: &Board, piece: Piece, left: i32) -> Placement {
    drop_placements(board, piece)
        .find(|p| p.cells().iter().map(|c| c.0).min() == Some(left))
        .unwrap()
}

/// The O's position on a 5 x 6 board with columns 0 and 1 of row 0 filled, research rules:
///   row 0  # # . . .
fn o_on_a_step() -> (Board, Rules) {
    (
        Board::from_picture(5, 6, &["##..."]).unwrap(),
        Rules::classic(),
    )
}

#[test]
fn a_placements_terms_and_rating_worked_by_hand() {
    // Weights holes -4, max_height -1 raised to 2. The O's four drops:
    //   columns 0-1: on row 0's cells, rows 1-2; no hole, height 3: -9
    //   columns 1-2: rests on column 1's cell, rows 1-2, column 2's row 0 a hole; height 3:
    //     -4 - 9 = -13
    //   columns 2-3: on the floor, rows 0-1 (row 0 then has column 4 empty); height 2: -4
    //   columns 3-4: on the floor, rows 0-1 (column 2 empty in row 0); height 2: -4
    // Ranked: 2-3 and 3-4 (-4, tied, 2-3 first in move order), 0-1 (-9), 1-2 (-13).
    let (board, rules) = o_on_a_step();
    let weights = Weights::new([("holes", -4.0, None), ("max_height", -1.0, Some(2.0))]).unwrap();
    let position = Position {
        board: &board,
        rules: &rules,
        current: Piece::O,
        hold: None,
        can_hold: false,
        preview: &[],
        unseen: &Piece::ALL,
        versus: VersusView::default(),
    };
    let mut searcher = Searcher::new();
    let config = SearchConfig::default();
    let covering = flat(&board, Piece::O, 1);
    let explained = searcher
        .explain(&position, &weights, &config, &covering)
        .unwrap();
    let terms: Vec<_> = explained
        .terms
        .iter()
        .map(|t| {
            (
                t.feature,
                t.name,
                t.value,
                t.exponent,
                t.raised,
                t.weight,
                t.contribution,
            )
        })
        .collect();
    assert_eq!(
        terms,
        [
            ("holes", "holes", 1.0, None, 1.0, -4.0, -4.0),
            (
                "max_height",
                "stack height",
                3.0,
                Some(2.0),
                9.0,
                -1.0,
                -9.0
            ),
        ]
    );
    assert_eq!((explained.score, explained.ends_game), (-13.0, false));
    // Rated: last of four, 9 below the best (2-3); the height costs 9 - 4 = 5 of it, the hole 4.
    let rating = searcher.rate(&position, &weights, &covering).unwrap();
    assert_eq!((rating.rank, rating.of), (4, 4));
    assert_eq!(
        (rating.score, rating.best_score, rating.gap),
        (-13.0, -4.0, 9.0)
    );
    assert_eq!(cells(&rating.best), cells(&flat(&board, Piece::O, 2)));
    let differences: Vec<_> = rating
        .differences
        .iter()
        .map(|d| (d.feature, d.name, d.change, d.effect))
        .collect();
    assert_eq!(
        differences,
        [
            ("max_height", "stack height", 1.0, -5.0),
            ("holes", "holes", 1.0, -4.0)
        ]
    );
    // Columns 0-1: third, 5 below, all of it the height (no hole on either side).
    let high = searcher
        .rate(&position, &weights, &flat(&board, Piece::O, 0))
        .unwrap();
    assert_eq!((high.rank, high.gap), (3, 5.0));
    assert_eq!(high.differences.len(), 1);
    assert_eq!(
        (high.differences[0].feature, high.differences[0].effect),
        ("max_height", -5.0)
    );
    // Columns 3-4 tie with the best: first, no gap, nothing to tell.
    let tied = searcher
        .rate(&position, &weights, &flat(&board, Piece::O, 3))
        .unwrap();
    assert_eq!((tied.rank, tied.gap, tied.differences.len()), (1, 0.0, 0));
}

#[test]
fn a_placement_that_ends_the_game_has_no_terms_and_an_endless_gap() {
    // A 4 x 4 board with column 0 filled in rows 0 to 2; an upright I there fills rows 3 to 6,
    // past the top: it ends the game.
    let board = Board::from_picture(4, 4, &["#...", "#...", "#..."]).unwrap();
    let rules = Rules::classic();
    let weights = Weights::new([("holes", -1.0, None)]).unwrap();
    let position = Position {
        board: &board,
        rules: &rules,
        current: Piece::I,
        hold: None,
        can_hold: false,
        preview: &[],
        unseen: &Piece::ALL,
        versus: VersusView::default(),
    };
    let mut searcher = Searcher::new();
    let upright = drop_placements(&board, Piece::I)
        .find(|p| p.cells().iter().all(|c| c.0 == 0))
        .unwrap();
    let explained = searcher
        .explain(&position, &weights, &SearchConfig::default(), &upright)
        .unwrap();
    assert!(explained.ends_game && explained.terms.is_empty());
    assert_eq!(explained.score, f64::NEG_INFINITY);
    let rating = searcher.rate(&position, &weights, &upright).unwrap();
    assert_eq!(rating.gap, f64::INFINITY);
    assert_eq!(rating.rank, rating.of);
    assert!(rating.differences.is_empty());
}

/// A game of guideline rules on a small board, dellacherie's weights.
fn guideline_game(seed: u64) -> Game {
    Game::new(GameConfig {
        rules: Rules::guideline(),
        width: 8,
        height: 12,
        seed,
        ..GameConfig::default()
    })
    .unwrap()
}

/// The ranked placement with the cells of `ghost` and hold `hold`.
fn ranked_with(game: &mut Game, ghost: [(i32, i32); 4], hold: bool) -> Placement {
    let mut wanted = ghost;
    wanted.sort();
    game.ranked_placements()
        .into_iter()
        .find(|c| cells(&c.placement) == wanted && c.hold == hold)
        .expect("the dropped piece is one of the ranked placements")
        .placement
}

#[test]
fn a_players_placement_is_rated_as_it_locks_against_the_position_before() {
    for seed in 0..6 {
        let mut game = guideline_game(seed);
        // A first piece dropped where it spawns, then one shifted left once.
        for shift in [false, true] {
            if shift {
                game.press(Key::Left);
                game.release(Key::Left);
            }
            let ghost = game.view().ghost.unwrap();
            let placement = ranked_with(&mut game, ghost.cells, false);
            let expected = game.rate(&placement).unwrap();
            let step = game.press(Key::HardDrop).unwrap();
            game.release(Key::HardDrop);
            let rating = step.rating.expect("a placement made by hand is rated");
            assert_eq!(rating.placement, step.choice.placement);
            assert!(!rating.hold);
            assert_eq!(
                (
                    rating.rank,
                    rating.of,
                    rating.gap,
                    rating.differences.clone()
                ),
                (
                    expected.rank,
                    expected.of,
                    expected.gap,
                    expected.differences
                )
            );
        }
        // The AI's own steps are not rated.
        assert_eq!(game.step().unwrap().rating, None);
    }
}

#[test]
fn a_placement_after_hold_is_rated_with_the_hold_alternative_as_the_ai_sees_it() {
    for seed in 0..6 {
        // Two games of one seed: one holds and drops; the other, still before the hold, rates
        // the same cells of the held piece.
        let mut player = guideline_game(seed);
        let mut coach = guideline_game(seed);
        player.press(Key::Hold);
        player.release(Key::Hold);
        let ghost = player.view().ghost.unwrap();
        let placement = ranked_with(&mut coach, ghost.cells, true);
        let expected = coach.rate(&placement).unwrap();
        assert!(expected.hold);
        let rating = player.press(Key::HardDrop).unwrap().rating.unwrap();
        assert!(rating.hold);
        assert_eq!(
            (rating.rank, rating.of, rating.score, rating.gap),
            (expected.rank, expected.of, expected.score, expected.gap)
        );
    }
}

#[test]
fn a_placement_that_is_not_one_of_the_searchs_is_refused_naming_it() {
    let mut game = guideline_game(1);
    let piece = game.current();
    let other = Piece::ALL
        .into_iter()
        .find(|&p| p != piece && Some(p) != game.view().queue.first().copied())
        .unwrap();
    let floating = Placement {
        piece,
        rotation: Rotation::Spawn,
        x: 3,
        y: 6,
        spin: Spin::None,
    };
    let wrong_piece = Placement {
        piece: other,
        ..floating
    };
    for placement in [floating, wrong_piece] {
        let shown = serde_json::to_string(&placement).unwrap();
        for error in [
            game.explain(&placement).unwrap_err(),
            game.rate(&placement).unwrap_err(),
        ] {
            let message = error.to_string();
            assert!(message.contains(&shown), "{message}");
            assert!(
                message.contains(&format!("the piece in play ({piece})")),
                "{message}"
            );
        }
    }
    // Once the game is over, every placement is refused, saying so: a game that stacks as high
    // as it can soon ends.
    let mut tower = Game::new(GameConfig {
        weights: Some(Weights::new([("max_height", 1.0, None)]).unwrap()),
        ..GameConfig::default()
    })
    .unwrap();
    let dropped = tower.decide().unwrap().placement;
    assert!(tower.play(Some(1000)).game_over);
    let over = tower.explain(&dropped).unwrap_err().to_string();
    assert!(over.ends_with("is not in play: the game is over"), "{over}");
}
