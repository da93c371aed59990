//! Where a piece lies, in the protocol's terms and in the engine's. The protocol names a piece's
//! place by the centre of SRS true rotation, and the engine by its rotation centre (`x`, `y` up,
//! row 0 at the bottom in both). For J, L, S, T and Z the two are one point. The I piece turns
//! about the corner at (0.5, -0.5) of its spawn cells, and the protocol takes, state by state,
//! the cell next to that corner that turns with it: north the middle-left cell, east the
//! middle-top, south the middle-right, west the middle-bottom. The O piece turns about the
//! centre of its four cells, and the protocol takes north the bottom-left cell, east the top-left,
//! south the top-right and west the bottom-right.

use tbp::MaybeUnknown;
use tbp::data::{Move, Orientation, Piece as TbpPiece, PieceLocation, Spin as TbpSpin};
use tetris_ai_core::engine::moves::Placement;
use tetris_ai_core::engine::piece::{Piece, Rotation};
use tetris_ai_core::engine::spin::Spin;

/// Where the protocol's centre lies from the engine's, for `piece` in `rotation`.
fn centre_offset(piece: Piece, rotation: Rotation) -> (i32, i32) {
    match (piece, rotation) {
        (Piece::I, Rotation::Right) => (1, 0),
        (Piece::I, Rotation::Reverse) => (1, -1),
        (Piece::I, Rotation::Left) => (0, -1),
        (Piece::O, Rotation::Right) => (0, 1),
        (Piece::O, Rotation::Reverse) => (1, 1),
        (Piece::O, Rotation::Left) => (1, 0),
        _ => (0, 0),
    }
}

/// The protocol's name of `piece`.
pub fn tbp_piece(piece: Piece) -> TbpPiece {
    match piece {
        Piece::I => TbpPiece::I,
        Piece::O => TbpPiece::O,
        Piece::T => TbpPiece::T,
        Piece::S => TbpPiece::S,
        Piece::Z => TbpPiece::Z,
        Piece::J => TbpPiece::J,
        Piece::L => TbpPiece::L,
    }
}

/// The engine's piece of the protocol's `piece`; none for a piece this version does not know.
pub fn engine_piece(piece: &MaybeUnknown<TbpPiece>) -> Option<Piece> {
    match piece {
        MaybeUnknown::Known(TbpPiece::I) => Some(Piece::I),
        MaybeUnknown::Known(TbpPiece::O) => Some(Piece::O),
        MaybeUnknown::Known(TbpPiece::T) => Some(Piece::T),
        MaybeUnknown::Known(TbpPiece::S) => Some(Piece::S),
        MaybeUnknown::Known(TbpPiece::Z) => Some(Piece::Z),
        MaybeUnknown::Known(TbpPiece::J) => Some(Piece::J),
        MaybeUnknown::Known(TbpPiece::L) => Some(Piece::L),
        _ => None,
    }
}

/// The protocol's orientation of `rotation`.
fn orientation(rotation: Rotation) -> Orientation {
    match rotation {
        Rotation::Spawn => Orientation::North,
        Rotation::Right => Orientation::East,
        Rotation::Reverse => Orientation::South,
        Rotation::Left => Orientation::West,
    }
}

/// The protocol's spin of a placement's T-spin.
fn tbp_spin(spin: Spin) -> TbpSpin {
    match spin {
        Spin::None => TbpSpin::None,
        Spin::Mini => TbpSpin::Mini,
        Spin::Full => TbpSpin::Full,
    }
}

/// The protocol's location of `placement`.
pub fn tbp_location(placement: &Placement) -> PieceLocation {
    let (dx, dy) = centre_offset(placement.piece, placement.rotation);
    PieceLocation::new(
        tbp_piece(placement.piece).into(),
        orientation(placement.rotation).into(),
        placement.x + dx,
        placement.y + dy,
    )
}

/// The protocol's move of `placement`: its location and its spin.
pub fn tbp_move(placement: &Placement) -> Move {
    Move::new(tbp_location(placement), tbp_spin(placement.spin).into())
}

/// The engine's placement at the protocol's `location`, scoring as `spin`; an unknown piece or
/// orientation is an error naming it.
pub fn engine_placement(location: &PieceLocation, spin: Spin) -> Result<Placement, String> {
    let piece = engine_piece(&location.kind)
        .ok_or_else(|| format!("unknown piece {}", shown(&location.kind)))?;
    let rotation = match &location.orientation {
        MaybeUnknown::Known(Orientation::North) => Rotation::Spawn,
        MaybeUnknown::Known(Orientation::East) => Rotation::Right,
        MaybeUnknown::Known(Orientation::South) => Rotation::Reverse,
        MaybeUnknown::Known(Orientation::West) => Rotation::Left,
        other => return Err(format!("unknown orientation {}", shown(other))),
    };
    let (dx, dy) = centre_offset(piece, rotation);
    Ok(Placement {
        piece,
        rotation,
        x: location.x - dx,
        y: location.y - dy,
        spin,
    })
}

/// The engine's spin of the protocol's `spin`; none for a spin this version does not know.
pub fn engine_spin(spin: &MaybeUnknown<TbpSpin>) -> Option<Spin> {
    match spin {
        MaybeUnknown::Known(TbpSpin::None) => Some(Spin::None),
        MaybeUnknown::Known(TbpSpin::Mini) => Some(Spin::Mini),
        MaybeUnknown::Known(TbpSpin::Full) => Some(Spin::Full),
        _ => None,
    }
}

/// The engine's placement of the protocol's move `mv`: at its location, scoring as its spin;
/// an unknown piece, orientation or spin is an error naming it.
pub fn engine_move(mv: &Move) -> Result<Placement, String> {
    let spin = engine_spin(&mv.spin).ok_or_else(|| format!("unknown spin {}", shown(&mv.spin)))?;
    engine_placement(&mv.location, spin)
}

/// `value` as JSON, for a message.
pub(crate) fn shown(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "a value that cannot be written".into())
}
