//! Replays: a [`Recording`] played again on a fresh game of its configuration, to any placement,
//! forward and back, with the coach's rating of each move.

use crate::ai::search::Rating;
use crate::config::GameConfig;
use crate::engine::moves::Placement;
use crate::error::{Error, Result};
use crate::game::{Game, View};
use crate::record::{MAX_PIECES, MatchSide, Move, Recording, decode, encode};
use serde::Serialize;

/// One position of a replay: the game after `index` placements, and the move made from it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Frame {
    /// Placements made so far.
    pub index: usize,
    /// Placements in the whole replay.
    pub count: usize,
    /// The game as a renderer draws it (the piece in play at its spawn position).
    pub view: View,
    /// The move made from here; null at the end.
    pub next: Option<NextMove>,
}

/// The move made from a replay's position, with the coach's rating of it on that position.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct NextMove {
    /// Whether hold was used first.
    pub hold: bool,
    /// The placement that locked.
    pub placement: Placement,
    /// The cells it filled, as (column, row).
    pub cells: [(i32, i32); 4],
    /// Where it ranks among the AI's first moves and what sets it apart from the best (see
    /// [`Game::rate_hand`]).
    pub rating: Option<Rating>,
}

/// A recording played again: its game at any placement, forward and back.
pub struct Replay {
    config: GameConfig,
    moves: Vec<Move>,
    /// The game's side of a match, where it played one.
    versus: Option<MatchSide>,
    /// The game after `at` moves.
    game: Game,
    at: usize,
}

impl Replay {
    /// The replay of `recording`: its moves, or without them the AI's game from the seed,
    /// played through once; a game of a match takes the garbage of its attacks as it did. A
    /// recording that does not play (a move that does not fit, floats, is not of the piece in
    /// play, or comes after the game ended; fewer or more moves than it says; a match without
    /// its moves) is refused, naming the move and what is wrong with it.
    pub fn new(recording: &Recording) -> Result<Replay> {
        if recording.pieces > MAX_PIECES {
            return Err(Error::Config(format!(
                "the replay holds {} pieces, more than the {MAX_PIECES} a replay may hold",
                recording.pieces
            )));
        }
        let config = recording.config.clone();
        let moves = match &recording.moves {
            Some(text) => {
                let moves = decode(text)?;
                if moves.len() as u64 != recording.pieces {
                    return Err(Error::Config(format!(
                        "the replay says {} pieces were placed, but its moves hold {}",
                        recording.pieces,
                        moves.len()
                    )));
                }
                moves
            }
            None if recording.versus.is_some() => {
                return Err(Error::Config(
                    "a replay of a match needs its moves: the AI's game from the seed takes no \
                     garbage"
                        .to_string(),
                ));
            }
            None => Self::ai_moves(&config, recording.pieces)?,
        };
        let mut replay = Replay {
            game: Game::new(config.clone())?,
            config,
            moves,
            versus: recording.versus.clone(),
            at: 0,
        };
        replay.seek(replay.moves.len())?;
        Ok(replay)
    }

    /// The replay of the recording written as JSON `text` (see [`Recording::read`]).
    pub fn read(text: &str) -> Result<Replay> {
        Replay::new(&Recording::read(text)?)
    }

    /// The moves of the AI's game of `config`, `pieces` pieces long.
    fn ai_moves(config: &GameConfig, pieces: u64) -> Result<Vec<Move>> {
        let mut game = Game::recorded(config.clone())?;
        let played = game.play(Some(pieces)).pieces;
        if played < pieces {
            return Err(Error::Config(format!(
                "the replay says the AI placed {pieces} pieces, but its game of this \
                 configuration ends after {played}"
            )));
        }
        Ok(game.moves().to_vec())
    }

    /// How many placements the replay holds.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the replay holds no placement.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves, one per piece.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The replay as it is written, with its moves.
    pub fn recording(&self) -> Recording {
        Recording {
            config: self.config.clone(),
            pieces: self.moves.len() as u64,
            moves: Some(encode(&self.moves)),
            versus: self.versus.clone(),
        }
    }

    /// The game after `index` placements (0 to [`Replay::len`]): played on from where the
    /// replay stands, or again from the start to go back. A larger index is refused, naming it.
    pub fn seek(&mut self, index: usize) -> Result<&mut Game> {
        if index > self.moves.len() {
            return Err(Error::Config(format!(
                "placement {index} is past the replay's end: it holds {}",
                self.moves.len()
            )));
        }
        if index < self.at {
            self.game = Game::new(self.config.clone())?;
            self.at = 0;
        }
        while self.at < index {
            let move_error = |e| Error::Config(format!("move {} of the replay: {e}", self.at + 1));
            if let Some(side) = &self.versus {
                arrive(side, &mut self.game, self.at as u64).map_err(move_error)?;
            }
            self.game
                .play_move(&self.moves[self.at])
                .map_err(move_error)?;
            self.at += 1;
        }
        Ok(&mut self.game)
    }

    /// The position after `index` placements, with the move made from it rated on it.
    pub fn frame(&mut self, index: usize) -> Result<Frame> {
        let next = self.moves.get(index).copied();
        let count = self.moves.len();
        let game = self.seek(index)?;
        let next = next.map(|played| {
            let placement = played.placement();
            NextMove {
                hold: played.hold(),
                placement,
                cells: placement.cells(),
                rating: game.rate_hand(&placement),
            }
        });
        Ok(Frame {
            index,
            count,
            view: game.view(),
            next,
        })
    }
}

/// Brings `game`, which has made `placed` placements of a recording whose side of a match is
/// `side`, to where its next one was made: the match begun where it began, and the attacks that
/// came by then queued.
fn arrive(side: &MatchSide, game: &mut Game, placed: u64) -> Result<()> {
    if placed == side.from {
        game.set_versus(side.rules)?;
    }
    let Some(clock) = placed.checked_sub(side.from) else {
        return Ok(());
    };
    let first = side.attacks.partition_point(|attack| attack.at < clock);
    let last = side.attacks.partition_point(|attack| attack.at <= clock);
    for attack in &side.attacks[first..last] {
        game.receive_garbage(attack.rows, attack.due);
    }
    Ok(())
}
