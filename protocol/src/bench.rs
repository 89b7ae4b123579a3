//! The search benchmark: fixed positions of both games and several board
//! sizes, searched to a fixed depth with the table cleared before each. The
//! total node count is the search's signature: it changes only when the
//! search's behaviour does.
//!
//! As in Stockfish, the benchmark runs through the engine session: each
//! position is the lines a GUI would send (`setoption`, `ucinewgame`,
//! `position`, `go depth N`), so it measures what users run.

use std::fmt;
use std::time::{Duration, Instant};

use inarow_engine::Score;
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
}

impl fmt::Display for BenchLine {
    /// One position: its name, best move, score, nodes and time.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:<40} {:>7} {:>12} {:>12} nodes {:>8.1} ms",
            self.name,
            self.best
                .map_or_else(|| "0000".to_owned(), |best| best.to_string()),
            self.score.to_string(),
            self.nodes,
            self.elapsed.as_secs_f64() * 1000.0
        )
    }
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
        };
        each(&line);
        lines.push(line);
    }
    let nodes = lines.iter().map(|l| l.nodes).sum();
    let elapsed = lines.iter().map(|l| l.elapsed).sum();
    BenchReport {
        lines,
        nodes,
        elapsed,
    }
}
