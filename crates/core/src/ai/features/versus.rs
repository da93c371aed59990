//! Features for versus play, where a game is won by sending garbage and lost by topping out
//! under it: the T-spin double and triple slots a T can spin into; the covered empty cells told
//! apart by whether a piece can still slide in under their cover (overhangs) or not (cavities);
//! how far the stack reaches into the board's top half and top quarter; the lines an I would
//! clear down the lowest column; what the placement's own clear sends by the match's table and
//! streaks, whether it keeps a back-to-back chain, whether a chain runs after it and the combo it
//! makes; and how near the top the garbage still waiting would lift the stack. The board's
//! features read the board after clears, as one mark word per column (bit `y` for row `y`).

use super::{Outcome, column_holes, height, low_bits};
use crate::engine::board::MAX_WIDTH;
use crate::engine::versus::attack::Clear;

/// One mark word per column of a board, the columns past its width left empty.
pub(crate) type Marks = [u64; MAX_WIDTH];

/// Whether cell (`x`, `y`) of `columns` is filled; outside the board's sides or below its
/// floor counts as filled, above its top as empty.
#[inline]
fn filled(columns: &[u64], x: isize, y: isize) -> bool {
    if x < 0 || y < 0 || x as usize >= columns.len() {
        return true;
    }
    y < 64 && columns[x as usize] >> y & 1 == 1
}

/// Whether row `y` of the board of `columns` is filled in every column but those of `gaps`.
fn full_but(columns: &[u64], y: isize, gaps: &[isize]) -> bool {
    (0..columns.len() as isize).all(|x| gaps.contains(&x) || filled(columns, x, y))
}

/// The best T-spin double slot of the board of `columns`: the lines a T dropped into it would
/// clear (0 to 2), and the four cells the T would fill, as one mark word per column; none where
/// the board has no slot.
///
/// A slot, centred on column `x` at row `y`: cell (`x`, `y`) is an empty notch between two
/// filled cells; the three cells above it, row `y + 1` from `x - 1` to `x + 1`, are empty; on one
/// side the cell above that row, (`x - 1`, `y + 2`) or (`x + 1`, `y + 2`), is filled (the
/// overhang), while the centre column and the other side are open to the sky above the notch's
/// row and row `y + 1`. A T pointing down rotates in under the overhang and fills the notch with
/// three of its four corners filled: a T-spin. Row `y` clears where only the notch is empty,
/// row `y + 1` where only the T's three cells are.
pub(crate) fn tsd_slot(columns: &[u64]) -> Option<(u32, Marks)> {
    let width = columns.len();
    let mut best: Option<(u32, Marks)> = None;
    for x in 1..width.saturating_sub(1) {
        let centre = columns[x];
        // The notch is the centre column's highest empty cell under open sky: its top.
        let y = height(centre) as isize;
        if y + 2 >= 64 {
            continue; // no room above for the T
        }
        let xi = x as isize;
        let notch = filled(columns, xi - 1, y) && filled(columns, xi + 1, y);
        let row_above_open = (-1..=1).all(|dx| !filled(columns, xi + dx, y + 1));
        if !notch || !row_above_open {
            continue;
        }
        let overhang_left = filled(columns, xi - 1, y + 2);
        let overhang_right = filled(columns, xi + 1, y + 2);
        // One side covered, the other open to the sky from row y + 1 up.
        let open = |side: usize| height(columns[side]) as isize <= y + 1;
        let slot = match (overhang_left, overhang_right) {
            (true, false) => open(x + 1),
            (false, true) => open(x - 1),
            _ => false,
        };
        if !slot {
            continue;
        }
        let lines = full_but(columns, y, &[xi]) as u32
            + full_but(columns, y + 1, &[xi - 1, xi, xi + 1]) as u32;
        if best.as_ref().is_none_or(|(most, _)| lines > *most) {
            let mut marks = [0u64; MAX_WIDTH];
            marks[x] |= 1 << y | 1 << (y + 1);
            marks[x - 1] |= 1 << (y + 1);
            marks[x + 1] |= 1 << (y + 1);
            best = Some((lines, marks));
        }
    }
    best
}

/// The best T-spin triple slot of the board of `columns`: the lines a T kicked into it would
/// clear (0 to 3), and the four cells the T would fill; none where the board has no slot.
///
/// A slot, for a T standing upright in column `x`, its centre at row `y` and its nub pointing to
/// one side into column `x + s` (`s` = 1 or -1): the shaft, column `x` from row `y - 1` to
/// `y + 2`, is empty under a filled roof at row `y + 3`; the nub's cell (`x + s`, `y`) is empty
/// under a ledge at (`x + s`, `y + 1`), the top of its column; beyond it, column `x + 2s` is
/// open from row `y + 2` up, the way in; and at least two of the T's other corners, (`x - s`,
/// `y + 1`), (`x - s`, `y - 1`) and (`x + s`, `y - 1`), are filled (a wall counts). A T lying flat
/// on the ledge, turned towards the shaft, kicks two rows down into it: with the ledge, three
/// corners or more are filled, a T-spin. Rows `y - 1` and `y + 1` clear where only the shaft is
/// empty, row `y` where only the shaft and the nub are.
pub(crate) fn tst_slot(columns: &[u64]) -> Option<(u32, Marks)> {
    let width = columns.len() as isize;
    let mut best: Option<(u32, Marks)> = None;
    for x in 0..width {
        for side in [1, -1] {
            let (nub, way_in) = (x + side, x + 2 * side);
            if !(0..width).contains(&nub) || !(0..width).contains(&way_in) {
                continue;
            }
            // The ledge is the top of the nub's column, the T's centre the row under it.
            let y = height(columns[nub as usize]) as isize - 2;
            if y < 1 || y + 3 >= 64 {
                continue;
            }
            let shaft = (-1..=2).all(|dy| !filled(columns, x, y + dy));
            let roof = filled(columns, x, y + 3);
            let notch = !filled(columns, nub, y);
            let open = height(columns[way_in as usize]) as isize <= y + 2;
            let corners = [(x - side, y + 1), (x - side, y - 1), (nub, y - 1)]
                .iter()
                .filter(|&&(cx, cy)| filled(columns, cx, cy))
                .count();
            if !(shaft && roof && notch && open && corners >= 2) {
                continue;
            }
            let lines = full_but(columns, y - 1, &[x]) as u32
                + full_but(columns, y, &[x, nub]) as u32
                + full_but(columns, y + 1, &[x]) as u32;
            if best.as_ref().is_none_or(|(most, _)| lines > *most) {
                let mut marks = [0u64; MAX_WIDTH];
                marks[x as usize] |= 0b111 << (y - 1);
                marks[nub as usize] |= 1 << y;
                best = Some((lines, marks));
            }
        }
    }
    best
}

pub(super) fn tst_slot_lines(o: &Outcome) -> f64 {
    tst_slot(o.board.columns()).map_or(0.0, |(lines, _)| lines as f64)
}

pub(super) fn tsd_slot_lines(o: &Outcome) -> f64 {
    tsd_slot(o.board.columns()).map_or(0.0, |(lines, _)| lines as f64)
}

/// The covered empty cells of the board of `columns` (below their column's top), split by
/// region, regions joined side by side and up and down: `(cavities, overhangs)` as mark words,
/// an overhang being a region with a cell beside an open one (an empty cell at or above its
/// column's top), which a piece can slide into from the side; a cavity, one with none.
pub(crate) fn covered_regions(columns: &[u64]) -> (Marks, Marks) {
    let width = columns.len();
    let mut left = [0u64; MAX_WIDTH];
    let mut open = [0u64; MAX_WIDTH];
    for (x, &column) in columns.iter().enumerate() {
        left[x] = column_holes(column);
        open[x] = !low_bits(height(column) as usize);
    }
    // A column's neighbours' words; a wall's are empty.
    let beside = |words: &Marks, x: usize| {
        (if x > 0 { words[x - 1] } else { 0 }) | (if x + 1 < width { words[x + 1] } else { 0 })
    };
    let (mut cavities, mut overhangs) = ([0u64; MAX_WIDTH], [0u64; MAX_WIDTH]);
    while let Some(x) = left[..width].iter().position(|&w| w != 0) {
        // Grow the region from the lowest cell left in the leftmost such column.
        let mut region = [0u64; MAX_WIDTH];
        region[x] = left[x] & left[x].wrapping_neg();
        loop {
            let mut grown = [0u64; MAX_WIDTH];
            for c in 0..width {
                let r = region[c];
                grown[c] = (r | r << 1 | r >> 1 | beside(&region, c)) & left[c];
            }
            if grown == region {
                break;
            }
            region = grown;
        }
        let touches_open = (0..width).any(|c| region[c] & beside(&open, c) != 0);
        let kind = if touches_open {
            &mut overhangs
        } else {
            &mut cavities
        };
        for c in 0..width {
            kind[c] |= region[c];
            left[c] &= !region[c];
        }
    }
    (cavities, overhangs)
}

/// The cells marked in `marks`.
fn count(marks: &[u64]) -> f64 {
    marks.iter().map(|m| m.count_ones()).sum::<u32>() as f64
}

pub(super) fn cavity_cells(o: &Outcome) -> f64 {
    count(&covered_regions(o.board.columns()).0)
}

pub(super) fn overhang_cells(o: &Outcome) -> f64 {
    count(&covered_regions(o.board.columns()).1)
}

/// The row from which the top `1 / parts` of a board `height` rows high begins: row
/// `height - height / parts` (row 10 of 20 for the half, row 15 for the quarter).
#[inline]
pub(crate) fn band_floor(height: usize, parts: usize) -> usize {
    height - height / parts
}

/// Rows the tallest column reaches above row `floor`: 0 where it stays below.
#[inline]
fn rows_above(o: &Outcome, floor: usize) -> f64 {
    o.board.max_height().saturating_sub(floor) as f64
}

pub(super) fn top_half(o: &Outcome) -> f64 {
    rows_above(o, band_floor(o.board.height(), 2))
}

pub(super) fn top_quarter(o: &Outcome) -> f64 {
    rows_above(o, band_floor(o.board.height(), 4))
}

/// The leftmost lowest column of the board of `columns`, and the rows above its top in which
/// every other column is filled, as bits: the lines an I dropped down that column clears (more
/// than four where pieces follow).
pub(crate) fn well_lines_of(columns: &[u64]) -> (usize, u64) {
    let well = (0..columns.len())
        .min_by_key(|&x| height(columns[x]))
        .unwrap_or(0);
    let others = columns
        .iter()
        .enumerate()
        .filter(|&(x, _)| x != well)
        .fold(u64::MAX, |rows, (_, &c)| rows & c);
    // The rows filled in every other column, from the well's top up to the first that is not.
    let from = height(columns[well]);
    let up = if from >= 64 { 0 } else { others >> from };
    let lines = (!up).trailing_zeros().min(64 - from);
    (well, low_bits(lines as usize) << from)
}

pub(super) fn well_lines(o: &Outcome) -> f64 {
    well_lines_of(o.board.columns()).1.count_ones() as f64
}

/// The line clear the placement of `o` made, as attack tables read it.
fn clear_of(o: &Outcome) -> Clear {
    Clear::of(o.rows_cleared, o.placement.spin, o.board)
}

pub(super) fn attack(o: &Outcome) -> f64 {
    o.versus.attack(clear_of(o)) as f64
}

pub(super) fn difficult_clear(o: &Outcome) -> f64 {
    if clear_of(o).difficult() { 1.0 } else { 0.0 }
}

pub(super) fn clears(o: &Outcome) -> f64 {
    if o.rows_cleared > 0 { 1.0 } else { 0.0 }
}

pub(super) fn back_to_back(o: &Outcome) -> f64 {
    if o.versus.streaks.after(clear_of(o)).back_to_back > 0 {
        1.0
    } else {
        0.0
    }
}

pub(super) fn combo(o: &Outcome) -> f64 {
    o.versus.streaks.after(clear_of(o)).combo as f64
}

pub(super) fn garbage_danger(o: &Outcome) -> f64 {
    let left = o.versus.after(clear_of(o)).incoming as usize;
    let floor = band_floor(o.board.height(), 4);
    (o.board.max_height() + left).saturating_sub(floor) as f64
}
