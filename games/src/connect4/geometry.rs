//! The board of Connect Four as bits: [`Size`], its masks, and the line tests
//! [`has_line`] and [`line_completions`] that rules and search share.
//!
//! Bit layout (Pascal Pons's), shown for 7x6. Each column holds `height` cells
//! from the bottom up plus one always-empty sentinel bit, so shifting a line
//! across a column edge runs into a sentinel and never wraps:
//!
//! ```text
//!   .  .  .  .  .  .  .     <- sentinel row: never set
//!   5 12 19 26 33 40 47
//!   4 11 18 25 32 39 46
//!   3 10 17 24 31 38 45
//!   2  9 16 23 30 37 44
//!   1  8 15 22 29 36 43
//!   0  7 14 21 28 35 42
//!   a  b  c  d  e  f  g     (columns 1..7 in move strings)
//! ```
//!
//! Bit `col * (height + 1) + row`. Lines are found by shifting: 1 up a column,
//! `height + 1` along a row, `height` and `height + 2` along the diagonals.
//!
//! The same layout holds on every board: in a `u64` up to 64 bits, in a `u128`
//! up to 128 (10x6 takes bits 0..70, column `j` (the tenth, `A` in move
//! strings) bits 63..70; 16x7 fills all 128). The code is written once over
//! [`Bitboard`] and monomorphised for each integer.

use std::fmt;
use std::str::FromStr;

use super::two_words;
use crate::bitboard::Bitboard;
use crate::error::SizeError;

/// The widest board: sixteen columns.
pub const MAX_WIDTH: usize = 16;

/// The most bits a board may take, `width * (height + 1)`: a `u128`.
pub const MAX_BITS: usize = 128;

/// A board size: width 1..=16, height at least 1, `width * (height + 1) <= 128`.
/// Boards of at most 64 bits are played on `u64` bitboards, the others on `u128`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    width: u8,
    height: u8,
}

impl Size {
    /// The standard 7x6 board.
    pub const STANDARD: Size = Size {
        width: 7,
        height: 6,
    };

    /// A board `width` columns wide and `height` rows high.
    ///
    /// # Errors
    /// [`SizeError::Unsupported`] if the board does not fit a 128-bit bitboard
    /// or is wider than 16.
    pub fn new(width: usize, height: usize) -> Result<Size, SizeError> {
        let unsupported = |reason| {
            Err(SizeError::Unsupported {
                width,
                height,
                reason,
            })
        };
        if !(1..=MAX_WIDTH).contains(&width) {
            return unsupported("the width must be 1 to 16");
        }
        if height == 0 {
            return unsupported("the height must be at least 1");
        }
        if width.saturating_mul(height.saturating_add(1)) > MAX_BITS {
            return unsupported("width * (height + 1) must be at most 128");
        }
        Ok(Size {
            width: width as u8,
            height: height as u8,
        })
    }

    /// The number of columns.
    #[inline]
    #[must_use]
    pub const fn width(self) -> u32 {
        self.width as u32
    }

    /// The number of rows.
    #[inline]
    #[must_use]
    pub const fn height(self) -> u32 {
        self.height as u32
    }

    /// The number of cells.
    #[inline]
    #[must_use]
    pub const fn cells(self) -> u32 {
        self.width() * self.height()
    }

    /// The stones each player plays on a full board: the first player gets the odd one.
    #[must_use]
    pub const fn shares(self) -> [u32; 2] {
        [self.cells().div_ceil(2), self.cells() / 2]
    }

    /// The number of bits of a position's key on this board: one column of
    /// `height + 1` bits per column.
    #[must_use]
    pub const fn key_bits(self) -> u32 {
        self.width() * (self.height() + 1)
    }

    /// Whether the board fits a 64-bit bitboard (otherwise it takes a `u128`).
    #[must_use]
    pub const fn fits_u64(self) -> bool {
        self.key_bits() <= 64
    }

    /// The bottom cell of every column.
    #[must_use]
    pub fn bottom_mask<B: Bitboard>(self) -> B {
        let mut mask = B::ZERO;
        for col in 0..self.width() {
            mask |= self.bottom_cell(col);
        }
        mask
    }

    /// Every cell of the board (no sentinels).
    #[must_use]
    pub fn board_mask<B: Bitboard>(self) -> B {
        let mut mask = B::ZERO;
        for col in 0..self.width() {
            mask |= self.column_mask(col);
        }
        mask
    }

    /// The cells of column `col`.
    #[inline]
    #[must_use]
    pub fn column_mask<B: Bitboard>(self, col: u32) -> B {
        B::low_bits(self.height()) << (col * (self.height() + 1))
    }

    /// The bottom cell of column `col`.
    #[inline]
    #[must_use]
    pub fn bottom_cell<B: Bitboard>(self, col: u32) -> B {
        B::bit(col * (self.height() + 1))
    }

    /// The top cell of column `col`.
    #[inline]
    #[must_use]
    pub fn top_cell<B: Bitboard>(self, col: u32) -> B {
        B::bit(self.height() - 1 + col * (self.height() + 1))
    }

    /// The cell in column `col` and row `row` (row 0 at the bottom).
    #[inline]
    #[must_use]
    pub fn cell<B: Bitboard>(self, col: u32, row: u32) -> B {
        B::bit(col * (self.height() + 1) + row)
    }

    /// A bitboard with its columns in reverse order (the board seen in a mirror).
    #[inline]
    #[must_use]
    pub fn mirror<B: Bitboard>(self, bits: B) -> B {
        let h1 = self.height() + 1;
        // A column with its sentinel may fill the whole integer (1x63).
        let column = B::low_bits(h1);
        let mut mirrored = B::ZERO;
        for col in 0..self.width() {
            let other = self.width() - 1 - col;
            mirrored |= ((bits >> (col * h1)) & column) << (other * h1);
        }
        mirrored
    }
}

impl Default for Size {
    fn default() -> Self {
        Size::STANDARD
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Size {
    type Err = SizeError;

    /// Reads `WxH`, e.g. `7x6`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let not_a_size = || SizeError::NotASize(text.to_owned());
        let (w, h) = text.split_once(['x', 'X']).ok_or_else(not_a_size)?;
        let w: usize = w.parse().map_err(|_| not_a_size())?;
        let h: usize = h.parse().map_err(|_| not_a_size())?;
        Size::new(w, h)
    }
}

/// Whether a board whose columns are `h1` bits apart can hold a line along a
/// row or a diagonal: it needs four columns, so `4 * h1` bits. Narrower boards
/// have only vertical lines, and their strides can be so large that shifting
/// by three of them would overflow.
#[inline]
#[must_use]
pub fn has_rows<B: Bitboard>(h1: u32) -> bool {
    h1 <= B::BITS / 4
}

/// Whether the stones in `pos` contain four in a line; `h1` is `height + 1`.
#[inline]
#[must_use]
pub fn has_line<B: Bitboard>(pos: B, h1: u32) -> bool {
    if B::WORDS == 2 && has_rows::<B>(h1) {
        return two_words::has_line(pos, h1);
    }
    // Up a column.
    let m = pos & (pos >> 1);
    if !(m & (m >> 2)).is_empty() {
        return true;
    }
    if !has_rows::<B>(h1) {
        return false;
    }
    // Along a row, then the diagonal going down and the one going up to the right.
    for shift in [h1, h1 - 1, h1 + 1] {
        let m = pos & (pos >> shift);
        if !(m & (m >> (2 * shift))).is_empty() {
            return true;
        }
    }
    false
}

/// The cells, occupied or not, that would complete a line of `pos`; `h1` is
/// `height + 1`. Mask the result with the empty cells of the board.
#[inline]
#[must_use]
pub fn line_completions<B: Bitboard>(pos: B, h1: u32) -> B {
    line_completions_many([pos], h1)[0]
}

/// [`line_completions`] of each of `N` stone sets at once: each direction
/// runs over all the sets in turn, so the compiler can keep the sets in the
/// lanes of vector registers (the solver's move ordering takes a board's
/// moves this way).
#[inline(always)]
#[must_use]
pub fn line_completions_many<B: Bitboard, const N: usize>(pos: [B; N], h1: u32) -> [B; N] {
    if B::WORDS == 2 && has_rows::<B>(h1) {
        return two_words::line_completions_many(pos, h1);
    }
    // Up a column: three stones under the cell.
    let mut r = pos.map(|p| (p << 1) & (p << 2) & (p << 3));
    if !has_rows::<B>(h1) {
        return r;
    }
    for shift in [h1, h1 - 1, h1 + 1] {
        for (r, &p) in r.iter_mut().zip(&pos) {
            let up = (p << shift) & (p << (2 * shift));
            let down = (p >> shift) & (p >> (2 * shift));
            *r |= up & (p << (3 * shift))
                | up & (p >> shift)
                | down & (p << shift)
                | down & (p >> (3 * shift));
        }
    }
    r
}

/// The cells the side to move may play without handing the opponent an
/// immediate win, given the playable cells and the opponent's winning cells:
/// none if the opponent has two threats to block, the one block if it has
/// one, and never a cell right under an opponent's winning cell. The side to
/// move is assumed unable to win at once. Shared by the rules and the solver.
#[inline]
#[must_use]
pub fn non_losing_moves<B: Bitboard>(possible: B, opponent_wins: B) -> B {
    let forced = possible & opponent_wins;
    let candidates = if forced.is_empty() {
        possible
    } else if !forced.without_lowest().is_empty() {
        // Two threats to block at once: every move loses.
        return B::ZERO;
    } else {
        forced
    };
    candidates & !(opponent_wins >> 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert!(Size::new(7, 6).is_ok());
        assert!(Size::new(8, 7).is_ok());
        assert!(Size::new(9, 6).is_ok());
        assert!(Size::new(1, 63).is_ok());
        assert!(Size::new(9, 7).is_ok());
        assert!(Size::new(10, 7).is_ok());
        assert!(Size::new(16, 7).is_ok());
        assert!(Size::new(1, 127).is_ok());
        assert!(Size::new(16, 8).is_err());
        assert!(Size::new(17, 4).is_err());
        assert!(Size::new(9, 14).is_err());
        assert!(Size::new(0, 4).is_err());
        assert!(Size::new(4, 0).is_err());
        assert_eq!("7x6".parse::<Size>(), Ok(Size::STANDARD));
        assert!("7by6".parse::<Size>().is_err());
        assert_eq!(Size::STANDARD.shares(), [21, 21]);
        assert_eq!(Size::new(5, 5).map(Size::shares), Ok([13, 12]));
    }

    #[test]
    fn cells_follow_the_drawn_layout() {
        let size = Size::STANDARD;
        assert_eq!(size.cell::<u64>(0, 0), 1);
        assert_eq!(size.cell::<u64>(3, 0), 1 << 21);
        assert_eq!(size.cell::<u64>(6, 5), 1 << 47);
        assert_eq!(size.cell::<u64>(2, 0), size.bottom_cell(2));
        assert_eq!(size.cell::<u64>(2, 5), size.top_cell(2));
        assert_eq!(size.mirror(size.cell::<u64>(0, 4)), size.cell(6, 4));
        // The whole integer is one column with its sentinel: no overflow.
        let tall = Size::new(1, 63).unwrap();
        assert_eq!(tall.mirror(tall.cell::<u64>(0, 62)), tall.cell(0, 62));
        let wide = Size::new(16, 7).unwrap();
        assert_eq!(wide.cell::<u128>(15, 6), 1 << 126);
        assert_eq!(wide.mirror(wide.cell::<u128>(0, 6)), wide.cell(15, 6));
    }
}
