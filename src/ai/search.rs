//! Choosing a placement: score every placement of the current piece (and of the hold
//! alternative) with the weights, optionally look one piece further, and break ties at random
//! from the game's seeded generator or by taking the first in move order.
//!
//! Move order: the current piece's placements, then the hold alternative's; under the research
//! rules each piece's distinct rotations in the order spawn, right, reverse, left, each from its
//! leftmost column to its rightmost; under guideline rules the order [`Reach`] gives (rotation,
//! column, row), or with timing rules the order the input search finds them.
//!
//! Two-ply search follows the p5.js write-up: only the best fraction of first moves (by their own
//! score) is searched further, and each gets a plan value from its own score and the best score
//! of the next piece on the board it leaves (without preview, the mean of that over the pieces
//! that can come next). With [`PlanValue::Sum`] the value is the sum of the two, and a plan
//! replaces the best single move only if its value beats that move's plan value by at least the
//! margin; with [`PlanValue::Max`] the value is the larger of the first move's score plus the
//! margin and the next piece's best score alone, and with [`PlanValue::Next`] the next piece's
//! best score alone; with either of these the best value is played. A plan valued no
//! higher than the best single move's leaves that move; among better plans of equal value, the
//! one whose first move scores higher is played, then the first in move order.

use crate::ai::features::{Incremental, Outcome};
use crate::ai::weights::Weights;
use crate::engine::board::{Board, MAX_WIDTH};
use crate::engine::moves::{DropRotation, Input, MoveSearch, Placement, drop_rotations};
use crate::engine::piece::{Piece, Rotation};
use crate::engine::reach::Reach;
use crate::engine::rules::{GameRng, RuleSet, Rules, TopOut, lock, spawn_position};
use crate::engine::timing::reachable_in_time;
use crate::error::{Error, Result};
use crate::named::named_choices;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// The shallowest search: the current piece only.
pub const MIN_DEPTH: u8 = 1;
/// The deepest search: the current piece and the next.
pub const MAX_DEPTH: u8 = 2;

/// How far and how wide to search.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SearchConfig {
    /// 1: the current piece only. 2: the next piece too.
    pub depth: u8,
    /// The fraction of first moves (best first) searched at the second ply, in (0, 1].
    pub prune: f64,
    /// How much a two-ply plan must improve on the best single move to replace it (with
    /// [`PlanValue::Max`], the bonus a first move's own score gets); `None` takes the preset's
    /// margin where it sets one, else 0.
    pub margin: Option<f64>,
    /// How a two-ply plan is valued.
    pub value: PlanValue,
    /// How a tie between equally good first moves is broken.
    pub tie_break: TieBreak,
    /// Whether the second ply reads the board with the first piece's full rows still in place
    /// (Yiyuan Lee's program), so that the next piece's placement is scored with the rows both
    /// pieces fill, and its before-clears features see them; otherwise they are removed first.
    pub keep_first_rows: bool,
}

/// How a two-ply plan is valued from its first move's score `s` and the best score `n` of the
/// piece after it (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlanValue {
    /// `s + n`; a plan replaces the best single move only if it gains at least the margin.
    Sum,
    /// `max(s + margin, n)`: the first move's own score with the margin as a bonus, or the next
    /// piece's best score alone, whichever is larger (the p5.js program's lookahead).
    Max,
    /// `n`: the next piece's best score alone, that is the score of the board both pieces leave
    /// (Yiyuan Lee's program's lookahead).
    Next,
}

/// How a tie between equally good first moves is broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// Uniformly at random among the tied moves, from the game's seeded generator.
    Random,
    /// The first of the tied moves in move order (see the module documentation).
    First,
}

named_choices!(PlanValue, "plan value", Sum => "sum", Max => "max", Next => "next");
named_choices!(TieBreak, "tie-break", Random => "random", First => "first");

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig::DEFAULT
    }
}

impl SearchConfig {
    /// The default search: one ply, the best quarter of first moves searched at the second,
    /// the preset's margin, summed plan values, random tie-breaks, and full rows removed before
    /// the second ply.
    pub const DEFAULT: SearchConfig = SearchConfig {
        depth: 1,
        prune: 0.25,
        margin: None,
        value: PlanValue::Sum,
        tie_break: TieBreak::Random,
        keep_first_rows: false,
    };

    /// Checks the values; the error names the bad one.
    pub fn validate(&self) -> Result<()> {
        if !(MIN_DEPTH..=MAX_DEPTH).contains(&self.depth) {
            return Err(Error::Config(format!(
                "search depth {} is not supported: it must be {MIN_DEPTH} or {MAX_DEPTH}",
                self.depth
            )));
        }
        if !(self.prune > 0.0 && self.prune <= 1.0) {
            return Err(Error::Config(format!(
                "prune fraction {} is out of range: it must be above 0 and at most 1",
                self.prune
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
    /// The pieces the first unseen draw can be, each equally likely.
    pub unseen: &'a [Piece],
}

/// A placement with how to reach it and how the AI scored it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    /// Where the piece locks.
    pub placement: Placement,
    /// Whether the hold slot is used first.
    pub hold: bool,
    /// The inputs, starting with `Hold` when hold is used and ending with a hard drop.
    pub path: Vec<Input>,
    /// The score the choice was ranked by (the plan value at two plies).
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
    /// The second ply, when searched in order.
    second: Lookahead,
    /// Whether the second ply spreads the first moves over the rayon pool.
    parallel: bool,
    candidates: Vec<Candidate>,
    /// The first ply's board, read for the incremental evaluation.
    incremental: Incremental,
}

/// The value of placing `placement` on `board`: the weighted features of the result, or minus
/// infinity when it ends the game. Out of line: the placements that need it are few, and the
/// loops that score placements stay small without it.
#[inline(never)]
pub fn evaluate(board: &Board, placement: &Placement, top_out: TopOut, weights: &Weights) -> f64 {
    let mut after = *board;
    let locked = lock(&mut after, placement, top_out);
    if locked.tops_out {
        return f64::NEG_INFINITY;
    }
    weights.evaluate(&Outcome {
        board: &after,
        landing_row: locked.landing_row,
        top_row: locked.top_row,
        rows_cleared: locked.rows_cleared,
        piece_cells_cleared: locked.piece_cells_cleared,
        cleared: locked.cleared,
    })
}

/// Scores placements on one board: incrementally where it can, else in full.
struct Scorer<'a> {
    board: &'a Board,
    top_out: TopOut,
    weights: &'a Weights,
    incremental: Option<&'a mut Incremental>,
}

impl<'a> Scorer<'a> {
    /// A scorer for placements on `board`, reading it into `buffer` for the incremental
    /// evaluation.
    #[inline]
    fn new(
        board: &'a Board,
        top_out: TopOut,
        weights: &'a Weights,
        buffer: &'a mut Incremental,
    ) -> Scorer<'a> {
        let incremental = buffer.read(board, weights).then_some(buffer);
        Scorer {
            board,
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
        evaluate(self.board, placement, self.top_out, self.weights)
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
                    evaluate(self.board, &copy, self.top_out, self.weights)
                });
            visit(index, placement, score);
            index += 1;
        }
        index
    }
}

/// The placement searches one ply keeps for one piece.
#[derive(Default)]
struct Finder {
    /// Every reachable placement at once, when no path is needed to judge them.
    words: Reach,
    /// Placements with their input paths: for every placement under timing rules (whose paths
    /// decide which placements count), else for the chosen one's path.
    inputs: MoveSearch,
}

/// Calls `visit` with each placement of `piece`, its index (for its path) and its score:
/// drop-only under the research rules; under guideline rules, those reachable from the spawn
/// position, and only those a player reaches in time when timing is set (then the index is into
/// `finder.inputs`). The research rules' placements are scored in a loop per rotation, where
/// scoring is inlined: a call per placement costs WebAssembly more than the rest of the loop.
#[inline(always)]
fn for_each_scored_placement(
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
        None => finder.words.run(board, piece, spawn),
        Some(_) => {
            finder.inputs.run(board, piece, spawn);
            finder.inputs.placements()
        }
    };
    for (index, placement) in found.iter().enumerate() {
        if let Some(timing) = rules.timing {
            let path = finder.inputs.path(index);
            if !reachable_in_time(board, placement, spawn, &path, timing) {
                continue;
            }
        }
        visit(index, *placement, scorer.score(placement));
    }
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
        .and_then(|spawn| search.path_to(board, placement, spawn))
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
    let alternative = Searcher::hold_alternative(position);
    let pieces = [Some(position.current), alternative];
    let mut scorer = Scorer::new(
        position.board,
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

    /// Spreads the second ply over the rayon pool (or not). The choice does not change, only
    /// the time it takes.
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
        if config.depth == 2 {
            let (plan, value) = self.second_ply(position, weights, config, chosen);
            chosen = plan;
            score = value;
        }
        Some((chosen, score))
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

    /// The piece the hold input would bring in, if it is known and differs from the current one.
    fn hold_alternative(position: &Position) -> Option<Piece> {
        if !position.can_hold {
            return None;
        }
        position
            .hold
            .or_else(|| position.preview.first().copied())
            .filter(|&p| p != position.current)
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

    /// The two-ply plan: returns the chosen first move and its plan value.
    fn second_ply(
        &mut self,
        position: &Position,
        weights: &Weights,
        config: &SearchConfig,
        single: Candidate,
    ) -> (Candidate, f64) {
        let mut order: Vec<Candidate> = self.candidates.clone();
        order.sort_by(|a, b| b.score.total_cmp(&a.score));
        let keep = ((order.len() as f64 * config.prune).ceil() as usize).clamp(1, order.len());
        order.truncate(keep);
        if !order.iter().any(|c| same(c, &single)) {
            order.push(single);
        }
        let next = self.next_values(&order, position, weights, config.keep_first_rows);
        let margin = config.margin.unwrap_or(0.0);
        let value = |c: &Candidate, n: f64| match config.value {
            PlanValue::Sum => c.score + n,
            PlanValue::Max => (c.score + margin).max(n),
            PlanValue::Next => n,
        };
        let mut single_value = f64::NEG_INFINITY;
        let mut best = (single, f64::NEG_INFINITY);
        for (candidate, n) in order.into_iter().zip(next) {
            let v = value(&candidate, n);
            if same(&candidate, &single) {
                single_value = v;
            }
            if v > best.1 {
                best = (candidate, v);
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

    /// For each first move, the value of the piece after it on the board it leaves (with the
    /// first piece's full rows in place when `keep_first_rows`), computed in order, or spread
    /// over the rayon pool when parallel search is on (the values, and so the choice, are the
    /// same either way).
    fn next_values(
        &mut self,
        order: &[Candidate],
        position: &Position,
        weights: &Weights,
        keep_first_rows: bool,
    ) -> Vec<f64> {
        let value = |lookahead: &mut Lookahead, c: &Candidate| {
            lookahead.next_piece_value(position, weights, c, keep_first_rows)
        };
        if self.parallel {
            order
                .par_iter()
                .map_init(Lookahead::default, value)
                .collect()
        } else {
            order.iter().map(|c| value(&mut self.second, c)).collect()
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

/// The second ply: its own move search and board buffer, one per worker in parallel search.
#[derive(Default)]
struct Lookahead {
    search: Finder,
    /// The board after the first move, read for the incremental evaluation.
    incremental: Incremental,
}

impl Lookahead {
    /// The best score of the piece after `first` on the board it leaves (its full rows still in
    /// place when `keep_first_rows`); without preview, the mean of that over the pieces that can
    /// come.
    fn next_piece_value(
        &mut self,
        position: &Position,
        weights: &Weights,
        first: &Candidate,
        keep_first_rows: bool,
    ) -> f64 {
        if first.score == f64::NEG_INFINITY {
            return f64::NEG_INFINITY;
        }
        let mut after = *position.board;
        if keep_first_rows {
            let placement = &first.placement;
            after.place(
                placement.piece.shape(placement.rotation),
                placement.x,
                placement.y,
            );
        } else {
            lock(&mut after, &first.placement, position.rules.top_out());
        }
        // Using hold with an empty slot takes the first preview piece as the current one.
        let skip = usize::from(first.piece == FirstPiece::Held && position.hold.is_none());
        let known = position.preview.get(skip).copied();
        let pieces: &[Piece] = match &known {
            Some(piece) => std::slice::from_ref(piece),
            None => position.unseen,
        };
        let mut scorer = Scorer::new(
            &after,
            position.rules.top_out(),
            weights,
            &mut self.incremental,
        );
        let mut total = 0.0;
        for &piece in pieces {
            total += best_score(&mut self.search, &mut scorer, position.rules, piece);
        }
        total / pieces.len() as f64
    }
}

/// The best one-ply score of `piece` on the scorer's board (minus infinity if every placement
/// loses), with `search` for its placements.
fn best_score(search: &mut Finder, scorer: &mut Scorer, rules: &Rules, piece: Piece) -> f64 {
    let mut best = f64::NEG_INFINITY;
    for_each_scored_placement(search, scorer, rules, piece, |_, _, score| {
        best = best.max(score);
    });
    best
}

fn same(a: &Candidate, b: &Candidate) -> bool {
    a.piece == b.piece && a.index == b.index
}
