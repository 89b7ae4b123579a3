//! Bitboard k-in-a-row games for inarow.
//!
//! Every game implements [`Game`], the one trait the search is generic over:
//! [`Connect4`] on any board of width 1..=9 whose columns (plus one sentinel
//! bit each) fit in 64 bits, and [`TicTacToe`]. Positions are a few machine
//! words and are copied, never undone.
//!
//! Notation lives beside the rules: Pons move strings (`4453`), cutechess /
//! Fairy-Stockfish FEN with a pocket, and drop moves (`P@d1`). Parsing is in two
//! stages, as in shakmaty: text that is not a move at all is a
//! [`ParseMoveError`]; a move that cannot be played in this position is an
//! [`IllegalMoveError`].

mod any;
pub mod bitboard;
pub mod connect4;
mod error;
mod fen;
pub mod kinarow;
mod notation;
pub mod perft;
pub mod tictactoe;

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;

pub use any::{AnyGame, Dimensions, Form, Variant};
pub use bitboard::{Bitboard, Wide};
pub use connect4::{Column, Connect4, Connect4Of, Connect4U128, Size};
pub use error::{
    BoardError, FenError, IllegalMoveError, MoveError, MoveListError, MoveStringError,
    MoveStringErrorKind, ParseOutcomeError, ParseVariantError, SetupError, SizeError,
};
pub use kinarow::{
    Cell, ForbiddenShape, KInARow, KInARowHuge, KInARowLarge, KInARowOf, Rules, WinRule,
};
pub use notation::{Drop, MoveText, ParseMoveError};
pub use tictactoe::{Square, TicTacToe};

/// The most moves a position of Connect Four (sixteen columns) or
/// tic-tac-toe can have: their lists are this short.
pub const MAX_MOVES: usize = 16;

/// A short list of moves that lives on the stack: Connect Four's and
/// tic-tac-toe's.
pub type MoveList<M> = ArrayVec<M, MAX_MOVES>;

/// A list long enough for every cell of the largest board of the family
/// (see [`kinarow::MAX_CELLS`]), also on the stack.
pub type LongList<M> = ArrayVec<M, { kinarow::MAX_CELLS }>;

/// What a game's lists hold: moves, or moves with a number.
pub trait ListItem: Copy + fmt::Debug + Send + Sync + 'static {}

impl<T: Copy + fmt::Debug + Send + Sync + 'static> ListItem for T {}

/// A list of moves (or of moves with scores) on the stack, as long as the
/// game needs: [`MoveList`] or [`LongList`]. A slice to read and sort.
pub trait List<T>:
    Default
    + Clone
    + fmt::Debug
    + Send
    + Sync
    + std::ops::Deref<Target = [T]>
    + std::ops::DerefMut
    + IntoIterator<Item = T>
    + FromIterator<T>
    + Extend<T>
{
    /// Adds an item at the end.
    ///
    /// # Panics
    /// If the list is full: a game's lists hold every move it can have.
    fn push(&mut self, item: T);
}

impl<T: ListItem, const N: usize> List<T> for ArrayVec<T, N> {
    #[inline]
    fn push(&mut self, item: T) {
        ArrayVec::push(self, item);
    }
}

/// One of the two players. The first player moves first (white, `P`, `p1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The player who makes the first move (white, `P` in FEN, `p1` in UGI).
    First,
    /// The player who makes the second move (black, `p` in FEN, `p2` in UGI).
    Second,
}

impl Player {
    /// The other player.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// The player to move after `ply` moves from the empty board.
    #[inline]
    #[must_use]
    pub const fn to_move_at(ply: u32) -> Player {
        if ply % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// 0 for the first player, 1 for the second.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter of this player's stones: `P` or `p`.
    #[must_use]
    pub const fn fen_char(self) -> char {
        match self {
            Player::First => 'P',
            Player::Second => 'p',
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::First => "first player",
            Player::Second => "second player",
        })
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The given player made a line.
    Win(Player),
    /// The board is full and nobody made a line.
    Draw,
}

/// The result as PGN and cutechess write it: `1-0`, `0-1` or `1/2-1/2`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Win(Player::First) => "1-0",
            Outcome::Win(Player::Second) => "0-1",
            Outcome::Draw => "1/2-1/2",
        })
    }
}

/// Reads what [`Outcome`]'s `Display` writes: `1-0`, `0-1` or `1/2-1/2`. An
/// unfinished game's `*` is no outcome, and an error like any other text.
impl FromStr for Outcome {
    type Err = ParseOutcomeError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "1-0" => Ok(Outcome::Win(Player::First)),
            "0-1" => Ok(Outcome::Win(Player::Second)),
            "1/2-1/2" => Ok(Outcome::Draw),
            _ => Err(ParseOutcomeError {
                text: text.to_owned(),
            }),
        }
    }
}

/// A two-player game of dropping stones, as the search sees it.
///
/// Positions are small and `Copy`-cheap: the search clones and plays, and never
/// undoes. A finished game has no legal moves.
pub trait Game: Clone + fmt::Debug + fmt::Display + Send + Sync + 'static {
    /// A move of this game.
    type Move: Copy + Eq + fmt::Debug + Send + Sync + 'static;

    /// The integer [`Game::key`] gives: wide enough for every position of
    /// the game's largest board.
    type Key: Bitboard;

    /// The lists the game's moves come in: long enough for every move of
    /// its largest board ([`MoveList`] for Connect Four, [`LongList`] for
    /// gomoku's boards).
    type List<T: ListItem>: List<T>;

    /// The player whose turn it is.
    fn side_to_move(&self) -> Player;

    /// The number of stones on the board (moves made from the empty board).
    fn ply(&self) -> u32;

    /// The number of cells: no game lasts longer than this many plies.
    fn max_ply(&self) -> u32;

    /// The legal moves; none once the game is over.
    fn legal_moves(&self) -> Self::List<Self::Move>;

    /// The number of legal moves (what perft counts at its last ply).
    #[inline]
    fn move_count(&self) -> usize {
        self.legal_moves().len()
    }

    /// Whether `mv` can be played here.
    fn is_legal(&self, mv: Self::Move) -> bool;

    /// Plays a move from outside, checking it first.
    ///
    /// # Errors
    /// [`IllegalMoveError`] if the game is over or the move cannot be played here;
    /// the position is then unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), IllegalMoveError>;

    /// Plays a move known to be legal: the search's fast path.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// The result, if the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Whether playing the legal move `mv` makes a line for the side to move.
    fn is_winning_move(&self, mv: Self::Move) -> bool;

    /// A key that identifies the position among all positions of this game and
    /// board size (on the family's boards past 64 bits, a 128-bit hash: two
    /// positions share one with a chance of about 2^-128).
    fn key(&self) -> Self::Key;

    /// The game and its board, as a value that names it and starts it anew.
    fn variant(&self) -> Variant;

    /// The move in drop notation (`P@d1`), as UCI and cutechess write it.
    fn to_drop(&self, mv: Self::Move) -> Drop;

    /// Turns parsed move text into a move of this position.
    ///
    /// # Errors
    /// [`IllegalMoveError`] if the text names no legal move here.
    fn move_from_text(&self, text: &MoveText) -> Result<Self::Move, IllegalMoveError>;

    /// Parses a move in any accepted notation (`P@d1`, `p@d1`, `d1`, a column digit).
    ///
    /// # Errors
    /// [`MoveError::Parse`] if the text is not a move, [`MoveError::Illegal`] if it
    /// cannot be played here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        let parsed: MoveText = text.parse()?;
        Ok(self.move_from_text(&parsed)?)
    }

    /// The position as cutechess / Fairy-Stockfish FEN with a pocket.
    fn fen(&self) -> String;

    /// The position of this position's game that `fen` gives (for Connect
    /// Four, the FEN's ranks set the board size).
    ///
    /// # Errors
    /// [`FenError`] if the FEN cannot be read or the position cannot arise in play.
    fn read_fen(&self, fen: &str) -> Result<Self, FenError>;

    /// Plays a move given as text in any accepted notation, and returns it in
    /// drop notation. On error the position is unchanged.
    ///
    /// # Errors
    /// [`MoveError`] if the text is not a legal move here.
    fn play_text(&mut self, text: &str) -> Result<Drop, MoveError> {
        let mv = self.parse_move(text)?;
        let drop = self.to_drop(mv);
        self.play_unchecked(mv);
        Ok(drop)
    }

    /// Plays moves given as text, each in any accepted notation, and returns
    /// them as drops: all of them, or on error none (the position is then
    /// unchanged).
    ///
    /// # Errors
    /// [`MoveListError::Move`] for the first bad move.
    fn play_all<'a>(
        &mut self,
        moves: impl IntoIterator<Item = &'a str>,
    ) -> Result<Vec<Drop>, MoveListError> {
        let mut next = self.clone();
        let mut played = Vec::new();
        for (i, text) in moves.into_iter().enumerate() {
            let drop = next.play_text(text).map_err(|error| MoveListError::Move {
                number: i + 1,
                text: text.to_owned(),
                error,
            })?;
            played.push(drop);
        }
        *self = next;
        Ok(played)
    }
}
