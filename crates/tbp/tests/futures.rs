//! Futures past the preview: dealt as a 7-bag deals them, checked by name, and a single future
//! whose pieces the bag fixes searched as the beam searches a longer preview.

use tetris_ai_core::ai::search::{Position, Searcher};
use tetris_ai_core::ai::versus_view::VersusView;
use tetris_ai_core::engine::rules::GameRng;
use tetris_ai_core::{Board, Piece, Rules, Weights};
use tetris_ai_tbp::futures::{Futures, agreed_plan, deal};

#[test]
fn a_future_deals_the_rest_of_the_bag_first_then_a_new_bag() {
    for seed in 0..20 {
        let mut rng = GameRng::new(seed, 0);
        // An L left in the bag: it comes first; the second piece opens a new bag of seven, which
        // then holds the other six.
        let (dealt, bag) = deal(&[Piece::L], 2, &mut rng);
        assert_eq!(dealt[0], Piece::L);
        let mut after: Vec<Piece> = bag.clone();
        after.push(dealt[1]);
        after.sort_by_key(|p| p.index());
        assert_eq!(after, Piece::ALL.to_vec(), "seed {seed}");
        // A full bag dealt whole: each piece once, and a new full bag after.
        let (dealt, bag) = deal(&Piece::ALL, 7, &mut rng);
        let mut sorted = dealt.clone();
        sorted.sort_by_key(|p| p.index());
        assert_eq!((sorted, bag), (Piece::ALL.to_vec(), Piece::ALL.to_vec()));
    }
}

#[test]
fn futures_out_of_range_are_refused_by_name() {
    let refused = |samples, pieces| {
        Futures { samples, pieces }
            .validate()
            .map_err(|e| e.to_string())
    };
    assert_eq!(refused(5, 2), Ok(()));
    assert_eq!(refused(0, 0), Ok(()));
    assert!(refused(65, 2).unwrap_err().contains("got 65"));
    assert!(refused(1, 0).unwrap_err().contains("got 0"));
    assert!(refused(1, 8).unwrap_err().contains("got 8"));
}

#[test]
fn one_future_the_bag_fixes_is_the_beam_through_a_longer_preview() {
    // Guideline rules on 10x20, rows 0 to 3 full but for column 9, an O to place, a T previewed
    // and only an L left in the bag: a future of one piece can only deal that L. So one such
    // future chooses the plan the beam chooses with the L previewed after the T and a new bag to
    // draw from, at the same width; and five agree on it.
    let board = Board::from_picture(
        10,
        20,
        &["#########.", "#########.", "#########.", "#########."],
    )
    .unwrap();
    let rules = Rules::guideline();
    let weights = Weights::new([("rows_cleared", 1.0, None), ("holes", -1.0, None)]).unwrap();
    let position = |preview, unseen| Position {
        board: &board,
        rules: &rules,
        current: Piece::O,
        hold: None,
        can_hold: true,
        preview,
        unseen,
        versus: VersusView::default(),
    };
    let mut searcher = Searcher::new();
    let longer = searcher
        .decide_by_beam(&position(&[Piece::T, Piece::L], &Piece::ALL), &weights, 16)
        .unwrap();
    let never = &mut || false;
    let short = position(&[Piece::T], &[Piece::L]);
    for samples in [1, 5] {
        let futures = Futures { samples, pieces: 1 };
        let agreed = agreed_plan(
            &mut searcher,
            (&short, &weights),
            (16 * samples, futures, 3),
            never,
        )
        .unwrap()
        .unwrap();
        assert_eq!(agreed, longer, "{samples} futures");
    }
}
