//! The AI's play: its weights and search, the plan for the piece in play, and the searcher and
//! tie-break stream it decides with. The AI places a piece at once ([`Game::step`]), an input
//! at a time ([`Game::ai_input`]), or plays on ([`Game::play`]).

use super::{Game, Stats, Step};
use crate::ai::search::{Choice, Position, SearchConfig, Searcher};
use crate::ai::weights::Weights;
use crate::config::GameConfig;
use crate::engine::moves::{Input, Placement};
use crate::engine::piece::{Piece, Turn};
use crate::engine::rules::{GameRng, Randomizer};
use crate::error::Result;

/// The AI's state in a game.
pub(super) struct Ai {
    pub(super) weights: Weights,
    /// The search, its margin resolved (the preset's where none is given).
    pub(super) search: SearchConfig,
    pub(super) searcher: Searcher,
    /// The pieces the randomizer may still deal, as the search reads them.
    pub(super) unseen: Vec<Piece>,
    /// The choice for the piece in play, once decided.
    pub(super) plan: Option<Plan>,
    /// The stream ties between equal placements are broken from.
    tie_rng: GameRng,
}

/// The AI's choice for the current piece and how many of its inputs have been made.
#[derive(Clone, Debug)]
pub(super) struct Plan {
    choice: Choice,
    done: usize,
}

impl Ai {
    /// The AI of a new game: `weights` and `search`, ties broken from `tie_rng`.
    pub(super) fn new(weights: Weights, search: SearchConfig, tie_rng: GameRng) -> Ai {
        Ai {
            weights,
            search,
            searcher: Searcher::new(),
            unseen: Vec::with_capacity(7),
            plan: None,
            tie_rng,
        }
    }

    /// The same AI for a branched game: no plan, ties broken from `tie_rng`.
    pub(super) fn branch(&self, tie_rng: GameRng) -> Ai {
        Ai::new(self.weights.clone(), self.search, tie_rng)
    }

    /// Works out the pieces `randomizer` may still deal (all seven unless a bag is under way).
    pub(super) fn refresh_unseen(&mut self, randomizer: &Randomizer) {
        self.unseen.clear();
        if let Randomizer::Bag(bag) = randomizer {
            self.unseen.extend_from_slice(bag);
        }
        if self.unseen.is_empty() {
            self.unseen.extend_from_slice(&Piece::ALL);
        }
    }
}

impl Game {
    /// The weights the AI plays with.
    pub fn weights(&self) -> &Weights {
        &self.ai.weights
    }

    /// Splits the AI's plies after the first over the rayon pool (or not); the choices stay the
    /// same.
    pub fn set_parallel(&mut self, parallel: bool) {
        self.ai.searcher.set_parallel(parallel);
    }

    /// Replaces the AI's weights; the next decision uses them.
    pub fn set_weights(&mut self, weights: Weights) {
        self.ai.weights = weights;
        self.recorder.ai_alone = false;
        self.forget_plan();
    }

    /// Replaces the AI's search (depth, pruning, margin; a margin of `None` takes the preset's);
    /// the current piece is decided again with it. Bad values are refused and change nothing.
    pub fn set_search(&mut self, search: SearchConfig) -> Result<()> {
        let config = GameConfig {
            search,
            ..self.config.clone()
        };
        let (_, resolved) = config.resolve()?;
        self.config = config;
        self.ai.search = resolved;
        self.recorder.ai_alone = false;
        self.forget_plan();
        Ok(())
    }

    /// Drops the AI's plan for the current piece; the piece goes back to its spawn position,
    /// where the next plan starts.
    fn forget_plan(&mut self) {
        if self.ai.plan.take().is_some() {
            self.hands.falling = None;
        }
    }

    /// Runs `think` on the searcher with what the AI sees of the game.
    pub(super) fn with_position<R>(
        &mut self,
        think: impl FnOnce(&mut Searcher, &Position, &Weights, &SearchConfig, &mut GameRng) -> R,
    ) -> R {
        let versus = self.versus_view();
        let (ai, position, rules) = (&mut self.ai, &mut self.position, &self.config.rules);
        ai.refresh_unseen(&position.randomizer);
        let seen = Position {
            board: &position.board,
            rules,
            current: position.current,
            hold: position.hold,
            can_hold: rules.hold && !position.hold_used,
            preview: position.preview.make_contiguous(),
            unseen: &ai.unseen,
            versus,
        };
        think(
            &mut ai.searcher,
            &seen,
            &ai.weights,
            &ai.search,
            &mut ai.tie_rng,
        )
    }

    /// The AI's choice for the current piece, decided now if it has not been yet (and kept
    /// until the piece locks, hold is used by hand, or the weights change). `None` once the
    /// game is over; a piece with nowhere to go ends the game.
    pub fn decide(&mut self) -> Option<&Choice> {
        if self.is_over() {
            return None;
        }
        if self.ai.plan.is_none() {
            let decision = self.with_position(|searcher, position, weights, search, rng| {
                searcher.decide(position, weights, search, rng)
            });
            match decision {
                Some(choice) => {
                    // The plan starts from the spawn position, where the piece goes back to.
                    self.hands.falling = None;
                    self.ai.plan = Some(Plan { choice, done: 0 });
                }
                None => self.position.stats.game_over = true,
            }
        }
        self.ai.plan.as_ref().map(|plan| &plan.choice)
    }

    /// Lets the AI play the current piece at once. `None` once the game is over.
    pub fn step(&mut self) -> Option<Step> {
        self.decide()?;
        let Plan { choice, done } = self.ai.plan.take()?;
        let hold_now = choice.hold && !choice.path[..done].contains(&Input::Hold);
        let (rows_cleared, points) = self.place(&choice.placement, hold_now);
        Some(Step {
            choice,
            rows_cleared,
            points,
            game_over: self.is_over(),
            versus: self.last_exchange(),
            cleared: self.last_cleared(),
            rating: None,
        })
    }

    /// Lets the AI make the next input of its path, visibly: shifts, turns and soft drops move
    /// the piece in play, hold swaps it, and the final hard drop locks the decided placement
    /// (returned as the step). `None` while the piece is still on its way, and once the game is
    /// over.
    pub fn ai_input(&mut self) -> Option<Step> {
        self.decide()?;
        let plan = self.ai.plan.as_mut()?;
        let input = plan.choice.path[plan.done];
        plan.done += 1;
        match input {
            Input::HardDrop => return self.step(),
            Input::Hold => {
                self.hold_by_input();
                self.hands.falling = None;
            }
            Input::Left | Input::Right | Input::Cw | Input::Ccw | Input::Half | Input::SoftDrop => {
                let board = self.position.board;
                if let Some(falling) = self.falling() {
                    let (piece, kicks) = (&mut falling.piece, falling.kicks);
                    match input {
                        Input::Left => piece.shift(&board, -1),
                        Input::Right => piece.shift(&board, 1),
                        Input::Cw => piece.turn(&board, Turn::Cw, kicks),
                        Input::Ccw => piece.turn(&board, Turn::Ccw, kicks),
                        Input::Half => piece.turn(&board, Turn::Half, kicks),
                        _ => piece.down(&board),
                    };
                }
            }
        }
        None
    }

    /// Plays until the game ends or `max_pieces` pieces in all have been placed: the same game
    /// as [`Game::step`] plays, without working out the input paths nobody sees.
    pub fn play(&mut self, max_pieces: Option<u64>) -> Stats {
        while !self.is_over() && max_pieces.is_none_or(|cap| self.position.stats.pieces < cap) {
            if self.ai.plan.is_some() {
                // A plan under way keeps the inputs it has made.
                self.step();
                continue;
            }
            let decision = self.with_position(|searcher, position, weights, search, rng| {
                searcher.decide_placement(position, weights, search, rng)
            });
            let Some((placement, hold)) = decision else {
                self.position.stats.game_over = true;
                break;
            };
            self.place(&placement, hold);
        }
        self.position.stats
    }

    /// Locks the AI's `placement`, using hold first when `hold_now`; returns the rows cleared
    /// and the points scored.
    fn place(&mut self, placement: &Placement, hold_now: bool) -> (u32, u64) {
        self.hands.falling = None;
        if hold_now {
            self.use_hold();
        }
        self.lock(placement, 0, 0)
    }

    /// Every placement of the current piece (and the hold alternative) with its one-ply score and
    /// path, best first.
    pub fn ranked_placements(&mut self) -> Vec<Choice> {
        if self.is_over() {
            return Vec::new();
        }
        self.with_position(|searcher, position, weights, _, _| searcher.rank(position, weights))
    }

    /// Calls `visit` with every placement of the current piece and then of the hold alternative
    /// (`true` when hold is used first), with its one-ply score, in move order: the placements
    /// of `ranked_placements`, unsorted and without paths. None once the game is over.
    pub fn for_each_placement(&mut self, visit: impl FnMut(bool, &Placement, f64)) {
        if self.is_over() {
            return;
        }
        self.with_position(|searcher, position, weights, _, _| {
            searcher.for_each_first_move(position, weights, visit)
        })
    }

    /// The placements tied for the best one-ply score, in search order: the hints, as the first
    /// of `ranked_placements`, without the paths of the rest.
    pub fn hints(&mut self) -> Vec<Choice> {
        if self.is_over() {
            return Vec::new();
        }
        self.with_position(|searcher, position, weights, _, _| {
            searcher.best_first_moves(position, weights)
        })
    }
}
