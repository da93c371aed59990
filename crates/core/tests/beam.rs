//! The beam over the known pieces, worked by hand: how wide a beam must be to find a plan, what it
//! values a plan at, that it uses hold at every piece, and that it weighs the piece after the
//! known ones by what the randomizer has left.

use tetris_ai_core::ai::search::{
    BeamPlan, Interrupted, PlanValue, Position, SearchConfig, Searcher, TieBreak,
};
use tetris_ai_core::ai::versus_view::VersusView;
use tetris_ai_core::engine::rng::GameRng;
use tetris_ai_core::engine::rules::RandomizerKind;
use tetris_ai_core::{Board, Piece, Rules, Weights};

/// The columns a placement's cells fill, left to right.
fn columns(plan: &BeamPlan) -> Vec<i32> {
    let mut columns: Vec<i32> = plan.placement.cells().iter().map(|c| c.0).collect();
    columns.sort();
    columns.dedup();
    columns
}

/// The position of `current` on `board` under `rules`, with `preview` known, `hold` in the slot
/// (usable now or not), any of the seven pieces to draw after the preview, outside a match.
fn position<'a>(
    board: &'a Board,
    rules: &'a Rules,
    current: Piece,
    (hold, can_hold): (Option<Piece>, bool),
    preview: &'a [Piece],
) -> Position<'a> {
    Position {
        board,
        rules,
        current,
        hold,
        can_hold,
        preview,
        unseen: &Piece::ALL,
        versus: VersusView::default(),
    }
}

/// The 4 x 8 board with rows 0 to 3 filled but for column 0, the well:
///   rows 0-3  . # # #
fn well_board() -> Board {
    Board::from_picture(4, 8, &[".###", ".###", ".###", ".###"]).unwrap()
}

/// The research rules with one piece previewed, and weights rows_cleared 1.
fn one_previewed() -> (Rules, Weights) {
    let rules = Rules {
        preview: 1,
        ..Rules::classic()
    };
    (rules, Weights::new([("rows_cleared", 1.0, None)]).unwrap())
}

#[test]
fn a_beam_one_wide_keeps_the_first_move_in_order_and_a_wider_one_finds_the_well() {
    // The well board, an O to place and an I known next, the research rules (no hold, any of the
    // seven pieces drawn after that with the same odds); weights rows_cleared 1, a plan valued by
    // the sum of its moves. No O clears a row, so every first move scores 0, in move order
    // columns 0-1, 1-2, 2-3.
    //   O at columns 0-1 rests on row 4 over the well (rows 4 and 5 are # # . .): an upright I
    //     beside it fills no row, and the best I lies flat on row 6, which it fills alone and
    //     clears (1), leaving rows 4-5 # # . . over the covered well. The piece drawn next clears
    //     rows 4 and 5 if it is an O at columns 2-3 (2); an I flat on row 6, or an L, J, S, Z or
    //     T, fills one of those rows (1 each): a mean of 8 / 7. The plan: 0 + 1 + 8 / 7.
    //   O at columns 1-2 or 2-3 leaves the well open, where an upright I clears rows 0-3 (4),
    //     leaving two rows, . # # . or . . # # . The draw clears nothing of . # # . but for an I
    //     flat on row 2 (a mean of 1 / 7); of . . # # as much as of # # . . above (8 / 7).
    // A beam one node wide keeps only the first move in order, columns 0-1: 1 + 8 / 7. Three
    // nodes keep every first move, and the best plan is O at columns 2-3: 4 + 8 / 7.
    let board = well_board();
    let (rules, weights) = one_previewed();
    let preview = [Piece::I];
    let position = position(&board, &rules, Piece::O, (None, false), &preview);
    let mut searcher = Searcher::new();
    let narrow = searcher.decide_by_beam(&position, &weights, 1).unwrap();
    assert_eq!(
        (columns(&narrow), narrow.value, narrow.pieces),
        (vec![0, 1], 1.0 + 8.0 / 7.0, 2)
    );
    let wide = searcher.decide_by_beam(&position, &weights, 3).unwrap();
    assert_eq!(
        (columns(&wide), wide.value, wide.pieces, wide.hold),
        (vec![2, 3], 4.0 + 8.0 / 7.0, 2, false)
    );
    // A beam wide enough to keep every move values the best plan as the three-piece search that
    // searches every move does, whose last piece is the draw.
    let every_move = SearchConfig {
        depth: 3,
        prune: 1.0,
        beam: Some(16),
        margin: Some(0.0),
        value: PlanValue::Sum,
        tie_break: TieBreak::First,
        ..SearchConfig::default()
    };
    let exact = searcher
        .decide(&position, &weights, &every_move, &mut GameRng::new(0, 2))
        .unwrap();
    assert_eq!(exact.score, wide.value);
    // A game's search set to the beam through the preview decides as the beam does, at each
    // width, and ranks the move by the plan's value.
    for (width, plan) in [(1, &narrow), (3, &wide)] {
        let by_beam = SearchConfig {
            preview_beam: Some(width),
            ..SearchConfig::default()
        };
        let choice = searcher
            .decide(&position, &weights, &by_beam, &mut GameRng::new(0, 2))
            .unwrap();
        assert_eq!(
            (choice.placement, choice.score),
            (plan.placement, plan.value)
        );
    }
}

#[test]
fn past_the_preview_the_beam_weighs_the_pieces_left_in_the_bag() {
    // The well board, an O to place and nothing previewed, the research rules drawing from a
    // 7-bag; weights rows_cleared 1. No O clears a row, so the piece after it decides. Its best
    // clear after each O:
    //   O at columns 0-1 (rows 4-5 # # . ., the well covered): I 1, O 2, L, J, S, Z, T 1 each,
    //     as the first test works out;
    //   O at columns 1-2 (rows 4-5 . # # .): I 4, upright in the well; no other piece reaches
    //     past column 1's six rows into the well, nor fills both ends of row 4 or 5: 0;
    //   O at columns 2-3 (rows 4-5 . . # #, the well six deep beside column 1's four rows): I 4,
    //     O 2 (rows 4-5 at columns 0-1), the L or J upright in the well with its foot on column
    //     1 at row 4 3 (rows 2 to 4), the other with its foot at row 4 under it 1, T and Z down
    //     the well 2 (rows 3 and 4), S 1 (row 5).
    // With the bag's last piece an I, the O goes to columns 1-2, the first found worth 4; with
    // its last an O, to columns 0-1, the first worth 2; with all seven left, to columns 2-3:
    // (4 + 2 + 3 + 1 + 2 + 2 + 1) / 7 = 15 / 7, where the others are worth 8 / 7 and 4 / 7.
    let board = well_board();
    let weights = Weights::new([("rows_cleared", 1.0, None)]).unwrap();
    let rules = Rules {
        randomizer: Some(RandomizerKind::Bag),
        ..Rules::classic()
    };
    let mut searcher = Searcher::new();
    for (left, expected) in [
        (&[Piece::I][..], (vec![1, 2], 4.0)),
        (&[Piece::O][..], (vec![0, 1], 2.0)),
        (&Piece::ALL[..], (vec![2, 3], 15.0 / 7.0)),
    ] {
        let position = Position {
            unseen: left,
            ..position(&board, &rules, Piece::O, (None, false), &[])
        };
        let plan = searcher.decide_by_beam(&position, &weights, 3).unwrap();
        assert_eq!((columns(&plan), plan.value), expected, "{left:?} left");
        assert_eq!(plan.pieces, 1);
    }
}

#[test]
fn a_plan_is_valued_by_what_its_moves_did_and_the_board_it_leaves() {
    // The well board 12 rows high (rows 0-3 . # # #, 12 cells), an O to place and an I known
    // next, the research rules; weights rows_cleared 1 (what a move did) and blocks 0.5 (what
    // the board is). Each piece adds 4 cells and each cleared row takes 4 away, so after k
    // pieces that cleared L rows the board holds 12 + 4k - 4L cells. A plan's value is the rows
    // its O and I clear, L, and the mean over the draw after them of its best score: a draw
    // that clears nothing (one always can, with rows to spare above) scores 0.5 x (12 + 12 - 4L),
    // and one that clears r rows scores r less than that. So a plan is worth L + 12 - 2L, best
    // where the O and I clear nothing: 12. Every first O clears nothing and scores 0.5 x 16 = 8;
    // every I after the O at columns 0-1 but the one lying across row 6 clears nothing, and each
    // such node is worth 0 + 0.5 x 20 = 10, the most, so a beam three wide keeps three of them
    // and plays the O at columns 0-1 (the first found). Were the boards on the way counted too,
    // the plan would be worth 8 + 10 + 12 = 30.
    let board = Board::from_picture(4, 12, &[".###", ".###", ".###", ".###"]).unwrap();
    let weights = Weights::new([("rows_cleared", 1.0, None), ("blocks", 0.5, None)]).unwrap();
    let rules = Rules {
        preview: 1,
        ..Rules::classic()
    };
    let preview = [Piece::I];
    let position = position(&board, &rules, Piece::O, (None, false), &preview);
    let plan = Searcher::new()
        .decide_by_beam(&position, &weights, 3)
        .unwrap();
    assert_eq!(
        (columns(&plan), plan.value, plan.pieces),
        (vec![0, 1], 12.0, 2)
    );
}

#[test]
fn the_beam_uses_hold_at_every_piece_and_stops_at_the_first_unknown_one() {
    // A 10 x 20 board with rows 0 to 3 filled but for column 9, guideline rules, an O to place
    // with hold already used for it, an I in the slot, and an O known next; weights rows_cleared
    // 1. The first O clears nothing wherever it goes (0). The next O may be swapped for the held
    // I, which drops into the well and clears rows 0 to 3 (4), unless the first O covered the
    // well at columns 8-9. So the best plan is worth 0 + 4, with the first O off the well and not
    // held, two pieces placed: the piece after the next one is a draw, where the beam stops (no
    // piece clears a row of what is left, so the draw adds 0). (The two-piece search places no
    // held piece at its last ply, and finds no clear: 0.)
    let board = Board::from_picture(
        10,
        20,
        &["#########.", "#########.", "#########.", "#########."],
    )
    .unwrap();
    let weights = Weights::new([("rows_cleared", 1.0, None)]).unwrap();
    let rules = Rules {
        preview: 1,
        ..Rules::guideline()
    };
    let preview = [Piece::O];
    let position = position(&board, &rules, Piece::O, (Some(Piece::I), false), &preview);
    let mut searcher = Searcher::new();
    let plan = searcher.decide_by_beam(&position, &weights, 64).unwrap();
    assert_eq!((plan.value, plan.pieces, plan.hold), (4.0, 2, false));
    assert!(!columns(&plan).contains(&9), "{plan:?}");
    let two_pieces = SearchConfig {
        depth: 2,
        prune: 1.0,
        margin: Some(0.0),
        tie_break: TieBreak::First,
        ..SearchConfig::default()
    };
    let exact = searcher
        .decide(&position, &weights, &two_pieces, &mut GameRng::new(0, 2))
        .unwrap();
    assert_eq!(exact.score, 0.0);
}

#[test]
fn a_piece_with_nowhere_to_go_has_no_plan() {
    // A 4 x 4 board whose every column is filled to the top row: an O locks above it wherever it
    // goes, which ends the game.
    let board = Board::from_picture(4, 4, &["###.", "##.#", "#.##", ".###"]).unwrap();
    let weights = Weights::new([("rows_cleared", 1.0, None)]).unwrap();
    let rules = Rules::classic();
    let position = position(&board, &rules, Piece::O, (None, false), &[]);
    assert_eq!(Searcher::new().decide_by_beam(&position, &weights, 8), None);
}

#[test]
fn a_beam_asked_to_stop_gives_up_before_each_node_and_leaves_nothing_behind() {
    // The first test's well board, O then a known I, a beam three wide: the O's three first moves
    // are the first layer, whose three nodes are expanded (3 asks) into the I's layer of three,
    // whose next piece is a draw; those three are weighed with the draw (3 asks): 6 in all.
    // A stop that says so at any of the 6 interrupts the search; one that would at the 7th is
    // never reached, and the plan is the one found without a stop. An interrupted search leaves
    // the searcher as it was: the next search finds the same plan.
    let board = well_board();
    let (rules, weights) = one_previewed();
    let preview = [Piece::I];
    let position = position(&board, &rules, Piece::O, (None, false), &preview);
    let mut searcher = Searcher::new();
    let plan = searcher.decide_by_beam(&position, &weights, 3);
    assert!(plan.is_some());
    for stop_at in 1..=7 {
        let mut asked = 0;
        let found = searcher.decide_by_beam_unless(&position, &weights, 3, &mut || {
            asked += 1;
            asked == stop_at
        });
        if stop_at <= 6 {
            assert_eq!(
                (found, asked),
                (Err(Interrupted), stop_at),
                "stop at {stop_at}"
            );
        } else {
            assert_eq!((found, asked), (Ok(plan), 6));
        }
        assert_eq!(searcher.decide_by_beam(&position, &weights, 3), plan);
    }
}
