//! One game: the board, the piece queue, hold, score and statistics, played by the AI one piece
//! at a time or by hand. Same configuration and seed, same game.
//!
//! A [`Game`] is made of parts, each a module with its own state:
//! - [`position`]: the position a [`Snapshot`] keeps (board, colours, pieces, hold, score and
//!   totals), and how a piece locks and the next comes in;
//! - [`ai`]: the AI's weights, search and plan, and its play;
//! - [`manual`]: play by hand: keys pressed and released, frames, the falling piece;
//! - [`given`]: placements given from outside (a bot's), checked against those the piece reaches;
//! - [`coach`]: the coach's explanations and ratings of placements;
//! - [`recorder`]: the moves recorded for a replay, and a replay's moves played;
//! - [`branch`]: snapshots, and games branched from them with a fresh future;
//! - [`versus`]: the game's side of a match: attack sent, garbage taken;
//! - [`view`]: what a renderer draws.

mod ai;
mod branch;
mod coach;
mod given;
mod manual;
mod position;
mod recorder;
mod versus;
mod view;

pub use position::Snapshot;
pub use versus::{GARBAGE_COLOR, VersusStats};
pub use view::{ChoiceView, PieceView, View};

use crate::ai::search::{Choice, Rating};
use crate::config::GameConfig;
use crate::engine::board::Board;
use crate::engine::moves::Placement;
use crate::engine::piece::Piece;
use crate::engine::rules::{GameRng, Randomizer};
use crate::engine::versus::Exchange;
use crate::engine::versus::attack::{Clear, Streaks};
use crate::error::Result;
use ai::Ai;
use coach::Coach;
use manual::Hands;
use recorder::Recorder;
use serde::{Deserialize, Serialize};

/// Random streams drawn from a game's seed: the pieces, and the AI's ties.
const PIECE_STREAM: u64 = 1;
const TIE_STREAM: u64 = 2;

/// A placement's line clear, as a game shows it: the clear (lines, T-spin, perfect clear), the
/// streaks after it (combo, back-to-back) and the rows it removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Cleared {
    /// The clear.
    pub clear: Clear,
    /// The streaks after it.
    pub streaks: Streaks,
    /// The rows removed, as bits: bit `y` for row `y` before the clear.
    pub rows: u64,
}

/// A game's running totals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Stats {
    /// Lines cleared.
    pub lines: u64,
    /// Pieces locked.
    pub pieces: u64,
    /// Guideline score (0 under the research rules, whose score is lines).
    pub score: u64,
    /// Pieces per line cleared, when any line was cleared.
    pub pieces_per_line: Option<f64>,
    /// Whether the game has ended.
    pub game_over: bool,
    /// Whether it ended by reaching its mode's goal (40 lines, two minutes, 150 lines).
    pub finished: bool,
    /// Frames of manual play run (60 to a second of a mode's clock).
    pub frames: u64,
    /// The guideline level: 1, up one every 10 lines, at most 15.
    pub level: u64,
}

/// What one step did: a piece the AI or a player placed.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Step {
    /// The placement played and the inputs that reach it.
    pub choice: Choice,
    /// Lines the placement cleared.
    pub rows_cleared: u32,
    /// Points it scored.
    pub points: u64,
    /// Whether the game ended with it.
    pub game_over: bool,
    /// What the placement attacked and took in a match; null where the game plays none.
    pub versus: Option<Exchange>,
    /// The line clear it made (or the T-spin that cleared none), with the streaks after it;
    /// null where it cleared no line and spun no T.
    pub cleared: Option<Cleared>,
    /// For a placement made by hand or given (see [`Game::play_placement`]), the coach's rating
    /// of it against the AI's search on the board and pieces before it locked (see
    /// [`Game::rate`]); null for the AI's own.
    pub rating: Option<Rating>,
}

/// One game in progress.
pub struct Game {
    config: GameConfig,
    /// The position: board, pieces in play, preview, hold, score and totals.
    position: Snapshot,
    /// The stream the pieces are drawn from.
    piece_rng: GameRng,
    ai: Ai,
    hands: Hands,
    coach: Coach,
    recorder: Recorder,
    /// The game's side of a match, where it plays one.
    versus: Option<versus::Versus>,
}

impl Game {
    /// The step of `placement`, just locked by a hand (the player's keys, a recorded move, a
    /// bot's) and not chosen by the AI's search, so with no path and no score: what the lock
    /// gave (`locked`: rows cleared and points), the game's state after it, and the coach's
    /// `rating` of it, if any.
    fn placed_step(
        &self,
        placement: Placement,
        hold: bool,
        (rows_cleared, points): (u32, u64),
        rating: Option<Rating>,
    ) -> Step {
        Step {
            choice: Choice {
                placement,
                hold,
                path: Vec::new(),
                score: f64::NAN,
            },
            rows_cleared,
            points,
            game_over: self.is_over(),
            versus: self.last_exchange(),
            cleared: self.last_cleared(),
            rating,
        }
    }
}

impl Game {
    /// A new game; a bad configuration is an error naming the bad value.
    pub fn new(config: GameConfig) -> Result<Game> {
        let (weights, search) = config.resolve()?;
        let mut piece_rng = GameRng::new(config.seed, PIECE_STREAM);
        let position = Snapshot::start(&config, &mut piece_rng)?;
        let mut game = Game {
            position,
            piece_rng,
            ai: Ai::new(weights, search, GameRng::new(config.seed, TIE_STREAM)),
            hands: Hands::default(),
            coach: Coach::default(),
            recorder: Recorder::default(),
            versus: None,
            config,
        };
        game.check_block_out();
        Ok(game)
    }

    /// The configuration the game was made with.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.position.board
    }

    /// The piece to place next.
    pub fn current(&self) -> Piece {
        self.position.current
    }

    /// The piece in the hold slot.
    pub fn held(&self) -> Option<Piece> {
        self.position.hold
    }

    /// The visible preview, next piece first.
    pub fn preview(&self) -> impl ExactSizeIterator<Item = Piece> + '_ {
        self.position.preview.iter().copied()
    }

    /// The randomizer the next pieces come from, as it stands after the preview was drawn.
    pub fn randomizer(&self) -> &Randomizer {
        &self.position.randomizer
    }

    /// The combo and back-to-back streaks of the line clears so far.
    pub fn streaks(&self) -> Streaks {
        self.position.streaks
    }

    /// Whether hold may be used now: the rules have it and it was not used for this piece.
    pub fn can_hold(&self) -> bool {
        self.config.rules.hold && !self.position.hold_used && !self.position.stats.game_over
    }

    /// Running totals.
    pub fn stats(&self) -> Stats {
        self.position.stats
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.position.stats.game_over
    }

    /// Ends the game where it stands.
    pub fn end(&mut self) {
        self.position.stats.game_over = true;
        self.hands.falling = None;
        self.ai.plan = None;
    }
}
