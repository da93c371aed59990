//! Cold Clear 2's evaluation, as its freestyle mode computes it with its default weights
//! (`src/bot/freestyle.rs` and `src/default.json` of `MinusKelvin/cold-clear-2` at `ed8b193`),
//! in two features: what a move did (its reward, added up over a plan) and what the board after
//! it is worth (its evaluation, read on the board a plan leaves).
//!
//! Where it differs from Cold Clear 2's own: it cuts out one T slot, where Cold Clear 2 cuts out
//! one for each T it expects (none, one or up to three, by the bag and the hold); it has no
//! soft-drop term (the score of a placement does not know the inputs that reach it); and it has
//! no combo term, which never acts in Cold Clear 2 (its combo count is never raised).

use super::versus::{Marks, band_floor, well_lines_of};
use super::{Outcome, column_holes, height};
use crate::engine::board::{MAX_WIDTH, remove_bits};
use crate::engine::piece::Piece;
use crate::engine::spin::Spin;
use crate::engine::versus::attack::Clear;

/// The cells a T pointing down would fill in the first of Cold Clear 2's "well known" T slots of
/// the board of `columns`, looked for from the left with the overhang on the right, then with it
/// on the left; none where there is none. A slot, overhang on the right, at columns `x` to
/// `x + 2`, with `y` the height of column `x`: column `x + 1` is lower than `y`, and column
/// `x + 2` is filled at rows `y - 1` and `y + 1` and empty at row `y`. The T lies on row `y`
/// from `x` to `x + 2`, its nub down at (`x + 1`, `y - 1`). The mirror image for the other side.
pub(crate) fn t_slot(columns: &[u64]) -> Option<Marks> {
    let width = columns.len();
    let filled = |x: usize, y: u32| y < 64 && columns[x] >> y & 1 == 1;
    // (the column whose height gives the slot's row, the one with the overhang)
    let overhang_right = (0..width.saturating_sub(2)).map(|x| (x, x + 2));
    let overhang_left = (0..width.saturating_sub(2)).map(|x| (x + 2, x));
    for (level, overhang) in overhang_right.chain(overhang_left) {
        let middle = (level + overhang) / 2;
        let y = height(columns[level]);
        if y == 0 || y >= 63 || height(columns[middle]) >= y {
            continue;
        }
        if filled(overhang, y - 1) && !filled(overhang, y) && filled(overhang, y + 1) {
            let mut marks = [0u64; MAX_WIDTH];
            for x in [level, middle, overhang] {
                marks[x] |= 1 << y;
            }
            marks[middle] |= 1 << (y - 1);
            return Some(marks);
        }
    }
    None
}

/// The board of `columns` with Cold Clear 2's T slot cut out: the T dropped into its slot, and
/// the rows it fills removed where it fills two or more; and the rows it fills (none where the
/// board has no slot).
fn cut_out(columns: &[u64]) -> (Marks, Option<u32>) {
    let mut board = [0u64; MAX_WIDTH];
    board[..columns.len()].copy_from_slice(columns);
    let Some(t) = t_slot(columns) else {
        return (board, None);
    };
    let mut with_t = board;
    for (column, cells) in with_t.iter_mut().zip(t) {
        *column |= cells;
    }
    let full = with_t[..columns.len()]
        .iter()
        .fold(u64::MAX, |rows, &column| rows & column);
    let lines = full.count_ones();
    if lines > 1 {
        for column in &mut with_t[..columns.len()] {
            *column = remove_bits(*column, full);
        }
        board = with_t;
    }
    (board, Some(lines))
}

/// Cold Clear 2's value of a T slot by the rows a T in it fills (0, 1, 2, 3).
const T_SLOT: [f64; 4] = [0.1, 1.5, 2.0, 4.0];

/// Cold Clear 2's evaluation of the board and the match after the move of `o`: the T slot cut
/// out (its value by the rows the T fills), then on the board left, 1.5 per hole, 0.2 per row
/// from each hole to its column's top (at most 6 a hole), 0.4 per row of the tallest column,
/// 1.5 more per row in the top half, 5 more per row in the top quarter, 0.2 per filled/empty
/// change along the rows (over all 64 rows of a column word, the walls filled), 0.3 per line an
/// I down the lowest column would clear, and 0.5 while a back-to-back chain runs.
pub(super) fn board(o: &Outcome) -> f64 {
    let clear = Clear::of(o.rows_cleared, o.placement.spin, o.board);
    let width = o.board.width();
    let (cut, slot) = cut_out(o.board.columns());
    let columns = &cut[..width];
    let mut value = slot.map_or(0.0, |lines| T_SLOT[lines.min(3) as usize]);
    if o.versus.streaks.after(clear).back_to_back > 0 {
        value += 0.5;
    }
    let (mut holes, mut covered) = (0, 0);
    for &column in columns {
        let top = height(column);
        let mut left = column_holes(column);
        holes += left.count_ones();
        while left != 0 {
            covered += (top - left.trailing_zeros()).min(6);
            left &= left - 1;
        }
    }
    value -= 1.5 * holes as f64 + 0.2 * covered as f64;
    value += 0.3 * well_lines_of(columns).1.count_ones() as f64;
    let tallest = columns
        .iter()
        .map(|&c| height(c) as usize)
        .max()
        .unwrap_or(0);
    let rows = o.board.height();
    value -= 0.4 * tallest as f64
        + 1.5 * tallest.saturating_sub(band_floor(rows, 2)) as f64
        + 5.0 * tallest.saturating_sub(band_floor(rows, 4)) as f64;
    let walls = (!columns[0]).count_ones() + (!columns[width - 1]).count_ones();
    let inside: u32 = columns.windows(2).map(|p| (p[0] ^ p[1]).count_ones()).sum();
    value - 0.2 * (walls + inside) as f64
}

/// Cold Clear 2's reward for the move of `o`: 15 for a perfect clear, in place of the rest; else
/// by the clear, -2, -1.5, -1 and 3.5 for one to four lines, -1.5 and -1 for a mini T-spin
/// single and double, 1, 4 and 6 for a T-spin single, double and triple, and 1 more for a
/// back-to-back bonus; and -1.5 for a T placed without a T-spin double or triple.
pub(super) fn reward(o: &Outcome) -> f64 {
    let clear = Clear::of(o.rows_cleared, o.placement.spin, o.board);
    let lines = o.rows_cleared as usize;
    let mut value = if clear.perfect {
        15.0
    } else {
        let kind = match clear.spin {
            Spin::None => [0.0, -2.0, -1.5, -1.0, 3.5][lines.min(4)],
            Spin::Mini => [0.0, -1.5, -1.0][lines.min(2)],
            Spin::Full => [0.0, 1.0, 4.0, 6.0][lines.min(3)],
        };
        let back_to_back = clear.difficult() && o.versus.streaks.back_to_back > 0;
        kind + if back_to_back { 1.0 } else { 0.0 }
    };
    if o.placement.piece == Piece::T && (lines < 2 || clear.spin != Spin::Full) {
        value -= 1.5;
    }
    value
}
