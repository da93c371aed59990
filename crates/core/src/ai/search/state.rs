//! What a ply after the first is searched from: the board a move left, the queue of pieces then,
//! and the match as it stood.

use super::queue::Queue;
use super::scoring::Scorer;
use crate::ai::incremental::Incremental;
use crate::ai::versus_view::VersusView;
use crate::ai::weights::Weights;
use crate::engine::board::Board;
use crate::engine::moves::Placement;
use crate::engine::rules::{Locked, TopOut};
use crate::engine::versus::attack::Clear;

/// The state a move leaves, which the next ply searches from.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// The stack, full rows removed.
    pub(super) board: Board,
    /// The pieces to come.
    pub(super) queue: Queue,
    /// The match (as it stood before the move where the search does not weigh it).
    pub(super) versus: VersusView,
}

impl State {
    /// A scorer for placements on this state's board in its match, under `top_out`, reading
    /// the board into `buffer` for the incremental evaluation.
    pub(super) fn scorer<'a>(
        &'a self,
        top_out: TopOut,
        weights: &'a Weights,
        buffer: &'a mut Incremental,
    ) -> Scorer<'a> {
        Scorer::new(&self.board, self.versus, top_out, weights, buffer)
    }
}

/// The match after `placement`, locked as `locked` into the board now `after`, from `versus`:
/// moved on where the search weighs the match (`moves_match`), else left as it was, so that
/// boards reached with other streaks share their values.
pub(super) fn versus_after(
    versus: VersusView,
    placement: &Placement,
    locked: &Locked,
    after: &Board,
    moves_match: bool,
) -> VersusView {
    if !moves_match {
        return versus;
    }
    versus.after(Clear::of(locked.rows_cleared, placement.spin, after))
}
