//! The protocol's locations against the cells the tbp-spec defines, worked out by hand for all 7
//! pieces in 4 orientations: J, L, S, T and Z about their SRS centres; I about the middle-left
//! (north), middle-top (east), middle-right (south) and middle-bottom (west) cell; O about the
//! bottom-left, top-left, top-right and bottom-right cell. And every piece in every rotation
//! state, with each spin, goes to the protocol's move and back to the same placement.

use tbp::data::{Orientation, Piece as TbpPiece, PieceLocation};
use tetris_ai_core::engine::spin::Spin;
use tetris_ai_tbp::location::{engine_placement, tbp_location};

/// A piece's four cells in each of its four orientations, as offsets from its centre.
type Offsets = [[(i32, i32); 4]; 4];

/// The cells a piece fills with its protocol centre at (x, y), orientation by orientation (north,
/// east, south, west), as offsets from the centre.
const CELLS: [(TbpPiece, Offsets); 7] = [
    (
        TbpPiece::I,
        [
            [(-1, 0), (0, 0), (1, 0), (2, 0)],
            [(0, 1), (0, 0), (0, -1), (0, -2)],
            [(-2, 0), (-1, 0), (0, 0), (1, 0)],
            [(0, 2), (0, 1), (0, 0), (0, -1)],
        ],
    ),
    (
        TbpPiece::O,
        [
            [(0, 0), (1, 0), (0, 1), (1, 1)],
            [(0, 0), (1, 0), (0, -1), (1, -1)],
            [(-1, 0), (0, 0), (-1, -1), (0, -1)],
            [(-1, 0), (0, 0), (-1, 1), (0, 1)],
        ],
    ),
    (
        TbpPiece::T,
        [
            [(-1, 0), (0, 0), (1, 0), (0, 1)],
            [(0, 1), (0, 0), (0, -1), (1, 0)],
            [(-1, 0), (0, 0), (1, 0), (0, -1)],
            [(0, 1), (0, 0), (0, -1), (-1, 0)],
        ],
    ),
    (
        TbpPiece::S,
        [
            [(-1, 0), (0, 0), (0, 1), (1, 1)],
            [(0, 1), (0, 0), (1, 0), (1, -1)],
            [(-1, -1), (0, -1), (0, 0), (1, 0)],
            [(-1, 1), (-1, 0), (0, 0), (0, -1)],
        ],
    ),
    (
        TbpPiece::Z,
        [
            [(-1, 1), (0, 1), (0, 0), (1, 0)],
            [(1, 1), (1, 0), (0, 0), (0, -1)],
            [(-1, 0), (0, 0), (0, -1), (1, -1)],
            [(0, 1), (0, 0), (-1, 0), (-1, -1)],
        ],
    ),
    (
        TbpPiece::J,
        [
            [(-1, 1), (-1, 0), (0, 0), (1, 0)],
            [(0, 1), (1, 1), (0, 0), (0, -1)],
            [(-1, 0), (0, 0), (1, 0), (1, -1)],
            [(0, 1), (0, 0), (0, -1), (-1, -1)],
        ],
    ),
    (
        TbpPiece::L,
        [
            [(1, 1), (-1, 0), (0, 0), (1, 0)],
            [(0, 1), (0, 0), (0, -1), (1, -1)],
            [(-1, -1), (-1, 0), (0, 0), (1, 0)],
            [(-1, 1), (0, 1), (0, 0), (0, -1)],
        ],
    ),
];

const ORIENTATIONS: [Orientation; 4] = [
    Orientation::North,
    Orientation::East,
    Orientation::South,
    Orientation::West,
];

fn sorted(mut cells: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
    cells.sort_unstable();
    cells
}

#[test]
fn every_piece_in_every_orientation_fills_the_cells_the_protocol_defines() {
    let (x, y) = (4, 10);
    for (piece, orientations) in CELLS {
        for (orientation, offsets) in ORIENTATIONS.into_iter().zip(orientations) {
            let location =
                PieceLocation::new(piece.clone().into(), orientation.clone().into(), x, y);
            let placement = engine_placement(&location, Spin::None).unwrap();
            let expected = sorted(offsets.iter().map(|(dx, dy)| (x + dx, y + dy)).collect());
            assert_eq!(
                sorted(placement.cells().to_vec()),
                expected,
                "{piece:?} {orientation:?}"
            );
            // And back: the same piece, orientation and centre.
            let back = serde_json::to_value(tbp_location(&placement)).unwrap();
            assert_eq!(back, serde_json::to_value(&location).unwrap());
        }
    }
}

#[test]
fn an_unknown_piece_or_orientation_is_refused_by_name() {
    let location: PieceLocation =
        serde_json::from_str(r#"{"type": "Q", "orientation": "north", "x": 4, "y": 4}"#).unwrap();
    assert_eq!(
        engine_placement(&location, Spin::None).unwrap_err(),
        r#"unknown piece "Q""#
    );
    let location: PieceLocation =
        serde_json::from_str(r#"{"type": "T", "orientation": "up", "x": 4, "y": 4}"#).unwrap();
    assert_eq!(
        engine_placement(&location, Spin::None).unwrap_err(),
        r#"unknown orientation "up""#
    );
}

#[test]
fn every_move_round_trips_through_the_protocol() {
    use tetris_ai_core::engine::moves::Placement;
    use tetris_ai_core::engine::piece::{Piece, Rotation};
    use tetris_ai_tbp::location::{engine_move, tbp_move};
    for piece in Piece::ALL {
        for rotation in Rotation::ALL {
            for spin in [Spin::None, Spin::Mini, Spin::Full] {
                let placement = Placement {
                    piece,
                    rotation,
                    x: 4,
                    y: 7,
                    spin,
                };
                let mv = tbp_move(&placement);
                assert_eq!(engine_move(&mv), Ok(placement), "{placement:?}");
                // And through the move's JSON, as a bot sends it.
                let sent = serde_json::to_value(&mv).unwrap();
                let read = serde_json::from_value(sent.clone()).unwrap();
                assert_eq!(engine_move(&read), Ok(placement), "{sent}");
            }
        }
    }
    let unknown: tbp::data::Move = serde_json::from_str(
        r#"{"location": {"type": "T", "orientation": "north", "x": 4, "y": 4}, "spin": "twirl"}"#,
    )
    .unwrap();
    assert_eq!(
        engine_move(&unknown).unwrap_err(),
        r#"unknown spin "twirl""#
    );
}
