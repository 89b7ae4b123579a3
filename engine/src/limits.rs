//! What bounds a search or a solve, and the flags another thread raises
//! while one runs: shared by the heuristic search, the exact solver and the
//! analyst, and owned by none of them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::time::Clock;

/// What bounds a search. With no limit at all the search goes to the end of the game.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Iterations go no deeper than this many plies.
    pub depth: Option<u32>,
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// The first iteration's depth (1 if unset). With the same value as
    /// `depth`, one search to that depth without iterative deepening.
    pub start_depth: Option<u32>,
    /// Think exactly this long (less if the position is solved first).
    pub movetime: Option<Duration>,
    /// Think by the clock.
    pub clock: Option<Clock>,
    /// Time lost per move to communication; taken off the clock.
    pub overhead: Duration,
    /// Stop at this instant at the latest.
    pub deadline: Option<Instant>,
    /// Stop once a win in at most this many of the side to move's moves is found.
    pub mate: Option<u32>,
    /// The number of best moves to find, each with its own line (at least 1).
    pub multipv: usize,
}

/// Flags another thread raises while a search runs.
#[derive(Debug, Default)]
pub struct Signals {
    stop: AtomicBool,
    ponder: AtomicBool,
}

impl Signals {
    /// Fresh signals: not stopped, not pondering.
    #[must_use]
    pub fn new() -> Self {
        Signals::default()
    }

    /// Asks the search to stop as soon as it can.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// While pondering, time limits are not applied; the search runs until
    /// stopped or until pondering ends and time runs out.
    pub fn set_ponder(&self, ponder: bool) {
        self.ponder.store(ponder, Ordering::Relaxed);
    }

    /// Whether the search is pondering.
    #[must_use]
    pub fn is_pondering(&self) -> bool {
        self.ponder.load(Ordering::Relaxed)
    }

    /// Clears both flags for the next search.
    pub fn reset(&self) {
        self.stop.store(false, Ordering::Relaxed);
        self.ponder.store(false, Ordering::Relaxed);
    }
}

/// Limits on one solve: it gives up past them.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolveLimits<'a> {
    /// Give up after this many nodes.
    pub nodes: Option<u64>,
    /// Give up at this instant.
    pub deadline: Option<Instant>,
    /// Give up when these signals ask the search to stop.
    pub signals: Option<&'a Signals>,
}

impl SolveLimits<'_> {
    /// Whether the signals ask the search to stop or the deadline has passed.
    pub(crate) fn reached_by_time(&self) -> bool {
        self.signals.is_some_and(Signals::is_stopped)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// What is left of these limits after `used` nodes: `None` if nothing is
    /// (the nodes are spent, or the deadline or a stop is reached: a search
    /// looks at the clock only every few thousand nodes, so each of many
    /// searches started past the deadline would run that long).
    pub(crate) fn after(&self, used: u64) -> Option<Self> {
        if self.reached_by_time() {
            return None;
        }
        match self.nodes {
            Some(n) if used >= n => None,
            nodes => Some(SolveLimits {
                nodes: nodes.map(|n| n - used),
                ..*self
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_is_left_past_the_deadline_or_the_nodes() {
        let past = SolveLimits {
            deadline: Some(Instant::now()),
            ..SolveLimits::default()
        };
        assert!(past.after(0).is_none());
        let future = SolveLimits {
            nodes: Some(10),
            deadline: Some(Instant::now() + Duration::from_secs(600)),
            signals: None,
        };
        assert_eq!(future.after(4).and_then(|left| left.nodes), Some(6));
        assert!(future.after(10).is_none());
    }
}
