//! The root's windows on every thread: Lazy SMP over the shared tables,
//! the first answer ending a window for all.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::limits::SolveLimits;
use crate::tt::TableKey;

use super::busy::Busy;
use super::position::GravityPosition;
use super::search::Search;
use super::windows::{log_window, Windows};
use super::SolverOf;

impl<B: TableKey, P: GravityPosition<B>> SolverOf<B, P> {
    /// [`Solver::settle`] on every thread, from the bounds `(min, max)`.
    ///
    /// The threads share each window (Lazy SMP over the shared table). A
    /// thread defers the moves another thread is searching (simplified
    /// ABDADA), and unwinds from a node another thread has settled (see
    /// [`Search::unwind_to_settled_ancestor`]). The first answer ends the
    /// window for all; each thread then takes the next one as it frees up.
    pub(super) fn settle_on_threads(
        &mut self,
        position: &P,
        (min, max): (i32, i32),
        limits: &SolveLimits<'_>,
    ) -> (i32, i32) {
        let threads = self.threads;
        let shared = Mutex::new(Windows {
            min,
            max,
            asking: vec![None; threads],
            stopped: false,
        });
        // Set when a thread's window is no longer worth asking.
        let dropped: Vec<AtomicBool> = (0..threads).map(|_| AtomicBool::new(false)).collect();
        let busy = Busy::new();
        let used = AtomicU64::new(0);
        let solver = &*self;
        let work = |thread: usize| {
            let mut nodes = 0;
            loop {
                let (mid, left) = {
                    let mut windows = shared.lock().unwrap_or_else(PoisonError::into_inner);
                    if windows.stopped || windows.min >= windows.max {
                        break;
                    }
                    let Some(left) = limits.after(used.load(Ordering::Relaxed)) else {
                        windows.stop(&dropped);
                        break;
                    };
                    let mid = windows.choose();
                    windows.asking[thread] = Some(mid);
                    dropped[thread].store(false, Ordering::Relaxed);
                    (mid, left)
                };
                let mut search = Search {
                    done: Some(&dropped[thread]),
                    busy: Some(&busy),
                    ..solver.searcher(position, mid, &left)
                };
                let r = search.run(position, mid);
                log_window(mid, r, search.nodes, thread);
                nodes += search.nodes;
                used.fetch_add(search.nodes, Ordering::Relaxed);
                let mut windows = shared.lock().unwrap_or_else(PoisonError::into_inner);
                windows.asking[thread] = None;
                match r {
                    Some(r) => windows.answer(mid, r, &dropped),
                    // Another answer made this window pointless: choose again.
                    None if dropped[thread].load(Ordering::Relaxed) && !windows.stopped => {}
                    None => windows.stop(&dropped),
                }
            }
            nodes
        };
        let nodes: u64 = std::thread::scope(|scope| {
            let work = &work;
            let helpers: Vec<_> = (1..threads)
                .map(|thread| scope.spawn(move || work(thread)))
                .collect();
            work(0)
                + helpers
                    .into_iter()
                    .map(|helper| helper.join().unwrap_or(0))
                    .sum::<u64>()
        });
        self.nodes += nodes;
        let windows = shared.into_inner().unwrap_or_else(PoisonError::into_inner);
        (windows.min, windows.max)
    }
}
