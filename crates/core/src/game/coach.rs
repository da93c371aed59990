//! The coach: why the AI scores a placement as it does, where a placement ranks among the AI's,
//! and the rating of each placement made by hand as it locks, against the pieces as they stood
//! when its turn started.

use super::Game;
use crate::ai::search::{Explanation, Position, Rating};
use crate::engine::moves::Placement;
use crate::engine::piece::Piece;
use crate::error::{Error, Result};

/// What the coach keeps of a game.
pub(super) struct Coach {
    /// The pieces as they stood when the piece in play came in, once hold is used by an input.
    turn_start: Option<TurnStart>,
    /// Whether a placement made by hand is rated against the AI's search as it locks.
    rates_hand: bool,
}

/// The pieces as they stood when the piece in play came in, kept once hold is used by an input,
/// so that the placement made then is rated against them, hold alternative and all.
#[derive(Clone, Debug)]
struct TurnStart {
    current: Piece,
    hold: Option<Piece>,
    preview: Vec<Piece>,
}

impl Default for Coach {
    /// Rates the placements made by hand; no turn kept.
    fn default() -> Coach {
        Coach {
            turn_start: None,
            rates_hand: true,
        }
    }
}

impl Coach {
    /// The coach of a branched game: rating as this one does, no turn kept.
    pub(super) fn branch(&self) -> Coach {
        Coach {
            turn_start: None,
            rates_hand: self.rates_hand,
        }
    }

    /// A piece locked: the next turn starts.
    pub(super) fn next_turn(&mut self) {
        self.turn_start = None;
    }
}

impl Game {
    /// Whether each placement made by hand is rated against the AI's search as it locks (the
    /// step's `rating`, which the coach shows); on by default. Off saves a search per piece
    /// where nobody reads the rating.
    pub fn set_hand_rating(&mut self, on: bool) {
        self.coach.rates_hand = on;
    }

    /// Uses hold by an input (the AI's visible path, or a player's key), keeping the pieces as
    /// they stood for the rating of the placement that follows.
    pub(super) fn hold_by_input(&mut self) {
        let position = &self.position;
        self.coach.turn_start = Some(TurnStart {
            current: position.current,
            hold: position.hold,
            preview: position.preview.iter().copied().collect(),
        });
        self.use_hold();
    }

    /// Why the AI scores `placement` as it does: each weighted feature of the board it leaves,
    /// summing to its own score, and at depth 2 and deeper the value of the plies after it and
    /// the plan value the AI chooses by. `placement` is one `ranked_placements` gives (matched by
    /// its piece and cells); any other, or any once the game is over, is refused, naming it.
    pub fn explain(&mut self, placement: &Placement) -> Result<Explanation> {
        if !self.is_over() {
            let found = self.with_position(|searcher, position, weights, search, _| {
                searcher.explain(position, weights, search, placement)
            });
            if let Some(explanation) = found {
                return Ok(explanation);
            }
        }
        Err(self.not_in_play(placement))
    }

    /// Where `placement` ranks among the placements `ranked_placements` gives, by their own
    /// scores (at every depth), how far below the best it scores, and the one or two features
    /// that make most of the difference. Refused, naming it, as [`Game::explain`] refuses.
    pub fn rate(&mut self, placement: &Placement) -> Result<Rating> {
        if !self.is_over() {
            let found = self.with_position(|searcher, position, weights, _, _| {
                searcher.rate(position, weights, placement)
            });
            if let Some(rating) = found {
                return Ok(rating);
            }
        }
        Err(self.not_in_play(placement))
    }

    /// Why `placement` is refused: the game is over, or it is not one of the current piece's.
    fn not_in_play(&self, placement: &Placement) -> Error {
        let shown = serde_json::to_string(placement).unwrap_or_default();
        Error::Config(if self.is_over() {
            format!("placement {shown} is not in play: the game is over")
        } else {
            format!(
                "placement {shown} is none of those search() gives for the piece in play ({}) \
                 or the piece hold brings",
                self.position.current
            )
        })
    }

    /// The rating of a placement made by hand as it locks, where the game rates them.
    pub(super) fn rate_as_it_locks(&mut self, placement: &Placement) -> Option<Rating> {
        if self.coach.rates_hand {
            self.rate_hand(placement)
        } else {
            None
        }
    }

    /// The rating of `placement`, made by hand and about to lock (or a replay's move, about to
    /// be played): against the pieces as they stood when the turn started where hold was used
    /// and brought in the piece placed, else against the position now; found by the search or
    /// not (see [`Searcher::rate_hand`](crate::ai::search::Searcher::rate_hand)). `None` when
    /// its piece is neither the one in play nor the one hold brings. The draws unseen are
    /// today's: a rating reads the first ply alone, which does not look at them.
    pub fn rate_hand(&mut self, placement: &Placement) -> Option<Rating> {
        if let Some(start) = &self.coach.turn_start {
            let versus = self.versus_view();
            let (ai, position) = (&mut self.ai, &self.position);
            ai.refresh_unseen(&position.randomizer);
            let before = Position {
                board: &position.board,
                rules: &self.config.rules,
                current: start.current,
                hold: start.hold,
                can_hold: true,
                preview: &start.preview,
                unseen: &ai.unseen,
                versus,
            };
            let rating = ai.searcher.rate_hand(&before, &ai.weights, placement);
            if rating.is_some() {
                return rating;
            }
        }
        self.with_position(|searcher, now, weights, _, _| {
            searcher.rate_hand(now, weights, placement)
        })
    }
}
