//! What a ply after the first is searched from: the board a move left, the queue of pieces then,
//! and the match as it stood.

use super::queue::Queue;
use crate::ai::versus_view::VersusView;
use crate::engine::board::Board;

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
