//! The search's choices worked by hand: tie-breaks and the ways of valuing a two-ply plan.

use tetris_ai_core::ai::search::{PlanValue, Position, SearchConfig, Searcher, TieBreak};
use tetris_ai_core::ai::versus_view::VersusView;
use tetris_ai_core::engine::rng::GameRng;
use tetris_ai_core::engine::rules::RandomizerKind;
use tetris_ai_core::engine::versus::attack::Streaks;
use tetris_ai_core::{Board, Choice, Piece, Rules, Weights};

/// The choice for `current` on `board` under the research rules, with `preview` known.
fn decide(
    board: &Board,
    current: Piece,
    preview: &[Piece],
    weights: &Weights,
    search: SearchConfig,
    seed: u64,
) -> Choice {
    let rules = Rules {
        preview: preview.len(),
        ..Rules::classic()
    };
    decide_under(
        &rules, false, board, current, preview, weights, search, seed,
    )
}

/// The position of `current` on `board` under `rules`, with `preview` known and no hold, in the
/// match `versus`.
fn position<'a>(
    board: &'a Board,
    rules: &'a Rules,
    current: Piece,
    preview: &'a [Piece],
    versus: VersusView,
) -> Position<'a> {
    Position {
        board,
        rules,
        current,
        hold: None,
        can_hold: false,
        preview,
        unseen: &Piece::ALL,
        versus,
    }
}

/// The choice for `current` on `board` under `rules`, with `preview` known, searched in
/// parallel or not.
#[allow(clippy::too_many_arguments)]
fn decide_under(
    rules: &Rules,
    parallel: bool,
    board: &Board,
    current: Piece,
    preview: &[Piece],
    weights: &Weights,
    search: SearchConfig,
    seed: u64,
) -> Choice {
    let position = position(board, rules, current, preview, VersusView::default());
    let mut searcher = Searcher::new();
    searcher.set_parallel(parallel);
    searcher
        .decide(&position, weights, &search, &mut GameRng::new(seed, 2))
        .expect("the piece has somewhere to go")
}

/// The columns a choice's cells fill, left to right.
fn columns(choice: &Choice) -> Vec<i32> {
    let mut columns: Vec<i32> = choice.placement.cells().iter().map(|c| c.0).collect();
    columns.sort();
    columns.dedup();
    columns
}

#[test]
fn first_takes_the_first_of_two_tied_moves_in_move_order() {
    // A 5 x 6 board with both ends of row 0 filled:
    //   row 0  # . . . #
    // An O, weights holes -2 and max_height -1:
    //   columns 0-1 or 3-4: rests on row 1 over a wall cell, a hole beside it, height 3:
    //     -2 - 3 = -5
    //   columns 1-2 or 2-3: on the floor, no hole, height 2: -2
    // Columns 1-2 and 2-3 tie. In move order (the O's one rotation, leftmost column first)
    // columns 1-2 come first, so "first" takes them whatever the seed.
    let board = Board::from_picture(5, 6, &["#...#"]).unwrap();
    let weights = Weights::new([("holes", -2.0, None), ("max_height", -1.0, None)]).unwrap();
    let first = SearchConfig {
        tie_break: TieBreak::First,
        ..SearchConfig::default()
    };
    for seed in 0..20 {
        let choice = decide(&board, Piece::O, &[], &weights, first, seed);
        assert_eq!((columns(&choice), choice.score), (vec![1, 2], -2.0));
    }
    // Random tie-breaks take both, and only those.
    let picks: Vec<Vec<i32>> = (0..20)
        .map(|seed| {
            let choice = decide(
                &board,
                Piece::O,
                &[],
                &weights,
                SearchConfig::default(),
                seed,
            );
            columns(&choice)
        })
        .collect();
    assert!(picks.iter().all(|c| c == &[1, 2] || c == &[2, 3]));
    assert!(picks.contains(&vec![1, 2]) && picks.contains(&vec![2, 3]));
}

#[test]
fn plan_values_sum_and_max_worked_by_hand() {
    // An empty 4 x 8 board, an O to place and an O known next; weights max_height -1.
    // Every first O scores -2 (height 2). The next O's best on what each leaves:
    //   first O at columns 0-1 (or 2-3): the next one beside it fills rows 0 and 1, both clear,
    //     height 0: 0
    //   first O at columns 1-2: every next O rests on it or beside it at height 4: -4
    let board = Board::new(4, 8).unwrap();
    let weights = Weights::new([("max_height", -1.0, None)]).unwrap();
    let search = |value, margin| SearchConfig {
        depth: 2,
        prune: 1.0,
        margin: Some(margin),
        value,
        tie_break: TieBreak::First,
        ..SearchConfig::default()
    };
    let plan = |config| decide(&board, Piece::O, &[Piece::O], &weights, config, 0);
    // Sum: -2 + 0 = -2 at the edges, -2 - 4 = -6 in the middle; the first edge (columns 0-1)
    // is already the best single move, so no margin is needed.
    let sum = plan(search(PlanValue::Sum, 0.0));
    assert_eq!((columns(&sum), sum.score), (vec![0, 1], -2.0));
    // Max with margin 1: max(-2 + 1, 0) = 0 at the edges, max(-1, -4) = -1 in the middle.
    let max = plan(search(PlanValue::Max, 1.0));
    assert_eq!((columns(&max), max.score), (vec![0, 1], 0.0));
    // Next: the next O's best alone, 0 at the edges and -4 in the middle.
    let next = plan(search(PlanValue::Next, 0.0));
    assert_eq!((columns(&next), next.score), (vec![0, 1], 0.0));
    // Max with margin 100: max(98, n) = 98 for every first move, so the best single move stays.
    let bonus = plan(search(PlanValue::Max, 100.0));
    assert_eq!((columns(&bonus), bonus.score), (vec![0, 1], 98.0));
}

#[test]
fn max_values_tell_tied_first_moves_apart_by_the_next_piece() {
    // A 4 x 8 board with row 0 filled but for column 3, an O to place, an I known next;
    // weights rows_cleared 10, max_height -1:
    //   row 0  # # # .
    // O at columns 0-1 or 1-2: rests on row 1, height 3: -3; then the upright I in column 3
    //   (rows 0 to 3) clears row 0 only (rows 1 and 2 are half empty): 10 - 3 = 7.
    // O at columns 2-3: rests on row 1 (column 2), leaving column 3's row 0 a hole, height 3:
    //   -3; the I then clears nothing: at best a flat I on row 3: -4, or upright in columns 0
    //   or 1 (rows 1 to 4): -5.
    // Every first move scores -3 and ties; the plan values tell the edges apart:
    //   Max, margin 0: max(-3, 7) = 7 for columns 0-1 and 1-2, max(-3, -4) = -3 for 2-3.
    let board = Board::from_picture(4, 8, &["###."]).unwrap();
    let weights = Weights::new([("rows_cleared", 10.0, None), ("max_height", -1.0, None)]).unwrap();
    let config = SearchConfig {
        depth: 2,
        prune: 1.0,
        margin: Some(0.0),
        value: PlanValue::Max,
        tie_break: TieBreak::First,
        ..SearchConfig::default()
    };
    let choice = decide(&board, Piece::O, &[Piece::I], &weights, config, 0);
    assert_eq!((columns(&choice), choice.score), (vec![0, 1], 7.0));
}

#[test]
fn keeping_the_first_pieces_rows_counts_them_at_the_second_ply() {
    // A 5 x 8 board with row 0 filled but for column 0, an I to place, an O known next;
    // weights rows_cleared 1, plans valued by the next piece alone:
    //   row 0  . # # # #
    // Only the upright I in column 0 (rows 0 to 3) fills row 0: its own score is 1, every other
    // first move's 0.
    // Rows removed first: the board it leaves has column 0 filled in rows 0 to 2 and nothing
    //   else, so no O fills a row (at most 3 of 5 cells): every plan is worth 0, and the best
    //   single move stays, valued 0.
    // Rows kept: row 0 is still full under the O, so every O placement after it clears that
    //   row: 1. After any other first move, column 0's row 0 stays empty under whatever
    //   rests there, so no row fills: 0. The upright I in column 0 is played, valued 1.
    let board = Board::from_picture(5, 8, &[".####"]).unwrap();
    let weights = Weights::new([("rows_cleared", 1.0, None)]).unwrap();
    let search = |keep_first_rows| SearchConfig {
        depth: 2,
        prune: 1.0,
        value: PlanValue::Next,
        tie_break: TieBreak::First,
        keep_first_rows,
        ..SearchConfig::default()
    };
    let removed = decide(&board, Piece::I, &[Piece::O], &weights, search(false), 0);
    assert_eq!((columns(&removed), removed.score), (vec![0], 0.0));
    let kept = decide(&board, Piece::I, &[Piece::O], &weights, search(true), 0);
    assert_eq!((columns(&kept), kept.score), (vec![0], 1.0));
}

#[test]
fn a_third_ply_changes_the_choice() {
    // An empty 4 x 8 board, an I to place, then an I and an O known; weights rows_cleared 1,
    // plans valued by the last piece's score alone (`next`), every move searched.
    // The flat I fills row 0 and clears it: the best single move, scoring 1; an upright I
    // (in any column) scores 0.
    // Depth 2, the second I's best score after each first move:
    //   after the flat I the board is empty again, and the second flat I clears a row: 1;
    //   after an upright I no second I fills a row (an upright I beside it fills 2 of 4
    //   cells of a row, a flat one lies above it): 0.
    //   So the flat I stays, valued 1.
    // Depth 3, the O's best score after each first and second move:
    //   after the flat I (an empty board), the second I either clears row 0 again (an empty
    //   board) or stands upright in one column: either way an O fills at most 2 cells of a
    //   row beside the I's 1, and clears nothing: 0;
    //   after an upright I in column 0, an upright second I in column 1 leaves columns 2 and
    //   3 empty in rows 0 and 1, where the O completes both rows: 2. (From an upright I in any
    //   column a second one leaves two neighbouring columns for the O, so every upright first
    //   move is worth 2.)
    //   The upright Is all beat the flat I's 0; they score alike (0), so the first in move order
    //   is played: the upright rotation's leftmost column, column 0, valued 2.
    // Depth 3 with a beam of 1: the second I keeps only its first best move. After the flat I
    //   that is the flat I again (it clears a row: 1), after an upright one the flat I on top
    //   (every second I scores 0, and the flat rotation comes first); the O clears nothing after
    //   either, so every plan is worth 0 and the flat I stays, valued 0.
    let board = Board::new(4, 8).unwrap();
    let weights = Weights::new([("rows_cleared", 1.0, None)]).unwrap();
    let search = |depth| SearchConfig {
        depth,
        prune: 1.0,
        beam: Some(16),
        value: PlanValue::Next,
        tie_break: TieBreak::First,
        ..SearchConfig::default()
    };
    let plan = |depth| {
        decide(
            &board,
            Piece::I,
            &[Piece::I, Piece::O],
            &weights,
            search(depth),
            0,
        )
    };
    let two = plan(2);
    assert_eq!((columns(&two), two.score), (vec![0, 1, 2, 3], 1.0));
    let three = plan(3);
    assert_eq!((columns(&three), three.score), (vec![0], 2.0));
}

#[test]
fn unseen_draws_are_weighed_by_the_randomizers_odds() {
    // A 4 x 8 board with rows 0 to 3 filled but for column 3, an O to place and nothing
    // previewed; weights rows_cleared 1, plans valued by the drawn piece's best score alone
    // (`next`), every move searched:
    //   rows 0-3  # # # .
    // No O clears a row, so each first move is valued by what the next piece can clear after it.
    // The O at columns 0-1 rests on rows 4 and 5 (rows 4-5: # # . .). Then the best of each:
    //   I upright in column 3 clears rows 0 to 3: 4;
    //   O at columns 2-3 fills rows 4 and 5 (over the empty column): 2;
    //   T upright in column 3 (rows 3 to 5), its nub in column 2 on row 4, clears rows 3 and 4: 2;
    //   S upright, column 3 on rows 3 and 4, column 2 on rows 4 and 5, clears rows 3 and 4: 2;
    //   Z upright, column 2 on rows 4 and 5, column 3 on rows 5 and 6, clears row 5: 1;
    //   J upright in column 3 (rows 4 to 6), its foot in column 2 on row 4, clears row 4: 1;
    //   L upright in column 3 (rows 2 to 4), its top in column 2 on row 4, clears rows 2 to 4: 3.
    // Uniform draws: (4 + 2 + 2 + 2 + 1 + 1 + 3) / 7 = 15/7. S and Z three times as likely:
    // (4 + 2 + 2 + 3 x 2 + 3 x 1 + 1 + 3) / 11 = 21/11.
    // The O at columns 1-2 (rows 4-5: . # # .) leaves only the upright I's 4 in the well
    // (every other piece catches on column 2 at row 6 or leaves column 0 open): 4/7 and 4/11.
    // The O at columns 2-3 covers the well (rows 4-5: . . # #): the O at columns 0-1 clears 2,
    // the I nothing, and each of T, S, Z, J and L one row beside it: 7/7 = 1 and 11/11 = 1.
    // Columns 0-1 are the best under either randomizer.
    let board = Board::from_picture(4, 8, &["###.", "###.", "###.", "###."]).unwrap();
    let weights = Weights::new([("rows_cleared", 1.0, None)]).unwrap();
    let search = SearchConfig {
        depth: 2,
        prune: 1.0,
        value: PlanValue::Next,
        tie_break: TieBreak::First,
        ..SearchConfig::default()
    };
    for (randomizer, value) in [
        (RandomizerKind::Uniform, 15.0 / 7.0),
        (RandomizerKind::Bag, 15.0 / 7.0),
        (RandomizerKind::SzHeavy, 21.0 / 11.0),
    ] {
        let rules = Rules {
            randomizer: Some(randomizer),
            ..Rules::classic()
        };
        for parallel in [false, true] {
            let choice = decide_under(&rules, parallel, &board, Piece::O, &[], &weights, search, 0);
            assert_eq!(
                (columns(&choice), choice.score),
                (vec![0, 1], value),
                "{randomizer:?}, parallel {parallel}"
            );
        }
    }
}

#[test]
fn the_plies_carry_the_streaks_of_the_match() {
    // A 4 x 8 board, empty: an I lying flat fills row 0 and clears it, and the next does the
    // same. Weighed by the combo alone, with each ply's score summed:
    //   outside a match: the first clear makes a combo of 1, the second of 2: 1 + 2 = 3;
    //   after 2 clears in a row: 3, then 4: 7;
    //   three plies from the empty board: 1 + 2 + 3 = 6.
    // Were the streaks not carried past the first ply, each later ply would read the position's
    // (1 + 1 = 2, 3 + 3 = 6 and 1 + 1 + 1 = 3).
    let board = Board::new(4, 8).unwrap();
    let weights = Weights::new([("combo", 1.0, None)]).unwrap();
    let search = |depth| SearchConfig {
        depth,
        prune: 1.0,
        margin: Some(0.0),
        value: PlanValue::Sum,
        tie_break: TieBreak::First,
        ..SearchConfig::default()
    };
    let plan = |preview: &[Piece], combo| {
        let rules = Rules {
            preview: preview.len(),
            ..Rules::classic()
        };
        let streaks = Streaks {
            combo,
            back_to_back: 0,
        };
        let versus = VersusView {
            streaks,
            ..VersusView::default()
        };
        let position = position(&board, &rules, Piece::I, preview, versus);
        let config = search(preview.len() as u8 + 1);
        // The parallel search gives the same value.
        let [alone, parallel] = [false, true].map(|parallel| {
            let mut searcher = Searcher::new();
            searcher.set_parallel(parallel);
            searcher
                .decide(&position, &weights, &config, &mut GameRng::new(0, 2))
                .expect("the I has somewhere to go")
                .score
        });
        assert_eq!(alone, parallel);
        alone
    };
    assert_eq!(plan(&[Piece::I], 0), 3.0);
    assert_eq!(plan(&[Piece::I], 2), 7.0);
    assert_eq!(plan(&[Piece::I, Piece::I], 0), 6.0);
}
