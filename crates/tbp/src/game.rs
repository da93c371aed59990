//! The game as the bot follows it: what the frontend's last `start` said (board, hold, queue,
//! combo, back-to-back and the bag), advanced by each `play` and `new_piece`. The protocol's board
//! is 40 rows; the bot's is the guideline's 20 rows and the engine's buffer above them, and a
//! cell higher than that (a stack far above where pieces spawn) is left out with a warning.

use crate::location::{engine_piece, engine_placement, shown};
use std::collections::VecDeque;
use tbp::MaybeUnknown;
use tbp::data::Move;
use tbp::frontend_msg::Start;
use tbp::randomizer::RandomizerState;
use tetris_ai_core::ai::versus_view::VersusView;
use tetris_ai_core::engine::board::Board;
use tetris_ai_core::engine::piece::Piece;
use tetris_ai_core::engine::spin::Spin;
use tetris_ai_core::engine::versus::attack::Streaks;

/// The board's columns: the protocol's are always 10.
pub const WIDTH: usize = 10;
/// The board's visible rows, where pieces spawn at the top (row 19), as the protocol's default.
pub const HEIGHT: usize = 20;

/// One game as the bot follows it.
#[derive(Clone, Debug, PartialEq)]
pub struct FollowedGame {
    /// The stack.
    pub board: Board,
    /// The piece in the hold slot.
    pub hold: Option<Piece>,
    /// The pieces to come, the piece to place first.
    pub queue: VecDeque<Piece>,
    /// Line-clearing placements in a row.
    pub combo: u32,
    /// Whether the last clear was a tetris or a spin.
    pub back_to_back: bool,
    /// The pieces the bag holds after the queue: what the next unseen piece can be.
    pub bag: Vec<Piece>,
}

/// A `play` that does not fit the game the bot follows.
pub type Refusal = String;

impl FollowedGame {
    /// The match as the AI weighs it: the streaks the game keeps (the protocol tells neither the
    /// attack table nor the garbage waiting, so the table is Puyo Puyo Tetris's, as the
    /// battletris referee's, and nothing waits).
    pub fn versus_view(&self) -> VersusView {
        VersusView {
            streaks: Streaks {
                combo: self.combo,
                back_to_back: u32::from(self.back_to_back),
            },
            ..VersusView::default()
        }
    }

    /// The game a `start` message describes, and warnings about what was left out; a board that
    /// is no list of rows of 10 cells, or an unknown piece, is an error naming it.
    pub fn start(start: &Start) -> Result<(FollowedGame, Vec<String>), Refusal> {
        let mut warnings = Vec::new();
        let mut board = Board::new(WIDTH, HEIGHT).map_err(|e| e.to_string())?;
        let rows = board.row_limit();
        for (y, row) in start.board.iter().enumerate() {
            if row.len() != WIDTH {
                return Err(format!(
                    "board[{y}] has {} cells, where a row has {WIDTH}",
                    row.len()
                ));
            }
            for (x, cell) in row.iter().enumerate() {
                if cell.is_none() {
                    continue;
                }
                if y < rows {
                    board.set(x, y);
                } else {
                    warnings.push(format!(
                        "board[{y}][{x}] is filled above the {rows} rows the bot keeps; it is \
                         left out"
                    ));
                }
            }
        }
        let piece = |what: &str, p: &MaybeUnknown<tbp::data::Piece>| {
            engine_piece(p).ok_or_else(|| format!("{what} is an unknown piece {}", shown(p)))
        };
        let hold = match &start.hold {
            Some(p) => Some(piece("hold", p)?),
            None => None,
        };
        let queue = start
            .queue
            .iter()
            .enumerate()
            .map(|(i, p)| piece(&format!("queue[{i}]"), p))
            .collect::<Result<VecDeque<_>, _>>()?;
        let bag = match &start.randomizer {
            RandomizerState::SevenBag(seven) => seven
                .bag_state
                .iter()
                .map(|p| engine_piece(&MaybeUnknown::Known(p.clone())))
                .collect::<Option<Vec<_>>>()
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        let game = FollowedGame {
            board,
            hold,
            queue,
            combo: start.combo,
            back_to_back: start.back_to_back,
            bag: if bag.is_empty() {
                Piece::ALL.to_vec()
            } else {
                bag
            },
        };
        Ok((game, warnings))
    }

    /// Adds `piece` to the end of the queue, drawn from the bag (refilled once empty).
    pub fn new_piece(&mut self, piece: Piece) {
        self.queue.push_back(piece);
        if let Some(at) = self.bag.iter().position(|&p| p == piece) {
            self.bag.remove(at);
        }
        if self.bag.is_empty() {
            self.bag = Piece::ALL.to_vec();
        }
    }

    /// Plays `mv` as the frontend did: the piece it names from the queue or the hold slot, locked
    /// where it says, and full rows cleared. A move that places no piece the queue or hold gives,
    /// or does not fit the board, is refused naming why, and changes nothing.
    pub fn play(&mut self, mv: &Move) -> Result<(), Refusal> {
        let placement = engine_placement(&mv.location, Spin::None)?;
        let current = *self
            .queue
            .front()
            .ok_or("a move was played with no piece in the queue")?;
        // How many pieces leave the queue, and the hold slot after.
        let (taken, hold) = if placement.piece == current {
            (1, self.hold)
        } else if self.hold == Some(placement.piece) {
            (1, Some(current))
        } else if self.hold.is_none() && self.queue.get(1) == Some(&placement.piece) {
            (2, Some(current))
        } else {
            return Err(format!(
                "the move places {}, but the queue gives {} and hold gives {}",
                placement.piece.letter(),
                current.letter(),
                self.hold
                    .or(self.queue.get(1).copied())
                    .map_or("nothing".to_string(), |p| p.letter().to_string())
            ));
        };
        let rows = self.board.row_limit() as i32;
        for (x, y) in placement.cells() {
            if y >= rows || self.board.blocked(x, y) {
                return Err(format!(
                    "the move puts {} on ({x}, {y}), which is filled or off the board",
                    placement.piece.letter()
                ));
            }
        }
        let shape = placement.piece.shape(placement.rotation);
        self.board.place(shape, placement.x, placement.y);
        let cleared = self.board.clear_full_rows().count_ones();
        self.queue.drain(..taken);
        self.hold = hold;
        if cleared == 0 {
            self.combo = 0;
        } else {
            let spun = !matches!(&mv.spin, MaybeUnknown::Known(tbp::data::Spin::None));
            self.back_to_back = spun || cleared == 4;
            self.combo += 1;
        }
        Ok(())
    }
}
