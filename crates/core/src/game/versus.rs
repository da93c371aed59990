//! The versus part: a game's side of a match. Each placement's clear becomes attack by the
//! versus rules, cancels incoming garbage, and lets due garbage in under the stack; the totals
//! say what the game sent and took, and the attacks taken in are kept for the game's recording.

use super::Game;
use crate::ai::versus_view::VersusView;
use crate::engine::moves::Placement;
use crate::engine::rules::Locked;
use crate::engine::versus::{Exchange, Fighter, VersusRules};
use crate::error::{Error, Result};
use crate::record::{Attack, MatchSide};
use serde::{Deserialize, Serialize};

/// A versus game's running totals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct VersusStats {
    /// Rows the clears were worth.
    pub attack: u64,
    /// Rows sent to the opponent (the attack less what it cancelled).
    pub sent: u64,
    /// Incoming rows the attack cancelled.
    pub cancelled: u64,
    /// Garbage rows that entered the board.
    pub received: u64,
    /// T-spins that cleared lines, minis included.
    pub t_spins: u64,
    /// Perfect clears.
    pub perfect_clears: u64,
    /// The longest combo: placements in a row that cleared lines.
    pub best_combo: u32,
    /// The longest back-to-back chain: difficult clears in a row.
    pub best_back_to_back: u32,
}

impl VersusStats {
    /// Adds one placement's exchange.
    fn add(&mut self, exchange: &Exchange) {
        self.attack += u64::from(exchange.attack);
        self.sent += u64::from(exchange.sent);
        self.cancelled += u64::from(exchange.cancelled);
        self.received += u64::from(exchange.received);
        let clear = exchange.clear;
        self.t_spins += u64::from(clear.lines > 0 && clear.spin != crate::engine::spin::Spin::None);
        self.perfect_clears += u64::from(clear.perfect);
    }
}

/// The colour of a garbage cell (after the seven pieces').
pub const GARBAGE_COLOR: u8 = 8;

/// A game's side of a match.
#[derive(Clone, Debug)]
pub(super) struct Versus {
    rules: VersusRules,
    fighter: Fighter,
    /// Placements made so far: the match's clock in lockstep.
    clock: u64,
    /// Whether the match keeps a clock of frames (see [`Game::set_timed_versus`]).
    timed: bool,
    /// On a clock, the attack of the last placement, not yet sent.
    unsent: u32,
    /// The game's placements when the match began.
    from: u64,
    /// The attacks taken in, as they came, where the game records its moves.
    attacks: Vec<Attack>,
    /// What the last placement exchanged.
    last: Option<Exchange>,
    /// Rows sent and not yet taken by the match.
    outgoing: u32,
    stats: VersusStats,
}

impl Game {
    /// Plays this game as one side of a match under `rules`, from now on: its clears attack and
    /// garbage the opponent sends enters (see [`Game::receive_garbage`]). The holes of the
    /// garbage come from the game's seed. Bad rules are an error naming the bad value, and a
    /// game plays one match: a second is refused. Either changes nothing.
    pub fn set_versus(&mut self, rules: VersusRules) -> Result<()> {
        self.begin_versus(rules, false)
    }

    /// Plays this game as one side of a match that keeps a clock of frames, where a placement's
    /// attack leaves and due garbage enters when the match says: a placement only works out
    /// its clear and attack, [`Game::send_attack`] cancels and sends it once the piece is in
    /// place, and [`Game::let_garbage_in`] lets the garbage due at a time in after the clear's
    /// pause. Refused as [`Game::set_versus`] refuses.
    pub fn set_timed_versus(&mut self, rules: VersusRules) -> Result<()> {
        self.begin_versus(rules, true)
    }

    fn begin_versus(&mut self, rules: VersusRules, timed: bool) -> Result<()> {
        rules.validate()?;
        if self.versus.is_some() {
            return Err(Error::Config(
                "this game already plays a match: a new game plays another".to_string(),
            ));
        }
        self.versus = Some(Versus {
            rules,
            fighter: Fighter::new(self.config.width, self.config.seed),
            clock: 0,
            timed,
            unsent: 0,
            from: self.stats().pieces,
            attacks: Vec::new(),
            last: None,
            outgoing: 0,
            stats: VersusStats::default(),
        });
        Ok(())
    }

    /// Queues `rows` of the opponent's attack, which may enter from placement number `due`
    /// (counted from 0); nothing where the game plays no match.
    pub fn receive_garbage(&mut self, rows: u32, due: u64) {
        let recorded = self.recorder.records();
        if let Some(versus) = &mut self.versus {
            // Kept for the recording, where the game records.
            if recorded && rows > 0 {
                let at = versus.clock;
                versus.attacks.push(Attack { at, rows, due });
            }
            versus.fighter.receive(rows, due);
        }
    }

    /// Queues `rows` of an attack arriving now, from an opponent playing in real time: they may
    /// enter after the game's next placements, as many as the rules' garbage delay; nothing
    /// where the game plays no match.
    pub fn receive_attack(&mut self, rows: u32) {
        if let Some(versus) = &self.versus {
            let due = versus.clock + u64::from(versus.rules.garbage.delay);
            self.receive_garbage(rows, due);
        }
    }

    /// The rows this game's clears sent since last asked, for the match to hand the opponent.
    pub fn take_sent(&mut self) -> u32 {
        self.versus
            .as_mut()
            .map_or(0, |versus| std::mem::take(&mut versus.outgoing))
    }

    /// The versus rules and totals, where the game plays a match.
    pub fn versus(&self) -> Option<(&VersusRules, VersusStats)> {
        let versus = self.versus.as_ref()?;
        Some((&versus.rules, versus.stats))
    }

    /// The game's side of the match as its recording keeps it, where it plays one.
    pub(super) fn match_side(&self) -> Option<MatchSide> {
        let versus = self.versus.as_ref()?;
        Some(MatchSide {
            rules: versus.rules,
            from: versus.from,
            attacks: versus.attacks.clone(),
        })
    }

    /// Incoming garbage rows not yet entered, where the game plays a match.
    pub fn pending_garbage(&self) -> Option<u32> {
        Some(self.versus.as_ref()?.fighter.garbage().pending())
    }

    /// The match as the AI weighs it: the table, the streaks and the rows waiting; the default
    /// where the game plays none.
    pub fn versus_view(&self) -> VersusView {
        self.versus
            .as_ref()
            .map_or_else(VersusView::default, |versus| VersusView {
                table: versus.rules.attack,
                streaks: versus.fighter.streaks(),
                incoming: versus.fighter.garbage().pending(),
            })
    }

    /// What the last placement exchanged, where the game plays a match.
    pub fn last_exchange(&self) -> Option<Exchange> {
        self.versus.as_ref()?.last
    }

    /// Settles the versus side of a placement that locked as `locked`: its attack, and the
    /// garbage that entered after it, painted as garbage. Returns whether garbage topped the
    /// game out.
    pub(super) fn settle_versus(&mut self, placement: &Placement, locked: &Locked) -> bool {
        let Some(versus) = &mut self.versus else {
            return false;
        };
        let board = &mut self.position.board;
        let (exchange, holes) = if versus.timed {
            let (clear, attack) =
                versus
                    .fighter
                    .attack(board, locked, placement.spin, &versus.rules);
            versus.unsent = attack;
            let exchange = Exchange {
                clear,
                attack,
                cancelled: 0,
                sent: 0,
                received: 0,
                topped_out: false,
            };
            (exchange, Vec::new())
        } else {
            versus
                .fighter
                .placed(board, locked, placement.spin, versus.clock, &versus.rules)
        };
        versus.clock += 1;
        versus.outgoing += exchange.sent;
        versus.stats.add(&exchange);
        let streaks = versus.fighter.streaks();
        versus.stats.best_combo = versus.stats.best_combo.max(streaks.combo);
        versus.stats.best_back_to_back = versus.stats.best_back_to_back.max(streaks.back_to_back);
        versus.last = Some(exchange);
        self.position.raise_colors(&holes);
        exchange.topped_out
    }

    /// On a clock: cancels waiting garbage with the last placement's attack, once, and returns
    /// the rows left to send the opponent; 0 where the game keeps no clock.
    pub fn send_attack(&mut self) -> u32 {
        let Some(versus) = self.versus.as_mut().filter(|versus| versus.timed) else {
            return 0;
        };
        let attack = std::mem::take(&mut versus.unsent);
        let sent = versus.fighter.counter(attack);
        let cancelled = attack - sent;
        versus.stats.sent += u64::from(sent);
        versus.stats.cancelled += u64::from(cancelled);
        if let Some(last) = &mut versus.last {
            last.sent += sent;
            last.cancelled += cancelled;
        }
        sent
    }

    /// On a clock: lets the garbage due at `now` in under the stack (none after a clear where
    /// the rules block it), and ends the game where it pushed the stack above the buffer or the
    /// piece in play can no longer spawn. Returns the rows that entered; 0 where the game keeps
    /// no clock or is over.
    pub fn let_garbage_in(&mut self, now: u64) -> u32 {
        if self.is_over() {
            return 0;
        }
        let Some(versus) = self.versus.as_mut().filter(|versus| versus.timed) else {
            return 0;
        };
        let blocked =
            versus.rules.garbage.blocking && versus.last.is_some_and(|last| last.clear.lines > 0);
        if blocked {
            return 0;
        }
        let (holes, topped_out) =
            versus
                .fighter
                .let_in(&mut self.position.board, now, &versus.rules);
        let rows = holes.len() as u32;
        versus.stats.received += u64::from(rows);
        if let Some(last) = &mut versus.last {
            last.received += rows;
            last.topped_out |= topped_out;
        }
        self.position.raise_colors(&holes);
        if topped_out {
            self.position.stats.game_over = true;
        } else {
            self.check_block_out();
        }
        rows
    }
}
