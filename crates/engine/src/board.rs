//! The playfield as a bitboard: one 64-bit word per column, bit `y` set when row `y` is filled.
//!
//! Column words make every feature a handful of word operations per column (heights are a
//! leading-zero count, holes a population count) and make collision tests a shift and an AND.
//! Above the `height` visible rows lie [`BUFFER_ROWS`] rows where guideline pieces spawn.

use crate::error::{Error, Result};
use crate::piece::Shape;

/// The narrowest board supported.
pub const MIN_WIDTH: usize = 4;
/// The widest board supported.
pub const MAX_WIDTH: usize = 16;
/// The lowest board supported.
pub const MIN_HEIGHT: usize = 4;
/// The tallest board supported.
pub const MAX_HEIGHT: usize = 40;
/// Rows above the visible field that pieces may occupy (spawn area and kicks).
pub const BUFFER_ROWS: usize = 8;

/// A `width` x `height` playfield plus its buffer rows.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    columns: [u64; MAX_WIDTH],
    width: u8,
    height: u8,
}

impl Board {
    /// An empty board; the size must be within the supported ranges.
    pub fn new(width: usize, height: usize) -> Result<Board> {
        if !(MIN_WIDTH..=MAX_WIDTH).contains(&width) {
            return Err(Error::BoardWidth {
                width,
                min: MIN_WIDTH,
                max: MAX_WIDTH,
            });
        }
        if !(MIN_HEIGHT..=MAX_HEIGHT).contains(&height) {
            return Err(Error::BoardHeight {
                height,
                min: MIN_HEIGHT,
                max: MAX_HEIGHT,
            });
        }
        Ok(Board {
            columns: [0; MAX_WIDTH],
            width: width as u8,
            height: height as u8,
        })
    }

    /// A board drawn as text, top row first: `#` (or any piece letter) filled, `.` empty.
    /// The rows fill the bottom of a `width` x `height` board.
    pub fn from_picture(width: usize, height: usize, rows: &[&str]) -> Result<Board> {
        let mut board = Board::new(width, height)?;
        if rows.len() > board.row_limit() {
            return Err(Error::Config(format!(
                "picture has {} rows but the board holds {}",
                rows.len(),
                board.row_limit()
            )));
        }
        for (i, row) in rows.iter().enumerate() {
            let y = rows.len() - 1 - i;
            if row.chars().count() != width {
                return Err(Error::Config(format!(
                    "picture row {row:?} is not {width} cells wide"
                )));
            }
            for (x, cell) in row.chars().enumerate() {
                if cell != '.' {
                    board.set(x, y);
                }
            }
        }
        Ok(board)
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Number of visible rows.
    #[inline]
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Number of rows a piece may occupy: the visible rows plus the buffer.
    #[inline]
    pub fn row_limit(&self) -> usize {
        self.height as usize + BUFFER_ROWS
    }

    /// The bits of column `x` (bit `y` is row `y`).
    #[inline]
    pub fn column(&self, x: usize) -> u64 {
        self.columns[x]
    }

    /// All column words, `width` of them.
    #[inline]
    pub fn columns(&self) -> &[u64] {
        &self.columns[..self.width as usize]
    }

    /// Height of column `x`: one more than its highest filled row, 0 when empty.
    #[inline]
    pub fn column_height(&self, x: usize) -> usize {
        (64 - self.columns[x].leading_zeros()) as usize
    }

    /// The highest column height.
    pub fn max_height(&self) -> usize {
        let any = self.columns().iter().fold(0, |acc, c| acc | c);
        (64 - any.leading_zeros()) as usize
    }

    /// Whether the cell at column `x`, row `y` is filled; cells outside the board are not.
    #[inline]
    pub fn filled(&self, x: usize, y: usize) -> bool {
        x < self.width() && y < 64 && self.columns[x] >> y & 1 == 1
    }

    /// Whether the cell at (`x`, `y`) is a wall, the floor, or filled.
    #[inline]
    pub fn blocked(&self, x: i32, y: i32) -> bool {
        x < 0 || y < 0 || x >= self.width as i32 || self.filled(x as usize, y as usize)
    }

    /// Fills the cell at (`x`, `y`); both must lie on the board (visible rows or buffer).
    pub fn set(&mut self, x: usize, y: usize) {
        assert!(
            x < self.width() && y < self.row_limit(),
            "cell off the board"
        );
        self.columns[x] |= 1 << y;
    }

    /// Number of filled cells.
    pub fn cell_count(&self) -> u32 {
        self.columns().iter().map(|c| c.count_ones()).sum()
    }

    /// Row `y` as bits, bit `x` for column `x`.
    pub fn row(&self, y: usize) -> u16 {
        self.columns()
            .iter()
            .enumerate()
            .fold(0, |row, (x, c)| row | (((c >> y & 1) as u16) << x))
    }

    /// Whether `shape` fits with its rotation centre at (`x`, `y`): inside the walls, above the
    /// floor, below the buffer's top, and over no filled cell.
    #[inline]
    pub fn fits(&self, shape: &Shape, x: i32, y: i32) -> bool {
        let left = x + shape.min_x as i32;
        let bottom = y + shape.min_y as i32;
        if left < 0
            || left + shape.width() as i32 > self.width as i32
            || bottom < 0
            || y + shape.max_y as i32 >= self.row_limit() as i32
        {
            return false;
        }
        (0..shape.width())
            .all(|i| self.columns[left as usize + i] & (shape.column_bits[i] << bottom) == 0)
    }

    /// The centre row at which `shape`, dropped straight down in centre column `x` from above
    /// the stack, comes to rest. `x` must keep the shape inside the walls.
    #[inline(always)]
    pub fn drop_row(&self, shape: &Shape, x: i32) -> i32 {
        // The shape's width as a constant, so that the walk over its columns unrolls.
        match shape.width() {
            1 => self.drop_row_span::<1>(shape, x),
            2 => self.drop_row_span::<2>(shape, x),
            3 => self.drop_row_span::<3>(shape, x),
            _ => self.drop_row_span::<4>(shape, x),
        }
    }

    /// [`Board::drop_row`] for a shape `SPAN` columns wide.
    #[inline(always)]
    fn drop_row_span<const SPAN: usize>(&self, shape: &Shape, x: i32) -> i32 {
        let left = (x + shape.min_x as i32) as usize;
        let mut bottom = 0i32;
        for i in 0..SPAN {
            let rest = self.column_height(left + i) as i32 - shape.column_bottom[i] as i32;
            bottom = bottom.max(rest);
        }
        bottom - shape.min_y as i32
    }

    /// Fills the cells of `shape` with its centre at (`x`, `y`); it must fit.
    #[inline]
    pub fn place(&mut self, shape: &Shape, x: i32, y: i32) {
        let left = (x + shape.min_x as i32) as usize;
        let bottom = y + shape.min_y as i32;
        for i in 0..shape.width() {
            self.columns[left + i] |= shape.column_bits[i] << bottom;
        }
    }

    /// The full rows as bits (bit `y` for row `y`).
    #[inline]
    pub fn full_rows(&self) -> u64 {
        self.columns().iter().fold(u64::MAX, |acc, c| acc & c)
    }

    /// Removes the rows in `rows` (bits) and drops everything above them.
    #[inline]
    pub fn remove_rows(&mut self, rows: u64) {
        for column in &mut self.columns[..self.width as usize] {
            *column = remove_bits(*column, rows);
        }
    }

    /// Pushes the stack up one row per entry of `holes` and fills the rows freed at the bottom,
    /// each full but for the column its entry names (the first entry's row ends highest).
    /// Returns whether a filled cell was pushed above the buffer, where it is lost: a top out.
    /// A hole outside the board leaves its row full.
    pub fn push_garbage(&mut self, holes: &[u32]) -> bool {
        let rows = holes.len();
        let limit = self.row_limit();
        let lost = self.max_height() + rows > limit;
        let kept = (1u64 << limit) - 1;
        for x in 0..self.width() {
            let garbage = holes
                .iter()
                .enumerate()
                .filter(|&(_, &hole)| hole as usize != x)
                .fold(0u64, |bits, (i, _)| bits | 1 << (rows - 1 - i).min(63));
            let raised = self.columns[x].checked_shl(rows as u32).unwrap_or(0);
            self.columns[x] = (raised | garbage) & kept;
        }
        lost
    }

    /// Removes every full row; returns the removed rows as bits.
    #[inline]
    pub fn clear_full_rows(&mut self) -> u64 {
        let full = self.full_rows();
        if full != 0 {
            self.remove_rows(full);
        }
        full
    }
}

/// `word` with the bits at the positions set in `rows` taken out and the bits above moved down:
/// a column word with the rows in `rows` removed.
#[inline]
pub fn remove_bits(mut word: u64, mut rows: u64) -> u64 {
    while rows != 0 {
        let top = 63 - rows.leading_zeros();
        let below = (1u64 << top) - 1;
        word = (word & below) | ((word >> 1) & !below);
        rows &= below;
    }
    word
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Board {}x{}", self.width, self.height)?;
        for y in (0..self.max_height().max(1)).rev() {
            let row: String = (0..self.width())
                .map(|x| if self.filled(x, y) { '#' } else { '.' })
                .collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::{Piece, Rotation};

    #[test]
    fn sizes_out_of_range_are_named() {
        for (width, height, message) in [
            (
                3,
                20,
                "board width 3 is out of range: it must be from 4 to 16",
            ),
            (
                17,
                20,
                "board width 17 is out of range: it must be from 4 to 16",
            ),
            (
                10,
                41,
                "board height 41 is out of range: it must be from 4 to 40",
            ),
            (
                10,
                3,
                "board height 3 is out of range: it must be from 4 to 40",
            ),
        ] {
            let error = Board::new(width, height).unwrap_err();
            assert_eq!(error.to_string(), message);
        }
        let message = Board::new(17, 20).unwrap_err().to_string();
        assert!(message.contains("17"), "{message}");
        assert!(Board::new(4, 4).is_ok() && Board::new(16, 40).is_ok());
    }

    #[test]
    fn full_rows_clear_and_the_rest_falls() {
        let mut board =
            Board::from_picture(4, 6, &["#...", "####", ".#..", "####", "#..#"]).unwrap();
        assert_eq!(board.full_rows(), 0b1010);
        board.clear_full_rows();
        let expected = Board::from_picture(4, 6, &["#...", ".#..", "#..#"]).unwrap();
        assert_eq!(board, expected);
    }

    #[test]
    fn drop_row_lands_on_the_highest_cell_below() {
        let board = Board::from_picture(4, 6, &[".#..", ".#..", "##.."]).unwrap();
        let flat_t = Piece::T.shape(Rotation::Spawn);
        // Centre column 2 covers columns 1..=3; column 1 is 3 high, so the T rests on row 3.
        assert_eq!(board.drop_row(flat_t, 2), 3);
        assert!(board.fits(flat_t, 2, 3) && !board.fits(flat_t, 2, 2));
    }

    #[test]
    fn heights_and_rows_read_back() {
        let board = Board::from_picture(5, 5, &["..#..", "#...#"]).unwrap();
        assert_eq!(board.column_height(2), 2);
        assert_eq!(board.column_height(1), 0);
        assert_eq!(board.row(0), 0b10001);
        assert_eq!(board.max_height(), 2);
        assert_eq!(board.cell_count(), 3);
    }
}
