//! Perft: the number of legal move sequences of a given length, the standard
//! check of move generation. No moves are counted after a game is won.

use std::fmt;
use std::time::{Duration, Instant};

use crate::notation::Drop;
use crate::Game;

/// The number of move sequences of length `depth` from `position`.
///
/// The last ply is counted in bulk: the number of legal moves of each position
/// one ply short of `depth`, without playing them.
#[must_use]
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.move_count() as u64,
        _ => position
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = position.clone();
                child.play_unchecked(mv);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// Perft split by the first move: the count under each legal move, in move order.
#[must_use]
pub fn divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}

/// A perft run as `perft` commands print it: the count under each first move
/// (with divide), the total, the time and the speed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftReport {
    /// The count under each first move, if split by move.
    pub divide: Vec<(Drop, u64)>,
    /// The number of move sequences.
    pub total: u64,
    /// The time taken.
    pub elapsed: Duration,
}

impl PerftReport {
    /// Counts the sequences of `depth` moves from `position`, split by the
    /// first move if `split`.
    #[must_use]
    pub fn run<G: Game>(position: &G, depth: u32, split: bool) -> Self {
        let start = Instant::now();
        let (divide, total) = if split && depth > 0 {
            let counts: Vec<(Drop, u64)> = divide(position, depth)
                .into_iter()
                .map(|(mv, count)| (position.to_drop(mv), count))
                .collect();
            let total = counts.iter().map(|(_, count)| count).sum();
            (counts, total)
        } else {
            (Vec::new(), perft(position, depth))
        };
        PerftReport {
            divide,
            total,
            elapsed: start.elapsed(),
        }
    }
}

impl fmt::Display for PerftReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (drop, count) in &self.divide {
            writeln!(f, "{drop} {count}")?;
        }
        let seconds = self.elapsed.as_secs_f64();
        writeln!(f, "total {}", self.total)?;
        writeln!(f, "time {seconds:.3} s")?;
        write!(f, "nps {:.0}", self.total as f64 / seconds.max(1e-9))
    }
}
