//! Search for inarow.
//!
//! - [`Searcher`]: one generic depth-limited negamax with alpha-beta, iterative
//!   deepening, move ordering and a transposition table, monomorphised per game.
//!   It reports progress through a callback and never prints.
//! - [`Score`]: a heuristic value or a proven result.

pub mod bench;
mod heuristics;
pub mod score;
mod search;
pub mod time;
mod tt;

pub use heuristics::SearchGame;
pub use score::Score;
pub use search::{Info, Limits, SearchResult, Searcher, Signals, DEFAULT_HASH_MIB};
pub use time::{Clock, TimeBudget};
pub use tt::{Bound, TranspositionTable, TtEntry};
