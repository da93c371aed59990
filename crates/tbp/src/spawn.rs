//! Moves for a piece that spawns only where the protocol says, not where the guideline does.
//!
//! The guideline spawns a piece in rows 20 and 21 (counted from 0 at the bottom), dropping it a
//! row at once where it can, and ends the game where the piece overlaps the stack there (block
//! out); the engine's rules, which the bot searches by, do so. The protocol spawns a piece at
//! "roughly y=19", and battletris tries its centre at row 19 first, then at row 20. So where the
//! stack reaches into row 20 or 21 above an opening at row 19, the engine finds no move, while
//! the frontend still lets the piece in: the bot would forfeit a game it could go on with. In
//! that case the bot suggests the moves from the protocol's spawn instead, lowest first.

use crate::game::FollowedGame;
use tetris_ai_core::engine::moves::{MoveSearch, Placement};
use tetris_ai_core::engine::piece::{Kicks, Piece};
use tetris_ai_core::engine::rules::spawn_position;

/// The protocol's spawn of a piece's centre, in the north orientation: column 4, row 19.
pub const PROTOCOL_SPAWN: (i32, i32) = (4, 19);

/// Every placement of the game's current piece, and of the piece hold would bring, that spawns
/// at [`PROTOCOL_SPAWN`] where the guideline's spawn is blocked, lowest top row first (ties in
/// the order found): the least bad moves left. Empty where either piece spawns by the
/// guideline (the engine's search has its moves), or neither fits at the protocol's spawn.
pub fn below_the_guidelines_spawn(game: &FollowedGame, kicks: Kicks) -> Vec<Placement> {
    let board = &game.board;
    let current = game.queue.front().copied();
    let held = game.hold.or_else(|| game.queue.get(1).copied());
    let pieces: Vec<Piece> = current.into_iter().chain(held).collect();
    if pieces
        .iter()
        .any(|&piece| spawn_position(board, piece).is_some())
    {
        return Vec::new();
    }
    // The move search finds nothing for a piece that does not fit where it starts.
    let mut search = MoveSearch::new();
    let mut found: Vec<Placement> = Vec::new();
    for piece in pieces {
        found.extend_from_slice(search.run(board, piece, PROTOCOL_SPAWN, kicks));
    }
    found.sort_by_key(Placement::top_row);
    found
}
