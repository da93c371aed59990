//! Manual play: keys pressed and released, and time in frames. Delayed auto shift (DAS) and
//! auto repeat (ARR) for held left/right, gravity and a faster soft drop, and a lock delay that a
//! successful move or turn restarts, at most [`LOCK_RESETS`] times until the piece reaches a new
//! lowest row (guideline move reset).

use crate::active::Active;
use crate::board::Board;
use crate::error::{Error, Result};
use crate::piece::{Kicks, Turn};
use crate::rules::LOCK_RESETS;
use serde::{Deserialize, Serialize};

/// A control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Key {
    /// Shift left (repeats while held).
    Left,
    /// Shift right (repeats while held).
    Right,
    /// Fall faster while held.
    SoftDrop,
    /// Drop to rest and lock at once.
    HardDrop,
    /// Rotate clockwise.
    Cw,
    /// Rotate counter-clockwise.
    Ccw,
    /// Rotate half a turn (180 degrees), where the rules' kicks allow it.
    Half,
    /// Swap with the hold slot.
    Hold,
}

/// Timings of manual play, in frames.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct Handling {
    /// Frames a shift key is held before it repeats.
    pub das: u32,
    /// Frames between repeats once repeating; 0 moves straight to the wall.
    pub arr: u32,
    /// Frames per row of fall (at least 1).
    pub gravity: u32,
    /// Frames per row while soft drop is held (at least 1).
    pub soft_drop: u32,
    /// Frames a resting piece waits before it locks (at least 1).
    pub lock_delay: u32,
}

impl Default for Handling {
    fn default() -> Handling {
        Handling {
            das: 10,
            arr: 2,
            gravity: 60,
            soft_drop: 3,
            lock_delay: 30,
        }
    }
}

impl Handling {
    /// Checks the values; the error names the bad one.
    pub fn validate(&self) -> Result<()> {
        for (name, value) in [
            ("gravity", self.gravity),
            ("soft drop", self.soft_drop),
            ("lock delay", self.lock_delay),
        ] {
            if value == 0 {
                return Err(Error::Config(format!(
                    "{name} of 0 frames is out of range: it must be at least 1"
                )));
            }
        }
        Ok(())
    }
}

/// What the game must do after a key or a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Nothing beyond the piece's own movement.
    Nothing,
    /// Swap the piece with the hold slot.
    Hold,
    /// Lock the piece where it is; it fell `soft_rows` by soft drop and `hard_rows` by hard drop.
    Lock {
        /// Rows moved down by soft drop.
        soft_rows: u32,
        /// Rows moved down by hard drop.
        hard_rows: u32,
    },
}

/// The piece under the player's control, with its timers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Falling {
    /// Where it is.
    pub piece: Active,
    /// The kicks its turns try.
    pub kicks: Kicks,
    gravity_frames: u32,
    lock_frames: u32,
    resets: u32,
    lowest: i32,
    soft_rows: u32,
}

impl Falling {
    /// A piece just spawned, that turns with `kicks`.
    pub fn new(piece: Active, kicks: Kicks) -> Falling {
        Falling {
            piece,
            kicks,
            gravity_frames: 0,
            lock_frames: 0,
            resets: 0,
            lowest: piece.y,
            soft_rows: 0,
        }
    }

    /// After a successful shift or turn: a new lowest row restores the resets; resting, the
    /// lock delay restarts if resets are left.
    fn moved(&mut self, board: &Board) {
        if self.piece.y < self.lowest {
            self.lowest = self.piece.y;
            self.resets = 0;
        }
        if self.piece.resting(board) && self.resets < LOCK_RESETS {
            self.resets += 1;
            self.lock_frames = 0;
        }
    }

    /// Shifts `dx` columns if it fits; returns whether it moved.
    pub fn shift(&mut self, board: &Board, dx: i32) -> bool {
        let moved = self.piece.shift(board, dx);
        if moved {
            self.moved(board);
        }
        moved
    }

    /// Turns with its kicks if it can; returns whether it turned.
    pub fn turn(&mut self, board: &Board, turn: Turn) -> bool {
        let turned = self.piece.turn(board, turn, self.kicks);
        if turned {
            self.moved(board);
        }
        turned
    }

    /// Moves one row down if it fits; returns whether it moved.
    pub fn fall(&mut self, board: &Board) -> bool {
        let moved = self.piece.down(board);
        if moved && self.piece.y < self.lowest {
            self.lowest = self.piece.y;
            self.resets = 0;
            self.lock_frames = 0;
        }
        moved
    }

    /// A soft drop's row: one row down if it fits (counted as soft-dropped), and the fall's
    /// frame count starts again, so the next row comes a whole soft-drop period later.
    fn soft_step(&mut self, board: &Board) {
        if self.fall(board) {
            self.soft_rows += 1;
        }
        self.gravity_frames = 0;
    }

    /// Counts one frame of the lock delay: returns whether the piece has rested `lock_delay`
    /// frames and locks now.
    pub fn rest(&mut self, board: &Board, lock_delay: u32) -> bool {
        if self.piece.resting(board) {
            self.lock_frames += 1;
            self.lock_frames >= lock_delay
        } else {
            self.lock_frames = 0;
            false
        }
    }
}

/// Which shift key counts: the one pressed last, while held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Direction {
    Left,
    Right,
}

/// The held keys and the auto-shift counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Controls {
    left: bool,
    right: bool,
    soft_drop: bool,
    last: Option<Direction>,
    shift_frames: u32,
}

impl Controls {
    /// Releases every key.
    pub fn reset(&mut self) {
        *self = Controls::default();
    }

    /// Presses `key`: shifts, turns and a soft drop's first row act at once, a hard drop drops
    /// and locks.
    pub fn press(&mut self, key: Key, falling: &mut Falling, board: &Board) -> Action {
        match key {
            Key::Left | Key::Right => {
                let direction = if key == Key::Left {
                    self.left = true;
                    Direction::Left
                } else {
                    self.right = true;
                    Direction::Right
                };
                self.last = Some(direction);
                self.shift_frames = 0;
                falling.shift(board, step(direction));
            }
            Key::SoftDrop => {
                self.soft_drop = true;
                falling.soft_step(board);
            }
            Key::Cw => {
                falling.turn(board, Turn::Cw);
            }
            Key::Ccw => {
                falling.turn(board, Turn::Ccw);
            }
            Key::Half => {
                falling.turn(board, Turn::Half);
            }
            Key::HardDrop => {
                let landed = falling.piece.ghost(board);
                let hard_rows = (falling.piece.y - landed.y) as u32;
                falling.piece = landed;
                return Action::Lock {
                    soft_rows: falling.soft_rows,
                    hard_rows,
                };
            }
            Key::Hold => return Action::Hold,
        }
        Action::Nothing
    }

    /// Releases `key`.
    pub fn release(&mut self, key: Key) {
        match key {
            Key::Left => self.left = false,
            Key::Right => self.right = false,
            Key::SoftDrop => self.soft_drop = false,
            _ => {}
        }
        self.last = match (self.last, self.left, self.right) {
            (Some(Direction::Left), true, _) => Some(Direction::Left),
            (Some(Direction::Right), _, true) => Some(Direction::Right),
            (_, true, false) => Some(Direction::Left),
            (_, false, true) => Some(Direction::Right),
            _ => None,
        };
    }

    /// Advances one frame: auto shift, gravity (or soft drop), lock delay.
    pub fn frame(&mut self, falling: &mut Falling, board: &Board, handling: &Handling) -> Action {
        if let Some(direction) = self.last {
            // The first repeat comes when the key has been held `das` frames, then one every
            // `arr` frames (all the way to the wall when `arr` is 0).
            self.shift_frames += 1;
            if self.shift_frames >= handling.das {
                let since = self.shift_frames - handling.das;
                if handling.arr == 0 {
                    while falling.shift(board, step(direction)) {}
                } else if since.is_multiple_of(handling.arr) {
                    falling.shift(board, step(direction));
                }
            }
        }
        let rate = if self.soft_drop {
            handling.soft_drop.min(handling.gravity)
        } else {
            handling.gravity
        };
        falling.gravity_frames += 1;
        if falling.gravity_frames >= rate {
            if self.soft_drop {
                falling.soft_step(board);
            } else {
                falling.gravity_frames = 0;
                falling.fall(board);
            }
        }
        if falling.rest(board, handling.lock_delay) {
            return Action::Lock {
                soft_rows: falling.soft_rows,
                hard_rows: 0,
            };
        }
        Action::Nothing
    }
}

fn step(direction: Direction) -> i32 {
    match direction {
        Direction::Left => -1,
        Direction::Right => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Piece;

    fn setup() -> (Board, Falling, Controls) {
        let board = Board::new(10, 20).unwrap();
        let falling = Falling::new(Active::new(Piece::T, (4, 19)), Kicks::Srs);
        (board, falling, Controls::default())
    }

    #[test]
    fn a_held_shift_waits_das_then_repeats_every_arr_frames() {
        let (board, mut falling, mut controls) = setup();
        let handling = Handling {
            das: 3,
            arr: 2,
            gravity: 1000,
            ..Handling::default()
        };
        controls.press(Key::Right, &mut falling, &board);
        assert_eq!(falling.piece.x, 5); // the press itself shifts once
        let mut xs = Vec::new();
        for _ in 0..8 {
            controls.frame(&mut falling, &board, &handling);
            xs.push(falling.piece.x);
        }
        // The first repeat on frame 3 (held for the DAS), then one every 2nd frame: 5 and 7.
        assert_eq!(xs, vec![5, 5, 6, 6, 7, 7, 8, 8]);
        controls.release(Key::Right);
        controls.frame(&mut falling, &board, &handling);
        assert_eq!(falling.piece.x, 8);
    }

    #[test]
    fn arr_zero_moves_to_the_wall_and_the_last_pressed_direction_wins() {
        let (board, mut falling, mut controls) = setup();
        let handling = Handling {
            das: 1,
            arr: 0,
            gravity: 1000,
            ..Handling::default()
        };
        controls.press(Key::Right, &mut falling, &board);
        controls.press(Key::Left, &mut falling, &board);
        assert_eq!(falling.piece.x, 4);
        controls.frame(&mut falling, &board, &handling);
        controls.frame(&mut falling, &board, &handling);
        assert_eq!(falling.piece.x, 1); // the flat T's left cell at the wall
        controls.release(Key::Left); // right is still held and takes over
        for _ in 0..3 {
            controls.frame(&mut falling, &board, &handling);
        }
        assert_eq!(falling.piece.x, 8);
    }

    #[test]
    fn gravity_soft_drop_and_lock_delay_count_frames() {
        let (board, mut falling, mut controls) = setup();
        let handling = Handling {
            gravity: 4,
            soft_drop: 1,
            lock_delay: 3,
            ..Handling::default()
        };
        for _ in 0..8 {
            controls.frame(&mut falling, &board, &handling);
        }
        assert_eq!(falling.piece.y, 17); // two rows in eight frames
        controls.press(Key::SoftDrop, &mut falling, &board);
        assert_eq!(falling.piece.y, 16); // the press itself drops one row
        for _ in 0..16 {
            assert_eq!(
                controls.frame(&mut falling, &board, &handling),
                Action::Nothing
            );
        }
        assert_eq!(falling.piece.y, 0); // a row a frame down to the floor
        // Resting since the 16th frame: locks on the third resting frame.
        assert_eq!(
            controls.frame(&mut falling, &board, &handling),
            Action::Nothing
        );
        assert_eq!(
            controls.frame(&mut falling, &board, &handling),
            Action::Lock {
                soft_rows: 17,
                hard_rows: 0
            }
        );
    }

    #[test]
    fn a_soft_drop_tap_moves_one_row_at_once_and_restarts_the_gravity_count() {
        let (board, mut falling, mut controls) = setup();
        let handling = Handling {
            gravity: 4,
            soft_drop: 2,
            ..Handling::default()
        };
        for _ in 0..3 {
            controls.frame(&mut falling, &board, &handling);
        }
        assert_eq!(falling.piece.y, 19); // a frame short of gravity's row
        // Pressed and released before the next frame: one row, counted as soft-dropped.
        controls.press(Key::SoftDrop, &mut falling, &board);
        controls.release(Key::SoftDrop);
        assert_eq!(falling.piece.y, 18);
        // Gravity counts again from the tap: its next row comes four frames later, not one.
        for _ in 0..3 {
            controls.frame(&mut falling, &board, &handling);
        }
        assert_eq!(falling.piece.y, 18);
        controls.frame(&mut falling, &board, &handling);
        assert_eq!(falling.piece.y, 17);
        assert_eq!(
            controls.press(Key::HardDrop, &mut falling, &board),
            Action::Lock {
                soft_rows: 1,
                hard_rows: 17
            }
        );
    }

    #[test]
    fn moves_restart_the_lock_delay_a_limited_number_of_times() {
        let (board, _, mut controls) = setup();
        let mut falling = Falling::new(Active::new(Piece::T, (4, 0)), Kicks::Srs);
        let handling = Handling {
            gravity: 1000,
            lock_delay: 2,
            ..Handling::default()
        };
        let mut frames = 0;
        loop {
            frames += 1;
            if let Action::Lock { .. } = controls.frame(&mut falling, &board, &handling) {
                break;
            }
            let key = if frames % 2 == 0 {
                Key::Left
            } else {
                Key::Right
            };
            controls.press(key, &mut falling, &board);
            controls.release(key);
        }
        // Each frame rests (lock count 1), then a move restarts it: 15 restarts, then the
        // 16th frame's count of 1 plus one more frame locks.
        assert_eq!(frames, LOCK_RESETS + 2);
    }

    #[test]
    fn hard_drop_reports_its_rows() {
        let (board, mut falling, mut controls) = setup();
        let action = controls.press(Key::HardDrop, &mut falling, &board);
        assert_eq!(
            action,
            Action::Lock {
                soft_rows: 0,
                hard_rows: 19
            }
        );
        assert_eq!(falling.piece.y, 0);
    }

    #[test]
    fn zero_frame_timings_are_refused() {
        let bad = Handling {
            lock_delay: 0,
            ..Handling::default()
        };
        assert!(
            bad.validate()
                .unwrap_err()
                .to_string()
                .contains("lock delay of 0")
        );
    }
}
