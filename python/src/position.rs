//! `Position`: a position of Connect Four on any board inarow plays, or of
//! tic-tac-toe, and moves as the environments number them.
//!
//! A move crosses into Python as an `int`: the column from 0 in Connect Four
//! (as Kaggle, PettingZoo and OpenSpiel number it), the cell from 0 in
//! tic-tac-toe, row by row from the top left (as OpenSpiel numbers it and a
//! printed grid reads). Text moves are read by the games crate in any
//! notation it knows (`"4"` the fourth column, `"P@d1"`, `"b2"`).

use std::fmt::Write as _;
use std::str::FromStr;

use inarow_games::{AnyGame, Drop, Game, Outcome, Player, Size, Variant};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::args::count;
use crate::board;
use crate::{IllegalMoveError, InvalidPositionError};

/// The game of a name, on a board of the given size where the game has sizes.
pub fn variant(game: &str, width: Option<i64>, height: Option<i64>) -> PyResult<Variant> {
    let width = count("width", width)?.map(|w| w as usize);
    let height = count("height", height)?.map(|h| h as usize);
    let variant = Variant::from_str(game).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let (files, ranks) = variant.dimensions();
    variant
        .with_dimensions(
            width.unwrap_or(usize::from(files)),
            height.unwrap_or(usize::from(ranks)),
        )
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The Python name of a game, which [`variant`] reads back.
fn game_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Connect4(_) => "connect4",
        other => other.name(),
    }
}

/// The `int` of a move: its column where stones fall (Connect Four), its
/// cell row by row from the top left otherwise (tic-tac-toe).
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

/// The move text of a move's `int`, and how to name it in a message.
fn index_text(game: &AnyGame, index: i64) -> Result<(String, String), String> {
    let (files, ranks) = game.variant().dimensions();
    let (files, ranks) = (i64::from(files), i64::from(ranks));
    if !game.variant().gravity() {
        if !(0..files * ranks).contains(&index) {
            return Err(format!(
                "move {index}: the cells are 0 to {} (row by row from the top left)",
                files * ranks - 1
            ));
        }
        let square = Drop {
            file: (index % files) as u8,
            rank: (ranks - 1 - index / files) as u8,
        }
        .square_name();
        Ok((square.clone(), square))
    } else {
        if !(0..files).contains(&index) {
            return Err(format!(
                "move {index}: the columns are 0 to {} (from the left, from 0)",
                files - 1
            ));
        }
        let number = (index + 1).to_string();
        Ok((number.clone(), format!("inarow's column {number}")))
    }
}

/// A position of Connect Four (any board inarow plays: width 1 to 16,
/// width * (height + 1) <= 128; 7x6 by default) or of tic-tac-toe.
///
/// - moves: Pascal Pons's move string, columns from 1 ("4453"), or moves in
///   any notation inarow reads, separated by spaces or commas ("P@d1 P@d2",
///   "b2 a1" in tic-tac-toe), played from the empty board.
/// - game: "connect4" (or "cfour") or "tictactoe".
/// - width, height: the Connect-Four board (7 and 6 by default).
///
/// Also Position.from_fen(fen) and Position.from_board(board).
///
/// Moves are ints: the column from 0 in Connect Four; the cell from 0 in
/// tic-tac-toe, row by row from the top left (0 1 2 / 3 4 5 / 6 7 8). Players
/// are 0 (the first to move) and 1. play() also takes text moves ("4" is the
/// fourth column, "P@d1", "b2").
///
/// Raises InvalidPositionError (a ValueError) with inarow's message if the
/// moves cannot be played, ValueError for an unknown game or size.
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
    #[pyo3(signature = (moves = "", *, game = "connect4", width = None, height = None))]
    fn new(moves: &str, game: &str, width: Option<i64>, height: Option<i64>) -> PyResult<Self> {
        let start = AnyGame::new(variant(game, width, height)?);
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
    /// the board are optional). For Connect Four the ranks give the board size.
    ///
    /// Raises InvalidPositionError with inarow's message for a bad FEN.
    #[staticmethod]
    #[pyo3(signature = (fen, game = "connect4"))]
    fn from_fen(fen: &str, game: &str) -> PyResult<Self> {
        let variant = variant(game, None, None)?;
        AnyGame::from_fen(variant, fen)
            .map(Position::at)
            .map_err(|e| InvalidPositionError::new_err(e.to_string()))
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
    /// For Connect Four the board gives the size. The side to move follows
    /// from the stones.
    ///
    /// Raises InvalidPositionError if the board has the wrong shape, a value
    /// other than those, an unsupported size, a stone over an empty cell, stone
    /// counts that alternate moves cannot give, or lines of both players.
    #[staticmethod]
    #[pyo3(signature = (board, *, game = "connect4", rows = None, columns = None))]
    fn from_board(
        board: &Bound<'_, PyAny>,
        game: &str,
        rows: Option<i64>,
        columns: Option<i64>,
    ) -> PyResult<Self> {
        let variant = variant(game, None, None)?;
        let rows = count("rows", rows)?.map(|r| r as usize);
        let columns = count("columns", columns)?.map(|c| c as usize);
        let cells =
            board::cells(board, variant, rows, columns).map_err(InvalidPositionError::new_err)?;
        AnyGame::from_cells(variant, cells)
            .map(Position::at)
            .map_err(|e| InvalidPositionError::new_err(e.to_string()))
    }

    /// The game: "connect4" or "tictactoe".
    #[getter]
    fn game(&self) -> &'static str {
        game_name(self.game.variant())
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

    /// Plays a move: an int (the column from 0; in tic-tac-toe the cell from 0,
    /// row by row from the top left) or text in any notation inarow reads ("4"
    /// the fourth column, "P@d1", "b2").
    ///
    /// Raises IllegalMoveError (a ValueError) with inarow's message if the move
    /// cannot be played; the position is then unchanged.
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let (text, name) = if r#move.is_instance_of::<PyString>() {
            let text: String = r#move.extract()?;
            (text.clone(), format!("'{text}'"))
        } else if let Ok(index) = r#move.extract::<i64>() {
            let (text, name) = index_text(&self.game, index).map_err(IllegalMoveError::new_err)?;
            (text, format!("{index} ({name})"))
        } else {
            return Err(IllegalMoveError::new_err(format!(
                "a move is an int or text, not {}",
                r#move.get_type().name()?
            )));
        };
        let drop = self
            .game
            .play_text(&text)
            .map_err(|e| IllegalMoveError::new_err(format!("move {name}: {e}")))?;
        self.history.push(drop);
        Ok(())
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

    /// The moves from the empty board: Pons's move string in Connect Four
    /// ("4453"), squares in tic-tac-toe ("b2 a1"). The moves played when they
    /// are known; for a position from a FEN or a board, a Connect-Four move
    /// string found back from the stones, or None in tic-tac-toe.
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
        let mut text = String::from("Position");
        match self.move_text() {
            Some(moves) => {
                let _ = write!(text, "('{moves}'");
                match variant {
                    Variant::Connect4(size) if size == Size::STANDARD => {}
                    Variant::Connect4(size) => {
                        let _ = write!(text, ", width={}, height={}", size.width(), size.height());
                    }
                    Variant::TicTacToe => text.push_str(", game='tictactoe'"),
                    other => {
                        let _ = write!(text, ", game='{other}'");
                    }
                }
            }
            None => {
                let _ = write!(
                    text,
                    ".from_fen('{}', game='{}'",
                    self.game.fen(),
                    game_name(variant)
                );
            }
        }
        text.push(')');
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_numbered_as_the_environments_number_them() {
        let connect4 = AnyGame::new(Variant::Connect4(Size::STANDARD));
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
    }
}
