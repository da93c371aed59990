//! The features as the research literature and the project's feature table define them.

use super::{Outcome, column_holes, low_bits, row_span, well_cells};
use crate::engine::board::Board;

pub(super) fn rows_cleared(o: &Outcome) -> f64 {
    o.rows_cleared as f64
}

pub(super) fn landing_height(o: &Outcome) -> f64 {
    landing_height_of(o.landing_row, o.top_row)
}

/// The landing height of a piece whose cells span rows `landing_row` to `top_row`.
#[inline]
pub(crate) fn landing_height_of(landing_row: i32, top_row: i32) -> f64 {
    let piece_height = top_row - landing_row + 1;
    landing_row as f64 + (piece_height - 1) as f64 / 2.0
}

pub(super) fn eroded_piece_cells(o: &Outcome) -> f64 {
    (o.rows_cleared * o.piece_cells_cleared) as f64
}

pub(super) fn row_transitions(o: &Outcome) -> f64 {
    let columns = o.board.columns();
    let visible = low_bits(o.board.height());
    let (count, stack) = transitions_across(columns, visible);
    // Rows in the buffer count too while the stack reaches into them.
    if stack > visible {
        return transitions_across(columns, row_span(o.board)).0 as f64;
    }
    count as f64
}

/// Filled/empty changes along the rows in `span`, walls filled; and all the columns' cells.
#[inline]
fn transitions_across(columns: &[u64], span: u64) -> (u32, u64) {
    let mut previous = span; // the left wall
    let mut count = 0;
    let mut stack = 0;
    for &column in columns {
        count += pair_transitions(previous, column, span);
        previous = column;
        stack |= column;
    }
    (count + pair_transitions(previous, span, span), stack) // the right wall
}

/// Filled/empty changes between two neighbouring columns (or a column and a wall, `span`) along
/// the rows in `span`.
#[inline]
pub(crate) fn pair_transitions(left: u64, right: u64, span: u64) -> u32 {
    ((left ^ right) & span).count_ones()
}

pub(super) fn column_transitions(o: &Outcome) -> f64 {
    o.board
        .columns()
        .iter()
        .map(|&c| column_transition_count(c))
        .sum::<u32>() as f64
}

/// Filled/empty changes up one column, the floor filled and the top open.
#[inline]
pub(crate) fn column_transition_count(column: u64) -> u32 {
    (column ^ ((column << 1) | 1)).count_ones()
}

pub(super) fn holes(o: &Outcome) -> f64 {
    o.board
        .columns()
        .iter()
        .map(|&c| column_hole_count(c))
        .sum::<u32>() as f64
}

/// The holes of one column: below its top, a column's cells are filled or holes.
#[inline]
pub(crate) fn column_hole_count(column: u64) -> u32 {
    64 - column.leading_zeros() - column.count_ones()
}

pub(super) fn cumulative_wells(o: &Outcome) -> f64 {
    let columns = o.board.columns();
    let mut total = 0u32;
    let mut left = u64::MAX; // the left wall
    for (x, &column) in columns.iter().enumerate() {
        let right = columns.get(x + 1).copied().unwrap_or(u64::MAX);
        total += column_wells(left, column, right);
        left = column;
    }
    total as f64
}

/// The cumulative wells of one column between its `left` and `right` neighbours (walls are
/// `u64::MAX`): for each well cell, the empty cells from it down to the next filled one.
#[inline]
pub(crate) fn column_wells(left: u64, column: u64, right: u64) -> u32 {
    let wells = !column & left & right;
    if wells == 0 {
        return 0;
    }
    // Well cells above the column's top reach down to it: one run of d cells from the top adds
    // 1 + 2 + .. + d.
    let height = 64 - column.leading_zeros();
    let open = wells >> height;
    let mut total = if open & (open + 1) == 0 {
        let depth = open.count_ones();
        depth * (depth + 1) / 2
    } else {
        wells_depths(column, open << height)
    };
    // Well cells below the column's top (in covered gaps) reach down to the next filled cell.
    total += wells_depths(column, wells & low_bits(height as usize));
    total
}

/// For each well cell in `wells`, the empty cells of `column` from it down to the next filled cell.
#[inline]
fn wells_depths(column: u64, mut wells: u64) -> u32 {
    let mut total = 0;
    while wells != 0 {
        let y = wells.trailing_zeros();
        let below = column & low_bits(y as usize);
        total += y + 1 - (64 - below.leading_zeros());
        wells &= wells - 1;
    }
    total
}

pub(super) fn max_height(o: &Outcome) -> f64 {
    o.board.max_height() as f64
}

pub(super) fn aggregate_height(o: &Outcome) -> f64 {
    (0..o.board.width())
        .map(|x| o.board.column_height(x))
        .sum::<usize>() as f64
}

fn bumpiness_of(board: &Board) -> usize {
    (1..board.width())
        .map(|x| board.column_height(x).abs_diff(board.column_height(x - 1)))
        .sum()
}

pub(super) fn bumpiness(o: &Outcome) -> f64 {
    bumpiness_of(o.board) as f64
}

pub(super) fn avg_height_difference(o: &Outcome) -> f64 {
    bumpiness_of(o.board) as f64 / (o.board.width() - 1) as f64
}

pub(super) fn blocks(o: &Outcome) -> f64 {
    o.board.cell_count() as f64
}

pub(super) fn avg_height(o: &Outcome) -> f64 {
    // Sum of row indices via bit planes: bit k of the row index is set on the rows in PLANES[k].
    const PLANES: [u64; 6] = [
        0xAAAA_AAAA_AAAA_AAAA,
        0xCCCC_CCCC_CCCC_CCCC,
        0xF0F0_F0F0_F0F0_F0F0,
        0xFF00_FF00_FF00_FF00,
        0xFFFF_0000_FFFF_0000,
        0xFFFF_FFFF_0000_0000,
    ];
    let cells = o.board.cell_count();
    if cells == 0 {
        return 0.0;
    }
    let row_sum: u64 = o
        .board
        .columns()
        .iter()
        .map(|&c| {
            PLANES
                .iter()
                .enumerate()
                .map(|(k, plane)| ((c & plane).count_ones() as u64) << k)
                .sum::<u64>()
        })
        .sum();
    (row_sum + cells as u64) as f64 / cells as f64
}

pub(super) fn blocks_above_holes(o: &Outcome) -> f64 {
    o.board
        .columns()
        .iter()
        .map(|&c| {
            let holes = column_holes(c);
            if holes == 0 {
                0
            } else {
                (c >> holes.trailing_zeros()).count_ones()
            }
        })
        .sum::<u32>() as f64
}

pub(super) fn gaps(o: &Outcome) -> f64 {
    let span = row_span(o.board);
    (0..o.board.width())
        .map(|x| (well_cells(o.board, x) & span).count_ones())
        .sum::<u32>() as f64
}

pub(super) fn placement_height(o: &Outcome) -> f64 {
    (o.top_row + 1) as f64
}

pub(super) fn deepest_well(o: &Outcome) -> f64 {
    let width = o.board.width();
    let height = |x: usize| o.board.column_height(x) as i64;
    (0..width)
        .map(|x| {
            let left = if x == 0 { i64::MAX } else { height(x - 1) };
            let right = if x + 1 == width {
                i64::MAX
            } else {
                height(x + 1)
            };
            let rim = left.min(right);
            if rim > height(x) && rim != i64::MAX {
                rim - height(x)
            } else {
                0
            }
        })
        .max()
        .unwrap_or(0) as f64
}

pub(super) fn hole_depth(o: &Outcome) -> f64 {
    o.board
        .columns()
        .iter()
        .map(|&c| column_hole_depth(c))
        .sum::<u32>() as f64
}

/// The hole depth of one column: for each hole, the filled cells directly above it. Only a hole
/// under a filled cell counts, so this is the total length of the runs of filled cells that
/// start right above a hole: adding a run's lowest bit to the column carries through the run and
/// clears it, which picks out those runs all at once.
#[inline]
pub(crate) fn column_hole_depth(column: u64) -> u32 {
    let starts = column & (column_holes(column) << 1);
    (column & !column.wrapping_add(starts)).count_ones()
}

pub(super) fn rows_with_holes(o: &Outcome) -> f64 {
    o.board
        .columns()
        .iter()
        .fold(0, |rows, &c| rows | column_holes(c))
        .count_ones() as f64
}

pub(super) fn pattern_diversity(o: &Outcome) -> f64 {
    let mut seen = 0u32;
    for x in 1..o.board.width() {
        seen |= height_pattern(o.board.column_height(x - 1), o.board.column_height(x));
    }
    seen.count_ones() as f64
}

/// The pattern of two neighbouring heights as a bit: bit `d + 2` for a difference `d` from -2 to
/// 2, none for larger steps.
#[inline]
pub(crate) fn height_pattern(left: usize, right: usize) -> u32 {
    let difference = right as i64 - left as i64;
    if (-2..=2).contains(&difference) {
        1 << (difference + 2)
    } else {
        0
    }
}

pub(super) fn column_holes_pow(o: &Outcome, exponent: f64) -> f64 {
    o.board
        .columns()
        .iter()
        .map(|&c| libm::pow(column_holes(c).count_ones() as f64, exponent))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::GameRng;

    /// 10,000 random columns of up to 48 rows, of every height, from `seed`.
    fn random_columns(seed: u64) -> impl Iterator<Item = u64> {
        let mut rng = GameRng::new(seed, seed);
        (0..10_000).map(move |_| (rng.next_u64() >> 16) >> rng.below(48))
    }

    /// Hole depth by its definition: for each hole, the filled cells directly above it.
    fn hole_depth_by_definition(column: u64) -> u32 {
        let height = 64 - column.leading_zeros();
        (0..height)
            .filter(|&y| column >> y & 1 == 0)
            .map(|y| (column >> (y + 1)).trailing_ones())
            .sum()
    }

    #[test]
    fn holes_of_a_column_are_the_empty_cells_below_its_top() {
        assert_eq!(column_holes(0), 0);
        assert_eq!(column_holes(1), 0);
        assert_eq!(column_holes(0b1000), 0b0111);
        assert_eq!(column_holes(0b101_1001), 0b010_0110);
        for column in random_columns(6) {
            let height = 64 - column.leading_zeros();
            let by_definition = (0..height)
                .filter(|&y| column >> y & 1 == 0)
                .fold(0, |holes, y| holes | 1 << y);
            assert_eq!(column_holes(column), by_definition, "{column:b}");
        }
    }

    #[test]
    fn hole_depth_of_a_column_follows_its_definition() {
        // Rows 0, 3, 4 and 6 filled: the hole in row 2 has two filled cells above it, the one in
        // row 5 one, the one in row 1 none.
        assert_eq!(column_hole_depth(0b101_1001), 3);
        assert_eq!(column_hole_depth(0), 0);
        assert_eq!(column_hole_depth(0b1110), 3);
        for column in random_columns(5) {
            assert_eq!(
                column_hole_depth(column),
                hole_depth_by_definition(column),
                "{column:b}"
            );
        }
    }
}
