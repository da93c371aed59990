//! How far and how wide the search looks, and how it values a plan: the settings a game, the
//! command line and the page give, checked.

use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};
use tetris_ai_engine::named_choices;

/// The shallowest search: the current piece only.
pub const MIN_DEPTH: u8 = 1;
/// The deepest search: the current piece and the three after it.
pub const MAX_DEPTH: u8 = 4;
/// The widest beam a ply past the second may keep.
pub const MAX_BEAM: u32 = 16;
/// The widest beam through the preview (see [`SearchConfig::preview_beam`]).
pub const MAX_PREVIEW_BEAM: u32 = 1 << 16;

/// How far and how wide to search.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct SearchConfig {
    /// How many pieces a plan places: 1, the current piece only; 2 to 4, the pieces after it
    /// too (known ones exactly, unknown ones by expectation over those that can come).
    pub depth: u8,
    /// The fraction of first moves (best first) searched at the second ply, in (0, 1].
    pub prune: f64,
    /// The moves of each piece after the first (best first) searched at the ply after theirs,
    /// at depths 3 and 4, from 1 to [`MAX_BEAM`]; `None` takes the depth's default
    /// ([`default_beam`]).
    pub beam: Option<u32>,
    /// How much a plan must improve on the best single move to replace it (with
    /// [`PlanValue::Max`], the bonus a move's own score gets); `None` takes the preset's
    /// margin where it sets one, else 0.
    pub margin: Option<f64>,
    /// How a plan is valued.
    pub value: PlanValue,
    /// How a tie between equally good first moves is broken.
    pub tie_break: TieBreak,
    /// Whether the second ply reads the board with the first piece's full rows still in place
    /// (Yiyuan Lee's program), so that the next piece's placement is scored with the rows both
    /// pieces fill, and its before-clears features see them; otherwise they are removed first.
    pub keep_first_rows: bool,
    /// Search by a beam this many nodes wide through every known piece (the current one, the
    /// preview and hold), then weigh the piece after them by the mean over what the randomizer
    /// can draw (see [`crate::ai::search::beam`]), from 1 to [`MAX_PREVIEW_BEAM`], instead of by
    /// plies, whose settings it then ignores; `None` searches by plies.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub preview_beam: Option<u32>,
}

/// How a move is valued from its own score `s` and the value `n` of the plies after it (at the
/// last ply, the best score of the piece placed there; see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PlanValue {
    /// `s + n`, so a plan's value is the sum of its moves' scores; a plan replaces the best
    /// single move only if it gains at least the margin.
    Sum,
    /// `max(s + margin, n)`: the move's own score with the margin as a bonus, or the value of
    /// what follows, whichever is larger (the p5.js program's lookahead).
    Max,
    /// `n`: the value of what follows alone, so a plan is valued by the board its last piece
    /// leaves (Yiyuan Lee's program's lookahead).
    Next,
}

/// How a tie between equally good first moves is broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// Uniformly at random among the tied moves, from the game's seeded generator.
    Random,
    /// The first of the tied moves in move order (see the module documentation).
    First,
}

named_choices!(PlanValue, "plan value", Sum => "sum", Max => "max", Next => "next");
named_choices!(TieBreak, "tie-break", Random => "random", First => "first");

impl PlanValue {
    /// The value of a move scored `own` followed by plies worth `next`.
    #[inline]
    pub(crate) fn combine(self, margin: f64, own: f64, next: f64) -> f64 {
        match self {
            PlanValue::Sum => own + next,
            PlanValue::Max => (own + margin).max(next),
            PlanValue::Next => next,
        }
    }
}

/// The beam a search of `depth` keeps by default at each ply past the second: the widths that
/// gave the most lines per millisecond of thinking in the measurements of
/// `docs/rules-and-search.md` ("Strength by depth").
pub const fn default_beam(depth: u8) -> u32 {
    match depth {
        0..=3 => 4,
        _ => 2,
    }
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig::DEFAULT
    }
}

impl SearchConfig {
    /// The default search: one ply, the best quarter of first moves searched at the second, the
    /// depth's beam, the preset's margin, summed plan values, random tie-breaks, and full rows
    /// removed before the second ply.
    pub const DEFAULT: SearchConfig = SearchConfig {
        depth: 1,
        prune: 0.25,
        beam: None,
        margin: None,
        value: PlanValue::Sum,
        tie_break: TieBreak::Random,
        keep_first_rows: false,
        preview_beam: None,
    };

    /// The beam in force: the one set, else the depth's default.
    pub fn beam_width(&self) -> usize {
        self.beam.unwrap_or(default_beam(self.depth)) as usize
    }

    /// Checks the values; the error names the bad one.
    pub fn validate(&self) -> Result<()> {
        if !(MIN_DEPTH..=MAX_DEPTH).contains(&self.depth) {
            return Err(Error::Config(format!(
                "search depth {} is not supported: it must be from {MIN_DEPTH} to {MAX_DEPTH}",
                self.depth
            )));
        }
        if !(self.prune > 0.0 && self.prune <= 1.0) {
            return Err(Error::Config(format!(
                "prune fraction {} is out of range: it must be above 0 and at most 1",
                self.prune
            )));
        }
        if let Some(beam) = self.beam
            && !(1..=MAX_BEAM).contains(&beam)
        {
            return Err(Error::Config(format!(
                "beam {beam} is out of range: it must be from 1 to {MAX_BEAM}"
            )));
        }
        if let Some(width) = self.preview_beam
            && !(1..=MAX_PREVIEW_BEAM).contains(&width)
        {
            return Err(Error::Config(format!(
                "preview beam {width} is out of range: it must be from 1 to {MAX_PREVIEW_BEAM}"
            )));
        }
        if let Some(margin) = self.margin
            && !(margin.is_finite() && margin >= 0.0)
        {
            return Err(Error::Config(format!(
                "lookahead margin {margin} must be a finite number, 0 or more"
            )));
        }
        Ok(())
    }
}
