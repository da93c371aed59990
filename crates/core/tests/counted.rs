//! What each feature points at on the board, worked out by hand from the definitions of
//! `Counted` (and of the features in the project's feature table): pictures are drawn top row
//! first and fill the bottom of the board; cells are `[x, y]`, row 0 at the bottom, in rows
//! before clears.

use proptest::prelude::*;
use tetris_ai_core::Board;
use tetris_ai_core::ai::features::{Counted, FEATURES, Outcome, counted_cells, index_of};
use tetris_ai_core::ai::versus_view::VersusView;
use tetris_ai_core::engine::moves::Placement;
use tetris_ai_core::engine::piece::{Piece, Rotation};
use tetris_ai_core::engine::rules::TopOut;
use tetris_ai_core::engine::spin::Spin;

fn board(width: usize, height: usize, rows: &[&str]) -> Board {
    Board::from_picture(width, height, rows).expect("a valid picture")
}

/// The placement of `piece` whose cells are `cells`, in any order.
fn placement_with(piece: Piece, cells: &[(i32, i32); 4]) -> Placement {
    let mut wanted = *cells;
    wanted.sort_unstable();
    for rotation in [
        Rotation::Spawn,
        Rotation::Right,
        Rotation::Reverse,
        Rotation::Left,
    ] {
        for x in -4..16 {
            for y in -4..24 {
                let placement = Placement {
                    piece,
                    rotation,
                    x,
                    y,
                    spin: Spin::None,
                };
                let mut found = placement.cells();
                found.sort_unstable();
                if found == wanted {
                    return placement;
                }
            }
        }
    }
    panic!("no {piece:?} placement has the cells {cells:?}")
}

/// The cells `counted` points at once `placement` locks on `before`.
fn cells_after(before: &Board, placement: &Placement, counted: Counted) -> Vec<[i32; 2]> {
    Outcome::of(
        before,
        placement,
        VersusView::default(),
        TopOut::AfterClears,
        |outcome, _| sorted(counted_cells(counted, outcome)),
    )
}

/// `cells` as a sorted list, to compare with one written by hand in any order.
fn sorted(mut cells: Vec<[i32; 2]>) -> Vec<[i32; 2]> {
    cells.sort_unstable();
    cells
}

/// A placement for outcomes whose marks read only the board.
const ANYWHERE: Placement = Placement {
    piece: Piece::O,
    rotation: Rotation::Spawn,
    x: 0,
    y: 0,
    spin: Spin::None,
};

/// `board` as the board a placement left without a clear.
fn left(board: &Board) -> Outcome<'_> {
    Outcome {
        board,
        landing_row: 0,
        top_row: 0,
        rows_cleared: 0,
        piece_cells_cleared: 0,
        cleared: 0,
        placement: &ANYWHERE,
        versus: VersusView::default(),
    }
}

/// What `counted` points at on `board`, read as the board a placement left without a clear.
fn on(board: &Board, counted: Counted) -> Vec<[i32; 2]> {
    sorted(counted_cells(counted, &left(board)))
}

/// The board the board-only tests read, 5 x 6:
///   y3 . # . . .
///   y2 . # . # .
///   y1 # . . # .
///   y0 # # . # #      heights 2, 4, 0, 3, 1; one hole, at (1, 1)
fn stepped() -> Board {
    board(5, 6, &[".#...", ".#.#.", "#..#.", "##.##"])
}

#[test]
fn holes_and_what_covers_them() {
    let b = stepped();
    assert_eq!(on(&b, Counted::Holes), vec![[1, 1]]);
    // The filled cells right above the hole, up to the first empty cell: rows 2 and 3.
    assert_eq!(on(&b, Counted::HoleCover), vec![[1, 2], [1, 3]]);
    // Above column 1's lowest hole: the same two.
    assert_eq!(on(&b, Counted::BlocksAboveHoles), vec![[1, 2], [1, 3]]);
    // Row 1 holds the hole: its five cells.
    assert_eq!(
        on(&b, Counted::RowsWithHoles),
        vec![[0, 1], [1, 1], [2, 1], [3, 1], [4, 1]]
    );
}

#[test]
fn heights_steps_and_surface() {
    let b = stepped();
    // Below each column's top: 2 + 4 + 0 + 3 + 1 cells, the hole included.
    assert_eq!(
        on(&b, Counted::Stack),
        vec![
            [0, 0],
            [0, 1],
            [1, 0],
            [1, 1],
            [1, 2],
            [1, 3],
            [3, 0],
            [3, 1],
            [3, 2],
            [4, 0]
        ]
    );
    // The tallest column, 4 high: column 1 from the floor.
    assert_eq!(
        on(&b, Counted::HighestColumns),
        vec![[1, 0], [1, 1], [1, 2], [1, 3]]
    );
    // Steps: column 1 (4) over column 2 (0): rows 0-3, which holds its step of 2 over column 0;
    // column 3 (3) over column 2 (0): rows 0-2; column 3 over column 4 (1) is within that.
    // Columns 0 and 4 stand lower than their one neighbour; column 2 is empty.
    assert_eq!(
        on(&b, Counted::Steps),
        vec![[1, 0], [1, 1], [1, 2], [1, 3], [3, 0], [3, 1], [3, 2]]
    );
    // Each column's top cell; the empty column has none.
    assert_eq!(
        on(&b, Counted::Surface),
        vec![[0, 1], [1, 3], [3, 2], [4, 0]]
    );
    assert_eq!(
        on(&b, Counted::Blocks),
        vec![
            [0, 0],
            [0, 1],
            [1, 0],
            [1, 2],
            [1, 3],
            [3, 0],
            [3, 1],
            [3, 2],
            [4, 0]
        ]
    );
}

#[test]
fn wells() {
    let b = stepped();
    // Empty with both neighbours filled, walls filled: column 0 at rows 2-3 (the wall and
    // column 1), column 2 at rows 0 and 2 (columns 1 and 3 share them), column 4 at rows 1-2
    // (column 3 and the wall).
    let wells = vec![[0, 2], [0, 3], [2, 0], [2, 2], [4, 1], [4, 2]];
    assert_eq!(on(&b, Counted::Wells), wells);
    // All of them above their column's top.
    assert_eq!(on(&b, Counted::OpenWells), wells);
    // Down to the next filled cell: (2, 2) reaches the floor through (2, 1).
    assert_eq!(
        on(&b, Counted::WellsDown),
        vec![[0, 2], [0, 3], [2, 0], [2, 1], [2, 2], [4, 1], [4, 2]]
    );
    // Depths: column 0, 4 - 2 = 2 (beside the wall, the other rim); column 2, min(4, 3) - 0 = 3;
    // column 4, 3 - 1 = 2. The deepest is column 2's, rows 0-2.
    assert_eq!(on(&b, Counted::DeepestWell), vec![[2, 0], [2, 1], [2, 2]]);
}

#[test]
fn changes_along_rows_and_columns() {
    let b = stepped();
    // Up each column, the floor filled: column 0's change at row 2; column 1's at rows 1 (empty
    // over filled, and filled over it) and 4; column 2's on the floor; column 3's at row 3;
    // column 4's at row 1. The empty side of each.
    assert_eq!(
        on(&b, Counted::ColumnChanges),
        vec![[0, 2], [1, 1], [1, 4], [2, 0], [3, 3], [4, 1]]
    );
    // Along the six visible rows, walls filled: column 0's empty cells all touch the wall, as do
    // column 4's; column 1's empty (1, 1) touches column 0; column 2's touch columns 1 or 3 in
    // rows 0-3; column 3's empty cells have empty neighbours.
    assert_eq!(
        on(&b, Counted::RowChanges),
        vec![
            [0, 2],
            [0, 3],
            [0, 4],
            [0, 5],
            [1, 1],
            [2, 0],
            [2, 1],
            [2, 2],
            [2, 3],
            [4, 1],
            [4, 2],
            [4, 3],
            [4, 4],
            [4, 5]
        ]
    );
}

/// A 4 x 6 board that an I laid flat in row 1 completes:
///   y2 . # . .
///   y1 . . . .   <- the I: # # # #, a full row
///   y0 # . # .
/// and the I that does it.
fn cleared_by_an_i() -> (Board, Placement) {
    let before = board(4, 6, &[".#..", "....", "#.#."]);
    let i = placement_with(Piece::I, &[(0, 1), (1, 1), (2, 1), (3, 1)]);
    (before, i)
}

#[test]
fn the_piece_and_the_rows_it_clears() {
    let (before, i) = cleared_by_an_i();
    let row_1 = vec![[0, 1], [1, 1], [2, 1], [3, 1]];
    assert_eq!(cells_after(&before, &i, Counted::Piece), row_1);
    assert_eq!(cells_after(&before, &i, Counted::PieceInClearedRows), row_1);
    assert_eq!(cells_after(&before, &i, Counted::ClearedRows), row_1);
    // Stood up in column 3, rows 1-4, it completes no row: no cell of it is in a cleared row.
    let upright = placement_with(Piece::I, &[(3, 1), (3, 2), (3, 3), (3, 4)]);
    assert_eq!(
        cells_after(&before, &upright, Counted::PieceInClearedRows),
        Vec::<[i32; 2]>::new()
    );
    assert_eq!(
        cells_after(&before, &upright, Counted::ClearedRows).len(),
        0
    );
}

#[test]
fn what_is_read_after_the_clear_is_shown_among_the_full_rows() {
    let (before, i) = cleared_by_an_i();
    // After the clear the board is  y1 . # . .  /  y0 # . # .  : column 1's hole is at row 0,
    // and row 0 lies below the cleared row, so it is shown there.
    assert_eq!(cells_after(&before, &i, Counted::Holes), vec![[1, 0]]);
    // The stack after the clear: columns 0 and 2 at row 0, column 1 at rows 0-1; column 1's row 1
    // was row 2 before the clear.
    assert_eq!(
        cells_after(&before, &i, Counted::Stack),
        vec![[0, 0], [1, 0], [1, 2], [2, 0]]
    );
    // Before the clear (the full row in place), heights 2, 3, 2, 2 and holes at (1, 0) and
    // (3, 0).
    assert_eq!(
        cells_after(&before, &i, Counted::BeforeClears(&Counted::Holes)),
        vec![[1, 0], [3, 0]]
    );
    assert_eq!(
        cells_after(&before, &i, Counted::BeforeClears(&Counted::Stack)).len(),
        2 + 3 + 2 + 2
    );
}

#[test]
fn the_t_slot_and_the_holes_closed_in_or_under_an_overhang() {
    // row 2  # . . . .
    // row 1  . . . # #
    // row 0  # . # # #     a T-spin double slot centred on column 1
    let b = board(5, 6, &["#....", "...##", "#.###"]);
    assert_eq!(
        on(&b, Counted::TsdSlot),
        vec![[0, 1], [1, 0], [1, 1], [2, 1]]
    );
    // row 4  # # . . .
    // row 3  # . . . .
    // row 2  # . # # #
    // row 1  # . . # #
    // row 0  # . # # #     a T-spin triple slot: the shaft in column 1, the notch at (2,1)
    let b = board(5, 8, &["##...", "#....", "#.###", "#..##", "#.###"]);
    assert_eq!(
        on(&b, Counted::TstSlot),
        vec![[1, 0], [1, 1], [1, 2], [2, 1]]
    );
    // row 3  . # . . .
    // row 2  # # # . .
    // row 1  # . # # .
    // row 0  . # . . .     (0,0) and (1,1) closed in; (2,0) and (3,0) open beside (4,0)
    let b = board(5, 6, &[".#...", "###..", "#.##.", ".#..."]);
    assert_eq!(on(&b, Counted::Cavities), vec![[0, 0], [1, 1]]);
    assert_eq!(on(&b, Counted::Overhangs), vec![[2, 0], [3, 0]]);
    assert!(
        on(&stepped(), Counted::TsdSlot).is_empty(),
        "no slot, nothing shown"
    );
}

#[test]
fn the_rows_in_the_top_bands_and_the_lines_ready_for_an_i() {
    // 5 x 8; heights 7, 7, 0, 1, 0: the leftmost tallest column is shown, in the top half (from
    // row 4) and in the top quarter (from row 6).
    let b = board(
        5,
        8,
        &[
            "##...", "##...", "##...", "##...", "##...", "##...", "##.#.",
        ],
    );
    assert_eq!(on(&b, Counted::TopRows(2)), vec![[0, 4], [0, 5], [0, 6]]);
    assert_eq!(on(&b, Counted::TopRows(4)), vec![[0, 6]]);
    // Column 3 is the lowest; rows 0 to 3 are filled elsewhere, row 4 is not.
    let b = board(5, 6, &["#....", "###.#", "###.#", "###.#", "###.#"]);
    assert_eq!(
        on(&b, Counted::WellLines),
        vec![[3, 0], [3, 1], [3, 2], [3, 3]]
    );
}

/// The value of the feature called `name` on `board`.
fn value(name: &str, board: &Board) -> f64 {
    let feature = &FEATURES[index_of(name).expect("a registered feature")];
    feature.value(&left(board), None)
}

proptest! {
    /// Where a feature counts cells one by one, it points at as many as it counts.
    #[test]
    fn cells_counted_one_by_one_are_as_many_as_the_value(
        width in 4usize..=12,
        height in 4usize..=22,
        fill in prop::collection::vec(any::<u64>(), 12),
    ) {
        let mut b = Board::new(width, height).expect("a board");
        for (x, &bits) in fill.iter().take(width).enumerate() {
            for y in 0..height - 1 {
                if bits >> y & 1 == 1 {
                    b.set(x, y);
                }
            }
        }
        for name in [
            "holes", "hole_depth", "blocks", "aggregate_height", "gaps", "blocks_above_holes",
            "cavity_cells", "overhang_cells", "well_lines",
        ] {
            let feature = &FEATURES[index_of(name).expect("registered")];
            let shown = on(&b, feature.counts).len() as f64;
            prop_assert_eq!(shown, value(name, &b), "{}", name);
        }
        // Every hole is closed in or under an overhang, never both.
        prop_assert_eq!(
            value("cavity_cells", &b) + value("overhang_cells", &b),
            value("holes", &b)
        );
    }
}
