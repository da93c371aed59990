//! Which placements a player could reach in time under gravity and lock delay.
//!
//! The model: the player makes one input per frame, following the shortest input path; after
//! each frame's input, gravity moves the piece down one row every `gravity` frames. A soft drop
//! that gravity has already done (the piece is at or below the row the path expects) is skipped.
//! A piece that rests on the stack locks after `lock_delay` frames; a successful shift or turn
//! while resting restarts that count, at most [`LOCK_RESETS`](crate::rules::LOCK_RESETS) times until the piece reaches a
//! new lowest row (the same rule as manual play, [`Falling`]). A placement is reachable when
//! the piece ends where the path promised, with the same spin.

use crate::active::Active;
use crate::board::Board;
use crate::manual::Falling;
use crate::moves::{Input, Placement};
use crate::piece::{Kicks, Turn};
use crate::rules::Timing;

/// Whether following `path` from `spawn` under `timing`, turning with `kicks`, locks exactly
/// `target`.
pub fn reachable_in_time(
    board: &Board,
    target: &Placement,
    spawn: (i32, i32),
    path: &[Input],
    timing: Timing,
    kicks: Kicks,
) -> bool {
    let mut plan = Active::new(target.piece, spawn);
    let mut falling = Falling::new(plan, kicks);
    let mut gravity_frames = 0;
    for &input in path {
        let moved = match input {
            Input::Hold => continue,
            Input::HardDrop => {
                let locked = falling.piece.ghost(board).placement(board);
                return locked == *target;
            }
            Input::SoftDrop => {
                plan.down(board);
                if falling.piece.y <= plan.y {
                    continue;
                }
                falling.fall(board)
            }
            Input::Left | Input::Right => {
                let dx = if input == Input::Left { -1 } else { 1 };
                plan.shift(board, dx);
                falling.shift(board, dx)
            }
            Input::Cw | Input::Ccw | Input::Half => {
                let turn = match input {
                    Input::Cw => Turn::Cw,
                    Input::Ccw => Turn::Ccw,
                    _ => Turn::Half,
                };
                plan.turn(board, turn, kicks);
                falling.turn(board, turn)
            }
        };
        if !moved {
            return false;
        }
        gravity_frames += 1;
        if gravity_frames >= timing.gravity {
            gravity_frames = 0;
            falling.fall(board);
        }
        if falling.rest(board, timing.lock_delay) {
            return falling.piece.placement(board) == *target;
        }
    }
    false
}
