//! Recording: the move of each piece as it locks, where the game records them, and whether the
//! AI alone played them; and a replay's moves played on the game, checked one by one.

use super::{Game, Step};
use crate::config::GameConfig;
use crate::engine::moves::Placement;
use crate::engine::piece::{Piece, Turn};
use crate::engine::spin::{Spin, t_spin};
use crate::error::{Error, Result};
use crate::record::{Move, Recording, encode};

/// What a game records of its moves.
pub(super) struct Recorder {
    /// The move of each piece locked, where the game records them (see [`Game::recorded`]).
    moves: Option<Vec<Move>>,
    /// Whether the AI placed every piece under the configuration, untouched by keys and by new
    /// weights or search: the configuration and seed then play the game again.
    pub(super) ai_alone: bool,
}

impl Default for Recorder {
    /// Records nothing; the AI alone has played (no piece yet).
    fn default() -> Recorder {
        Recorder {
            moves: None,
            ai_alone: true,
        }
    }
}

impl Recorder {
    /// What a branched game records: nothing, and not the AI of its configuration alone.
    pub(super) fn branch() -> Recorder {
        Recorder {
            moves: None,
            ai_alone: false,
        }
    }

    /// Whether the game records its moves (see [`Game::recorded`]).
    pub(super) fn records(&self) -> bool {
        self.moves.is_some()
    }

    /// Records the move of a piece that locks at `placement`, after hold where `hold_used`,
    /// dropped `soft_rows` by soft drop and `hard_rows` by hard drop.
    pub(super) fn record(
        &mut self,
        hold_used: bool,
        placement: &Placement,
        soft_rows: u32,
        hard_rows: u32,
    ) {
        if let Some(moves) = &mut self.moves {
            moves.push(Move::new(hold_used, placement, soft_rows, hard_rows));
        }
    }
}

impl Game {
    /// A new game that records the move of each piece as it locks, the AI's and the player's,
    /// for [`Game::recording`] (a few bytes a piece).
    pub fn recorded(config: GameConfig) -> Result<Game> {
        let mut game = Game::new(config)?;
        game.recorder.moves = Some(Vec::new());
        Ok(game)
    }

    /// The moves recorded so far, one per piece locked (none where the game does not record).
    pub fn moves(&self) -> &[Move] {
        self.recorder.moves.as_deref().unwrap_or_default()
    }

    /// The game as a replay keeps it, where it records (see [`Game::recorded`]): the moves, or
    /// none where the AI alone played every piece under the configuration, which then plays the
    /// game again from its seed; and in a match, its side of it, with the moves (the garbage
    /// changes the AI's game). The configuration is the one the game was made with, or where
    /// the AI plays by other weights or search now, one with those.
    pub fn recording(&self) -> Option<Recording> {
        let moves = self.recorder.moves.as_ref()?;
        let ai = (self.ai.weights.clone(), self.ai.search);
        let config = if self.config.resolve().ok() == Some(ai) {
            self.config.clone()
        } else {
            GameConfig {
                weights: Some(self.ai.weights.clone()),
                preset: None,
                search: self.ai.search,
                ..self.config.clone()
            }
        };
        let versus = self.match_side();
        Some(Recording {
            config,
            pieces: moves.len() as u64,
            moves: (!self.recorder.ai_alone || versus.is_some()).then(|| encode(moves)),
            versus,
        })
    }

    /// Locks `played`, a replay's move, for the piece in play, using hold first where it says
    /// so, and scores its drops as a player's. A move that cannot be played is refused, changing
    /// nothing, with the reason: the game is over, the rules have no hold, its piece is not the
    /// one in play, its placement does not fit on the board or floats above the stack, or it
    /// claims a T-spin it does not make.
    pub fn play_move(&mut self, played: &Move) -> Result<Step> {
        let placement = played.placement();
        let refused = |why: String| {
            let shown = serde_json::to_string(&placement).unwrap_or_default();
            Err(Error::Config(format!("placement {shown} {why}")))
        };
        if self.is_over() {
            return Err(Error::Config("it comes after the game ended".to_string()));
        }
        if played.hold() && !self.config.rules.hold {
            return Err(Error::Config(
                "it uses hold, which these rules do not have".to_string(),
            ));
        }
        let in_play = if played.hold() {
            self.piece_after_hold()
        } else {
            self.position.current
        };
        if placement.piece != in_play {
            return Err(Error::Config(format!(
                "it places {}, but the piece in play is {in_play}{}",
                placement.piece,
                if played.hold() { " after hold" } else { "" }
            )));
        }
        let board = &self.position.board;
        let shape = placement.piece.shape(placement.rotation);
        if !board.fits(shape, placement.x, placement.y) {
            return refused("does not fit on the board".to_string());
        }
        if board.fits(shape, placement.x, placement.y - 1) {
            return refused("floats: it would fall further".to_string());
        }
        if placement.spin != Spin::None
            && (placement.piece != Piece::T
                || t_spin(
                    board,
                    placement.rotation,
                    placement.x,
                    placement.y,
                    Turn::Cw,
                    0,
                ) == Spin::None)
        {
            return refused("claims a T-spin, but it is no T-spin".to_string());
        }
        self.recorder.ai_alone = false;
        self.hands.falling = None;
        self.ai.plan = None;
        if played.hold() {
            self.use_hold();
        }
        let locked = self.lock(&placement, played.soft_rows(), played.hard_rows());
        Ok(self.placed_step(placement, played.hold(), locked, None))
    }
}
