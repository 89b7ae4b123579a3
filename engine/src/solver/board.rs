//! The board's geometry as the search reads it, in registers.
//!
//! Bitboards are Pascal Pons's layout (see `inarow_games::connect4`), shown
//! for 7x6: bit `col * (height + 1) + row`, one sentinel bit above each
//! column, so that shifts never wrap. A position is `current` (the stones
//! of the side to move) and `mask` (every stone); its key is
//! `current + mask`, which sets the bit above each column's top stone.
//!
//! ```text
//!   6 13 20 27 34 41 48     <- sentinel row: never a stone
//!   5 12 19 26 33 40 47     <- row 6 (even, counted from 1)
//!   4 11 18 25 32 39 46
//!   3 10 17 24 31 38 45     <- row 4
//!   2  9 16 23 30 37 44
//!   1  8 15 22 29 36 43     <- row 2: `even_cells` are rows 2, 4, 6
//!   0  7 14 21 28 35 42
//!   a  b  c  d  e  f  g     (columns 1..7 in move strings)
//! ```
//!
//! On a board of an odd height the even cells, every other row down from
//! the top, are the odd rows counted from 1: 1, 3, 5 and 7 on 9x7.

use inarow_games::{Bitboard, Size};

use super::params::MAX_COLUMNS;

/// The board geometry the search needs, in registers.
#[derive(Clone, Copy, Debug)]
pub(super) struct Board<B: Bitboard> {
    /// `height + 1`.
    pub(super) stride: u32,
    /// The bottom cell of every column.
    pub(super) bottom: B,
    /// Every cell.
    pub(super) cells_mask: B,
    /// The number of cells.
    pub(super) cells: i32,
    /// Columns, centre first.
    pub(super) order: [B; MAX_COLUMNS],
    /// The column (counted from 0, left to right) of each entry of `order`.
    pub(super) order_cols: [u8; MAX_COLUMNS],
    pub(super) width: usize,
    /// The cells of the even rows, every other row down from the top (2, 4
    /// and 6 counted from 1 on 7x6; 1, 3, 5 and 7 on 9x7), which the second
    /// player can claim (see the `rules` module for Allis's names on any
    /// board).
    pub(super) even_cells: B,
    /// For each even row but the bottom and the top, lowest first: the cells
    /// of the rows up to it, and the most the first player scores when the
    /// second has a line of claimable cells there (see
    /// [`Board::claimeven_loss`]). Unused slots have no cells.
    pub(super) even_rows: [(B, i32); 8],
    /// Half the height, rounded down: no bound that
    /// claimeven gives by one line of the second player's, or the odd
    /// threat by its threat, lies further from a draw. Claimeven by one line
    /// leaves the first player at least `-half_height` (a line in the rows
    /// up to the lowest even row above the bottom), the odd threat the second player at least
    /// `-half_height` (half the cells above a threat in one column). Counting
    /// every line (see [`Board::lines_bound`]) can go further.
    /// So where the window lies beyond it, these rules seldom move it, and
    /// the search does not ask them: claimeven one ply ahead for a win of
    /// the second player's once alpha is above `half_height`, the odd
    /// threat one move ahead once alpha is `half_height` or more, and the
    /// odd threat with three columns at the node below `-half_height`,
    /// where it cannot.
    pub(super) half_height: i32,
    /// For mirroring: the left column of each pair of columns that trade
    /// places, and how far apart they are (unused pairs have no cells).
    pub(super) mirror_pairs: [(B, u32); MAX_COLUMNS / 2],
    /// The middle column of an odd width, which stays in place.
    pub(super) mirror_middle: B,
    /// The top cell of every column.
    pub(super) top: B,
    /// For each bit of a key, the bit its mirror image puts it on.
    pub(super) mirror_bits: [u8; inarow_games::connect4::MAX_BITS],
    /// For each bit of a key, the bit of its column's bottom cell.
    pub(super) column_bottom: [u8; inarow_games::connect4::MAX_BITS],
}
impl<B: Bitboard> Board<B> {
    /// The mirror image of the single cell `cell`: [`Board::mirror`] for the
    /// price of a look-up.
    #[inline]
    pub(super) fn mirror_cell(&self, cell: B) -> B {
        B::bit(u32::from(self.mirror_bits[cell.trailing_zeros() as usize]))
    }

    /// The score of winning with the very next stone when `ply` stones are down.
    #[inline]
    pub(super) fn win_next(&self, ply: i32) -> i32 {
        crate::score::win_next(self.cells as u32, ply as u32)
    }

    /// The bitboard with its columns in reverse order: each pair of columns
    /// trades places at once (as `Size::mirror`, without a loop over columns:
    /// the solver mirrors every key when the root is symmetric).
    #[inline]
    pub(super) fn mirror(&self, bits: B) -> B {
        let mut mirrored = bits & self.mirror_middle;
        for &(left, shift) in &self.mirror_pairs {
            mirrored |= (bits & left) << shift | (bits >> shift) & left;
        }
        mirrored
    }
}

impl<B: Bitboard> Board<B> {
    pub(super) fn new(size: Size) -> Self {
        let width = size.width() as usize;
        // Centre first: a stone there joins the most lines.
        let mut columns: Vec<u32> = (0..size.width()).collect();
        columns.sort_by_key(|&col| (2 * col as i32 - (width as i32 - 1)).abs());
        let mut order = [B::ZERO; MAX_COLUMNS];
        let mut order_cols = [0u8; MAX_COLUMNS];
        for ((slot, index), &col) in order.iter_mut().zip(&mut order_cols).zip(&columns) {
            *slot = size.column_mask(col);
            *index = col as u8;
        }
        // Keys use a column's bit above its top cell too.
        let h1 = size.height() + 1;
        // A column with its sentinel may fill the whole integer (1x63).
        let key_column = |col: u32| B::low_bits(h1) << (col * h1);
        let mut mirror_pairs = [(B::ZERO, 0); MAX_COLUMNS / 2];
        for (col, pair) in (0..size.width() / 2).zip(&mut mirror_pairs) {
            *pair = (key_column(col), (size.width() - 1 - 2 * col) * h1);
        }
        let mirror_middle = if size.width() % 2 == 1 {
            key_column(size.width() / 2)
        } else {
            B::ZERO
        };
        // The rows of the top row's parity, counted from 0: claimeven's.
        let h = size.height();
        let claim_row = |row: &u32| row % 2 == (h - 1) % 2;
        let mut even_rows = [(B::ZERO, 0); 8];
        // Row 0 is playable while empty, so never claimed: a line there is
        // a finished game.
        for (slot, row) in even_rows.iter_mut().zip((1..h - 1).filter(claim_row)) {
            let rows = (0..=row).fold(B::ZERO, |cells, r| cells | size.bottom_mask::<B>() << r);
            *slot = (rows, -(h as i32 + 1 - row as i32) / 2);
        }
        let mut mirror_bits = [0u8; inarow_games::connect4::MAX_BITS];
        let mut column_bottom = [0u8; inarow_games::connect4::MAX_BITS];
        for col in 0..size.width() {
            for row in 0..h1 {
                let bit = (col * h1 + row) as usize;
                mirror_bits[bit] = ((size.width() - 1 - col) * h1 + row) as u8;
                column_bottom[bit] = (col * h1) as u8;
            }
        }
        Board {
            mirror_bits,
            column_bottom,
            even_rows,
            half_height: h as i32 / 2,
            mirror_pairs,
            mirror_middle,
            stride: size.height() + 1,
            bottom: size.bottom_mask(),
            top: size.bottom_mask::<B>() << (size.height() - 1),
            cells_mask: size.board_mask(),
            cells: size.cells() as i32,
            order,
            order_cols,
            width,
            even_cells: (0..h)
                .filter(claim_row)
                .fold(B::ZERO, |cells, row| cells | size.bottom_mask::<B>() << row),
        }
    }
}
