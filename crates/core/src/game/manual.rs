//! Play by hand: keys pressed and released, frames of gravity, auto shift and lock delay, and the
//! piece under the player's control.

use super::{Game, Step};
use crate::engine::active::Active;
use crate::engine::manual::{Action, Controls, Falling, Handling, Key};
use crate::engine::rules::spawn_position;
use crate::error::Result;

/// The player's hands on a game: the keys held, and the piece they move.
#[derive(Default)]
pub(super) struct Hands {
    controls: Controls,
    /// The piece under control, once spawned (the AI's visible inputs move it too).
    pub(super) falling: Option<Falling>,
}

impl Game {
    /// The piece under the player's control, spawned if need be; `None` once the game is over
    /// (a piece that cannot spawn ends it).
    pub(super) fn falling(&mut self) -> Option<&mut Falling> {
        if self.is_over() {
            return None;
        }
        if self.hands.falling.is_none() {
            let current = self.position.current;
            match spawn_position(&self.position.board, current) {
                Some(at) => {
                    let kicks = self.config.rules.kicks;
                    self.hands.falling = Some(Falling::new(Active::new(current, at), kicks));
                }
                None => self.position.stats.game_over = true,
            }
        }
        self.hands.falling.as_mut()
    }

    /// Presses `key` (manual play): shifts and turns act at once, a hard drop locks. Returns
    /// the step when a piece locks.
    pub fn press(&mut self, key: Key) -> Option<Step> {
        self.ai.plan = None;
        self.recorder.ai_alone = false;
        let board = self.position.board;
        let mut controls = self.hands.controls;
        let action = self
            .falling()
            .map(|falling| controls.press(key, falling, &board))?;
        self.hands.controls = controls;
        self.act(action)
    }

    /// Releases `key` (manual play).
    pub fn release(&mut self, key: Key) {
        self.hands.controls.release(key);
    }

    /// Lets `frames` frames pass (manual play): auto shift, gravity, soft drop, lock delay, and
    /// the mode's clock (an ultra ends on its last frame). Returns the steps of the pieces that
    /// locked.
    pub fn tick(&mut self, frames: u32) -> Vec<Step> {
        let mut steps = Vec::new();
        for _ in 0..frames {
            let handling = self.handling_now();
            let board = self.position.board;
            let mut controls = self.hands.controls;
            if self.falling().is_none() {
                break;
            }
            self.position.stats.frames += 1;
            let Some(falling) = self.hands.falling.as_mut() else {
                break;
            };
            let action = controls.frame(falling, &board, &handling);
            self.hands.controls = controls;
            steps.extend(self.act(action));
            if !self.is_over() && self.reach_goal() {
                self.hands.falling = None;
            }
        }
        steps
    }

    /// The timings of manual play now: the player's, with the gravity of the mode's level where
    /// the mode sets one (the marathon).
    fn handling_now(&self) -> Handling {
        let mut handling = self.config.handling;
        if let Some(gravity) = self.config.mode.gravity(self.position.stats.lines) {
            handling.gravity = gravity;
        }
        handling
    }

    /// Changes the timings of manual play from now on; bad values are refused and change nothing.
    pub fn set_handling(&mut self, handling: Handling) -> Result<()> {
        handling.validate()?;
        self.config.handling = handling;
        Ok(())
    }

    /// Carries out what a key or a frame asked for; returns the step when a piece locks (a
    /// placement made by hand has no path and no score, and the coach's rating).
    fn act(&mut self, action: Action) -> Option<Step> {
        match action {
            Action::Nothing => None,
            Action::Hold => {
                if self.config.rules.hold && !self.position.hold_used {
                    self.hold_by_input();
                    self.hands.falling = None;
                }
                None
            }
            Action::Lock {
                soft_rows,
                hard_rows,
            } => {
                let falling = self.hands.falling.take()?;
                let placement = falling.piece.placement(&self.position.board);
                let rating = self.rate_as_it_locks(&placement);
                let locked = self.lock(&placement, soft_rows, hard_rows);
                Some(self.placed_step(placement, false, locked, rating))
            }
        }
    }
}
