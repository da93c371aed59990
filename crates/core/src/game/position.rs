//! The position: the board with each cell's colour, the piece in play, the preview and the
//! randomizer they come from, hold, the score and the totals. A [`Snapshot`] is a position
//! apart from its game; here the game locks pieces on it and draws the next.

use super::versus::GARBAGE_COLOR;
use super::{Cleared, Game, Stats};
use crate::config::GameConfig;
use crate::engine::board::Board;
use crate::engine::mode;
use crate::engine::moves::Placement;
use crate::engine::piece::Piece;
use crate::engine::rules::{GameRng, Randomizer, RuleSet, Scoring, lock, spawn_position};
use crate::engine::spin::Spin;
use crate::engine::versus::attack::{Clear, Streaks};
use crate::error::Result;
use std::collections::VecDeque;

/// A game's position without its AI or random streams, from [`Game::snapshot`]: what
/// [`Game::branch`] starts a game from.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    pub(super) board: Board,
    /// Each cell's colour, row by row from the bottom (see [`View::cells`](super::View::cells)).
    pub(super) colors: Vec<u8>,
    pub(super) randomizer: Randomizer,
    pub(super) current: Piece,
    pub(super) preview: VecDeque<Piece>,
    pub(super) hold: Option<Piece>,
    /// Whether hold was used for the piece in play.
    pub(super) hold_used: bool,
    pub(super) scoring: Scoring,
    pub(super) stats: Stats,
    /// The combo and back-to-back streaks of the line clears so far.
    pub(super) streaks: Streaks,
    /// The last placement's line clear, where it made one (see [`Cleared`]).
    pub(super) last_cleared: Option<Cleared>,
}

impl Snapshot {
    /// The first position of a game of `config`: an empty board, and the first piece and the
    /// preview drawn from `piece_rng`.
    pub(super) fn start(config: &GameConfig, piece_rng: &mut GameRng) -> Result<Snapshot> {
        let board = Board::new(config.width, config.height)?;
        let mut randomizer = Randomizer::for_rules(&config.rules);
        let current = randomizer.next(piece_rng);
        let preview = (0..config.rules.preview)
            .map(|_| randomizer.next(piece_rng))
            .collect();
        Ok(Snapshot {
            colors: vec![0; board.width() * board.row_limit()],
            board,
            randomizer,
            current,
            preview,
            hold: None,
            hold_used: false,
            scoring: Scoring::new(),
            stats: Stats {
                level: mode::level(0),
                ..Stats::default()
            },
            streaks: Streaks::default(),
            last_cleared: None,
        })
    }

    /// Records the piece's colour in its cells and removes the cleared rows from the colours.
    fn paint(&mut self, placement: &Placement, cleared: u64) {
        let width = self.board.width();
        let rows = self.board.row_limit();
        for (x, y) in placement.cells() {
            if (y as usize) < rows {
                self.colors[y as usize * width + x as usize] = placement.piece.index() as u8 + 1;
            }
        }
        if cleared == 0 {
            return;
        }
        // Rows below the lowest cleared one stay where they are; the kept rows above it move
        // down a run at a time, up to the stack's top before the clear (above it all is empty).
        let top = self.board.max_height() + cleared.count_ones() as usize;
        let mut kept = cleared.trailing_zeros() as usize;
        let mut y = kept;
        while y < top {
            // Past the cleared rows at `y`, then the run of kept rows above them moves down.
            y += (!cleared >> y).trailing_zeros() as usize;
            let end = (y + (cleared >> y).trailing_zeros() as usize).min(top);
            if y < end {
                self.colors
                    .copy_within(y * width..end * width, kept * width);
                kept += end - y;
            }
            y = end;
        }
        self.colors[kept * width..top * width].fill(0);
    }

    /// Raises the colours by one row per entry of `holes` and paints the rows beneath as
    /// garbage, each but for its hole, as [`Board::push_garbage`] raises the board.
    pub(super) fn raise_colors(&mut self, holes: &[u32]) {
        if holes.is_empty() {
            return;
        }
        let width = self.board.width();
        let len = self.colors.len();
        let raised = (holes.len() * width).min(len);
        self.colors.copy_within(..len - raised, raised);
        for (i, &hole) in holes.iter().enumerate() {
            let y = holes.len() - 1 - i;
            if let Some(row) = self.colors.get_mut(y * width..(y + 1) * width) {
                for (x, cell) in row.iter_mut().enumerate() {
                    *cell = if x == hole as usize { 0 } else { GARBAGE_COLOR };
                }
            }
        }
    }
}

impl Game {
    /// The piece hold brings in now: the held one, else the next (drawn without drawing it).
    pub(super) fn piece_after_hold(&self) -> Piece {
        let position = &self.position;
        position
            .hold
            .or_else(|| position.preview.front().copied())
            .unwrap_or_else(|| {
                position
                    .randomizer
                    .clone()
                    .next(&mut self.piece_rng.clone())
            })
    }

    /// Swaps the current piece with the hold slot (drawing the next piece if it was empty).
    pub(super) fn use_hold(&mut self) {
        let held = self.position.hold.replace(self.position.current);
        self.position.current = match held {
            Some(piece) => piece,
            None => self.draw(),
        };
        self.position.hold_used = true;
    }

    /// Takes the next piece from the preview (refilling it) or straight from the randomizer.
    fn draw(&mut self) -> Piece {
        let fresh = self.position.randomizer.next(&mut self.piece_rng);
        match self.position.preview.pop_front() {
            Some(next) => {
                self.position.preview.push_back(fresh);
                next
            }
            None => fresh,
        }
    }

    /// Locks `placement`, which fell `soft_rows` by soft drop and `hard_rows` by hard drop,
    /// records its move, scores it and its drops, and brings in the next piece; returns (lines,
    /// points).
    pub(super) fn lock(
        &mut self,
        placement: &Placement,
        soft_rows: u32,
        hard_rows: u32,
    ) -> (u32, u64) {
        let position = &mut self.position;
        self.recorder
            .record(position.hold_used, placement, soft_rows, hard_rows);
        let level = mode::level(position.stats.lines) as u32;
        let locked = lock(&mut position.board, placement, self.config.rules.top_out());
        position.paint(placement, locked.cleared);
        let clear = Clear::of(locked.rows_cleared, placement.spin, &position.board);
        position.streaks = position.streaks.after(clear);
        position.last_cleared = (clear.lines > 0 || clear.spin != Spin::None).then_some(Cleared {
            clear,
            streaks: position.streaks,
            rows: locked.cleared,
        });
        let points = match self.config.rules.kind {
            RuleSet::Classic => 0,
            RuleSet::Guideline => {
                position.scoring.drop(soft_rows, hard_rows)
                    + position
                        .scoring
                        .lock(locked.rows_cleared, placement.spin, level)
            }
        };
        let stats = &mut position.stats;
        stats.lines += locked.rows_cleared as u64;
        stats.pieces += 1;
        stats.score = position.scoring.score;
        stats.pieces_per_line = (stats.lines > 0).then(|| stats.pieces as f64 / stats.lines as f64);
        stats.level = mode::level(stats.lines);
        position.hold_used = false;
        self.coach.next_turn();
        self.ai.plan = None;
        let buried = self.settle_versus(placement, &locked);
        if locked.tops_out || buried {
            self.position.stats.game_over = true;
        } else if self.reach_goal() {
            self.hands.falling = None;
        } else {
            self.position.current = self.draw();
            self.check_block_out();
        }
        (locked.rows_cleared, points)
    }

    /// Ends the game, finished, where it has reached its mode's goal; returns whether it did.
    pub(super) fn reach_goal(&mut self) -> bool {
        let stats = &mut self.position.stats;
        if self.config.mode.reached(stats.lines, stats.frames) {
            stats.finished = true;
            stats.game_over = true;
        }
        stats.finished
    }

    /// The last placement's line clear, where it made one.
    pub(super) fn last_cleared(&self) -> Option<Cleared> {
        self.position.last_cleared
    }

    /// Ends a guideline game whose piece in play cannot spawn.
    pub(super) fn check_block_out(&mut self) {
        if self.config.rules.kind == RuleSet::Guideline
            && spawn_position(&self.position.board, self.position.current).is_none()
        {
            self.position.stats.game_over = true;
        }
    }
}
