//! Tic-tac-toe on a 3x3 bitboard.
//!
//! Bit layout: one bit per cell, row by row from the bottom left, as the
//! squares are named in drop notation (`P@b2` is bit 4):
//!
//! ```text
//!   6 7 8    rank 3
//!   3 4 5    rank 2
//!   0 1 2    rank 1
//!   a b c
//! ```
//!
//! A position is the first player's stones and the second player's stones.
//! The key packs both into 18 bits: first player in bits 0..9, second in 9..18.

use std::fmt;

use crate::error::{FenError, IllegalMoveError};
use crate::fen::{self, FenBoard};
use crate::notation::{Drop, MoveText};
use crate::{Game, ListItem, MoveList, Outcome, Player, Variant};

/// A tic-tac-toe move: the cell a stone is placed on, 0 (`a1`) to 8 (`c3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

const FULL: u16 = 0x1ff;

/// The eight lines of three.
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// Whether the stones in `bits` make a line of three.
#[inline]
#[must_use]
pub fn has_line(bits: u16) -> bool {
    let mut found = false;
    for line in LINES {
        found |= bits & line == line;
    }
    found
}

/// A tic-tac-toe position.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    /// The stones of the first and of the second player.
    stones: [u16; 2],
}

impl TicTacToe {
    /// The empty board.
    #[must_use]
    pub const fn new() -> Self {
        TicTacToe { stones: [0, 0] }
    }

    /// The stones of `player`, one bit per cell.
    #[inline]
    #[must_use]
    pub const fn stones(&self, player: Player) -> u16 {
        self.stones[player as usize]
    }

    /// All stones.
    #[inline]
    #[must_use]
    pub const fn occupied(&self) -> u16 {
        self.stones[0] | self.stones[1]
    }

    /// The stone on a cell.
    #[must_use]
    pub fn stone_at(&self, square: Square) -> Option<Player> {
        let bit = 1 << square.0;
        if self.stones[0] & bit != 0 {
            Some(Player::First)
        } else if self.stones[1] & bit != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The position on a board read from a FEN or given cell by cell, checked.
    pub(crate) fn from_board(board: &FenBoard) -> Result<Self, FenError> {
        if (board.width, board.height) != (3, 3) {
            return Err(FenError::BadSize {
                width: board.width,
                height: board.height,
                reason: "tic-tac-toe is played on 3x3",
            });
        }
        let mut stones = [0u16; 2];
        for (rank, cells) in board.cells.iter().enumerate() {
            for (file, cell) in cells.iter().enumerate() {
                if let Some(player) = cell {
                    stones[player.index()] |= 1 << (rank * 3 + file);
                }
            }
        }
        let side = board.checked_side([5, 4])?;
        let lines = [has_line(stones[0]), has_line(stones[1])];
        if lines[0] && lines[1] {
            return Err(FenError::BothWon);
        }
        if lines[side.index()] {
            return Err(FenError::WinnerToMove);
        }
        Ok(TicTacToe { stones })
    }
}

impl Game for TicTacToe {
    type Move = Square;
    type List<T: ListItem> = MoveList<T>;
    type Key = u64;

    #[inline]
    fn side_to_move(&self) -> Player {
        Player::to_move_at(self.ply())
    }

    #[inline]
    fn ply(&self) -> u32 {
        self.occupied().count_ones()
    }

    #[inline]
    fn max_ply(&self) -> u32 {
        9
    }

    fn legal_moves(&self) -> MoveList<Square> {
        let mut moves = MoveList::new();
        if self.outcome().is_none() {
            let mut empty = !self.occupied() & FULL;
            while empty != 0 {
                moves.push(Square(empty.trailing_zeros() as u8));
                empty &= empty - 1;
            }
        }
        moves
    }

    #[inline]
    fn move_count(&self) -> usize {
        if self.outcome().is_some() {
            0
        } else {
            (!self.occupied() & FULL).count_ones() as usize
        }
    }

    #[inline]
    fn is_legal(&self, mv: Square) -> bool {
        mv.0 < 9 && self.occupied() & (1 << mv.0) == 0 && self.outcome().is_none()
    }

    fn play(&mut self, mv: Square) -> Result<(), IllegalMoveError> {
        if self.outcome().is_some() {
            return Err(IllegalMoveError::GameOver);
        }
        let square = Drop {
            file: mv.0 % 3,
            rank: mv.0 / 3,
        };
        if mv.0 >= 9 {
            return Err(IllegalMoveError::OffBoard { square });
        }
        if self.occupied() & (1 << mv.0) != 0 {
            return Err(IllegalMoveError::Occupied { square });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Square) {
        debug_assert!(self.is_legal(mv));
        let side = self.side_to_move().index();
        self.stones[side] |= 1 << mv.0;
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        let last = self.side_to_move().other();
        if has_line(self.stones[last.index()]) {
            Some(Outcome::Win(last))
        } else if self.occupied() == FULL {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    #[inline]
    fn is_winning_move(&self, mv: Square) -> bool {
        has_line(self.stones[self.side_to_move().index()] | 1 << mv.0)
    }

    #[inline]
    fn key(&self) -> u64 {
        u64::from(self.stones[0]) | u64::from(self.stones[1]) << 9
    }

    fn variant(&self) -> Variant {
        Variant::TicTacToe
    }

    fn to_drop(&self, mv: Square) -> Drop {
        Drop {
            file: mv.0 % 3,
            rank: mv.0 / 3,
        }
    }

    fn move_from_text(&self, text: &MoveText) -> Result<Square, IllegalMoveError> {
        let square = match *text {
            MoveText::Column(_) => return Err(IllegalMoveError::NotAColumnGame),
            MoveText::Square(square) => square,
        };
        if square.file >= 3 || square.rank >= 3 {
            return Err(IllegalMoveError::OffBoard { square });
        }
        let mv = Square(square.rank * 3 + square.file);
        let mut probe = *self;
        probe.play(mv)?;
        Ok(mv)
    }

    fn fen(&self) -> String {
        fen::write(
            3,
            3,
            |file, rank| self.stone_at(Square((rank * 3 + file) as u8)),
            [
                5 - self.stones[0].count_ones(),
                4 - self.stones[1].count_ones(),
            ],
            self.side_to_move(),
            self.ply(),
        )
    }

    fn read_fen(&self, fen: &str) -> Result<Self, FenError> {
        TicTacToe::from_fen(fen)
    }
}

impl TicTacToe {
    /// The position a FEN gives.
    ///
    /// # Errors
    /// [`FenError`] if the FEN cannot be read, is not 3x3, or the position
    /// cannot arise in play.
    pub fn from_fen(fen: &str) -> Result<Self, FenError> {
        Self::from_board(&fen::parse(fen)?)
    }
}

impl fmt::Debug for TicTacToe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TicTacToe({})", self.fen())
    }
}

/// The board as text: `X` the first player, `O` the second, ranks and files named.
impl fmt::Display for TicTacToe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..3u8).rev() {
            write!(f, "{}", rank + 1)?;
            for file in 0..3u8 {
                let c = match self.stone_at(Square(rank * 3 + file)) {
                    None => '.',
                    Some(Player::First) => 'X',
                    Some(Player::Second) => 'O',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "  a b c")
    }
}
