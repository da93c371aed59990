//! Placements: where a piece can come to rest, and the inputs that take it there.
//!
//! Under the research rules a move is a rotation and a column, and the piece drops straight down
//! ([`drop_placements`]). Under guideline rules a [`MoveSearch`] runs a breadth-first search
//! over inputs (shift, rotate with SRS kicks, soft drop one row) from the spawn position, so
//! tucks, slides and T-spins are found, each with the shortest input path that reaches it.

use crate::board::Board;
use crate::fits::{Fits, X_OFFSET, X_SLOTS};
use crate::piece::{Kicks, Piece, Rotation, Shape, Turn};
use crate::spin::{Spin, t_spin};
use serde::{Deserialize, Serialize};

/// One player input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Input {
    /// Shift one column left.
    Left,
    /// Shift one column right.
    Right,
    /// Rotate clockwise (with kicks).
    Cw,
    /// Rotate counter-clockwise (with kicks).
    Ccw,
    /// Rotate half a turn (with kicks), where the rules' kicks allow it.
    Half,
    /// Move down one row.
    SoftDrop,
    /// Drop to rest and lock.
    HardDrop,
    /// Swap the piece with the hold slot.
    Hold,
}

impl Input {
    /// The input that makes `turn`.
    pub fn of_turn(turn: Turn) -> Input {
        match turn {
            Turn::Cw => Input::Cw,
            Turn::Ccw => Input::Ccw,
            Turn::Half => Input::Half,
        }
    }
}

/// A resting position of a piece: what locks where, and whether it is a T-spin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Placement {
    /// The piece.
    pub piece: Piece,
    /// Its rotation state.
    pub rotation: Rotation,
    /// Column of its rotation centre.
    pub x: i32,
    /// Row of its rotation centre.
    pub y: i32,
    /// The T-spin it scores as, if any.
    pub spin: Spin,
}

impl Placement {
    /// The four cells (column, row) the piece fills.
    pub fn cells(&self) -> [(i32, i32); 4] {
        self.piece
            .shape(self.rotation)
            .cells
            .map(|(dx, dy)| (self.x + dx as i32, self.y + dy as i32))
    }

    /// Row of the lowest cell.
    pub fn bottom_row(&self) -> i32 {
        self.y + self.piece.shape(self.rotation).min_y as i32
    }

    /// Row of the highest cell.
    pub fn top_row(&self) -> i32 {
        self.y + self.piece.shape(self.rotation).max_y as i32
    }
}

/// Every drop-only placement of `piece` (research rules): each distinct rotation in each
/// column, dropped straight down from above the stack. Placements may reach above the visible
/// rows; under the research rules those end the game.
pub fn drop_placements(board: &Board, piece: Piece) -> impl Iterator<Item = Placement> + '_ {
    drop_rotations(board, piece).flat_map(move |rotation| {
        rotation
            .columns()
            .map(move |x| rotation.placement(board, x))
    })
}

/// The distinct rotations of `piece` in move order (spawn, right, reverse, left), each with the
/// centre columns that keep it inside `board`'s walls: [`drop_placements`] a rotation at a time.
pub fn drop_rotations(board: &Board, piece: Piece) -> impl Iterator<Item = DropRotation> {
    let width = board.width() as i32;
    piece.distinct_rotations().map(move |rotation| {
        let shape = piece.shape(rotation);
        DropRotation {
            piece,
            rotation,
            shape,
            first: -(shape.min_x as i32),
            last: width - 1 - shape.max_x as i32,
        }
    })
}

/// One rotation's drop-only placements: the piece dropped in each centre column from `first`
/// to `last`.
#[derive(Clone, Copy, Debug)]
pub struct DropRotation {
    /// The piece.
    pub piece: Piece,
    /// Its rotation state.
    pub rotation: Rotation,
    /// Its shape in that state.
    pub shape: &'static Shape,
    /// The leftmost centre column inside the walls.
    pub first: i32,
    /// The rightmost.
    pub last: i32,
}

impl DropRotation {
    /// The centre columns, left to right.
    #[inline(always)]
    pub fn columns(&self) -> std::ops::RangeInclusive<i32> {
        self.first..=self.last
    }

    /// The placement dropped straight down on `board` in centre column `x`.
    #[inline(always)]
    pub fn placement(&self, board: &Board, x: i32) -> Placement {
        Placement {
            piece: self.piece,
            rotation: self.rotation,
            x,
            y: board.drop_row(self.shape, x),
            spin: Spin::None,
        }
    }
}

/// Number of search states: 4 rotations x 32 columns x 64 rows.
const STATES: usize = 4 * X_SLOTS * 64;

/// A search state: rotation, centre column and centre row packed into 13 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State(u16);

impl State {
    fn new(rotation: usize, x: i32, y: i32) -> State {
        State(((rotation << 11) | (((x + X_OFFSET) as usize) << 6) | y as usize) as u16)
    }
    fn rotation(self) -> usize {
        (self.0 >> 11) as usize
    }
    fn x(self) -> i32 {
        ((self.0 >> 6) & 31) as i32 - X_OFFSET
    }
    fn y(self) -> i32 {
        (self.0 & 63) as i32
    }
    fn index(self) -> usize {
        self.0 as usize
    }
}

/// How a found placement is reached: from which state, and by what last input.
#[derive(Clone, Copy, Debug)]
struct Route {
    /// The state the last input is made from.
    from: State,
    /// `None`: a hard drop from `from`. `Some(turn)`: `turn` into place, then a hard drop.
    turn: Option<Turn>,
    /// Inputs in the whole path, the final hard drop included.
    length: u16,
}

/// A breadth-first search over inputs, reusable across boards and pieces without allocating.
pub struct MoveSearch {
    /// Where the piece fits.
    fits: Fits,
    visited: Vec<u64>,
    parent: Vec<u16>,
    via: Vec<Input>,
    distance: Vec<u16>,
    order: Vec<State>,
    slot_stamp: Vec<u32>,
    stamp: u32,
    piece: Piece,
    found: Vec<Placement>,
    routes: Vec<Route>,
    /// The kicks of the search's rules.
    kicks: Kicks,
}

impl Default for MoveSearch {
    fn default() -> MoveSearch {
        MoveSearch::new()
    }
}

impl MoveSearch {
    /// A search whose tables are allocated on its first run, once.
    pub fn new() -> MoveSearch {
        MoveSearch {
            fits: Fits::default(),
            visited: Vec::new(),
            parent: Vec::new(),
            via: Vec::new(),
            distance: Vec::new(),
            order: Vec::new(),
            slot_stamp: Vec::new(),
            stamp: 0,
            piece: Piece::I,
            found: Vec::new(),
            routes: Vec::new(),
            kicks: Kicks::Srs,
        }
    }

    fn allocate(&mut self) {
        self.visited = vec![0; STATES / 64];
        self.parent = vec![0; STATES];
        self.via = vec![Input::HardDrop; STATES];
        self.distance = vec![0; STATES];
        self.order = Vec::with_capacity(STATES);
        self.slot_stamp = vec![0; STATES];
        self.found = Vec::with_capacity(256);
        self.routes = Vec::with_capacity(256);
    }

    /// Finds every resting placement of `piece` reachable from its centre at `spawn` (spawn
    /// state) with the turns of `kicks`, deduplicated by the cells it fills. A T placement
    /// entered by a turn that the three-corner rule counts as a T-spin is reported as that spin
    /// (its path ends with the turn).
    pub fn run(
        &mut self,
        board: &Board,
        piece: Piece,
        spawn: (i32, i32),
        kicks: Kicks,
    ) -> &[Placement] {
        if !self.start(board, piece, spawn, kicks) {
            return &self.found;
        }
        self.explore(None);
        for i in 0..self.order.len() {
            let from = self.order[i];
            let length = self.distance[from.index()] + 1;
            let rest = self.landing(from);
            self.record(
                rest,
                Route {
                    from,
                    turn: None,
                    length,
                },
            );
        }
        if piece == Piece::T {
            for i in 0..self.found.len() {
                self.find_spin(board, i);
            }
        }
        &self.found
    }

    /// The placement [`MoveSearch::run`] finds with the cells of `target` (a resting placement
    /// reachable from `spawn` with the turns of `kicks`), with the same shortest input path, or
    /// `None` when it finds none. Unless `target` is a T-spin, whose path ends with its turn,
    /// the search stops as soon as it reaches a position that drops there.
    pub fn path_to(
        &mut self,
        board: &Board,
        target: &Placement,
        spawn: (i32, i32),
        kicks: Kicks,
    ) -> Option<(Placement, Vec<Input>)> {
        if target.spin != Spin::None {
            let cells = sorted_cells(target);
            let index = self
                .run(board, target.piece, spawn, kicks)
                .iter()
                .position(|p| sorted_cells(p) == cells)?;
            return Some((self.found[index], self.path(index)));
        }
        if !self.start(board, target.piece, spawn, kicks) {
            return None;
        }
        // The target's centre in each state with its cells (none in the other states).
        let mut centres = [None; 4];
        let canonical = target.piece.shape(target.rotation).canonical;
        for (r, centre) in centres.iter_mut().enumerate() {
            let rotation = Rotation::from_index(r);
            if target.piece.shape(rotation).canonical == canonical {
                let (dx, dy) = target.piece.same_cells_shift(target.rotation, rotation);
                *centre = Some(State::new(r, target.x + dx, target.y + dy));
            }
        }
        let from = self.explore(Some(&centres))?;
        let rest = self.landing(from);
        let route = Route {
            from,
            turn: None,
            length: self.distance[from.index()] + 1,
        };
        let placement = Placement {
            piece: target.piece,
            rotation: Rotation::from_index(rest.rotation()),
            x: rest.x(),
            y: rest.y(),
            spin: Spin::None,
        };
        Some((placement, self.route_path(route)))
    }

    /// Clears the tables for a search of `piece` from `spawn` with `kicks` and visits the spawn
    /// position; `false` when the piece does not fit there.
    fn start(&mut self, board: &Board, piece: Piece, spawn: (i32, i32), kicks: Kicks) -> bool {
        if self.visited.is_empty() {
            self.allocate();
        }
        self.piece = piece;
        self.kicks = kicks;
        self.found.clear();
        self.routes.clear();
        self.order.clear();
        self.visited.fill(0);
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slot_stamp.fill(0);
            self.stamp = 1;
        }
        self.fits.compute(board, piece);
        if !self.fits.at(0, spawn.0, spawn.1) {
            return false;
        }
        let start = State::new(0, spawn.0, spawn.1);
        self.visit(start, start, Input::HardDrop, 0);
        true
    }

    /// Expands the visited positions in breadth-first order. With `rests` (a resting position
    /// per state), stops at and returns the first position whose hard drop ends at one of them.
    fn explore(&mut self, rests: Option<&[Option<State>; 4]>) -> Option<State> {
        let mut next = 0;
        while next < self.order.len() {
            let state = self.order[next];
            next += 1;
            if let Some(rests) = rests
                && rests[state.rotation()]
                    .is_some_and(|rest| rest.x() == state.x() && self.landing(state) == rest)
            {
                return Some(state);
            }
            self.expand(state);
        }
        None
    }

    /// The placements found by the last [`MoveSearch::run`].
    pub fn placements(&self) -> &[Placement] {
        &self.found
    }

    /// The shortest input path to placement `index` of the last run, ending with a hard drop.
    pub fn path(&self, index: usize) -> Vec<Input> {
        self.route_path(self.routes[index])
    }

    /// The inputs of `route`, ending with a hard drop.
    fn route_path(&self, route: Route) -> Vec<Input> {
        let mut path = Vec::with_capacity(route.length as usize);
        path.push(Input::HardDrop);
        if let Some(turn) = route.turn {
            path.push(Input::of_turn(turn));
        }
        let mut state = route.from;
        while self.distance[state.index()] > 0 {
            path.push(self.via[state.index()]);
            state = State(self.parent[state.index()]);
        }
        path.reverse();
        path
    }

    #[inline]
    fn visit(&mut self, state: State, parent: State, input: Input, distance: u16) {
        let i = state.index();
        if self.visited[i / 64] >> (i % 64) & 1 == 1 {
            return;
        }
        self.visited[i / 64] |= 1 << (i % 64);
        self.parent[i] = parent.0;
        self.via[i] = input;
        self.distance[i] = distance;
        self.order.push(state);
    }

    #[inline]
    fn is_visited(&self, state: State) -> bool {
        let i = state.index();
        self.visited[i / 64] >> (i % 64) & 1 == 1
    }

    fn expand(&mut self, state: State) {
        let (r, x, y) = (state.rotation(), state.x(), state.y());
        let distance = self.distance[state.index()] + 1;
        for (input, dx, dy) in [
            (Input::Left, -1, 0),
            (Input::Right, 1, 0),
            (Input::SoftDrop, 0, -1),
        ] {
            if self.fits.at(r, x + dx, y + dy) {
                self.visit(State::new(r, x + dx, y + dy), state, input, distance);
            }
        }
        if self.piece == Piece::O {
            return;
        }
        for &turn in self.kicks.turns() {
            if let Some((target, _)) = self.turn(state, turn) {
                self.visit(target, state, Input::of_turn(turn), distance);
            }
        }
    }

    /// Where turning from `state` lands with the search's kicks, and which kick it used.
    #[inline]
    fn turn(&self, state: State, turn: Turn) -> Option<(State, usize)> {
        let from = Rotation::from_index(state.rotation());
        let to = turn.apply(from).index();
        self.kicks
            .offsets(self.piece, from, turn)
            .iter()
            .enumerate()
            .find_map(|(k, &(dx, dy))| {
                let (x, y) = (state.x() + dx as i32, state.y() + dy as i32);
                self.fits.at(to, x, y).then(|| (State::new(to, x, y), k))
            })
    }

    /// The resting state a hard drop from `state` reaches.
    #[inline]
    fn landing(&self, state: State) -> State {
        let free = self.fits.word(state.rotation(), state.x());
        let blocked_below = !free & ((1u64 << state.y()) - 1);
        let y = 64 - blocked_below.leading_zeros() as i32;
        State::new(state.rotation(), state.x(), y)
    }

    /// Adds the placement at rest state `rest` unless one with the same cells is already found
    /// (states are recorded in order of path length, so the first route is the shortest).
    fn record(&mut self, rest: State, route: Route) {
        let rotation = Rotation::from_index(rest.rotation());
        let canonical = Rotation::from_index(self.piece.shape(rotation).canonical as usize);
        let (dx, dy) = self.piece.same_cells_shift(rotation, canonical);
        let key = State::new(canonical.index(), rest.x() + dx, rest.y() + dy).index();
        if self.slot_stamp[key] == self.stamp {
            return;
        }
        self.slot_stamp[key] = self.stamp;
        self.found.push(Placement {
            piece: self.piece,
            rotation,
            x: rest.x(),
            y: rest.y(),
            spin: Spin::None,
        });
        self.routes.push(route);
    }

    /// Upgrades found T placement `index` to a T-spin when some reached state turns into it and
    /// the three-corner rule counts the result; the best spin, then the shortest path, wins.
    fn find_spin(&mut self, board: &Board, index: usize) {
        let placement = self.found[index];
        let rest = State::new(placement.rotation.index(), placement.x, placement.y);
        let mut best: Option<(Spin, u16, Route)> = None;
        for &turn in self.kicks.turns() {
            let back = turn.back(placement.rotation);
            for &(dx, dy) in self.kicks.offsets(Piece::T, back, turn) {
                let source = State::new(back.index(), rest.x() - dx as i32, rest.y() - dy as i32);
                if !self.fits.at(back.index(), source.x(), source.y()) || !self.is_visited(source) {
                    continue;
                }
                let Some((target, kick)) = self.turn(source, turn) else {
                    continue;
                };
                if target != rest {
                    continue;
                }
                let spin = t_spin(board, placement.rotation, rest.x(), rest.y(), turn, kick);
                let length = self.distance[source.index()] + 2;
                let better = match best {
                    None => spin != Spin::None,
                    Some((s, l, _)) => spin > s || (spin == s && length < l),
                };
                if better {
                    best = Some((
                        spin,
                        length,
                        Route {
                            from: source,
                            turn: Some(turn),
                            length,
                        },
                    ));
                }
            }
        }
        if let Some((spin, _, route)) = best {
            self.found[index].spin = spin;
            self.routes[index] = route;
        }
    }
}

/// The cells `placement` fills, in order: equal for placements that fill the same cells.
pub fn sorted_cells(placement: &Placement) -> [(i32, i32); 4] {
    let mut cells = placement.cells();
    cells.sort_unstable();
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classic_count(board: &Board, piece: Piece) -> usize {
        drop_placements(board, piece).count()
    }

    #[test]
    fn classic_counts_on_an_empty_ten_wide_board() {
        let board = Board::new(10, 20).unwrap();
        let counts: Vec<usize> = [
            Piece::I,
            Piece::O,
            Piece::S,
            Piece::Z,
            Piece::T,
            Piece::J,
            Piece::L,
        ]
        .iter()
        .map(|&p| classic_count(&board, p))
        .collect();
        assert_eq!(counts, vec![17, 9, 17, 17, 34, 34, 34]);
        assert_eq!(counts.iter().sum::<usize>(), 162);
    }

    #[test]
    fn guideline_search_on_an_empty_board_finds_the_drop_placements() {
        // On an empty board every drop-only placement is reachable, and nothing more.
        let board = Board::new(10, 20).unwrap();
        let mut search = MoveSearch::new();
        for piece in Piece::ALL {
            let spawn = crate::rules::spawn_position(&board, piece).unwrap();
            let found = search.run(&board, piece, spawn, Kicks::Srs).len();
            assert_eq!(found, classic_count(&board, piece), "{piece}");
        }
    }
}
