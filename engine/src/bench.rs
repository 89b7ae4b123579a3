//! The search benchmark: fixed positions of both games and several board
//! sizes, searched to a fixed depth with the table cleared before each. The
//! total node count is the search's signature: it changes only when the
//! search's behaviour does.

use std::fmt;
use std::time::{Duration, Instant};

use inarow_games::{Connect4, Game, Size, TicTacToe};

use crate::search::{Limits, SearchResult, Searcher, Signals};
use crate::SearchGame;

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
    /// The search's best move in drop notation.
    pub best: String,
    /// Its score.
    pub score: crate::Score,
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
            self.best,
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

/// Runs the benchmark to `depth` plies with a table of `hash_mib` MiB, calling
/// `each` after every position.
#[must_use]
pub fn run(depth: u32, hash_mib: usize, mut each: impl FnMut(&BenchLine)) -> BenchReport {
    let mut lines = Vec::new();
    let mut connect4 = Searcher::<Connect4>::new(hash_mib);
    for &(size, moves) in CONNECT4 {
        let size: Size = size.parse().expect("benchmark sizes are valid");
        let position =
            Connect4::from_move_string(size, moves).expect("benchmark positions are valid");
        let line = bench_one(
            &mut connect4,
            &position,
            depth,
            format!("cfour {size} {moves}"),
        );
        each(&line);
        lines.push(line);
    }
    drop(connect4);
    let mut tictactoe = Searcher::<TicTacToe>::new(hash_mib.min(16));
    for moves in TICTACTOE {
        let mut position = TicTacToe::new();
        for text in *moves {
            let mv = position
                .parse_move(text)
                .expect("benchmark moves are valid");
            position.play_unchecked(mv);
        }
        let line = bench_one(
            &mut tictactoe,
            &position,
            depth,
            format!("tictactoe {}", moves.join(" ")),
        );
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

fn bench_one<G: SearchGame>(
    searcher: &mut Searcher<G>,
    position: &G,
    depth: u32,
    name: String,
) -> BenchLine {
    searcher.clear();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let start = Instant::now();
    let result: SearchResult<G::Move> = searcher.search(position, &limits, &Signals::new(), |_| {});
    BenchLine {
        name: name.trim_end().to_owned(),
        best: result
            .best
            .map_or_else(|| "0000".to_owned(), |mv| position.to_drop(mv).to_string()),
        score: result.score(),
        nodes: result.nodes,
        elapsed: start.elapsed(),
    }
}
