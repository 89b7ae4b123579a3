//! The search benchmark: fixed positions of both games and several board
//! sizes, searched to a fixed depth with the table cleared before each. The
//! total node count is the search's signature: it changes only when the
//! search's behaviour does.
//!
//! As in Stockfish, the benchmark runs through the engine session: each
//! position is the lines a GUI would send (`setoption`, `ucinewgame`,
//! `position`, `go depth N`), so it measures what users run.
//!
//! Beside speed it reports how well the search ordered its moves, over all
//! positions: the share of beta cutoffs made by the first move searched, the
//! transposition table's hit and cutoff rates, and the effective branching
//! factor of each iteration (its nodes over the previous iteration's).

use std::fmt;
use std::time::{Duration, Instant};

use inarow_engine::{Score, SearchStats};
use inarow_games::{Connect4, Drop, Game, Size};

use crate::session::Session;

/// The default depth of `inarow bench`, in plies.
pub const DEFAULT_DEPTH: u32 = 16;

/// The default table size of `inarow bench`, in MiB.
pub const DEFAULT_HASH_MIB: usize = 16;

/// The Connect-Four positions: a board size and a Pons move string.
const CONNECT4: &[(&str, &str)] = &[
    ("7x6", ""),
    ("7x6", "4453"),
    ("7x6", "44444"),
    ("7x6", "3564123"),
    ("7x6", "444443355"),
    ("7x6", "32164625"),
    ("7x6", "2413765722"),
    ("7x6", "274552224131661"),
    ("7x6", "5455174361263362"),
    ("7x6", "5554224333234511764415115"),
    ("6x5", ""),
    ("6x5", "3344"),
    ("6x7", "43"),
    ("7x7", "4"),
    ("8x7", ""),
    ("9x6", "5"),
    ("4x4", ""),
];

/// The tic-tac-toe positions, as moves from the start.
const TICTACTOE: &[&[&str]] = &[&[], &["b2"], &["a1", "b2", "c3"]];

/// One benchmark position's result.
#[derive(Clone, Debug)]
pub struct BenchLine {
    /// The game and position, e.g. `cfour 7x6 4453`.
    pub name: String,
    /// The search's best move.
    pub best: Option<Drop>,
    /// Its score.
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// How well the search ordered its moves.
    pub stats: SearchStats,
}

/// The whole benchmark's result.
#[derive(Clone, Debug)]
pub struct BenchReport {
    /// Each position.
    pub lines: Vec<BenchLine>,
    /// Nodes over all positions.
    pub nodes: u64,
    /// Time over all positions.
    pub elapsed: Duration,
    /// Ordering counts over all positions (their iterations are not kept:
    /// see [`BenchReport::branching`]).
    pub stats: SearchStats,
    /// For each iteration depth: the nodes of that iteration and of the one
    /// before, summed over the positions that finished both.
    pub branching: Vec<BranchingSum>,
}

/// The nodes of the iterations to one depth and to the depth before, summed
/// over positions: their ratio is the effective branching factor at that depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BranchingSum {
    /// The iteration's depth.
    pub depth: u32,
    /// The nodes of the iterations to `depth`.
    pub nodes: u64,
    /// The nodes of the iterations to `depth - 1` of the same positions.
    pub previous: u64,
}

impl fmt::Display for BenchLine {
    /// One position: its name, best move, score, nodes and time, then the
    /// share of cutoffs by the first move and the table's hit rate (`-`
    /// where there were none).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:<40} {:>7} {:>12} {:>12} nodes {:>8.1} ms  first {:>6}  tt hits {:>6}",
            self.name,
            self.best
                .map_or_else(|| "0000".to_owned(), |best| best.to_string()),
            self.score.to_string(),
            self.nodes,
            self.elapsed.as_secs_f64() * 1000.0,
            percent(self.stats.first_move_share()),
            percent(self.stats.tt_hit_rate()),
        )
    }
}

/// A share as a percentage with one decimal, `-` if there is none.
pub(crate) fn percent(share: Option<f64>) -> String {
    share.map_or_else(|| "-".to_owned(), |s| format!("{:.1}%", s * 100.0))
}

impl fmt::Display for BenchReport {
    /// The signature line: `N nodes N nps`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} nodes {} nps", self.nodes, self.nps())
    }
}

impl BenchReport {
    /// Nodes per second over the whole benchmark.
    #[must_use]
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)) as u64
    }

    /// The ordering figures over all positions, one line each: the cutoffs
    /// and the first move's share, the table's rates, and the effective
    /// branching factor per iteration depth (`depth:factor`).
    #[must_use]
    pub fn ordering_lines(&self) -> Vec<String> {
        let s = &self.stats;
        let factors: Vec<String> = self
            .branching
            .iter()
            .filter(|b| b.previous > 0)
            .map(|b| format!("{}:{:.2}", b.depth, b.nodes as f64 / b.previous as f64))
            .collect();
        vec![
            format!(
                "ordering: {} beta cutoffs, {} by the first move searched",
                s.cutoffs,
                percent(s.first_move_share())
            ),
            format!(
                "tt: {} probes, {} hits, {} cutoffs",
                s.tt_probes,
                percent(s.tt_hit_rate()),
                percent(s.tt_cutoff_rate())
            ),
            format!("ebf by iteration: {}", factors.join(" ")),
        ]
    }
}

/// Adds one search's counts to `total`, and its consecutive iterations to
/// `branching` (kept sorted by depth).
fn accumulate(total: &mut SearchStats, branching: &mut Vec<BranchingSum>, stats: &SearchStats) {
    total.cutoffs += stats.cutoffs;
    total.first_move_cutoffs += stats.first_move_cutoffs;
    total.tt_probes += stats.tt_probes;
    total.tt_hits += stats.tt_hits;
    total.tt_cutoffs += stats.tt_cutoffs;
    for pair in stats.iterations.windows(2) {
        let (previous, this) = (pair[0], pair[1]);
        let at = match branching.binary_search_by_key(&this.depth, |b| b.depth) {
            Ok(at) => at,
            Err(at) => {
                branching.insert(
                    at,
                    BranchingSum {
                        depth: this.depth,
                        nodes: 0,
                        previous: 0,
                    },
                );
                at
            }
        };
        branching[at].nodes += this.nodes;
        branching[at].previous += previous.nodes;
    }
}

/// Runs the benchmark to `depth` plies with a table of `hash_mib` MiB on
/// `threads` threads, calling `each` after every position. Only one thread
/// gives the deterministic node count.
#[must_use]
pub fn run(
    depth: u32,
    hash_mib: usize,
    threads: usize,
    mut each: impl FnMut(&BenchLine),
) -> BenchReport {
    let mut session = Session::new(std::io::sink());
    session.handle_line(&format!("setoption name Hash value {}", hash_mib.max(1)));
    session.handle_line(&format!("setoption name Threads value {}", threads.max(1)));
    let connect4 = CONNECT4.iter().map(|&(size, moves)| {
        let size: Size = size.parse().expect("benchmark sizes are valid");
        let position =
            Connect4::from_move_string(size, moves).expect("benchmark positions are valid");
        let name = format!("cfour {size} {moves}");
        (name, "cfour", format!("fen {}", position.fen()))
    });
    let tictactoe = TICTACTOE.iter().map(|moves| {
        let name = format!("tictactoe {}", moves.join(" "));
        let mut position = "startpos".to_owned();
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        (name, "tictactoe", position)
    });
    let mut lines = Vec::new();
    for (name, variant, position) in connect4.chain(tictactoe) {
        for line in [
            format!("setoption name UCI_Variant value {variant}"),
            "ucinewgame".to_owned(),
            format!("position {position}"),
            format!("go depth {depth}"),
        ] {
            session.handle_line(&line);
        }
        let start = Instant::now();
        let result = session.wait_for_search();
        let line = BenchLine {
            name: name.trim_end().to_owned(),
            best: result.as_ref().and_then(|r| r.best),
            score: result.as_ref().map_or(Score::Heuristic(0), |r| r.score()),
            nodes: result.as_ref().map_or(0, |r| r.nodes),
            elapsed: result
                .as_ref()
                .map_or_else(|| start.elapsed(), |r| r.elapsed),
            stats: result.map(|r| r.stats).unwrap_or_default(),
        };
        each(&line);
        lines.push(line);
    }
    let nodes = lines.iter().map(|l| l.nodes).sum();
    let elapsed = lines.iter().map(|l| l.elapsed).sum();
    let mut stats = SearchStats::default();
    let mut branching = Vec::new();
    for line in &lines {
        accumulate(&mut stats, &mut branching, &line.stats);
    }
    BenchReport {
        lines,
        nodes,
        elapsed,
        stats,
        branching,
    }
}
