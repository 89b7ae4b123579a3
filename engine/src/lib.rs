//! Search for inarow.
//!
//! - [`Searcher`]: one generic depth-limited negamax with alpha-beta, iterative
//!   deepening, move ordering and a transposition table, monomorphised per game.
//!   It reports progress through a callback and never prints.
//! - [`Solver`]: the exact Connect-Four solver, returning Pascal Pons's score
//!   for any position and board size.
//! - [`FamilySolver`]: the exact solver of the rest of the k-in-a-row family
//!   (m,n,k-games, Connect-k), on the boards small enough.
//! - [`Score`]: a heuristic value or a proven result.
//! - [`AnySearcher`]: the one place that picks the searcher of a game chosen
//!   at run time.
//! - [`Strength`]: full strength or a weaker level, and how a move is chosen at it.
//! - [`trace`]: the search's observer hook, and a recorder of every node it
//!   examines; [`knuth_moore`]: minimax and Knuth and Moore's F1 and F2 on any
//!   tree, explicit or a game's, recorded the same way.

pub mod analysis;
pub mod any;
pub mod books;
mod family;
pub mod gomoku;
mod limits;
mod oracle;
pub mod score;
mod search;
mod solver;
pub mod strength;
pub mod time;
mod tt;

pub use analysis::{Bounds, ExactScorer, Negamax, Rule, RuleBound};
pub use any::{Analyst, AnySearcher};
pub use family::{FamilyScorer, FamilySolver};
pub use gomoku::GomokuSearcher;
pub use limits::{Limits, Signals, SolveLimits};
pub use oracle::{Kept, NoOracle, Oracle, ProvenLines};
pub use score::Score;
pub use search::heuristics::{ordered_moves, SearchGame};
pub use search::{knuth_moore, trace};
pub use search::{
    Info, IterationNodes, SearchResult, SearchStats, Searcher, Source, DEFAULT_HASH_MIB,
};
pub use solver::{
    FourInARow, GravityPosition, LineRule, Solver, SolverOf, DEFAULT_SOLVER_HASH_MIB,
};
pub use strength::{Choice, LevelRng, Strength};
pub use time::{Clock, TimeBudget};
pub use tt::{Bound, TableKey, TranspositionTable, TranspositionTableOf, TtEntry};

/// The largest table a front end offers, in MiB (UCI's `Hash` maximum).
pub const MAX_HASH_MIB: usize = 32_768;

/// The most search threads worth running: the number of cores (1 if unknown).
#[must_use]
pub fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// A thread count outside 1 to [`max_threads`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreadCountError {
    /// The count asked for.
    pub threads: usize,
    /// The most there may be: the number of cores.
    pub max: usize,
}

impl std::fmt::Display for ThreadCountError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "expected a thread count from 1 to {}, got {}",
            self.max, self.threads
        )
    }
}

impl std::error::Error for ThreadCountError {}

/// A thread count asked for from outside, checked: 1 to [`max_threads`].
///
/// # Errors
/// [`ThreadCountError`], saying the range, if `threads` is outside it.
pub fn check_threads(threads: usize) -> Result<usize, ThreadCountError> {
    let max = max_threads();
    if (1..=max).contains(&threads) {
        Ok(threads)
    } else {
        Err(ThreadCountError { threads, max })
    }
}
