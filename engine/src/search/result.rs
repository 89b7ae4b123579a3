//! What a search reports: its progress, its result and its statistics.

use std::time::Duration;

use crate::score::Score;

/// Progress of a search: one line of analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info<M> {
    /// The depth of the last finished iteration, in plies.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Which line this is, 1 for the best.
    pub multipv: usize,
    /// The score of the line for the side to move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Transposition table use, per thousand.
    pub hashfull: u32,
    /// The principal variation, starting with this line's move.
    pub pv: Vec<M>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the game is over.
    pub best: Option<M>,
    /// The expected reply, if known.
    pub ponder: Option<M>,
    /// The lines of the last finished iteration, best first (one unless MultiPV).
    pub lines: Vec<Info<M>>,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// What found the move.
    pub source: Source,
    /// How well the search ordered its moves (empty unless it searched).
    pub stats: SearchStats,
}

/// How well a search ordered its moves: the numbers an engine author tunes
/// against. Counted on the main thread only (helper threads count nothing).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Nodes whose remaining moves were cut off because one reached beta.
    pub cutoffs: u64,
    /// Those cut off by the first move searched: with perfect ordering, all.
    pub first_move_cutoffs: u64,
    /// Transposition table probes (one per node searched with depth left).
    pub tt_probes: u64,
    /// Probes that found an entry for the position.
    pub tt_hits: u64,
    /// Hits whose stored value decided the node without a search.
    pub tt_cutoffs: u64,
    /// Each finished iteration: its depth and the nodes it took (the main
    /// thread's).
    pub iterations: Vec<IterationNodes>,
}

/// The nodes one iteration of iterative deepening took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IterationNodes {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The nodes it searched.
    pub nodes: u64,
}

impl SearchStats {
    /// The share of beta cutoffs made by the first move searched (`None`
    /// without cutoffs).
    #[must_use]
    pub fn first_move_share(&self) -> Option<f64> {
        ratio(self.first_move_cutoffs, self.cutoffs)
    }

    /// The share of table probes that found the position.
    #[must_use]
    pub fn tt_hit_rate(&self) -> Option<f64> {
        ratio(self.tt_hits, self.tt_probes)
    }

    /// The share of table probes whose entry decided the node.
    #[must_use]
    pub fn tt_cutoff_rate(&self) -> Option<f64> {
        ratio(self.tt_cutoffs, self.tt_probes)
    }

    /// The effective branching factor of each iteration after the first:
    /// its nodes over the previous iteration's, with its depth.
    #[must_use]
    pub fn branching_factors(&self) -> Vec<(u32, f64)> {
        self.iterations
            .windows(2)
            .filter_map(|pair| Some((pair[1].depth, ratio(pair[1].nodes, pair[0].nodes)?)))
            .collect()
    }
}

/// `part / whole`, `None` when `whole` is 0.
fn ratio(part: u64, whole: u64) -> Option<f64> {
    (whole > 0).then(|| part as f64 / whole as f64)
}

/// What found a search's move: the engine tries each in this order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Source {
    /// The opening book, without a search.
    Book,
    /// The exact solver (the oracle).
    Solver,
    /// The solver's proof that the move keeps the outcome, a win or a draw
    /// (under a clock, when the exact score was out of reach): a win's
    /// distance is then the latest the proof allows.
    Proof,
    /// The heuristic search.
    #[default]
    Search,
}

impl Source {
    /// The word for it: `book`, `solver`, `proof` or `search`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Source::Book => "book",
            Source::Solver => "solver",
            Source::Proof => "proof",
            Source::Search => "search",
        }
    }
}

impl<M: Clone> SearchResult<M> {
    /// The best line (depth 0 and a heuristic 0 if no iteration finished).
    #[must_use]
    pub fn info(&self) -> Info<M> {
        self.lines.first().cloned().unwrap_or(Info {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score: Score::Heuristic(0),
            nodes: self.nodes,
            elapsed: self.elapsed,
            hashfull: 0,
            pv: Vec::new(),
        })
    }

    /// The score of the best line.
    #[must_use]
    pub fn score(&self) -> Score {
        self.lines.first().map_or(Score::Heuristic(0), |l| l.score)
    }
}
