//! Incremental evaluation: a placement changes at most four columns, so a column feature of the
//! board it leaves is the board's total less those columns' old counts plus their new ones, and
//! a feature of neighbouring columns (wells, row transitions, bumpiness) changes only next to
//! them. [`Incremental`] reads the board once per decision, then scores each placement that
//! clears no row from the few columns it touches, with the same per-column definitions as the
//! full features, so the value is the same to the last bit. Placements that clear rows or reach
//! the top row, and weights with a feature it does not know, are left to the full evaluation.

use super::research::{
    column_hole_count, column_hole_depth, column_transition_count, column_wells, height_pattern,
    landing_height_of, pair_transitions,
};
use super::{column_holes, low_bits, raise};
use crate::ai::weights::Weights;
use crate::board::{Board, MAX_WIDTH};
use crate::moves::Placement;

/// The features computed incrementally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    RowsCleared,
    LandingHeight,
    ErodedPieceCells,
    RowTransitions,
    ColumnTransitions,
    Holes,
    CumulativeWells,
    MaxHeight,
    AggregateHeight,
    Bumpiness,
    AvgHeightDifference,
    Blocks,
    PlacementHeight,
    HoleDepth,
    RowsWithHoles,
    PatternDiversity,
}

impl Kind {
    /// Every kind with its registered feature's name.
    const NAMED: [(Kind, &'static str); 16] = [
        (Kind::RowsCleared, "rows_cleared"),
        (Kind::LandingHeight, "landing_height"),
        (Kind::ErodedPieceCells, "eroded_piece_cells"),
        (Kind::RowTransitions, "row_transitions"),
        (Kind::ColumnTransitions, "column_transitions"),
        (Kind::Holes, "holes"),
        (Kind::CumulativeWells, "cumulative_wells"),
        (Kind::MaxHeight, "max_height"),
        (Kind::AggregateHeight, "aggregate_height"),
        (Kind::Bumpiness, "bumpiness"),
        (Kind::AvgHeightDifference, "avg_height_difference"),
        (Kind::Blocks, "blocks"),
        (Kind::PlacementHeight, "placement_height"),
        (Kind::HoleDepth, "hole_depth"),
        (Kind::RowsWithHoles, "rows_with_holes"),
        (Kind::PatternDiversity, "pattern_diversity"),
    ];

    /// The kind of the feature called `name`, if it is computed incrementally.
    pub(crate) fn of(name: &str) -> Option<Kind> {
        Kind::NAMED
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(kind, _)| *kind)
    }
}

/// One column's counts.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Column {
    height: u32,
    cells: u32,
    holes: u32,
    hole_depth: u32,
    transitions: u32,
    /// Its holes as bits.
    hole_rows: u64,
}

impl Column {
    #[inline]
    fn of(word: u64) -> Column {
        Column {
            height: 64 - word.leading_zeros(),
            cells: word.count_ones(),
            holes: column_hole_count(word),
            hole_depth: column_hole_depth(word),
            transitions: column_transition_count(word),
            hole_rows: column_holes(word),
        }
    }
}

/// Sums over the whole board.
#[derive(Clone, Copy, Debug, Default)]
struct Totals {
    heights: u32,
    cells: u32,
    holes: u32,
    hole_depth: u32,
    column_transitions: u32,
    wells: u32,
    row_transitions: u32,
    bumpiness: u32,
}

/// A board read once, to score the placements on it that clear no row.
#[derive(Clone, Debug)]
pub struct Incremental {
    width: usize,
    /// The visible rows as bits.
    visible: u64,
    /// The highest row a placement may reach: below the top row.
    top_row_limit: i32,
    words: [u64; MAX_WIDTH],
    columns: [Column; MAX_WIDTH],
    /// Cumulative wells of each column.
    wells: [u32; MAX_WIDTH],
    /// Row transitions between column `p - 1` and column `p` (the walls at 0 and `width`).
    row_pairs: [u32; MAX_WIDTH + 1],
    /// Bumpiness between column `p - 1` and column `p`, for `p` from 1 to `width - 1`.
    bump_pairs: [u32; MAX_WIDTH],
    /// The height pattern between column `p - 1` and column `p`, as a bit.
    pattern_pairs: [u32; MAX_WIDTH],
    totals: Totals,
    /// Over columns `..p`: hole rows ORed, full rows ANDed, and the highest column.
    prefix: [(u64, u64, u32); MAX_WIDTH + 1],
    /// Over columns `p..`: the same.
    suffix: [(u64, u64, u32); MAX_WIDTH + 1],
    /// Over pairs `1..p` and `p..width`: height patterns ORed.
    pattern_prefix: [u32; MAX_WIDTH + 1],
    pattern_suffix: [u32; MAX_WIDTH + 1],
}

impl Incremental {
    /// Reads `board`; `None` when the stack reaches the top row, where the row features read
    /// more rows than the visible ones and any placement may end the game.
    pub fn new(board: &Board) -> Option<Incremental> {
        let width = board.width();
        let height = board.height() as i32;
        if board.max_height() as i32 >= height {
            return None;
        }
        let visible = low_bits(board.height());
        let mut words = [0; MAX_WIDTH];
        words[..width].copy_from_slice(board.columns());
        let mut me = Incremental {
            width,
            visible,
            top_row_limit: height - 2,
            words,
            columns: [Column::default(); MAX_WIDTH],
            wells: [0; MAX_WIDTH],
            row_pairs: [0; MAX_WIDTH + 1],
            bump_pairs: [0; MAX_WIDTH],
            pattern_pairs: [0; MAX_WIDTH],
            totals: Totals::default(),
            prefix: [(0, u64::MAX, 0); MAX_WIDTH + 1],
            suffix: [(0, u64::MAX, 0); MAX_WIDTH + 1],
            pattern_prefix: [0; MAX_WIDTH + 1],
            pattern_suffix: [0; MAX_WIDTH + 1],
        };
        let mut t = Totals::default();
        for (x, &word) in words[..width].iter().enumerate() {
            let c = Column::of(word);
            me.columns[x] = c;
            t.heights += c.height;
            t.cells += c.cells;
            t.holes += c.holes;
            t.hole_depth += c.hole_depth;
            t.column_transitions += c.transitions;
            let x = x as isize;
            let wells = column_wells(me.word(x - 1), me.word(x), me.word(x + 1));
            me.wells[x as usize] = wells;
            t.wells += wells;
        }
        for p in 0..=width {
            let q = p as isize;
            let pair = pair_transitions(me.row_word(q - 1), me.row_word(q), visible);
            me.row_pairs[p] = pair;
            t.row_transitions += pair;
        }
        for p in 1..width {
            let (left, right) = (me.columns[p - 1].height, me.columns[p].height);
            me.bump_pairs[p] = left.abs_diff(right);
            me.pattern_pairs[p] = height_pattern(left as usize, right as usize);
            t.bumpiness += me.bump_pairs[p];
        }
        me.totals = t;
        for (p, &word) in words[..width].iter().enumerate() {
            let (holes, full, top) = me.prefix[p];
            let c = &me.columns[p];
            me.prefix[p + 1] = (holes | c.hole_rows, full & word, top.max(c.height));
        }
        for p in (0..width).rev() {
            let (holes, full, top) = me.suffix[p + 1];
            let c = &me.columns[p];
            me.suffix[p] = (holes | c.hole_rows, full & words[p], top.max(c.height));
        }
        for p in 1..width {
            me.pattern_prefix[p + 1] = me.pattern_prefix[p] | me.pattern_pairs[p];
        }
        for p in (1..width).rev() {
            me.pattern_suffix[p] = me.pattern_suffix[p + 1] | me.pattern_pairs[p];
        }
        Some(me)
    }

    /// Column `x`'s word, walls (`x` outside the board) filled.
    #[inline]
    fn word(&self, x: isize) -> u64 {
        if x < 0 || x >= self.width as isize {
            u64::MAX
        } else {
            self.words[x as usize]
        }
    }

    /// Column `x`'s word as the row transitions read it: walls are the visible rows.
    #[inline]
    fn row_word(&self, x: isize) -> u64 {
        if x < 0 || x >= self.width as isize {
            self.visible
        } else {
            self.words[x as usize]
        }
    }

    /// The weighted sum of the features of the board `placement` leaves, if it clears no row
    /// and stays below the top row and every weighted feature is computed incrementally; else
    /// `None`, for the full evaluation.
    #[inline]
    pub fn evaluate(&self, placement: &Placement, weights: &Weights) -> Option<f64> {
        let shape = placement.piece.shape(placement.rotation);
        let top_row = placement.y + shape.max_y as i32;
        if top_row > self.top_row_limit {
            return None;
        }
        let left = (placement.x + shape.min_x as i32) as usize;
        let span = shape.width();
        let end = left + span;
        let bottom = placement.y + shape.min_y as i32;
        // The touched columns as they will be, and whether a row fills.
        let mut new = [0u64; 4];
        let mut full = self.prefix[left].1 & self.suffix[end].1 & self.visible;
        for (i, word) in new[..span].iter_mut().enumerate() {
            *word = self.words[left + i] | shape.column_bits[i] << bottom;
            full &= *word;
        }
        if full != 0 {
            return None;
        }
        let after = |x: isize| -> u64 {
            if x >= left as isize && x < end as isize {
                new[x as usize - left]
            } else {
                self.word(x)
            }
        };
        let mut changed = [Column::default(); 4];
        for i in 0..span {
            changed[i] = Column::of(new[i]);
        }
        let old = &self.columns[left..end];
        let delta = |field: fn(&Column) -> u32, total: u32| -> u32 {
            total - old.iter().map(field).sum::<u32>()
                + changed[..span].iter().map(field).sum::<u32>()
        };
        let t = &self.totals;
        let value = |kind: Kind| -> f64 {
            match kind {
                Kind::RowsCleared | Kind::ErodedPieceCells => 0.0,
                Kind::LandingHeight => landing_height_of(bottom, top_row),
                Kind::PlacementHeight => (top_row + 1) as f64,
                Kind::Blocks => (t.cells + 4) as f64,
                Kind::Holes => delta(|c| c.holes, t.holes) as f64,
                Kind::HoleDepth => delta(|c| c.hole_depth, t.hole_depth) as f64,
                Kind::ColumnTransitions => delta(|c| c.transitions, t.column_transitions) as f64,
                Kind::AggregateHeight => delta(|c| c.height, t.heights) as f64,
                Kind::MaxHeight => {
                    let top = changed[..span].iter().map(|c| c.height).max().unwrap_or(0);
                    top.max(self.prefix[left].2).max(self.suffix[end].2) as f64
                }
                Kind::RowsWithHoles => {
                    let rows = changed[..span]
                        .iter()
                        .fold(self.prefix[left].0 | self.suffix[end].0, |rows, c| {
                            rows | c.hole_rows
                        });
                    rows.count_ones() as f64
                }
                Kind::CumulativeWells => {
                    let first = left.saturating_sub(1);
                    let last = (end + 1).min(self.width);
                    let mut total = t.wells;
                    for x in first..last {
                        let x = x as isize;
                        total = total - self.wells[x as usize]
                            + column_wells(after(x - 1), after(x), after(x + 1));
                    }
                    total as f64
                }
                Kind::RowTransitions => {
                    let row = |x: isize| {
                        if x < 0 || x >= self.width as isize {
                            self.visible
                        } else {
                            after(x)
                        }
                    };
                    let mut total = t.row_transitions;
                    for p in left..=end {
                        let p = p as isize;
                        total = total - self.row_pairs[p as usize]
                            + pair_transitions(row(p - 1), row(p), self.visible);
                    }
                    total as f64
                }
                Kind::Bumpiness | Kind::AvgHeightDifference => {
                    let bumpiness = self.bump_total(left, end, &changed);
                    if kind == Kind::Bumpiness {
                        bumpiness as f64
                    } else {
                        bumpiness as f64 / (self.width - 1) as f64
                    }
                }
                Kind::PatternDiversity => {
                    let (first, last) = self.touched_pairs(left, end);
                    let mut seen = self.pattern_prefix[first] | self.pattern_suffix[last + 1];
                    for p in first..=last {
                        let height = |x| self.height_after(x, (left, end), &changed) as usize;
                        seen |= height_pattern(height(p - 1), height(p));
                    }
                    seen.count_ones() as f64
                }
            }
        };
        weights.evaluate_by(|term| Some(raise(value(term.kind()?), term.exponent)))
    }

    /// The height pairs a placement over columns `left..end` changes: `first..=last`, within
    /// `1..width` (empty when `first > last`).
    #[inline]
    fn touched_pairs(&self, left: usize, end: usize) -> (usize, usize) {
        (left.max(1), end.min(self.width - 1))
    }

    /// Column `x`'s height once the columns `left..end` are `changed`.
    #[inline]
    fn height_after(&self, x: usize, (left, end): (usize, usize), changed: &[Column; 4]) -> u32 {
        if (left..end).contains(&x) {
            changed[x - left].height
        } else {
            self.columns[x].height
        }
    }

    /// The bumpiness once the columns `left..end` are `changed`.
    fn bump_total(&self, left: usize, end: usize, changed: &[Column; 4]) -> u32 {
        let (first, last) = self.touched_pairs(left, end);
        let mut total = self.totals.bumpiness;
        for p in first..=last {
            let height = |x| self.height_after(x, (left, end), changed);
            total = total - self.bump_pairs[p] + height(p - 1).abs_diff(height(p));
        }
        total
    }
}
