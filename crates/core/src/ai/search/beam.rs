//! A beam over the known pieces: the search a bot with a think budget uses to look through the
//! whole preview (and the hold slot) at once, not a piece or three.
//!
//! It goes a layer per piece. The first layer is every first move (of the current piece and of
//! the hold alternative); each later layer is every move of the next known piece, and of its hold
//! alternative, from each node kept. A node's value is, as Cold Clear values a plan, what its
//! moves did, added up, and the board its last move leaves: the sum of its moves' scores, less
//! the board terms ([`Part::Board`]) of every score but the last. So the nodes of one layer, which
//! have each placed as many pieces, compare, and a board a plan passes through counts only for
//! what the moves made on it did. Each layer keeps the `width` best nodes, best first, ties in the
//! order they were found; of two nodes that reach one state (board, queue and match) by two
//! orders of the same pieces, only the better is kept. The layers stop where some node's next piece would be a
//! draw. The last layer's nodes are then weighed with the piece after their plans, known or one
//! of the draws the randomizer has left (under a bag, the rest of the bag), by the mean of its
//! best score over those draws, and the first move of the best node is played.
//!
//! Unlike the plies of [`super::plies`], whose work grows as a power of the depth, a beam's work
//! grows with its width times the pieces known, so it can search all six pieces of a guideline
//! preview and hold, and its width is what a think budget chooses.
//!
//! [`Part::Board`]: crate::ai::features::Part::Board

use super::queue::{Next, Queue, weighted_mean};
use super::scoring::{Finder, best_score, for_each_scored_placement, read_outcome};
use super::state::{State, versus_after};
use super::{Candidate, FirstPiece, Position};
use crate::ai::incremental::Incremental;
use crate::ai::versus_view::VersusView;
use crate::ai::weights::Weights;
use crate::engine::board::Board;
use crate::engine::moves::Placement;
use crate::engine::piece::Piece;
use crate::engine::rules::lock;
use std::cmp::Ordering;
use std::collections::HashSet;

/// A node of the beam: the state its moves leave, its value (see the module documentation), the
/// board terms of its last move's score, and the first move its moves start with (an index into
/// the first moves).
#[derive(Clone, Copy)]
struct Node {
    state: State,
    value: f64,
    board: f64,
    first: usize,
}

impl Node {
    /// The node's value with its board left out: what its moves did.
    fn moves_value(&self) -> f64 {
        self.value - self.board
    }
}

/// A move from a kept node, not yet made: its parent, the first move it starts with, the queue
/// with its piece in play, where it locks, whether hold brought the piece, and the value of the
/// node it would make.
#[derive(Clone, Copy)]
struct Child {
    parent: usize,
    first: usize,
    then: Queue,
    placement: Placement,
    piece: Piece,
    held: bool,
    value: f64,
}

/// What tells two states apart: two nodes with the same are the same position.
type StateKey = (Board, Option<Piece>, usize, VersusView);

fn state_key(state: &State) -> StateKey {
    (
        state.board,
        state.queue.hold,
        state.queue.taken,
        state.versus,
    )
}

/// A beam search given up because the caller's `stop` said so, before it found a plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted;

/// What a beam search found: the first move of the best node of the last layer, the sum of that
/// node's scores, and how many pieces its plan places.
#[derive(Clone, Copy, Debug)]
pub(super) struct BeamResult {
    /// The index of the first move among those the search was given.
    pub(super) first: usize,
    /// The best node's value.
    pub(super) value: f64,
    /// The layers searched: the pieces the best plan places.
    pub(super) layers: usize,
}

/// A beam search's tables, kept from decision to decision so that a search allocates nothing
/// once they have grown.
#[derive(Default)]
pub(super) struct Beam {
    finder: Finder,
    incremental: Incremental,
    layer: Vec<Node>,
    next: Vec<Node>,
    children: Vec<Child>,
    /// The children's values and indices, sorted best first as far as the beam needs.
    order: Vec<(f64, usize)>,
    seen: HashSet<StateKey>,
}

/// The state `placement` of `piece` (brought by hold when `held`) leaves from `state`: the board
/// with full rows removed, the queue after the move, and the match moved on where `moves_match`.
fn after_move(
    state: &State,
    then: &Queue,
    (placement, piece, held): (&Placement, Piece, bool),
    position: &Position,
    moves_match: bool,
) -> State {
    let mut board = state.board;
    let locked = lock(&mut board, placement, position.rules.top_out());
    State {
        versus: versus_after(state.versus, placement, &locked, &board, moves_match),
        board,
        queue: then.after_move(piece, held),
    }
}

/// Best first, then in the order found: a total order, so that the beam keeps the same nodes
/// on every platform.
fn best_first(a: &(f64, usize), b: &(f64, usize)) -> Ordering {
    b.0.total_cmp(&a.0).then(a.1.cmp(&b.1))
}

impl Beam {
    /// Searches `position` with `weights`, keeping `width` nodes a layer, from `firsts` (the first
    /// moves, scored; those that end the game score minus infinity). `None` when every first move
    /// ends the game; [`Interrupted`] as soon as `stop`, asked before each node is expanded,
    /// says to stop.
    pub(super) fn search(
        &mut self,
        position: &Position,
        weights: &Weights,
        (firsts, width): (&[Candidate], usize),
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Option<BeamResult>, Interrupted> {
        let width = width.max(1);
        let moves_match = weights.reads_the_match();
        let start = State {
            board: *position.board,
            queue: position.first_queue(),
            versus: position.versus,
        };
        self.children.clear();
        for (index, first) in firsts.iter().enumerate() {
            if first.score != f64::NEG_INFINITY {
                self.children.push(Child {
                    parent: 0,
                    first: index,
                    then: start.queue,
                    placement: first.placement,
                    piece: position.current,
                    held: first.piece == FirstPiece::Held,
                    value: first.score,
                });
            }
        }
        // The first layer's parent is the position itself.
        let root = [Node {
            state: start,
            value: 0.0,
            board: 0.0,
            first: 0,
        }];
        if self.keep(&root, position, weights, moves_match, width) == 0 {
            return Ok(None);
        }
        std::mem::swap(&mut self.layer, &mut self.next);
        let mut layers = 1;
        while let Some(expanded) = self.expand(position, weights, (moves_match, width), stop)? {
            if expanded == 0 {
                break;
            }
            std::mem::swap(&mut self.layer, &mut self.next);
            layers += 1;
        }
        let (best, value) = self.best_with_the_next_piece(position, weights, stop)?;
        Ok(Some(BeamResult {
            first: self.layer[best].first,
            value,
            layers,
        }))
    }

    /// The node of the last layer that is best once the piece after its plan is weighed, and
    /// that value: what the node's moves did and the mean, over the pieces that can come next
    /// (the known one, or each draw by its odds: under a bag, the bag's remaining pieces), of
    /// that piece's best score on the node's board, without hold, as the last ply of
    /// [`super::plies`] values it. Ties, and a layer where every next piece ends the game, go to
    /// the node found best before. [`Interrupted`] as soon as `stop`, asked before each node,
    /// says to stop.
    fn best_with_the_next_piece(
        &mut self,
        position: &Position,
        weights: &Weights,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<(usize, f64), Interrupted> {
        let top_out = position.rules.top_out();
        let mut best = (0, f64::NEG_INFINITY);
        for (index, node) in self.layer.iter().enumerate() {
            if stop() {
                return Err(Interrupted);
            }
            let mut scorer = node.state.scorer(top_out, weights, &mut self.incremental);
            let (arrivals, count) = node.state.queue.arrivals(position.preview);
            let next = weighted_mean(arrivals[..count].iter().map(|&(piece, _, weight)| {
                let score = best_score(&mut self.finder, &mut scorer, position.rules, piece);
                (weight, score)
            }));
            let value = node.moves_value() + next;
            if index == 0 || value > best.1 {
                best = (index, value);
            }
        }
        Ok(best)
    }

    /// Scores every move of every node of the layer into the next: how many nodes it keeps, or
    /// `None` (and nothing kept) where some node's next piece is not known; [`Interrupted`] as
    /// soon as `stop`, asked before each node, says to stop.
    fn expand(
        &mut self,
        position: &Position,
        weights: &Weights,
        (moves_match, width): (bool, usize),
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Option<usize>, Interrupted> {
        let preview = position.preview;
        let top_out = position.rules.top_out();
        if self
            .layer
            .iter()
            .any(|node| matches!(node.state.queue.next(preview), Next::Drawn(_)))
        {
            return Ok(None);
        }
        self.children.clear();
        for (parent, node) in self.layer.iter().enumerate() {
            if stop() {
                return Err(Interrupted);
            }
            let Next::Known(piece, then) = node.state.queue.next(preview) else {
                unreachable!("every node's next piece was found known above");
            };
            let alternative = position
                .rules
                .hold
                .then(|| then.hold_alternative(piece, preview))
                .flatten();
            let mut scorer = node.state.scorer(top_out, weights, &mut self.incremental);
            for (placed, held) in [(Some(piece), false), (alternative, true)] {
                let Some(placed) = placed else { continue };
                let children = &mut self.children;
                for_each_scored_placement(
                    &mut self.finder,
                    &mut scorer,
                    position.rules,
                    placed,
                    |_, placement, score| {
                        if score != f64::NEG_INFINITY {
                            children.push(Child {
                                parent,
                                first: node.first,
                                then,
                                placement,
                                piece,
                                held,
                                value: node.moves_value() + score,
                            });
                        }
                    },
                );
            }
        }
        let layer = std::mem::take(&mut self.layer);
        let kept = self.keep(&layer, position, weights, moves_match, width);
        self.layer = layer;
        Ok(Some(kept))
    }

    /// Makes the best children of `parents` (at most `width` of distinct states) into the next
    /// layer, best first, and returns how many there are.
    fn keep(
        &mut self,
        parents: &[Node],
        position: &Position,
        weights: &Weights,
        moves_match: bool,
        width: usize,
    ) -> usize {
        let top_out = position.rules.top_out();
        let weighs_the_board = weights.weighs_the_board();
        self.next.clear();
        self.seen.clear();
        let order = &mut self.order;
        order.clear();
        order.extend(
            self.children
                .iter()
                .enumerate()
                .map(|(i, child)| (child.value, i)),
        );
        // The best twice the width, sorted; the rest only if duplicates leave the beam short.
        let mut sorted = 0;
        let mut at = 0;
        while self.next.len() < width && at < order.len() {
            if at == sorted {
                let end = (sorted + 2 * width).min(order.len());
                let rest = &mut order[sorted..];
                if end < sorted + rest.len() {
                    rest.select_nth_unstable_by(end - sorted - 1, best_first);
                }
                order[sorted..end].sort_unstable_by(best_first);
                sorted = end;
            }
            let child = self.children[order[at].1];
            at += 1;
            let parent = &parents[child.parent].state;
            let state = after_move(
                parent,
                &child.then,
                (&child.placement, child.piece, child.held),
                position,
                moves_match,
            );
            if self.seen.insert(state_key(&state)) {
                // What the board terms gave the child's score, to be taken out once a move
                // follows it.
                let board = if weighs_the_board {
                    let placement = &child.placement;
                    read_outcome(
                        &parent.board,
                        placement,
                        parent.versus,
                        top_out,
                        |outcome| weights.board_value(outcome),
                    )
                    .unwrap_or(0.0)
                } else {
                    0.0
                };
                self.next.push(Node {
                    state,
                    value: child.value,
                    board,
                    first: child.first,
                });
            }
        }
        self.next.len()
    }
}
