//! `Solver`: the engine's exact Connect-Four solver, its table kept between
//! calls, the GIL released while it searches.

use inarow_engine::{SolveLimits, DEFAULT_SOLVER_HASH_MIB};
use inarow_games::{AnyGame, Connect4, Size};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::args::{count, deadline, hash_mib, threads};
use crate::position::{move_index, Position};

// The signature below writes the default out for help(); it must stay the engine's.
const _: () = assert!(DEFAULT_SOLVER_HASH_MIB == 72);

/// The Connect-Four position the solver can solve.
fn connect4(position: &Position) -> PyResult<Connect4> {
    match position.game {
        AnyGame::Connect4(p) => Ok(p),
        AnyGame::TicTacToe(_) => Err(PyValueError::new_err(
            "the exact solver plays Connect Four; Engine solves tic-tac-toe outright",
        )),
    }
}

/// The exact Connect-Four solver, on any board size inarow plays.
///
/// - hash_mb: the transposition tables, in MiB. They persist across calls,
///   so later positions of a game are solved faster; clear() empties them.
/// - threads: search threads, 1 to max_threads(); scores do not depend on it.
/// - book: answer 7x6 positions in inarow's opening book without a search.
///
/// Scores are Pascal Pons's, for the player to move: a win scores 1 plus the
/// stones the winner has not yet played of its share of a full board (the
/// sooner, the higher), a loss the negative of the opponent's score, a draw 0.
/// A finished game scores its result.
///
/// Every method takes timeout (seconds) and nodes; a call that reaches one
/// gives up and returns None, keeping what it learnt in the table. Calls
/// release the GIL; one call at a time per Solver.
#[pyclass(module = "inarow", name = "Solver")]
pub struct Solver {
    solver: inarow_engine::Solver,
    hash_mb: usize,
}

impl Solver {
    /// Runs `solve` on the solver without the GIL, within the limits.
    fn run<T: Send>(
        &mut self,
        py: Python<'_>,
        timeout: Option<f64>,
        nodes: Option<i64>,
        solve: impl FnOnce(&mut inarow_engine::Solver, &SolveLimits<'_>) -> T + Send,
    ) -> PyResult<T> {
        let limits = SolveLimits {
            nodes: count("nodes", nodes)?,
            deadline: deadline(timeout)?,
            signals: None,
        };
        let solver = &mut self.solver;
        Ok(py.detach(move || solve(solver, &limits)))
    }
}

#[pymethods]
impl Solver {
    #[new]
    #[pyo3(signature = (hash_mb = 72, threads = 1, book = true))]
    fn new(hash_mb: i64, threads: i64, book: bool) -> PyResult<Self> {
        let hash_mb = hash_mib(hash_mb)?;
        let mut solver = inarow_engine::Solver::new(Size::STANDARD, hash_mb);
        solver.set_threads(self::threads(threads)?);
        solver.set_book(book.then(inarow_engine::book::embedded));
        Ok(Solver { solver, hash_mb })
    }

    /// Pons's exact score of a Connect-Four position (see the class doc), or
    /// None if a limit was reached first.
    #[pyo3(signature = (position, *, timeout = None, nodes = None))]
    fn solve(
        &mut self,
        py: Python<'_>,
        position: PyRef<'_, Position>,
        timeout: Option<f64>,
        nodes: Option<i64>,
    ) -> PyResult<Option<i32>> {
        let position = connect4(&position)?;
        self.run(py, timeout, nodes, |solver, limits| {
            solver.solve_within(&position, false, limits)
        })
    }

    /// Who wins with perfect play, for the player to move: 1, 0 (a draw) or
    /// -1; faster than solve. None if a limit was reached first.
    #[pyo3(signature = (position, *, timeout = None, nodes = None))]
    fn solve_weak(
        &mut self,
        py: Python<'_>,
        position: PyRef<'_, Position>,
        timeout: Option<f64>,
        nodes: Option<i64>,
    ) -> PyResult<Option<i32>> {
        let position = connect4(&position)?;
        self.run(py, timeout, nodes, |solver, limits| {
            solver.solve_within(&position, true, limits)
        })
    }

    /// The exact score of playing each column, left to right, for the player
    /// to move: None for a full column (every column once the game is over).
    /// With weak, only 1, 0 or -1. None if a limit was reached first.
    #[pyo3(signature = (position, *, weak = false, timeout = None, nodes = None))]
    fn analyze(
        &mut self,
        py: Python<'_>,
        position: PyRef<'_, Position>,
        weak: bool,
        timeout: Option<f64>,
        nodes: Option<i64>,
    ) -> PyResult<Option<Vec<Option<i32>>>> {
        let position = connect4(&position)?;
        self.run(py, timeout, nodes, |solver, limits| {
            solver.analyze_within(&position, weak, limits)
        })
    }

    /// A move (the column from 0) that keeps the position's exact score:
    /// the quickest win, the slowest loss. None if a limit was reached first.
    ///
    /// Raises ValueError if the game is over.
    #[pyo3(signature = (position, *, timeout = None, nodes = None))]
    fn best_move(
        &mut self,
        py: Python<'_>,
        position: PyRef<'_, Position>,
        timeout: Option<f64>,
        nodes: Option<i64>,
    ) -> PyResult<Option<usize>> {
        let game = position.game;
        let position = connect4(&position)?;
        if game.outcome().is_some() {
            return Err(PyValueError::new_err("the game is over: there is no move"));
        }
        let best = self.run(py, timeout, nodes, |solver, limits| {
            solver.best_move_within(&position, limits)
        })?;
        Ok(best
            .map(|(column, _)| move_index(&game, inarow_games::Game::to_drop(&position, column))))
    }

    /// Empties the tables and resets the node count.
    fn clear(&mut self) {
        self.solver.clear();
    }

    /// Nodes searched since the Solver was made or cleared.
    #[getter]
    fn nodes(&self) -> u64 {
        self.solver.nodes()
    }

    /// The search threads.
    #[getter]
    fn threads(&self) -> usize {
        self.solver.threads()
    }

    /// Whether the opening book is consulted.
    #[getter]
    fn book(&self) -> bool {
        self.solver.book().is_some()
    }

    /// The table size asked for, in MiB.
    #[getter]
    fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    fn __repr__(&self) -> String {
        format!(
            "Solver(hash_mb={}, threads={}, book={})",
            self.hash_mb,
            self.solver.threads(),
            if self.book() { "True" } else { "False" }
        )
    }
}
