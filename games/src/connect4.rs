//! Connect Four on any board of width 1..=9 whose columns, each with one
//! sentinel bit on top, fit in 64 bits: `width * (height + 1) <= 64`.
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
//! Bit `col * (height + 1) + row`. A position is two bitboards: `current`, the
//! stones of the side to move, and `mask`, all stones. Lines are found by
//! shifting: 1 up a column, `height + 1` along a row, `height` and `height + 2`
//! along the diagonals.
//!
//! The key `current + mask` is unique per position of a board size: in a
//! column of `h` stones `mask` is `2^h - 1`, so the column's part of the sum
//! lies in `[2^h - 1, 2^(h+1) - 2]`. These ranges do not overlap for different
//! `h`, no carry leaves a column (the sentinel bit has room for it), and within
//! one `h` the sum gives back the side to move's stones. The side to move
//! follows from the number of stones. The key is below `2^(width * (height + 1))`.

use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

use crate::error::{FenError, IllegalMoveError, MoveStringError, MoveStringErrorKind};
use crate::fen;
use crate::notation::{Drop, MoveText};
use crate::{Game, MoveList, Outcome, Player};

/// A board size: width 1..=9, height at least 1, `width * (height + 1) <= 64`.
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
    /// A message if the board does not fit a 64-bit bitboard or is wider than 9.
    pub fn new(width: usize, height: usize) -> Result<Size, &'static str> {
        if !(1..=9).contains(&width) {
            return Err("the width must be 1 to 9");
        }
        if height == 0 {
            return Err("the height must be at least 1");
        }
        if width * (height + 1) > 64 {
            return Err("width * (height + 1) must be at most 64");
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

    /// The bottom cell of every column.
    #[must_use]
    pub const fn bottom_mask(self) -> u64 {
        let mut mask = 0;
        let mut col = 0;
        while col < self.width() {
            mask |= 1 << (col * (self.height() + 1));
            col += 1;
        }
        mask
    }

    /// Every cell of the board (no sentinels).
    #[must_use]
    pub const fn board_mask(self) -> u64 {
        self.bottom_mask() * ((1 << self.height()) - 1)
    }

    /// The cells of column `col`.
    #[inline]
    #[must_use]
    pub const fn column_mask(self, col: u32) -> u64 {
        ((1 << self.height()) - 1) << (col * (self.height() + 1))
    }

    /// The bottom cell of column `col`.
    #[inline]
    #[must_use]
    pub const fn bottom_cell(self, col: u32) -> u64 {
        1 << (col * (self.height() + 1))
    }

    /// The top cell of column `col`.
    #[inline]
    #[must_use]
    pub const fn top_cell(self, col: u32) -> u64 {
        1 << (self.height() - 1 + col * (self.height() + 1))
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
    type Err = String;

    /// Reads `WxH`, e.g. `7x6`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (w, h) = text
            .split_once(['x', 'X'])
            .ok_or_else(|| format!("'{text}' is not a size such as 7x6"))?;
        let w: usize = w
            .parse()
            .map_err(|_| format!("'{text}' is not a size such as 7x6"))?;
        let h: usize = h
            .parse()
            .map_err(|_| format!("'{text}' is not a size such as 7x6"))?;
        Size::new(w, h).map_err(|reason| format!("{text}: {reason}"))
    }
}

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

/// The largest stride (`height + 1`) of a board at least four columns wide.
/// Narrower boards have no lines along rows or diagonals, and their strides can
/// be so large that shifting by three of them would overflow.
const MAX_STRIDE_WITH_ROWS: u32 = 16;

/// Whether the stones in `pos` contain four in a line; `h1` is `height + 1`.
#[inline]
#[must_use]
pub fn has_line(pos: u64, h1: u32) -> bool {
    // Up a column.
    let m = pos & (pos >> 1);
    if m & (m >> 2) != 0 {
        return true;
    }
    if h1 > MAX_STRIDE_WITH_ROWS {
        return false;
    }
    // Along a row, then the diagonal going down and the one going up to the right.
    for shift in [h1, h1 - 1, h1 + 1] {
        let m = pos & (pos >> shift);
        if m & (m >> (2 * shift)) != 0 {
            return true;
        }
    }
    false
}

/// The cells, occupied or not, that would complete a line of `pos`; `h1` is
/// `height + 1`. Mask the result with the empty cells of the board.
#[inline]
#[must_use]
pub fn line_completions(pos: u64, h1: u32) -> u64 {
    // Up a column: three stones under the cell.
    let mut r = (pos << 1) & (pos << 2) & (pos << 3);
    if h1 > MAX_STRIDE_WITH_ROWS {
        return r;
    }
    for shift in [h1, h1 - 1, h1 + 1] {
        let p = (pos << shift) & (pos << (2 * shift));
        r |= p & (pos << (3 * shift));
        r |= p & (pos >> shift);
        let p = (pos >> shift) & (pos >> (2 * shift));
        r |= p & (pos << shift);
        r |= p & (pos >> (3 * shift));
    }
    r
}

/// A Connect-Four position on a board of any supported size.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Connect4 {
    /// Stones of the side to move.
    current: u64,
    /// All stones.
    mask: u64,
    /// The bottom cell of every column.
    bottom: u64,
    /// Every cell of the board.
    board: u64,
    size: Size,
    ply: u8,
}

impl Connect4 {
    /// The empty board of the given size.
    #[must_use]
    pub const fn new(size: Size) -> Self {
        Connect4 {
            current: 0,
            mask: 0,
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
    pub const fn current(&self) -> u64 {
        self.current
    }

    /// All stones.
    #[inline]
    #[must_use]
    pub const fn mask(&self) -> u64 {
        self.mask
    }

    /// The stones of the player who just moved.
    #[inline]
    #[must_use]
    pub const fn opponent(&self) -> u64 {
        self.current ^ self.mask
    }

    /// The stones of `player`.
    #[inline]
    #[must_use]
    pub fn stones(&self, player: Player) -> u64 {
        if player == self.side_to_move() {
            self.current
        } else {
            self.opponent()
        }
    }

    /// The bottom cell of every column.
    #[inline]
    #[must_use]
    pub const fn bottom_mask(&self) -> u64 {
        self.bottom
    }

    /// Every cell of the board.
    #[inline]
    #[must_use]
    pub const fn board_mask(&self) -> u64 {
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
    pub const fn possible(&self) -> u64 {
        (self.mask + self.bottom) & self.board
    }

    /// The empty cells that would complete a line for the side to move.
    #[inline]
    #[must_use]
    pub fn winning_cells(&self) -> u64 {
        line_completions(self.current, self.stride()) & (self.board ^ self.mask)
    }

    /// The empty cells that would complete a line for the player who just moved.
    #[inline]
    #[must_use]
    pub fn opponent_winning_cells(&self) -> u64 {
        line_completions(self.opponent(), self.stride()) & (self.board ^ self.mask)
    }

    /// Whether the side to move can make a line at once.
    #[inline]
    #[must_use]
    pub fn can_win_next(&self) -> bool {
        self.winning_cells() & self.possible() != 0
    }

    /// The playable cells that do not hand the opponent an immediate win, assuming
    /// the side to move cannot win at once: empty if every move loses, a single
    /// cell when one opponent threat must be blocked.
    #[inline]
    #[must_use]
    pub fn non_losing_cells(&self) -> u64 {
        let mut possible = self.possible();
        let opponent_win = self.opponent_winning_cells();
        let forced = possible & opponent_win;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                // Two threats to block at once: every move loses.
                return 0;
            }
            possible = forced;
        }
        // Never play directly under an opponent's winning cell.
        possible & !(opponent_win >> 1)
    }

    /// Plays the stone on `cell`, a single bit of [`Connect4::possible`].
    #[inline]
    pub fn play_cell(&mut self, cell: u64) {
        debug_assert!(cell.is_power_of_two() && cell & self.possible() != 0);
        self.current ^= self.mask;
        self.mask |= cell;
        self.ply += 1;
    }

    /// The cell where a stone dropped in `col` lands, if the column is not full.
    #[inline]
    #[must_use]
    pub fn landing_cell(&self, col: Column) -> Option<u64> {
        let cell = self.possible() & self.size.column_mask(u32::from(col.0));
        (cell != 0).then_some(cell)
    }

    /// The column of a cell.
    #[inline]
    #[must_use]
    pub fn column_of(&self, cell: u64) -> Column {
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
        let bit = 1u64 << (col * self.stride() + row);
        if self.mask & bit == 0 {
            None
        } else if self.current & bit != 0 {
            Some(self.side_to_move())
        } else {
            Some(self.side_to_move().other())
        }
    }

    /// The key of the position seen in a mirror (columns reversed): equal to
    /// [`Game::key`] of the mirrored position.
    #[must_use]
    pub fn mirrored_key(&self) -> u64 {
        mirror(self.current, self.size) + mirror(self.mask, self.size)
    }

    /// The position after a Pons move string such as `4453` (columns from 1).
    ///
    /// # Errors
    /// [`MoveStringError`] naming the first bad move: not a digit, off the
    /// board, into a full column, or after the game was won.
    pub fn from_move_string(size: Size, moves: &str) -> Result<Self, MoveStringError> {
        let mut position = Connect4::new(size);
        position.play_move_string(moves)?;
        Ok(position)
    }

    /// Plays a Pons move string from this position. On error the position is
    /// left as it was.
    ///
    /// # Errors
    /// As [`Connect4::from_move_string`]; indexes count from this position's first move.
    pub fn play_move_string(&mut self, moves: &str) -> Result<(), MoveStringError> {
        let mut position = *self;
        for (i, c) in moves.chars().enumerate() {
            let error = |kind| MoveStringError {
                index: i + 1,
                found: c,
                kind,
            };
            let number = c
                .to_digit(10)
                .filter(|&d| d >= 1)
                .ok_or_else(|| error(MoveStringErrorKind::NotADigit))?;
            if number > self.size.width() {
                return Err(error(MoveStringErrorKind::OutOfRange {
                    width: self.size.width(),
                }));
            }
            if position.outcome().is_some_and(|o| o != Outcome::Draw) {
                return Err(error(MoveStringErrorKind::GameOver));
            }
            let cell = position
                .landing_cell(Column(number as u8 - 1))
                .ok_or_else(|| error(MoveStringErrorKind::ColumnFull))?;
            position.play_cell(cell);
        }
        *self = position;
        Ok(())
    }

    /// A move string that leads from the empty board to this position without an
    /// earlier line, if one exists (every position reached by play has one).
    #[must_use]
    pub fn to_move_string(&self) -> Option<String> {
        let mut dead_ends = HashSet::new();
        let mut columns = Vec::with_capacity(self.ply as usize);
        if self.unwind(&mut columns, &mut dead_ends) {
            columns.reverse();
            Some(
                columns
                    .iter()
                    .map(|c: &Column| char::from_digit(c.number(), 10).unwrap_or('?'))
                    .collect(),
            )
        } else {
            None
        }
    }

    /// Takes back stones from the top of the columns, last mover first, without
    /// passing through a finished game; pushes the columns taken from.
    fn unwind(&self, columns: &mut Vec<Column>, dead_ends: &mut HashSet<u64>) -> bool {
        if self.ply == 0 {
            return true;
        }
        if !dead_ends.insert(self.key()) {
            return false;
        }
        let mover = self.opponent();
        for col in 0..self.size.width() {
            let height = self.column_height(Column(col as u8));
            if height == 0 {
                continue;
            }
            let top = 1u64 << (col * self.stride() + height - 1);
            if mover & top == 0 {
                continue;
            }
            let previous = Connect4 {
                current: mover ^ top,
                mask: self.mask ^ top,
                ply: self.ply - 1,
                ..*self
            };
            if has_line(previous.current, self.stride())
                || has_line(previous.opponent(), self.stride())
            {
                continue;
            }
            columns.push(Column(col as u8));
            if previous.unwind(columns, dead_ends) {
                return true;
            }
            columns.pop();
        }
        false
    }

    fn parse_fen(text: &str) -> Result<Self, FenError> {
        let board = fen::parse(text)?;
        let size = Size::new(board.width, board.height).map_err(|reason| FenError::BadSize {
            width: board.width,
            height: board.height,
            reason,
        })?;
        let mut stones = [0u64; 2];
        for col in 0..board.width {
            let mut seen_empty = false;
            for row in 0..board.height {
                match board.cells[row][col] {
                    None => seen_empty = true,
                    Some(player) => {
                        if seen_empty {
                            return Err(FenError::FloatingStone {
                                square: Drop {
                                    file: col as u8,
                                    rank: row as u8,
                                }
                                .square_name(),
                            });
                        }
                        stones[player.index()] |= 1 << (col * (board.height + 1) + row);
                    }
                }
            }
        }
        let side = board.checked_side(size.shares())?;
        let h1 = size.height() + 1;
        let lines = [has_line(stones[0], h1), has_line(stones[1], h1)];
        if lines[0] && lines[1] {
            return Err(FenError::BothWon);
        }
        if lines[side.index()] {
            return Err(FenError::WinnerToMove);
        }
        let mask = stones[0] | stones[1];
        Ok(Connect4 {
            current: stones[side.index()],
            mask,
            ply: mask.count_ones() as u8,
            ..Connect4::new(size)
        })
    }
}

/// Reverses the order of the columns of a bitboard.
fn mirror(bits: u64, size: Size) -> u64 {
    let h1 = size.height() + 1;
    let column = (1u64 << h1) - 1;
    let mut mirrored = 0;
    for col in 0..size.width() {
        let other = size.width() - 1 - col;
        mirrored |= ((bits >> (col * h1)) & column) << (other * h1);
    }
    mirrored
}

impl Default for Connect4 {
    fn default() -> Self {
        Connect4::new(Size::STANDARD)
    }
}

impl Game for Connect4 {
    type Move = Column;

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
                if possible & self.size.column_mask(col) != 0 {
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
        self.winning_cells() & self.possible() & self.size.column_mask(u32::from(mv.0)) != 0
    }

    #[inline]
    fn key(&self) -> u64 {
        self.current + self.mask
    }

    #[inline]
    fn key_bits(&self) -> u32 {
        self.size.width() * self.stride()
    }

    #[inline]
    fn move_index(mv: Column) -> u8 {
        mv.0
    }

    #[inline]
    fn move_from_index(index: u8) -> Column {
        Column(index)
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
        let shares = self.size.shares();
        let first = self.stones(Player::First).count_ones();
        let second = self.stones(Player::Second).count_ones();
        fen::write(
            self.size.width() as usize,
            self.size.height() as usize,
            |file, rank| self.stone_at(file as u32, rank as u32),
            [shares[0] - first, shares[1] - second],
            self.side_to_move(),
            self.ply(),
        )
    }

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        Self::parse_fen(fen)
    }
}

impl fmt::Debug for Connect4 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Connect4({})", self.fen())
    }
}

/// The board as text: `X` the first player, `O` the second, column numbers below.
impl fmt::Display for Connect4 {
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
    fn sizes() {
        assert!(Size::new(7, 6).is_ok());
        assert!(Size::new(8, 7).is_ok());
        assert!(Size::new(9, 6).is_ok());
        assert!(Size::new(1, 63).is_ok());
        assert!(Size::new(9, 7).is_err());
        assert!(Size::new(10, 4).is_err());
        assert!(Size::new(0, 4).is_err());
        assert!(Size::new(4, 0).is_err());
        assert_eq!("7x6".parse::<Size>(), Ok(Size::STANDARD));
        assert!("7by6".parse::<Size>().is_err());
        assert_eq!(Size::STANDARD.shares(), [21, 21]);
        assert_eq!(Size::new(5, 5).map(Size::shares), Ok([13, 12]));
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
    fn move_string_errors_name_the_move() {
        let size = Size::STANDARD;
        let err = Connect4::from_move_string(size, "4444444").unwrap_err();
        assert_eq!((err.index, err.kind), (7, MoveStringErrorKind::ColumnFull));
        let err = Connect4::from_move_string(size, "12121213").unwrap_err();
        assert_eq!(err.index, 8);
        assert_eq!(err.kind, MoveStringErrorKind::GameOver);
        let err = Connect4::from_move_string(size, "4458").unwrap_err();
        assert_eq!(err.kind, MoveStringErrorKind::OutOfRange { width: 7 });
        let err = Connect4::from_move_string(size, "40").unwrap_err();
        assert_eq!((err.index, err.kind), (2, MoveStringErrorKind::NotADigit));
        assert_eq!(err.to_string(), "move 2 ('0'): not a column digit");
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
}
