//! The falling piece: shifts, turns with the rules' kicks, soft and hard drops, one input at a
//! time.
//! Manual play and the timing check move pieces through this; the placement search uses its own
//! bit-parallel tables for speed and is tested against it.

use crate::board::Board;
use crate::moves::Placement;
use crate::piece::{Kicks, Piece, Rotation, Turn};
use crate::spin::{Spin, t_spin};

/// A piece in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Active {
    /// The piece.
    pub piece: Piece,
    /// Its rotation state.
    pub rotation: Rotation,
    /// Column of its rotation centre.
    pub x: i32,
    /// Row of its rotation centre.
    pub y: i32,
    /// The turn and the kick (its number, from 0) of the last successful input if that input
    /// was a turn, else `None`.
    pub last_turn: Option<(Turn, usize)>,
}

impl Active {
    /// `piece` in its spawn state with its centre at `at`.
    pub fn new(piece: Piece, at: (i32, i32)) -> Active {
        Active {
            piece,
            rotation: Rotation::Spawn,
            x: at.0,
            y: at.1,
            last_turn: None,
        }
    }

    fn fits_at(&self, board: &Board, rotation: Rotation, x: i32, y: i32) -> bool {
        board.fits(self.piece.shape(rotation), x, y)
    }

    /// Moves `dx` columns if the piece fits there; returns whether it moved.
    pub fn shift(&mut self, board: &Board, dx: i32) -> bool {
        let moved = self.fits_at(board, self.rotation, self.x + dx, self.y);
        if moved {
            self.x += dx;
            self.last_turn = None;
        }
        moved
    }

    /// Moves one row down if the piece fits there; returns whether it moved.
    pub fn down(&mut self, board: &Board) -> bool {
        let moved = self.fits_at(board, self.rotation, self.x, self.y - 1);
        if moved {
            self.y -= 1;
            self.last_turn = None;
        }
        moved
    }

    /// Turns with the first of `kicks`' offsets that fits (none where `kicks` does not allow
    /// the turn); returns whether it turned.
    pub fn turn(&mut self, board: &Board, turn: Turn, kicks: Kicks) -> bool {
        let to = turn.apply(self.rotation);
        for (k, &(dx, dy)) in kicks
            .offsets(self.piece, self.rotation, turn)
            .iter()
            .enumerate()
        {
            let (x, y) = (self.x + dx as i32, self.y + dy as i32);
            if self.fits_at(board, to, x, y) {
                (self.rotation, self.x, self.y) = (to, x, y);
                self.last_turn = Some((turn, k));
                return true;
            }
        }
        false
    }

    /// Whether the piece rests on the stack or the floor.
    pub fn resting(&self, board: &Board) -> bool {
        !self.fits_at(board, self.rotation, self.x, self.y - 1)
    }

    /// The piece moved straight down as far as it goes (the ghost); rows dropped are `self.y - ghost.y`.
    pub fn ghost(&self, board: &Board) -> Active {
        let mut ghost = *self;
        while ghost.down(board) {}
        if ghost.y == self.y {
            ghost.last_turn = self.last_turn;
        }
        ghost
    }

    /// The placement this piece makes if it locks where it is.
    pub fn placement(&self, board: &Board) -> Placement {
        let spin = match (self.piece, self.last_turn) {
            (Piece::T, Some((turn, kick))) => {
                t_spin(board, self.rotation, self.x, self.y, turn, kick)
            }
            _ => Spin::None,
        };
        Placement {
            piece: self.piece,
            rotation: self.rotation,
            x: self.x,
            y: self.y,
            spin,
        }
    }
}
