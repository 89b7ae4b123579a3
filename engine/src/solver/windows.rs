//! The root's null windows: which to ask first, how an answer narrows the
//! bounds, and what the threads share of them.

use std::sync::atomic::{AtomicBool, Ordering};

/// Logs (at debug level, on stderr) what one null window `(mid, mid + 1)`
/// proved on `thread` and the nodes it took: `RUST_LOG=debug inarow solve`
/// shows how the windows narrow the score.
pub(super) fn log_window(mid: i32, r: Option<i32>, nodes: u64, thread: usize) {
    if !log::log_enabled!(log::Level::Debug) {
        return;
    }
    let proved = match r {
        Some(r) if r <= mid => format!("score at most {r}"),
        Some(r) => format!("score at least {r}"),
        None => "stopped".to_owned(),
    };
    log::debug!(
        "window ({mid}, {}) on thread {thread}: {proved}, {nodes} nodes",
        mid + 1
    );
}

/// The first null window `(mid, mid + 1)` a solve with the bounds
/// `(min, max)` asks (see [`Solver::settle`]).
pub(super) fn first_window(min: i32, max: i32) -> i32 {
    if min >= 0 {
        min
    } else if max <= 0 {
        max - 1
    } else {
        0
    }
}

/// The bounds `(min, max)` once the null window `(mid, mid + 1)` has
/// returned `r`: an upper bound at or below `mid`, a lower bound above it.
pub(super) fn narrowed((min, max): (i32, i32), mid: i32, r: i32) -> (i32, i32) {
    if r <= mid {
        (min, max.min(r))
    } else {
        (min.max(r), max)
    }
}

/// What the threads of one solve share: the bounds proved so far and the
/// window each thread is asking, by its `mid`.
pub(super) struct Windows {
    pub(super) min: i32,
    pub(super) max: i32,
    pub(super) asking: Vec<Option<i32>>,
    /// Set when a limit was reached.
    pub(super) stopped: bool,
}

impl Windows {
    /// Whether the window `(mid, mid + 1)` would tell anything new.
    pub(super) fn worth_asking(&self, mid: i32) -> bool {
        self.min <= mid && mid < self.max
    }

    /// The window for a thread to ask next: the solve's next one, whoever
    /// else asks it.
    pub(super) fn choose(&self) -> i32 {
        first_window(self.min, self.max)
    }

    /// Records that the window `(mid, mid + 1)` returned `r`, and drops the
    /// windows no longer worth asking.
    pub(super) fn answer(&mut self, mid: i32, r: i32, dropped: &[AtomicBool]) {
        (self.min, self.max) = narrowed((self.min, self.max), mid, r);
        for (asking, dropped) in self.asking.iter().zip(dropped) {
            if asking.is_some_and(|mid| !self.worth_asking(mid)) {
                dropped.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Ends the solve at a limit: every thread stops.
    pub(super) fn stop(&mut self, dropped: &[AtomicBool]) {
        self.stopped = true;
        for dropped in dropped {
            dropped.store(true, Ordering::Relaxed);
        }
    }
}
