//! Choosing the game at run time, at the edge: the protocol, the terminal game
//! and the match referee hold an [`AnyGame`]; the search is monomorphised per game.

use std::fmt;
use std::str::FromStr;

use crate::connect4::{Connect4, Size};
use crate::error::{BoardError, FenError, MoveError};
use crate::fen::FenBoard;
use crate::notation::Drop;
use crate::perft::PerftReport;
use crate::tictactoe::TicTacToe;
use crate::{Game, Outcome, Player};

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

    /// The number of stones in a row that wins.
    #[must_use]
    pub const fn line_length(self) -> u8 {
        match self {
            Variant::Connect4(_) => 4,
            Variant::TicTacToe => 3,
        }
    }

    /// Whether a person names a move by its square (`b2`, tic-tac-toe) rather
    /// than by its column (`4`, Connect Four, where the stone falls).
    #[must_use]
    pub const fn names_squares(self) -> bool {
        matches!(self, Variant::TicTacToe)
    }

    /// How a person names a move: `a column number`, `a square such as b2`.
    #[must_use]
    pub const fn move_prompt(self) -> &'static str {
        if self.names_squares() {
            "a square such as b2"
        } else {
            "a column number"
        }
    }

    /// The variant on the board `size` gives, if any.
    ///
    /// # Errors
    /// If a size is given for a game with a fixed board.
    pub fn with_size(self, size: Option<Size>) -> Result<Variant, String> {
        match (self, size) {
            (Variant::Connect4(_), Some(size)) => Ok(Variant::Connect4(size)),
            (Variant::TicTacToe, Some(_)) => Err("--size applies to cfour only".to_owned()),
            (variant, None) => Ok(variant),
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
    type Err = String;

    /// Reads what `Display` writes: `cfour` (7x6), `cfour WxH` such as
    /// `cfour 6x5`, or `tictactoe`; `connect4` is read as `cfour`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (name, size) = match text.split_once(' ') {
            Some((name, size)) => (name, Some(size)),
            None => (text, None),
        };
        match (name, size) {
            ("cfour" | "connect4", None) => Ok(Variant::Connect4(Size::STANDARD)),
            ("cfour" | "connect4", Some(size)) => Ok(Variant::Connect4(
                size.parse().map_err(|e| format!("variant '{text}': {e}"))?,
            )),
            ("tictactoe", None) => Ok(Variant::TicTacToe),
            ("tictactoe", Some(_)) => Err(format!(
                "variant '{text}': tictactoe is played on 3x3 only, with no size"
            )),
            _ => Err(format!(
                "unknown variant '{text}' (known: {}, or cfour WxH such as cfour 6x5)",
                Variant::NAMES.join(", ")
            )),
        }
    }
}

/// A position of any game inarow plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyGame {
    /// A Connect-Four position.
    Connect4(Connect4),
    /// A tic-tac-toe position.
    TicTacToe(TicTacToe),
}

macro_rules! dispatch {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::Connect4($g) => $body,
            AnyGame::TicTacToe($g) => $body,
        }
    };
}

impl AnyGame {
    /// The start position of a variant.
    #[must_use]
    pub fn new(variant: Variant) -> Self {
        match variant {
            Variant::Connect4(size) => AnyGame::Connect4(Connect4::new(size)),
            Variant::TicTacToe => AnyGame::TicTacToe(TicTacToe::new()),
        }
    }

    /// A position of the game of `variant` from a FEN; for Connect Four the FEN's
    /// ranks give the board size, whatever size `variant` has.
    ///
    /// # Errors
    /// [`FenError`] if the FEN is bad.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Self, FenError> {
        Ok(match variant {
            Variant::Connect4(_) => AnyGame::Connect4(Connect4::from_fen(fen)?),
            Variant::TicTacToe => AnyGame::TicTacToe(TicTacToe::from_fen(fen)?),
        })
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
        Ok(match variant {
            Variant::Connect4(_) => {
                AnyGame::Connect4(crate::connect4::fen::from_board(&board).map_err(BoardError)?)
            }
            Variant::TicTacToe => {
                AnyGame::TicTacToe(TicTacToe::from_board(&board).map_err(BoardError)?)
            }
        })
    }

    /// The game and board size.
    #[must_use]
    pub fn variant(&self) -> Variant {
        match self {
            AnyGame::Connect4(g) => Variant::Connect4(g.size()),
            AnyGame::TicTacToe(_) => Variant::TicTacToe,
        }
    }

    /// The player to move.
    #[must_use]
    pub fn side_to_move(&self) -> Player {
        dispatch!(self, g => g.side_to_move())
    }

    /// Stones on the board.
    #[must_use]
    pub fn ply(&self) -> u32 {
        dispatch!(self, g => g.ply())
    }

    /// The result, if the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, g => g.outcome())
    }

    /// The position as FEN.
    #[must_use]
    pub fn fen(&self) -> String {
        dispatch!(self, g => g.fen())
    }

    /// The legal moves in drop notation.
    #[must_use]
    pub fn legal_drops(&self) -> Vec<Drop> {
        dispatch!(self, g => g.legal_moves().into_iter().map(|mv| g.to_drop(mv)).collect())
    }

    /// Reads a move in any accepted notation and gives it in drop notation,
    /// without playing it.
    ///
    /// # Errors
    /// [`MoveError`] if the text is not a legal move here.
    pub fn parse_move(&self, text: &str) -> Result<Drop, MoveError> {
        dispatch!(self, g => g.parse_move(text).map(|mv| g.to_drop(mv)))
    }

    /// Plays a move given as text; returns it in drop notation. On error the
    /// position is unchanged.
    ///
    /// # Errors
    /// [`MoveError`] if the text is not a legal move here.
    pub fn play_text(&mut self, text: &str) -> Result<Drop, MoveError> {
        dispatch!(self, g => {
            let mv = g.parse_move(text)?;
            let drop = g.to_drop(mv);
            g.play_unchecked(mv);
            Ok(drop)
        })
    }
}

impl AnyGame {
    /// Counts the move sequences of `depth` plies, split by the first move if
    /// `split` (see [`PerftReport`]).
    #[must_use]
    pub fn perft(&self, depth: u32, split: bool) -> PerftReport {
        dispatch!(self, g => PerftReport::run(g, depth, split))
    }

    /// Moves from this position as a person types them: a Pons move string in
    /// Connect Four (`4453`), squares in tic-tac-toe (`b2 a1`).
    #[must_use]
    pub fn moves_text(&self, moves: &[Drop]) -> String {
        match self {
            AnyGame::Connect4(_) => crate::connect4::move_string(moves.iter().copied()),
            AnyGame::TicTacToe(_) => moves
                .iter()
                .map(|d| d.square_name())
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    /// The stone on a square (file and rank from 0, rank 0 at the bottom).
    #[must_use]
    pub fn stone_at(&self, file: u8, rank: u8) -> Option<Player> {
        match self {
            AnyGame::Connect4(p) => p.stone_at(u32::from(file), u32::from(rank)),
            AnyGame::TicTacToe(p) => p.stone_at(crate::tictactoe::Square(rank * 3 + file)),
        }
    }

    /// Plays a move string as a person types it: a Pons move string in Connect
    /// Four (`4453`); `None` if the game has no such strings or the text is
    /// not one (then it may be moves in another notation).
    ///
    /// # Errors
    /// The Connect-Four move string's first bad move; the position is unchanged.
    pub fn play_move_string(&mut self, moves: &str) -> Option<Result<(), String>> {
        match self {
            AnyGame::Connect4(position)
                if !moves.is_empty() && moves.bytes().all(|b| b.is_ascii_digit()) =>
            {
                let mut next = *position;
                Some(
                    next.play_move_string(moves)
                        .map(|()| *position = next)
                        .map_err(|e| format!("bad move string '{moves}': {e}")),
                )
            }
            _ => None,
        }
    }

    /// Plays moves as a person or a file gives them: a Pons move string in
    /// Connect Four (`4453`), or moves in any notation separated by spaces or
    /// commas (`P@d1 P@d2`, `b2 a1`). Returns them as drops; on error the
    /// position is unchanged.
    ///
    /// # Errors
    /// The first bad move, with its number.
    pub fn play_moves(&mut self, moves: &str) -> Result<Vec<Drop>, String> {
        let moves = moves.trim();
        let mut next = *self;
        let mut played = Vec::new();
        if let Some(result) = next.play_move_string(moves) {
            result?;
            // The string was good: replay it for its drops.
            let mut replay = *self;
            for digit in moves.chars() {
                played.push(
                    replay
                        .play_text(&digit.to_string())
                        .map_err(|e| e.to_string())?,
                );
            }
        } else {
            for (i, text) in moves
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|t| !t.is_empty())
                .enumerate()
            {
                let drop = next
                    .play_text(text)
                    .map_err(|e: MoveError| format!("move {} ('{text}'): {e}", i + 1))?;
                played.push(drop);
            }
        }
        *self = next;
        Ok(played)
    }

    /// A move string from the empty board that reaches this position, where
    /// the game has one and it can be found (Connect Four).
    #[must_use]
    pub fn move_string(&self) -> Option<String> {
        match self {
            AnyGame::Connect4(g) => g.to_move_string(),
            AnyGame::TicTacToe(_) => None,
        }
    }
}

impl fmt::Display for AnyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        dispatch!(self, g => fmt::Display::fmt(g, f))
    }
}
