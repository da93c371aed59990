//! The seven tetrominoes, their four SRS rotation states, and the wall-kick tables of SRS and of
//! TETR.IO's SRS+ (with its half turns).
//!
//! Coordinates are `(x, y)` with `y` pointing up, relative to the piece's rotation centre,
//! as the Super Rotation System defines it (the I and O pieces rotate about a cell corner; their
//! states are written out so that every cell stays on integer coordinates).

use crate::named_choices;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the seven tetrominoes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum Piece {
    /// The straight piece.
    I,
    /// The square piece.
    O,
    /// The T piece.
    T,
    /// The S piece.
    S,
    /// The Z piece.
    Z,
    /// The J piece.
    J,
    /// The L piece.
    L,
}

impl Piece {
    /// All seven pieces, in index order.
    pub const ALL: [Piece; 7] = [
        Piece::I,
        Piece::O,
        Piece::T,
        Piece::S,
        Piece::Z,
        Piece::J,
        Piece::L,
    ];

    /// The piece's position in [`Piece::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The piece at `index` in [`Piece::ALL`]; `index` must be below 7.
    pub fn from_index(index: usize) -> Piece {
        Piece::ALL[index]
    }

    /// The piece's one-letter name.
    pub fn letter(self) -> char {
        ['I', 'O', 'T', 'S', 'Z', 'J', 'L'][self.index()]
    }

    /// The piece named by `letter` (case-insensitive), if any.
    pub fn from_letter(letter: char) -> Option<Piece> {
        Piece::ALL
            .into_iter()
            .find(|p| p.letter() == letter.to_ascii_uppercase())
    }

    /// The cells of the piece in rotation state `rotation`.
    pub fn shape(self, rotation: Rotation) -> &'static Shape {
        &SHAPES[self.index()][rotation.index()]
    }

    /// How far the rotation centre moves when the cells of state `from` are described in state
    /// `to` instead; both states must have the same cells up to translation (the same
    /// [`Shape::canonical`] state).
    pub fn same_cells_shift(self, from: Rotation, to: Rotation) -> (i32, i32) {
        let (from, to) = (self.shape(from), self.shape(to));
        (
            (from.min_x - to.min_x) as i32,
            (from.min_y - to.min_y) as i32,
        )
    }

    /// The rotation states that give distinct cell patterns (I 2, O 1, S 2, Z 2, T/J/L 4),
    /// as the drop-only research rules count them.
    pub fn distinct_rotations(self) -> impl Iterator<Item = Rotation> {
        Rotation::ALL
            .into_iter()
            .filter(move |&r| self.shape(r).canonical == r.index() as u8)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// An SRS rotation state: spawn, one turn clockwise, two turns, one turn counter-clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum Rotation {
    /// The spawn state ("0").
    Spawn,
    /// One clockwise turn from spawn ("R").
    Right,
    /// Two turns from spawn ("2").
    Reverse,
    /// One counter-clockwise turn from spawn ("L").
    Left,
}

impl Rotation {
    /// The four states in clockwise order from spawn.
    pub const ALL: [Rotation; 4] = [
        Rotation::Spawn,
        Rotation::Right,
        Rotation::Reverse,
        Rotation::Left,
    ];

    /// The state's position in [`Rotation::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The state at `index % 4` in [`Rotation::ALL`].
    pub fn from_index(index: usize) -> Rotation {
        Rotation::ALL[index % 4]
    }

    /// The state one clockwise turn on.
    pub fn cw(self) -> Rotation {
        Rotation::from_index(self.index() + 1)
    }

    /// The state one counter-clockwise turn on.
    pub fn ccw(self) -> Rotation {
        Rotation::from_index(self.index() + 3)
    }
}

/// The cells of one piece in one rotation state, with the precomputed masks the hot paths use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The four cells relative to the rotation centre, `y` up.
    pub cells: [(i8, i8); 4],
    /// The leftmost cell's `x`.
    pub min_x: i8,
    /// The rightmost cell's `x`.
    pub max_x: i8,
    /// The lowest cell's `y`.
    pub min_y: i8,
    /// The highest cell's `y`.
    pub max_y: i8,
    /// For each occupied column `min_x + i`, its cells as bits counted from `min_y`.
    pub column_bits: [u64; 4],
    /// For each occupied column `min_x + i`, the lowest cell's `y - min_y`.
    pub column_bottom: [i8; 4],
    /// The first rotation state with the same cells up to translation.
    pub canonical: u8,
}

impl Shape {
    /// Number of occupied columns.
    pub fn width(&self) -> usize {
        (self.max_x - self.min_x + 1) as usize
    }

    /// Number of occupied rows.
    pub fn height(&self) -> usize {
        (self.max_y - self.min_y + 1) as usize
    }

    const fn build(cells: [(i8, i8); 4]) -> Shape {
        let (mut min_x, mut max_x, mut min_y, mut max_y) = (i8::MAX, i8::MIN, i8::MAX, i8::MIN);
        let mut i = 0;
        while i < 4 {
            let (x, y) = cells[i];
            if x < min_x {
                min_x = x;
            }
            if x > max_x {
                max_x = x;
            }
            if y < min_y {
                min_y = y;
            }
            if y > max_y {
                max_y = y;
            }
            i += 1;
        }
        let mut column_bits = [0u64; 4];
        let mut column_bottom = [i8::MAX; 4];
        i = 0;
        while i < 4 {
            let (x, y) = cells[i];
            let c = (x - min_x) as usize;
            column_bits[c] |= 1 << (y - min_y);
            if y - min_y < column_bottom[c] {
                column_bottom[c] = y - min_y;
            }
            i += 1;
        }
        Shape {
            cells,
            min_x,
            max_x,
            min_y,
            max_y,
            column_bits,
            column_bottom,
            canonical: 0,
        }
    }
}

/// Rotates a cell one clockwise turn about the centre (y up): (x, y) -> (y, -x).
const fn turn_cw(cells: [(i8, i8); 4]) -> [(i8, i8); 4] {
    let mut out = cells;
    let mut i = 0;
    while i < 4 {
        out[i] = (cells[i].1, -cells[i].0);
        i += 1;
    }
    out
}

/// The four states of a piece that rotates about a cell centre (J, L, S, T, Z).
const fn centred_states(spawn: [(i8, i8); 4]) -> [[(i8, i8); 4]; 4] {
    let r = turn_cw(spawn);
    let two = turn_cw(r);
    [spawn, r, two, turn_cw(two)]
}

/// Builds the shapes of one piece and marks which states repeat an earlier one's cells.
const fn shapes_of(states: [[(i8, i8); 4]; 4]) -> [Shape; 4] {
    let mut shapes = [
        Shape::build(states[0]),
        Shape::build(states[1]),
        Shape::build(states[2]),
        Shape::build(states[3]),
    ];
    let mut r = 0;
    while r < 4 {
        let mut earlier = 0;
        while earlier <= r {
            if same_columns(&shapes[earlier], &shapes[r]) {
                shapes[r].canonical = earlier as u8;
                break;
            }
            earlier += 1;
        }
        r += 1;
    }
    shapes
}

const fn same_columns(a: &Shape, b: &Shape) -> bool {
    if a.max_x - a.min_x != b.max_x - b.min_x {
        return false;
    }
    let mut c = 0;
    while c < 4 {
        if a.column_bits[c] != b.column_bits[c] {
            return false;
        }
        c += 1;
    }
    true
}

/// Every shape, indexed by piece then rotation state.
static SHAPES: [[Shape; 4]; 7] = [
    // I rotates about the corner at (0.5, -0.5): its states are written out.
    shapes_of([
        [(-1, 0), (0, 0), (1, 0), (2, 0)],
        [(1, 1), (1, 0), (1, -1), (1, -2)],
        [(-1, -1), (0, -1), (1, -1), (2, -1)],
        [(0, 1), (0, 0), (0, -1), (0, -2)],
    ]),
    // O does not move when it rotates.
    shapes_of([[(0, 0), (1, 0), (0, 1), (1, 1)]; 4]),
    shapes_of(centred_states([(-1, 0), (0, 0), (1, 0), (0, 1)])),
    shapes_of(centred_states([(-1, 0), (0, 0), (0, 1), (1, 1)])),
    shapes_of(centred_states([(-1, 1), (0, 1), (0, 0), (1, 0)])),
    shapes_of(centred_states([(-1, 1), (-1, 0), (0, 0), (1, 0)])),
    shapes_of(centred_states([(1, 1), (-1, 0), (0, 0), (1, 0)])),
];

/// SRS kick offsets (x, y up) for J, L, S, T and Z, indexed by the state rotated from and
/// then clockwise (0) or counter-clockwise (1). The first offset that fits is used.
const JLSTZ_KICKS: [[[(i8, i8); 5]; 2]; 4] = [
    // from 0: to R, to L
    [
        [(0, 0), (-1, 0), (-1, 1), (0, -2), (-1, -2)],
        [(0, 0), (1, 0), (1, 1), (0, -2), (1, -2)],
    ],
    // from R: to 2, to 0
    [
        [(0, 0), (1, 0), (1, -1), (0, 2), (1, 2)],
        [(0, 0), (1, 0), (1, -1), (0, 2), (1, 2)],
    ],
    // from 2: to L, to R
    [
        [(0, 0), (1, 0), (1, 1), (0, -2), (1, -2)],
        [(0, 0), (-1, 0), (-1, 1), (0, -2), (-1, -2)],
    ],
    // from L: to 0, to 2
    [
        [(0, 0), (-1, 0), (-1, -1), (0, 2), (-1, 2)],
        [(0, 0), (-1, 0), (-1, -1), (0, 2), (-1, 2)],
    ],
];

/// SRS kick offsets for I, laid out as [`JLSTZ_KICKS`].
const I_KICKS: [[[(i8, i8); 5]; 2]; 4] = [
    // from 0: to R, to L
    [
        [(0, 0), (-2, 0), (1, 0), (-2, -1), (1, 2)],
        [(0, 0), (-1, 0), (2, 0), (-1, 2), (2, -1)],
    ],
    // from R: to 2, to 0
    [
        [(0, 0), (-1, 0), (2, 0), (-1, 2), (2, -1)],
        [(0, 0), (2, 0), (-1, 0), (2, 1), (-1, -2)],
    ],
    // from 2: to L, to R
    [
        [(0, 0), (2, 0), (-1, 0), (2, 1), (-1, -2)],
        [(0, 0), (1, 0), (-2, 0), (1, -2), (-2, 1)],
    ],
    // from L: to 0, to 2
    [
        [(0, 0), (1, 0), (-2, 0), (1, -2), (-2, 1)],
        [(0, 0), (-2, 0), (1, 0), (-2, -1), (1, 2)],
    ],
];

/// SRS+ kick offsets for I (TETR.IO's: each turn tries the shorter shift first, so that I kicks
/// the same way off either wall), laid out as [`JLSTZ_KICKS`].
const I_PLUS_KICKS: [[[(i8, i8); 5]; 2]; 4] = [
    // from 0: to R, to L
    [
        [(0, 0), (1, 0), (-2, 0), (-2, -1), (1, 2)],
        [(0, 0), (-1, 0), (2, 0), (2, -1), (-1, 2)],
    ],
    // from R: to 2, to 0
    [
        [(0, 0), (-1, 0), (2, 0), (-1, 2), (2, -1)],
        [(0, 0), (-1, 0), (2, 0), (-1, -2), (2, 1)],
    ],
    // from 2: to L, to R
    [
        [(0, 0), (2, 0), (-1, 0), (2, 1), (-1, -2)],
        [(0, 0), (-2, 0), (1, 0), (-2, 1), (1, -2)],
    ],
    // from L: to 0, to 2
    [
        [(0, 0), (1, 0), (-2, 0), (1, -2), (-2, 1)],
        [(0, 0), (1, 0), (-2, 0), (1, 2), (-2, -1)],
    ],
];

/// SRS+ offsets of a half turn (180 degrees) for J, L, S, T and Z, by the state turned from.
const JLSTZ_HALF_KICKS: [[(i8, i8); 6]; 4] = [
    [(0, 0), (0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0)],
    [(0, 0), (1, 0), (1, 2), (1, 1), (0, 2), (0, 1)],
    [(0, 0), (0, -1), (-1, -1), (1, -1), (-1, 0), (1, 0)],
    [(0, 0), (-1, 0), (-1, 2), (-1, 1), (0, 2), (0, 1)],
];

/// SRS+ offsets of a half turn for I, by the state turned from: in place, or one cell back
/// toward where its long side lay.
const I_HALF_KICKS: [[(i8, i8); 2]; 4] = [
    [(0, 0), (0, 1)],
    [(0, 0), (1, 0)],
    [(0, 0), (0, -1)],
    [(0, 0), (-1, 0)],
];

/// A rotation direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Turn {
    /// Clockwise.
    Cw,
    /// Counter-clockwise.
    Ccw,
    /// Half a turn (180 degrees), where the kicks allow it.
    Half,
}

impl Turn {
    /// The state reached by turning from `from`.
    pub fn apply(self, from: Rotation) -> Rotation {
        match self {
            Turn::Cw => from.cw(),
            Turn::Ccw => from.ccw(),
            Turn::Half => from.cw().cw(),
        }
    }

    /// The state a turn into `to` starts from.
    pub fn back(self, to: Rotation) -> Rotation {
        match self {
            Turn::Cw => to.ccw(),
            Turn::Ccw => to.cw(),
            Turn::Half => to.cw().cw(),
        }
    }
}

/// The kicks a turn tries: a rotation system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Kicks {
    /// The guideline's Super Rotation System: quarter turns only.
    #[default]
    Srs,
    /// TETR.IO's SRS+: SRS with I kicking the same way off either wall, and half turns (180
    /// degrees) with their own kicks.
    SrsPlus,
}

named_choices!(
    Kicks,
    "kicks",
    Srs => "srs",
    SrsPlus => "srs_plus",
);

impl Kicks {
    /// Whether these are SRS's kicks (the default).
    pub fn is_srs(&self) -> bool {
        *self == Kicks::Srs
    }

    /// The turns these kicks allow.
    pub fn turns(self) -> &'static [Turn] {
        match self {
            Kicks::Srs => &[Turn::Cw, Turn::Ccw],
            Kicks::SrsPlus => &[Turn::Cw, Turn::Ccw, Turn::Half],
        }
    }

    /// The offsets tried, in order, when `piece` turns from `from`; none where the turn is not
    /// allowed (a half turn under SRS). O does not kick.
    pub fn offsets(self, piece: Piece, from: Rotation, turn: Turn) -> &'static [(i8, i8)] {
        let at = from.index();
        match (turn, piece, self) {
            (Turn::Half, _, Kicks::Srs) => &[],
            (_, Piece::O, _) => &[(0, 0)],
            (Turn::Half, Piece::I, Kicks::SrsPlus) => &I_HALF_KICKS[at],
            (Turn::Half, _, Kicks::SrsPlus) => &JLSTZ_HALF_KICKS[at],
            (Turn::Cw | Turn::Ccw, _, _) => {
                let direction = (turn == Turn::Ccw) as usize;
                match (piece, self) {
                    (Piece::I, Kicks::Srs) => &I_KICKS[at][direction],
                    (Piece::I, Kicks::SrsPlus) => &I_PLUS_KICKS[at][direction],
                    _ => &JLSTZ_KICKS[at][direction],
                }
            }
        }
    }

    /// Whether a T that turned with kick number `kick` (0-based) of `turn` is a full T-spin
    /// whatever its corners: SRS's fifth kick of a quarter turn (the T-spin triple's kick).
    pub fn makes_full_spin(turn: Turn, kick: usize) -> bool {
        turn != Turn::Half && kick == 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_rotations_match_the_research_counts() {
        let counts: Vec<usize> = Piece::ALL
            .iter()
            .map(|p| p.distinct_rotations().count())
            .collect();
        assert_eq!(counts, vec![2, 1, 4, 2, 2, 4, 4]);
    }

    #[test]
    fn t_right_points_right() {
        let mut cells = Piece::T.shape(Rotation::Right).cells;
        cells.sort();
        assert_eq!(cells, [(0, -1), (0, 0), (0, 1), (1, 0)]);
    }

    #[test]
    fn i_states_follow_srs() {
        let mut left = Piece::I.shape(Rotation::Left).cells;
        left.sort();
        assert_eq!(left, [(0, -2), (0, -1), (0, 0), (0, 1)]);
        assert_eq!(Piece::I.shape(Rotation::Reverse).canonical, 0);
        assert_eq!(Piece::I.shape(Rotation::Left).canonical, 1);
    }

    #[test]
    fn kick_tables_are_inverse_pairs() {
        // Turning back undoes a kick: the offsets from R to 0 are the negatives of 0 to R, in
        // order under SRS; under SRS+ the I's shorter shift comes first either way, so as sets.
        // (SRS+'s half turns between R and L both kick upward: they are no pair.)
        for kicks in Kicks::ALL.iter().copied() {
            for piece in [Piece::T, Piece::I] {
                for from in Rotation::ALL {
                    for turn in [Turn::Cw, Turn::Ccw] {
                        let there = kicks.offsets(piece, from, turn);
                        let back = kicks.offsets(piece, turn.apply(from), turn_back(turn));
                        let negated: Vec<(i8, i8)> = back.iter().map(|&(x, y)| (-x, -y)).collect();
                        if kicks == Kicks::Srs {
                            assert_eq!(there, negated.as_slice(), "{piece} {from:?} {turn:?}");
                        } else {
                            let mut there = there.to_vec();
                            let mut negated = negated;
                            there.sort_unstable();
                            negated.sort_unstable();
                            assert_eq!(there, negated, "{kicks:?} {piece} {from:?} {turn:?}");
                        }
                    }
                }
            }
        }
    }

    /// The quarter turn that undoes quarter turn `turn`.
    fn turn_back(turn: Turn) -> Turn {
        if turn == Turn::Cw {
            Turn::Ccw
        } else {
            Turn::Cw
        }
    }

    #[test]
    fn half_turns_of_i_and_between_spawn_and_reverse_are_pairs() {
        for from in Rotation::ALL {
            let to = Turn::Half.apply(from);
            let pieces: &[Piece] = if matches!(from, Rotation::Spawn | Rotation::Reverse) {
                &[Piece::I, Piece::T]
            } else {
                &[Piece::I]
            };
            for &piece in pieces {
                let there = Kicks::SrsPlus.offsets(piece, from, Turn::Half);
                let back = Kicks::SrsPlus.offsets(piece, to, Turn::Half);
                let negated: Vec<(i8, i8)> = back.iter().map(|&(x, y)| (-x, -y)).collect();
                assert_eq!(there, negated.as_slice(), "{piece} {from:?}");
            }
        }
    }

    #[test]
    fn srs_plus_tries_the_shorter_shift_first_where_srs_does_not() {
        // SRS's I from spawn turning clockwise tries (-2, 0) before (+1, 0); SRS+ the other way.
        assert_eq!(
            Kicks::Srs.offsets(Piece::I, Rotation::Spawn, Turn::Cw)[1],
            (-2, 0)
        );
        assert_eq!(
            Kicks::SrsPlus.offsets(Piece::I, Rotation::Spawn, Turn::Cw)[1],
            (1, 0)
        );
    }

    #[test]
    fn srs_has_no_half_turn_and_srs_plus_changes_only_the_i_and_the_half_turn() {
        for piece in Piece::ALL {
            for from in Rotation::ALL {
                assert!(Kicks::Srs.offsets(piece, from, Turn::Half).is_empty());
                assert!(!Kicks::SrsPlus.offsets(piece, from, Turn::Half).is_empty());
                for turn in [Turn::Cw, Turn::Ccw] {
                    let srs = Kicks::Srs.offsets(piece, from, turn);
                    let plus = Kicks::SrsPlus.offsets(piece, from, turn);
                    if piece != Piece::I {
                        assert_eq!(srs, plus, "{piece} {from:?} {turn:?}");
                    }
                }
            }
        }
    }
}
