//! The frontend's side of the protocol, for an engine game whose pieces a bot places: the game's
//! position as the `start` message a bot follows it from, and a suggestion's moves played on the
//! game (the most preferred that the piece can reach, as the protocol says), with the messages
//! that keep the bot following the game. The game must be the protocol's: guideline rules on a
//! board 10 wide and 20 high.

use crate::game::{HEIGHT, WIDTH};
use crate::location::{engine_move, shown, tbp_move, tbp_piece};
use serde::Serialize;
use serde_json::Value;
use tbp::FrontendMessage;
use tbp::data::Move;
use tbp::frontend_msg::{NewPiece, Play, Start, Stop};
use tbp::randomizer::{RandomizerState, SevenBag};
use tetris_ai_core::RuleSet;
use tetris_ai_core::engine::piece::Piece;
use tetris_ai_core::engine::rules::Randomizer;
use tetris_ai_core::error::{Error, Result};
use tetris_ai_core::game::{Game, Step};

/// The rows of the protocol's board.
pub const BOARD_ROWS: usize = 40;

/// A move played: the game's step, and the messages that tell the bot what it did.
#[derive(Debug, Serialize)]
pub struct Played {
    /// The step the move made.
    pub step: Step,
    /// The messages for the bot, in order: `play` with the move, then `new_piece` for each piece
    /// that came into the queue; or, where the board changed beyond the move (garbage came in),
    /// `stop` and a new `start`; after the game's last move, `stop`.
    pub messages: Vec<FrontendMessage>,
}

/// Refuses a game the protocol cannot describe: other rules than guideline, or another board
/// than 10 wide and 20 high.
fn check(game: &Game) -> Result<()> {
    let config = game.config();
    if config.rules.kind != RuleSet::Guideline {
        return Err(Error::Config(format!(
            "a Tetris Bot Protocol bot plays guideline rules, not {} rules",
            config.rules.kind.name()
        )));
    }
    if (config.width, config.height) != (WIDTH, HEIGHT) {
        return Err(Error::Config(format!(
            "a Tetris Bot Protocol bot plays on a board {WIDTH} wide and {HEIGHT} high, not {}x{}",
            config.width, config.height
        )));
    }
    Ok(())
}

/// The `start` message of `game` as it stands: its board (40 rows from the bottom, each cell
/// the letter of the piece that filled it, "G" for garbage, or null), the current piece and the
/// preview as the queue, hold, the combo and back-to-back streaks, and the randomizer's state
/// at the end of the queue. A game that is not the protocol's is an error naming what differs.
pub fn start(game: &Game) -> Result<FrontendMessage> {
    check(game)?;
    Ok(position(game).into())
}

/// The `start` message of `game`, the protocol's.
fn position(game: &Game) -> Start {
    let board = game.board();
    let colors = game.view().cells;
    let rows = board.row_limit();
    let cell = |x: usize, y: usize| -> Option<char> {
        if y >= rows || !board.blocked(x as i32, y as i32) {
            return None;
        }
        match colors[y * WIDTH + x] {
            color @ 1..=7 => Some(Piece::from_index(usize::from(color) - 1).letter()),
            // Garbage, painted as such.
            _ => Some('G'),
        }
    };
    let cells = (0..BOARD_ROWS)
        .map(|y| (0..WIDTH).map(|x| cell(x, y)).collect())
        .collect();
    let queue = std::iter::once(game.current())
        .chain(game.preview())
        .map(|piece| tbp_piece(piece).into())
        .collect();
    let streaks = game.streaks();
    let mut start = Start::new(
        game.held().map(|piece| tbp_piece(piece).into()),
        queue,
        streaks.combo,
        streaks.back_to_back > 0,
        cells,
    );
    start.randomizer = match game.randomizer() {
        Randomizer::Uniform => RandomizerState::Uniform,
        Randomizer::Bag(left) => {
            // The protocol's bag is never empty: an empty one refills with all seven.
            let bag = if left.is_empty() {
                &Piece::ALL[..]
            } else {
                left
            };
            SevenBag::new(bag.iter().map(|&piece| tbp_piece(piece)).collect()).into()
        }
        Randomizer::SzHeavy => RandomizerState::Unknown,
    };
    start
}

/// Plays the first of `moves` (a suggestion's moves, the most preferred first) that `game` can
/// play: a piece the queue or hold gives (hold is used where the move places the piece hold
/// brings), at a placement it reaches by the rules, with the spin it makes there (see
/// [`Game::play_placement`]). None that can, a list that is empty or no list, or a game that is
/// not the protocol's, is an error naming the first move refused and why, and changes nothing.
pub fn play(game: &mut Game, moves: &Value) -> Result<Played> {
    let list = moves.as_array().ok_or_else(|| {
        Error::Config(format!(
            "moves must be a list of moves, got {}",
            shown(moves)
        ))
    })?;
    check(game)?;
    let mut first = None;
    for (i, value) in list.iter().enumerate() {
        match play_one(game, value) {
            Ok(played) => return Ok(played),
            Err(why) => {
                first.get_or_insert(format!("moves[{i}] {why}"));
            }
        }
    }
    Err(Error::Config(match first {
        None => "the bot suggested no move".to_string(),
        Some(why) => format!(
            "none of the {} moves suggested can be played; {why}",
            list.len()
        ),
    }))
}

/// Plays the move `value`, or says why it cannot be played.
fn play_one(game: &mut Game, value: &Value) -> std::result::Result<Played, String> {
    let mv: Move = serde_json::from_value(value.clone())
        .map_err(|e| format!("is no move ({e}): {}", shown(value)))?;
    let given = engine_move(&mv).map_err(|why| format!("{}: {why}", shown(value)))?;
    let hold = given.piece != game.current();
    let held = game.held();
    // The game, not the bot, says which T-spin the move makes: the bot is told the one it made.
    let step = game
        .play_reached(&given, hold)
        .map_err(|why| format!("{}: {why}", shown(value)))?;
    let played = tbp_move(&step.choice.placement);
    let mut messages: Vec<FrontendMessage> = vec![Play::new(played).into()];
    let garbage = step.versus.is_some_and(|exchange| exchange.received > 0);
    if step.game_over {
        messages.push(Stop::new().into());
    } else if garbage {
        messages.push(Stop::new().into());
        messages.push(position(game).into());
    } else {
        // Hold into an empty slot takes two pieces from the queue, so two come in.
        let came = if hold && held.is_none() { 2 } else { 1 };
        let queue: Vec<Piece> = std::iter::once(game.current())
            .chain(game.preview())
            .collect();
        for &piece in &queue[queue.len().saturating_sub(came)..] {
            messages.push(NewPiece::new(tbp_piece(piece).into()).into());
        }
    }
    Ok(Played { step, messages })
}
