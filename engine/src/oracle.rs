//! The exact solver the heuristic search may ask before it searches: a trait,
//! so that the search is generic over it and a game without one pays nothing.

use std::sync::Arc;

use inarow_games::Game;

use crate::books::opening::Book;
use crate::limits::SolveLimits;
use crate::score::Score;

/// Proven lines, best first: each a principal variation (starting with its
/// move) and its proven score.
pub type ProvenLines<M> = Vec<(Vec<M>, Score)>;

/// An exact solver the search can ask before it searches: if the position is
/// solved within the limits, every move gets its proven score at once.
pub trait Oracle<G: Game>: Send + Sized {
    /// The share of the search's hash memory the oracle takes, per cent.
    const HASH_PERCENT: usize;

    /// Whether [`Oracle::keep`] can prove anything.
    const KEEPS: bool = false;

    /// An oracle using about `hash_bytes` bytes of memory.
    fn new(hash_bytes: usize) -> Self;

    /// Forgets what it learnt.
    fn clear(&mut self);

    /// Searches on `threads` threads from now on (an oracle without threads
    /// ignores it).
    fn set_threads(&mut self, _threads: usize) {}

    /// Consults `book` from now on (an oracle without a book ignores it).
    fn set_book(&mut self, _book: Option<Arc<Book>>) {}

    /// Whether the last [`Oracle::solve`] found its move in the book alone.
    fn answered_by_book(&self) -> bool {
        false
    }

    /// The proven scores of `position`'s best `lines` moves (or more), best
    /// first, each with its principal variation (starting with the move), if
    /// found within `limits`.
    fn solve(
        &mut self,
        position: &G,
        lines: usize,
        limits: &SolveLimits<'_>,
    ) -> Option<ProvenLines<G::Move>>;

    /// A move proven to keep `position`'s outcome (a win or a draw) and the
    /// moves found to throw it away, within `limits`; `first` is tried
    /// early. Cheaper than [`Oracle::solve`]: it proves the outcome, not the
    /// exact score, so under a clock it settles positions the exact solve
    /// cannot. An oracle that cannot do this proves nothing.
    fn keep(
        &mut self,
        _position: &G,
        _first: Option<G::Move>,
        _limits: &SolveLimits<'_>,
    ) -> Kept<G::Move> {
        Kept::default()
    }

    /// Nodes searched since the last [`Oracle::clear`].
    fn nodes(&self) -> u64;

    /// Sets its tables up for `position`'s game and faults their memory in
    /// now (see [`crate::tt::TranspositionTable::populate`]), so that no
    /// later solve pays for it; what they hold stays. An oracle without
    /// tables does nothing.
    fn populate(&mut self, _position: &G) {}
}

/// What [`Oracle::keep`] proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept<M> {
    /// A move that keeps the outcome, and the score that proves: a draw, or a
    /// win no later than the one given (its exact distance unknown).
    pub line: Option<(M, Score)>,
    /// Moves found to give the outcome away.
    pub refuted: Vec<M>,
}

impl<M> Default for Kept<M> {
    fn default() -> Self {
        Kept {
            line: None,
            refuted: Vec::new(),
        }
    }
}

/// No oracle: the game is left to the search.
#[derive(Debug)]
pub struct NoOracle;

impl<G: Game> Oracle<G> for NoOracle {
    const HASH_PERCENT: usize = 0;

    fn new(_hash_bytes: usize) -> Self {
        NoOracle
    }

    fn clear(&mut self) {}

    fn solve(
        &mut self,
        _position: &G,
        _lines: usize,
        _limits: &SolveLimits<'_>,
    ) -> Option<ProvenLines<G::Move>> {
        None
    }

    fn nodes(&self) -> u64 {
        0
    }
}
