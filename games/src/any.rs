//! Choosing the game at run time, at the edge: the protocol, the terminal game
//! and the match referee hold an [`AnyGame`]; the search is monomorphised per game.

use std::fmt;
use std::str::FromStr;

use crate::bitboard::Bitboard;
use crate::connect4::{Connect4, Connect4Of, Connect4Wide, Size};
use crate::error::{
    BoardError, FenError, IllegalMoveError, MoveListError, MoveStringError, ParseVariantError,
    SizeError,
};
use crate::fen::FenBoard;
use crate::notation::{Drop, MoveText};
use crate::perft::PerftReport;
use crate::tictactoe::TicTacToe;
use crate::{Game, MoveList, Outcome, Player};

/// A game and, for Connect Four, its board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Connect Four on a board of the given size (`cfour` is 7x6).
    Connect4(Size),
    /// Tic-tac-toe.
    TicTacToe,
}

impl Variant {
    /// The name UCI_Variant, cutechess and Fairy-Stockfish use: `cfour` or `tictactoe`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Connect4(_) => "cfour",
            Variant::TicTacToe => "tictactoe",
        }
    }

    /// The variant names inarow plays.
    pub const NAMES: [&'static str; 2] = ["cfour", "tictactoe"];

    /// The game's name for people: `Connect Four 7x6`, `Tic-tac-toe`.
    #[must_use]
    pub fn title(self) -> String {
        match self {
            Variant::Connect4(size) => format!("Connect Four {size}"),
            Variant::TicTacToe => "Tic-tac-toe".to_owned(),
        }
    }

    /// The board's files and ranks.
    #[must_use]
    pub fn dimensions(self) -> (u8, u8) {
        match self {
            Variant::Connect4(size) => (size.width() as u8, size.height() as u8),
            Variant::TicTacToe => (3, 3),
        }
    }

    /// The board size, for a game played on boards of several sizes.
    #[must_use]
    pub const fn size(self) -> Option<Size> {
        match self {
            Variant::Connect4(size) => Some(size),
            Variant::TicTacToe => None,
        }
    }

    /// The number of cells of the board.
    #[must_use]
    pub fn cells(self) -> u32 {
        let (files, ranks) = self.dimensions();
        u32::from(files) * u32::from(ranks)
    }

    /// The number of stones in a row that wins.
    #[must_use]
    pub const fn line_length(self) -> u8 {
        match self {
            Variant::Connect4(_) => 4,
            Variant::TicTacToe => 3,
        }
    }

    /// What wins, in words: `four in a row`.
    #[must_use]
    pub fn line_name(self) -> String {
        const WORDS: [&str; 11] = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        ];
        let k = usize::from(self.line_length());
        match WORDS.get(k) {
            Some(word) => format!("{word} in a row"),
            None => format!("{k} in a row"),
        }
    }

    /// Whether a stone falls to the lowest empty cell of its column (Connect
    /// Four), so that a move is named by its column; otherwise a stone goes on
    /// any empty cell, named by its square (`b2`).
    #[must_use]
    pub const fn gravity(self) -> bool {
        matches!(self, Variant::Connect4(_))
    }

    /// The variant on the board `size` gives, if any.
    ///
    /// # Errors
    /// [`ParseVariantError::FixedBoard`] if a size is given for a game with
    /// a fixed board.
    pub fn with_size(self, size: Option<Size>) -> Result<Variant, ParseVariantError> {
        match (self, size) {
            (Variant::Connect4(_), Some(size)) => Ok(Variant::Connect4(size)),
            (Variant::TicTacToe, Some(_)) => Err(ParseVariantError::FixedBoard {
                name: self.name(),
                board: "3x3",
            }),
            (variant, None) => Ok(variant),
        }
    }

    /// The variant on a board of `width` columns and `height` rows.
    ///
    /// # Errors
    /// [`SizeError`] if the game cannot be played on that board.
    pub fn with_dimensions(self, width: usize, height: usize) -> Result<Variant, SizeError> {
        match self {
            Variant::Connect4(_) => Size::new(width, height).map(Variant::Connect4),
            Variant::TicTacToe if (width, height) == (3, 3) => Ok(self),
            Variant::TicTacToe => Err(SizeError::Unsupported {
                width,
                height,
                reason: "tic-tac-toe is played on 3x3",
            }),
        }
    }
}

impl Default for Variant {
    fn default() -> Self {
        Variant::Connect4(Size::STANDARD)
    }
}

/// `cfour` for the standard 7x6 board, `cfour WxH` for another size (such as
/// `cfour 6x5`), `tictactoe`; `FromStr` reads each back.
impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Variant::Connect4(size) if *size != Size::STANDARD => write!(f, "cfour {size}"),
            _ => f.write_str(self.name()),
        }
    }
}

impl FromStr for Variant {
    type Err = ParseVariantError;

    /// Reads what `Display` writes: `cfour` (7x6), `cfour WxH` such as
    /// `cfour 6x5`, or `tictactoe`; `connect4` is read as `cfour`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (name, size) = match text.split_once(' ') {
            Some((name, size)) => (name, Some(size)),
            None => (text, None),
        };
        let variant = match name {
            "cfour" | "connect4" => Variant::Connect4(Size::STANDARD),
            "tictactoe" => Variant::TicTacToe,
            _ => return Err(ParseVariantError::Unknown(text.to_owned())),
        };
        let size = size
            .map(|size| {
                size.parse().map_err(|error| ParseVariantError::Size {
                    text: text.to_owned(),
                    error,
                })
            })
            .transpose()?;
        variant.with_size(size)
    }
}

/// A position of any game inarow plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyGame {
    /// A Connect-Four position on a board of at most 64 bits.
    Connect4(Connect4),
    /// A Connect-Four position on a board of 65 to 128 bits.
    Connect4Wide(Connect4Wide),
    /// A tic-tac-toe position.
    TicTacToe(TicTacToe),
}

macro_rules! dispatch {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::Connect4($g) => $body,
            AnyGame::Connect4Wide($g) => $body,
            AnyGame::TicTacToe($g) => $body,
        }
    };
}

/// The Connect-Four position on a FEN's or a grid's board, in the bitboard
/// its size takes.
fn connect4_on(board: &FenBoard) -> Result<AnyGame, FenError> {
    if crate::connect4::fen::size_of(board)?.fits_u64() {
        crate::connect4::fen::from_board(board).map(AnyGame::Connect4)
    } else {
        crate::connect4::fen::from_board(board).map(AnyGame::Connect4Wide)
    }
}

/// Plays a Pons move string on a Connect-Four position; unchanged on error.
fn play_string<B: Bitboard>(
    position: &mut Connect4Of<B>,
    moves: &str,
) -> Result<(), MoveStringError> {
    let mut next = *position;
    next.play_move_string(moves)?;
    *position = next;
    Ok(())
}

impl AnyGame {
    /// The start position of a variant.
    #[must_use]
    pub fn new(variant: Variant) -> Self {
        match variant {
            Variant::Connect4(size) if size.fits_u64() => AnyGame::Connect4(Connect4::new(size)),
            Variant::Connect4(size) => AnyGame::Connect4Wide(Connect4Wide::new(size)),
            Variant::TicTacToe => AnyGame::TicTacToe(TicTacToe::new()),
        }
    }

    /// A position of the game of `variant` from a FEN; for Connect Four the FEN's
    /// ranks give the board size, whatever size `variant` has.
    ///
    /// # Errors
    /// [`FenError`] if the FEN is bad.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Self, FenError> {
        match variant {
            Variant::Connect4(_) => connect4_on(&crate::fen::parse(fen)?),
            Variant::TicTacToe => Ok(AnyGame::TicTacToe(TicTacToe::from_fen(fen)?)),
        }
    }

    /// The position a GUI, a file or a request starts from: the FEN's if
    /// one is given (of `variant`'s game), else `variant`'s start. The one
    /// reader of "a FEN or the start" (the moves from there are
    /// [`Game::play_all`] or [`AnyGame::play_moves`]).
    ///
    /// # Errors
    /// [`FenError`] if the FEN is bad.
    pub fn from_setup(variant: Variant, fen: Option<&str>) -> Result<Self, FenError> {
        match fen {
            Some(fen) => AnyGame::from_fen(variant, fen),
            None => Ok(AnyGame::new(variant)),
        }
    }

    /// The position of the game of `variant` with these stones, `cells[rank][file]`
    /// with rank 0 at the bottom, as reinforcement-learning environments give a
    /// board (with no history). It is checked as a FEN's board is: for Connect
    /// Four the cells give the board size and no stone floats, the counts fit
    /// alternate moves, and only the last mover may have a line. The side to
    /// move follows from the counts.
    ///
    /// # Errors
    /// [`BoardError`] if the cells are not a rectangle or not such a position.
    pub fn from_cells(
        variant: Variant,
        cells: Vec<Vec<Option<Player>>>,
    ) -> Result<Self, BoardError> {
        let board = FenBoard::from_cells(cells).map_err(BoardError)?;
        match variant {
            Variant::Connect4(_) => connect4_on(&board),
            Variant::TicTacToe => TicTacToe::from_board(&board).map(AnyGame::TicTacToe),
        }
        .map_err(BoardError)
    }

    /// Counts the move sequences of `depth` plies, split by the first move if
    /// `split` (see [`PerftReport`]), in the game's own moves.
    #[must_use]
    pub fn perft(&self, depth: u32, split: bool) -> PerftReport {
        dispatch!(self, g => PerftReport::run(g, depth, split))
    }

    /// Moves from this position as a person types them: a Pons move string in
    /// a game with gravity (`4453`), squares otherwise (`b2 a1`).
    #[must_use]
    pub fn moves_text(&self, moves: &[Drop]) -> String {
        if self.variant().gravity() {
            crate::connect4::move_string(moves.iter().copied())
        } else {
            moves
                .iter()
                .map(|d| d.square_name())
                .collect::<Vec<_>>()
                .join(" ")
        }
    }

    /// The stone on a square (file and rank from 0, rank 0 at the bottom).
    #[must_use]
    pub fn stone_at(&self, file: u8, rank: u8) -> Option<Player> {
        match self {
            AnyGame::Connect4(p) => p.stone_at(u32::from(file), u32::from(rank)),
            AnyGame::Connect4Wide(p) => p.stone_at(u32::from(file), u32::from(rank)),
            AnyGame::TicTacToe(p) => p.stone_at(crate::tictactoe::Square(rank * 3 + file)),
        }
    }

    /// Plays a Pons move string (`4453`) in a game with gravity; `None` if
    /// the game has no such strings.
    ///
    /// # Errors
    /// The move string's first bad move (a character that is no column
    /// included); the position is then unchanged.
    pub fn play_move_string(&mut self, moves: &str) -> Option<Result<(), MoveStringError>> {
        match self {
            AnyGame::Connect4(position) => Some(play_string(position, moves)),
            AnyGame::Connect4Wide(position) => Some(play_string(position, moves)),
            AnyGame::TicTacToe(_) => None,
        }
    }

    /// Plays moves as a person or a file gives them: a Pons move string in a
    /// game with gravity (`4453`), or moves in any notation separated by
    /// spaces or commas (`P@d1 P@d2`, `b2 a1`). Returns them as drops; on
    /// error the position is unchanged.
    ///
    /// # Errors
    /// [`MoveListError`] for the first bad move.
    pub fn play_moves(&mut self, moves: &str) -> Result<Vec<Drop>, MoveListError> {
        let moves = moves.trim();
        let mut next = *self;
        let string = crate::connect4::is_move_string(moves).then(|| next.play_move_string(moves));
        if let Some(Some(result)) = string {
            result.map_err(|error| MoveListError::MoveString {
                moves: moves.to_owned(),
                error,
            })?;
            // The string was good: its moves, column numbers, as drops.
            let columns: Vec<String> = moves
                .chars()
                .filter_map(crate::connect4::char_column)
                .map(|number| number.to_string())
                .collect();
            let played = self.play_all(columns.iter().map(String::as_str))?;
            debug_assert_eq!(*self, next);
            return Ok(played);
        }
        self.play_all(
            moves
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|t| !t.is_empty()),
        )
    }

    /// The key this position and its mirror image (the board seen in a
    /// mirror, where the game has one: Connect Four) share, the smaller of
    /// their keys: what an opening book files a position under.
    #[must_use]
    pub fn canonical_key(&self) -> u128 {
        match self {
            AnyGame::Connect4(g) => g.key().min(g.mirrored_key()).to_u128(),
            AnyGame::Connect4Wide(g) => g.key().min(g.mirrored_key()),
            AnyGame::TicTacToe(g) => u128::from(g.key()),
        }
    }

    /// A move string from the empty board that reaches this position, where
    /// the game has one and it can be found (Connect Four).
    #[must_use]
    pub fn move_string(&self) -> Option<String> {
        match self {
            AnyGame::Connect4(g) => g.to_move_string(),
            AnyGame::Connect4Wide(g) => g.to_move_string(),
            AnyGame::TicTacToe(_) => None,
        }
    }
}

/// The move of `position`'s own game on the square `drop`, if it is legal.
fn own_move<G: Game>(position: &G, drop: Drop) -> Result<G::Move, IllegalMoveError> {
    position.move_from_text(&MoveText::Square(drop))
}

/// The runtime enum is a game too: its moves are drops, and every call goes
/// to the game it holds, so callers never match on the variant.
impl Game for AnyGame {
    type Move = Drop;
    type Key = u128;

    fn side_to_move(&self) -> Player {
        dispatch!(self, g => g.side_to_move())
    }

    fn ply(&self) -> u32 {
        dispatch!(self, g => g.ply())
    }

    fn max_ply(&self) -> u32 {
        dispatch!(self, g => g.max_ply())
    }

    fn legal_moves(&self) -> MoveList<Drop> {
        dispatch!(self, g => g.legal_moves().into_iter().map(|mv| g.to_drop(mv)).collect())
    }

    fn move_count(&self) -> usize {
        dispatch!(self, g => g.move_count())
    }

    fn is_legal(&self, mv: Drop) -> bool {
        dispatch!(self, g => own_move(g, mv).is_ok())
    }

    fn play(&mut self, mv: Drop) -> Result<(), IllegalMoveError> {
        dispatch!(self, g => {
            let own = own_move(g, mv)?;
            g.play_unchecked(own);
            Ok(())
        })
    }

    fn play_unchecked(&mut self, mv: Drop) {
        let played = self.play(mv);
        debug_assert!(played.is_ok(), "{mv} is not legal in {self}");
    }

    fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, g => g.outcome())
    }

    fn is_winning_move(&self, mv: Drop) -> bool {
        dispatch!(self, g => own_move(g, mv).is_ok_and(|own| g.is_winning_move(own)))
    }

    fn key(&self) -> u128 {
        dispatch!(self, g => g.key().to_u128())
    }

    fn variant(&self) -> Variant {
        dispatch!(self, g => g.variant())
    }

    fn to_drop(&self, mv: Drop) -> Drop {
        mv
    }

    fn move_from_text(&self, text: &MoveText) -> Result<Drop, IllegalMoveError> {
        dispatch!(self, g => g.move_from_text(text).map(|mv| g.to_drop(mv)))
    }

    fn fen(&self) -> String {
        dispatch!(self, g => g.fen())
    }

    fn read_fen(&self, fen: &str) -> Result<Self, FenError> {
        AnyGame::from_fen(self.variant(), fen)
    }
}

impl fmt::Display for AnyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        dispatch!(self, g => fmt::Display::fmt(g, f))
    }
}
