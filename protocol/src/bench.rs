//! The search benchmark: fixed positions of Connect Four on several board
//! sizes, tic-tac-toe and gomoku, searched to a fixed depth (gomoku's at most
//! [`GOMOKU_DEPTH`]) with the table cleared before each. The
//! total node count is the search's signature: it changes only when the
//! search's behaviour does.
//!
//! As in Stockfish, this module only says what to run, as the commands a GUI
//! would send (`setoption`, `ucinewgame`, `position`, `go depth N`), and sums
//! up the results; the engine session runs the commands, so the benchmark
//! measures what users run.
//!
//! Beside speed it reports how well the search ordered its moves, over all
//! positions: the share of beta cutoffs made by the first move searched, the
//! transposition table's hit and cutoff rates, and the effective branching
//! factor of each iteration (its nodes over the previous iteration's).

use std::fmt;
use std::time::Duration;

use inarow_engine::{Score, SearchResult, SearchStats};
use inarow_games::{Connect4, Drop, Game, Size};

use crate::command::{Command, Go};

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

/// The gomoku positions on 15x15: a variant and moves from the start.
const GOMOKU: &[(&str, &[&str])] = &[
    ("gomokufreestyle", &["h8", "i9", "g7", "i7", "i8"]),
    (
        "gomoku",
        &["h8", "i7", "j9", "g8", "h7", "h9", "i8", "g6", "j8"],
    ),
];

/// The gomoku positions' depth at most: a gomoku ply has ten times Connect
/// Four's moves, and the gomoku search extends fours and defences, so the
/// benchmark's depth would not end.
pub const GOMOKU_DEPTH: u32 = 8;

/// The benchmark, as the commands that run it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Benchmark {
    /// The commands that set up the session: its table size and threads.
    pub setup: Vec<Command>,
    /// The positions, in order.
    pub positions: Vec<BenchPosition>,
}

/// One benchmark position, as the commands that search it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchPosition {
    /// The game and position, e.g. `cfour 7x6 4453`.
    pub name: String,
    /// The commands, the last of them the `go` whose search is the result.
    pub commands: Vec<Command>,
}

impl Benchmark {
    /// The benchmark to `depth` plies with a table of `hash_mib` MiB on
    /// `threads` threads (at least one MiB and one thread). Only one thread
    /// gives the deterministic node count.
    #[must_use]
    pub fn new(depth: u32, hash_mib: usize, threads: usize) -> Benchmark {
        let option = |name: &str, value: String| Command::SetOption {
            name: name.to_owned(),
            value: Some(value),
        };
        let setup = vec![
            option("Hash", hash_mib.max(1).to_string()),
            option("Threads", threads.max(1).to_string()),
        ];
        let connect4 = CONNECT4.iter().map(|&(size, moves)| {
            let size: Size = size.parse().expect("benchmark sizes are valid");
            let position =
                Connect4::from_move_string(size, moves).expect("benchmark positions are valid");
            let name = format!("cfour {size} {moves}");
            (name, "cfour", Some(position.fen()), Vec::new(), depth)
        });
        let from_start = |variant: &'static str, moves: &[&str], depth| {
            let name = format!("{variant} {}", moves.join(" "));
            let moves = moves.iter().map(|&m| m.to_owned()).collect();
            (name, variant, None, moves, depth)
        };
        let tictactoe = TICTACTOE
            .iter()
            .map(|moves| from_start("tictactoe", moves, depth));
        let gomoku = GOMOKU
            .iter()
            .map(|&(variant, moves)| from_start(variant, moves, depth.min(GOMOKU_DEPTH)));
        let positions = connect4
            .chain(tictactoe)
            .chain(gomoku)
            .map(|(name, variant, fen, moves, depth)| BenchPosition {
                name: name.trim_end().to_owned(),
                commands: vec![
                    option("UCI_Variant", variant.to_owned()),
                    Command::NewGame,
                    Command::Position { fen, moves },
                    Command::Go(Go {
                        depth: Some(depth),
                        ..Go::default()
                    }),
                ],
            })
            .collect();
        Benchmark { setup, positions }
    }
}

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

impl BenchLine {
    /// The line of the position `name` whose search gave `result` (none if
    /// the game was over) after `waited`, which counts as its time if there
    /// was no search.
    #[must_use]
    pub fn new(name: String, result: Option<SearchResult<Drop>>, waited: Duration) -> BenchLine {
        match result {
            Some(result) => BenchLine {
                name,
                best: result.best,
                score: result.score(),
                nodes: result.nodes,
                elapsed: result.elapsed,
                stats: result.stats,
            },
            None => BenchLine {
                name,
                best: None,
                score: Score::Heuristic(0),
                nodes: 0,
                elapsed: waited,
                stats: SearchStats::default(),
            },
        }
    }
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
    /// The report over the positions' `lines`.
    #[must_use]
    pub fn new(lines: Vec<BenchLine>) -> BenchReport {
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

#[cfg(test)]
mod tests {
    use inarow_engine::IterationNodes;

    use super::*;

    #[test]
    fn the_benchmark_is_the_commands_a_gui_sends() {
        let benchmark = Benchmark::new(7, 0, 2);
        let lines = |commands: &[Command]| -> Vec<String> {
            commands.iter().map(ToString::to_string).collect()
        };
        assert_eq!(
            lines(&benchmark.setup),
            [
                "setoption name Hash value 1",
                "setoption name Threads value 2"
            ]
        );
        assert_eq!(
            benchmark.positions.len(),
            CONNECT4.len() + TICTACTOE.len() + GOMOKU.len()
        );
        let first = &benchmark.positions[0];
        assert_eq!(first.name, "cfour 7x6");
        assert_eq!(
            lines(&first.commands),
            [
                "setoption name UCI_Variant value cfour",
                "ucinewgame",
                "position fen 7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] w - - 0 1",
                "go depth 7",
            ]
        );
        let tictactoe = &benchmark.positions[CONNECT4.len() + TICTACTOE.len() - 1];
        assert_eq!(tictactoe.name, "tictactoe a1 b2 c3");
        assert_eq!(
            lines(&tictactoe.commands)[2],
            "position startpos moves a1 b2 c3"
        );
        let gomoku = &benchmark.positions[CONNECT4.len() + TICTACTOE.len()];
        assert_eq!(gomoku.name, "gomokufreestyle h8 i9 g7 i7 i8");
        assert_eq!(
            lines(&gomoku.commands),
            [
                "setoption name UCI_Variant value gomokufreestyle",
                "ucinewgame",
                "position startpos moves h8 i9 g7 i7 i8",
                "go depth 7",
            ]
        );
        let deep = Benchmark::new(16, 1, 1);
        let gomoku = deep.positions.last().expect("positions");
        assert_eq!(
            lines(&gomoku.commands)[3],
            format!("go depth {GOMOKU_DEPTH}")
        );
        let shallow = Benchmark::new(3, 1, 1);
        let last = shallow.positions.last().expect("positions");
        assert_eq!(lines(&last.commands)[3], "go depth 3");
        for position in &benchmark.positions {
            for command in &position.commands {
                assert_eq!(command.to_string().parse(), Ok(command.clone()));
            }
        }
    }

    #[test]
    fn the_report_sums_the_positions() {
        let stats = |cutoffs, iterations: &[(u32, u64)]| SearchStats {
            cutoffs,
            first_move_cutoffs: cutoffs / 2,
            iterations: iterations
                .iter()
                .map(|&(depth, nodes)| IterationNodes { depth, nodes })
                .collect(),
            ..SearchStats::default()
        };
        let line = |nodes, ms, stats| BenchLine {
            name: "x".to_owned(),
            best: None,
            score: Score::Draw,
            nodes,
            elapsed: Duration::from_millis(ms),
            stats,
        };
        let report = BenchReport::new(vec![
            line(100, 10, stats(4, &[(1, 10), (2, 30), (3, 60)])),
            line(50, 40, stats(2, &[(1, 5), (2, 20)])),
            BenchLine::new("over".to_owned(), None, Duration::from_millis(50)),
        ]);
        assert_eq!(report.to_string(), "150 nodes 1500 nps");
        assert_eq!(
            (report.stats.cutoffs, report.stats.first_move_cutoffs),
            (6, 3)
        );
        assert_eq!(
            report.branching,
            [
                BranchingSum {
                    depth: 2,
                    nodes: 50,
                    previous: 15
                },
                BranchingSum {
                    depth: 3,
                    nodes: 60,
                    previous: 30
                },
            ]
        );
        assert_eq!(
            report.ordering_lines(),
            [
                "ordering: 6 beta cutoffs, 50.0% by the first move searched",
                "tt: 0 probes, - hits, - cutoffs",
                "ebf by iteration: 2:3.33 3:2.00",
            ]
        );
    }
}
