//! The coach: why the search scores a first move as it does, feature by feature, and where a
//! placement ranks among all the first moves with the features that set it apart from the best.
//! Both read the evaluation that plays: a placement's terms are [`Weights::contributions`] of
//! the board it leaves, which summed in order are the search's score for it to the last bit, and
//! the later plies' value at depth 2 and deeper is the one the search works out for it.
//!
//! A placement is one of the first moves when its piece and cells are those of one: the current
//! piece's, or the hold alternative's (a different piece), so the piece says whether hold is used.
//! Ranks count the first moves by their own score (the board each leaves), at every depth, as
//! [`Searcher::rank`] orders them: 1 + how many score higher.

use super::{Candidate, FirstPiece, Position, SearchConfig, Searcher, plan, scoring::read_outcome};
use crate::ai::weights::{Contribution, Weights};
use crate::engine::moves::Placement;
use serde::Serialize;
use std::cmp::Ordering;

/// How the search scores one first move: each weighted feature of the board it leaves.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Explanation {
    /// The placement, as the search finds it.
    pub placement: Placement,
    /// Whether the hold slot is used first (the placement is the hold alternative's).
    pub hold: bool,
    /// Each weighted feature of the board the placement leaves, in the weights' order; none when
    /// the placement ends the game.
    pub terms: Vec<Contribution>,
    /// The placement's own score: the terms' contributions summed in order, minus infinity when
    /// it ends the game. The search ranks first moves by it, and plays by it at depth 1.
    pub score: f64,
    /// Whether the placement ends the game.
    pub ends_game: bool,
    /// At depth 2 and deeper, the value of the plies after it, as the search works it out (the
    /// pieces that follow, known or expected); null at depth 1.
    pub later: Option<f64>,
    /// At depth 2 and deeper, the value the AI chooses by: `score` combined with `later` as the
    /// search's plan value says (their sum by default); null at depth 1, where it is `score`.
    pub plan: Option<f64>,
}

/// Where a placement ranks among the first moves, and what sets it apart from the best.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Rating {
    /// The placement rated.
    pub placement: Placement,
    /// Whether the hold slot is used first.
    pub hold: bool,
    /// 1 + how many first moves score higher: its place in `search()`'s order, ties sharing the
    /// place of the first of them.
    pub rank: usize,
    /// How many first moves there are (of the current piece and the hold alternative).
    pub of: usize,
    /// The placement's own score (see [`Explanation::score`]).
    pub score: f64,
    /// The best first move: the first that `search()` gives.
    pub best: Placement,
    /// Whether the best uses the hold slot first.
    pub best_hold: bool,
    /// The best first move's score.
    pub best_score: f64,
    /// How far below the best the placement scores: `best_score - score`, 0 for one tied with
    /// it, infinite for one that ends the game where the best does not. Negative only for a
    /// placement made by hand that the search does not find and that beats all it finds (a tuck
    /// under the research rules, whose search drops pieces).
    pub gap: f64,
    /// The one or two features that make the most of the gap, the larger first: those whose
    /// contribution differs from the best's in the gap's direction. None without a gap, or where
    /// one of the two ends the game.
    pub differences: Vec<Difference>,
}

/// How one feature of a placement differs from the best first move's.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Difference {
    /// The feature's registered name.
    #[cfg_attr(feature = "typescript", ts(as = "crate::ai::features::FeatureName"))]
    pub feature: &'static str,
    /// The feature's name in players' words.
    pub name: &'static str,
    /// The placement's value of the feature less the best's (before any exponent).
    pub change: f64,
    /// The placement's contribution less the best's: negative where the feature costs it score.
    pub effect: f64,
}

/// The terms of `placement` on `position`'s board, and their sum: `None` when it ends the game.
fn terms_of(
    position: &Position,
    weights: &Weights,
    placement: &Placement,
) -> Option<(Vec<Contribution>, f64)> {
    let top_out = position.rules.top_out();
    read_outcome(
        position.board,
        placement,
        position.versus,
        top_out,
        |outcome| {
            let terms = weights.contributions(outcome);
            let score = terms.iter().map(|t| t.contribution).sum();
            (terms, score)
        },
    )
}

/// A placement's cells, in order, to compare placements by.
fn sorted_cells(placement: &Placement) -> [(i32, i32); 4] {
    let mut cells = placement.cells();
    cells.sort_unstable();
    cells
}

/// The features of `terms` that make the most of the gap to `best`'s terms (see
/// [`Rating::differences`]): at most two, the larger first, ties in the weights' order.
fn differences(terms: &[Contribution], best: &[Contribution], gap: f64) -> Vec<Difference> {
    const SHOWN: usize = 2;
    let direction = gap.partial_cmp(&0.0);
    if terms.len() != best.len() || !matches!(direction, Some(Ordering::Less | Ordering::Greater)) {
        return Vec::new();
    }
    // A placement below the best loses score where its effect is negative; one above it gains.
    let sign = if gap > 0.0 { -1.0 } else { 1.0 };
    let mut found: Vec<Difference> = terms
        .iter()
        .zip(best)
        .map(|(mine, theirs)| Difference {
            feature: mine.feature,
            name: mine.name,
            change: mine.value - theirs.value,
            effect: mine.contribution - theirs.contribution,
        })
        .filter(|d| d.effect * sign > 0.0)
        .collect();
    found.sort_by(|a, b| b.effect.abs().total_cmp(&a.effect.abs()));
    found.truncate(SHOWN);
    found
}

impl Searcher {
    /// The first move of `position` whose piece and cells are those of `placement`, with every
    /// first move scored in `self.candidates`.
    fn first_move(
        &mut self,
        position: &Position,
        weights: &Weights,
        placement: &Placement,
    ) -> Option<Candidate> {
        self.score_first_moves(position, weights);
        let cells = sorted_cells(placement);
        self.candidates
            .iter()
            .find(|c| c.placement.piece == placement.piece && sorted_cells(&c.placement) == cells)
            .copied()
    }

    /// How the search scores `placement`, one of the first moves of `position` (see the module
    /// documentation); `None` when it is not one.
    pub fn explain(
        &mut self,
        position: &Position,
        weights: &Weights,
        config: &SearchConfig,
        placement: &Placement,
    ) -> Option<Explanation> {
        let first = self.first_move(position, weights, placement)?;
        let (terms, score) = terms_of(position, weights, &first.placement)
            .unwrap_or((Vec::new(), f64::NEG_INFINITY));
        let (later, plan) = if config.depth >= 2 {
            let plies = plan(position, weights, config);
            let later = self
                .plies
                .values(&plies, std::slice::from_ref(&first), self.parallel)[0];
            let value = config.value.combine(plies.margin, score, later);
            (Some(later), Some(value))
        } else {
            (None, None)
        };
        Some(Explanation {
            placement: first.placement,
            hold: first.piece == FirstPiece::Held,
            ends_game: score == f64::NEG_INFINITY,
            terms,
            score,
            later,
            plan,
        })
    }

    /// Where `placement`, one of the first moves of `position`, ranks among them, and what sets
    /// it apart from the best; `None` when it is not one.
    pub fn rate(
        &mut self,
        position: &Position,
        weights: &Weights,
        placement: &Placement,
    ) -> Option<Rating> {
        let first = self.first_move(position, weights, placement)?;
        self.rating(
            position,
            weights,
            &first.placement,
            first.piece == FirstPiece::Held,
        )
    }

    /// Where `placement`, made by hand from `position`, ranks among the first moves by its own
    /// score, found by the search or not (a player may tuck a piece where the research rules'
    /// search only drops it). Its piece says whether hold was used: `None` when it is neither
    /// the current piece nor the hold alternative, or when there is no first move at all.
    pub fn rate_hand(
        &mut self,
        position: &Position,
        weights: &Weights,
        placement: &Placement,
    ) -> Option<Rating> {
        let held = if placement.piece == position.current {
            false
        } else if position.hold_alternative() == Some(placement.piece) {
            true
        } else {
            return None;
        };
        self.score_first_moves(position, weights);
        self.rating(position, weights, placement, held)
    }

    /// The rating of `placement` among the first moves in `self.candidates`.
    fn rating(
        &self,
        position: &Position,
        weights: &Weights,
        placement: &Placement,
        held: bool,
    ) -> Option<Rating> {
        // The first of the best, as `rank`'s stable sort puts it first.
        let best = self.candidates.iter().reduce(|best, c| {
            if c.score.total_cmp(&best.score).is_gt() {
                c
            } else {
                best
            }
        })?;
        let (terms, score) =
            terms_of(position, weights, placement).unwrap_or((Vec::new(), f64::NEG_INFINITY));
        let (best_terms, best_score) =
            terms_of(position, weights, &best.placement).unwrap_or((Vec::new(), f64::NEG_INFINITY));
        let higher = self
            .candidates
            .iter()
            .filter(|c| c.score.total_cmp(&score).is_gt());
        let gap = if score == best_score {
            0.0
        } else {
            best_score - score
        };
        Some(Rating {
            placement: *placement,
            hold: held,
            rank: 1 + higher.count(),
            of: self.candidates.len(),
            score,
            best: best.placement,
            best_hold: best.piece == FirstPiece::Held,
            best_score,
            gap,
            differences: differences(&terms, &best_terms, gap),
        })
    }
}
