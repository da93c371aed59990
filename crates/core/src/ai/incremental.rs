//! Incremental evaluation: a placement changes at most four columns, so a column feature of the
//! board it leaves is the board's total less those columns' old counts plus their new ones, and
//! a feature of neighbouring columns (wells, row transitions, bumpiness) changes only next to
//! them. [`Incremental`] reads the board once per decision, then scores each placement that
//! clears no row from the few columns it touches, with the same per-column definitions as the
//! full features, so the value is the same to the last bit. Placements that clear rows or reach
//! the top row, and weights with a feature it does not know, are left to the full evaluation.

use crate::ai::features::research::{
    column_hole_count, column_hole_depth, column_transition_count, column_wells, height_pattern,
    landing_height_of, pair_transitions,
};
use crate::ai::features::{FEATURES, Kind, column_holes, low_bits, raise};
use crate::ai::weights::Weights;
use crate::engine::board::{Board, MAX_WIDTH};
use crate::engine::moves::Placement;
use crate::engine::piece::Shape;

/// The walls on each side of the touched columns in a [`Window`].
const PAD: usize = 2;
/// The touched columns (at most four) and two columns (or walls) on each side, from `PAD`
/// columns left of the piece's leftmost.
type Window = [u64; 4 + 2 * PAD];
/// Column words with `PAD` walls on the left and enough on the right for a window from any column.
const PADDED: usize = MAX_WIDTH + 4 + 2 * PAD;

/// Sums over the whole board. The column counts, wells and row transitions are also ends of
/// the running sums (the last of `counts_before`, the first of `wells_from` and of
/// `row_pairs_from`), kept here as well: with the wells and row transitions read from the sums
/// instead, the simd build played a `dellacherie` game about 2% slower in Node.
#[derive(Clone, Copy, Debug, Default)]
struct Totals {
    /// The column counts, summed.
    columns: ColumnCounts,
    wells: u32,
    row_transitions: u32,
    bumpiness: u32,
}

/// A board (and a weight set) read once, to score the placements on it that clear no row: a
/// buffer that [`Incremental::read`] fills in place, so that a search reuses it from decision to
/// decision.
#[derive(Clone, Debug, Default)]
pub struct Incremental {
    width: usize,
    /// The visible rows as bits.
    visible: u64,
    /// The highest row a placement may reach: below the top row.
    top_row_limit: i32,
    /// Column `x`'s word at `x + PAD`, walls (all ones) around.
    padded: [u64; PADDED],
    /// At `x`: the heights, holes, hole depths and column transitions of the columns left of
    /// `x`, summed, so that a run of columns' counts is a difference of two.
    counts_before: [ColumnCounts; MAX_WIDTH + 1],
    /// The cumulative wells of the columns from `x` rightwards at `x + PAD` (0 right of the
    /// board), so that a run of columns' wells is a difference of two.
    wells_from: [u32; PADDED],
    /// The row transitions of the pairs from `p` rightwards, pair `p` being column `p - 1` and
    /// column `p` (the walls at 0 and `width`); 0 past the last pair.
    row_pairs_from: [u32; MAX_WIDTH + 2],
    /// Bumpiness between column `p - 1` and column `p`, for `p` from 1 to `width - 1`.
    bump_pairs: [u32; MAX_WIDTH],
    totals: Totals,
    /// Over columns `..p`: hole rows ORed, full rows ANDed, and the highest column.
    prefix: [(u64, u64, u32); MAX_WIDTH + 1],
    /// Over columns `p..`: the same.
    suffix: [(u64, u64, u32); MAX_WIDTH + 1],
    /// Height patterns ORed over the pairs below `p`, and over the pairs from `p`.
    pattern_prefix: [u32; MAX_WIDTH + 1],
    pattern_suffix: [u32; MAX_WIDTH + 1],
    /// The weights' terms, in their order: feature, weight and exponent.
    terms: [(Kind, f64, Option<f64>); Kind::COUNT],
    term_count: usize,
    /// The values of one placement's features, by kind: each placement writes at least the
    /// weighted ones (the cell count is written once per board, and rows cleared and eroded cells
    /// stay 0), and nothing zeroes them first, which in WebAssembly costs a call per placement.
    values: [f64; Kind::COUNT],
    /// Which of the features that need more than the touched columns are weighted.
    needs: Needs,
}

/// One column's counts.
#[derive(Clone, Copy, Debug, Default)]
struct ColumnCounts {
    height: u32,
    holes: u32,
    hole_depth: u32,
    transitions: u32,
}

/// What the weights need beyond the cheapest column counts: the features whose change reaches
/// past the touched columns, the costlier column features, and exponents.
#[derive(Clone, Copy, Debug, Default)]
struct Needs {
    max_height: bool,
    hole_depth: bool,
    hole_rows: bool,
    exponents: bool,
    wells: bool,
    row_transitions: bool,
    bumpiness: bool,
    patterns: bool,
}

/// A column's height.
#[inline]
fn height(word: u64) -> u32 {
    64 - word.leading_zeros()
}

impl Incremental {
    /// The names of the features computed incrementally.
    pub fn features() -> impl Iterator<Item = &'static str> {
        FEATURES
            .iter()
            .filter(|feature| feature.incremental.is_some())
            .map(|feature| feature.name)
    }

    /// Reads `board` and `weights` into this buffer (overwriting what it held); false, and
    /// nothing to score with, when a weighted feature is not computed incrementally, or when
    /// the stack reaches the top row, where the row features read more rows than the visible
    /// ones and any placement may end the game.
    pub fn read(&mut self, board: &Board, weights: &Weights) -> bool {
        let width = board.width();
        if board.max_height() >= board.height() {
            return false;
        }
        let terms = weights.terms();
        if terms.len() > self.terms.len() {
            return false;
        }
        let mut needs = Needs::default();
        for (slot, term) in self.terms.iter_mut().zip(terms) {
            let Some(kind) = term.kind() else {
                return false;
            };
            *slot = (kind, term.weight, term.exponent);
            needs.exponents |= term.exponent.is_some();
            match kind {
                Kind::HoleDepth => needs.hole_depth = true,
                Kind::MaxHeight => needs.max_height = true,
                Kind::RowsWithHoles => needs.hole_rows = true,
                Kind::CumulativeWells => needs.wells = true,
                Kind::RowTransitions => needs.row_transitions = true,
                Kind::Bumpiness | Kind::AvgHeightDifference => needs.bumpiness = true,
                Kind::PatternDiversity => needs.patterns = true,
                _ => {}
            }
        }
        self.term_count = terms.len();
        self.needs = needs;
        let visible = low_bits(board.height());
        if self.width != width {
            // The walls, and their wells (none), which stay while the width does: a wider
            // board's columns there would be read as walls.
            self.padded.fill(u64::MAX);
            self.wells_from.fill(0);
            self.row_pairs_from[width + 1] = 0;
            self.width = width;
        }
        self.visible = visible;
        self.top_row_limit = board.height() as i32 - 2;
        self.prefix[0] = (0, u64::MAX, 0);
        self.suffix[width] = (0, u64::MAX, 0);
        let mut t = Totals::default();
        let mut cells = 0;
        // A column's rows with holes, where they are weighted (the prefixes and suffixes).
        let hole_rows = |word| {
            if needs.hole_rows {
                column_holes(word)
            } else {
                0
            }
        };
        self.counts_before[0] = ColumnCounts::default();
        for (x, &word) in board.columns().iter().enumerate() {
            // Copied here rather than beforehand in one copy, which in WebAssembly is a call.
            self.padded[PAD + x] = word;
            let counts = ColumnCounts {
                height: height(word),
                holes: column_hole_count(word),
                hole_depth: if needs.hole_depth {
                    column_hole_depth(word)
                } else {
                    0
                },
                transitions: column_transition_count(word),
            };
            let sums = &mut t.columns;
            sums.height += counts.height;
            sums.holes += counts.holes;
            sums.hole_depth += counts.hole_depth;
            sums.transitions += counts.transitions;
            self.counts_before[x + 1] = *sums;
            cells += word.count_ones();
            let (holes, full, top) = self.prefix[x];
            self.prefix[x + 1] = (holes | hole_rows(word), full & word, top.max(counts.height));
        }
        // From the right: the suffixes, and the wells and row transitions where weighted.
        let padded = &self.padded;
        for x in (0..width).rev() {
            let (holes, full, top) = self.suffix[x + 1];
            let i = x + PAD;
            let word = padded[i];
            self.suffix[x] = (holes | hole_rows(word), full & word, top.max(height(word)));
            if needs.wells {
                t.wells += column_wells(padded[i - 1], word, padded[i + 1]);
                self.wells_from[i] = t.wells;
            }
            if needs.row_transitions {
                // The pair of this column and the one (or the wall) on its right.
                t.row_transitions += pair_transitions(word, padded[i + 1], visible);
                self.row_pairs_from[x + 1] = t.row_transitions;
            }
        }
        // The wall left of the first column has no wells.
        self.wells_from[PAD - 1] = t.wells;
        if needs.row_transitions {
            // The left wall and the first column.
            t.row_transitions += pair_transitions(padded[PAD - 1], padded[PAD], visible);
            self.row_pairs_from[0] = t.row_transitions;
        }
        if needs.bumpiness || needs.patterns {
            self.pattern_prefix[1] = 0;
            self.pattern_suffix[width] = 0;
            let mut patterns = [0u32; MAX_WIDTH];
            for (x, pattern) in patterns.iter_mut().enumerate().take(width).skip(1) {
                let (below, here) = (height(padded[x + PAD - 1]), height(padded[x + PAD]));
                self.bump_pairs[x] = below.abs_diff(here);
                *pattern = height_pattern(below as usize, here as usize);
                t.bumpiness += self.bump_pairs[x];
            }
            for (p, &pattern) in patterns.iter().enumerate().take(width).skip(1) {
                self.pattern_prefix[p + 1] = self.pattern_prefix[p] | pattern;
            }
            for p in (1..width).rev() {
                self.pattern_suffix[p] = self.pattern_suffix[p + 1] | patterns[p];
            }
        }
        // The same for every placement that clears no row: the board's cells and the piece's.
        self.values[Kind::Blocks as usize] = (cells + 4) as f64;
        self.totals = t;
        true
    }

    /// The weighted sum of the features of the board `placement` leaves, if it clears no row
    /// and stays below the top row; else `None`, for the full evaluation. The feature values
    /// pass through this buffer, hence `&mut`.
    #[inline(always)]
    pub fn evaluate(&mut self, placement: &Placement) -> Option<f64> {
        // The piece's width as a constant, so that the walks over its columns unroll.
        let shape = placement.piece.shape(placement.rotation);
        match shape.width() {
            1 => self.evaluate_span::<1>(shape, placement),
            2 => self.evaluate_span::<2>(shape, placement),
            3 => self.evaluate_span::<3>(shape, placement),
            _ => self.evaluate_span::<4>(shape, placement),
        }
    }

    /// [`Incremental::evaluate`] for a placement whose `shape` (its piece's in its rotation) is
    /// `SPAN` columns wide.
    #[inline(always)]
    pub(crate) fn evaluate_span<const SPAN: usize>(
        &mut self,
        shape: &Shape,
        placement: &Placement,
    ) -> Option<f64> {
        let top_row = placement.y + shape.max_y as i32;
        if top_row > self.top_row_limit {
            return None;
        }
        let left = (placement.x + shape.min_x as i32) as usize;
        let span = SPAN;
        let end = left + span;
        let bottom = placement.y + shape.min_y as i32;
        // `window[k]` is column `left + k - PAD` as it will be (walls all ones).
        let mut window: Window = [0; 4 + 2 * PAD];
        window.copy_from_slice(&self.padded[left..left + 4 + 2 * PAD]);
        let mut full = self.prefix[left].1 & self.suffix[end].1 & self.visible;
        for i in 0..span {
            let word = &mut window[PAD + i];
            *word |= shape.column_bits[i] << bottom;
            full &= *word;
        }
        if full != 0 {
            return None;
        }
        // The column features, from one walk over the touched columns: the board's totals
        // less the columns' old counts plus their new ones.
        let t = &self.totals;
        let touched = &window[PAD..PAD + span];
        let (all, before, through) = (
            &t.columns,
            &self.counts_before[left],
            &self.counts_before[end],
        );
        let mut heights = all.height - (through.height - before.height);
        let mut holes = all.holes - (through.holes - before.holes);
        let mut transitions = all.transitions - (through.transitions - before.transitions);
        for &word in touched {
            heights += height(word);
            holes += column_hole_count(word);
            transitions += column_transition_count(word);
        }
        if self.needs.max_height {
            let mut top = self.prefix[left].2.max(self.suffix[end].2);
            for &word in touched {
                top = top.max(height(word));
            }
            self.values[Kind::MaxHeight as usize] = top as f64;
        }
        if self.needs.hole_depth {
            let mut depth = all.hole_depth - (through.hole_depth - before.hole_depth);
            for &word in touched {
                depth += column_hole_depth(word);
            }
            self.values[Kind::HoleDepth as usize] = depth as f64;
        }
        if self.needs.hole_rows {
            let mut hole_rows = self.prefix[left].0 | self.suffix[end].0;
            for &word in touched {
                hole_rows |= column_holes(word);
            }
            self.values[Kind::RowsWithHoles as usize] = hole_rows.count_ones() as f64;
        }
        self.values[Kind::LandingHeight as usize] = landing_height_of(bottom, top_row);
        self.values[Kind::PlacementHeight as usize] = (top_row + 1) as f64;
        self.values[Kind::AggregateHeight as usize] = heights as f64;
        self.values[Kind::Holes as usize] = holes as f64;
        self.values[Kind::ColumnTransitions as usize] = transitions as f64;
        if self.needs.wells {
            // The touched columns: window `PAD..PAD + span`, at `left + PAD..end + PAD` in the
            // sums.
            let mut old = self.wells_from[left + PAD] - self.wells_from[end + PAD];
            let mut now = 0;
            for k in PAD..PAD + span {
                now += column_wells(window[k - 1], window[k], window[k + 1]);
            }
            // A neighbour's wells change only if the piece's cells next to it make new well
            // cells, empty in it and filled on its other side (never so for a wall).
            let (outer, neighbour) = (window[PAD - 2], window[PAD - 1]);
            if !neighbour & outer & (shape.column_bits[0] << bottom) != 0 {
                old += self.wells_from[left + 1] - self.wells_from[left + 2];
                now += column_wells(outer, neighbour, window[PAD]);
            }
            let (neighbour, outer) = (window[PAD + span], window[PAD + span + 1]);
            if !neighbour & outer & (shape.column_bits[span - 1] << bottom) != 0 {
                old += self.wells_from[end + PAD] - self.wells_from[end + PAD + 1];
                now += column_wells(window[PAD + span - 1], neighbour, outer);
            }
            self.values[Kind::CumulativeWells as usize] = (t.wells - old + now) as f64;
        }
        if self.needs.row_transitions {
            // Pairs `left..=end`: window `k` and `k + 1` for k from 1 to span + 1.
            let old = self.row_pairs_from[left] - self.row_pairs_from[end + 1];
            let now: u32 = (1..span + 2)
                .map(|k| pair_transitions(window[k], window[k + 1], self.visible))
                .sum();
            self.values[Kind::RowTransitions as usize] = (t.row_transitions - old + now) as f64;
        }
        if self.needs.bumpiness {
            let bumpiness = self.bumpiness((left, end), &window.map(height)) as f64;
            self.values[Kind::Bumpiness as usize] = bumpiness;
            self.values[Kind::AvgHeightDifference as usize] = bumpiness / (self.width - 1) as f64;
        }
        if self.needs.patterns {
            let (first, last) = self.touched_pairs(left, end);
            let mut seen = self.pattern_prefix[first] | self.pattern_suffix[last + 1];
            // Indexed from the heights: a walk over a run of columns known only at run time
            // would keep the window itself in memory.
            let heights = window.map(height);
            for p in first..=last {
                let k = p + PAD - left;
                seen |= height_pattern(heights[k - 1] as usize, heights[k] as usize);
            }
            self.values[Kind::PatternDiversity as usize] = seen.count_ones() as f64;
        }
        // Summed as `Weights::evaluate` sums, term by term in the weights' order.
        let terms = self.terms[..self.term_count].iter();
        Some(if self.needs.exponents {
            terms
                .map(|&(kind, weight, exponent)| {
                    weight * raise(self.values[kind as usize], exponent)
                })
                .sum()
        } else {
            terms
                .map(|&(kind, weight, _)| weight * self.values[kind as usize])
                .sum()
        })
    }

    /// The height pairs a placement over columns `left..end` changes: `first..=last`, within
    /// `1..width` (empty when `first > last`).
    #[inline]
    fn touched_pairs(&self, left: usize, end: usize) -> (usize, usize) {
        (left.max(1), end.min(self.width - 1))
    }

    /// The bumpiness once the touched columns are as in the window whose column heights are
    /// `heights` (see [`Incremental::evaluate`]).
    #[inline]
    fn bumpiness(&self, (left, end): (usize, usize), heights: &[u32; 4 + 2 * PAD]) -> u32 {
        let (first, last) = self.touched_pairs(left, end);
        let mut total = self.totals.bumpiness;
        for p in first..=last {
            let k = p + PAD - left;
            total = total - self.bump_pairs[p] + heights[k - 1].abs_diff(heights[k]);
        }
        total
    }
}
