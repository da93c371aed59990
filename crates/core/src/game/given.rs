//! Placements given from outside the game (a bot's, a frontend's): each checked against the
//! placements the piece in play, or the piece hold brings, can reach under the game's rules, then
//! locked as the AI's step locks its own.

use super::{Game, Step};
use crate::engine::moves::{Placement, sorted_cells};
use crate::engine::spin::Spin;
use crate::error::{Error, Result};

impl Game {
    /// Locks `placement`, using hold first where `hold` says so, as [`Game::step`] locks the
    /// AI's: the statistics, the match's attack and garbage and the recording follow it, and the
    /// step carries the coach's rating of it, as a placement made by hand does. It must fill the
    /// cells, with the T-spin, of a placement the piece reaches by the rules (those
    /// [`Game::for_each_placement`] gives; the same cells in another rotation state are the same
    /// placement). Anything else is refused, changing nothing, with the reason naming it: the
    /// game is over, hold cannot be used now, its piece is not the one in play, or the piece
    /// cannot reach it.
    pub fn play_placement(&mut self, placement: &Placement, hold: bool) -> Result<Step> {
        self.play_given(placement, hold, SpinGiven::Checked)
    }

    /// Locks `placement` as [`Game::play_placement`] does, but with the T-spin the piece makes
    /// there by the rules, whatever T-spin `placement` gives: how a frontend plays a bot's move,
    /// whose spin is the game's to say. The step's choice carries the placement as played.
    pub fn play_reached(&mut self, placement: &Placement, hold: bool) -> Result<Step> {
        self.play_given(placement, hold, SpinGiven::Reached)
    }

    /// Checks and locks `placement`, its T-spin as `spin` says.
    fn play_given(&mut self, placement: &Placement, hold: bool, spin: SpinGiven) -> Result<Step> {
        let shown = serde_json::to_string(placement).unwrap_or_default();
        let refused = |why: String| Err(Error::Config(format!("placement {shown} {why}")));
        if self.is_over() {
            return refused("comes after the game ended".to_string());
        }
        if hold && !self.can_hold() {
            return refused(if self.config.rules.hold {
                "uses hold, which was already used for this piece".to_string()
            } else {
                "uses hold, which these rules do not have".to_string()
            });
        }
        let in_play = if hold {
            self.piece_after_hold()
        } else {
            self.position.current
        };
        if hold && in_play == self.position.current {
            return refused(format!(
                "uses hold, which brings in another {in_play}: place it without hold"
            ));
        }
        if placement.piece != in_play {
            return refused(format!(
                "places {}, but the piece in play is {in_play}{}",
                placement.piece,
                if hold { " after hold" } else { "" }
            ));
        }
        let placement = &match (self.reached_spin(placement, hold), spin) {
            (None, _) => return refused("is not one the piece can reach".to_string()),
            (Some(reached), SpinGiven::Checked) if reached != placement.spin => {
                let name = |spin| serde_json::to_string(&spin).unwrap_or_default();
                return refused(format!(
                    "is given as T-spin {}, but the piece reaches it as {}",
                    name(placement.spin),
                    name(reached)
                ));
            }
            (Some(reached), _) => Placement {
                spin: reached,
                ..*placement
            },
        };
        let rating = self.rate_as_it_locks(placement);
        self.recorder.ai_alone = false;
        self.hands.falling = None;
        self.ai.plan = None;
        if hold {
            self.use_hold();
        }
        let locked = self.lock(placement, 0, 0);
        Ok(self.placed_step(*placement, hold, locked, rating))
    }

    /// The T-spin with which the piece in play (the piece hold brings, where `hold`) reaches the
    /// cells of `placement` by the rules, whatever T-spin `placement` gives; none where it does
    /// not reach them.
    fn reached_spin(&mut self, placement: &Placement, hold: bool) -> Option<Spin> {
        let cells = sorted_cells(placement);
        let mut reached = None;
        self.for_each_placement(|held, found, _| {
            if held == hold && sorted_cells(found) == cells {
                reached = Some(found.spin);
            }
        });
        reached
    }
}

/// Whose word a given placement's T-spin is.
#[derive(Clone, Copy)]
enum SpinGiven {
    /// The placement's: refused where the piece makes another there.
    Checked,
    /// The game's: the placement is played with the T-spin the piece makes there.
    Reached,
}
