//! Hand-worked checks of every registered board feature.
//!
//! Each expected value below is worked out by hand from the definitions in the project's
//! feature table (FEATURES.md), shown in the comment above the assertion: row 0 is the bottom,
//! a column's height `h_c` is one more than its highest filled row. Pictures are drawn top row
//! first and fill the bottom of the board; the rows above the picture are empty.

use std::collections::BTreeSet;

use tetris_ai_core::Board;
use tetris_ai_core::ai::features::{FEATURES, Outcome, READS_THE_MATCH, index_of};
use tetris_ai_core::ai::versus_view::VersusView;
use tetris_ai_core::engine::moves::{MoveSearch, Placement, sorted_cells};
use tetris_ai_core::engine::piece::{Kicks, Piece, Rotation};
use tetris_ai_core::engine::rules::{TopOut, spawn_position};
use tetris_ai_core::engine::spin::Spin;
use tetris_ai_core::engine::versus::attack::{AttackTable, Streaks};

/// A placement for outcomes whose features read only the numbers given with them.
const PLACED: Placement = Placement {
    piece: Piece::O,
    rotation: Rotation::Spawn,
    x: 0,
    y: 0,
    spin: Spin::None,
};

/// Every feature this file tests; a registered feature missing here fails `every_feature_is_tested`.
const TESTED: [&str; 44] = [
    "rows_cleared",
    "landing_height",
    "eroded_piece_cells",
    "row_transitions",
    "column_transitions",
    "holes",
    "cumulative_wells",
    "max_height",
    "aggregate_height",
    "bumpiness",
    "avg_height_difference",
    "blocks",
    "avg_height",
    "blocks_above_holes",
    "gaps",
    "placement_height",
    "deepest_well",
    "hole_depth",
    "rows_with_holes",
    "pattern_diversity",
    "column_holes_pow",
    "row_transitions_cs3243",
    "wells_cs3243",
    "row_flips",
    "column_flips",
    "aggregate_height_takado8",
    "holes_before_clears",
    "bumpiness_before_clears",
    "aggregate_height_before_clears",
    "tsd_slot",
    "tst_slot",
    "cavity_cells",
    "overhang_cells",
    "top_half",
    "top_quarter",
    "well_lines",
    "attack",
    "difficult_clear",
    "back_to_back",
    "combo",
    "garbage_danger",
    "clears",
    "cold_clear_2_board",
    "cold_clear_2_move",
];

fn board(width: usize, height: usize, rows: &[&str]) -> Board {
    Board::from_picture(width, height, rows).expect("a valid picture")
}

fn outcome(
    board: &Board,
    landing_row: i32,
    top_row: i32,
    rows_cleared: u32,
    piece_cells_cleared: u32,
) -> Outcome<'_> {
    Outcome {
        board,
        landing_row,
        top_row,
        rows_cleared,
        piece_cells_cleared,
        cleared: 0,
        placement: &PLACED,
        versus: VersusView::default(),
    }
}

/// An outcome that only carries a board (the placement fields are irrelevant to the feature).
fn on(board: &Board) -> Outcome<'_> {
    outcome(board, 0, 0, 0, 0)
}

fn value(name: &str, outcome: &Outcome, exponent: Option<f64>) -> f64 {
    let index = index_of(name).unwrap_or_else(|| panic!("feature {name} is not registered"));
    FEATURES[index].value(outcome, exponent)
}

#[track_caller]
fn assert_close(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() < 1e-9,
        "got {actual}, expected {expected}"
    );
}

#[test]
fn every_feature_is_tested() {
    let registered: BTreeSet<&str> = FEATURES.iter().map(|f| f.name).collect();
    let tested: BTreeSet<&str> = TESTED.iter().copied().collect();
    assert_eq!(tested.len(), TESTED.len(), "a name is listed twice");
    let untested: Vec<_> = registered.difference(&tested).collect();
    let unknown: Vec<_> = tested.difference(&registered).collect();
    assert!(untested.is_empty(), "features without a test: {untested:?}");
    assert!(
        unknown.is_empty(),
        "tested names not registered: {unknown:?}"
    );
    for name in TESTED {
        assert!(index_of(name).is_some(), "{name}");
    }
}

#[test]
fn rows_cleared() {
    // The board after the clear of two rows; what is left does not matter.
    let b = board(5, 6, &["#....", "##.##"]);
    // rows_cleared is the number of full rows removed: 2.
    assert_close(value("rows_cleared", &outcome(&b, 0, 3, 2, 4), None), 2.0);
    // A four-row clear (an I dropped vertically into a well): 4.
    assert_close(value("rows_cleared", &outcome(&b, 0, 3, 4, 4), None), 4.0);
    // No clear: 0.
    assert_close(value("rows_cleared", &outcome(&b, 1, 2, 0, 0), None), 0.0);
}

#[test]
fn landing_height() {
    let b = board(
        5,
        8,
        &["..#..", "..#..", "..#..", "..#..", "##.##", "##.##"],
    );
    // A vertical I from row 2 to row 5: piece height = 5 - 2 + 1 = 4,
    // landing_height = 2 + (4 - 1) / 2 = 2 + 1.5 = 3.5.
    assert_close(value("landing_height", &outcome(&b, 2, 5, 0, 0), None), 3.5);
    // A two-row piece resting on the floor, rows 0..1: 0 + (2 - 1) / 2 = 0.5.
    assert_close(value("landing_height", &outcome(&b, 0, 1, 0, 0), None), 0.5);
    // A flat I on row 4: 4 + (1 - 1) / 2 = 4.
    assert_close(value("landing_height", &outcome(&b, 4, 4, 0, 0), None), 4.0);
    // Read before clears: a three-row piece from row 1 to row 3 that cleared rows still
    // scores 1 + (3 - 1) / 2 = 2.
    assert_close(value("landing_height", &outcome(&b, 1, 3, 2, 4), None), 2.0);
}

#[test]
fn eroded_piece_cells() {
    let b = board(5, 6, &["#...#", "##.##"]);
    // 2 rows cleared x 3 of the piece's cells in them = 6.
    assert_close(
        value("eroded_piece_cells", &outcome(&b, 0, 2, 2, 3), None),
        6.0,
    );
    // A tetris with a vertical I: 4 rows x 4 cells = 16.
    assert_close(
        value("eroded_piece_cells", &outcome(&b, 0, 3, 4, 4), None),
        16.0,
    );
    // 1 row x 1 cell = 1.
    assert_close(
        value("eroded_piece_cells", &outcome(&b, 0, 1, 1, 1), None),
        1.0,
    );
    // No clear: 0 x 0 = 0.
    assert_close(
        value("eroded_piece_cells", &outcome(&b, 2, 3, 0, 0), None),
        0.0,
    );
}

#[test]
fn row_transitions() {
    // 5 wide, 7 high; rows 4, 5 and 6 are empty.
    let b = board(5, 7, &["..#..", "#.#.#", "##.##", ".####"]);
    // Each row read with a filled wall on both sides (W):
    //   row 6: W . . . . . W -> 2
    //   row 5: W . . . . . W -> 2
    //   row 4: W . . . . . W -> 2
    //   row 3: W . . # . . W -> W|. .|# #|. .|W = 4
    //   row 2: W # . # . # W -> #|. .|# #|. .|# = 4
    //   row 1: W # # . # # W -> #|. .|# = 2
    //   row 0: W . # # # # W -> W|. .|# = 2
    // total = 2 + 2 + 2 + 4 + 4 + 2 + 2 = 18
    assert_close(value("row_transitions", &on(&b), None), 18.0);

    // An empty 5 x 6 board: 6 rows x 2 = 12.
    let empty = board(5, 6, &[]);
    assert_close(value("row_transitions", &on(&empty), None), 12.0);
}

#[test]
fn column_transitions() {
    // 6 wide, 6 high.
    let b = board(6, 6, &["#.....", "#..#..", "..##..", "#.#.##", "#.##.#"]);
    // Each column bottom to top, floor F (filled) first, then rows 0.., then E (empty above):
    //   col 0: F # # . # # E       -> #|. .|# #|E = 3
    //   col 1: F . (empty column)  -> F|. = 1
    //   col 2: F # # # . .         -> #|. = 1
    //   col 3: F # . # # .         -> #|. .|# #|. = 3
    //   col 4: F . # .             -> F|. .|# #|. = 3
    //   col 5: F # # .             -> #|. = 1
    // total = 3 + 1 + 1 + 3 + 3 + 1 = 12
    assert_close(value("column_transitions", &on(&b), None), 12.0);

    // 4 x 4 with column 0 full to the top: F # # # # E -> 1 (the space above the board is
    // empty); columns 1..3 are empty: F . -> 1 each. total = 1 + 1 + 1 + 1 = 4
    let full = board(4, 4, &["#...", "#...", "#...", "#..."]);
    assert_close(value("column_transitions", &on(&full), None), 4.0);
}

/// A board with holes: column 0 has two holes separated by a filled cell, column 3 has three
/// blocks over one hole, column 4 two holes one above the other under one block.
///
/// ```text
/// row 4  # . . . .
/// row 3  . # . # .
/// row 2  # # . # #
/// row 1  . # . # .
/// row 0  # # . . .
/// ```
fn holey() -> Board {
    board(5, 7, &["#....", ".#.#.", "##.##", ".#.#.", "##..."])
}

#[test]
fn holes() {
    let b = holey();
    // Empty cells with a filled cell somewhere above, per column:
    //   col 0: rows 1 and 3 (under rows 2 and 4)  -> 2
    //   col 1: filled rows 0..3, nothing empty below -> 0
    //   col 2: empty column                        -> 0
    //   col 3: row 0 (under rows 1..3)             -> 1
    //   col 4: rows 0 and 1 (under row 2)          -> 2
    // total = 2 + 0 + 0 + 1 + 2 = 5
    assert_close(value("holes", &on(&b), None), 5.0);
}

#[test]
fn blocks_above_holes() {
    let b = holey();
    // Filled cells with at least one hole below them in their column:
    //   col 0: filled rows 0, 2, 4; row 0 has none below, row 2 has hole 1, row 4 has 1 and 3 -> 2
    //   col 1: no holes                                                    -> 0
    //   col 2: empty                                                       -> 0
    //   col 3: filled rows 1, 2, 3, all over hole 0                        -> 3
    //   col 4: filled row 2 over holes 0 and 1 (counted once)              -> 1
    // total = 2 + 0 + 0 + 3 + 1 = 6
    assert_close(value("blocks_above_holes", &on(&b), None), 6.0);
}

#[test]
fn hole_depth() {
    let b = holey();
    // For each hole, the filled cells directly above it up to the first empty cell:
    //   col 0: hole 1 -> row 2 filled, row 3 empty -> 1; hole 3 -> row 4 filled, row 5 empty -> 1
    //   col 3: hole 0 -> rows 1, 2, 3 filled, row 4 empty -> 3
    //   col 4: hole 0 -> row 1 empty -> 0; hole 1 -> row 2 filled, row 3 empty -> 1
    // total = 1 + 1 + 3 + 0 + 1 = 6
    assert_close(value("hole_depth", &on(&b), None), 6.0);
}

#[test]
fn rows_with_holes() {
    let b = holey();
    // Holes lie at (col 0, row 1), (col 0, row 3), (col 3, row 0), (col 4, row 0), (col 4, row 1).
    // Rows holding at least one: {0, 1, 3} (rows 0 and 1 hold two each, counted once) -> 3
    assert_close(value("rows_with_holes", &on(&b), None), 3.0);
}

#[test]
fn column_holes_pow() {
    let b = holey();
    // Holes per column (see `holes`): 2, 0, 0, 1, 2.
    // No exponent (1): 2 + 0 + 0 + 1 + 2 = 5
    assert_close(value("column_holes_pow", &on(&b), None), 5.0);
    // Exponent 2: 2^2 + 0^2 + 0^2 + 1^2 + 2^2 = 4 + 0 + 0 + 1 + 4 = 9
    assert_close(value("column_holes_pow", &on(&b), Some(2.0)), 9.0);
    // Exponent 0.66 (the p5.js preset): 2^0.66 + 0 + 0 + 1^0.66 + 2^0.66 = 2 * 2^0.66 + 1
    // (~ 4.1602), not (5)^0.66 (~ 2.8929).
    assert_close(
        value("column_holes_pow", &on(&b), Some(0.66)),
        2.0 * 2f64.powf(0.66) + 1.0,
    );
}

#[test]
fn cumulative_wells() {
    // 6 wide, 7 high.
    //
    // row 3  . # # . # .
    // row 2  . # . . # .
    // row 1  . # # # # #
    // row 0  . . # # # #
    let b = board(6, 7, &[".##.#.", ".#..#.", ".#####", "..####"]);
    // Well cells (empty, left and right filled, walls filled), and the empty run from each one
    // down to the first filled cell or the floor:
    //   col 0 (left wall): rows 1, 2, 3 have col 1 filled; row 0 does not (col 1 row 0 empty)
    //     but is empty, so the runs reach the floor: row 1 -> 2, row 2 -> 3, row 3 -> 4 = 9
    //   col 1: empty cells row 0 (col 0 empty) and rows 4+ (col 0 empty): no wells -> 0
    //   col 2: empty row 2 has col 3 row 2 empty: not a well -> 0
    //   col 3: row 3 (col 2 and col 4 filled) is a well; row 2 below it is empty but not a
    //     well (col 2 row 2 empty); row 1 filled: run = rows 3, 2 -> 2
    //   col 4: only rows 4+ empty, col 3 empty there -> 0
    //   col 5 (right wall): rows 2 and 3 (col 4 filled), row 1 filled:
    //     row 2 -> 1, row 3 -> 2 = 3 (a 2-deep well: 1 + 2)
    // total = 9 + 0 + 0 + 2 + 0 + 3 = 14
    assert_close(value("cumulative_wells", &on(&b), None), 14.0);
}

#[test]
fn gaps() {
    // 5 wide, 6 high.
    //
    // row 2  # . # . .
    // row 1  . # . # .
    // row 0  # . # . #
    let b = board(5, 6, &["#.#..", ".#.#.", "#.#.#"]);
    // Empty cells with both neighbours filled (walls filled):
    //   row 0: col 1 (# #) yes, col 3 (# #) yes                         -> 2
    //   row 1: col 0 (wall #) yes, col 2 (# #) yes, col 4 (# wall) yes  -> 3
    //   row 2: col 1 (# #) yes, col 3 (# .) no, col 4 (. wall) no       -> 1
    //   rows 3..5: empty rows, no filled neighbours except the walls     -> 0
    // total = 2 + 3 + 1 = 6
    assert_close(value("gaps", &on(&b), None), 6.0);
}

/// A board with a hole under the highest cell.
///
/// ```text
/// row 4  . . # . .
/// row 3  . . . . .
/// row 2  . # # . .
/// row 1  . # # # .
/// row 0  # # # # .
/// ```
/// Heights: col 0 = 1, col 1 = 3, col 2 = 5 (highest cell row 4), col 3 = 2, col 4 = 0.
fn stepped() -> Board {
    board(5, 7, &["..#..", ".....", ".##..", ".###.", "####."])
}

#[test]
fn max_height() {
    let b = stepped();
    // max(1, 3, 5, 2, 0) = 5
    assert_close(value("max_height", &on(&b), None), 5.0);
    // With an exponent the whole value is raised: 5^2 = 25
    assert_close(value("max_height", &on(&b), Some(2.0)), 25.0);
}

#[test]
fn aggregate_height() {
    let b = stepped();
    // 1 + 3 + 5 + 2 + 0 = 11
    assert_close(value("aggregate_height", &on(&b), None), 11.0);
}

#[test]
fn bumpiness() {
    let b = stepped();
    // |1 - 3| + |3 - 5| + |5 - 2| + |2 - 0| = 2 + 2 + 3 + 2 = 9
    assert_close(value("bumpiness", &on(&b), None), 9.0);
}

#[test]
fn avg_height_difference() {
    let b = stepped();
    // bumpiness / (W - 1) = 9 / (5 - 1) = 2.25
    assert_close(value("avg_height_difference", &on(&b), None), 2.25);
}

#[test]
fn blocks() {
    let b = stepped();
    // Filled cells per row: row 4: 1, row 3: 0, row 2: 2, row 1: 3, row 0: 4 -> 10
    assert_close(value("blocks", &on(&b), None), 10.0);
}

#[test]
fn avg_height() {
    let b = stepped();
    // Sum of (row + 1) over filled cells, per row:
    //   row 4: 1 x 5 = 5, row 2: 2 x 3 = 6, row 1: 3 x 2 = 6, row 0: 4 x 1 = 4 -> 21
    // over 10 cells: 21 / 10 = 2.1
    assert_close(value("avg_height", &on(&b), None), 2.1);
    // An empty board: 0.
    let empty = board(5, 7, &[]);
    assert_close(value("avg_height", &on(&empty), None), 0.0);
}

#[test]
fn placement_height() {
    let b = board(
        5,
        8,
        &["..#..", "..#..", "..#..", "..#..", "##.##", "##.##"],
    );
    // A vertical I from row 2 to row 5: highest cell row 5, so 5 + 1 = 6.
    assert_close(
        value("placement_height", &outcome(&b, 2, 5, 0, 0), None),
        6.0,
    );
    // With an exponent the whole value is raised: 6^2 = 36.
    assert_close(
        value("placement_height", &outcome(&b, 2, 5, 0, 0), Some(2.0)),
        36.0,
    );
    // Read before clears: a piece on rows 0..1 that cleared a row still has 1 + 1 = 2.
    assert_close(
        value("placement_height", &outcome(&b, 0, 1, 1, 2), None),
        2.0,
    );
}

#[test]
fn deepest_well() {
    // 6 wide, 7 high; heights 6, 0, 1, 4, 4, 0.
    //
    // row 5  # . . . . .
    // row 4  # . . . . .
    // row 3  # . . # # .
    // row 2  # . . # # .
    // row 1  # . . # # .
    // row 0  # . # # # .
    let b = board(
        6,
        7,
        &["#.....", "#.....", "#..##.", "#..##.", "#..##.", "#.###."],
    );
    // Per column, (lower neighbour height - h_c) when both neighbours are higher (walls infinite):
    //   col 0: h 6, neighbours wall, 0 -> 0 not higher -> 0
    //   col 1: h 0, neighbours 6, 1 -> both higher, min 1 - 0 = 1 (not 6 - 0)
    //   col 2: h 1, neighbours 0, 4 -> 0 not higher -> 0
    //   col 3: h 4, neighbours 1, 4 -> no -> 0
    //   col 4: h 4, neighbours 4, 0 -> 4 not higher than 4 -> 0
    //   col 5: h 0, neighbours 4, wall -> min(4, inf) - 0 = 4
    // max = 4
    assert_close(value("deepest_well", &on(&b), None), 4.0);

    // 5 wide, 6 high; heights 0, 3, 2, 3, 3.
    //
    // row 2  . # . # #
    // row 1  . # # # #
    // row 0  . # # # #
    let left = board(5, 6, &[".#.##", ".####", ".####"]);
    //   col 0: wall, 3 -> min(inf, 3) - 0 = 3
    //   col 2: 3, 3 -> 3 - 2 = 1
    //   others: a neighbour not higher -> 0
    // max = 3
    assert_close(value("deepest_well", &on(&left), None), 3.0);

    // An empty board: every column has a neighbour of height 0, not higher -> 0.
    let empty = board(5, 6, &[]);
    assert_close(value("deepest_well", &on(&empty), None), 0.0);
}

#[test]
fn pattern_diversity() {
    // 7 wide, 6 high; heights 1, 3, 2, 2 (row 0 empty, row 1 filled), 0, 4, 3.
    //
    // row 3  . . . . . # .
    // row 2  . # . . . # #
    // row 1  . # # # . # #
    // row 0  # # # . . # #
    let b = board(7, 6, &[".....#.", ".#...##", ".###.##", "###..##"]);
    // Adjacent differences h_(c+1) - h_c: 3-1 = 2, 2-3 = -1, 2-2 = 0, 0-2 = -2, 4-0 = 4, 3-4 = -1.
    // Within -2..2: {2, -1, 0, -2} (4 is outside, -1 repeats) -> 4 distinct
    assert_close(value("pattern_diversity", &on(&b), None), 4.0);
}

#[test]
fn row_transitions_cs3243() {
    // 4 wide, 4 high: rows 0 to 4 are read (the 4 visible rows and the one above), as one line
    // that starts after a filled left wall; a row's first cell is compared with the last cell
    // of the row below; a row ending empty adds 1 (the right wall).
    //   row 4  . . . .   (above the board)
    //   row 3  . . . .
    //   row 2  . # . .
    //   row 1  # # . #
    //   row 0  # . # #
    let b = board(4, 4, &["....", ".#..", "##.#", "#.##"]);
    //   row 0: W|# no, #|. 1, .|# 2, #|# no; ends filled          -> 2
    //   row 1: (row 0 ended #) #|# no, #|# no, #|. 3, .|# 4; ends filled -> 4
    //   row 2: (row 1 ended #) #|. 5, .|# 6, #|. 7, .|. no; ends empty 8
    //   row 3: (row 2 ended .) no changes; ends empty           -> 9
    //   row 4: no changes; ends empty                           -> 10
    assert_close(value("row_transitions_cs3243", &on(&b), None), 10.0);

    // An empty 4 x 4 board: row 0 is W|. (1) and ends empty (2); rows 1 to 4 each end empty
    // (1 each, no change inside): 2 + 4 = 6, where the research definition counts 4 x 2 = 8.
    let empty = board(4, 4, &[]);
    assert_close(value("row_transitions_cs3243", &on(&empty), None), 6.0);
    assert_close(value("row_transitions", &on(&empty), None), 8.0);
}

#[test]
fn wells_cs3243() {
    //   row 4  # . . . .
    //   row 3  # . # . .
    //   row 2  # . # . #
    //   row 1  # . # # #
    //   row 0  # . # . #
    // Heights: 5, 0, 4, 2, 3.
    let b = board(5, 6, &["#....", "#.#..", "#.#.#", "#.###", "#.#.#"]);
    // Only empty cells at or above their column's height count, walls filled:
    //   col 0 (height 5): row 5 and up: column 1 is empty there -> 0
    //   col 1 (height 0): rows 0 to 3 have both neighbours filled; d = row + 1 = 1, 2, 3, 4
    //                     adds 1 + 3 + 6 + 10 = 20 (= 4 x 5 x 6 / 6)
    //   col 2 (height 4): row 4: column 1 is empty -> 0
    //   col 3 (height 2): row 2 has both neighbours filled, d = 2 - 2 + 1 = 1 -> 1; row 3 has
    //                     column 4 empty; row 0 is a covered gap below the top -> not counted
    //   col 4 (height 3): row 3: column 3 is empty -> 0
    // total = 20 + 1 = 21
    assert_close(value("wells_cs3243", &on(&b), None), 21.0);
    // The research definition on the same board: column 1 adds 4 + 3 + 2 + 1 = 10, column 3
    // adds 1 (row 2) + 1 (the covered gap in row 0): 12.
    assert_close(value("cumulative_wells", &on(&b), None), 12.0);
}

/// The board of the p5.js flips: 4 wide, 4 high, its top row filled at both ends.
///
/// ```text
/// row 3  # . . #
/// row 2  . # . .
/// row 1  # # . #
/// row 0  . # # #
/// ```
fn flips() -> Board {
    board(4, 4, &["#..#", ".#..", "##.#", ".###"])
}

#[test]
fn row_flips() {
    // Changes between horizontal neighbours, no walls, rows 0 to 2 (the top row is skipped):
    //   row 0: . # # # -> .|# = 1
    //   row 1: # # . # -> #|. .|# = 2
    //   row 2: . # . . -> .|# #|. = 2
    // total = 5 (row 3 would add 2 more)
    assert_close(value("row_flips", &on(&flips()), None), 5.0);
}

#[test]
fn column_flips() {
    // Changes between vertical neighbours, no floor, each cell of rows 0 to 2 against the one
    // above it, columns 1 to 3 (column 0 is skipped), bottom to top:
    //   col 1: # # # . -> one change (rows 2|3)          = 1
    //   col 2: # . . . -> rows 0|1                         = 1
    //   col 3: # # . # -> rows 1|2 and 2|3                 = 2
    // total = 4 (column 0, . # . #, would add 3 more)
    assert_close(value("column_flips", &on(&flips()), None), 4.0);
}

#[test]
fn the_cs3243_preset_weighs_its_features_as_defined() {
    use tetris_ai_core::ai::presets;
    //   row 2  # . . . . . . . . .
    //   row 1  # # . # # # # # # .
    //   row 0  # # # # . # # # # #
    // on a 10 x 20 board, after a placement that cleared one row.
    let b = board(10, 20, &["#.........", "##.######.", "####.#####"]);
    let o = outcome(&b, 0, 1, 1, 1);
    // rows_cleared: 1.
    // max_height: column 0 reaches row 2 -> 3.
    // holes: column 4, row 0 (under row 1) -> 1.
    // column_transitions (floor filled, space above empty):
    //   col 0: F###E 1; col 1: F##E 1; col 2: F#. 1; col 3: F## 1; col 4: F.## 3;
    //   cols 5 to 8: 1 each, 4; col 9: F#. 1 -> 1 + 1 + 1 + 1 + 3 + 4 + 1 = 12
    // row_transitions_cs3243 (rows 0 to 20 as one line after a filled wall):
    //   row 0: #|. .|# = 2, ends filled
    //   row 1: #|. .|# #|. = 3, ends empty +1 -> 4
    //   row 2: (row 1 ended .) .|# #|. = 2, ends empty +1 -> 3
    //   rows 3 to 20: 18 empty rows after a row ending empty, 1 each -> 18
    //   total = 2 + 4 + 3 + 18 = 27
    // wells_cs3243: column 2 (height 1), row 1 between columns 1 and 3: d = 1 -> 1;
    //   column 9 (height 1), row 1 between column 8 and the wall: d = 1 -> 1; total 2
    let expected = [
        ("rows_cleared", 1.0),
        ("row_transitions_cs3243", 27.0),
        ("column_transitions", 12.0),
        ("holes", 1.0),
        ("wells_cs3243", 2.0),
        ("max_height", 3.0),
    ];
    let preset = presets::find("cs3243").unwrap();
    let weights = preset.weights();
    let mut sum = 0.0;
    for (name, feature) in expected {
        assert_close(value(name, &o, None), feature);
        let (weight, _) = weights
            .get(name)
            .unwrap_or_else(|| panic!("{name} is weighted"));
        sum += weight * feature;
    }
    assert_eq!(weights.terms().len(), expected.len());
    // The source returns ten times the hole count; the preset carries the factor in the weight.
    assert_eq!(weights.get("holes"), Some((-41.94861543999046, None)));
    // 8.580230809919557 - 7.323298208568506 x 27 - 5.79715846115661 x 12
    //   - 41.94861543999046 - 3.908041863765 x 2 - 7.193861810393222 x 3
    let by_hand = 8.580230809919557
        - 7.323298208568506 * 27.0
        - 5.79715846115661 * 12.0
        - 41.94861543999046
        - 3.908041863765 * 2.0
        - 7.193861810393222 * 3.0;
    assert_close(sum, by_hand);
    assert_close(weights.evaluate(&o), by_hand);
}

#[test]
fn features_read_before_clears_put_the_cleared_rows_back() {
    // A 4 x 6 board after a placement that filled row 1 and cleared it:
    //   before the clear      after it
    //   row 2  . # . .        row 1  . # . .
    //   row 1  # # # #  (full) row 0  # . # .
    //   row 0  # . # .
    let after = board(4, 6, &[".#..", "#.#."]);
    let o = Outcome {
        cleared: 0b10,
        ..outcome(&after, 0, 1, 1, 1)
    };
    // Heights before the clear: 2, 3, 2, 2; after it: 1, 2, 1, 0 (column 3's only cell was in
    // the cleared row, with an empty cell under it).
    // aggregate_height_takado8: (2 + 3 + 2 + 2) - 4 x 1 = 5; the research one: 1 + 2 + 1 + 0 = 4.
    assert_close(value("aggregate_height_takado8", &o, None), 5.0);
    // aggregate_height_before_clears keeps the full row: 2 + 3 + 2 + 2 = 9.
    assert_close(value("aggregate_height_before_clears", &o, None), 9.0);
    assert_close(value("aggregate_height", &o, None), 4.0);
    // holes_before_clears, before the clear: column 1, row 0 (under rows 1 and 2) and column 3, row 0
    // (under row 1): 2. After it column 3 is empty: the research holes count 1.
    assert_close(value("holes_before_clears", &o, None), 2.0);
    assert_close(value("holes", &o, None), 1.0);
    // bumpiness_before_clears: |2 - 3| + |3 - 2| + |2 - 2| = 2; after: |1 - 2| + |2 - 1| + |1 - 0| = 3.
    assert_close(value("bumpiness_before_clears", &o, None), 2.0);
    assert_close(value("bumpiness", &o, None), 3.0);
    // Without a clear the variants are the research features.
    let plain = on(&after);
    for (variant, research) in [
        ("aggregate_height_takado8", "aggregate_height"),
        ("aggregate_height_before_clears", "aggregate_height"),
        ("holes_before_clears", "holes"),
        ("bumpiness_before_clears", "bumpiness"),
    ] {
        assert_close(value(variant, &plain, None), value(research, &plain, None));
    }
}

#[test]
fn tsd_slot() {
    // 5 wide; heights 3, 0, 1, 2, 2.
    //
    // row 2  # . . . .
    // row 1  . . . # #
    // row 0  # . # # #
    let b = board(5, 6, &["#....", "...##", "#.###"]);
    // Centre column 1: its top is row 0, an empty notch between (0,0) and (2,0); row 1 is empty
    // from column 0 to 2; (0,2) covers the left end, column 2 is open above row 1 (height 1).
    // A T pointing down fills (1,0), (0,1), (1,1), (2,1): row 0 is then full (every cell but the
    // notch was), and so is row 1 (every cell but the T's three was): 2 lines.
    assert_close(value("tsd_slot", &on(&b), None), 2.0);
    // The same with (4,1) empty: row 1 stays open, row 0 clears: 1 line.
    let b = board(5, 6, &["#....", "...#.", "#.###"]);
    assert_close(value("tsd_slot", &on(&b), None), 1.0);
    // Mirrored, the cover over the right end: 2 lines.
    //
    // row 2  . . . . #
    // row 1  # # . . .
    // row 0  # # # . #
    let b = board(5, 6, &["....#", "##...", "###.#"]);
    assert_close(value("tsd_slot", &on(&b), None), 2.0);
    // Both ends covered: the T cannot rotate in, no slot (column 1 is the only notch between two
    // filled cells, and columns 2 and 3 have none at their tops): 0.
    let b = board(5, 6, &["#.#..", "...##", "#.###"]);
    assert_close(value("tsd_slot", &on(&b), None), 0.0);
    // Neither end covered: a plain notch, no T-spin: 0.
    let b = board(5, 6, &["...##", "#.###"]);
    assert_close(value("tsd_slot", &on(&b), None), 0.0);
}

#[test]
fn tst_slot() {
    // 5 wide; heights 5, 5, 3, 3, 3.
    //
    // row 4  # # . . .
    // row 3  # . . . .
    // row 2  # . # # #
    // row 1  # . . # #
    // row 0  # . # # #
    let b = board(5, 8, &["##...", "#....", "#.###", "#..##", "#.###"]);
    // The nub's column 2 tops out at row 2 (the ledge), so the T's centre is at row 1 in column
    // 1: its shaft, rows 0 to 3, is empty under the roof (1,4); the notch (2,1) is empty; column
    // 3 is open from row 3 up; the corners (0,2), (0,0) and (2,0) are filled. The T fills
    // (1,0), (1,1), (1,2) and (2,1): rows 0, 1 and 2 are then full: 3 lines.
    assert_close(value("tst_slot", &on(&b), None), 3.0);
    // The same with (4,0) empty: rows 1 and 2 clear: 2 lines.
    let b = board(5, 8, &["##...", "#....", "#.###", "#..##", "#.##."]);
    assert_close(value("tst_slot", &on(&b), None), 2.0);
    // Mirrored, the nub to the left: 3 lines.
    let b = board(5, 8, &["...##", "....#", "###.#", "##..#", "###.#"]);
    assert_close(value("tst_slot", &on(&b), None), 3.0);
    // Without the roof the T just drops in: no slot.
    let b = board(5, 8, &["#....", "#....", "#.###", "#..##", "#.###"]);
    assert_close(value("tst_slot", &on(&b), None), 0.0);
}

/// The T placements the engine's move search reaches on `board` (SRS, from the spawn), each
/// as its sorted cells with its T-spin.
fn t_reaches(board: &Board) -> Vec<([(i32, i32); 4], Spin)> {
    let spawn = spawn_position(board, Piece::T).expect("room to spawn");
    MoveSearch::new()
        .run(board, Piece::T, spawn, Kicks::Srs)
        .iter()
        .map(|p| (sorted_cells(p), p.spin))
        .collect()
}

#[test]
fn the_slots_are_where_the_engine_spins_a_t() {
    // The T-spin double slot of `tsd_slot`: the T reaches (1,0), (0,1), (1,1), (2,1) as a full
    // T-spin.
    let tsd = board(5, 8, &["#....", "...##", "#.###"]);
    let cells = [(0, 1), (1, 0), (1, 1), (2, 1)];
    assert!(
        t_reaches(&tsd).contains(&(cells, Spin::Full)),
        "{:?}",
        t_reaches(&tsd)
    );
    // The T-spin triple slot of `tst_slot`: the T reaches (1,0), (1,1), (1,2), (2,1) as a full
    // T-spin, both ways round.
    let tst = board(5, 8, &["##...", "#....", "#.###", "#..##", "#.###"]);
    let cells = [(1, 0), (1, 1), (1, 2), (2, 1)];
    assert!(
        t_reaches(&tst).contains(&(cells, Spin::Full)),
        "{:?}",
        t_reaches(&tst)
    );
    let mirrored = board(5, 8, &["...##", "....#", "###.#", "##..#", "###.#"]);
    let cells = [(2, 1), (3, 0), (3, 1), (3, 2)];
    assert!(
        t_reaches(&mirrored).contains(&(cells, Spin::Full)),
        "{:?}",
        t_reaches(&mirrored)
    );
}

/// 5 x 6; heights 3, 4, 3, 2, 0; holes at (0,0), (1,1), (2,0) and (3,0).
///
/// row 3  . # . . .
/// row 2  # # # . .
/// row 1  # . # # .
/// row 0  . # . . .
fn covered() -> Board {
    board(5, 6, &[".#...", "###..", "#.##.", ".#..."])
}

#[test]
fn cavity_cells() {
    // Regions of holes, joined side by side and up and down:
    //   {(0,0)}: beside the wall and (1,0), filled           -> closed in
    //   {(1,1)}: beside (0,1) and (2,1), filled               -> closed in
    //   {(2,0), (3,0)}: (3,0) is beside (4,0), at column 4's top (height 0): open
    // cavity_cells = 1 + 1 = 2
    assert_close(value("cavity_cells", &on(&covered()), None), 2.0);
}

#[test]
fn overhang_cells() {
    // The regions of `cavity_cells`: {(2,0), (3,0)} touches an open cell -> 2
    assert_close(value("overhang_cells", &on(&covered()), None), 2.0);
    // With (4,0) filled the region is closed in too: no overhang.
    let b = board(5, 6, &[".#...", "###..", "#.##.", ".#..#"]);
    assert_close(value("overhang_cells", &on(&b), None), 0.0);
    assert_close(value("cavity_cells", &on(&b), None), 4.0);
}

/// 5 x 8 (H = 8); heights 7, 2, 0, 1, 0.
///
/// row 6  # . . . .
/// row 5  # . . . .
/// row 4  # . . . .
/// row 3  # . . . .
/// row 2  # . . . .
/// row 1  # # . . .
/// row 0  # # . # .
fn tower() -> Board {
    board(
        5,
        8,
        &[
            "#....", "#....", "#....", "#....", "#....", "##...", "##.#.",
        ],
    )
}

#[test]
fn top_half() {
    // The top half begins at row H - floor(H/2) = 8 - 4 = 4; the tallest column reaches row 6
    // (max_height 7): 7 - 4 = 3.
    assert_close(value("top_half", &on(&tower()), None), 3.0);
    // A stack 3 high stays below row 4: 0.
    let low = board(5, 8, &["#....", "##...", "##.#."]);
    assert_close(value("top_half", &on(&low), None), 0.0);
}

#[test]
fn top_quarter() {
    // The top quarter begins at row H - floor(H/4) = 8 - 2 = 6: 7 - 6 = 1.
    assert_close(value("top_quarter", &on(&tower()), None), 1.0);
    // On 10 rows it begins at row 10 - 2 = 8: a stack 7 high stays below it: 0.
    let taller = board(
        5,
        10,
        &[
            "#....", "#....", "#....", "#....", "#....", "##...", "##.#.",
        ],
    );
    assert_close(value("top_quarter", &on(&taller), None), 0.0);
}

#[test]
fn well_lines() {
    // 5 wide; heights 5, 4, 4, 0, 4.
    //
    // row 4  # . . . .
    // row 3  # # # . #
    // row 2  # # # . #
    // row 1  # # . . #
    // row 0  # # # . #
    let b = board(5, 6, &["#....", "###.#", "###.#", "##..#", "###.#"]);
    // The lowest column is 3 (height 0). From row 0 up, the rows where columns 0, 1, 2 and 4 are
    // all filled: row 0 yes; row 1 no ((2,1) is empty): 1 line.
    assert_close(value("well_lines", &on(&b), None), 1.0);
    // With (2,1) filled: rows 0 to 3 yes, row 4 no ((1,4) is empty): 4 lines, a Tetris.
    let b = board(5, 6, &["#....", "###.#", "###.#", "###.#", "###.#"]);
    assert_close(value("well_lines", &on(&b), None), 4.0);
    // An empty board: column 0 is the leftmost lowest, and row 0 is empty elsewhere: 0.
    assert_close(value("well_lines", &on(&board(5, 6, &[])), None), 0.0);
}

/// What `name` reads of a T placed on `board` clearing `rows_cleared` rows as `spin`, in the
/// match `versus`.
fn in_match(name: &str, board: &Board, spin: Spin, rows_cleared: u32, versus: VersusView) -> f64 {
    placed(name, board, (Piece::T, spin, rows_cleared), versus)
}

/// `attack` and `difficult_clear` of a T locked with `spin`, clearing `rows_cleared` rows, that
/// left `board`, outside a match.
fn t_clear(board: &Board, spin: Spin, rows_cleared: u32) -> (f64, f64) {
    let read = |name| in_match(name, board, spin, rows_cleared, VersusView::default());
    (read("attack"), read("difficult_clear"))
}

#[test]
fn attack() {
    let left = board(5, 6, &["#...."]);
    let empty = board(5, 6, &[]);
    // By the PPT table, with no streak before: a T-spin double sends 4, a T-spin triple 6, a
    // mini T-spin single 0, a plain single 0, a double 1, a Tetris 4; a perfect clear (the board
    // empty after) sends 10 in place of the rest; no clear sends nothing, T-spin or not.
    assert_close(t_clear(&left, Spin::Full, 2).0, 4.0);
    assert_close(t_clear(&left, Spin::Full, 3).0, 6.0);
    assert_close(t_clear(&left, Spin::Mini, 1).0, 0.0);
    assert_close(t_clear(&left, Spin::None, 1).0, 0.0);
    assert_close(t_clear(&left, Spin::None, 2).0, 1.0);
    assert_close(t_clear(&left, Spin::None, 4).0, 4.0);
    assert_close(t_clear(&empty, Spin::None, 2).0, 10.0);
    assert_close(t_clear(&left, Spin::Full, 0).0, 0.0);
}

/// A match by `table` after `combo` clears in a row and a back-to-back chain `back_to_back`
/// long, with `incoming` rows waiting.
fn streaks(table: AttackTable, combo: u32, back_to_back: u32, incoming: u32) -> VersusView {
    VersusView {
        table,
        streaks: Streaks {
            combo,
            back_to_back,
        },
        incoming,
    }
}

#[test]
fn attack_counts_the_streaks_of_the_match() {
    let left = board(5, 6, &["#...."]);
    let ppt = |combo, b2b| streaks(AttackTable::Ppt, combo, b2b, 0);
    // PPT: a T-spin double (4) after a difficult clear adds 1 for back-to-back: 5.
    assert_close(in_match("attack", &left, Spin::Full, 2, ppt(0, 1)), 5.0);
    // A double (1) after 2 clears in a row adds the combo table's third entry, 1: 2; after 4,
    // its fifth, 2: 3. An easy clear gets no back-to-back bonus: still 2 after a chain of 3.
    assert_close(in_match("attack", &left, Spin::None, 2, ppt(2, 0)), 2.0);
    assert_close(in_match("attack", &left, Spin::None, 2, ppt(4, 0)), 3.0);
    assert_close(in_match("attack", &left, Spin::None, 2, ppt(2, 3)), 2.0);
    // A Tetris (4) in a chain and a combo of 3 before: 4 + 1 + 1 = 6.
    assert_close(in_match("attack", &left, Spin::None, 4, ppt(3, 1)), 6.0);
    // TETR.IO: a Tetris after 1 difficult clear: l = ln(1 + 0.8) = 0.588, floor(1 + l) = 1, no
    // fraction before a chain of 2: 4 + 1 = 5. A double after 2 clears in a row: 1 x (1 + 0.5)
    // = 1.5, at least ln(1 + 2.5) = 1.25: floor 1.
    let tetrio = |combo, b2b| streaks(AttackTable::Tetrio, combo, b2b, 0);
    assert_close(in_match("attack", &left, Spin::None, 4, tetrio(0, 1)), 5.0);
    assert_close(in_match("attack", &left, Spin::None, 2, tetrio(2, 0)), 1.0);
}

#[test]
fn back_to_back() {
    let left = board(5, 6, &["#...."]);
    let chain = streaks(AttackTable::Ppt, 0, 2, 0);
    let none = VersusView::default();
    // A difficult clear starts or keeps a chain: 1, with or without one before.
    assert_close(in_match("back_to_back", &left, Spin::None, 4, none), 1.0);
    assert_close(in_match("back_to_back", &left, Spin::Mini, 1, chain), 1.0);
    // A placement that clears nothing leaves the chain as it was: 1 in a chain, 0 outside one.
    assert_close(in_match("back_to_back", &left, Spin::Full, 0, chain), 1.0);
    assert_close(in_match("back_to_back", &left, Spin::None, 0, none), 0.0);
    // An easy clear breaks it: 0.
    assert_close(in_match("back_to_back", &left, Spin::None, 3, chain), 0.0);
}

#[test]
fn combo() {
    let left = board(5, 6, &["#...."]);
    let after_three = streaks(AttackTable::Ppt, 3, 0, 0);
    // A clear after 3 placements in a row that cleared makes a combo of 4; the first clear, 1;
    // a placement that clears nothing, 0, whatever ran before.
    assert_close(in_match("combo", &left, Spin::None, 1, after_three), 4.0);
    assert_close(
        in_match("combo", &left, Spin::None, 2, VersusView::default()),
        1.0,
    );
    assert_close(in_match("combo", &left, Spin::None, 0, after_three), 0.0);
}

#[test]
fn garbage_danger() {
    // A 4-wide board 8 rows high: its top quarter starts at row 8 - 2 = 6. The tallest column
    // (column 0) is 4 high after the placement.
    let stack = board(4, 8, &["#...", "#...", "##..", "###."]);
    let danger = |spin, lines, incoming, b2b| {
        let view = streaks(AttackTable::Ppt, 0, b2b, incoming);
        in_match("garbage_danger", &stack, spin, lines, view)
    };
    // Nothing waits: 4 rows stay below row 6: 0. Three rows wait: 4 + 3 - 6 = 1.
    assert_close(danger(Spin::None, 0, 0, 0), 0.0);
    assert_close(danger(Spin::None, 0, 3, 0), 1.0);
    // A T-spin double sends 4 and cancels all 3: 0. A Tetris in a chain sends 5 and cancels
    // all 5 waiting: 0. A double sends 1 of 7 waiting: 6 left, 4 + 6 - 6 = 4.
    assert_close(danger(Spin::Full, 2, 3, 0), 0.0);
    assert_close(danger(Spin::None, 4, 5, 1), 0.0);
    assert_close(danger(Spin::None, 2, 7, 0), 4.0);
}

#[test]
fn only_the_features_named_read_the_match() {
    // Every placement of an S, and of a T at a T-spin slot, on boards with and without clears,
    // read in two matches that differ in every part: only the named features change.
    let boards = [
        board(6, 10, &["##..##", "#...##", "##.###", "#####."]),
        board(6, 10, &["#....#", "##..##", "#####."]),
    ];
    let other = streaks(AttackTable::Tetrio, 4, 3, 9);
    let mut changed = BTreeSet::new();
    for before in &boards {
        for piece in [Piece::S, Piece::T, Piece::I] {
            let spawn = spawn_position(before, piece).expect("room to spawn");
            for placement in MoveSearch::new()
                .run(before, piece, spawn, Kicks::Srs)
                .iter()
            {
                for (i, feature) in FEATURES.iter().enumerate() {
                    let read = |versus| {
                        Outcome::of(before, placement, versus, TopOut::AfterClears, |o, _| {
                            feature.value(o, None)
                        })
                    };
                    if read(VersusView::default()) != read(other) {
                        changed.insert(FEATURES[i].name);
                    }
                }
            }
        }
    }
    let named: BTreeSet<&str> = READS_THE_MATCH.into_iter().collect();
    assert!(changed.is_subset(&named), "{changed:?} read the match");
    assert_eq!(
        changed, named,
        "each named feature reads it on these boards"
    );
}

#[test]
fn clears() {
    let left = board(5, 6, &["#...."]);
    let read = |spin, rows| in_match("clears", &left, spin, rows, VersusView::default());
    // Any placement that clears lines, one or four, T-spin or not: 1; one that clears none, even
    // a T-spin: 0.
    assert_close(read(Spin::None, 1), 1.0);
    assert_close(read(Spin::None, 4), 1.0);
    assert_close(read(Spin::Full, 2), 1.0);
    assert_close(read(Spin::None, 0), 0.0);
    assert_close(read(Spin::Full, 0), 0.0);
}

#[test]
fn difficult_clear() {
    let left = board(5, 6, &["#...."]);
    // Four lines, or a T-spin (mini or full) that clears lines, keeps a back-to-back chain: 1.
    assert_close(t_clear(&left, Spin::None, 4).1, 1.0);
    assert_close(t_clear(&left, Spin::Full, 1).1, 1.0);
    assert_close(t_clear(&left, Spin::Mini, 1).1, 1.0);
    // Fewer lines without a T-spin, or a T-spin that clears none: 0.
    assert_close(t_clear(&left, Spin::None, 3).1, 0.0);
    assert_close(t_clear(&left, Spin::Full, 0).1, 0.0);
}

#[test]
fn cold_clear_2_board() {
    let read = |b: &Board, versus| in_match("cold_clear_2_board", b, Spin::None, 0, versus);
    let none = VersusView::default();
    // 5 x 8 (top half from row 4, top quarter from row 6); heights 1, 0, 3, 2, 2.
    //
    // row 2  . . # . .
    // row 1  . . . # #
    // row 0  # . # # #
    //
    // Cold Clear 2's T slot, overhang on the right, at columns 0 to 2: column 0 is 1 high,
    // column 1 lower, column 2 filled at rows 0 and 2 and empty at row 1. A T pointing down
    // fills (0,1), (1,1), (2,1) and (1,0): rows 0 and 1 are then full, 2 rows: 2.0, and the
    // rows are cut out. Left: row 0 is . . # . . (column 2 one high, the rest empty): no hole,
    // no well line (the lowest column, 0, has no full row beside it), the tallest 1 (-0.4),
    // below both bands; changes along the rows over a column word's 64 rows: the two empty wall
    // columns 64 each, and 2 inside (either side of (2,0)): 130 x -0.2 = -26. No chain runs.
    // 2 - 0.4 - 26 = -24.4.
    let cut = board(5, 8, &["..#..", "...##", "#.###"]);
    assert_close(read(&cut, none), -24.4);
    // With (3,1) empty the T fills row 0 alone: 1 row, 1.5, nothing cut. On the board as it is
    // (column words 0b001, 0, 0b101, 0b001, 0b011): one hole, (2,1), 3 - 1 = 2 rows under its
    // column's top: -1.5 - 0.4; the lowest column, 1, has row 0 full beside it: one well line,
    // +0.3; the tallest 3: -1.2; changes: 63 and 62 at the walls, 1 + 2 + 1 + 1 inside, 130:
    // -26. 1.5 - 1.9 + 0.3 - 1.2 - 26 = -27.3.
    let one_row = board(5, 8, &["..#..", "....#", "#.###"]);
    assert_close(read(&one_row, none), -27.3);
    // The mirror image of the first, overhang on the left: the same value.
    let mirrored = board(5, 8, &["..#..", "##...", "###.#"]);
    assert_close(read(&mirrored, none), -24.4);
    // Column 0 seven high, the rest empty: no slot, no hole, no well line; the tallest 7 is 3
    // rows into the top half and 1 into the top quarter: -2.8 - 4.5 - 5 = -12.3; changes: 57
    // and 64 at the walls, 7 inside, 128: -25.6. A back-to-back chain runs (the move cleared
    // nothing after a chain of 2): +0.5. -12.3 - 25.6 + 0.5 = -37.4; outside a chain, -37.9.
    let tower = board(5, 8, &["#...."; 7]);
    let chain = streaks(AttackTable::Ppt, 0, 2, 0);
    assert_close(read(&tower, chain), -37.4);
    assert_close(read(&tower, none), -37.9);
}

/// What `name` reads of a `piece` locked with `spin`, clearing `rows_cleared` rows, that left
/// `board`, in the match `versus`.
fn placed(
    name: &str,
    board: &Board,
    (piece, spin, rows_cleared): (Piece, Spin, u32),
    versus: VersusView,
) -> f64 {
    let placement = Placement {
        piece,
        spin,
        ..PLACED
    };
    let o = Outcome {
        placement: &placement,
        versus,
        ..outcome(board, 0, 1, rows_cleared, 2)
    };
    value(name, &o, None)
}

#[test]
fn cold_clear_2_move() {
    let left = board(5, 6, &["#...."]);
    let empty = board(5, 6, &[]);
    let none = VersusView::default();
    let chain = streaks(AttackTable::Ppt, 0, 1, 0);
    let read = |b, placement, versus| placed("cold_clear_2_move", b, placement, versus);
    // Lines without a spin, by an I: 1 -2, 2 -1.5, 3 -1, 4 3.5; a Tetris after a difficult
    // clear adds the back-to-back bonus, 1: 4.5; a triple does not: -1. Nothing cleared: 0.
    assert_close(read(&left, (Piece::I, Spin::None, 1), none), -2.0);
    assert_close(read(&left, (Piece::I, Spin::None, 2), none), -1.5);
    assert_close(read(&left, (Piece::I, Spin::None, 3), chain), -1.0);
    assert_close(read(&left, (Piece::I, Spin::None, 4), none), 3.5);
    assert_close(read(&left, (Piece::I, Spin::None, 4), chain), 4.5);
    assert_close(read(&left, (Piece::I, Spin::None, 0), chain), 0.0);
    // A T: a T-spin double 4, a triple in a chain 6 + 1 = 7; a T-spin single 1, a mini double
    // -1, a mini single -1.5, and a T that lands without a spin 0, each less 1.5 for the T spent
    // without a T-spin double or triple: -0.5, -2.5, -3 and -1.5.
    assert_close(read(&left, (Piece::T, Spin::Full, 2), none), 4.0);
    assert_close(read(&left, (Piece::T, Spin::Full, 3), chain), 7.0);
    assert_close(read(&left, (Piece::T, Spin::Full, 1), none), -0.5);
    assert_close(read(&left, (Piece::T, Spin::Mini, 2), none), -2.5);
    assert_close(read(&left, (Piece::T, Spin::Mini, 1), none), -3.0);
    assert_close(read(&left, (Piece::T, Spin::None, 0), none), -1.5);
    // A perfect clear (the board empty after a clear): 15 in place of the rest, even in a chain
    // with a Tetris: 15; by a T that does not spin, 15 - 1.5 = 13.5.
    assert_close(read(&empty, (Piece::I, Spin::None, 4), chain), 15.0);
    assert_close(read(&empty, (Piece::T, Spin::None, 2), none), 13.5);
}
