//! The rules of Connect Four: [`Connect4`], a position, and its [`Game`] impl.
//!
//! Bit layout (Pascal Pons's, owned by `geometry.rs`), shown for 7x6: bit
//! `col * (height + 1) + row`, with one always-empty sentinel bit on top of
//! each column:
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
//! A position is two bitboards: `current`, the stones of the side to move, and
//! `mask`, all stones. Adding a column's bottom bit to `mask` gives the cell a
//! stone dropped there lands on.
//!
//! The key `current + mask` is unique per position of a board size: in a
//! column of `h` stones `mask` is `2^h - 1`, so the column's part of the sum
//! lies in `[2^h - 1, 2^(h+1) - 2]`. These ranges do not overlap for different
//! `h`, no carry leaves a column (the sentinel bit has room for it), and within
//! one `h` the sum gives back the side to move's stones. The side to move
//! follows from the number of stones. The key is below `2^(width * (height + 1))`.

use std::fmt;

use super::geometry::{has_line, line_completions, non_losing_moves, Size};
use crate::bitboard::Bitboard;
use crate::error::{FenError, IllegalMoveError};
use crate::notation::{Drop, MoveText};
use crate::{Game, ListItem, MoveList, Outcome, Player, Variant};

/// A Connect-Four move: the column a stone is dropped in, 0 for the leftmost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Column(pub u8);

impl Column {
    /// The column number as move strings write it: 1 for the leftmost.
    #[must_use]
    pub fn number(self) -> u32 {
        u32::from(self.0) + 1
    }
}

/// The column of a drop: its file. The rank is where the stone lands, which
/// the position decides.
impl From<Drop> for Column {
    fn from(drop: Drop) -> Self {
        Column(drop.file)
    }
}

/// A Connect-Four position, its cells in a [`Bitboard`] `B` that holds the
/// board: [`Connect4`] (`u64`) up to 64 bits, [`Connect4U128`] (`u128`) up
/// to 128.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Connect4Of<B: Bitboard> {
    /// Stones of the side to move.
    current: B,
    /// All stones.
    mask: B,
    /// The bottom cell of every column.
    bottom: B,
    /// Every cell of the board.
    board: B,
    size: Size,
    ply: u8,
}

impl<B: Bitboard> Connect4Of<B> {
    /// The empty board of the given size.
    ///
    /// # Panics
    /// If the board does not fit `B` (more than 64 bits in a `u64`): the
    /// caller picks `B` by the size, as [`AnyGame`](crate::AnyGame) does.
    #[must_use]
    pub fn new(size: Size) -> Self {
        assert!(
            size.key_bits() <= B::BITS,
            "a {size} board takes {} bits, more than {}",
            size.key_bits(),
            B::BITS
        );
        Connect4Of {
            current: B::ZERO,
            mask: B::ZERO,
            bottom: size.bottom_mask(),
            board: size.board_mask(),
            size,
            ply: 0,
        }
    }

    /// The board size.
    #[inline]
    #[must_use]
    pub const fn size(&self) -> Size {
        self.size
    }

    /// The stones of the side to move.
    #[inline]
    #[must_use]
    pub const fn current(&self) -> B {
        self.current
    }

    /// All stones.
    #[inline]
    #[must_use]
    pub const fn mask(&self) -> B {
        self.mask
    }

    /// The stones of the player who just moved.
    #[inline]
    #[must_use]
    pub fn opponent(&self) -> B {
        self.current ^ self.mask
    }

    /// The stones of `player`.
    #[inline]
    #[must_use]
    pub fn stones(&self, player: Player) -> B {
        if player == self.side_to_move() {
            self.current
        } else {
            self.opponent()
        }
    }

    /// The bottom cell of every column.
    #[inline]
    #[must_use]
    pub const fn bottom_mask(&self) -> B {
        self.bottom
    }

    /// Every cell of the board.
    #[inline]
    #[must_use]
    pub const fn board_mask(&self) -> B {
        self.board
    }

    /// `height + 1`, the distance between the same row of two neighbouring columns.
    #[inline]
    #[must_use]
    pub const fn stride(&self) -> u32 {
        self.size.height() + 1
    }

    /// The cells where a stone can be dropped now, one per column that is not full.
    #[inline]
    #[must_use]
    pub fn possible(&self) -> B {
        (self.mask + self.bottom) & self.board
    }

    /// The empty cells that would complete a line for the side to move.
    #[inline]
    #[must_use]
    pub fn winning_cells(&self) -> B {
        line_completions(self.current, self.stride()) & (self.board ^ self.mask)
    }

    /// The empty cells that would complete a line for the player who just moved.
    #[inline]
    #[must_use]
    pub fn opponent_winning_cells(&self) -> B {
        line_completions(self.opponent(), self.stride()) & (self.board ^ self.mask)
    }

    /// Whether the side to move can make a line at once.
    #[inline]
    #[must_use]
    pub fn can_win_next(&self) -> bool {
        !(self.winning_cells() & self.possible()).is_empty()
    }

    /// The playable cells that do not hand the opponent an immediate win, assuming
    /// the side to move cannot win at once: empty if every move loses, a single
    /// cell when one opponent threat must be blocked.
    #[inline]
    #[must_use]
    pub fn non_losing_cells(&self) -> B {
        non_losing_moves(self.possible(), self.opponent_winning_cells())
    }

    /// The legal moves that neither win at once nor hand the opponent an
    /// immediate win, or every legal move where none does: random play
    /// through them makes games that last, to late positions still in play.
    #[must_use]
    pub fn quiet_moves(&self) -> MoveList<Column> {
        let legal = self.legal_moves();
        let safe = self.non_losing_cells();
        let mut quiet = MoveList::new();
        for &mv in &legal {
            let lands_safe = self
                .landing_cell(mv)
                .is_some_and(|cell| !(cell & safe).is_empty());
            if lands_safe && !self.is_winning_move(mv) {
                quiet.push(mv);
            }
        }
        if quiet.is_empty() {
            legal
        } else {
            quiet
        }
    }

    /// Plays the stone on `cell`, a single bit of [`Connect4::possible`].
    #[inline]
    pub fn play_cell(&mut self, cell: B) {
        debug_assert!(cell.count_ones() == 1 && !(cell & self.possible()).is_empty());
        self.current ^= self.mask;
        self.mask |= cell;
        self.ply += 1;
    }

    /// The cell where a stone dropped in `col` lands, if the column is not full.
    #[inline]
    #[must_use]
    pub fn landing_cell(&self, col: Column) -> Option<B> {
        let cell = self.possible() & self.size.column_mask(u32::from(col.0));
        (!cell.is_empty()).then_some(cell)
    }

    /// The column of a cell.
    #[inline]
    #[must_use]
    pub fn column_of(&self, cell: B) -> Column {
        Column((cell.trailing_zeros() / self.stride()) as u8)
    }

    /// The number of stones in column `col`.
    #[must_use]
    pub fn column_height(&self, col: Column) -> u32 {
        (self.mask & self.size.column_mask(u32::from(col.0))).count_ones()
    }

    /// The stone on the cell at `col`, `row` (row 0 at the bottom).
    #[must_use]
    pub fn stone_at(&self, col: u32, row: u32) -> Option<Player> {
        let bit = B::bit(col * self.stride() + row);
        if (self.mask & bit).is_empty() {
            None
        } else if !(self.current & bit).is_empty() {
            Some(self.side_to_move())
        } else {
            Some(self.side_to_move().other())
        }
    }

    /// The key of the position seen in a mirror (columns reversed): equal to
    /// [`Game::key`] of the mirrored position.
    #[must_use]
    pub fn mirrored_key(&self) -> B {
        self.size.mirror(self.current) + self.size.mirror(self.mask)
    }

    /// The position before the stone on top of column `col`, if that stone is
    /// the last mover's (otherwise it cannot have been the last move).
    pub(super) fn take_back(&self, col: Column) -> Option<Self> {
        let height = self.column_height(col);
        if height == 0 {
            return None;
        }
        let top: B = self.size.cell(u32::from(col.0), height - 1);
        let mover = self.opponent();
        if (mover & top).is_empty() {
            return None;
        }
        Some(Connect4Of {
            current: mover ^ top,
            mask: self.mask ^ top,
            ply: self.ply - 1,
            ..*self
        })
    }

    /// The position with these stones of the first and the second player and
    /// `side` to move; the caller has checked they can arise in play.
    pub(super) fn from_stones(size: Size, stones: [B; 2], side: Player) -> Self {
        let mask = stones[0] | stones[1];
        Connect4Of {
            current: stones[side.index()],
            mask,
            ply: mask.count_ones() as u8,
            ..Self::new(size)
        }
    }
}

/// A Connect-Four position on a board of at most 64 bits.
pub type Connect4 = Connect4Of<u64>;

/// A Connect-Four position on a board of 65 to 128 bits (8x8, 9x7, 10x6, ...).
pub type Connect4U128 = Connect4Of<u128>;

impl Default for Connect4 {
    fn default() -> Self {
        Connect4::new(Size::STANDARD)
    }
}

impl<B: Bitboard> Game for Connect4Of<B> {
    type Move = Column;
    type List<T: ListItem> = MoveList<T>;
    type Key = B;

    #[inline]
    fn side_to_move(&self) -> Player {
        Player::to_move_at(u32::from(self.ply))
    }

    #[inline]
    fn ply(&self) -> u32 {
        u32::from(self.ply)
    }

    #[inline]
    fn max_ply(&self) -> u32 {
        self.size.cells()
    }

    fn legal_moves(&self) -> MoveList<Column> {
        let mut moves = MoveList::new();
        if self.outcome().is_none() {
            let possible = self.possible();
            for col in 0..self.size.width() {
                if !(possible & self.size.column_mask(col)).is_empty() {
                    moves.push(Column(col as u8));
                }
            }
        }
        moves
    }

    #[inline]
    fn move_count(&self) -> usize {
        if has_line(self.opponent(), self.stride()) {
            0
        } else {
            self.possible().count_ones() as usize
        }
    }

    fn is_legal(&self, mv: Column) -> bool {
        u32::from(mv.0) < self.size.width()
            && self.landing_cell(mv).is_some()
            && self.outcome().is_none()
    }

    fn play(&mut self, mv: Column) -> Result<(), IllegalMoveError> {
        if self.outcome().is_some() {
            return Err(IllegalMoveError::GameOver);
        }
        if u32::from(mv.0) >= self.size.width() {
            return Err(IllegalMoveError::ColumnOutOfRange {
                column: mv.number(),
                width: self.size.width(),
            });
        }
        let cell = self.landing_cell(mv).ok_or(IllegalMoveError::ColumnFull {
            column: mv.number(),
        })?;
        self.play_cell(cell);
        Ok(())
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Column) {
        debug_assert!(self.is_legal(mv));
        let cell = (self.mask + self.bottom) & self.size.column_mask(u32::from(mv.0));
        self.play_cell(cell);
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if has_line(self.opponent(), self.stride()) {
            Some(Outcome::Win(self.side_to_move().other()))
        } else if u32::from(self.ply) == self.size.cells() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    #[inline]
    fn is_winning_move(&self, mv: Column) -> bool {
        !(self.winning_cells() & self.possible() & self.size.column_mask(u32::from(mv.0)))
            .is_empty()
    }

    #[inline]
    fn key(&self) -> B {
        self.current + self.mask
    }

    fn variant(&self) -> Variant {
        Variant::Connect4(self.size)
    }

    fn to_drop(&self, mv: Column) -> Drop {
        Drop {
            file: mv.0,
            rank: self.column_height(mv) as u8,
        }
    }

    fn move_from_text(&self, text: &MoveText) -> Result<Column, IllegalMoveError> {
        let column = match *text {
            MoveText::Column(col) => Column(col),
            MoveText::Square(square) => {
                if u32::from(square.file) >= self.size.width()
                    || u32::from(square.rank) >= self.size.height()
                {
                    return Err(IllegalMoveError::OffBoard { square });
                }
                let col = Column(square.file);
                if self.column_height(col) > u32::from(square.rank) {
                    return Err(IllegalMoveError::Occupied { square });
                }
                let landing = self.to_drop(col);
                if landing != square {
                    return Err(IllegalMoveError::NotLanding { square, landing });
                }
                col
            }
        };
        let mut probe = *self;
        probe.play(column)?;
        Ok(column)
    }

    fn fen(&self) -> String {
        self.fen_text()
    }

    fn read_fen(&self, fen: &str) -> Result<Self, FenError> {
        Self::from_fen(fen)
    }
}

impl<B: Bitboard> fmt::Debug for Connect4Of<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Connect4({})", self.fen())
    }
}

/// The board as text: `X` the first player, `O` the second, column numbers below.
impl<B: Bitboard> fmt::Display for Connect4Of<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..self.size.height()).rev() {
            for col in 0..self.size.width() {
                let c = match self.stone_at(col, row) {
                    None => '.',
                    Some(Player::First) => 'X',
                    Some(Player::Second) => 'O',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        for col in 1..=self.size.width() {
            write!(f, " {col}")?;
        }
        writeln!(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_moves_neither_win_nor_hand_over_a_win() {
        let size = Size::STANDARD;
        let quiet = |moves: &str| {
            let pos = Connect4::from_move_string(size, moves).unwrap();
            pos.quiet_moves().iter().map(|mv| mv.0).collect::<Vec<_>>()
        };
        // The first player can win in column 1: every other move is quiet.
        assert_eq!(quiet("121317"), vec![1, 2, 3, 4, 5, 6]);
        // The second player must block column 1, the only quiet move.
        assert_eq!(quiet("12121"), vec![0]);
        // Two threats to block: no move is quiet, so every move is offered.
        assert_eq!(quiet("44553"), vec![0, 1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn lines_in_every_direction() {
        let size = Size::STANDARD;
        for moves in ["1212121", "1122334", "12233434474", "76655454414"] {
            let pos = Connect4::from_move_string(size, moves).unwrap();
            assert_eq!(pos.outcome(), Some(Outcome::Win(Player::First)), "{moves}");
        }
        // Three in a column plus one on the next column's bottom is no line.
        let pos = Connect4::from_move_string(size, "1212127").unwrap();
        assert_eq!(pos.outcome(), None);
    }

    #[test]
    fn non_losing_cells() {
        // The second player must block column 1.
        let pos = Connect4::from_move_string(Size::STANDARD, "12121").unwrap();
        assert_eq!(pos.non_losing_cells(), pos.landing_cell(Column(0)).unwrap());
        // Two threats: every move loses.
        let pos = Connect4::from_move_string(Size::STANDARD, "2636").unwrap();
        let mut pos2 = pos;
        pos2.play_unchecked(Column(3));
        assert_eq!(pos2.non_losing_cells(), 0);
    }

    #[test]
    fn take_back_undoes_the_last_move() {
        let before = Connect4::from_move_string(Size::STANDARD, "4453").unwrap();
        let mut after = before;
        after.play_unchecked(Column(2));
        assert_eq!(after.take_back(Column(2)), Some(before));
        // The top of column 4 is the side to move's stone; column 7 is empty.
        assert_eq!(after.take_back(Column(3)), None);
        assert_eq!(after.take_back(Column(6)), None);
    }
}
