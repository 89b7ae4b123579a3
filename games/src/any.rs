//! Choosing the game at run time, at the edge: the protocol, the terminal game
//! and the match referee hold an [`AnyGame`]; the search is monomorphised per game.

use std::fmt;
use std::str::FromStr;

use crate::bitboard::Bitboard;
use crate::connect4::{Connect4, Connect4Of, Connect4U128, Size};
use crate::error::{
    BoardError, FenError, IllegalMoveError, MoveListError, MoveStringError, MoveStringErrorKind,
    ParseVariantError, SizeError,
};
use crate::fen::FenBoard;
use crate::kinarow::{
    ForbiddenShape, KInARow, KInARowHuge, KInARowLarge, KInARowOf, Rules, WinRule,
};
use crate::notation::{Drop, MoveText};
use crate::perft::PerftReport;
use crate::tictactoe::TicTacToe;
use crate::{Game, ListItem, LongList, Outcome, Player};

/// A member of the k-in-a-row family: Connect Four on a board of any size
/// it is played on, tic-tac-toe, or any other member (its [`Rules`]: board,
/// `k`, gravity, [`WinRule`]). Connect Four and tic-tac-toe are always the
/// first two arms, never a `KInARow`: [`Variant::from_rules`] sees to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Connect Four on a board of the given size (`cfour` is 7x6).
    Connect4(Size),
    /// Tic-tac-toe.
    TicTacToe,
    /// Any other member of the family: gomoku, Connect-k, m,n,k-games.
    KInARow(Rules),
}

/// A name that spells the members of the family past the named games with
/// a board and a line: [`Variant::FORMS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Form {
    /// The name: `connect`, `mnk`.
    pub name: &'static str,
    /// Whether the stones of its members fall.
    pub gravity: bool,
}

/// A board's files and ranks as a person gives them, `WxH` (`15x15`),
/// before a game says whether it is played there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dimensions {
    /// The number of files.
    pub width: usize,
    /// The number of ranks.
    pub height: usize,
}

impl FromStr for Dimensions {
    type Err = SizeError;

    /// Reads `WxH`, e.g. `7x6` or `15x15`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let not_a_size = || SizeError::NotASize(text.to_owned());
        let (w, h) = text.split_once(['x', 'X']).ok_or_else(not_a_size)?;
        let width: usize = w.parse().map_err(|_| not_a_size())?;
        let height: usize = h.parse().map_err(|_| not_a_size())?;
        Ok(Dimensions { width, height })
    }
}

impl fmt::Display for Dimensions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl From<Size> for Dimensions {
    fn from(size: Size) -> Self {
        Dimensions {
            width: size.width() as usize,
            height: size.height() as usize,
        }
    }
}

/// Gomoku's board.
const GOMOKU_SIDE: usize = 15;

impl Variant {
    /// The member with these rules: Connect Four or tic-tac-toe when the
    /// rules are theirs, else [`Variant::KInARow`].
    #[must_use]
    pub fn from_rules(rules: Rules) -> Variant {
        let (width, height, k) = (rules.width(), rules.height(), rules.k());
        if rules.gravity() && k == 4 && rules.overlines() {
            if let Ok(size) = Size::new(width, height) {
                return Variant::Connect4(size);
            }
        }
        if !rules.gravity() && (width, height, k) == (3, 3, 3) {
            return Variant::TicTacToe;
        }
        Variant::KInARow(rules)
    }

    /// The rules of the member: Connect Four's are `k = 4` with gravity,
    /// tic-tac-toe's 3x3 and `k = 3`.
    #[must_use]
    pub fn rules(self) -> Rules {
        match self {
            Variant::Connect4(size) => Rules::connect_four(size),
            Variant::TicTacToe => Rules::new(3, 3, 3, false, true).expect("tic-tac-toe's rules"),
            Variant::KInARow(rules) => rules,
        }
    }

    /// The name UCI_Variant, cutechess and Fairy-Stockfish use: `cfour`,
    /// `tictactoe`, `gomoku` (exactly five), `gomokufreestyle` (five or
    /// more); `renju` and `caro` (Gomocup's names); inarow's own `connect`
    /// (any other member with gravity) and `mnk` (without).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Variant::Connect4(_) => "cfour",
            Variant::TicTacToe => "tictactoe",
            Variant::KInARow(rules) if rules.gravity() => Self::form(true).name,
            Variant::KInARow(rules) if rules.win_rule() == WinRule::Renju => "renju",
            Variant::KInARow(rules) if rules.win_rule() == WinRule::Caro => "caro",
            Variant::KInARow(rules) if rules.k() == 5 && rules.overlines() => "gomokufreestyle",
            Variant::KInARow(rules) if rules.k() == 5 => "gomoku",
            Variant::KInARow(_) => Self::form(false).name,
        }
    }

    /// The `UCI_Variant` value that selects this game before a FEN of its
    /// board: its [`name`](Self::name) where the name and the board settle
    /// the game (the cutechess names in [`NAMES`](Self::NAMES)), else its
    /// whole spelling, `connect 7x6 k5`, which inarow reads (a FEN carries no
    /// `k`).
    #[must_use]
    pub fn uci_variant(self) -> String {
        if Self::NAMES.contains(&self.name()) {
            self.name().to_owned()
        } else {
            self.to_string()
        }
    }

    /// The names of the games, each a game by itself (cutechess knows the
    /// first four, Gomocup the gomoku rules); `connect` and `mnk` name the
    /// rest of the family with a board and a line (see [`Variant`]'s
    /// `FromStr`).
    pub const NAMES: [&'static str; 6] = [
        "cfour",
        "tictactoe",
        "gomoku",
        "gomokufreestyle",
        "renju",
        "caro",
    ];

    /// The names of the rest of the family, each read with a board and a
    /// line (`connect 7x6 k5`, `mnk 4x4 k3 exact`): one for the members
    /// whose stones fall, one for the others.
    pub const FORMS: [Form; 2] = [
        Form {
            name: "connect",
            gravity: true,
        },
        Form {
            name: "mnk",
            gravity: false,
        },
    ];

    /// Every name [`name`](Self::name) gives: [`NAMES`](Self::NAMES), then
    /// the names of [`FORMS`](Self::FORMS).
    pub const ALL_NAMES: [&'static str; 8] = {
        let mut all = [""; 8];
        let mut i = 0;
        while i < Self::NAMES.len() {
            all[i] = Self::NAMES[i];
            i += 1;
        }
        let mut j = 0;
        while j < Self::FORMS.len() {
            all[i + j] = Self::FORMS[j].name;
            j += 1;
        }
        all
    };

    /// The form that spells a member past the named games: `connect` where
    /// stones fall, `mnk` where they do not.
    #[must_use]
    pub const fn form(gravity: bool) -> Form {
        if gravity {
            Self::FORMS[0]
        } else {
            Self::FORMS[1]
        }
    }

    /// The members a front end offers by name, in the order it shows them:
    /// Connect Four, tic-tac-toe, gomoku (15x15, exactly five), free-style
    /// gomoku, Gomocup's 20x20 free-style board, renju and caro on 15x15,
    /// Connect-5 on 7x6 and the 4,4,3-game. Each name of
    /// [`ALL_NAMES`](Self::ALL_NAMES) has one.
    #[must_use]
    pub fn presets() -> [Variant; 9] {
        let member = |width, height, k, gravity, overlines| {
            Variant::from_rules(
                Rules::new(width, height, k, gravity, overlines).expect("a preset's rules"),
            )
        };
        [
            Variant::default(),
            Variant::TicTacToe,
            member(GOMOKU_SIDE, GOMOKU_SIDE, 5, false, false),
            member(GOMOKU_SIDE, GOMOKU_SIDE, 5, false, true),
            member(20, 20, 5, false, true),
            Variant::gomoku_rule(WinRule::Renju),
            Variant::gomoku_rule(WinRule::Caro),
            member(7, 6, 5, true, true),
            member(4, 4, 3, false, true),
        ]
    }

    /// Gomoku on 15x15 under `rule`.
    #[must_use]
    pub fn gomoku_rule(rule: WinRule) -> Variant {
        Variant::from_rules(
            Rules::new(GOMOKU_SIDE, GOMOKU_SIDE, 5, false, true)
                .and_then(|rules| rules.with_win_rule(rule))
                .expect("gomoku's rules"),
        )
    }

    /// The rule that says which lines win and which moves are forbidden.
    #[must_use]
    pub fn win_rule(self) -> WinRule {
        self.rules().win_rule()
    }

    /// The game's name for people: `Connect Four 7x6`, `Tic-tac-toe`,
    /// `Gomoku 15x15`, `Renju 15x15`, `Connect-5 7x6`, `m,n,k-game 5,5,4`.
    #[must_use]
    pub fn title(self) -> String {
        let rules = self.rules();
        let (w, h, k) = (rules.width(), rules.height(), rules.k());
        let exact = if rules.overlines() { "" } else { ", exactly" };
        match self.name() {
            "cfour" => format!("Connect Four {w}x{h}"),
            "tictactoe" => "Tic-tac-toe".to_owned(),
            "gomoku" => format!("Gomoku {w}x{h}"),
            "gomokufreestyle" => format!("Free-style gomoku {w}x{h}"),
            "renju" => format!("Renju {w}x{h}"),
            "caro" => format!("Caro {w}x{h}"),
            "connect" => format!("Connect-{k} {w}x{h}{exact}"),
            _ => format!("m,n,k-game {w},{h},{k}{exact}"),
        }
    }

    /// The board's files and ranks.
    #[must_use]
    pub fn dimensions(self) -> (u8, u8) {
        let rules = self.rules();
        (rules.width() as u8, rules.height() as u8)
    }

    /// The board size, for Connect Four.
    #[must_use]
    pub const fn size(self) -> Option<Size> {
        match self {
            Variant::Connect4(size) => Some(size),
            _ => None,
        }
    }

    /// The number of cells of the board.
    #[must_use]
    pub fn cells(self) -> u32 {
        self.rules().cells()
    }

    /// The number of stones in a row that wins.
    #[must_use]
    pub fn line_length(self) -> u8 {
        self.rules().k() as u8
    }

    /// What wins, in words: `four in a row`, `exactly five in a row`.
    #[must_use]
    pub fn line_name(self) -> String {
        const WORDS: [&str; 11] = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        ];
        let k = usize::from(self.line_length());
        let exactly = if self.rules().overlines() {
            ""
        } else {
            "exactly "
        };
        let line = match WORDS.get(k) {
            Some(word) => format!("{exactly}{word} in a row"),
            None => format!("{exactly}{k} in a row"),
        };
        match self.win_rule() {
            WinRule::Renju => format!(
                "{line} for Black, who may not make an overline, a double four or a double \
                 three; five or more for White"
            ),
            WinRule::Caro => format!("{line}, not blocked at both ends"),
            _ => line,
        }
    }

    /// Whether a stone falls to the lowest empty cell of its column (Connect
    /// Four), so that a move is named by its column; otherwise a stone goes on
    /// any empty cell, named by its square (`b2`).
    #[must_use]
    pub fn gravity(self) -> bool {
        self.rules().gravity()
    }

    /// The variant on a board of `width` columns and `height` rows.
    ///
    /// # Errors
    /// [`SizeError`] if the game cannot be played on that board.
    pub fn with_dimensions(self, width: usize, height: usize) -> Result<Variant, SizeError> {
        match self {
            Variant::TicTacToe if (width, height) == (3, 3) => Ok(self),
            Variant::TicTacToe => Err(SizeError::Unsupported {
                width,
                height,
                reason: "tic-tac-toe is played on 3x3 (mnk WxH k3 is on any board)",
            }),
            // Connect Four past its own boards is a member like any other,
            // and the family's limits are the ones that bind.
            Variant::Connect4(_) => Size::new(width, height)
                .map(Variant::Connect4)
                .or_else(|_| {
                    self.rules()
                        .with_dimensions(width, height)
                        .map(Variant::from_rules)
                }),
            Variant::KInARow(rules) => rules
                .with_dimensions(width, height)
                .map(Variant::from_rules),
        }
    }

    /// The variant on the board `dimensions` gives, if any.
    ///
    /// # Errors
    /// [`ParseVariantError::FixedBoard`] for a size given to tic-tac-toe,
    /// [`ParseVariantError::Size`] if the game is not played on it.
    pub fn with_size(self, dimensions: Option<Dimensions>) -> Result<Variant, ParseVariantError> {
        match (self, dimensions) {
            (Variant::TicTacToe, Some(d)) if (d.width, d.height) != (3, 3) => {
                Err(ParseVariantError::FixedBoard {
                    name: self.name(),
                    board: "3x3",
                })
            }
            (variant, Some(d)) => variant.with_dimensions(d.width, d.height).map_err(|error| {
                ParseVariantError::Size {
                    text: format!("{variant} {d}"),
                    error,
                }
            }),
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
/// `cfour 6x5`), `tictactoe`, `gomoku` and `gomokufreestyle` (with `WxH`
/// past 15x15), and every other member as `connect WxH kK` (gravity) or
/// `mnk WxH kK` (none), with ` exact` where only exactly `k` wins;
/// `FromStr` reads each back.
impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = self.rules();
        let board = format!("{}x{}", rules.width(), rules.height());
        match self.name() {
            "cfour" if self.size() == Some(Size::STANDARD) => f.write_str("cfour"),
            "cfour" => write!(f, "cfour {board}"),
            "tictactoe" => f.write_str("tictactoe"),
            name @ ("gomoku" | "gomokufreestyle" | "renju" | "caro") => {
                if (rules.width(), rules.height()) == (GOMOKU_SIDE, GOMOKU_SIDE) {
                    f.write_str(name)
                } else {
                    write!(f, "{name} {board}")
                }
            }
            name => {
                write!(f, "{name} {board} k{}", rules.k())?;
                if rules.win_rule() != WinRule::Freestyle {
                    write!(f, " {}", rules.win_rule())?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for Variant {
    type Err = ParseVariantError;

    /// Reads what `Display` writes: a name (`cfour`, `connect4`, `tictactoe`,
    /// `gomoku`, `gomokufreestyle`, `renju`, `caro`, `connect`, `mnk`) and
    /// then, in any order, a board `WxH`, a line `kN` (or `k=N`), and a rule
    /// (a [`WinRule`] word): `exact` (or `standard`: only exactly `k` wins),
    /// `freestyle` (`k` or more wins), `renju` or `caro`. `connect` starts
    /// from Connect Four's rules, `mnk` from tic-tac-toe's, `gomoku` from
    /// 15x15 and exactly five, `renju` and `caro` from 15x15 and their rule.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        use WinRule::{Caro, Freestyle, Renju, Standard};
        let mut words = text.split_whitespace();
        let name = words.next().unwrap_or_default();
        let (mut width, mut height, mut k, gravity, mut rule) = match name {
            "cfour" | "connect4" | "connect" => (7, 6, 4, true, Freestyle),
            "tictactoe" | "mnk" => (3, 3, 3, false, Freestyle),
            "gomoku" => (GOMOKU_SIDE, GOMOKU_SIDE, 5, false, Standard),
            "gomokufreestyle" => (GOMOKU_SIDE, GOMOKU_SIDE, 5, false, Freestyle),
            "renju" => (GOMOKU_SIDE, GOMOKU_SIDE, 5, false, Renju),
            "caro" => (GOMOKU_SIDE, GOMOKU_SIDE, 5, false, Caro),
            _ => return Err(ParseVariantError::Unknown(text.to_owned())),
        };
        let mut changed = false;
        for word in words {
            changed = true;
            let k_text = word.strip_prefix("k=").or_else(|| word.strip_prefix('k'));
            if let Some(number) = k_text.filter(|n| !n.is_empty()) {
                k = number.parse().map_err(|_| ParseVariantError::Word {
                    text: text.to_owned(),
                    word: word.to_owned(),
                })?;
            } else if let Ok(named) = word.parse::<WinRule>() {
                rule = named;
            } else if word.contains(['x', 'X']) {
                let d: Dimensions = word.parse().map_err(|error| ParseVariantError::Size {
                    text: text.to_owned(),
                    error,
                })?;
                (width, height) = (d.width, d.height);
            } else {
                return Err(ParseVariantError::Word {
                    text: text.to_owned(),
                    word: word.to_owned(),
                });
            }
        }
        if name == "tictactoe" && changed {
            return Err(ParseVariantError::FixedBoard {
                name: "tictactoe",
                board: "3x3",
            });
        }
        if matches!(name, "cfour" | "connect4") && k == 4 && rule == Freestyle {
            // Connect Four's own sizes; past them, a member of the family
            // whose limits bind.
            if let Ok(size) = Size::new(width, height) {
                return Ok(Variant::Connect4(size));
            }
        }
        Rules::new(width, height, k, gravity, true)
            .and_then(|rules| rules.with_win_rule(rule))
            .map(Variant::from_rules)
            .map_err(|error| ParseVariantError::Size {
                text: text.to_owned(),
                error,
            })
    }
}

/// A position of any game inarow plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyGame {
    /// A Connect-Four position on a board of at most 64 bits.
    Connect4(Connect4),
    /// A Connect-Four position on a board of 65 to 128 bits.
    Connect4U128(Connect4U128),
    /// A tic-tac-toe position.
    TicTacToe(TicTacToe),
    /// Any other member of the family on a board of at most 128 bits.
    KInARow(KInARow),
    /// Any other member on a board of at most 256 bits (gomoku's 15x15).
    KInARowLarge(KInARowLarge),
    /// Any other member on a board of at most 448 bits (20x20).
    KInARowHuge(KInARowHuge),
}

macro_rules! dispatch {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::Connect4($g) => $body,
            AnyGame::Connect4U128($g) => $body,
            AnyGame::TicTacToe($g) => $body,
            AnyGame::KInARow($g) => $body,
            AnyGame::KInARowLarge($g) => $body,
            AnyGame::KInARowHuge($g) => $body,
        }
    };
}

/// The position of `variant`'s game on a FEN's or a grid's board, in the
/// type and bitboard its size takes. Connect Four and the family take the
/// board's size from it; tic-tac-toe is 3x3.
fn position_on(variant: Variant, board: &FenBoard) -> Result<AnyGame, FenError> {
    match variant {
        Variant::TicTacToe => TicTacToe::from_board(board).map(AnyGame::TicTacToe),
        Variant::Connect4(_) => {
            let size = crate::connect4::fen::size_of(board);
            match size {
                Ok(size) if size.fits_u64() => {
                    crate::connect4::fen::from_board(board).map(AnyGame::Connect4)
                }
                Ok(_) => crate::connect4::fen::from_board(board).map(AnyGame::Connect4U128),
                // A board past Connect Four's own sizes is the family's, whose
                // limits bind.
                Err(_) => position_on(Variant::KInARow(variant.rules()), board),
            }
        }
        Variant::KInARow(rules) => {
            let bad_size = |e: SizeError| FenError::BadSize {
                width: board.width,
                height: board.height,
                reason: e.reason(),
            };
            let sized = rules
                .with_dimensions(board.width, board.height)
                .map_err(bad_size)?;
            match Variant::from_rules(sized) {
                Variant::KInARow(_) => {}
                // The family's rules on Connect Four's or tic-tac-toe's board.
                other => return position_on(other, board),
            }
            if sized.bits() <= 128 {
                KInARowOf::from_board(sized, board).map(AnyGame::KInARow)
            } else if sized.bits() <= 256 {
                KInARowOf::from_board(sized, board).map(AnyGame::KInARowLarge)
            } else {
                KInARowOf::from_board(sized, board).map(AnyGame::KInARowHuge)
            }
        }
    }
}

/// Plays a Pons move string on a position of a game with gravity, by its
/// columns; unchanged on error.
fn play_columns<G: Game>(position: &mut G, moves: &str) -> Result<(), MoveStringError> {
    let width = u32::from(position.variant().dimensions().0);
    let mut next = position.clone();
    for (i, c) in moves.chars().enumerate() {
        let error = |kind| MoveStringError {
            index: i + 1,
            found: c,
            kind,
        };
        let number =
            crate::connect4::char_column(c).ok_or_else(|| error(MoveStringErrorKind::NotADigit))?;
        if number > width {
            return Err(error(MoveStringErrorKind::OutOfRange { width }));
        }
        if next.outcome().is_some_and(|o| o != Outcome::Draw) {
            return Err(error(MoveStringErrorKind::GameOver));
        }
        let mv = next
            .move_from_text(&MoveText::Column(number as u8 - 1))
            .map_err(|_| error(MoveStringErrorKind::ColumnFull))?;
        next.play_unchecked(mv);
    }
    *position = next;
    Ok(())
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
            Variant::Connect4(size) => AnyGame::Connect4U128(Connect4U128::new(size)),
            Variant::TicTacToe => AnyGame::TicTacToe(TicTacToe::new()),
            Variant::KInARow(rules) if rules.bits() <= 128 => {
                AnyGame::KInARow(KInARowOf::new(rules))
            }
            Variant::KInARow(rules) if rules.bits() <= 256 => {
                AnyGame::KInARowLarge(KInARowOf::new(rules))
            }
            Variant::KInARow(rules) => AnyGame::KInARowHuge(KInARowOf::new(rules)),
        }
    }

    /// A position of the game of `variant` from a FEN; for Connect Four and
    /// the family the FEN's ranks give the board size, whatever size
    /// `variant` has (its line, gravity and overline rule stay).
    ///
    /// # Errors
    /// [`FenError`] if the FEN is bad.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Self, FenError> {
        position_on(variant, &crate::fen::parse(fen)?)
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
        position_on(variant, &board).map_err(BoardError)
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
            AnyGame::Connect4U128(p) => p.stone_at(u32::from(file), u32::from(rank)),
            AnyGame::TicTacToe(p) => p.stone_at(crate::tictactoe::Square(rank * 3 + file)),
            AnyGame::KInARow(p) => p.stone_at(usize::from(file), usize::from(rank)),
            AnyGame::KInARowLarge(p) => p.stone_at(usize::from(file), usize::from(rank)),
            AnyGame::KInARowHuge(p) => p.stone_at(usize::from(file), usize::from(rank)),
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
            AnyGame::Connect4U128(position) => Some(play_string(position, moves)),
            other if other.variant().gravity() => Some(play_columns(other, moves)),
            _ => None,
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
            AnyGame::Connect4U128(g) => g.key().min(g.mirrored_key()),
            AnyGame::TicTacToe(g) => u128::from(g.key()),
            other => other.key(),
        }
    }

    /// The squares where the side to move may not play, each with the shape
    /// that forbids it: under renju with Black to move, the forbidden
    /// points; none in the other games.
    #[must_use]
    pub fn forbidden_squares(&self) -> Vec<(Drop, ForbiddenShape)> {
        fn of<B: Bitboard>(p: &KInARowOf<B>) -> Vec<(Drop, ForbiddenShape)> {
            crate::kinarow::cells(p.forbidden_cells())
                .filter_map(|cell| Some((p.to_drop(cell), p.forbidden_shape(cell)?)))
                .collect()
        }
        match self {
            AnyGame::KInARow(p) => of(p),
            AnyGame::KInARowLarge(p) => of(p),
            AnyGame::KInARowHuge(p) => of(p),
            _ => Vec::new(),
        }
    }

    /// Under renju, the first of `stones` (in the order they were played,
    /// each a square and its player) that Black could not play on the
    /// stones before it, and the shape it made (see
    /// [`KInARowOf::first_forbidden`]).
    #[must_use]
    pub fn first_forbidden(
        variant: Variant,
        stones: &[(Drop, Player)],
    ) -> Option<(Drop, ForbiddenShape)> {
        let Variant::KInARow(rules) = variant else {
            return None;
        };
        if rules.bits() <= 128 {
            KInARow::first_forbidden(rules, stones)
        } else if rules.bits() <= 256 {
            KInARowLarge::first_forbidden(rules, stones)
        } else {
            KInARowHuge::first_forbidden(rules, stones)
        }
    }

    /// A move string from the empty board that reaches this position, where
    /// the game has one and it can be found (Connect Four).
    #[must_use]
    pub fn move_string(&self) -> Option<String> {
        match self {
            AnyGame::Connect4(g) => g.to_move_string(),
            AnyGame::Connect4U128(g) => g.to_move_string(),
            _ => None,
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
    type List<T: ListItem> = LongList<T>;

    fn side_to_move(&self) -> Player {
        dispatch!(self, g => g.side_to_move())
    }

    fn ply(&self) -> u32 {
        dispatch!(self, g => g.ply())
    }

    fn max_ply(&self) -> u32 {
        dispatch!(self, g => g.max_ply())
    }

    fn legal_moves(&self) -> LongList<Drop> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every member of small boards and lines, with gravity and without,
    /// with and without overlines.
    fn members() -> impl Iterator<Item = Variant> {
        (1..=8).flat_map(|width| {
            (1..=8).flat_map(move |height| {
                (1..=6).flat_map(move |k| {
                    [(true, true), (true, false), (false, true), (false, false)]
                        .into_iter()
                        .filter_map(move |(gravity, overlines)| {
                            Rules::new(width, height, k, gravity, overlines).ok()
                        })
                        .map(Variant::from_rules)
                })
            })
        })
    }

    #[test]
    fn all_names_are_the_names_the_members_have() {
        let mut seen: Vec<&str> = members()
            .chain(Variant::presets())
            .map(Variant::name)
            .collect();
        seen.sort_unstable();
        seen.dedup();
        let mut all = Variant::ALL_NAMES.to_vec();
        all.sort_unstable();
        assert_eq!(seen, all);
        assert_eq!(Variant::ALL_NAMES[..Variant::NAMES.len()], Variant::NAMES);
        for form in Variant::FORMS {
            assert!(members()
                .filter(|v| v.name() == form.name)
                .all(|v| v.gravity() == form.gravity));
            assert_eq!(Variant::form(form.gravity), form);
        }
    }

    #[test]
    fn presets_cover_every_name_and_read_back() {
        let presets = Variant::presets();
        for name in Variant::ALL_NAMES {
            assert!(presets.iter().any(|p| p.name() == name), "{name}");
        }
        for preset in presets {
            assert_eq!(preset.to_string().parse(), Ok(preset));
        }
        for (i, a) in presets.iter().enumerate() {
            assert!(!presets[..i].contains(a), "{a} twice");
        }
    }

    #[test]
    fn renju_and_caro_read_back_and_refuse_other_boards() {
        for text in ["renju", "caro", "renju 20x20", "caro 9x9", "gomoku renju"] {
            let variant: Variant = text.parse().unwrap();
            assert_eq!(variant.to_string().parse(), Ok(variant), "{text}");
        }
        assert_eq!(
            "gomoku renju".parse::<Variant>().unwrap().to_string(),
            "renju"
        );
        assert_eq!(
            "mnk 15x15 k5 caro".parse::<Variant>().unwrap().name(),
            "caro"
        );
        for bad in ["renju k4", "connect 15x15 k5 renju", "mnk 4x4 k3 caro"] {
            let error = bad.parse::<Variant>().unwrap_err().to_string();
            assert!(
                error.contains("renju and caro are played"),
                "{bad}: {error}"
            );
        }
        let renju = Variant::gomoku_rule(WinRule::Renju);
        assert_eq!(renju.win_rule(), WinRule::Renju);
        assert_eq!(renju.uci_variant(), "renju");
        assert_ne!(renju, Variant::gomoku_rule(WinRule::Standard));
    }

    #[test]
    fn forbidden_stones_in_the_order_played() {
        let renju = Variant::gomoku_rule(WinRule::Renju);
        let square = |name: &str| {
            name.parse::<MoveText>().map(|t| match t {
                MoveText::Square(drop) => drop,
                MoveText::Column(_) => unreachable!(),
            })
        };
        let order = |moves: &str| -> Vec<(Drop, Player)> {
            moves
                .split_whitespace()
                .enumerate()
                .map(|(i, m)| (square(m).unwrap(), Player::to_move_at(i as u32)))
                .collect()
        };
        // Black's h8 is a double three when it is played ...
        let late = order("f8 a1 g8 a3 h6 a5 h7 a7 h8");
        assert_eq!(
            AnyGame::first_forbidden(renju, &late),
            Some((square("h8").unwrap(), ForbiddenShape::DoubleThree))
        );
        // ... but not when it came first.
        let early = order("h8 a1 f8 a3 g8 a5 h6 a7 h7");
        assert_eq!(AnyGame::first_forbidden(renju, &early), None);
        let standard = Variant::gomoku_rule(WinRule::Standard);
        assert_eq!(AnyGame::first_forbidden(standard, &late), None);
        let mut position = AnyGame::new(renju);
        position.play_moves("f8 a1 g8 a3 h6 a5 h7 a7").unwrap();
        assert_eq!(
            position.forbidden_squares(),
            vec![(square("h8").unwrap(), ForbiddenShape::DoubleThree)]
        );
        let error = position.play_moves("h8").unwrap_err().to_string();
        assert!(error.contains("forbidden to Black under renju"), "{error}");
    }
}
