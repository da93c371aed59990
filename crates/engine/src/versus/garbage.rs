//! Garbage: the rows an opponent's attack pushes under the stack. Attack waits in an incoming
//! queue for a delay, during which the receiver's own attack cancels it; then it enters, a few
//! rows at a time, each row full but for one hole whose column moves at random.

use crate::error::{Error, Result};
use crate::rng::GameRng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// How garbage waits and enters.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct GarbageRules {
    /// How long an attack waits before it may enter, on the match's clock (placements when
    /// the two games run in lockstep by pieces).
    pub delay: u32,
    /// The chance that a row's hole moves from the row above's, within one attack (0 to 1).
    pub messiness: f64,
    /// Whether each attack's first row moves the hole.
    pub new_hole_per_attack: bool,
    /// The most rows that enter after one placement; `None` lets every due row in.
    pub cap: Option<u32>,
    /// Whether a placement that clears lines holds due garbage back until the next one.
    pub blocking: bool,
}

impl GarbageRules {
    /// Puyo Puyo Tetris's, as battletris referees it: 30 frames' wait (one placement in
    /// lockstep), messiness 0.3, a new hole per attack, no cap, no blocking.
    pub const PPT: GarbageRules = GarbageRules {
        delay: 1,
        messiness: 0.3,
        new_hole_per_attack: true,
        cap: None,
        blocking: false,
    };

    /// TETR.IO's Tetra League: one hole per attack, at most 8 rows per placement, held back by
    /// line clears.
    pub const TETRIO: GarbageRules = GarbageRules {
        delay: 1,
        messiness: 0.0,
        new_hole_per_attack: true,
        cap: Some(8),
        blocking: true,
    };

    /// Checks the numbers: the messiness must be a probability and the cap positive.
    pub fn validate(&self) -> Result<()> {
        if !(0.0..=1.0).contains(&self.messiness) {
            return Err(Error::Config(format!(
                "garbage messiness must be a number from 0 to 1, got {}",
                self.messiness
            )));
        }
        if self.cap == Some(0) {
            return Err(Error::Config(
                "garbage cap must be at least 1 row (or none), got 0".to_string(),
            ));
        }
        Ok(())
    }
}

/// One attack on its way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Incoming {
    /// Rows still to enter.
    rows: u32,
    /// The clock time from which it may enter.
    due: u64,
    /// Whether some of its rows have entered already (so its first row's hole has been chosen).
    begun: bool,
}

/// A player's incoming garbage: the queue of attacks and the column of the hole.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Garbage {
    queue: VecDeque<Incoming>,
    hole: u32,
    width: u32,
    rng: GameRng,
}

/// The random stream of a player's garbage holes: apart from a game's pieces (stream 1) and its
/// AI's ties (stream 2) drawn from the same seed.
const HOLE_STREAM: u64 = 3;

impl Garbage {
    /// No garbage yet, for a board `width` columns wide; the holes come from `seed`.
    pub fn new(width: usize, seed: u64) -> Garbage {
        let mut rng = GameRng::new(seed, HOLE_STREAM);
        let width = width as u32;
        let hole = rng.below(width);
        Garbage {
            queue: VecDeque::new(),
            hole,
            width,
            rng,
        }
    }

    /// Rows waiting, due or not.
    pub fn pending(&self) -> u32 {
        self.queue.iter().map(|i| i.rows).sum()
    }

    /// Rows that may enter at `now`.
    pub fn due(&self, now: u64) -> u32 {
        self.queue
            .iter()
            .take_while(|i| i.due <= now)
            .map(|i| i.rows)
            .sum()
    }

    /// Queues an attack of `rows` that may enter from `due`.
    pub fn receive(&mut self, rows: u32, due: u64) {
        if rows > 0 {
            self.queue.push_back(Incoming {
                rows,
                due,
                begun: false,
            });
        }
    }

    /// Cancels waiting rows with `attack`, the oldest first; returns what is left to send.
    pub fn counter(&mut self, mut attack: u32) -> u32 {
        while attack > 0 {
            let Some(front) = self.queue.front_mut() else {
                break;
            };
            if front.rows <= attack {
                attack -= front.rows;
                self.queue.pop_front();
            } else {
                front.rows -= attack;
                attack = 0;
            }
        }
        attack
    }

    /// Takes the rows that enter at `now` under `rules` (at most the cap), oldest first: each
    /// row's hole column, the first row the highest.
    pub fn enter(&mut self, now: u64, rules: &GarbageRules) -> Vec<u32> {
        let mut room = rules.cap.unwrap_or(u32::MAX);
        let mut holes = Vec::new();
        while room > 0 {
            let Some(front) = self.queue.front_mut() else {
                break;
            };
            if front.due > now {
                break;
            }
            let rows = front.rows.min(room);
            for row in 0..rows {
                let first = row == 0 && !front.begun;
                if (first && rules.new_hole_per_attack) || self.rng.chance(rules.messiness) {
                    self.hole = moved_hole(&mut self.rng, self.hole, self.width);
                }
                holes.push(self.hole);
            }
            room -= rows;
            front.rows -= rows;
            front.begun = true;
            if front.rows == 0 {
                self.queue.pop_front();
            }
        }
        holes
    }
}

/// A column other than `hole`, each of the other `width - 1` as likely.
fn moved_hole(rng: &mut GameRng, hole: u32, width: u32) -> u32 {
    let drawn = rng.below(width - 1);
    if drawn == hole { width - 1 } else { drawn }
}
