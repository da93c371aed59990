//! What a renderer draws: the board's cells, the piece in play and its ghost, hold, the preview
//! and the totals; and a choice with the cells it fills.

use super::{Game, Stats};
use crate::ai::search::Choice;
use crate::engine::active::Active;
use crate::engine::moves::Placement;
use crate::engine::piece::Piece;
use crate::engine::rules::spawn_position;
use serde::{Deserialize, Serialize};

/// A choice as a renderer reads it: with the cells its placement fills.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ChoiceView<'a> {
    /// The choice.
    #[serde(flatten)]
    #[cfg_attr(feature = "typescript", ts(flatten))]
    pub choice: &'a Choice,
    /// The cells the placement fills, as (column, row).
    pub cells: [(i32, i32); 4],
}

impl<'a> ChoiceView<'a> {
    /// `choice` with its cells.
    pub fn of(choice: &'a Choice) -> ChoiceView<'a> {
        ChoiceView {
            choice,
            cells: choice.placement.cells(),
        }
    }
}

/// The cells of a piece in view, with its kind.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct PieceView {
    /// The piece.
    pub piece: Piece,
    /// Its cells as (column, row), row 0 at the bottom.
    pub cells: [(i32, i32); 4],
}

/// What a renderer needs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct View {
    /// Board columns.
    pub width: usize,
    /// Visible rows.
    pub height: usize,
    /// The locked cells, row by row from the bottom, visible rows then buffer rows: 0 empty,
    /// otherwise 1 + the index of the piece that filled it.
    pub cells: Vec<u8>,
    /// The piece about to be placed, where it appears.
    pub active: Option<PieceView>,
    /// Where the active piece would land if dropped straight down.
    pub ghost: Option<PieceView>,
    /// The hold slot.
    pub hold: Option<Piece>,
    /// The visible preview, next first.
    pub queue: Vec<Piece>,
    /// Running totals.
    pub stats: Stats,
}

impl Game {
    /// The piece in play: the one under control, else the current piece at its spawn; none
    /// once the game is over.
    fn active(&self) -> Option<Active> {
        let position = &self.position;
        match self.hands.falling {
            Some(falling) if !self.is_over() => Some(falling.piece),
            _ => (!self.is_over())
                .then(|| spawn_position(&position.board, position.current))
                .flatten()
                .map(|at| Active::new(position.current, at)),
        }
    }

    /// Where the piece in play would lock if hard dropped now (the view's ghost); none once the
    /// game is over.
    pub fn ghost_placement(&self) -> Option<Placement> {
        let board = &self.position.board;
        self.active().map(|a| a.ghost(board).placement(board))
    }

    /// The cells of the piece in play as the view shows it (where it spawns until it is
    /// moved); none once the game is over.
    pub fn active_cells(&self) -> Option<[(i32, i32); 4]> {
        self.active()
            .map(|a| a.placement(&self.position.board).cells())
    }

    /// The state a renderer draws.
    pub fn view(&self) -> View {
        let position = &self.position;
        let active = self.active();
        let piece_view = |a: Active| PieceView {
            piece: a.piece,
            cells: a.placement(&position.board).cells(),
        };
        View {
            width: position.board.width(),
            height: position.board.height(),
            cells: position.colors.clone(),
            active: active.map(piece_view),
            ghost: active.map(|a| piece_view(a.ghost(&position.board))),
            hold: position.hold,
            queue: position.preview.iter().copied().collect(),
            stats: position.stats,
        }
    }
}
