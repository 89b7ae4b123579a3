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
    m.add("target_cpu", TARGET_CPU)?;
    m.add_function(wrap_pyfunction!(max_threads, m)?)?;
    m.add_function(wrap_pyfunction!(machine_cpu, m)?)?;
    Ok(())
}

/// The x86-64 level (microarchitecture level of the psABI) this module was
/// compiled for: `inarow/__init__.py` loads the highest the machine runs.
const TARGET_CPU: &str = if cfg!(all(
    target_feature = "avx512f",
    target_feature = "avx512bw",
    target_feature = "avx512cd",
    target_feature = "avx512dq",
    target_feature = "avx512vl"
)) {
    "x86-64-v4"
} else if cfg!(all(
    target_feature = "avx2",
    target_feature = "bmi1",
    target_feature = "bmi2",
    target_feature = "fma",
    target_feature = "lzcnt",
    target_feature = "movbe"
)) {
    "x86-64-v3"
} else if cfg!(all(
    target_feature = "sse4.2",
    target_feature = "popcnt",
    target_feature = "ssse3"
)) {
    "x86-64-v2"
} else {
    "x86-64"
};

/// The highest x86-64 level this machine runs, as `TARGET_CPU` names them
/// ("x86-64" on other architectures): what the CPU has and the operating
/// system enables (the AVX registers' state), as `is_x86_feature_detected!`
/// finds it.
#[pyfunction(name = "_machine_cpu")]
fn machine_cpu() -> &'static str {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        let v2 = has!("sse4.2") && has!("popcnt") && has!("ssse3") && has!("cmpxchg16b");
        let v3 = v2
            && has!("avx2")
            && has!("bmi1")
            && has!("bmi2")
            && has!("fma")
            && has!("f16c")
            && has!("lzcnt")
            && has!("movbe");
        let v4 = v3
            && has!("avx512f")
            && has!("avx512bw")
            && has!("avx512cd")
            && has!("avx512dq")
            && has!("avx512vl");
        if v4 {
            return "x86-64-v4";
        } else if v3 {
            return "x86-64-v3";
        } else if v2 {
            return "x86-64-v2";
        }
    }
    "x86-64"
}

/// The most search threads worth asking for: the number of cores.
#[pyfunction]
fn max_threads() -> usize {
    inarow_engine::max_threads()
}
