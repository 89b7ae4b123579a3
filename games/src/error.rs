//! Errors of the games crate: each says what is wrong and where.

use std::error::Error;
use std::fmt;

use crate::notation::{Drop, ParseMoveError};

/// A move that cannot be played in the position at hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMoveError {
    /// The game is already over.
    GameOver,
    /// The column (1-based) is full.
    ColumnFull {
        /// The column, counted from 1.
        column: u32,
    },
    /// The column (1-based) is not on the board.
    ColumnOutOfRange {
        /// The column, counted from 1.
        column: u32,
        /// The board width.
        width: u32,
    },
    /// The square is not on the board.
    OffBoard {
        /// The square asked for.
        square: Drop,
    },
    /// The square already holds a stone.
    Occupied {
        /// The square asked for.
        square: Drop,
    },
    /// A Connect-Four stone dropped in that column lands elsewhere.
    NotLanding {
        /// The square asked for.
        square: Drop,
        /// Where a stone in that column lands.
        landing: Drop,
    },
    /// A bare column number in a game that is not played by columns.
    NotAColumnGame,
    /// Under renju, a move Black may not make.
    Forbidden {
        /// The square asked for.
        square: Drop,
        /// The shape it would make: `a double three`.
        shape: &'static str,
    },
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMoveError::GameOver => f.write_str("the game is over"),
            IllegalMoveError::ColumnFull { column } => write!(f, "column {column} is full"),
            IllegalMoveError::ColumnOutOfRange { column, width } => {
                write!(f, "column {column} is off the board (columns 1 to {width})")
            }
            IllegalMoveError::OffBoard { square } => {
                write!(f, "square {} is off the board", square.square_name())
            }
            IllegalMoveError::Occupied { square } => {
                write!(f, "square {} is occupied", square.square_name())
            }
            IllegalMoveError::NotLanding { square, landing } => write!(
                f,
                "a stone dropped in file {} lands on {}, not {}",
                landing.file_char(),
                landing.square_name(),
                square.square_name()
            ),
            IllegalMoveError::NotAColumnGame => {
                f.write_str("a column number is not a move here: give a square such as b2")
            }
            IllegalMoveError::Forbidden { square, shape } => write!(
                f,
                "square {} is forbidden to Black under renju: it makes {shape}",
                square.square_name()
            ),
        }
    }
}

impl Error for IllegalMoveError {}

/// A move that could not be read or played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move.
    Parse(ParseMoveError),
    /// The move cannot be played here.
    Illegal(IllegalMoveError),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Parse(e) => e.fmt(f),
            MoveError::Illegal(e) => write!(f, "illegal move: {e}"),
        }
    }
}

impl Error for MoveError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            MoveError::Parse(e) => Some(e),
            MoveError::Illegal(e) => Some(e),
        }
    }
}

impl From<ParseMoveError> for MoveError {
    fn from(e: ParseMoveError) -> Self {
        MoveError::Parse(e)
    }
}

impl From<IllegalMoveError> for MoveError {
    fn from(e: IllegalMoveError) -> Self {
        MoveError::Illegal(e)
    }
}

/// A bad Pons move string (`4453`): which move, counted from 1, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveStringError {
    /// The position of the bad move in the string, counted from 1.
    pub index: usize,
    /// The character found there.
    pub found: char,
    /// What is wrong with it.
    pub kind: MoveStringErrorKind,
}

/// What is wrong with one move of a move string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveStringErrorKind {
    /// Not a digit 1-9.
    NotADigit,
    /// A column the board does not have.
    OutOfRange {
        /// The board width.
        width: u32,
    },
    /// A full column.
    ColumnFull,
    /// A move after the game was won.
    GameOver,
}

impl fmt::Display for MoveStringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ('{}'): ", self.index, self.found)?;
        match self.kind {
            MoveStringErrorKind::NotADigit => f.write_str("not a column digit"),
            MoveStringErrorKind::OutOfRange { width } => {
                write!(f, "no such column (columns 1 to {width})")
            }
            MoveStringErrorKind::ColumnFull => f.write_str("the column is full"),
            MoveStringErrorKind::GameOver => f.write_str("the game is already won"),
        }
    }
}

impl Error for MoveStringError {}

/// A FEN that does not describe a reachable position of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// No board field.
    Empty,
    /// A rank (counted from the top, from 1) could not be read.
    BadRank {
        /// The rank, counted from the top.
        rank: usize,
        /// What is wrong.
        reason: String,
    },
    /// The ranks are not all the same width.
    RaggedRanks {
        /// The rank (from the top) whose width differs.
        rank: usize,
        /// Its width.
        width: usize,
        /// The width of the first rank.
        expected: usize,
    },
    /// The board size is not one this game supports.
    BadSize {
        /// The number of files.
        width: usize,
        /// The number of ranks.
        height: usize,
        /// What is supported.
        reason: &'static str,
    },
    /// The pocket field could not be read or does not fit the board.
    BadPocket(String),
    /// The side-to-move field is not `w` or `b`, or disagrees with the stones.
    BadSideToMove(String),
    /// A Connect-Four stone has an empty square under it.
    FloatingStone {
        /// The floating stone's square, `d3`.
        square: String,
    },
    /// The numbers of stones cannot arise from alternate moves.
    ImpossibleCounts {
        /// First-player stones.
        first: u32,
        /// Second-player stones.
        second: u32,
    },
    /// Both players have a line.
    BothWon,
    /// The side to move has a line, though the other player moved last.
    WinnerToMove,
    /// Under renju, a stone Black could not have played.
    ForbiddenStone {
        /// Why: `Black has an overline, which renju forbids`.
        reason: &'static str,
    },
}

impl FenError {
    /// What is wrong with the position itself, if the text was read but the
    /// stones cannot be a position of the game: the words a [`BoardError`]
    /// says too.
    fn position_problem(&self) -> Option<String> {
        Some(match self {
            FenError::BadSize {
                width,
                height,
                reason,
            } => format!("a {width}x{height} board is not supported: {reason}"),
            FenError::FloatingStone { square } => {
                format!("the stone on {square} floats over an empty square")
            }
            FenError::ImpossibleCounts { first, second } => format!(
                "{first} first-player and {second} second-player stones cannot arise \
                 from alternate moves"
            ),
            FenError::BothWon => "both players have a line".to_owned(),
            FenError::WinnerToMove => {
                "the side to move has a line, so the game ended a move earlier".to_owned()
            }
            FenError::ForbiddenStone { reason } => (*reason).to_owned(),
            _ => return None,
        })
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("empty FEN"),
            FenError::BadRank { rank, reason } => {
                write!(f, "bad FEN: rank {rank} from the top: {reason}")
            }
            FenError::RaggedRanks {
                rank,
                width,
                expected,
            } => write!(
                f,
                "bad FEN: rank {rank} from the top has {width} files, the first has {expected}"
            ),
            FenError::BadPocket(reason) => write!(f, "bad FEN pocket: {reason}"),
            FenError::BadSideToMove(reason) => write!(f, "bad FEN side to move: {reason}"),
            FenError::BadSize { .. }
            | FenError::FloatingStone { .. }
            | FenError::ImpossibleCounts { .. }
            | FenError::BothWon
            | FenError::WinnerToMove
            | FenError::ForbiddenStone { .. } => write!(
                f,
                "bad FEN: {}",
                self.position_problem().unwrap_or_default()
            ),
        }
    }
}

impl Error for FenError {}

/// A board given cell by cell (as the reinforcement-learning environments give
/// them) that is not a position of the game: the checks and the words of a
/// FEN's board, without the FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError(pub(crate) FenError);

impl BoardError {
    /// What is wrong, as the FEN reader says it: [`FenError::Empty`] and
    /// [`FenError::RaggedRanks`] for the grid's shape, the position's own
    /// variants for the rest.
    #[must_use]
    pub fn kind(&self) -> &FenError {
        &self.0
    }
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.0, self.0.position_problem()) {
            (_, Some(problem)) => f.write_str(&problem),
            (
                FenError::RaggedRanks {
                    rank,
                    width,
                    expected,
                },
                None,
            ) => write!(
                f,
                "row {rank} from the top has {width} cells, the first has {expected}"
            ),
            (_, None) => f.write_str("the board has no cells"),
        }
    }
}

impl Error for BoardError {}

/// Text that is not a result as [`Outcome`](crate::Outcome) writes it: `1-0`,
/// `0-1` or `1/2-1/2`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseOutcomeError {
    pub(crate) text: String,
}

impl fmt::Display for ParseOutcomeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a result: expected 1-0, 0-1 or 1/2-1/2",
            self.text
        )
    }
}

impl Error for ParseOutcomeError {}

/// A board size that is not `WxH`, or that the game cannot be played on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SizeError {
    /// The text is not two numbers joined by `x`, such as `7x6`.
    NotASize(String),
    /// A board this game cannot be played on.
    Unsupported {
        /// The number of columns.
        width: usize,
        /// The number of rows.
        height: usize,
        /// Which limit it breaks.
        reason: &'static str,
    },
}

impl SizeError {
    /// The limit an unsupported size breaks (`the width must be 1 to 9`), or
    /// that the text is not a size.
    #[must_use]
    pub fn reason(&self) -> &'static str {
        match self {
            SizeError::NotASize(_) => "not a size such as 7x6",
            SizeError::Unsupported { reason, .. } => reason,
        }
    }
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SizeError::NotASize(text) => write!(f, "'{text}' is not a size such as 7x6"),
            SizeError::Unsupported {
                width,
                height,
                reason,
            } => write!(f, "a {width}x{height} board: {reason}"),
        }
    }
}

impl Error for SizeError {}

/// A variant name that inarow does not play, or a board it is not played on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseVariantError {
    /// No game of this name.
    Unknown(String),
    /// A known game with a size that cannot be read or played.
    Size {
        /// The variant text as given.
        text: String,
        /// What is wrong with the size.
        error: SizeError,
    },
    /// A size given for a game whose board is fixed.
    FixedBoard {
        /// The game's name (`tictactoe`).
        name: &'static str,
        /// Its only board, `3x3`.
        board: &'static str,
    },
    /// A word after the name that is no board, line or rule.
    Word {
        /// The variant text as given.
        text: String,
        /// The word not understood.
        word: String,
    },
}

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseVariantError::Unknown(text) => write!(
                f,
                "unknown variant '{text}' (known: {}; connect and mnk with a board WxH and a line kN, such as connect 7x6 k5 or mnk 5x5 k4 exact)",
                crate::Variant::NAMES.join(", ")
            ),
            ParseVariantError::Size { text, error } => write!(f, "variant '{text}': {error}"),
            ParseVariantError::FixedBoard { name, board } => {
                write!(f, "{name} is played on {board} only, with no size")
            }
            ParseVariantError::Word { text, word } => write!(
                f,
                "variant '{text}': '{word}' is not a board (WxH), a line (k5) or a rule (exact, freestyle)"
            ),
        }
    }
}

impl Error for ParseVariantError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ParseVariantError::Size { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// A list of moves with one that could not be read or played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveListError {
    /// A Pons move string (`4453`) with a bad move.
    MoveString {
        /// The move string as given.
        moves: String,
        /// Which move is bad, and why.
        error: MoveStringError,
    },
    /// A move of a list of moves in any notation.
    Move {
        /// The bad move's number in the list, from 1.
        number: usize,
        /// The bad move as given.
        text: String,
        /// Why it could not be played.
        error: MoveError,
    },
}

impl fmt::Display for MoveListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveListError::MoveString { moves, error } => {
                write!(f, "bad move string '{moves}': {error}")
            }
            MoveListError::Move {
                number,
                text,
                error,
            } => write!(f, "move {number} ('{text}'): {error}"),
        }
    }
}

impl Error for MoveListError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            MoveListError::MoveString { error, .. } => Some(error),
            MoveListError::Move { error, .. } => Some(error),
        }
    }
}

/// A position given as a FEN (or the start) and moves from it, that could
/// not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The FEN is bad.
    Fen(FenError),
    /// A move is bad.
    Moves(MoveListError),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Fen(e) => e.fmt(f),
            SetupError::Moves(e) => e.fmt(f),
        }
    }
}

impl Error for SetupError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            SetupError::Fen(e) => Some(e),
            SetupError::Moves(e) => Some(e),
        }
    }
}

impl From<FenError> for SetupError {
    fn from(e: FenError) -> Self {
        SetupError::Fen(e)
    }
}

impl From<MoveListError> for SetupError {
    fn from(e: MoveListError) -> Self {
        SetupError::Moves(e)
    }
}
