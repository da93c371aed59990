//! Versus rules: a game played against an opponent, where cleared lines become attack and attack
//! becomes garbage rows under the opponent's stack.
//!
//! - [`attack`]: the attack tables, and the combo and back-to-back streaks they read.
//! - [`garbage`]: the incoming queue, its delay and cancelling, and the rows that enter.
//! - [`pace`]: how a match keeps time: a piece each per turn, or a clock of frames.
//!
//! A [`Fighter`] is one player's side of it: after each placement it works out the clear and
//! its attack, cancels incoming garbage with it, and lets due garbage in.

pub mod attack;
pub mod garbage;
pub mod pace;

use crate::board::Board;
use crate::error::Result;
use crate::named_choices;
use crate::rules::Locked;
use crate::spin::Spin;
use attack::{AttackTable, Clear, Streaks};
use garbage::{Garbage, GarbageRules};
use serde::{Deserialize, Serialize};

/// The rules of a versus game: how clears attack and how garbage enters.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct VersusRules {
    /// The attack table.
    pub attack: AttackTable,
    /// How garbage waits and enters.
    pub garbage: GarbageRules,
}

/// The versus rule sets a game can be played by, chosen by name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum VersusPreset {
    /// Puyo Puyo Tetris's, as battletris's `-c ppt` referees it.
    #[default]
    Ppt,
    /// TETR.IO's Tetra League (first season).
    Tetrio,
}

named_choices!(VersusPreset, "versus rules", Ppt => "ppt", Tetrio => "tetrio");

impl VersusPreset {
    /// The preset's rules.
    pub fn rules(self) -> VersusRules {
        match self {
            VersusPreset::Ppt => VersusRules {
                attack: AttackTable::Ppt,
                garbage: GarbageRules::PPT,
            },
            VersusPreset::Tetrio => VersusRules {
                attack: AttackTable::Tetrio,
                garbage: GarbageRules::TETRIO,
            },
        }
    }
}

impl Default for VersusRules {
    fn default() -> VersusRules {
        VersusPreset::default().rules()
    }
}

impl VersusRules {
    /// Checks the numbers (see [`GarbageRules::validate`]).
    pub fn validate(&self) -> Result<()> {
        self.garbage.validate()
    }
}

/// What one placement did in a versus game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Exchange {
    /// The clear it made.
    pub clear: Clear,
    /// The rows the clear was worth.
    pub attack: u32,
    /// Incoming rows that attack cancelled.
    pub cancelled: u32,
    /// The rows it sends to the opponent: the attack less what it cancelled.
    pub sent: u32,
    /// Garbage rows that entered after it.
    pub received: u32,
    /// Whether garbage pushed the stack above the buffer.
    pub topped_out: bool,
}

/// One player's side of a versus game: streaks and incoming garbage.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fighter {
    streaks: Streaks,
    garbage: Garbage,
}

impl Fighter {
    /// A fresh side for a board `width` columns wide, its garbage holes drawn from `seed`.
    pub fn new(width: usize, seed: u64) -> Fighter {
        Fighter {
            streaks: Streaks::default(),
            garbage: Garbage::new(width, seed),
        }
    }

    /// The combo and back-to-back streaks so far.
    pub fn streaks(&self) -> Streaks {
        self.streaks
    }

    /// The incoming garbage.
    pub fn garbage(&self) -> &Garbage {
        &self.garbage
    }

    /// Queues `rows` of the opponent's attack, to enter from `due` on the match's clock.
    pub fn receive(&mut self, rows: u32, due: u64) {
        self.garbage.receive(rows, due);
    }

    /// Settles a placement that locked into `board` as `locked`, scoring as `spin`, at `now` on
    /// the match's clock: its clear and attack, the garbage it cancelled, and the due garbage
    /// that then entered `board` (see [`Board::push_garbage`]), whose holes are returned.
    pub fn placed(
        &mut self,
        board: &mut Board,
        locked: &Locked,
        spin: Spin,
        now: u64,
        rules: &VersusRules,
    ) -> (Exchange, Vec<u32>) {
        let (clear, attack) = self.attack(board, locked, spin, rules);
        let sent = self.garbage.counter(attack);
        let (holes, topped_out) = if clear.lines > 0 && rules.garbage.blocking {
            (Vec::new(), false)
        } else {
            self.let_in(board, now, rules)
        };
        let exchange = Exchange {
            clear,
            attack,
            cancelled: attack - sent,
            sent,
            received: holes.len() as u32,
            topped_out,
        };
        (exchange, holes)
    }

    /// The clear of a placement that locked into `board` as `locked`, scoring as `spin`, and
    /// the rows it is worth under `rules`; the streaks move on. Nothing is cancelled or sent:
    /// on a clock that happens once the piece is in place (see [`Fighter::counter`]).
    pub fn attack(
        &mut self,
        board: &Board,
        locked: &Locked,
        spin: Spin,
        rules: &VersusRules,
    ) -> (Clear, u32) {
        let clear = Clear::of(locked.rows_cleared, spin, board);
        let attack = rules.attack.attack(clear, self.streaks);
        self.streaks = self.streaks.after(clear);
        (clear, attack)
    }

    /// Cancels waiting garbage with `attack`, the oldest first; returns the rows left to send.
    pub fn counter(&mut self, attack: u32) -> u32 {
        self.garbage.counter(attack)
    }

    /// Lets the garbage due at `now` under `rules` into `board` (see [`Board::push_garbage`]):
    /// the holes of its rows, the first the highest, and whether they pushed the stack above
    /// the buffer.
    pub fn let_in(&mut self, board: &mut Board, now: u64, rules: &VersusRules) -> (Vec<u32>, bool) {
        let holes = self.garbage.enter(now, &rules.garbage);
        let topped_out = board.push_garbage(&holes);
        (holes, topped_out)
    }
}
