//! `Solver`: the engine's exact analyst for every game inarow plays (the
//! Connect-Four solver, a whole-tree search of tic-tac-toe, the family's
//! solver for the other members), its tables kept between calls, the GIL
//! released while it searches.

use crate::GameOverError;
use inarow_engine::{Analyst, SolveLimits, DEFAULT_SOLVER_HASH_MIB};
use inarow_games::Game;
use pyo3::prelude::*;

use crate::args::{deadline, hash_mib, setting_count, threads};
use crate::position::{move_count, move_index, Position};

// The signature below writes the default out for help(); it must stay the engine's.
const _: () = assert!(DEFAULT_SOLVER_HASH_MIB == 72);

/// The exact solver, on every game and board size inarow plays.
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
    analyst: Analyst,
    hash_mb: usize,
}

impl Solver {
    /// Runs `solve` on the analyst without the GIL, within the limits.
    fn run<T: Send>(
        &mut self,
        py: Python<'_>,
        timeout: Option<f64>,
        nodes: Option<i64>,
        solve: impl FnOnce(&mut Analyst, &SolveLimits<'_>) -> T + Send,
    ) -> PyResult<T> {
        let limits = SolveLimits {
            nodes: setting_count("nodes", nodes)?,
            deadline: deadline(timeout)?,
            signals: None,
        };
        let analyst = &mut self.analyst;
        Ok(py.detach(move || solve(analyst, &limits)))
    }
}

#[pymethods]
impl Solver {
    #[new]
    #[pyo3(signature = (hash_mb = 72, threads = 1, book = true))]
    fn new(hash_mb: i64, threads: i64, book: bool) -> PyResult<Self> {
        let hash_mb = hash_mib(hash_mb)?;
        let mut analyst = Analyst::new(hash_mb);
        analyst.set_threads(self::threads(threads)?);
        analyst.set_book(book.then(inarow_engine::books::opening::embedded));
        Ok(Solver { analyst, hash_mb })
    }

    /// Pons's exact score of a position (see the class doc), or None if a
    /// limit was reached first.
    #[pyo3(signature = (position, *, timeout = None, nodes = None))]
    fn solve(
        &mut self,
        py: Python<'_>,
        position: PyRef<'_, Position>,
        timeout: Option<f64>,
        nodes: Option<i64>,
    ) -> PyResult<Option<i32>> {
        let game = position.game;
        self.run(py, timeout, nodes, |analyst, limits| {
            analyst.score(&game, false, limits)
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
        let game = position.game;
        self.run(py, timeout, nodes, |analyst, limits| {
            analyst.score(&game, true, limits)
        })
    }

    /// The exact score of playing each move, by its int (each column left to
    /// right where stones fall, else each cell), for the player to
    /// move: None for a move that cannot be played (every move once the game
    /// is over). With weak, only 1, 0 or -1. None if a limit was reached first.
    #[pyo3(signature = (position, *, weak = false, timeout = None, nodes = None))]
    fn analyze(
        &mut self,
        py: Python<'_>,
        position: PyRef<'_, Position>,
        weak: bool,
        timeout: Option<f64>,
        nodes: Option<i64>,
    ) -> PyResult<Option<Vec<Option<i32>>>> {
        let game = position.game;
        let scores = self.run(py, timeout, nodes, |analyst, limits| {
            analyst.move_scores(&game, weak, limits)
        })?;
        let mut by_index = vec![None; move_count(&game)];
        for (drop, score) in scores {
            let Some(score) = score else {
                return Ok(None);
            };
            by_index[move_index(&game, drop)] = Some(score);
        }
        Ok(Some(by_index))
    }

    /// A move (its int) that keeps the position's exact score:
    /// the quickest win, the slowest loss. None if a limit was reached first.
    ///
    /// Raises GameOverError if the game is over.
    #[pyo3(signature = (position, *, timeout = None, nodes = None))]
    fn best_move(
        &mut self,
        py: Python<'_>,
        position: PyRef<'_, Position>,
        timeout: Option<f64>,
        nodes: Option<i64>,
    ) -> PyResult<Option<usize>> {
        let game = position.game;
        if game.outcome().is_some() {
            return Err(GameOverError::new_err("the game is over: there is no move"));
        }
        let best = self.run(py, timeout, nodes, |analyst, limits| {
            analyst.best_move(&game, limits)
        })?;
        Ok(best.map(|(drop, _)| move_index(&game, drop)))
    }

    /// Empties the tables and resets the node count.
    fn clear(&mut self) {
        self.analyst.clear();
    }

    /// Nodes searched since the Solver was made or cleared.
    #[getter]
    fn nodes(&self) -> u64 {
        self.analyst.nodes()
    }

    /// The search threads.
    #[getter]
    fn threads(&self) -> usize {
        self.analyst.threads()
    }

    /// Whether the opening book is consulted.
    #[getter]
    fn book(&self) -> bool {
        self.analyst.has_book()
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
            self.analyst.threads(),
            if self.book() { "True" } else { "False" }
        )
    }
}
