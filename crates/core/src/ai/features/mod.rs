//! The feature registry: every board feature the AI can weigh, one entry each, with the one
//! definition given for it in the project's feature table (row 0 is the bottom; a column's
//! height is one more than its highest filled row). Features read the board after full rows
//! are removed unless their entry says "before clears".
//!
//! The research definitions live in `research.rs`; where a published program computed a feature
//! its own way, that variant is a feature of its own, named after the program, in `sources.rs`.
//! Each feature's name in players' words is in `plain.rs`.

use crate::ai::versus_view::VersusView;
use crate::engine::board::Board;
use crate::engine::moves::Placement;
use crate::engine::rules::{TopOut, lock};
use crate::error::{Error, Result};
pub use counted::{Counted, counted_cells};
pub(crate) use kind::Kind;
pub use plain::{PLAIN, Plain, plain};
use research::*;
use sources::*;
use tetris_ai_engine::ts_name_union;
use versus::*;

mod cold_clear;
mod counted;
mod kind;
mod plain;
pub(crate) mod research;
mod sources;
mod versus;

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
    /// The removed rows as bits (bit `y` for row `y` before the clear), for the features read
    /// before clears.
    pub cleared: u64,
    /// The placement locked.
    pub placement: &'a Placement,
    /// The match as it stood before the placement (the default outside a match).
    pub versus: VersusView,
}

impl Outcome<'_> {
    /// What `read` finds in the outcome of locking `placement` on a copy of `board` in the match
    /// `versus`, told whether the placement ends the game under `top_out` (the outcome is read
    /// all the same).
    #[inline(always)]
    pub fn of<R>(
        board: &Board,
        placement: &Placement,
        versus: VersusView,
        top_out: TopOut,
        read: impl FnOnce(&Outcome, bool) -> R,
    ) -> R {
        let mut after = *board;
        let locked = lock(&mut after, placement, top_out);
        let outcome = Outcome {
            board: &after,
            landing_row: locked.landing_row,
            top_row: locked.top_row,
            rows_cleared: locked.rows_cleared,
            piece_cells_cleared: locked.piece_cells_cleared,
            cleared: locked.cleared,
            placement,
            versus,
        };
        read(&outcome, locked.tops_out)
    }
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
    /// What it counts, to be shown on the board.
    pub counts: Counted,
    /// How the incremental evaluation computes it, if it does.
    pub(crate) incremental: Option<Kind>,
    /// Which part of a plan's value its term is.
    pub part: Part,
}

/// Which part of a plan's value a feature's term is, as a beam through several pieces adds
/// them up (see `search::beam`): what a move did (its clear, where its piece landed), added up
/// over the plan's moves, or what the board and the match are after a move, read on the board
/// the plan's last move leaves alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// What the move itself did.
    Move,
    /// What the board and the match are after the move.
    Board,
}

impl Feature {
    /// The feature's value for `outcome`, with `exponent` applied as the feature defines (by
    /// `libm`'s power, so that native builds and WebAssembly agree to the last bit).
    #[inline]
    pub fn value(&self, outcome: &Outcome, exponent: Option<f64>) -> f64 {
        match self.compute {
            Compute::Value(f) => raise(f(outcome), exponent),
            Compute::ColumnPower(f) => f(outcome, exponent.unwrap_or(1.0)),
        }
    }
}

/// A number-valued feature's `value` raised to `exponent`, if one is given.
#[inline]
pub(crate) fn raise(value: f64, exponent: Option<f64>) -> f64 {
    match exponent {
        None => value,
        Some(e) => libm::pow(value, e),
    }
}

/// Every feature, in a fixed order (a feature's index is its position here).
pub static FEATURES: [Feature; 44] = [
    Feature {
        name: "rows_cleared",
        definition: "full rows removed by this placement",
        compute: Compute::Value(rows_cleared),
        counts: Counted::ClearedRows,
        incremental: Some(Kind::RowsCleared),
        part: Part::Move,
    },
    Feature {
        name: "landing_height",
        definition: "row of the placed piece's lowest cell + (piece height - 1) / 2, before clears",
        compute: Compute::Value(landing_height),
        counts: Counted::Piece,
        incremental: Some(Kind::LandingHeight),
        part: Part::Move,
    },
    Feature {
        name: "eroded_piece_cells",
        definition: "rows cleared x the placed piece's own cells inside those rows",
        compute: Compute::Value(eroded_piece_cells),
        counts: Counted::PieceInClearedRows,
        incremental: Some(Kind::ErodedPieceCells),
        part: Part::Move,
    },
    Feature {
        name: "row_transitions",
        definition: "filled/empty changes along each row, walls filled, summed over the rows",
        compute: Compute::Value(row_transitions),
        counts: Counted::RowChanges,
        incremental: Some(Kind::RowTransitions),
        part: Part::Board,
    },
    Feature {
        name: "column_transitions",
        definition: "filled/empty changes up each column, floor filled, space above empty",
        compute: Compute::Value(column_transitions),
        counts: Counted::ColumnChanges,
        incremental: Some(Kind::ColumnTransitions),
        part: Part::Board,
    },
    Feature {
        name: "holes",
        definition: "empty cells with a filled cell anywhere above them in their column",
        compute: Compute::Value(holes),
        counts: Counted::Holes,
        incremental: Some(Kind::Holes),
        part: Part::Board,
    },
    Feature {
        name: "cumulative_wells",
        definition: "for each well cell (empty, both neighbours filled), the empty cells from it down",
        compute: Compute::Value(cumulative_wells),
        counts: Counted::WellsDown,
        incremental: Some(Kind::CumulativeWells),
        part: Part::Board,
    },
    Feature {
        name: "max_height",
        definition: "the highest column height",
        compute: Compute::Value(max_height),
        counts: Counted::HighestColumns,
        incremental: Some(Kind::MaxHeight),
        part: Part::Board,
    },
    Feature {
        name: "aggregate_height",
        definition: "the sum of the column heights",
        compute: Compute::Value(aggregate_height),
        counts: Counted::Stack,
        incremental: Some(Kind::AggregateHeight),
        part: Part::Board,
    },
    Feature {
        name: "bumpiness",
        definition: "the sum of height differences between adjacent columns",
        compute: Compute::Value(bumpiness),
        counts: Counted::Steps,
        incremental: Some(Kind::Bumpiness),
        part: Part::Board,
    },
    Feature {
        name: "avg_height_difference",
        definition: "bumpiness / (width - 1)",
        compute: Compute::Value(avg_height_difference),
        counts: Counted::Steps,
        incremental: Some(Kind::AvgHeightDifference),
        part: Part::Board,
    },
    Feature {
        name: "blocks",
        definition: "number of filled cells",
        compute: Compute::Value(blocks),
        counts: Counted::Blocks,
        incremental: Some(Kind::Blocks),
        part: Part::Board,
    },
    Feature {
        name: "avg_height",
        definition: "mean over filled cells of (row + 1); 0 on an empty board",
        compute: Compute::Value(avg_height),
        counts: Counted::Blocks,
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "blocks_above_holes",
        definition: "filled cells with at least one hole below them in their column",
        compute: Compute::Value(blocks_above_holes),
        counts: Counted::BlocksAboveHoles,
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "gaps",
        definition: "empty cells whose left and right neighbours are filled, walls filled",
        compute: Compute::Value(gaps),
        counts: Counted::Wells,
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "placement_height",
        definition: "row + 1 of the placed piece's highest cell, before clears",
        compute: Compute::Value(placement_height),
        counts: Counted::Piece,
        incremental: Some(Kind::PlacementHeight),
        part: Part::Move,
    },
    Feature {
        name: "deepest_well",
        definition: "max over columns of (lower neighbour height - height) where both neighbours are higher",
        compute: Compute::Value(deepest_well),
        counts: Counted::DeepestWell,
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "hole_depth",
        definition: "for each hole, the filled cells directly above it up to the first empty cell",
        compute: Compute::Value(hole_depth),
        counts: Counted::HoleCover,
        incremental: Some(Kind::HoleDepth),
        part: Part::Board,
    },
    Feature {
        name: "rows_with_holes",
        definition: "rows containing at least one hole",
        compute: Compute::Value(rows_with_holes),
        counts: Counted::RowsWithHoles,
        incremental: Some(Kind::RowsWithHoles),
        part: Part::Board,
    },
    Feature {
        name: "pattern_diversity",
        definition: "distinct adjacent-column height differences within -2..2",
        compute: Compute::Value(pattern_diversity),
        counts: Counted::Surface,
        incremental: Some(Kind::PatternDiversity),
        part: Part::Board,
    },
    Feature {
        name: "column_holes_pow",
        definition: "sum over columns of (holes in the column) ^ exponent",
        compute: Compute::ColumnPower(column_holes_pow),
        counts: Counted::Holes,
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "row_transitions_cs3243",
        definition: "CS3243: filled/empty changes along rows 0 to H read as one line from a filled left wall, plus 1 for each row ending empty",
        compute: Compute::Value(row_transitions_cs3243),
        counts: Counted::RowChanges,
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "wells_cs3243",
        definition: "CS3243: each empty cell above its column's top with both neighbours filled (walls filled) adds d(d+1)/2, d = row - height + 1",
        compute: Compute::Value(wells_cs3243),
        counts: Counted::OpenWells,
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "row_flips",
        definition: "p5.js: filled/empty changes between horizontal neighbours, no walls, top row skipped",
        compute: Compute::Value(row_flips),
        counts: Counted::RowChanges,
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "column_flips",
        definition: "p5.js: filled/empty changes between vertical neighbours, no floor, top row and column 0 skipped",
        compute: Compute::Value(column_flips),
        counts: Counted::ColumnChanges,
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "aggregate_height_takado8",
        definition: "takado8: the sum of the column heights before clears, less the width for each row cleared",
        compute: Compute::Value(aggregate_height_takado8),
        counts: Counted::BeforeClears(&Counted::Stack),
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "holes_before_clears",
        definition: "holes counted before clears (the placed piece and the full rows in place)",
        compute: Compute::Value(holes_before_clears),
        counts: Counted::BeforeClears(&Counted::Holes),
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "bumpiness_before_clears",
        definition: "bumpiness before clears",
        compute: Compute::Value(bumpiness_before_clears),
        counts: Counted::BeforeClears(&Counted::Steps),
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "aggregate_height_before_clears",
        definition: "the sum of the column heights before clears (full rows counted)",
        compute: Compute::Value(aggregate_height_before_clears),
        counts: Counted::BeforeClears(&Counted::Stack),
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "tsd_slot",
        definition: "the most lines a T-spin double slot would clear with a T in it (0 to 2; 0 with none): an empty notch between two filled cells, the three cells above it empty, one end of that row covered by the cell above it and the other open to the sky",
        compute: Compute::Value(tsd_slot_lines),
        counts: Counted::TsdSlot,
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "tst_slot",
        definition: "the most lines a T-spin triple slot would clear with a T kicked into it (0 to 3; 0 with none): an empty shaft four rows deep under a roof, a notch beside its second row under a ledge, the way in open beyond the ledge, and two of the T's other corners filled",
        compute: Compute::Value(tst_slot_lines),
        counts: Counted::TstSlot,
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "cavity_cells",
        definition: "holes in regions (joined side by side and up and down) with no cell beside an empty cell at or above its column's top: closed in",
        compute: Compute::Value(cavity_cells),
        counts: Counted::Cavities,
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "overhang_cells",
        definition: "holes in regions (joined side by side and up and down) with a cell beside an empty cell at or above its column's top: a piece can slide in under the cover",
        compute: Compute::Value(overhang_cells),
        counts: Counted::Overhangs,
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "top_half",
        definition: "rows the tallest column reaches into the board's top half: max(0, max_height - (H - floor(H/2)))",
        compute: Compute::Value(top_half),
        counts: Counted::TopRows(2),
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "top_quarter",
        definition: "rows the tallest column reaches into the board's top quarter: max(0, max_height - (H - floor(H/4)))",
        compute: Compute::Value(top_quarter),
        counts: Counted::TopRows(4),
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "well_lines",
        definition: "rows above the leftmost lowest column's top, from there up, in which every other column is filled: the lines an I dropped down it clears",
        compute: Compute::Value(well_lines),
        counts: Counted::WellLines,
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "attack",
        definition: "garbage rows this placement's clear sends by the match's attack table, its streaks counted (outside a match, the PPT table with none: a T-spin double 4, a Tetris 4, a perfect clear 10)",
        compute: Compute::Value(attack),
        counts: Counted::ClearedRows,
        incremental: None,
        part: Part::Move,
    },
    Feature {
        name: "difficult_clear",
        definition: "1 when this placement's clear keeps a back-to-back chain (four lines, or a T-spin, mini or full, that clears lines), else 0",
        compute: Compute::Value(difficult_clear),
        counts: Counted::ClearedRows,
        incremental: None,
        part: Part::Move,
    },
    Feature {
        name: "back_to_back",
        definition: "1 when a back-to-back chain runs after this placement (its clear is difficult, or it clears nothing and a chain ran before), else 0",
        compute: Compute::Value(back_to_back),
        counts: Counted::ClearedRows,
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "combo",
        definition: "placements in a row that cleared lines, this one the last: 0 when it clears none",
        compute: Compute::Value(combo),
        counts: Counted::ClearedRows,
        incremental: None,
        part: Part::Move,
    },
    Feature {
        name: "garbage_danger",
        definition: "rows the tallest column would reach into the top quarter once the waiting garbage this placement's attack leaves comes up: max(0, max_height + rows left - (H - floor(H/4)))",
        compute: Compute::Value(garbage_danger),
        counts: Counted::TopRows(4),
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "clears",
        definition: "1 when this placement clears lines, else 0: each clear holds the game for the clear delay while the opponent plays on",
        compute: Compute::Value(clears),
        counts: Counted::ClearedRows,
        incremental: None,
        part: Part::Move,
    },
    Feature {
        name: "cold_clear_2_board",
        definition: "Cold Clear 2's evaluation of the board, its default weights: its T slot cut out (0.1, 1.5 or 2 by the rows a T fills, those rows removed when two), then -1.5 a hole, -0.2 a row from a hole to its column's top (6 at most), -0.4 a row of the tallest column, -1.5 more in the top half and -5 more in the top quarter, -0.2 a change along the rows, +0.3 a line an I down the lowest column clears, +0.5 while a back-to-back chain runs",
        compute: Compute::Value(cold_clear::board),
        counts: Counted::ColdClearSlot,
        incremental: None,
        part: Part::Board,
    },
    Feature {
        name: "cold_clear_2_move",
        definition: "Cold Clear 2's reward for the move, its default weights: 15 for a perfect clear, else -2, -1.5, -1 or 3.5 for 1 to 4 lines, -1.5 or -1 for a mini T-spin single or double, 1, 4 or 6 for a T-spin single, double or triple, +1 for a back-to-back bonus; -1.5 for a T placed without a T-spin double or triple",
        compute: Compute::Value(cold_clear::reward),
        counts: Counted::ClearedRows,
        incremental: None,
        part: Part::Move,
    },
];

/// The features whose value depends on the match (its attack table, its streaks or the garbage
/// waiting), not on the board and the placement alone; a test checks that no other does.
pub const READS_THE_MATCH: [&str; 6] = [
    "attack",
    "back_to_back",
    "combo",
    "garbage_danger",
    "cold_clear_2_board",
    "cold_clear_2_move",
];

/// The features whose value can be below 0: they take no exponent, since a fractional power of a
/// negative number is no number.
pub const SIGNED: [&str; 2] = ["cold_clear_2_board", "cold_clear_2_move"];

/// The names of all features, in registry order.
pub fn names() -> Vec<&'static str> {
    FEATURES.iter().map(|f| f.name).collect()
}

ts_name_union!(
    FeatureName,
    "The name of a feature: one of the registry's.",
    names()
);

/// The registry index of the feature called `name`.
pub fn index_of(name: &str) -> Option<usize> {
    FEATURES.iter().position(|f| f.name == name)
}

/// [`index_of`], or an error that names `name` and the features there are.
pub fn find_index(name: &str) -> Result<usize> {
    index_of(name).ok_or_else(|| Error::UnknownFeature {
        name: name.to_string(),
        known: names(),
    })
}

/// The height of a column word: one more than its highest filled row.
#[inline]
pub(crate) fn height(column: u64) -> u32 {
    64 - column.leading_zeros()
}

/// A word with the lowest `n` bits set.
#[inline]
pub(crate) fn low_bits(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// The rows the row-based features read: the visible rows, and any buffer rows in use.
#[inline]
fn row_span(board: &Board) -> u64 {
    low_bits(board.height().max(board.max_height()))
}

/// Column word `column` of a board after clears as it was before them: the removed rows
/// (`cleared`, in rows before the clear) put back, full.
#[inline]
fn before_clears(column: u64, cleared: u64) -> u64 {
    rows_put_back(column, cleared) | cleared
}

/// Word `word` of a column after clears (its cells, or marks on them), with the removed rows
/// (`cleared`, in rows before the clear) put back empty between its rows.
#[inline]
fn rows_put_back(mut word: u64, mut cleared: u64) -> u64 {
    // From the lowest removed row up, each at its place before the clear.
    while cleared != 0 {
        let y = cleared.trailing_zeros();
        word = (word & low_bits(y as usize)) | (word >> y) << (y + 1);
        cleared &= cleared - 1;
    }
    word
}

/// The holes of one column as bits: empty cells below its highest filled cell (the cells below
/// the top bit, without a branch for an empty column: `column | 1` has the same top bit unless
/// the column is empty, and then nothing lies below it).
#[inline]
pub(crate) fn column_holes(column: u64) -> u64 {
    !column & (u64::MAX >> (column | 1).leading_zeros() >> 1)
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
