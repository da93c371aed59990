//! Properties of random play on random boards: pieces never overlap, no full row survives a lock,
//! cell counts add up across clears, and every input path found replays to its placement, with
//! the kicks of SRS and of SRS+.

mod common;

use common::boards_with_a_piece;
use proptest::prelude::*;
use tetris_ai_engine::active::Active;
use tetris_ai_engine::board::Board;
use tetris_ai_engine::moves::Placement;
use tetris_ai_engine::moves::{Input, MoveSearch, drop_placements};
use tetris_ai_engine::piece::{Kicks, Piece, Turn};
use tetris_ai_engine::rules::{GameRng, RuleSet, Rules, lock, spawn_position};

/// All placements of `piece` under `kind` (guideline: from its spawn position).
fn placements(
    board: &Board,
    piece: Piece,
    kind: RuleSet,
    search: &mut MoveSearch,
) -> Vec<Placement> {
    match kind {
        RuleSet::Classic => drop_placements(board, piece).collect(),
        RuleSet::Guideline => match spawn_position(board, piece) {
            Some(spawn) => search.run(board, piece, spawn, Kicks::Srs).to_vec(),
            None => Vec::new(),
        },
    }
}

/// The placement `path` ends in, played input by input from `spawn` with `kicks`.
fn replay(
    board: &Board,
    spawn: (i32, i32),
    piece: Piece,
    path: &[Input],
    kicks: Kicks,
) -> Option<Placement> {
    let mut active = Active::new(piece, spawn);
    let (last, moves) = path.split_last()?;
    if *last != Input::HardDrop {
        return None;
    }
    for &input in moves {
        let moved = match input {
            Input::Left => active.shift(board, -1),
            Input::Right => active.shift(board, 1),
            Input::SoftDrop => active.down(board),
            Input::Cw => active.turn(board, Turn::Cw, kicks),
            Input::Ccw => active.turn(board, Turn::Ccw, kicks),
            Input::Half => active.turn(board, Turn::Half, kicks),
            Input::HardDrop | Input::Hold => false,
        };
        if !moved {
            return None;
        }
    }
    Some(active.ghost(board).placement(board))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_play_keeps_the_board_consistent(
        seed in any::<u64>(),
        guideline in any::<bool>(),
        width in 4usize..=16,
        height in 4usize..=40,
    ) {
        let kind = if guideline { RuleSet::Guideline } else { RuleSet::Classic };
        let mut rng = GameRng::new(seed, 0);
        let mut board = Board::new(width, height).unwrap();
        let mut search = MoveSearch::new();
        for _ in 0..300 {
            let piece = Piece::from_index(rng.below(7) as usize);
            let options = placements(&board, piece, kind, &mut search);
            if options.is_empty() {
                break;
            }
            let placement = options[rng.below(options.len() as u32) as usize];
            let shape = placement.piece.shape(placement.rotation);
            prop_assert!(board.fits(shape, placement.x, placement.y), "overlap: {placement:?}\n{board:?}");
            let before = board.cell_count();
            let locked = lock(&mut board, &placement, Rules::of(kind).top_out());
            prop_assert_eq!(board.full_rows(), 0, "a full row survived\n{:?}", board);
            prop_assert_eq!(
                board.cell_count() + width as u32 * locked.rows_cleared,
                before + 4,
                "cells do not add up"
            );
            if locked.tops_out {
                break;
            }
        }
    }

    #[test]
    fn every_input_path_replays_to_its_placement(
        (board, piece) in boards_with_a_piece(4..=12, 20, 0..10, 30..90),
        plus in any::<bool>(),
    ) {
        let kicks = if plus { Kicks::SrsPlus } else { Kicks::Srs };
        let mut search = MoveSearch::new();
        let Some(spawn) = spawn_position(&board, piece) else { return Ok(()) };
        let found = search.run(&board, piece, spawn, kicks).to_vec();
        prop_assert!(!found.is_empty());
        for (i, placement) in found.iter().enumerate() {
            let shape = placement.piece.shape(placement.rotation);
            prop_assert!(board.fits(shape, placement.x, placement.y));
            prop_assert!(!board.fits(shape, placement.x, placement.y - 1), "not resting: {placement:?}");
            let path = search.path(i);
            prop_assert_eq!(replay(&board, spawn, piece, &path, kicks), Some(*placement), "path {:?}", path);
        }
        // On a low stack every drop-only placement is reachable by inputs too.
        if board.max_height() + 4 < board.height() {
            let dropped: Vec<Placement> = drop_placements(&board, piece).collect();
            let cells = |p: &Placement| { let mut c = p.cells().to_vec(); c.sort(); c };
            let reached: Vec<_> = found.iter().map(cells).collect();
            for p in &dropped {
                prop_assert!(reached.contains(&cells(p)), "drop placement {p:?} not reached");
            }
        }
    }
}
