//! Scoring placements on one board: every placement of a piece found (drop-only under the
//! research rules, reachable from the spawn under guideline rules, in time under timing rules)
//! and valued by the weights, incrementally where the board's reading allows, else in full.

use crate::ai::features::Outcome;
use crate::ai::incremental::Incremental;
use crate::ai::versus_view::VersusView;
use crate::ai::weights::Weights;
use crate::engine::board::Board;
use crate::engine::moves::{DropRotation, MoveSearch, Placement, drop_rotations};
use crate::engine::piece::Piece;
use crate::engine::reach::Reach;
use crate::engine::rules::{RuleSet, Rules, TopOut, spawn_position};
use crate::engine::timing::reachable_in_time;

/// The value of placing `placement` on `board` in the match `versus`: the weighted features of
/// the result, or minus infinity when it ends the game. Out of line: the placements that need it
/// are few, and the loops that score placements stay small without it.
#[inline(never)]
pub fn evaluate(
    board: &Board,
    placement: &Placement,
    versus: VersusView,
    top_out: TopOut,
    weights: &Weights,
) -> f64 {
    read_outcome(board, placement, versus, top_out, |outcome| {
        weights.evaluate(outcome)
    })
    .unwrap_or(f64::NEG_INFINITY)
}

/// What `read` finds in the outcome of placing `placement` on `board` in the match `versus`, or
/// `None` when the placement ends the game.
#[inline(always)]
pub(super) fn read_outcome<R>(
    board: &Board,
    placement: &Placement,
    versus: VersusView,
    top_out: TopOut,
    read: impl FnOnce(&Outcome) -> R,
) -> Option<R> {
    Outcome::of(board, placement, versus, top_out, |outcome, tops_out| {
        (!tops_out).then(|| read(outcome))
    })
}

/// Scores placements on one board: incrementally where it can, else in full.
pub(super) struct Scorer<'a> {
    board: &'a Board,
    versus: VersusView,
    top_out: TopOut,
    weights: &'a Weights,
    incremental: Option<&'a mut Incremental>,
}

impl<'a> Scorer<'a> {
    /// The board scored on.
    pub(super) fn board(&self) -> &'a Board {
        self.board
    }

    /// The match as it stands on the board scored on.
    pub(super) fn versus(&self) -> VersusView {
        self.versus
    }

    /// A scorer for placements on `board` in the match `versus`, reading the board into
    /// `buffer` for the incremental evaluation.
    #[inline]
    pub(super) fn new(
        board: &'a Board,
        versus: VersusView,
        top_out: TopOut,
        weights: &'a Weights,
        buffer: &'a mut Incremental,
    ) -> Scorer<'a> {
        let incremental = buffer.read(board, weights).then_some(buffer);
        Scorer {
            board,
            versus,
            top_out,
            weights,
            incremental,
        }
    }

    /// The value of placing `placement`, as [`evaluate`] gives it: a call, where finding a
    /// placement costs far more than the call (guideline rules). One copy of the evaluation
    /// inlined per function keeps the functions small, which WebAssembly compiles to faster code.
    #[inline(never)]
    fn score(&mut self, placement: &Placement) -> f64 {
        if let Some(incremental) = self.incremental.as_mut()
            && let Some(value) = incremental.evaluate(placement)
        {
            return value;
        }
        evaluate(
            self.board,
            placement,
            self.versus,
            self.top_out,
            self.weights,
        )
    }

    /// Calls `visit` with each placement of `rotation`, dropped, with its index (counted on
    /// from `index`) and its score, and returns the next index. `SPAN` is the rotation's width:
    /// as a constant, it unrolls the walks over the piece's columns. A function of its own per
    /// rotation, so that WebAssembly compiles the loop on its own and keeps its values in
    /// registers.
    #[inline(never)]
    fn score_drops<const SPAN: usize>(
        &mut self,
        rotation: &DropRotation,
        mut index: usize,
        visit: &mut impl FnMut(usize, Placement, f64),
    ) -> usize {
        for x in rotation.columns() {
            let placement = rotation.placement(self.board, x);
            let score = self
                .incremental
                .as_mut()
                .and_then(|incremental| {
                    incremental.evaluate_span::<SPAN>(rotation.shape, &placement)
                })
                .unwrap_or_else(|| {
                    // The call takes a copy: were `placement` itself passed by reference, it
                    // would be kept in memory for every placement, not only for these.
                    let copy = placement;
                    evaluate(self.board, &copy, self.versus, self.top_out, self.weights)
                });
            visit(index, placement, score);
            index += 1;
        }
        index
    }
}

/// The placement searches one ply keeps for one piece.
#[derive(Default)]
pub(super) struct Finder {
    /// Every reachable placement at once, when no path is needed to judge them.
    pub(super) words: Reach,
    /// Placements with their input paths: for every placement under timing rules (whose paths
    /// decide which placements count), else for the chosen one's path.
    pub(super) inputs: MoveSearch,
}

/// Calls `visit` with each placement of `piece`, its index (for its path) and its score:
/// drop-only under the research rules; under guideline rules, those reachable from the spawn
/// position, and only those a player reaches in time when timing is set (then the index is into
/// `finder.inputs`). The research rules' placements are scored in a loop per rotation, where
/// scoring is inlined: a call per placement costs WebAssembly more than the rest of the loop.
#[inline(always)]
pub(super) fn for_each_scored_placement(
    finder: &mut Finder,
    scorer: &mut Scorer,
    rules: &Rules,
    piece: Piece,
    mut visit: impl FnMut(usize, Placement, f64),
) {
    let board = scorer.board;
    if rules.kind == RuleSet::Classic {
        let mut index = 0;
        for rotation in drop_rotations(board, piece) {
            index = match rotation.shape.width() {
                1 => scorer.score_drops::<1>(&rotation, index, &mut visit),
                2 => scorer.score_drops::<2>(&rotation, index, &mut visit),
                3 => scorer.score_drops::<3>(&rotation, index, &mut visit),
                _ => scorer.score_drops::<4>(&rotation, index, &mut visit),
            };
        }
        return;
    }
    let Some(spawn) = spawn_position(board, piece) else {
        return;
    };
    // Every reachable placement at once, or with timing, each with its path from the input
    // search, to keep those reached in time.
    let found = match rules.timing {
        None => finder.words.run(board, piece, spawn, rules.kicks),
        Some(_) => {
            finder.inputs.run(board, piece, spawn, rules.kicks);
            finder.inputs.placements()
        }
    };
    for (index, placement) in found.iter().enumerate() {
        if let Some(timing) = rules.timing {
            let path = finder.inputs.path(index);
            if !reachable_in_time(board, placement, spawn, &path, timing, rules.kicks) {
                continue;
            }
        }
        visit(index, *placement, scorer.score(placement));
    }
}

/// The best one-ply score of `piece` on the scorer's board (minus infinity if every placement
/// loses), with `search` for its placements.
pub(super) fn best_score(
    search: &mut Finder,
    scorer: &mut Scorer,
    rules: &Rules,
    piece: Piece,
) -> f64 {
    let mut best = f64::NEG_INFINITY;
    for_each_scored_placement(search, scorer, rules, piece, |_, _, score| {
        best = best.max(score);
    });
    best
}
