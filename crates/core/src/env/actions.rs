//! The placement action space: one action per piece (the current one, or the one hold brings),
//! rotation state and column, each a hard drop from above, numbered
//! `hold × 4 × width + rotation × width + column`, where `column` is the leftmost column the
//! piece fills. An action is legal when the engine's move generator reaches its placement
//! under the game's rules (every drop under the research rules; under guideline rules, those
//! reachable from the spawn, in time when timing is set).

use crate::engine::board::Board;
use crate::engine::moves::Placement;
use crate::engine::piece::{Piece, Rotation};
use crate::engine::spin::Spin;
use crate::game::Game;

/// The placement actions of one board width, and which are legal in the position at hand.
#[derive(Clone, Debug)]
pub struct PlacementActions {
    width: usize,
    /// For each action, the placement it plays now, or `None` where it is not legal.
    legal: Vec<Option<Placement>>,
    /// The cells of every placement the move generator found, as sorted keys, per piece slot
    /// (current, hold).
    found: [Vec<u64>; 2],
}

/// A placement's cells as one number that does not depend on its rotation state.
fn cells_key(placement: &Placement) -> u64 {
    let mut keys = placement
        .cells()
        .map(|(x, y)| ((y + 8) as u64) << 5 | x as u64);
    keys.sort_unstable();
    keys.iter().fold(0, |key, &cell| key << 16 | cell)
}

/// The placement of `piece` in `rotation` with its leftmost cell in `column`, dropped straight
/// down on `board`; `None` when it does not fit between the walls.
fn drop_at(board: &Board, piece: Piece, rotation: Rotation, column: usize) -> Option<Placement> {
    let shape = piece.shape(rotation);
    if column + shape.width() > board.width() {
        return None;
    }
    let x = column as i32 - shape.min_x as i32;
    Some(Placement {
        piece,
        rotation,
        x,
        y: board.drop_row(shape, x),
        spin: Spin::None,
    })
}

impl PlacementActions {
    /// The actions of a board `width` columns wide, with hold actions when `hold`.
    pub fn new(width: usize, hold: bool) -> PlacementActions {
        let count = (1 + hold as usize) * 4 * width;
        PlacementActions {
            width,
            legal: vec![None; count],
            found: [Vec::new(), Vec::new()],
        }
    }

    /// How many actions there are.
    pub fn count(&self) -> usize {
        self.legal.len()
    }

    /// Whether `action`, in range, uses hold first.
    pub fn uses_hold(&self, action: usize) -> bool {
        action >= 4 * self.width
    }

    /// Works out which actions are legal in `game`'s position.
    pub fn update(&mut self, game: &mut Game) {
        self.legal.fill(None);
        let [current, held] = &mut self.found;
        current.clear();
        held.clear();
        let mut hold_piece = None;
        game.for_each_placement(|hold, placement, _| {
            if hold {
                hold_piece = Some(placement.piece);
                held.push(cells_key(placement));
            } else {
                current.push(cells_key(placement));
            }
        });
        if game.is_over() {
            return;
        }
        let pieces = [Some(game.current()), hold_piece];
        let board = *game.board();
        for (slot, piece) in pieces.into_iter().enumerate() {
            let Some(piece) = piece else { continue };
            if 4 * self.width * (slot + 1) > self.legal.len() {
                break;
            }
            self.found[slot].sort_unstable();
            for rotation in Rotation::ALL {
                for column in 0..self.width {
                    let Some(placement) = drop_at(&board, piece, rotation, column) else {
                        continue;
                    };
                    if self.found[slot]
                        .binary_search(&cells_key(&placement))
                        .is_ok()
                    {
                        let action = (slot * 4 + rotation.index()) * self.width + column;
                        self.legal[action] = Some(placement);
                    }
                }
            }
        }
    }

    /// The placement `action` plays in the position of the last update, if it is legal.
    pub fn placement(&self, action: usize) -> Option<Placement> {
        self.legal.get(action).copied().flatten()
    }

    /// Writes 1 for each legal action and 0 for the others into `mask` (one byte per action).
    pub fn write_mask(&self, mask: &mut [u8]) {
        for (out, legal) in mask.iter_mut().zip(&self.legal) {
            *out = legal.is_some() as u8;
        }
    }
}
