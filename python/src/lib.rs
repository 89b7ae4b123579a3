//! `import inarow`: the Python face of the same games and engine the `inarow`
//! binary runs, built by maturin as the extension module `inarow._inarow`.
//!
//! Nothing here plays, searches or parses on its own: positions are the games
//! crate's [`AnyGame`](inarow_games::AnyGame), read by its move-string, FEN and
//! board readers; `Solver` is the engine's exact [`Solver`](inarow_engine::Solver),
//! `Engine` its [`AnySearcher`](inarow_engine::AnySearcher) with the strength
//! levels of `inarow play`. This crate only translates:
//!
//! - `position.rs`: `Position`, and moves as the environments number them
//!   (a column from 0 where stones fall, else a cell from 0, row by row from
//!   the top).
//! - `board.rs`: a board as Kaggle, PettingZoo or numpy give it, read into cells.
//! - `solver.rs` and `engine.rs`: the two searchers, their limits and results.
//! - `args.rs`: numbers from Python, checked once.
//!
//! Bad input raises one exception type per kind of error, all under
//! `inarow.Error` (a `ValueError`), with the engine's own words; calls that
//! search release the GIL. The agents for the environments are plain Python,
//! in `inarow/agents.py`, and `inarow/kaggle.py` writes a Kaggle submission.

mod args;
mod board;
mod engine;
mod position;
mod solver;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    inarow,
    Error,
    PyValueError,
    "The base of every error inarow raises for bad input (a ValueError): catch \
     it to catch them all. The object the input was given to is unchanged."
);

create_exception!(
    inarow,
    IllegalMoveError,
    Error,
    "A move that cannot be played in the position: text that is not a move, a \
     column or cell off the board, a full column or an occupied cell. The \
     position is unchanged."
);

create_exception!(
    inarow,
    GameOverError,
    IllegalMoveError,
    "The game is over: no move can be played (Position.play), and there is \
     none to find (Solver.best_move, Engine.search, the agents)."
);

create_exception!(
    inarow,
    InvalidPositionError,
    Error,
    "Moves, a FEN or a board that are not a position of the game: a malformed \
     or illegal move string, a bad FEN (or text after its six fields), a board \
     of the wrong shape, floating stones, stone counts that alternate moves \
     cannot give, or a game that went on after a line."
);

create_exception!(
    inarow,
    UnsupportedGameError,
    InvalidPositionError,
    "A game inarow does not play: an unknown name, a board size past the \
     game's limits, k larger than the board, rules the game does not take \
     (tic-tac-toe is 3x3; Connect Four's boards are at most 16 columns and 128 \
     bits). A kind of InvalidPositionError: no position of that game can be \
     made."
);

create_exception!(
    inarow,
    InvalidSettingError,
    Error,
    "A setting or a limit out of its range, or two that do not go together: \
     hash_mb, threads, level, timeout, time, nodes, depth."
);

/// The module `inarow._inarow`; `inarow/__init__.py` re-exports it.
#[pymodule]
fn _inarow(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<position::Position>()?;
    m.add_class::<solver::Solver>()?;
    m.add_class::<engine::Engine>()?;
    m.add_class::<engine::SearchResult>()?;
    m.add_class::<engine::Score>()?;
    m.add_class::<position::PositionKey>()?;
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add(
        "InvalidPositionError",
        py.get_type::<InvalidPositionError>(),
    )?;
    m.add(
        "UnsupportedGameError",
        py.get_type::<UnsupportedGameError>(),
    )?;
    m.add("InvalidSettingError", py.get_type::<InvalidSettingError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(max_threads, m)?)?;
    Ok(())
}

/// The most search threads worth asking for: the number of cores.
#[pyfunction]
fn max_threads() -> usize {
    inarow_engine::max_threads()
}
