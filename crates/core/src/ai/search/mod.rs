//! Choosing a placement: score every placement of the current piece (and of the hold
//! alternative) with the weights, optionally look up to three pieces further, and break ties at
//! random from the game's seeded generator or by taking the first in move order.
//!
//! Move order: the current piece's placements, then the hold alternative's; under the research
//! rules each piece's distinct rotations in the order spawn, right, reverse, left, each from its
//! leftmost column to its rightmost; under guideline rules the order [`Reach`] gives (rotation,
//! column, row), or with timing rules the order the input search finds them.
//!
//! A deeper search follows the p5.js write-up: only the best fraction of first moves (by their
//! own score) is searched further, and each gets a plan value from its own score and the value
//! `n` of the plies after it ([`plies`]: at depth 2 the best score of the next piece on the
//! board it leaves, without preview the mean of that over the pieces that can come next). With
//! [`PlanValue::Sum`] the value is the sum of the two, and a plan replaces the best single move
//! only if its value beats that move's plan value by at least the margin; with
//! [`PlanValue::Max`] the value is the larger of the first move's score plus the margin and
//! `n`, and with [`PlanValue::Next`] `n` alone; with either of these the best value is played. A
//! plan valued no higher than the best single move's leaves that move; among better plans of
//! equal value, the one whose first move scores higher is played, then the first in move order.
//!
//! [`Reach`]: crate::engine::reach::Reach

mod beam;
mod coach;
mod config;
mod crew;
mod plies;
mod queue;
mod scoring;
mod state;
mod transpositions;

pub use coach::{Difference, Explanation, Rating};
pub use config::{
    MAX_BEAM, MAX_DEPTH, MAX_PREVIEW_BEAM, MIN_DEPTH, PlanValue, SearchConfig, TieBreak,
    default_beam,
};
pub use scoring::evaluate;

use crate::ai::incremental::Incremental;
use crate::ai::versus_view::VersusView;
use crate::ai::weights::Weights;
use crate::engine::board::{Board, MAX_WIDTH};
use crate::engine::moves::{Input, MoveSearch, Placement};
use crate::engine::piece::{Piece, Rotation};
use crate::engine::rules::{GameRng, RuleSet, Rules, spawn_position};
use beam::Beam;
pub use beam::Interrupted;
use plies::{Plan, Plies};
use queue::{Draws, Queue};
use scoring::{Finder, Scorer, for_each_scored_placement};
use serde::{Deserialize, Serialize};

/// What the AI sees of a game.
#[derive(Clone, Copy, Debug)]
pub struct Position<'a> {
    /// The stack.
    pub board: &'a Board,
    /// The rules in force.
    pub rules: &'a Rules,
    /// The piece to place.
    pub current: Piece,
    /// The piece in the hold slot.
    pub hold: Option<Piece>,
    /// Whether hold may be used now (rules allow it and it was not used for this piece).
    pub can_hold: bool,
    /// The visible preview, next piece first.
    pub preview: &'a [Piece],
    /// The pieces the first unseen draw can be, each with the randomizer's odds.
    pub unseen: &'a [Piece],
    /// The match the game plays (the default outside one).
    pub versus: VersusView,
}

impl Position<'_> {
    /// The pieces after the current one, as the first ply sees them.
    fn first_queue(&self) -> Queue {
        Queue {
            hold: self.hold,
            taken: 0,
            draws: Draws::new(self.unseen, self.rules),
        }
    }

    /// The piece the hold input would bring in now, if hold may be used and the piece is known
    /// and differs from the current one (as every later ply finds it from its queue).
    fn hold_alternative(&self) -> Option<Piece> {
        self.can_hold
            .then(|| {
                self.first_queue()
                    .hold_alternative(self.current, self.preview)
            })
            .flatten()
    }
}

/// A placement with how to reach it and how the AI scored it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Choice {
    /// Where the piece locks.
    pub placement: Placement,
    /// Whether the hold slot is used first.
    pub hold: bool,
    /// The inputs, starting with `Hold` when hold is used and ending with a hard drop.
    pub path: Vec<Input>,
    /// The score the choice was ranked by (the plan value at depth 2 and deeper).
    pub score: f64,
}

/// Which piece a first move places: the current piece, or the one hold gives instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FirstPiece {
    /// The current piece.
    Current,
    /// The hold alternative (the held piece, or the next one when the hold slot is empty).
    Held,
}

impl FirstPiece {
    /// Both, in the order their searches are kept.
    const BOTH: [FirstPiece; 2] = [FirstPiece::Current, FirstPiece::Held];

    /// The slot of this piece's search and placements.
    fn slot(self) -> usize {
        self as usize
    }
}

/// One first move considered by a search.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    placement: Placement,
    /// The piece it places.
    piece: FirstPiece,
    /// Its index in that piece's placements.
    index: usize,
    score: f64,
}

/// A reusable searcher: its tables are allocated once, so deciding allocates little.
#[derive(Default)]
pub struct Searcher {
    /// Placement searches for the current piece and for the hold alternative.
    first: [Finder; 2],
    /// The plies after the first.
    plies: Plies,
    /// Whether the plies after the first are searched on the rayon pool.
    parallel: bool,
    candidates: Vec<Candidate>,
    /// The first moves searched further, best first.
    order: Vec<Candidate>,
    /// The first ply's board, read for the incremental evaluation.
    incremental: Incremental,
    /// The beam over the known pieces.
    beam: Beam,
}

/// The plan a beam over the known pieces chose: its first move, and how far it looked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BeamPlan {
    /// Where the first piece locks.
    pub placement: Placement,
    /// Whether the hold slot is used first.
    pub hold: bool,
    /// The plan's value: the sum of its moves' scores.
    pub value: f64,
    /// The pieces the plan places, the first included.
    pub pieces: usize,
}

/// The guideline placement with the cells of `placement` and the shortest input path to it,
/// from the input search; under timing rules it has just run for this board and piece, and
/// `index` is the placement's index in it.
fn guideline_path(
    search: &mut MoveSearch,
    board: &Board,
    rules: &Rules,
    placement: &Placement,
    index: usize,
) -> (Placement, Vec<Input>) {
    if rules.timing.is_some() {
        return (*placement, search.path(index));
    }
    spawn_position(board, placement.piece)
        .and_then(|spawn| search.path_to(board, placement, spawn, rules.kicks))
        .expect("both searches find the same placements")
}

/// Calls `keep` with every first move of the current piece and of the hold alternative, scored,
/// in move order; `first` holds each piece's placement searches and `incremental` the board's
/// reading.
fn for_each_first_move(
    first: &mut [Finder; 2],
    incremental: &mut Incremental,
    position: &Position,
    weights: &Weights,
    mut keep: impl FnMut(Candidate),
) {
    let alternative = position.hold_alternative();
    let pieces = [Some(position.current), alternative];
    let mut scorer = Scorer::new(
        position.board,
        position.versus,
        position.rules.top_out(),
        weights,
        incremental,
    );
    for (which, piece) in FirstPiece::BOTH.into_iter().zip(pieces) {
        let Some(piece) = piece else { continue };
        let finder = &mut first[which.slot()];
        for_each_scored_placement(
            finder,
            &mut scorer,
            position.rules,
            piece,
            |index, placement, score| {
                keep(Candidate {
                    placement,
                    piece: which,
                    index,
                    score,
                })
            },
        );
    }
}

/// The inputs that take a drop-only placement from the middle column: turns, shifts, hard drop.
fn drop_path(board: &Board, placement: &Placement) -> Vec<Input> {
    let mut path = match placement.rotation {
        Rotation::Spawn => vec![],
        Rotation::Right => vec![Input::Cw],
        Rotation::Reverse => vec![Input::Cw, Input::Cw],
        Rotation::Left => vec![Input::Ccw],
    };
    let dx = placement.x - (board.width() as i32 - 1) / 2;
    let shift = if dx < 0 { Input::Left } else { Input::Right };
    path.extend(std::iter::repeat_n(shift, dx.unsigned_abs() as usize));
    path.push(Input::HardDrop);
    path
}

impl Searcher {
    /// A searcher with empty tables.
    pub fn new() -> Searcher {
        Searcher::default()
    }

    /// Searches the plies after the first on the rayon pool (or not). The choice does not
    /// change, only the time it takes.
    pub fn set_parallel(&mut self, parallel: bool) {
        self.parallel = parallel;
    }

    /// The best choice for `position`, or `None` when the piece has nowhere to go.
    pub fn decide(
        &mut self,
        position: &Position,
        weights: &Weights,
        config: &SearchConfig,
        rng: &mut GameRng,
    ) -> Option<Choice> {
        let (chosen, score) = self.best_move(position, weights, config, rng)?;
        Some(self.choice(position, &chosen, score))
    }

    /// The placement [`Searcher::decide`] chooses and whether hold is used first, without the
    /// input path (for play that does not show its inputs), or `None` when the piece has
    /// nowhere to go.
    pub fn decide_placement(
        &mut self,
        position: &Position,
        weights: &Weights,
        config: &SearchConfig,
        rng: &mut GameRng,
    ) -> Option<(Placement, bool)> {
        let (chosen, _) = self.best_move(position, weights, config, rng)?;
        Some((chosen.placement, chosen.piece == FirstPiece::Held))
    }

    /// The first move chosen for `position` and the score it was ranked by.
    fn best_move(
        &mut self,
        position: &Position,
        weights: &Weights,
        config: &SearchConfig,
        rng: &mut GameRng,
    ) -> Option<(Candidate, f64)> {
        if let Some(width) = config.preview_beam {
            let never = &mut || false;
            let (first, found) = self
                .beam_first_move(position, weights, width as usize, never)
                .ok()??;
            return Some((first, found.value));
        }
        let (best, ties) = if config.depth == 1 {
            // Only the best first moves are kept: a one-ply decision needs no others.
            (0, self.keep_best_first_moves(position, weights))
        } else {
            self.score_first_moves(position, weights);
            self.best_candidate()
        };
        if ties == 0 {
            return None;
        }
        let mut chosen = self.candidates[best];
        if ties > 1 && config.tie_break == TieBreak::Random {
            // Uniform among the tied best, from the game's generator.
            let pick = rng.below(ties as u32) as usize;
            let top = self.candidates[best].score;
            chosen = *self
                .candidates
                .iter()
                .filter(|c| c.score == top)
                .nth(pick)
                .expect("counted above");
        }
        let mut score = chosen.score;
        if config.depth >= 2 {
            let (plan, value) = self.second_ply(position, weights, config, chosen);
            chosen = plan;
            score = value;
        }
        Some((chosen, score))
    }

    /// The first move of the best plan a beam of `width` nodes a piece finds through every
    /// known piece (the current one, the preview and the hold slot; see [`beam`]), or `None`
    /// when the piece has nowhere to go. Ties go to the first in move order.
    pub fn decide_by_beam(
        &mut self,
        position: &Position,
        weights: &Weights,
        width: usize,
    ) -> Option<BeamPlan> {
        self.decide_by_beam_unless(position, weights, width, &mut || false)
            .ok()
            .flatten()
    }

    /// What [`Searcher::decide_by_beam`] finds, unless `stop`, asked before each node the beam
    /// expands, says to stop first: then [`Interrupted`], and the search's work is lost. A caller
    /// that searches while nothing else waits gives way at once when something does.
    pub fn decide_by_beam_unless(
        &mut self,
        position: &Position,
        weights: &Weights,
        width: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Option<BeamPlan>, Interrupted> {
        let found = self.beam_first_move(position, weights, width, stop)?;
        Ok(found.map(|(first, found)| BeamPlan {
            placement: first.placement,
            hold: first.piece == FirstPiece::Held,
            value: found.value,
            pieces: found.layers,
        }))
    }

    /// The first move of the best plan a beam of `width` nodes finds, and what the beam found,
    /// unless `stop` interrupts it.
    fn beam_first_move(
        &mut self,
        position: &Position,
        weights: &Weights,
        width: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Option<(Candidate, beam::BeamResult)>, Interrupted> {
        self.score_first_moves(position, weights);
        let found = self
            .beam
            .search(position, weights, (&self.candidates, width), stop)?;
        Ok(found.map(|found| (self.candidates[found.first], found)))
    }

    /// Calls `visit` with every first move, the current piece's and then the hold
    /// alternative's (`true` when hold is used first), with its one-ply score, in move order;
    /// no paths are worked out.
    pub fn for_each_first_move(
        &mut self,
        position: &Position,
        weights: &Weights,
        mut visit: impl FnMut(bool, &Placement, f64),
    ) {
        let (first, incremental) = (&mut self.first, &mut self.incremental);
        for_each_first_move(first, incremental, position, weights, |c| {
            visit(c.piece == FirstPiece::Held, &c.placement, c.score)
        });
    }

    /// Every first move with its one-ply score and path, best first; ties keep search order.
    pub fn rank(&mut self, position: &Position, weights: &Weights) -> Vec<Choice> {
        self.score_first_moves(position, weights);
        let mut ranked: Vec<Candidate> = self.candidates.clone();
        ranked.sort_by(|a, b| b.score.total_cmp(&a.score));
        ranked
            .iter()
            .map(|c| self.choice(position, c, c.score))
            .collect()
    }

    /// The first moves tied for the best one-ply score, with their paths, in search order: the
    /// first ones `rank` gives, without working out the paths of the others.
    pub fn best_first_moves(&mut self, position: &Position, weights: &Weights) -> Vec<Choice> {
        let ties = self.keep_best_first_moves(position, weights);
        let best = self.candidates[..ties].to_vec();
        best.iter()
            .map(|c| self.choice(position, c, c.score))
            .collect()
    }

    /// Fills `self.candidates` with every first move of the current piece and the hold
    /// alternative.
    fn score_first_moves(&mut self, position: &Position, weights: &Weights) {
        self.candidates.clear();
        let candidates = &mut self.candidates;
        let (first, incremental) = (&mut self.first, &mut self.incremental);
        for_each_first_move(first, incremental, position, weights, |c| {
            candidates.push(c)
        });
    }

    /// Fills `self.candidates` with the first moves that tie for the best score, in move order,
    /// and returns how many there are.
    fn keep_best_first_moves(&mut self, position: &Position, weights: &Weights) -> usize {
        self.candidates.clear();
        // Room for every drop-only placement of two pieces, once, so that a long game's ties
        // do not grow the list piece by piece.
        self.candidates.reserve(2 * 4 * MAX_WIDTH);
        let best = &mut self.candidates;
        let (first, incremental) = (&mut self.first, &mut self.incremental);
        for_each_first_move(first, incremental, position, weights, |c| {
            // As `best_candidate` counts: the first move, then any better, then equals.
            if best.is_empty() || c.score > best[0].score {
                best.clear();
                best.push(c);
            } else if c.score == best[0].score {
                best.push(c);
            }
        });
        self.candidates.len()
    }

    /// The index of the first best candidate and how many candidates tie with it.
    fn best_candidate(&self) -> (usize, usize) {
        let mut best = 0;
        let mut ties = 0;
        for (i, c) in self.candidates.iter().enumerate() {
            if ties == 0 || c.score > self.candidates[best].score {
                best = i;
                ties = 1;
            } else if c.score == self.candidates[best].score {
                ties += 1;
            }
        }
        (best, ties)
    }

    /// The plan: returns the chosen first move and its plan value.
    fn second_ply(
        &mut self,
        position: &Position,
        weights: &Weights,
        config: &SearchConfig,
        single: Candidate,
    ) -> (Candidate, f64) {
        // Best first, ties in move order (a total order, so an unstable sort, which needs no
        // buffer, gives the stable one's order).
        self.order.clear();
        self.order.extend_from_slice(&self.candidates);
        self.order.sort_unstable_by(|a, b| {
            b.score
                .total_cmp(&a.score)
                .then((a.piece.slot(), a.index).cmp(&(b.piece.slot(), b.index)))
        });
        let keep =
            ((self.order.len() as f64 * config.prune).ceil() as usize).clamp(1, self.order.len());
        self.order.truncate(keep);
        if !self.order.iter().any(|c| same(c, &single)) {
            self.order.push(single);
        }
        let plan = plan(position, weights, config);
        let margin = plan.margin;
        let next = self.plies.values(&plan, &self.order, self.parallel);
        let mut single_value = f64::NEG_INFINITY;
        let mut best = (single, f64::NEG_INFINITY);
        for (candidate, &n) in self.order.iter().zip(next) {
            let v = config.value.combine(margin, candidate.score, n);
            if same(candidate, &single) {
                single_value = v;
            }
            if v > best.1 {
                best = (*candidate, v);
            }
        }
        if config.value != PlanValue::Sum {
            // The best value is played (a margin is inside the values of `Max`).
            return if best.1 > single_value {
                best
            } else {
                (single, single_value)
            };
        }
        let improvement = best.1 - single_value;
        if improvement > 0.0 && improvement >= margin {
            best
        } else {
            (single, single_value)
        }
    }

    /// A first-move candidate as a choice ranked by `score`, with its input path.
    fn choice(&mut self, position: &Position, candidate: &Candidate, score: f64) -> Choice {
        let held = candidate.piece == FirstPiece::Held;
        let mut path = Vec::new();
        if held {
            path.push(Input::Hold);
        }
        let placement = match position.rules.kind {
            RuleSet::Classic => {
                path.extend(drop_path(position.board, &candidate.placement));
                candidate.placement
            }
            RuleSet::Guideline => {
                let (placement, inputs) = guideline_path(
                    &mut self.first[candidate.piece.slot()].inputs,
                    position.board,
                    position.rules,
                    &candidate.placement,
                    candidate.index,
                );
                path.extend(inputs);
                placement
            }
        };
        Choice {
            placement,
            hold: held,
            path,
            score,
        }
    }
}

/// What every ply after the first reads in a decision of `position` searched by `config`.
fn plan<'a>(position: &'a Position<'a>, weights: &'a Weights, config: &SearchConfig) -> Plan<'a> {
    Plan {
        position,
        weights,
        depth: config.depth,
        beam: config.beam_width(),
        value: config.value,
        margin: config.margin.unwrap_or(0.0),
        keep_first_rows: config.keep_first_rows,
        weighs_the_match: weights.reads_the_match(),
        decision: transpositions::new_decision(),
    }
}

fn same(a: &Candidate, b: &Candidate) -> bool {
    a.piece == b.piece && a.index == b.index
}
