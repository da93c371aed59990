//! SRS kicks, tucks and T-spins through the input search, checked against positions worked out
//! by hand from the kick tables.

use tetris_ai_engine::active::Active;
use tetris_ai_engine::board::Board;
use tetris_ai_engine::moves::Placement;
use tetris_ai_engine::moves::{Input, MoveSearch, drop_placements};
use tetris_ai_engine::piece::{Kicks, Turn};
use tetris_ai_engine::piece::{Piece, Rotation};
use tetris_ai_engine::rules::{Scoring, spawn_position};
use tetris_ai_engine::spin::Spin;

fn sorted_cells(placement: &Placement) -> Vec<(i32, i32)> {
    let mut cells = placement.cells().to_vec();
    cells.sort();
    cells
}

#[test]
fn an_i_piece_against_the_left_wall_kicks_right() {
    // Vertical I in state L at centre column 0 fills column 0. Turning clockwise (L -> 0) the
    // plain turn would put cells at columns -1..=2, through the wall; the next kick, (+1, 0),
    // puts them at columns 0..=3.
    let board = Board::new(10, 20).unwrap();
    let mut piece = Active {
        rotation: Rotation::Left,
        ..Active::new(Piece::I, (0, 5))
    };
    assert!(piece.turn(&board, Turn::Cw, Kicks::Srs));
    assert_eq!((piece.rotation, piece.x, piece.y), (Rotation::Spawn, 1, 5));
    assert_eq!(piece.last_turn, Some((Turn::Cw, 1)));
    let mut cells = piece.placement(&board).cells().to_vec();
    cells.sort();
    assert_eq!(cells, vec![(0, 5), (1, 5), (2, 5), (3, 5)]);
}

#[test]
fn an_i_piece_on_the_floor_kicks_up_when_it_must() {
    // Flat I on the floor, centre (4, 0), state 0; turning clockwise to R wants cells
    // (5, -2..=1): below the floor. Kicks 0->R for I: (0,0) fails, (-2,0) fails (still below
    // the floor), (+1,0) fails, (-2,-1) fails, (+1,+2) puts the centre at (5, 2), cells
    // (6, 0..=3).
    let board = Board::new(10, 20).unwrap();
    let mut piece = Active::new(Piece::I, (4, 0));
    assert!(piece.turn(&board, Turn::Cw, Kicks::Srs));
    assert_eq!((piece.rotation, piece.x, piece.y), (Rotation::Right, 5, 2));
    assert_eq!(piece.last_turn, Some((Turn::Cw, 4)));
}

/// A T-spin triple slot: the T must arrive flat at centre (4, 3) and turn clockwise; kicks
/// (0,0), (-1,0), (-1,+1) and (0,-2) are blocked and the fifth, (-1,-2), drops it into the slot
/// at centre (3, 1), state R, filling (3,0), (3,1), (3,2) and (4,1).
fn tst_board() -> Board {
    Board::from_picture(
        10,
        20,
        &[
            "####......", // row 4: the roof over column 3
            "###.......", // row 3
            "###.######", // row 2
            "###..#####", // row 1
            "###.######", // row 0
        ],
    )
    .unwrap()
}

#[test]
fn a_t_spin_triple_slot_is_reached_through_its_fifth_kick() {
    let board = tst_board();
    let mut search = MoveSearch::new();
    let spawn = spawn_position(&board, Piece::T).unwrap();
    assert_eq!(spawn, (4, 19));
    let found = search.run(&board, Piece::T, spawn, Kicks::Srs).to_vec();
    let slot = found
        .iter()
        .position(|p| sorted_cells(p) == vec![(3, 0), (3, 1), (3, 2), (4, 1)])
        .expect("the slot is found");
    assert_eq!(found[slot].rotation, Rotation::Right);
    assert_eq!(found[slot].spin, Spin::Full);
    // Shortest path: one step right (column 4 is roofed at row 4), 16 soft drops from row 19 to
    // row 3, one step left under the roof, the turn, the hard drop: 20 inputs.
    let path = search.path(slot);
    assert_eq!(path.len(), 20, "{path:?}");
    assert_eq!(path.iter().filter(|&&i| i == Input::SoftDrop).count(), 16);
    assert_eq!(
        path[path.len() - 3..],
        [Input::Left, Input::Cw, Input::HardDrop]
    );

    // Replaying the path one input at a time ends in the slot with the fifth kick.
    let mut piece = Active::new(Piece::T, spawn);
    for &input in &path[..path.len() - 1] {
        let moved = match input {
            Input::Left => piece.shift(&board, -1),
            Input::Right => piece.shift(&board, 1),
            Input::SoftDrop => piece.down(&board),
            Input::Cw => piece.turn(&board, Turn::Cw, Kicks::Srs),
            other => panic!("unexpected {other:?}"),
        };
        assert!(moved, "{input:?} failed");
    }
    assert_eq!(piece.last_turn, Some((Turn::Cw, 4)));
    assert_eq!(piece.placement(&board), found[slot]);

    // Locking it clears rows 0, 1 and 2: a T-spin triple, 1600 points at level 1.
    let mut after = board;
    let locked = tetris_ai_engine::rules::lock(
        &mut after,
        &found[slot],
        tetris_ai_engine::rules::TopOut::LockOut,
    );
    assert_eq!(locked.rows_cleared, 3);
    assert_eq!(
        Scoring::new().lock(locked.rows_cleared, Spin::Full, 1),
        1600
    );

    // Dropped straight down, no T fills the slot.
    let dropped: Vec<Placement> = drop_placements(&board, Piece::T).collect();
    assert!(
        dropped
            .iter()
            .all(|p| sorted_cells(p) != sorted_cells(&found[slot]))
    );
}

#[test]
fn a_tuck_under_an_overhang_is_found() {
    // Columns 0-2 are roofed at row 2; an O can only get under the roof by sliding left along
    // the floor.
    let board = Board::from_picture(10, 20, &["###.......", "..........", ".........."]).unwrap();
    let mut search = MoveSearch::new();
    let spawn = spawn_position(&board, Piece::O).unwrap();
    let found = search.run(&board, Piece::O, spawn, Kicks::Srs).to_vec();
    let tuck = found
        .iter()
        .position(|p| sorted_cells(p) == vec![(0, 0), (0, 1), (1, 0), (1, 1)])
        .expect("the tuck is found");
    // From the spawn centre (4, 19): 19 soft drops to the floor, 4 steps left, the hard drop.
    let path = search.path(tuck);
    assert_eq!(path.len(), 24, "{path:?}");
    assert_eq!(path.iter().filter(|&&i| i == Input::Left).count(), 4);
    assert_eq!(path.iter().filter(|&&i| i == Input::SoftDrop).count(), 19);
    assert_eq!(path.last(), Some(&Input::HardDrop));
    let dropped: Vec<Placement> = drop_placements(&board, Piece::O).collect();
    assert!(
        dropped
            .iter()
            .all(|p| sorted_cells(p) != sorted_cells(&found[tuck]))
    );
}

#[test]
fn a_blocked_spawn_has_no_placements() {
    let board = Board::from_picture(4, 4, &["####", "####", "####", "####"]).unwrap();
    let mut search = MoveSearch::new();
    // The flat T spawns in rows 4-5 (the buffer) and cannot drop; it can still move and rest.
    let spawn = spawn_position(&board, Piece::T).unwrap();
    assert_eq!(spawn, (1, 4));
    assert!(!search.run(&board, Piece::T, spawn, Kicks::Srs).is_empty());
    assert!(search.run(&board, Piece::T, (1, 3), Kicks::Srs).is_empty());
}

#[test]
fn srs_has_no_half_turn() {
    let board = Board::new(10, 20).unwrap();
    let mut piece = Active::new(Piece::T, (4, 5));
    assert!(!piece.turn(&board, Turn::Half, Kicks::Srs));
    assert_eq!((piece.rotation, piece.x, piece.y), (Rotation::Spawn, 4, 5));
}

#[test]
fn an_srs_plus_half_turn_in_the_open_turns_in_place() {
    // T flat at centre (4, 5): nothing in the way, so the first offset (0, 0) fits.
    let board = Board::new(10, 20).unwrap();
    let mut piece = Active::new(Piece::T, (4, 5));
    assert!(piece.turn(&board, Turn::Half, Kicks::SrsPlus));
    assert_eq!(
        (piece.rotation, piece.x, piece.y),
        (Rotation::Reverse, 4, 5)
    );
    assert_eq!(piece.last_turn, Some((Turn::Half, 0)));
    let mut cells = piece.placement(&board).cells().to_vec();
    cells.sort();
    // Reversed, its nub points down: (3..=5, 5) and (4, 4).
    assert_eq!(cells, vec![(3, 5), (4, 4), (4, 5), (5, 5)]);
}

#[test]
fn an_srs_plus_half_turn_on_the_floor_kicks_up() {
    // T flat on the floor at centre (4, 0). Reversed in place its nub would be at (4, -1), under
    // the floor; the next offset from spawn, (0, +1), lifts the centre to (4, 1): cells
    // (3..=5, 1) and (4, 0).
    let board = Board::new(10, 20).unwrap();
    let mut piece = Active::new(Piece::T, (4, 0));
    assert!(piece.turn(&board, Turn::Half, Kicks::SrsPlus));
    assert_eq!(
        (piece.rotation, piece.x, piece.y),
        (Rotation::Reverse, 4, 1)
    );
    assert_eq!(piece.last_turn, Some((Turn::Half, 1)));
}

#[test]
fn srs_plus_kicks_an_i_the_short_way_first() {
    // Flat I at centre (4, 10) fills (3..=6, 10). Turning clockwise in place would fill
    // (5, 8..=11), but (5, 8) is taken. SRS tries (-2, 0) next: centre (2, 10), column 3. SRS+
    // tries (+1, 0) first: centre (5, 10), column 6.
    let mut board = Board::new(10, 20).unwrap();
    board.set(5, 8);
    let mut srs = Active::new(Piece::I, (4, 10));
    assert!(srs.turn(&board, Turn::Cw, Kicks::Srs));
    assert_eq!((srs.rotation, srs.x, srs.y), (Rotation::Right, 2, 10));
    let mut plus = Active::new(Piece::I, (4, 10));
    assert!(plus.turn(&board, Turn::Cw, Kicks::SrsPlus));
    assert_eq!((plus.rotation, plus.x, plus.y), (Rotation::Right, 5, 10));
    let mut cells = plus.placement(&board).cells().to_vec();
    cells.sort();
    assert_eq!(cells, vec![(6, 8), (6, 9), (6, 10), (6, 11)]);
}

#[test]
fn a_half_turn_never_makes_a_mini_full_by_its_kick() {
    // SRS's fifth-kick rule is for quarter turns: the fifth offset of a half turn is no reason.
    assert!(Kicks::makes_full_spin(Turn::Cw, 4));
    assert!(Kicks::makes_full_spin(Turn::Ccw, 4));
    assert!(!Kicks::makes_full_spin(Turn::Half, 4));
    assert!(!Kicks::makes_full_spin(Turn::Cw, 3));
}
