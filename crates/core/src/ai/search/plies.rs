//! The plies after the first: the value of what follows each first move the search keeps.
//!
//! After a move, the next piece is known (the preview, or the piece hold brings) or one of the
//! draws; a known piece is searched exactly, and a drawn one by the mean over the draws, each
//! weighed by its odds. The piece of each ply but the last is searched with hold where the rules
//! allow it, and only its `beam` best moves by their own score are searched further; each move is
//! valued from its own score and the value of the plies after it ([`PlanValue::combine`]), and a
//! ply's value is its best move's. At the last ply a piece's value is its best score, without hold:
//! which of two pieces is left for later is what the plies past the search would have to judge.
//!
//! In parallel the same values are worked out by the calling thread and the rayon pool's
//! others together, a task per piece that can arrive after each first move, each thread taking
//! the next task not yet taken; they are gathered in the order the sequential search takes, so
//! both give the same values to the last bit.

use super::config::{MAX_BEAM, MAX_DEPTH, PlanValue};
use super::crew::Crew;
use super::queue::{Queue, weighted_mean};
use super::scoring::{Finder, Scorer, best_score, for_each_scored_placement};
use super::state::{State, versus_after};
use super::transpositions::Transpositions;
use super::{Candidate, FirstPiece, Position};
use crate::ai::incremental::Incremental;
use crate::ai::versus_view::VersusView;
use crate::ai::weights::Weights;
use crate::engine::board::Board;
use crate::engine::moves::Placement;
use crate::engine::piece::{Piece, Rotation};
use crate::engine::rules::lock;
use crate::engine::spin::Spin;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

/// The plies a search may look past the first.
const LATER_PLIES: usize = MAX_DEPTH as usize - 1;

/// What every ply of one decision reads.
pub(super) struct Plan<'a> {
    /// The game as the AI sees it at the first ply.
    pub(super) position: &'a Position<'a>,
    /// The weights moves are scored by.
    pub(super) weights: &'a Weights,
    /// The plies searched, the first included.
    pub(super) depth: u8,
    /// The moves of each piece before the last ply searched further.
    pub(super) beam: usize,
    /// How a move's value is made from its score and what follows.
    pub(super) value: PlanValue,
    /// The margin of [`PlanValue::Max`].
    pub(super) margin: f64,
    /// Whether the second ply sees the first piece's full rows in place.
    pub(super) keep_first_rows: bool,
    /// Whether the weights read the match, which each move then moves on (else it stays as the
    /// position's, and boards reached with other streaks share their values).
    pub(super) weighs_the_match: bool,
    /// The decision's number, which its transpositions are kept under.
    pub(super) decision: u64,
}

/// A move kept for the next ply: where it locks, its own score, and whether hold brought the
/// piece.
#[derive(Clone, Copy, Debug)]
struct Kept {
    placement: Placement,
    score: f64,
    held: bool,
}

impl Kept {
    /// A blank entry of a beam.
    const NONE: Kept = Kept {
        placement: Placement {
            piece: Piece::I,
            rotation: Rotation::Spawn,
            x: 0,
            y: 0,
            spin: Spin::None,
        },
        score: f64::NEG_INFINITY,
        held: false,
    };
}

/// One ply's tables in a depth-first search: its placement search and its board's reading.
#[derive(Default)]
pub(super) struct PlyScratch {
    finder: Finder,
    incremental: Incremental,
}

/// One thread's tables, one per ply after the first.
type Levels = [PlyScratch; LATER_PLIES];

thread_local! {
    /// Each thread's own tables for the parallel search, made once per thread.
    static THREAD_LEVELS: RefCell<Levels> = RefCell::default();
}

/// Keeps `entry` among the best moves in `kept[..*len]`, best first, ties in move order, at
/// most `kept.len()` of them.
#[inline]
fn keep_best(kept: &mut [Kept], len: &mut usize, entry: Kept) {
    let width = kept.len();
    if *len == width && entry.score <= kept[width - 1].score {
        return;
    }
    let mut at = *len;
    while at > 0 && kept[at - 1].score < entry.score {
        at -= 1;
    }
    let end = (*len).min(width - 1);
    kept.copy_within(at..end, at + 1);
    kept[at] = entry;
    *len = (*len + 1).min(width);
}

/// The larger of two values, the first when they are equal (so that a sign of zero never
/// depends on the platform's maximum).
#[inline]
fn better(best: f64, value: f64) -> f64 {
    if value > best { value } else { best }
}

impl Plan<'_> {
    /// The best moves of `current` and of its hold alternative on the scorer's board, best
    /// first, in `kept` (as many as it holds); returns how many there are. Moves that end the
    /// game are left out.
    fn best_moves(
        &self,
        finder: &mut Finder,
        scorer: &mut Scorer,
        current: Piece,
        queue: &Queue,
        kept: &mut [Kept],
    ) -> usize {
        let rules = self.position.rules;
        let alternative = rules
            .hold
            .then(|| queue.hold_alternative(current, self.position.preview))
            .flatten();
        let mut len = 0;
        for (piece, held) in [(Some(current), false), (alternative, true)] {
            let Some(piece) = piece else { continue };
            for_each_scored_placement(finder, scorer, rules, piece, |_, placement, score| {
                if score != f64::NEG_INFINITY {
                    let entry = Kept {
                        placement,
                        score,
                        held,
                    };
                    keep_best(kept, &mut len, entry);
                }
            });
        }
        len
    }

    /// The value of the plies from `ply` on after a move left `state`: the value of the piece
    /// that comes, or the mean over the draws by their odds.
    fn arrival_value(
        &self,
        levels: &mut [PlyScratch],
        seen: &Transpositions,
        state: &State,
        ply: u8,
    ) -> f64 {
        let (level, deeper) = levels
            .split_first_mut()
            .expect("a table for every ply searched");
        let top_out = self.position.rules.top_out();
        let mut scorer = state.scorer(top_out, self.weights, &mut level.incremental);
        let (arrivals, count) = state.queue.arrivals(self.position.preview);
        weighted_mean(arrivals[..count].iter().map(|(piece, then, weight)| {
            let finder = &mut level.finder;
            let value = self.piece_value(finder, &mut scorer, deeper, seen, *piece, then, ply);
            (*weight, value)
        }))
    }

    /// The value of one arrival at the second ply, as [`Plan::arrival_value`] adds it up: a
    /// task of the parallel search.
    fn arrival_piece_value(
        &self,
        levels: &mut [PlyScratch],
        seen: &Transpositions,
        arrival: &Arrival,
    ) -> f64 {
        let (level, deeper) = levels
            .split_first_mut()
            .expect("a table for every ply searched");
        let top_out = self.position.rules.top_out();
        let mut scorer = Scorer::new(
            &arrival.board,
            arrival.versus,
            top_out,
            self.weights,
            &mut level.incremental,
        );
        let (piece, queue) = (arrival.piece, &arrival.queue);
        self.piece_value(
            &mut level.finder,
            &mut scorer,
            deeper,
            seen,
            piece,
            queue,
            2,
        )
    }

    /// The value of `piece` in play at `ply` on the scorer's board: its best score at the last
    /// ply, else the best value of its kept moves.
    #[allow(clippy::too_many_arguments)]
    fn piece_value(
        &self,
        finder: &mut Finder,
        scorer: &mut Scorer,
        deeper: &mut [PlyScratch],
        seen: &Transpositions,
        piece: Piece,
        queue: &Queue,
        ply: u8,
    ) -> f64 {
        if ply == self.depth {
            return best_score(finder, scorer, self.position.rules, piece);
        }
        let mut kept = [Kept::NONE; MAX_BEAM as usize];
        let count = self.best_moves(finder, scorer, piece, queue, &mut kept[..self.beam]);
        let mut best = f64::NEG_INFINITY;
        for entry in &kept[..count] {
            let (board, versus) = (scorer.board(), scorer.versus());
            let next = self.after_kept(deeper, seen, board, versus, entry, piece, queue, ply);
            best = better(best, self.value.combine(self.margin, entry.score, next));
        }
        best
    }

    /// The value of the plies after the kept move `entry` of `piece` at `ply`, on `board` in
    /// the match `versus`: looked up where the same state was valued before in this decision.
    #[allow(clippy::too_many_arguments)]
    fn after_kept(
        &self,
        levels: &mut [PlyScratch],
        seen: &Transpositions,
        board: &Board,
        versus: VersusView,
        entry: &Kept,
        piece: Piece,
        queue: &Queue,
        ply: u8,
    ) -> f64 {
        let mut after = *board;
        let locked = lock(&mut after, &entry.placement, self.position.rules.top_out());
        let state = State {
            versus: versus_after(
                versus,
                &entry.placement,
                &locked,
                &after,
                self.weighs_the_match,
            ),
            board: after,
            queue: queue.after_move(piece, entry.held),
        };
        let ply = ply + 1;
        if let Some(value) = seen.get(self.decision, ply, &state) {
            return value;
        }
        let value = self.arrival_value(levels, seen, &state, ply);
        seen.put(self.decision, ply, &state, value);
        value
    }

    /// What the second ply reads after `first`: the board, the queue and the match it leaves.
    fn after_first(&self, first: &Candidate) -> State {
        let position = self.position;
        let placement = &first.placement;
        let mut cleared = *position.board;
        let locked = lock(&mut cleared, placement, position.rules.top_out());
        let moves_match = self.weighs_the_match;
        let versus = versus_after(position.versus, placement, &locked, &cleared, moves_match);
        let board = if self.keep_first_rows {
            let mut kept = *position.board;
            kept.place(
                placement.piece.shape(placement.rotation),
                placement.x,
                placement.y,
            );
            kept
        } else {
            cleared
        };
        let queue = position
            .first_queue()
            .after_move(position.current, first.piece == FirstPiece::Held);
        State {
            board,
            queue,
            versus,
        }
    }
}

/// One arrival after one kept first move: a piece the second ply may place, searched as a task
/// of the parallel search.
#[derive(Clone, Copy)]
struct Arrival {
    /// The board the second ply reads, and the match then.
    board: Board,
    versus: VersusView,
    /// The piece that arrives and the queue then.
    piece: Piece,
    queue: Queue,
    /// Its weight in the mean over the arrivals.
    weight: f64,
}

/// The tables of the plies after the first, kept from decision to decision so that a search
/// allocates nothing once they have grown.
#[derive(Default)]
pub(super) struct Plies {
    /// The sequential search's tables.
    levels: Levels,
    /// The values already worked out in this decision.
    seen: Transpositions,
    /// The arrivals after each kept first move, in order (parallel search).
    arrivals: Vec<Arrival>,
    /// The values of the arrivals, as bits, written by whichever thread searched each.
    arrival_values: Vec<AtomicU64>,
    /// How many arrivals each kept first move has, in order (`None` for one that loses).
    arrival_counts: Vec<Option<usize>>,
    /// The values of what follows each first move, in the order asked.
    values: Vec<f64>,
    /// The pool's threads that share the arrivals (parallel search).
    crew: Crew,
}

impl Plies {
    /// For each of `order`'s first moves, the value of what follows it: minus infinity when it
    /// ends the game. On the rayon pool when `parallel`; the values are the same either way.
    pub(super) fn values(&mut self, plan: &Plan, order: &[Candidate], parallel: bool) -> &[f64] {
        self.values.clear();
        if !parallel {
            for first in order {
                let value = if first.score == f64::NEG_INFINITY {
                    f64::NEG_INFINITY
                } else {
                    let state = plan.after_first(first);
                    plan.arrival_value(&mut self.levels, &self.seen, &state, 2)
                };
                self.values.push(value);
            }
            return &self.values;
        }
        // Every arrival after every first move that does not lose, a task each.
        self.arrivals.clear();
        self.arrival_counts.clear();
        for first in order {
            if first.score == f64::NEG_INFINITY {
                self.arrival_counts.push(None);
                continue;
            }
            let state = plan.after_first(first);
            let (arrivals, count) = state.queue.arrivals(plan.position.preview);
            self.arrival_counts.push(Some(count));
            for &(piece, queue, weight) in &arrivals[..count] {
                self.arrivals.push(Arrival {
                    board: state.board,
                    versus: state.versus,
                    piece,
                    queue,
                    weight,
                });
            }
        }
        let tasks = self.arrivals.len();
        if self.arrival_values.len() < tasks {
            self.arrival_values.resize_with(tasks, AtomicU64::default);
        }
        let helpers = rayon::current_num_threads().saturating_sub(1);
        self.crew.run(tasks, helpers, |task| {
            let arrival = &self.arrivals[task];
            let value =
                with_thread_levels(|levels| plan.arrival_piece_value(levels, &self.seen, arrival));
            self.arrival_values[task].store(value.to_bits(), Ordering::Relaxed);
        });
        // Gathered as the sequential search does: the weighted mean over each first move's
        // arrivals.
        let mut task = 0;
        for &count in &self.arrival_counts {
            let Some(count) = count else {
                self.values.push(f64::NEG_INFINITY);
                continue;
            };
            let tasks = task..task + count;
            let weights = self.arrivals[tasks.clone()].iter().map(|a| a.weight);
            let values = self.arrival_values[tasks]
                .iter()
                .map(|value| f64::from_bits(value.load(Ordering::Relaxed)));
            self.values.push(weighted_mean(weights.zip(values)));
            task += count;
        }
        &self.values
    }
}

/// Runs `work` with this thread's own tables for the parallel search.
fn with_thread_levels<R>(work: impl FnOnce(&mut [PlyScratch]) -> R) -> R {
    THREAD_LEVELS.with(|levels| work(&mut levels.borrow_mut()[..]))
}
