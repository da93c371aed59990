//! Every resting placement a piece can reach under guideline rules, found a word at a time.
//!
//! The positions of a piece are bitboards like the board's own: one word per rotation state and
//! centre column, bit `y` for centre row `y`. From the spawn position the reachable set grows by
//! whole words: soft drops fill down through the rows where the piece fits in one step, a shift
//! moves the new positions to the next column, and a turn moves them through the rules' kicks,
//! each kick taking the rows that no earlier kick lets through. When nothing more grows, the
//! reachable positions with no room below are the placements. On a board with no covered cell
//! and every column well below the spawn, that is known without following a move: the piece
//! reaches every column in every state at the spawn row and drops from there.
//!
//! [`MoveSearch`](crate::moves::MoveSearch) finds the same placements one input at a time, with
//! the shortest input path to each; [`Reach`] finds them without paths, several times faster, for
//! the AI's search, which needs the path of the one placement it plays.

use crate::board::Board;
use crate::fits::{Fits, PositionWords, X_OFFSET, holds};
use crate::moves::Placement;
use crate::piece::{Kicks, Piece, Rotation};
use crate::spin::{Spin, t_spin};

/// How far below the spawn row every column must stay for [`Reach`] to skip the flood: a
/// piece's cells lie at most 2 rows from its centre, and a kick moves it at most 2 rows, so
/// pieces turn freely in the rows near the spawn and no placement's T-spin test looks there.
const OPEN_ROWS: i32 = 4;

/// `bits` moved up by `dy` rows (down when negative).
#[inline]
fn shift_rows(bits: u64, dy: i32) -> u64 {
    if dy >= 0 { bits << dy } else { bits >> -dy }
}

/// The positions of the set bits of `mask`, lowest first.
#[inline]
fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

/// The rows reached from `start` by moving down one row at a time through the rows of `fits`.
#[inline]
fn fill_down(start: u64, fits: u64) -> u64 {
    let (mut reached, mut through) = (start, fits);
    for step in [1, 2, 4, 8, 16, 32] {
        reached |= through & (reached >> step);
        through &= through >> step;
    }
    reached
}

/// The reachable-placement search, reusable across boards and pieces without allocating.
#[derive(Default)]
pub struct Reach {
    fits: Fits,
    /// For each rotation state and stored centre column, the reachable centre rows.
    reached: PositionWords,
    /// The part of `reached` whose shifts and turns have been followed.
    followed: PositionWords,
    /// Bit `slot` of `touched[r]`: `reached[r][slot]` (and `followed`) may be nonzero.
    touched: [u32; 4],
    /// Per canonical state and stored centre column, the resting positions found.
    resting: PositionWords,
    found: Vec<Placement>,
    /// The kicks of the last search's rules.
    kicks: Kicks,
}

impl Reach {
    /// An empty search.
    pub fn new() -> Reach {
        Reach::default()
    }

    /// Every resting placement of `piece` reachable from its centre at `spawn` (spawn state)
    /// with the turns of `kicks`,
    /// one per set of cells filled: by state (the first of the states with those cells), then
    /// centre column, then centre row, each from the lowest. A T placement that some reachable
    /// position turns into, and that the three-corner rule then counts as a T-spin, carries the
    /// best such spin. These are exactly the placements [`MoveSearch`](crate::moves::MoveSearch)
    /// finds, in another order.
    pub fn run(
        &mut self,
        board: &Board,
        piece: Piece,
        spawn: (i32, i32),
        kicks: Kicks,
    ) -> &[Placement] {
        self.found.clear();
        self.kicks = kicks;
        self.fits.compute(board, piece);
        if !self.fits.at(0, spawn.0, spawn.1) {
            return &self.found;
        }
        if !self.drop_from_spawn_row(board, piece, spawn) {
            self.flood(piece, spawn);
        }
        self.collect(board, piece);
        &self.found
    }

    /// Clears the words the last search touched, the only ones that can be set.
    fn clear_reached(&mut self) {
        for (r, touched) in self.touched.iter_mut().enumerate() {
            for slot in bits(*touched) {
                self.reached[r][slot] = 0;
                self.followed[r][slot] = 0;
            }
            *touched = 0;
        }
    }

    /// Fills `reached` without following a single shift or turn, where the board allows it,
    /// and returns whether it did: when no column has a filled cell over an empty one and
    /// every column stays [`OPEN_ROWS`] below the spawn row, the piece turns to any state at
    /// the spawn, shifts along the spawn row to any column, and drops; every position where it
    /// fits under the spawn row is reached that way, since all above it is empty, and no
    /// position a turn's kick could add below the spawn row is one it does not fit in. What a
    /// kick could add above the spawn row holds no placement and no turn into one.
    fn drop_from_spawn_row(&mut self, board: &Board, piece: Piece, spawn: (i32, i32)) -> bool {
        let (x, y) = spawn;
        let open = board.max_height() as i32 + OPEN_ROWS <= y
            && board
                .columns()
                .iter()
                .all(|&column| column & (column + 1) == 0);
        if !open {
            return false;
        }
        let states = if piece == Piece::O { 1 } else { 4 };
        let spawn_slot = (x + X_OFFSET) as u32;
        let mut runs = [0u32; 4];
        for (r, run) in runs.iter_mut().enumerate().take(states) {
            // The stored columns where the piece fits at the spawn row in this state: one run
            // of columns around the spawn's, or the shortcut does not apply.
            let at_spawn_row = self.fits.words[r]
                .iter()
                .enumerate()
                .filter(|(_, word)| *word >> y & 1 == 1)
                .fold(0u32, |slots, (slot, _)| slots | 1 << slot);
            let from_lowest = at_spawn_row >> at_spawn_row.trailing_zeros().min(31);
            let one_run = from_lowest & from_lowest.wrapping_add(1) == 0;
            if at_spawn_row >> spawn_slot & 1 == 0 || !one_run {
                return false;
            }
            *run = at_spawn_row;
        }
        self.clear_reached();
        for (r, &run) in runs.iter().enumerate().take(states) {
            for slot in bits(run) {
                self.reached[r][slot] = fill_down(1 << y, self.fits.words[r][slot]);
            }
            self.touched[r] = run;
        }
        true
    }

    /// Fills `reached` with every position reachable from `spawn`.
    fn flood(&mut self, piece: Piece, spawn: (i32, i32)) {
        self.clear_reached();
        let start = (spawn.0 + X_OFFSET) as usize;
        self.touched[0] = 1 << start;
        self.reached[0][start] = 1 << spawn.1;
        // Bit `slot` of `pending[r]`: that word has positions not yet followed.
        let mut pending = [0u32; 4];
        pending[0] = 1 << start;
        while let Some(r) = pending.iter().position(|&p| p != 0) {
            let slot = pending[r].trailing_zeros() as usize;
            pending[r] &= pending[r] - 1;
            let fits = self.fits.words[r][slot];
            let fresh = fill_down(self.reached[r][slot], fits) & !self.followed[r][slot];
            self.reached[r][slot] |= fresh;
            self.followed[r][slot] |= fresh;
            let x = slot as i32 - X_OFFSET;
            for side in [x - 1, x + 1] {
                let moved = fresh & self.fits.word(r, side);
                self.add(&mut pending, r, side, moved);
            }
            if piece == Piece::O {
                continue;
            }
            let from = Rotation::from_index(r);
            for &turn in self.kicks.turns() {
                let to = turn.apply(from).index();
                let mut left = fresh;
                for &(dx, dy) in self.kicks.offsets(piece, from, turn) {
                    if left == 0 {
                        break;
                    }
                    let (tx, dy) = (x + dx as i32, dy as i32);
                    // Bit y: the kick from centre row y fits.
                    let kick_fits = shift_rows(self.fits.word(to, tx), -dy);
                    self.add(&mut pending, to, tx, shift_rows(left & kick_fits, dy));
                    left &= !kick_fits;
                }
            }
        }
    }

    /// Marks the `positions` (rows) in state `r`, centre column `x`, as reached, and their word
    /// as pending when any is new.
    #[inline]
    fn add(&mut self, pending: &mut [u32; 4], r: usize, x: i32, positions: u64) {
        if positions == 0 {
            return;
        }
        let slot = (x + X_OFFSET) as usize;
        if positions & !self.reached[r][slot] != 0 {
            self.reached[r][slot] |= positions;
            pending[r] |= 1 << slot;
            self.touched[r] |= 1 << slot;
        }
    }

    /// Turns the reachable positions with no room below into placements, one per set of cells.
    fn collect(&mut self, board: &Board, piece: Piece) {
        let states = if piece == Piece::O { 1 } else { 4 };
        // Each state's resting positions, moved into its canonical state's coordinates.
        let mut resting_slots = [0u32; 4];
        for r in 0..states {
            let rotation = Rotation::from_index(r);
            let c = piece.shape(rotation).canonical as usize;
            let (dx, dy) = piece.same_cells_shift(rotation, Rotation::from_index(c));
            for slot in bits(self.touched[r]) {
                let rest = self.reached[r][slot] & !(self.fits.words[r][slot] << 1);
                if rest != 0 {
                    let target = (slot as i32 + dx) as usize;
                    if resting_slots[c] >> target & 1 == 0 {
                        self.resting[c][target] = 0;
                        resting_slots[c] |= 1 << target;
                    }
                    self.resting[c][target] |= shift_rows(rest, dy);
                }
            }
        }
        for (r, &slots) in resting_slots.iter().enumerate() {
            let rotation = Rotation::from_index(r);
            for slot in bits(slots) {
                let mut rows = self.resting[r][slot];
                while rows != 0 {
                    let y = rows.trailing_zeros() as i32;
                    rows &= rows - 1;
                    let x = slot as i32 - X_OFFSET;
                    let spin = if piece == Piece::T {
                        self.spin(board, rotation, x, y)
                    } else {
                        Spin::None
                    };
                    self.found.push(Placement {
                        piece,
                        rotation,
                        x,
                        y,
                        spin,
                    });
                }
            }
        }
    }

    /// Whether the position in state `r` with its centre at (`x`, `y`) was reached.
    fn is_reached(&self, r: usize, x: i32, y: i32) -> bool {
        holds(&self.reached, r, x, y)
    }

    /// The best T-spin a reachable position turns into, resting in `rotation` at (`x`, `y`).
    fn spin(&self, board: &Board, rotation: Rotation, x: i32, y: i32) -> Spin {
        let corners = [(-1, 1), (1, 1), (1, -1), (-1, -1)];
        if corners
            .iter()
            .filter(|&&(dx, dy)| board.blocked(x + dx, y + dy))
            .count()
            < 3
        {
            return Spin::None;
        }
        let mut best = Spin::None;
        for &turn in self.kicks.turns() {
            let back = turn.back(rotation);
            let offsets = self.kicks.offsets(Piece::T, back, turn);
            for (k, &(dx, dy)) in offsets.iter().enumerate() {
                let (sx, sy) = (x - dx as i32, y - dy as i32);
                // The turn lands here only if no earlier kick fits.
                let lands_here = self.is_reached(back.index(), sx, sy)
                    && offsets[..k].iter().all(|&(ex, ey)| {
                        !self
                            .fits
                            .at(rotation.index(), sx + ex as i32, sy + ey as i32)
                    });
                if lands_here {
                    best = best.max(t_spin(board, rotation, x, y, turn, k));
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::spawn_position;
    use proptest::prelude::*;

    /// A `width` x `height` board whose columns are solid up to `heights` (the first `width`).
    fn stacked(width: usize, height: usize, heights: &[usize]) -> Board {
        let mut board = Board::new(width, height).unwrap();
        for (x, &h) in heights.iter().take(width).enumerate() {
            for y in 0..h.min(board.row_limit()) {
                board.set(x, y);
            }
        }
        board
    }

    /// The placements of `piece` on `board` found with and without the shortcut, and whether
    /// the shortcut applied.
    fn both_ways(board: &Board, piece: Piece) -> (Vec<Placement>, Vec<Placement>, bool) {
        let Some(spawn) = spawn_position(board, piece) else {
            return (Vec::new(), Vec::new(), false);
        };
        let mut search = Reach::new();
        search.fits.compute(board, piece);
        search.flood(piece, spawn);
        search.collect(board, piece);
        let flooded = std::mem::take(&mut search.found);
        let applied = search.drop_from_spawn_row(board, piece, spawn);
        if !applied {
            search.flood(piece, spawn);
        }
        search.collect(board, piece);
        (flooded, search.found.clone(), applied)
    }

    #[test]
    fn the_shortcut_applies_only_to_open_boards() {
        let low = stacked(10, 20, &[3, 3, 2, 0, 1, 4, 4, 4, 0, 2]);
        assert!(both_ways(&low, Piece::T).2);
        // The T-spin test needs the turns followed near a slot like this one's overhang.
        let mut covered = low;
        covered.set(3, 4);
        assert!(!both_ways(&covered, Piece::T).2);
        // Spawn row 19: a column 16 high comes within 3 rows of it.
        let high = stacked(10, 20, &[16, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert!(!both_ways(&high, Piece::I).2);
        let below = stacked(10, 20, &[15, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert!(both_ways(&below, Piece::I).2);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]

        #[test]
        fn the_shortcut_finds_what_the_flood_finds(
            width in 4usize..=16,
            height in 4usize..=40,
            heights in proptest::collection::vec(0usize..=40, 16),
            scale in 1usize..=4,
            piece in 0usize..7,
        ) {
            // Heights scaled down so that most boards are open, some not.
            let heights: Vec<usize> = heights.iter().map(|h| h * height / 40 / scale).collect();
            let board = stacked(width, height, &heights);
            let piece = Piece::from_index(piece);
            let (flooded, shortcut, _) = both_ways(&board, piece);
            prop_assert_eq!(flooded, shortcut, "board\n{:?}", board);
        }
    }
}
