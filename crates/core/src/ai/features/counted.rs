//! What each feature counts, as cells of the board, so that a page can point at them while it
//! explains a placement: the holes for `holes`, the wells for `cumulative_wells`, the placed
//! piece for `landing_height`. The cells are those of the board the placement lands on, with
//! the full rows still in place (rows counted before clears), which is the board a player sees
//! the piece drop onto; what a feature reads after the clears is put back among those rows.

use super::cold_clear::t_slot;
use super::versus::{band_floor, covered_regions, tsd_slot, tst_slot, well_lines_of};
use super::{Outcome, before_clears, column_holes, height, low_bits, rows_put_back};

/// What a feature counts, to be shown on the board.
#[derive(Clone, Copy, Debug)]
pub enum Counted {
    /// The placed piece's cells.
    Piece,
    /// The placed piece's cells in the rows it clears.
    PieceInClearedRows,
    /// Every cell of the rows the placement clears.
    ClearedRows,
    /// Each empty cell beside a filled cell or a wall in its row: the empty side of each change
    /// along the rows (the visible rows, and the buffer rows the stack reaches).
    RowChanges,
    /// Each empty cell above or below a filled cell, or on the floor, in its column: the empty
    /// side of each change up the columns.
    ColumnChanges,
    /// Empty cells below a filled cell of their column.
    Holes,
    /// Every cell of a row that holds a hole.
    RowsWithHoles,
    /// The filled cells right above each hole, up to the first empty cell.
    HoleCover,
    /// The filled cells above a column's lowest hole.
    BlocksAboveHoles,
    /// Well cells: empty, with both neighbours filled (walls count as filled), in the rows read.
    Wells,
    /// Well cells, each with the empty cells under it down to the next filled one.
    WellsDown,
    /// Well cells above their column's top.
    OpenWells,
    /// The deepest well between two taller columns, from its column's top to the lower rim.
    DeepestWell,
    /// The highest columns, every cell from the floor to their tops.
    HighestColumns,
    /// Every cell below a column's top: the area the stack covers.
    Stack,
    /// The steps between neighbouring columns: the taller one's cells above the shorter's top.
    Steps,
    /// Each column's top cell.
    Surface,
    /// The filled cells.
    Blocks,
    /// The cells a T would fill in the best T-spin double slot.
    TsdSlot,
    /// The cells a T would fill in the best T-spin triple slot.
    TstSlot,
    /// The cells a T would fill in Cold Clear 2's T slot.
    ColdClearSlot,
    /// Holes closed in: in regions beside no open cell.
    Cavities,
    /// Holes a piece can slide into: in regions beside an open cell.
    Overhangs,
    /// The leftmost tallest column's cells in the top `1 / n` of the board's visible rows.
    TopRows(usize),
    /// The lowest column's empty cells in the rows an I dropped down it clears.
    WellLines,
    /// What the inner one counts, on the board before clears (the full rows in place).
    BeforeClears(&'static Counted),
}

/// The cells `counted` points at in `outcome`, as `[x, y]` pairs, column by column from the
/// left and up each column, in rows before clears.
pub fn counted_cells(counted: Counted, outcome: &Outcome) -> Vec<[i32; 2]> {
    let cleared = outcome.cleared;
    let piece = outcome.placement.cells();
    let width = outcome.board.width();
    let marks: Vec<u64> = match counted {
        Counted::Piece => piece_marks(width, &piece, u64::MAX),
        Counted::PieceInClearedRows => piece_marks(width, &piece, cleared),
        Counted::ClearedRows => vec![cleared; width],
        Counted::BeforeClears(inner) => {
            let before: Vec<u64> = outcome
                .board
                .columns()
                .iter()
                .map(|&c| before_clears(c, cleared))
                .collect();
            marks_on(*inner, &before, outcome.board.height())
        }
        on_the_board => marks_on(
            on_the_board,
            outcome.board.columns(),
            outcome.board.height(),
        )
        .into_iter()
        .map(|m| rows_put_back(m, cleared))
        .collect(),
    };
    let mut cells = Vec::new();
    for (x, mut column) in marks.into_iter().enumerate() {
        while column != 0 {
            cells.push([x as i32, column.trailing_zeros() as i32]);
            column &= column - 1;
        }
    }
    cells
}

/// The cells of `piece` in rows `rows`, as one mark word per column of a board `width` wide.
fn piece_marks(width: usize, piece: &[(i32, i32); 4], rows: u64) -> Vec<u64> {
    let mut marks = vec![0u64; width];
    for &(x, y) in piece {
        if let (Some(mark), 0..=63) = (marks.get_mut(x as usize), y) {
            *mark |= 1 << y & rows;
        }
    }
    marks
}

/// What `counted` (a feature of the board alone) marks on the board of `columns`, `visible` rows
/// high, one mark word per column.
fn marks_on(counted: Counted, columns: &[u64], visible: usize) -> Vec<u64> {
    let width = columns.len();
    let tallest = columns.iter().map(|&c| height(c)).max().unwrap_or(0);
    let span = low_bits(visible.max(tallest as usize));
    let neighbour = |x: usize, step: isize| match x.checked_add_signed(step) {
        Some(n) if n < width => columns[n],
        _ => u64::MAX, // a wall
    };
    let wells = |x: usize| !columns[x] & neighbour(x, -1) & neighbour(x, 1) & span;
    let each = |mark: &dyn Fn(usize, u64) -> u64| -> Vec<u64> {
        columns
            .iter()
            .enumerate()
            .map(|(x, &c)| mark(x, c))
            .collect()
    };
    match counted {
        Counted::RowChanges => each(&|x, c| !c & (neighbour(x, -1) | neighbour(x, 1)) & span),
        Counted::ColumnChanges => each(&|_, c| {
            let changes = c ^ (c << 1 | 1);
            (changes & !c) | (changes & c) >> 1
        }),
        Counted::Holes => each(&|_, c| column_holes(c)),
        Counted::RowsWithHoles => {
            let rows = columns.iter().fold(0, |rows, &c| rows | column_holes(c));
            vec![rows; width]
        }
        Counted::HoleCover => each(&|_, c| {
            let starts = c & (column_holes(c) << 1);
            c & !c.wrapping_add(starts)
        }),
        Counted::BlocksAboveHoles => each(&|_, c| {
            let holes = column_holes(c);
            if holes == 0 {
                0
            } else {
                c & !low_bits(holes.trailing_zeros() as usize)
            }
        }),
        Counted::Wells => each(&|x, _| wells(x)),
        Counted::WellsDown => each(&|x, c| {
            let mut marks = 0;
            let mut cells = wells(x);
            while cells != 0 {
                let y = cells.trailing_zeros() as usize;
                let floor = height(c & low_bits(y)) as usize;
                marks |= low_bits(y + 1) & !low_bits(floor);
                cells &= cells - 1;
            }
            marks
        }),
        Counted::OpenWells => each(&|x, c| wells(x) & !low_bits(height(c) as usize)),
        Counted::DeepestWell => {
            let depth = |x: usize| {
                let rim = height(neighbour(x, -1)).min(height(neighbour(x, 1)));
                // A wall's height is 64: a well beside a wall is as deep as its other rim.
                let own = height(columns[x]);
                if rim > own && rim < 64 { rim - own } else { 0 }
            };
            let deepest = (0..width).map(depth).max().unwrap_or(0);
            each(&|x, c| {
                if deepest > 0 && depth(x) == deepest {
                    low_bits((height(c) + deepest) as usize) & !low_bits(height(c) as usize)
                } else {
                    0
                }
            })
        }
        Counted::HighestColumns => each(&|_, c| {
            if tallest > 0 && height(c) == tallest {
                low_bits(tallest as usize)
            } else {
                0
            }
        }),
        Counted::Stack => each(&|_, c| low_bits(height(c) as usize)),
        Counted::Steps => each(&|x, c| {
            let own = height(c);
            let lower = [-1, 1]
                .iter()
                .filter(|&&step| x.checked_add_signed(step).is_some_and(|n| n < width))
                .map(|&step| height(neighbour(x, step)))
                .min()
                .unwrap_or(own);
            low_bits(own as usize) & !low_bits(lower.min(own) as usize)
        }),
        Counted::Surface => each(&|_, c| if c == 0 { 0 } else { 1 << (height(c) - 1) }),
        Counted::Blocks => columns.to_vec(),
        Counted::TsdSlot => {
            tsd_slot(columns).map_or(vec![0; width], |(_, marks)| marks[..width].to_vec())
        }
        Counted::TstSlot => {
            tst_slot(columns).map_or(vec![0; width], |(_, marks)| marks[..width].to_vec())
        }
        Counted::ColdClearSlot => {
            t_slot(columns).map_or(vec![0; width], |marks| marks[..width].to_vec())
        }
        Counted::Cavities => covered_regions(columns).0[..width].to_vec(),
        Counted::Overhangs => covered_regions(columns).1[..width].to_vec(),
        Counted::TopRows(parts) => {
            let first = columns.iter().position(|&c| height(c) == tallest);
            let floor = band_floor(visible, parts);
            each(&|x, c| {
                if Some(x) == first {
                    low_bits(height(c) as usize) & !low_bits(floor)
                } else {
                    0
                }
            })
        }
        Counted::WellLines => {
            let (well, rows) = well_lines_of(columns);
            each(&|x, _| if x == well { rows } else { 0 })
        }
        Counted::Piece
        | Counted::PieceInClearedRows
        | Counted::ClearedRows
        | Counted::BeforeClears(_) => vec![0; width],
    }
}
