//! The feature registry: every board feature the AI can weigh, one entry each, with the one
//! definition given for it in the project's feature table (row 0 is the bottom; a column's
//! height is one more than its highest filled row). Features read the board after full rows
//! are removed unless their entry says "before clears".

use crate::board::Board;

/// What one placement did, as the features read it.
#[derive(Clone, Copy, Debug)]
pub struct Outcome<'a> {
    /// The board after the piece locked and full rows were removed.
    pub board: &'a Board,
    /// Row of the placed piece's lowest cell, before clears.
    pub landing_row: i32,
    /// Row of the placed piece's highest cell, before clears.
    pub top_row: i32,
    /// Full rows removed by this placement.
    pub rows_cleared: u32,
    /// The placed piece's own cells inside the removed rows.
    pub piece_cells_cleared: u32,
}

/// How a feature is computed.
#[derive(Clone, Copy)]
pub enum Compute {
    /// A number read off the outcome; an exponent, if given, raises the whole number.
    Value(fn(&Outcome) -> f64),
    /// A sum over columns of a per-column count raised to the exponent (1 when none is given).
    ColumnPower(fn(&Outcome, f64) -> f64),
}

/// One registered feature.
#[derive(Clone, Copy)]
pub struct Feature {
    /// The name weights refer to it by.
    pub name: &'static str,
    /// Its definition in one line.
    pub definition: &'static str,
    /// How to compute it.
    pub compute: Compute,
}

impl Feature {
    /// The feature's value for `outcome`, with `exponent` applied as the feature defines (by
    /// `libm`'s power, so that native builds and WebAssembly agree to the last bit).
    #[inline]
    pub fn value(&self, outcome: &Outcome, exponent: Option<f64>) -> f64 {
        match (self.compute, exponent) {
            (Compute::Value(f), None) => f(outcome),
            (Compute::Value(f), Some(e)) => libm::pow(f(outcome), e),
            (Compute::ColumnPower(f), e) => f(outcome, e.unwrap_or(1.0)),
        }
    }
}

/// Every feature, in a fixed order (a feature's index is its position here).
pub static FEATURES: [Feature; 21] = [
    Feature {
        name: "rows_cleared",
        definition: "full rows removed by this placement",
        compute: Compute::Value(rows_cleared),
    },
    Feature {
        name: "landing_height",
        definition: "row of the placed piece's lowest cell + (piece height - 1) / 2, before clears",
        compute: Compute::Value(landing_height),
    },
    Feature {
        name: "eroded_piece_cells",
        definition: "rows cleared x the placed piece's own cells inside those rows",
        compute: Compute::Value(eroded_piece_cells),
    },
    Feature {
        name: "row_transitions",
        definition: "filled/empty changes along each row, walls filled, summed over the rows",
        compute: Compute::Value(row_transitions),
    },
    Feature {
        name: "column_transitions",
        definition: "filled/empty changes up each column, floor filled, space above empty",
        compute: Compute::Value(column_transitions),
    },
    Feature {
        name: "holes",
        definition: "empty cells with a filled cell anywhere above them in their column",
        compute: Compute::Value(holes),
    },
    Feature {
        name: "cumulative_wells",
        definition: "for each well cell (empty, both neighbours filled), the empty cells from it down",
        compute: Compute::Value(cumulative_wells),
    },
    Feature {
        name: "max_height",
        definition: "the highest column height",
        compute: Compute::Value(max_height),
    },
    Feature {
        name: "aggregate_height",
        definition: "the sum of the column heights",
        compute: Compute::Value(aggregate_height),
    },
    Feature {
        name: "bumpiness",
        definition: "the sum of height differences between adjacent columns",
        compute: Compute::Value(bumpiness),
    },
    Feature {
        name: "avg_height_difference",
        definition: "bumpiness / (width - 1)",
        compute: Compute::Value(avg_height_difference),
    },
    Feature {
        name: "blocks",
        definition: "number of filled cells",
        compute: Compute::Value(blocks),
    },
    Feature {
        name: "avg_height",
        definition: "mean over filled cells of (row + 1); 0 on an empty board",
        compute: Compute::Value(avg_height),
    },
    Feature {
        name: "blocks_above_holes",
        definition: "filled cells with at least one hole below them in their column",
        compute: Compute::Value(blocks_above_holes),
    },
    Feature {
        name: "gaps",
        definition: "empty cells whose left and right neighbours are filled, walls filled",
        compute: Compute::Value(gaps),
    },
    Feature {
        name: "placement_height",
        definition: "row + 1 of the placed piece's highest cell, before clears",
        compute: Compute::Value(placement_height),
    },
    Feature {
        name: "deepest_well",
        definition: "max over columns of (lower neighbour height - height) where both neighbours are higher",
        compute: Compute::Value(deepest_well),
    },
    Feature {
        name: "hole_depth",
        definition: "for each hole, the filled cells directly above it up to the first empty cell",
        compute: Compute::Value(hole_depth),
    },
    Feature {
        name: "rows_with_holes",
        definition: "rows containing at least one hole",
        compute: Compute::Value(rows_with_holes),
    },
    Feature {
        name: "pattern_diversity",
        definition: "distinct adjacent-column height differences within -2..2",
        compute: Compute::Value(pattern_diversity),
    },
    Feature {
        name: "column_holes_pow",
        definition: "sum over columns of (holes in the column) ^ exponent",
        compute: Compute::ColumnPower(column_holes_pow),
    },
];

/// The names of all features, in registry order.
pub fn names() -> Vec<&'static str> {
    FEATURES.iter().map(|f| f.name).collect()
}

/// The registry index of the feature called `name`.
pub fn index_of(name: &str) -> Option<usize> {
    FEATURES.iter().position(|f| f.name == name)
}

/// A word with the lowest `n` bits set.
#[inline]
fn low_bits(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// The rows the row-based features read: the visible rows, and any buffer rows in use.
#[inline]
fn row_span(board: &Board) -> u64 {
    low_bits(board.height().max(board.max_height()))
}

/// The holes of one column as bits: empty cells below its highest filled cell.
#[inline]
fn column_holes(column: u64) -> u64 {
    !column & low_bits((64 - column.leading_zeros()) as usize)
}

/// The well cells of column `x` as bits: empty, with both neighbours filled or walls.
#[inline]
fn well_cells(board: &Board, x: usize) -> u64 {
    let left = if x == 0 {
        u64::MAX
    } else {
        board.column(x - 1)
    };
    let right = if x + 1 == board.width() {
        u64::MAX
    } else {
        board.column(x + 1)
    };
    !board.column(x) & left & right
}

fn rows_cleared(o: &Outcome) -> f64 {
    o.rows_cleared as f64
}

fn landing_height(o: &Outcome) -> f64 {
    let piece_height = o.top_row - o.landing_row + 1;
    o.landing_row as f64 + (piece_height - 1) as f64 / 2.0
}

fn eroded_piece_cells(o: &Outcome) -> f64 {
    (o.rows_cleared * o.piece_cells_cleared) as f64
}

fn row_transitions(o: &Outcome) -> f64 {
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
        count += ((previous ^ column) & span).count_ones();
        previous = column;
        stack |= column;
    }
    (count + ((previous ^ span) & span).count_ones(), stack) // the right wall
}

fn column_transitions(o: &Outcome) -> f64 {
    o.board
        .columns()
        .iter()
        .map(|&c| (c ^ ((c << 1) | 1)).count_ones())
        .sum::<u32>() as f64
}

fn holes(o: &Outcome) -> f64 {
    // Below its top, a column's cells are filled or holes.
    o.board
        .columns()
        .iter()
        .map(|&c| 64 - c.leading_zeros() - c.count_ones())
        .sum::<u32>() as f64
}

fn cumulative_wells(o: &Outcome) -> f64 {
    let columns = o.board.columns();
    let mut total = 0u32;
    let mut left = u64::MAX; // the left wall
    for (x, &column) in columns.iter().enumerate() {
        let right = columns.get(x + 1).copied().unwrap_or(u64::MAX);
        let wells = !column & left & right;
        left = column;
        if wells == 0 {
            continue;
        }
        // Well cells above the column's top reach down to it: one run of d cells from the
        // top adds 1 + 2 + .. + d.
        let height = 64 - column.leading_zeros();
        let open = wells >> height;
        if open & (open + 1) == 0 {
            let depth = open.count_ones();
            total += depth * (depth + 1) / 2;
        } else {
            total += wells_depths(column, open << height);
        }
        // Well cells below the column's top (in covered gaps) reach down to the next filled cell.
        total += wells_depths(column, wells & low_bits(height as usize));
    }
    total as f64
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

fn max_height(o: &Outcome) -> f64 {
    o.board.max_height() as f64
}

fn aggregate_height(o: &Outcome) -> f64 {
    (0..o.board.width())
        .map(|x| o.board.column_height(x))
        .sum::<usize>() as f64
}

fn bumpiness_of(board: &Board) -> usize {
    (1..board.width())
        .map(|x| board.column_height(x).abs_diff(board.column_height(x - 1)))
        .sum()
}

fn bumpiness(o: &Outcome) -> f64 {
    bumpiness_of(o.board) as f64
}

fn avg_height_difference(o: &Outcome) -> f64 {
    bumpiness_of(o.board) as f64 / (o.board.width() - 1) as f64
}

fn blocks(o: &Outcome) -> f64 {
    o.board.cell_count() as f64
}

fn avg_height(o: &Outcome) -> f64 {
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

fn blocks_above_holes(o: &Outcome) -> f64 {
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

fn gaps(o: &Outcome) -> f64 {
    let span = row_span(o.board);
    (0..o.board.width())
        .map(|x| (well_cells(o.board, x) & span).count_ones())
        .sum::<u32>() as f64
}

fn placement_height(o: &Outcome) -> f64 {
    (o.top_row + 1) as f64
}

fn deepest_well(o: &Outcome) -> f64 {
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

fn hole_depth(o: &Outcome) -> f64 {
    let mut total = 0u32;
    for &column in o.board.columns() {
        let mut holes = column_holes(column);
        while holes != 0 {
            let y = holes.trailing_zeros();
            total += (column >> (y + 1)).trailing_ones();
            holes &= holes - 1;
        }
    }
    total as f64
}

fn rows_with_holes(o: &Outcome) -> f64 {
    o.board
        .columns()
        .iter()
        .fold(0, |rows, &c| rows | column_holes(c))
        .count_ones() as f64
}

fn pattern_diversity(o: &Outcome) -> f64 {
    let mut seen = 0u32;
    for x in 1..o.board.width() {
        let difference = o.board.column_height(x) as i64 - o.board.column_height(x - 1) as i64;
        if (-2..=2).contains(&difference) {
            seen |= 1 << (difference + 2);
        }
    }
    seen.count_ones() as f64
}

fn column_holes_pow(o: &Outcome, exponent: f64) -> f64 {
    o.board
        .columns()
        .iter()
        .map(|&c| libm::pow(column_holes(c).count_ones() as f64, exponent))
        .sum()
}
