//! Features as published programs computed them, where they differ from the research
//! definitions. Each is a feature of its own, named after its program, so the research
//! definition stays as the literature gives it.

use super::research::column_hole_count;
use super::{Outcome, before_clears, low_bits, row_span, well_cells};

/// CS3243 row transitions (the group's `PlayerSkeleton.java`): rows 0 to H (the visible rows
/// and the one above them, and any higher row the stack reaches) are read bottom to top, each
/// left to right, as one line: the cell before row 0 is the filled left wall, and each later
/// row's first cell is compared with the previous row's last cell, not with a wall. Every
/// filled/empty change counts, and so does each row whose last cell is empty (the right wall).
/// An empty row after a row ending empty therefore counts 1.
pub(super) fn row_transitions_cs3243(o: &Outcome) -> f64 {
    let board = o.board;
    let span = low_bits((board.height() + 1).max(board.max_height()));
    let columns = board.columns();
    let last = columns[columns.len() - 1];
    // Each row's first cell against the cell before it: the wall under row 0, else the last
    // cell of the row below.
    let mut count = ((columns[0] ^ ((last << 1) | 1)) & span).count_ones();
    count += columns
        .windows(2)
        .map(|pair| ((pair[0] ^ pair[1]) & span).count_ones())
        .sum::<u32>();
    count += (!last & span).count_ones(); // the right wall
    count as f64
}

/// CS3243 wells: only the empty cells above their own column's top count, walls counting as
/// filled; each one whose left and right neighbours are both filled adds d(d+1)/2, where
/// d = its row - the column's height + 1. An open well D deep scores D(D+1)(D+2)/6; covered
/// gaps score nothing.
pub(super) fn wells_cs3243(o: &Outcome) -> f64 {
    let board = o.board;
    let span = row_span(board);
    let mut total = 0u32;
    for x in 0..board.width() {
        let height = board.column_height(x) as u32;
        let mut wells = well_cells(board, x) & span & !low_bits(height as usize);
        while wells != 0 {
            let depth = wells.trailing_zeros() + 1 - height;
            total += depth * (depth + 1) / 2;
            wells &= wells - 1;
        }
    }
    total as f64
}

/// The p5.js program's row flips: filled/empty changes between horizontally adjacent cells of
/// rows 0 to H - 2 (the top row is skipped), with no walls.
pub(super) fn row_flips(o: &Outcome) -> f64 {
    let span = low_bits(o.board.height() - 1);
    o.board
        .columns()
        .windows(2)
        .map(|pair| ((pair[0] ^ pair[1]) & span).count_ones())
        .sum::<u32>() as f64
}

/// The p5.js program's column flips: filled/empty changes between vertically adjacent cells of
/// rows 0 to H - 1 (each cell below the top row against the one above it), with no floor, in
/// columns 1 to W - 1 (column 0 is skipped).
pub(super) fn column_flips(o: &Outcome) -> f64 {
    let span = low_bits(o.board.height() - 1);
    o.board.columns()[1..]
        .iter()
        .map(|&c| ((c ^ (c >> 1)) & span).count_ones())
        .sum::<u32>() as f64
}

/// The height of a column word, before clears.
#[inline]
fn height_before_clears(column: u64, cleared: u64) -> u32 {
    64 - before_clears(column, cleared).leading_zeros()
}

/// The column heights summed before clears, the full rows still counted (Yiyuan Lee's
/// program reads its height so).
pub(super) fn aggregate_height_before_clears(o: &Outcome) -> f64 {
    o.board
        .columns()
        .iter()
        .map(|&c| height_before_clears(c, o.cleared))
        .sum::<u32>() as f64
}

/// takado8's height: the column heights summed before clears, less the board's width for each
/// row cleared. It equals the research aggregate height unless a column's top cell was in a
/// cleared row with empty cells under it.
pub(super) fn aggregate_height_takado8(o: &Outcome) -> f64 {
    aggregate_height_before_clears(o) - (o.board.width() as u32 * o.rows_cleared) as f64
}

/// Holes counted before clears (takado8's and Yiyuan Lee's programs count them so): the empty
/// cells below each column's top with the placed piece and the full rows in place. A column
/// whose top cell was in a cleared row keeps the holes under it here, where after the clear
/// they lie above its new top and are no holes.
pub(super) fn holes_before_clears(o: &Outcome) -> f64 {
    o.board
        .columns()
        .iter()
        .map(|&c| column_hole_count(before_clears(c, o.cleared)))
        .sum::<u32>() as f64
}

/// Bumpiness before clears (takado8's and Yiyuan Lee's programs): the height differences of
/// adjacent columns with the full rows in place.
pub(super) fn bumpiness_before_clears(o: &Outcome) -> f64 {
    o.board
        .columns()
        .windows(2)
        .map(|pair| {
            let left = height_before_clears(pair[0], o.cleared);
            left.abs_diff(height_before_clears(pair[1], o.cleared))
        })
        .sum::<u32>() as f64
}
