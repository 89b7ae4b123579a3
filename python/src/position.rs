//! `Position`: a position of any member of the k-in-a-row family inarow
//! plays (Connect Four on any board, tic-tac-toe, gomoku, Connect-k with
//! gravity, m,n,k-games), and moves as the environments number them.
//!
//! A move crosses into Python as an `int`: the column from 0 where stones
//! fall (as Kaggle, PettingZoo and OpenSpiel's `connect_four` number it), else
//! the cell from 0, row by row from the top left (as OpenSpiel numbers
//! `tic_tac_toe`, `mnk` and `gomoku` actions and a printed grid reads). Text
//! moves are read by the games crate in any notation it knows (`"4"` the
//! fourth column, `"P@d1"`, `"b2"`, `"h8"`).

use std::fmt::Write as _;
use std::str::FromStr;

use inarow_games::{AnyGame, Drop, FenError, Game, Outcome, Player, Rules, Size, Variant};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyInt, PyString, PyTuple};

use crate::args::count;
use crate::board;
use crate::{GameOverError, IllegalMoveError, InvalidPositionError, UnsupportedGameError};

/// What a caller may say about the game besides its name: the board and
/// the rules, each overriding the named game's own.
#[derive(Clone, Copy, Default)]
pub struct GameArgs {
    /// The number of columns.
    pub width: Option<i64>,
    /// The number of rows.
    pub height: Option<i64>,
    /// The stones in a row that win.
    pub k: Option<i64>,
    /// Whether stones fall to the bottom of their column.
    pub gravity: Option<bool>,
    /// Whether only exactly `k` in a row wins (no overlines).
    pub exact: Option<bool>,
}

/// The game of a name (any text `Variant` reads: "connect4", "gomoku",
/// "connect 7x6 k5"), on the board and with the rules `args` give where they
/// give them: those that differ from the name's are read as words added to
/// it ("mnk 5x5 k4 exact"), so the name's own checks stand (tic-tac-toe is
/// 3x3, Connect Four has its own sizes). Gravity, which no word sets, then
/// makes the member with it.
///
/// # Errors
/// [`UnsupportedGameError`] for a game inarow does not play, including
/// Connect Four asked for past its own boards (`game="connect"` plays them).
pub fn variant(game: &str, args: GameArgs) -> PyResult<Variant> {
    let parse = |text: &str| {
        Variant::from_str(text).map_err(|e| UnsupportedGameError::new_err(e.to_string()))
    };
    let dimension = |name, value| count(name, value).map_err(UnsupportedGameError::new_err);
    let width = dimension("width", args.width)?;
    let height = dimension("height", args.height)?;
    let k = dimension("k", args.k)?;
    let named = parse(game)?.rules();
    let (files, ranks) = (named.width() as u64, named.height() as u64);
    let mut text = game.to_owned();
    let board = (width.unwrap_or(files), height.unwrap_or(ranks));
    if board != (files, ranks) {
        let _ = write!(text, " {}x{}", board.0, board.1);
    }
    if let Some(k) = k.filter(|&k| k != named.k() as u64) {
        let _ = write!(text, " k{k}");
    }
    match args.exact {
        Some(false) if named.win_rule().needs_gomoku() => {
            return Err(UnsupportedGameError::new_err(format!(
                "{game} is played with exactly five (renju: for Black); \
                 game='gomokufreestyle' plays five or more"
            )));
        }
        Some(true) if named.overlines() => text.push_str(" exact"),
        Some(false) if !named.overlines() => text.push_str(" freestyle"),
        _ => {}
    }
    let variant = parse(&text)?;
    check_connect4(game, variant)?;
    match args.gravity {
        Some(gravity) if gravity != variant.gravity() => {
            let rules = variant.rules();
            Rules::new(
                rules.width(),
                rules.height(),
                rules.k(),
                gravity,
                rules.overlines(),
            )
            .and_then(|with_gravity| with_gravity.with_win_rule(rules.win_rule()))
            .map(Variant::from_rules)
            .map_err(|e| {
                UnsupportedGameError::new_err(format!("{text} with gravity={gravity}: {e}"))
            })
        }
        _ => Ok(variant),
    }
}

/// Whether `game` names Connect Four ("connect4", "cfour", with or without
/// words after the name).
fn names_connect4(game: &str) -> bool {
    matches!(game.split_whitespace().next(), Some("connect4" | "cfour"))
}

/// Connect Four asked for by name is Connect Four: its rules (four in a row
/// with gravity, longer lines win) on a board past Connect Four's own sizes
/// are the family's `connect`, whose solver and limits differ, so the caller
/// is told rather than given another game under the name.
fn check_connect4(game: &str, variant: Variant) -> PyResult<()> {
    let rules = variant.rules();
    let connect_four_rules = rules.gravity() && rules.k() == 4 && rules.overlines();
    if !names_connect4(game) || !connect_four_rules || matches!(variant, Variant::Connect4(_)) {
        return Ok(());
    }
    let (width, height) = (rules.width(), rules.height());
    let reason = Size::new(width, height).err().map_or_else(
        || "not a Connect Four board".to_owned(),
        |e| e.reason().to_owned(),
    );
    Err(UnsupportedGameError::new_err(format!(
        "Connect Four is not played on {width}x{height} ({reason}); \
         game='connect' plays four in a row with gravity on it"
    )))
}

/// The game of a name and rules for a position whose board comes from
/// elsewhere (a FEN, a board): as [`variant`], on the named game's board
/// widened to hold a line of `k` if it is too narrow, since the board read
/// gives the size.
fn variant_for_board(game: &str, args: GameArgs) -> PyResult<Variant> {
    if args.width.is_none() && args.height.is_none() {
        if let (Ok(named), Some(k)) = (Variant::from_str(game), args.k) {
            let (files, ranks) = named.dimensions();
            if k > i64::from(files.max(ranks)) {
                return variant(
                    game,
                    GameArgs {
                        width: Some(k),
                        ..args
                    },
                );
            }
        }
    }
    variant(game, args)
}

/// The position of a FEN or a board, read as `variant`'s game: a board past
/// the game's limits is [`UnsupportedGameError`], any other problem
/// [`InvalidPositionError`], each with inarow's message `text`; Connect Four
/// asked for by name stays Connect Four (see [`check_connect4`]).
fn on_board(game: &str, read: Result<AnyGame, FenError>, text: String) -> PyResult<Position> {
    match read {
        Ok(position) => {
            check_connect4(game, position.variant())?;
            Ok(Position::at(position))
        }
        Err(FenError::BadSize { .. }) => Err(UnsupportedGameError::new_err(text)),
        Err(_) => Err(InvalidPositionError::new_err(text)),
    }
}

/// The fields of a FEN after the board and the side to move, as cutechess
/// and Fairy-Stockfish write them (`- - 0 3`: castling and en passant, which
/// these games have none of, then two move counters), checked: the games'
/// reader looks at the first two fields only.
fn check_fen_fields(fen: &str) -> Result<(), String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if let Some(extra) = fields.get(6) {
        return Err(format!(
            "bad FEN: '{extra}' after its six fields (board, side to move, castling, \
             en passant, halfmove and fullmove counters)"
        ));
    }
    for (index, name) in [(2, "castling"), (3, "en passant")] {
        if let Some(field) = fields.get(index).filter(|&&field| field != "-") {
            return Err(format!(
                "bad FEN: the {name} field is '{field}', and these games have none ('-')"
            ));
        }
    }
    for (index, name) in [(4, "halfmove"), (5, "fullmove")] {
        if let Some(field) = fields
            .get(index)
            .filter(|field| field.parse::<u32>().is_err())
        {
            return Err(format!(
                "bad FEN: the {name} counter is '{field}', not a number"
            ));
        }
    }
    Ok(())
}

/// The Python name of a game, which [`variant`] reads back.
fn game_name(variant: Variant) -> &'static str {
    match variant.name() {
        "cfour" => "connect4",
        other => other,
    }
}

/// The keyword arguments that make `variant` from its name: the name unless
/// it is Connect Four, then each of the board (unless `with_board` is false:
/// the board comes from elsewhere), `k` and `exact` that differ from the
/// name's own. Gravity is the name's.
fn game_keywords(variant: Variant, with_board: bool) -> String {
    let name = game_name(variant);
    let named = Variant::from_str(name).unwrap_or(variant).rules();
    let rules = variant.rules();
    let mut text = String::new();
    if name != "connect4" {
        let _ = write!(text, ", game='{name}'");
    }
    if with_board && (rules.width(), rules.height()) != (named.width(), named.height()) {
        let _ = write!(text, ", width={}, height={}", rules.width(), rules.height());
    }
    if rules.k() != named.k() {
        let _ = write!(text, ", k={}", rules.k());
    }
    if rules.overlines() != named.overlines() {
        let exact = if rules.overlines() { "False" } else { "True" };
        let _ = write!(text, ", exact={exact}");
    }
    text
}

/// The `int` of a move: its column where stones fall (Connect Four,
/// Connect-k), its cell row by row from the top left otherwise.
pub fn move_index(game: &AnyGame, drop: Drop) -> usize {
    let (files, ranks) = game.variant().dimensions();
    if game.variant().gravity() {
        usize::from(drop.file)
    } else {
        usize::from(ranks - 1 - drop.rank) * usize::from(files) + usize::from(drop.file)
    }
}

/// The number of move `int`s: the columns where stones fall, the cells
/// otherwise.
pub fn move_count(game: &AnyGame) -> usize {
    let (files, ranks) = game.variant().dimensions();
    if game.variant().gravity() {
        usize::from(files)
    } else {
        usize::from(files) * usize::from(ranks)
    }
}

/// Why a move's `int` is off the board, for an int of any size (`digits`).
fn off_the_board(game: &AnyGame, digits: &str) -> String {
    let (files, ranks) = game.variant().dimensions();
    if game.variant().gravity() {
        format!(
            "move {digits}: the columns are 0 to {} (from the left, from 0)",
            files - 1
        )
    } else {
        format!(
            "move {digits}: the cells are 0 to {} (row by row from the top left)",
            u32::from(files) * u32::from(ranks) - 1
        )
    }
}

/// The move text of a move's `int`, and how to name it in a message.
fn index_text(game: &AnyGame, index: i64) -> Result<(String, String), String> {
    let (files, ranks) = game.variant().dimensions();
    let (files, ranks) = (i64::from(files), i64::from(ranks));
    if !game.variant().gravity() {
        if !(0..files * ranks).contains(&index) {
            return Err(off_the_board(game, &index.to_string()));
        }
        let square = Drop {
            file: (index % files) as u8,
            rank: (ranks - 1 - index / files) as u8,
        }
        .square_name();
        Ok((square.clone(), square))
    } else {
        if !(0..files).contains(&index) {
            return Err(off_the_board(game, &index.to_string()));
        }
        let number = (index + 1).to_string();
        Ok((number.clone(), format!("inarow's column {number}")))
    }
}

/// A position of a k-in-a-row game: Connect Four (any board inarow plays;
/// 7x6 by default), tic-tac-toe, gomoku, Connect-k with gravity or an
/// m,n,k-game, on boards up to width * (height + 1) <= 448 (20x20 fits).
///
/// - moves: Pascal Pons's move string, columns from 1 ("4453"), where stones
///   fall, or moves in any notation inarow reads, separated by spaces or
///   commas ("P@d1 P@d2", "b2 a1", "h8 i9"), played from the empty board.
/// - game: "connect4" (or "cfour"), "tictactoe", "gomoku" (15x15, exactly
///   five), "gomokufreestyle" (15x15, five or more), "renju" and "caro"
///   (15x15, Gomocup's rules), "connect" (gravity; 7x6 and k=4 unless told)
///   or "mnk" (no gravity; 3x3 and k=3 unless told), or inarow's text for a
///   game ("connect 7x6 k5", "mnk 5x5 k4 exact", "renju 20x20").
/// - width, height: the board (columns and rows).
/// - k: the stones in a row that win.
/// - gravity: whether stones fall to the bottom of their column.
/// - exact: whether only exactly k in a row wins (no overlines).
///
/// width, height, k, gravity and exact override what the game's name says.
/// Also Position.from_fen(fen) and Position.from_board(board).
///
/// Moves are ints: the column from 0 where stones fall; otherwise the cell
/// from 0, row by row from the top left (0 1 2 / 3 4 5 / 6 7 8 in
/// tic-tac-toe), as OpenSpiel numbers mnk and gomoku. Players are 0 (the
/// first to move) and 1. play() also takes text moves ("4" is the fourth
/// column, "P@d1", "b2").
///
/// A Position is mutable, so it has no hash (as a list has none): key() gives
/// an immutable, hashable PositionKey for tables and sets. It pickles and
/// copies with its moves, and undo() takes the last one back. planes() and
/// legal_mask() give the board and the legal moves as numpy arrays.
///
/// Raises InvalidPositionError with inarow's message if the moves cannot be
/// played, UnsupportedGameError (a kind of it) for an unknown game, size or
/// rules.
#[pyclass(module = "inarow", name = "Position")]
#[derive(Clone)]
pub struct Position {
    /// The position now.
    pub game: AnyGame,
    /// Where the moves in `history` start from.
    start: AnyGame,
    /// The moves played since `start`.
    history: Vec<Drop>,
}

impl Position {
    fn at(game: AnyGame) -> Self {
        Position {
            game,
            start: game,
            history: Vec::new(),
        }
    }

    /// The moves from the empty board, as played when known, else found
    /// back from the stones where the game can (Connect Four).
    fn move_text(&self) -> Option<String> {
        if self.start.ply() == 0 {
            Some(self.start.moves_text(&self.history))
        } else {
            self.game.move_string()
        }
    }
}

#[pymethods]
impl Position {
    #[new]
    #[pyo3(signature = (
        moves = "", *, game = "connect4", width = None, height = None, k = None, gravity = None,
        exact = None
    ))]
    fn new(
        moves: &str,
        game: &str,
        width: Option<i64>,
        height: Option<i64>,
        k: Option<i64>,
        gravity: Option<bool>,
        exact: Option<bool>,
    ) -> PyResult<Self> {
        let args = GameArgs {
            width,
            height,
            k,
            gravity,
            exact,
        };
        let start = AnyGame::new(variant(game, args)?);
        let mut position = start;
        let history = position
            .play_moves(moves)
            .map_err(|e| InvalidPositionError::new_err(e.to_string()))?;
        Ok(Position {
            game: position,
            start,
            history,
        })
    }

    /// The position of a FEN as cutechess and Fairy-Stockfish write it
    /// ("7/7/7/7/3p3/2pPP2[...] w - - 0 3"; the pocket and the fields after
    /// the board are optional). The game and its rules are named as for
    /// Position(); the ranks give the board size (but for tic-tac-toe's 3x3).
    ///
    /// Raises InvalidPositionError with inarow's message for a bad FEN (text
    /// after its six fields too), UnsupportedGameError for an unknown game,
    /// rules or a board past the game's limits.
    #[staticmethod]
    #[pyo3(signature = (fen, game = "connect4", *, k = None, gravity = None, exact = None))]
    fn from_fen(
        fen: &str,
        game: &str,
        k: Option<i64>,
        gravity: Option<bool>,
        exact: Option<bool>,
    ) -> PyResult<Self> {
        let args = GameArgs {
            k,
            gravity,
            exact,
            ..GameArgs::default()
        };
        let variant = variant_for_board(game, args)?;
        check_fen_fields(fen).map_err(InvalidPositionError::new_err)?;
        let read = AnyGame::from_fen(variant, fen);
        let text = read
            .as_ref()
            .err()
            .map(ToString::to_string)
            .unwrap_or_default();
        on_board(game, read, text)
    }

    /// The position on a board as the environments give it, with no history:
    ///
    /// - Kaggle's flat list of rows * columns cells, row by row from the top,
    ///   0 empty, 1 the first player, 2 the second (rows and columns say how to
    ///   cut it; by default the game's standard size);
    /// - rows x columns of the same numbers (a list of rows, a numpy array);
    /// - PettingZoo's rows x columns x 2 planes: plane 0 the stones of the
    ///   player to move, plane 1 the other player's.
    ///
    /// The game and its rules are named as for Position(); the board gives
    /// the size (but for tic-tac-toe's 3x3). The side to move follows from
    /// the stones.
    ///
    /// Raises InvalidPositionError if the board has the wrong shape, a value
    /// other than those, a stone over an empty cell, stone counts that
    /// alternate moves cannot give, or lines of both players;
    /// UnsupportedGameError for an unknown game or rules, or a board past the
    /// game's limits.
    #[staticmethod]
    #[pyo3(signature = (
        board, *, game = "connect4", rows = None, columns = None, k = None, gravity = None,
        exact = None
    ))]
    fn from_board(
        board: &Bound<'_, PyAny>,
        game: &str,
        rows: Option<i64>,
        columns: Option<i64>,
        k: Option<i64>,
        gravity: Option<bool>,
        exact: Option<bool>,
    ) -> PyResult<Self> {
        let args = GameArgs {
            k,
            gravity,
            exact,
            ..GameArgs::default()
        };
        let variant = variant_for_board(game, args)?;
        let cut = |name, value| {
            count(name, value)
                .map(|n| n.map(|n| n as usize))
                .map_err(InvalidPositionError::new_err)
        };
        let (rows, columns) = (cut("rows", rows)?, cut("columns", columns)?);
        let cells =
            board::cells(board, variant, rows, columns).map_err(InvalidPositionError::new_err)?;
        let read = AnyGame::from_cells(variant, cells);
        let text = read
            .as_ref()
            .err()
            .map(ToString::to_string)
            .unwrap_or_default();
        on_board(game, read.map_err(|e| e.kind().clone()), text)
    }

    /// The game's name: "connect4", "tictactoe", "gomoku" (exactly five in a
    /// row, no gravity), "gomokufreestyle" (five or more), "connect" (any
    /// other member with gravity) or "mnk" (any other without).
    #[getter]
    fn game(&self) -> &'static str {
        game_name(self.game.variant())
    }

    /// The game in inarow's words, which Position(game=...) reads back:
    /// "cfour", "cfour 6x5", "gomoku", "connect 7x6 k5", "mnk 5x5 k4 exact".
    #[getter]
    fn variant(&self) -> String {
        self.game.variant().to_string()
    }

    /// The stones in a row that win.
    #[getter]
    fn k(&self) -> u8 {
        self.game.variant().line_length()
    }

    /// Whether a stone falls to the bottom of its column (moves are columns),
    /// or goes on any empty cell (moves are cells).
    #[getter]
    fn gravity(&self) -> bool {
        self.game.variant().gravity()
    }

    /// Whether only exactly k in a row wins (as in gomoku; under renju, for
    /// Black); otherwise a longer line wins too.
    #[getter]
    fn exact(&self) -> bool {
        !self.game.variant().rules().overlines()
    }

    /// The win rule: "freestyle" (k or more), "exact" (exactly k), "renju"
    /// (Black wins with exactly five and may not make an overline, a double
    /// four or a double three; White wins with five or more) or "caro"
    /// (exactly five, not blocked by the opponent at both ends).
    #[getter]
    fn rule(&self) -> &'static str {
        self.game.variant().win_rule().word()
    }

    /// The number of columns.
    #[getter]
    fn width(&self) -> u8 {
        self.game.variant().dimensions().0
    }

    /// The number of rows.
    #[getter]
    fn height(&self) -> u8 {
        self.game.variant().dimensions().1
    }

    /// The number of stones on the board.
    #[getter]
    fn ply(&self) -> u32 {
        self.game.ply()
    }

    /// The player to move: 0 (the first player) or 1.
    #[getter]
    fn side_to_move(&self) -> usize {
        self.game.side_to_move().index()
    }

    /// Plays a move: an int (the column from 0 where stones fall, else the
    /// cell from 0, row by row from the top left) or text in any notation inarow reads ("4"
    /// the fourth column, "P@d1", "b2").
    ///
    /// Raises IllegalMoveError with inarow's message if the move cannot be
    /// played, GameOverError (a kind of it) once the game is over, TypeError
    /// for a move that is neither an int nor text; the position is then
    /// unchanged.
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let (text, name) = if r#move.is_instance_of::<PyString>() {
            let text: String = r#move.extract()?;
            (text.clone(), format!("'{text}'"))
        } else if let Ok(index) = r#move.extract::<i64>() {
            let (text, name) = index_text(&self.game, index).map_err(IllegalMoveError::new_err)?;
            (text, format!("{index} ({name})"))
        } else if let Ok(index) = r#move.call_method0("__index__") {
            // An int past i64 (Python's own, or a numpy uint64): off the board.
            let digits = index.cast::<PyInt>()?.str()?.to_string();
            return Err(IllegalMoveError::new_err(off_the_board(
                &self.game, &digits,
            )));
        } else {
            return Err(PyTypeError::new_err(format!(
                "a move is an int or text, not {}",
                r#move.get_type().name()?
            )));
        };
        if let Some(outcome) = self.game.outcome() {
            let result = match outcome {
                Outcome::Win(player) => format!("player {} won", player.index()),
                Outcome::Draw => "a draw".to_owned(),
            };
            return Err(GameOverError::new_err(format!(
                "move {name}: the game is over ({result})"
            )));
        }
        let drop = self
            .game
            .play_text(&text)
            .map_err(|e| IllegalMoveError::new_err(format!("move {name}: {e}")))?;
        self.history.push(drop);
        Ok(())
    }

    /// Takes back the last move played and returns it (an int, as play()
    /// takes it), as list.pop() does. The moves from the start are played
    /// again, a few microseconds.
    ///
    /// Raises IndexError if no move was played since the position was made
    /// (from moves, a FEN or a board: undo() goes back to where it started).
    fn undo(&mut self) -> PyResult<usize> {
        let last = self
            .history
            .pop()
            .ok_or_else(|| PyIndexError::new_err("no move to undo: none was played"))?;
        let mut game = self.start;
        for &drop in &self.history {
            game.play_unchecked(drop);
        }
        self.game = game;
        Ok(move_index(&game, last))
    }

    /// An immutable, hashable key of the position: equal for equal positions
    /// (the same stones, game and size, however reached), for dicts and sets
    /// (transposition tables, replay buffers); key().position() makes a
    /// Position back.
    fn key(&self) -> PositionKey {
        PositionKey { game: self.game }
    }

    /// The stones as numpy planes, one per player, 1 where the player has a
    /// stone, rows from the top as board() gives them (int8):
    ///
    /// - player=None: plane 0 the player to move's stones, plane 1 the other
    ///   player's, as PettingZoo's connect_four_v3 and AlphaZero-style networks
    ///   see the board;
    /// - player=0 or 1: plane 0 that player's stones, plane 1 the other's:
    ///   with 0, the first player's then the second's, the players' planes
    ///   of OpenSpiel's observation tensors (connect_four's first two, rows
    ///   from the bottom; tic_tac_toe's and mnk's last two, the other way
    ///   round; the third is the empty cells).
    ///
    /// Shape (2, height, width), or (height, width, 2) with
    /// channels_last=True (PettingZoo's shape, which from_board reads back).
    #[pyo3(signature = (player = None, *, channels_last = false))]
    fn planes<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
        channels_last: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let first = match player {
            None => self.game.side_to_move(),
            Some(0) => Player::First,
            Some(1) => Player::Second,
            Some(other) => {
                return Err(PyIndexError::new_err(format!(
                    "player {other}: the players are 0 and 1"
                )))
            }
        };
        let (files, ranks) = self.game.variant().dimensions();
        let (files, ranks) = (usize::from(files), usize::from(ranks));
        let mut cells = vec![0u8; 2 * files * ranks];
        for row in 0..ranks {
            let rank = (ranks - 1 - row) as u8;
            for file in 0..files {
                let Some(owner) = self.game.stone_at(file as u8, rank) else {
                    continue;
                };
                let plane = usize::from(owner != first);
                let index = if channels_last {
                    (row * files + file) * 2 + plane
                } else {
                    (plane * ranks + row) * files + file
                };
                cells[index] = 1;
            }
        }
        let shape = if channels_last {
            PyTuple::new(py, [ranks, files, 2])?
        } else {
            PyTuple::new(py, [2, ranks, files])?
        };
        int8_array(py, &cells)?.call_method1("reshape", (shape,))
    }

    /// The legal moves as a numpy mask (int8): 1 at each move's int (each
    /// column where stones fall, else each cell), 0 elsewhere, as PettingZoo's
    /// action_mask; all 0 once the game is over.
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut mask = vec![0u8; move_count(&self.game)];
        for drop in self.game.legal_moves() {
            mask[move_index(&self.game, drop)] = 1;
        }
        int8_array(py, &mask)
    }

    /// The legal moves as ints, left to right (none once the game is over).
    fn legal_moves(&self) -> Vec<usize> {
        let mut moves: Vec<usize> = self
            .game
            .legal_moves()
            .into_iter()
            .map(|drop| move_index(&self.game, drop))
            .collect();
        moves.sort_unstable();
        moves
    }

    /// The moves the side to move may not make, as ints, left to right:
    /// under renju with Black to move, its forbidden points (legal_moves
    /// leaves them out); none in the other games.
    fn forbidden_moves(&self) -> Vec<usize> {
        let mut moves: Vec<usize> = self
            .game
            .forbidden_squares()
            .into_iter()
            .map(|(drop, _)| move_index(&self.game, drop))
            .collect();
        moves.sort_unstable();
        moves
    }

    /// Whether the game is over: a line, or a full board.
    fn is_terminal(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// The player who made a line, 0 or 1; None while the game goes on and
    /// after a draw.
    fn winner(&self) -> Option<usize> {
        match self.game.outcome() {
            Some(Outcome::Win(player)) => Some(player.index()),
            _ => None,
        }
    }

    /// The position as FEN, as cutechess and Fairy-Stockfish write it.
    fn fen(&self) -> String {
        self.game.fen()
    }

    /// The moves from the empty board: Pons's move string where stones fall
    /// ("4453"), squares otherwise ("b2 a1"). The moves played when they are
    /// known; for a position from a FEN or a board, a Connect-Four move
    /// string found back from the stones, or None in the other games.
    fn moves(&self) -> Option<String> {
        self.move_text()
    }

    /// The board as rows from the top, each cell 0 (empty), 1 (the first
    /// player) or 2 (the second), as Kaggle numbers them; from_board reads it
    /// back.
    fn board(&self) -> Vec<Vec<u32>> {
        let (files, ranks) = self.game.variant().dimensions();
        (0..ranks)
            .rev()
            .map(|rank| {
                (0..files)
                    .map(|file| match self.game.stone_at(file, rank) {
                        None => 0,
                        Some(Player::First) => 1,
                        Some(Player::Second) => 2,
                    })
                    .collect()
            })
            .collect()
    }

    /// A copy to play on without changing this one.
    fn copy(&self) -> Self {
        self.clone()
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    /// What pickle keeps: the game in inarow's words, the FEN the moves
    /// start from (None for the empty board) and the moves as ints.
    fn __getstate__(&self) -> (String, Option<String>, Vec<usize>) {
        let mut game = self.start;
        let moves = self
            .history
            .iter()
            .map(|&drop| {
                let index = move_index(&game, drop);
                game.play_unchecked(drop);
                index
            })
            .collect();
        let start = (self.start.ply() > 0).then(|| self.start.fen());
        (self.start.variant().to_string(), start, moves)
    }

    /// The position pickle kept (see __getstate__), moves and all.
    fn __setstate__(&mut self, state: (String, Option<String>, Vec<i64>)) -> PyResult<()> {
        let (variant, start, moves) = state;
        let bad = |e: String| InvalidPositionError::new_err(format!("a bad pickled Position: {e}"));
        let variant = Variant::from_str(&variant).map_err(|e| bad(e.to_string()))?;
        let start =
            AnyGame::from_setup(variant, start.as_deref()).map_err(|e| bad(e.to_string()))?;
        let mut position = Position::at(start);
        for index in moves {
            let (text, _) = index_text(&position.game, index).map_err(bad)?;
            let drop = position
                .game
                .play_text(&text)
                .map_err(|e| bad(e.to_string()))?;
            position.history.push(drop);
        }
        *self = position;
        Ok(())
    }

    /// A position changes as it is played on, so it has no hash, like a list.
    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    /// Two positions are equal when they have the same stones, game and size,
    /// however they were reached.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Position>()
            .is_ok_and(|other| other.borrow().game == self.game)
    }

    /// The board as inarow draws it: X the first player, O the second.
    fn __str__(&self) -> String {
        self.game.to_string()
    }

    fn __repr__(&self) -> String {
        let variant = self.game.variant();
        match self.move_text() {
            Some(moves) => format!("Position('{moves}'{})", game_keywords(variant, true)),
            None => format!(
                "Position.from_fen('{}'{})",
                self.game.fen(),
                game_keywords(variant, false)
            ),
        }
    }
}

/// A numpy int8 array of `values` (numpy is imported here, so that only
/// callers of the numpy methods need it).
fn int8_array<'py>(py: Python<'py>, values: &[u8]) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy")?;
    let bytes = PyByteArray::new(py, values);
    numpy.call_method1("frombuffer", (bytes, numpy.getattr("int8")?))
}

/// An immutable, hashable key of a position (Position.key()): equal for
/// equal positions (the same stones, game and size, however reached; the
/// moves that led there are not part of it), for dicts and sets.
/// position() makes a Position of it, with no moves to undo.
#[pyclass(module = "inarow", name = "PositionKey", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PositionKey {
    game: AnyGame,
}

#[pymethods]
impl PositionKey {
    /// The key of a position: the same as position.key().
    #[new]
    fn new(position: PyRef<'_, Position>) -> Self {
        position.key()
    }

    /// A Position with these stones, to play on (with no moves to undo).
    fn position(&self) -> Position {
        Position::at(self.game)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (Position,))> {
        Ok((py.get_type::<PositionKey>().into_any(), (self.position(),)))
    }

    fn __repr__(&self) -> String {
        format!("PositionKey({})", self.position().__repr__())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_numbered_as_the_environments_number_them() {
        let connect4 = AnyGame::new(Variant::default());
        let tictactoe = AnyGame::new(Variant::TicTacToe);
        // A column from 0; a tic-tac-toe cell from 0, row by row from the top left.
        assert_eq!(index_text(&connect4, 3).unwrap().0, "4");
        assert_eq!(index_text(&tictactoe, 0).unwrap().0, "a3");
        assert_eq!(index_text(&tictactoe, 5).unwrap().0, "c2");
        assert_eq!(index_text(&tictactoe, 8).unwrap().0, "c1");
        for index in 0..9 {
            let square = index_text(&tictactoe, index).unwrap().0;
            let drop = tictactoe.parse_move(&square).unwrap();
            assert_eq!(move_index(&tictactoe, drop), index as usize);
        }
        let d1 = Drop { file: 3, rank: 0 };
        assert_eq!(move_index(&connect4, d1), 3);
        for bad in [-1, 7] {
            assert!(index_text(&connect4, bad).is_err());
        }
        assert!(index_text(&tictactoe, 9).is_err());
        // Every member without gravity alike, as OpenSpiel numbers mnk and gomoku.
        let gomoku = AnyGame::new("gomoku".parse().unwrap());
        assert_eq!(index_text(&gomoku, 0).unwrap().0, "a15");
        assert_eq!(index_text(&gomoku, 112).unwrap().0, "h8");
        assert_eq!(index_text(&gomoku, 224).unwrap().0, "o1");
        let mnk = AnyGame::new("mnk 5x4 k3".parse().unwrap());
        assert_eq!(index_text(&mnk, 7).unwrap().0, "c3");
        assert_eq!(move_count(&mnk), 20);
        let connect = AnyGame::new("connect 9x7 k5".parse().unwrap());
        assert_eq!(move_count(&connect), 9);
        assert_eq!(index_text(&connect, 8).unwrap().0, "9");
    }

    #[test]
    fn games_read_back_from_their_keywords() {
        let args = |k, exact| GameArgs {
            k,
            exact,
            ..GameArgs::default()
        };
        for (game, args, keywords) in [
            ("connect4", GameArgs::default(), ""),
            ("connect", args(Some(5), None), ", game='connect', k=5"),
            ("gomoku", GameArgs::default(), ", game='gomoku'"),
            (
                "gomoku",
                args(None, Some(false)),
                ", game='gomokufreestyle'",
            ),
            (
                "mnk 5x4",
                args(Some(3), Some(true)),
                ", game='mnk', width=5, height=4, exact=True",
            ),
        ] {
            let made = variant(game, args).unwrap();
            assert_eq!(game_keywords(made, true), keywords, "{game}");
        }
    }
}
