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
//! Every error the engine reports becomes a `ValueError` (or a subclass) with
//! the engine's own words; calls that search release the GIL. The agents for
//! the environments are plain Python, in `inarow/agents.py`.

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
    IllegalMoveError,
    PyValueError,
    "A move that cannot be played in the position: text that is not a move, a \
     column or cell off the board, a full column, an occupied cell, or any move \
     once the game is over. The position is unchanged."
);

create_exception!(
    inarow,
    InvalidPositionError,
    PyValueError,
    "Moves, a FEN or a board that are not a position of the game: a malformed \
     or illegal move string, a bad FEN, a board of the wrong shape or an \
     unsupported size, floating stones, stone counts that alternate moves \
     cannot give, or a game that went on after a line."
);

/// The module `inarow._inarow`; `inarow/__init__.py` re-exports it.
#[pymodule]
fn _inarow(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<position::Position>()?;
    m.add_class::<solver::Solver>()?;
    m.add_class::<engine::Engine>()?;
    m.add_class::<engine::SearchResult>()?;
    m.add_class::<engine::Score>()?;
    m.add("IllegalMoveError", m.py().get_type::<IllegalMoveError>())?;
    m.add(
        "InvalidPositionError",
        m.py().get_type::<InvalidPositionError>(),
    )?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(max_threads, m)?)?;
    Ok(())
}

/// The most search threads worth asking for: the number of cores.
#[pyfunction]
fn max_threads() -> usize {
    inarow_engine::max_threads()
}
