//! The UCI / UGI session, in process: every command, cutechess-style sessions,
//! isready mid-search, reproducibility, and random lines.

mod common;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::Rng;
use inarow_games::{AnyGame, Game, Variant};
use inarow_protocol::{Flow, Session};

const CFOUR_START: &str = "7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] w - - 0 1";
const TICTACTOE_START: &str = "3/3/3[PPPPPpppp] w - - 0 1";

/// A session with its output captured.
struct Harness {
    session: Session<Vec<u8>>,
    out: Arc<Mutex<Vec<u8>>>,
    seen: usize,
}

impl Harness {
    fn new() -> Self {
        let session = Session::new(Vec::new());
        let out = session.output();
        Harness {
            session,
            out,
            seen: 0,
        }
    }

    fn send(&mut self, line: &str) -> Flow {
        self.session.handle_line(line)
    }

    /// Every line written since the last call.
    fn lines(&mut self) -> Vec<String> {
        let out = self.out.lock().unwrap();
        let text = String::from_utf8_lossy(&out[self.seen..]).into_owned();
        self.seen = out.len();
        text.lines().map(str::to_owned).collect()
    }

    /// Lines until one starting with `prefix` (included), within `timeout`.
    fn until(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let out = self.out.lock().unwrap();
            let text = String::from_utf8_lossy(&out[self.seen..]).into_owned();
            if let Some(at) = text.lines().position(|l| l.starts_with(prefix)) {
                // Consume exactly up to and including that line.
                let consumed: usize = text.lines().take(at + 1).map(|l| l.len() + 1).sum();
                drop(out);
                self.seen += consumed;
                lines.extend(text.lines().take(at + 1).map(str::to_owned));
                return lines;
            }
            drop(out);
            assert!(
                Instant::now() < deadline,
                "no '{prefix}' within {timeout:?}: {text}"
            );
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Sends `go ...` and returns its lines up to `bestmove`.
    fn go(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.until("bestmove", Duration::from_secs(20))
    }

    fn position(&self) -> AnyGame {
        *self.session.position()
    }
}

/// The move of a `bestmove` line.
fn best_move(lines: &[String]) -> String {
    let last = lines.last().expect("lines");
    let mut tokens = last.split_whitespace();
    assert_eq!(tokens.next(), Some("bestmove"), "{lines:?}");
    tokens.next().expect("a move").to_owned()
}

/// Checks the shape of a search's output: info lines, a final info line, one bestmove.
fn check_search_output(lines: &[String]) {
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1,
        "{lines:?}"
    );
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("a final info line");
    for field in [
        "depth", "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time",
    ] {
        assert!(
            last_info.split_whitespace().any(|t| t == field),
            "{field} missing: {last_info}"
        );
    }
    // No info line is sent twice in a row (the wall-clock fields aside).
    let without_clock = |line: &String| {
        let mut words: Vec<&str> = line.split_whitespace().collect();
        for field in ["nps", "time"] {
            if let Some(i) = words.iter().position(|&w| w == field) {
                words.drain(i..=i + 1);
            }
        }
        words.join(" ")
    };
    let infos: Vec<String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .map(without_clock)
        .collect();
    for pair in infos.windows(2) {
        assert_ne!(pair[0], pair[1], "an info line sent twice: {lines:?}");
    }
}

#[test]
fn uci_and_ugi_handshakes() {
    let mut h = Harness::new();
    h.send("uci");
    let lines = h.lines();
    assert!(lines[0].starts_with("id name inarow "), "{lines:?}");
    assert!(lines[1].starts_with("id author "));
    for option in [
        "UCI_Variant type combo default cfour var cfour var tictactoe var gomoku var gomokufreestyle",
        "Hash type spin",
        "Threads type spin default 1 min 1 max",
        "Clear Hash type button",
        "MultiPV type spin",
        "Move Overhead type spin",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option}"))),
            "{option}"
        );
    }
    assert_eq!(lines.last().unwrap(), "uciok");
    h.send("ugi");
    assert_eq!(h.lines().last().unwrap(), "ugiok");
    h.send("isready");
    assert_eq!(h.lines(), vec!["readyok"]);
    h.send("debug on");
    assert!(h.lines().is_empty());
}

#[test]
fn cutechess_cfour_session() {
    let mut h = Harness::new();
    for line in [
        "uci",
        "isready",
        "setoption name UCI_Variant value cfour",
        "ucinewgame",
        "position startpos",
        "isready",
    ] {
        h.send(line);
    }
    let lines = h.lines();
    assert_eq!(lines.iter().filter(|l| *l == "readyok").count(), 2);
    let mut moves: Vec<String> = Vec::new();
    // Play a whole game against itself the way cutechess drives two engines.
    for _ in 0..42 {
        let go = h.go("go wtime 2050 btime 2050 winc 50 binc 50");
        check_search_output(&go);
        let mv = best_move(&go);
        if mv == "0000" {
            break;
        }
        assert!(mv.starts_with("P@"), "{mv}");
        moves.push(mv);
        h.send(&format!("position startpos moves {}", moves.join(" ")));
        assert!(h.lines().is_empty(), "a legal move is accepted silently");
        if h.position().outcome().is_some() {
            break;
        }
    }
    let outcome = h.position().outcome().expect("the game ends");
    let go = h.go("go movetime 10");
    assert_eq!(best_move(&go), "0000");
    h.send("query gameover");
    h.send("query result");
    let result = match outcome {
        inarow_games::Outcome::Win(inarow_games::Player::First) => "response p1win",
        inarow_games::Outcome::Win(inarow_games::Player::Second) => "response p2win",
        inarow_games::Outcome::Draw => "response draw",
    };
    assert_eq!(h.lines(), vec!["response true", result]);
}

#[test]
fn cutechess_tictactoe_session() {
    let mut h = Harness::new();
    for line in [
        "uci",
        "isready",
        "setoption name UCI_Variant value tictactoe",
        "ucinewgame",
        "position startpos",
        "isready",
    ] {
        h.send(line);
    }
    h.lines();
    let mut moves: Vec<String> = Vec::new();
    loop {
        let go = h.go("go wtime 1000 btime 1000 winc 10 binc 10");
        check_search_output(&go);
        let mv = best_move(&go);
        if mv == "0000" {
            break;
        }
        moves.push(mv);
        h.send(&format!("position startpos moves {}", moves.join(" ")));
        assert!(h.lines().is_empty());
    }
    assert_eq!(
        h.position().outcome(),
        Some(inarow_games::Outcome::Draw),
        "perfect play draws"
    );
    assert_eq!(moves.len(), 9);
    h.send("query result");
    assert_eq!(h.lines(), vec!["response draw"]);
}

#[test]
fn cutechess_fen_session() {
    let mut h = Harness::new();
    h.send("setoption name UCI_Variant value cfour");
    h.send(&format!("position fen {CFOUR_START} moves P@a1 P@c1"));
    assert!(h.lines().is_empty());
    assert_eq!(h.position().ply(), 2);
    let go = h.go("go wtime 2050 btime 2050 winc 50 binc 50");
    check_search_output(&go);
    // A FEN after moves, as cutechess sends it mid-game.
    h.send("position fen 7/7/7/7/3p3/3P3[PPPPPPPPPPPPPPPPPPPPpppppppppppppppppppp] w - - 2 2 moves P@d3 p@d4");
    assert!(h.lines().is_empty());
    assert_eq!(h.position().ply(), 4);
    check_search_output(&h.go("go movetime 50"));
    // Tic-tac-toe by FEN.
    h.send("setoption name UCI_Variant value tictactoe");
    h.send(&format!("position fen {TICTACTOE_START} moves b2 a1"));
    assert!(h.lines().is_empty());
    assert_eq!(h.position().ply(), 2);
    check_search_output(&h.go("go depth 9"));
}

#[test]
fn another_board_size_by_fen() {
    let mut h = Harness::new();
    h.send("position fen 6/6/6/6/6[PPPPPPPPPPPPPPPppppppppppppppp] w - - 0 1 moves 3 4");
    assert!(h.lines().is_empty());
    match h.position() {
        AnyGame::Connect4(p) => assert_eq!(p.size().to_string(), "6x5"),
        other => panic!("{other:?}"),
    }
    let go = h.go("go movetime 200");
    check_search_output(&go);
    h.send("d");
    let d = h.lines();
    assert!(d.iter().any(|l| l.starts_with("Fen: 6/6/6/6/")), "{d:?}");
    assert!(d.iter().any(|l| l == "Moves: 34"), "{d:?}");
}

/// Boards past 64 bits: named in `UCI_Variant` or given by a FEN, moves on
/// files past `i`, searched and answered like any other.
#[test]
fn boards_past_64_bits() {
    let mut h = Harness::new();
    h.send("setoption name UCI_Variant value cfour 10x7");
    h.send("position startpos moves P@j1 P@j2 10");
    assert!(h.lines().is_empty());
    assert_eq!(h.position().variant(), "cfour 10x7".parse().unwrap());
    assert_eq!(h.position().ply(), 3);
    let go = h.go("go depth 6");
    check_search_output(&go);
    let best = best_move(&go);
    assert!(h.position().parse_move(&best).is_ok(), "{best}");
    h.send("d");
    let d = h.lines();
    assert!(d.iter().any(|l| l == "Moves: AAA"), "{d:?}");
    // A 16x7 FEN sets the size; a column past the width is refused.
    let fen = format!(
        "{}[{}{}] w - - 0 1",
        ["16"; 7].join("/"),
        "P".repeat(56),
        "p".repeat(56)
    );
    h.send(&format!("position fen {fen} moves P@p1"));
    assert!(h.lines().is_empty());
    assert_eq!(h.position().variant(), "cfour 16x7".parse().unwrap());
    h.send(&format!("position fen {fen} moves P@q1"));
    let refused = h.lines();
    assert!(
        refused.iter().any(|l| l.starts_with("info string error")),
        "{refused:?}"
    );
    assert_eq!(h.position().ply(), 1, "the position is unchanged");
    let go = h.go("go nodes 5000");
    check_search_output(&go);
}

#[test]
fn bad_input_changes_nothing() {
    let mut h = Harness::new();
    h.send("position startpos moves 4 4");
    let before = h.position();
    for bad in [
        "position startpos moves 4 4 4 4 4 4 4",
        "position startpos moves P@d2",
        "position startpos moves 8",
        "position fen 7/7/7/7/3P3/7 w",
        "position fen garbage",
        "position fen 7/7/7/7/7/PPPPppp w",
        "setoption name Hash value lots",
        "setoption name Hash value 0",
        "setoption name Threads value 0",
        "setoption name Threads value 100000",
        "setoption name Threads value two",
        "bench 1 1 0",
        "setoption name UCI_Variant value chess",
        "setoption name Nonexistent value 1",
        "go depth x",
        "frobnicate",
        "position",
    ] {
        h.send(bad);
        let lines = h.lines();
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
        assert!(
            lines[0].starts_with("info string error: "),
            "{bad}: {lines:?}"
        );
        assert_eq!(h.position(), before, "{bad} changed the position");
    }
    // Unknown go parameters are ignored.
    check_search_output(&h.go("go depth 2 searchmoves P@a1 frobnicate 3"));
}

#[test]
fn options_work() {
    let mut h = Harness::new();
    h.send("setoption name Hash value 2");
    h.send("setoption name Clear Hash");
    h.send("setoption name Move Overhead value 10");
    h.send("setoption name Ponder value true");
    h.send("setoption name MultiPV value 3");
    assert!(h.lines().is_empty());
    let go = h.go("go depth 4");
    // Three lines at the last depth.
    let depth4: Vec<_> = go
        .iter()
        .filter(|l| l.starts_with("info depth 4 "))
        .collect();
    for k in 1..=3 {
        assert!(
            depth4.iter().any(|l| l.contains(&format!(" multipv {k} "))),
            "{go:?}"
        );
    }
    h.send("setoption name UCI_Variant value tictactoe");
    assert_eq!(h.position(), AnyGame::new(Variant::TicTacToe));
}

#[test]
fn threads_search_and_stop() {
    let mut h = Harness::new();
    let threads = inarow_engine::max_threads().min(2);
    h.send(&format!("setoption name Threads value {threads}"));
    assert!(h.lines().is_empty());
    // A fixed-depth search on two threads answers as on one.
    check_search_output(&h.go("go depth 10"));
    // A running search is stopped, with its bestmove, before Threads changes
    // (without the book, which would answer at once).
    h.send("setoption name OwnBook value false");
    h.send("position startpos");
    h.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    h.send("setoption name Threads value 1");
    let lines = h.until("bestmove", Duration::from_secs(5));
    assert!(
        lines.iter().any(|l| l.starts_with("bestmove P@")),
        "{lines:?}"
    );
    check_search_output(&h.go("go depth 6"));
    // More threads than cores is refused.
    h.send(&format!(
        "setoption name Threads value {}",
        inarow_engine::max_threads() + 1
    ));
    assert!(h.lines()[0].starts_with("info string error: option Threads"));
}

#[test]
fn isready_during_infinite_then_stop() {
    let mut h = Harness::new();
    // A search that runs: the book would answer the start at once.
    h.send("setoption name OwnBook value false");
    h.send("position startpos");
    h.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let asked = Instant::now();
    h.send("isready");
    let lines = h.until("readyok", Duration::from_secs(1));
    assert!(asked.elapsed() < Duration::from_millis(500));
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "no bestmove before stop"
    );
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        !h.lines().iter().any(|l| l.starts_with("bestmove")),
        "infinite holds bestmove"
    );
    let stopped = Instant::now();
    h.send("stop");
    let lines = h.until("bestmove", Duration::from_secs(1));
    assert!(
        stopped.elapsed() < Duration::from_millis(500),
        "{:?}",
        stopped.elapsed()
    );
    check_search_output(&lines);
}

#[test]
fn ponder_waits_for_ponderhit() {
    let mut h = Harness::new();
    h.send("setoption name UCI_Variant value tictactoe");
    h.send("position startpos moves b2");
    h.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(100));
    let mut lines = h.lines();
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "pondering holds bestmove"
    );
    h.send("ponderhit");
    lines.extend(h.until("bestmove", Duration::from_secs(2)));
    check_search_output(&lines);
}

#[test]
fn same_node_limited_search_twice_gives_the_same_output() {
    // `time` and `nps` measure the wall clock, so they are left out.
    let strip = |lines: Vec<String>| -> Vec<String> {
        lines
            .into_iter()
            .map(|line| {
                let mut out = Vec::new();
                let mut tokens = line.split_whitespace();
                while let Some(t) = tokens.next() {
                    if t == "time" || t == "nps" {
                        tokens.next();
                    } else {
                        out.push(t.to_owned());
                    }
                }
                out.join(" ")
            })
            .collect()
    };
    let mut h = Harness::new();
    // The search itself, not the book.
    h.send("setoption name OwnBook value false");
    let mut runs = Vec::new();
    for _ in 0..2 {
        h.send("ucinewgame");
        h.send("position startpos moves 4 4 3");
        runs.push(strip(h.go("go nodes 20000")));
    }
    assert_eq!(runs[0], runs[1]);
    assert!(runs[0].len() > 2);
}

#[test]
fn extensions() {
    let mut h = Harness::new();
    h.send("position startpos moves 4 4 5");
    h.send("d");
    let d = h.lines();
    assert!(d.iter().any(|l| l == "Moves: 445"), "{d:?}");
    assert!(
        d.iter().any(|l| l.starts_with("Fen: 7/7/7/7/3p3/3PP2")),
        "{d:?}"
    );
    assert!(
        d.iter()
            .any(|l| l.starts_with("Side to move: second player")),
        "{d:?}"
    );
    assert!(d.iter().any(|l| l.trim() == "1 2 3 4 5 6 7"), "{d:?}");
    h.send("eval");
    assert!(h.lines()[0].starts_with("Static evaluation: cp "));
    h.send("perft 3");
    let perft = h.lines();
    assert!(perft.contains(&"total 343".to_owned()), "{perft:?}");
    h.send("query p1turn");
    h.send("query gameover");
    h.send("query result");
    assert_eq!(
        h.lines(),
        vec!["response false", "response false", "response none"]
    );
    h.send("bench 3");
    let bench = h.lines();
    let last = bench.last().unwrap();
    assert!(last.ends_with(" nps") && last.contains(" nodes "), "{last}");
    let n = bench.len();
    assert!(bench[n - 4].starts_with("ordering: "), "{bench:?}");
    assert!(bench[n - 3].starts_with("tt: "), "{bench:?}");
    assert!(
        bench[n - 2].starts_with("ebf by iteration: 2:"),
        "{bench:?}"
    );
    assert_eq!(h.send("quit"), Flow::Quit);
}

/// The numbers in an `info string` line after `prefix`, in order.
fn numbers_after(lines: &[String], prefix: &str) -> Vec<f64> {
    let line = lines
        .iter()
        .find_map(|l| l.strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no '{prefix}' line in {lines:?}"));
    line.split([' ', ':', '%'])
        .filter_map(|w| w.parse().ok())
        .collect()
}

#[test]
fn debug_on_reports_the_ordering_after_a_search() {
    let mut h = Harness::new();
    h.send("position startpos moves 4 4");
    let quiet = h.go("go depth 8");
    assert!(!quiet.iter().any(|l| l.contains("ordering")), "{quiet:?}");
    h.send("debug on");
    h.send("ucinewgame");
    h.send("position startpos moves 4 4");
    let go = h.go("go depth 8");
    let ordering = numbers_after(&go, "info string ordering cutoffs ");
    let (cutoffs, first) = (ordering[0], ordering[1]);
    assert!(cutoffs > 0.0 && (0.0..=100.0).contains(&first), "{go:?}");
    let tt = numbers_after(&go, "info string tt probes ");
    assert!(
        tt[0] > 0.0 && tt[1] >= tt[2],
        "hits include cutoffs: {go:?}"
    );
    // Iteration nodes: depth and nodes in pairs, depths 1 to 8, adding up to
    // the final line's nodes.
    let iterations = numbers_after(&go, "info string iteration nodes ");
    let depths: Vec<f64> = iterations.iter().step_by(2).copied().collect();
    assert_eq!(depths, (1..=8).map(f64::from).collect::<Vec<_>>());
    let sum: f64 = iterations.iter().skip(1).step_by(2).sum();
    let last_info = go
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    let words: Vec<&str> = last_info.split(' ').collect();
    let nodes: f64 = words[words.iter().position(|&w| w == "nodes").unwrap() + 1]
        .parse()
        .unwrap();
    assert_eq!(sum, nodes, "{go:?}");
    // The branching factor of each iteration is its nodes over the last one's.
    let ebf = numbers_after(&go, "info string ebf ");
    let (d2, n1, n2) = (ebf[0], iterations[1], iterations[3]);
    assert_eq!(d2, 2.0);
    assert!((ebf[1] - n2 / n1).abs() < 0.01, "{go:?}");
    // The order: the ordering lines come after the final info, before bestmove.
    let at = |prefix: &str| go.iter().position(|l| l.starts_with(prefix)).unwrap();
    assert!(at("info string move from") < at("info string ordering"));
    assert_eq!(go.last().map(|l| l.starts_with("bestmove")), Some(true));
}

#[test]
fn proven_results_are_reported() {
    let mut h = Harness::new();
    // 4455: the first player wins with its 4th stone (Pons 18), mate in 2.
    h.send("position startpos moves 4 4 5 5");
    let go = h.go("go movetime 500");
    assert!(go.iter().any(|l| l.contains("score mate 2")), "{go:?}");
    // The solver's line of best play: the winning move, any reply, the win.
    let solved = go.iter().find(|l| l.contains("score mate 2")).unwrap();
    let pv: Vec<&str> = solved
        .split(" pv ")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(pv.len(), 3, "{solved}");
    assert_eq!(pv[0], "P@c1", "{solved}");
    assert!(
        go.iter().any(|l| l == "info string exact score 18 (Pons)"),
        "{go:?}"
    );
    // Tic-tac-toe from the start is a proven draw.
    h.send("setoption name UCI_Variant value tictactoe");
    h.send("position startpos");
    let go = h.go("go depth 9");
    assert!(go.iter().any(|l| l == "info string proven draw"), "{go:?}");
}

/// Random and malformed lines never panic. A `position` line sets exactly the
/// position a referee computes here from the games crate (or, if that fails,
/// is answered with one error line and changes nothing); other lines change the
/// position only when they select a variant or start a new game.
#[test]
fn random_lines_never_panic() {
    let mut rng = Rng::new(2024);
    let words = [
        "uci",
        "isready",
        "position",
        "startpos",
        "fen",
        "moves",
        "go",
        "depth",
        "1",
        "nodes",
        "50",
        "P@d1",
        "p@d2",
        "P@a1",
        "4",
        "1",
        "b2",
        "a1",
        "setoption",
        "name",
        "value",
        "Hash",
        "MultiPV",
        "UCI_Variant",
        "cfour",
        "tictactoe",
        "query",
        "result",
        "d",
        "eval",
        "-3",
        "99999999999999999999",
        "7/7/7/7/7/7",
        "3/3/3",
        "3/1P1/3",
        "[PPp]",
        "w",
        "b",
        "\u{e9}",
        "",
        "ucinewgame",
        "ponderhit",
        "stop",
    ];
    let mut h = Harness::new();
    let mut variant = Variant::default();
    for _ in 0..5000 {
        let n = rng.below(7);
        let mut tokens: Vec<&str> = (0..n).map(|_| words[rng.below(words.len())]).collect();
        if rng.below(3) == 0 {
            tokens.insert(0, "position");
        }
        let line = tokens.join(" ");
        let before = h.position();
        h.send(&line);
        let output = h.lines();
        let first = line.split_whitespace().next();
        if first == Some("position") {
            match referee(variant, &line) {
                Some(expected) => {
                    assert_eq!(h.position(), expected, "{line:?}");
                    assert!(output.is_empty(), "{line:?}: {output:?}");
                }
                None => {
                    assert_eq!(h.position(), before, "{line:?} changed the position");
                    assert_eq!(output.len(), 1, "{line:?}: {output:?}");
                    assert!(
                        output[0].starts_with("info string error: "),
                        "{line:?}: {output:?}"
                    );
                }
            }
        } else if first == Some("ucinewgame") && line.split_whitespace().count() == 1 {
            assert_eq!(h.position(), AnyGame::new(variant));
        } else if let ["setoption", "name", "UCI_Variant", "value", value] =
            line.split_whitespace().collect::<Vec<_>>().as_slice()
        {
            if let Ok(chosen) = value.parse::<Variant>() {
                variant = chosen;
                assert_eq!(h.position(), AnyGame::new(variant), "{line:?}");
            } else {
                assert_eq!(h.position(), before, "{line:?}");
            }
        } else {
            assert_eq!(h.position(), before, "{line:?} changed the position");
        }
        if first == Some("go") {
            h.send("stop");
            h.lines();
        }
    }
    h.send("stop");
}

/// The position a `position` line should set, computed independently, or
/// `None` if the line is not a valid position command.
fn referee(variant: Variant, line: &str) -> Option<AnyGame> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let (mut game, rest) = match tokens.get(1..)? {
        ["startpos", rest @ ..] => (AnyGame::new(variant), rest),
        ["fen", rest @ ..] => {
            let end = rest
                .iter()
                .position(|&t| t == "moves")
                .unwrap_or(rest.len());
            if end == 0 {
                return None;
            }
            (
                AnyGame::from_fen(variant, &rest[..end].join(" ")).ok()?,
                &rest[end..],
            )
        }
        _ => return None,
    };
    match rest {
        [] => {}
        ["moves", moves @ ..] => {
            for mv in moves {
                game.play_text(mv).ok()?;
            }
        }
        _ => return None,
    }
    Some(game)
}

/// Under a clock, a position whose exact score is out of reach in the
/// solver's share of the time gets a move proven to keep the outcome: here
/// the one winning move (b5) of a position with eleven stones, where the
/// search at 0.5+0.005 preferred the draw f2 (a game against
/// Fairy-Stockfish). The book's third layer holds it now, so the book is
/// off here. The proof may take 6 s here and takes about 1; a machine fast
/// enough to follow it with the exact score reports that instead.
#[test]
fn a_clock_gets_a_move_proven_to_keep_the_win() {
    let mut h = Harness::new();
    h.send("setoption name OwnBook value false");
    h.send("position fen 7/7/1p1P3/1P1p3/pp1P3/PP1p1P1[PPPPPPPPPPPPPPPpppppppppppppppp] b - - 0 6");
    let go = h.go("go wtime 10000 btime 10000 winc 100 binc 100");
    check_search_output(&go);
    assert_eq!(best_move(&go), "P@b5", "{go:?}");
    let last_info = go.iter().rev().find(|l| l.starts_with("info depth"));
    assert!(
        last_info.is_some_and(|l| l.contains(" score mate ")),
        "{go:?}"
    );
    let claims_exact = go.iter().any(|l| l.contains("exact score"));
    if go.iter().any(|l| l == "info string move from the proof") {
        // The proof bounds the win's distance: no exact score is claimed.
        assert!(!claims_exact, "{go:?}");
    } else {
        assert!(
            go.iter().any(|l| l == "info string move from the solver") && claims_exact,
            "{go:?}"
        );
    }
}

#[test]
fn the_book_answers_the_start_at_once() {
    let mut h = Harness::new();
    h.send("position startpos");
    let start = Instant::now();
    let go = h.go("go movetime 10");
    let elapsed = start.elapsed();
    check_search_output(&go);
    assert_eq!(best_move(&go), "P@d1", "{go:?}");
    assert!(
        go.iter().any(|l| l == "info string move from the book"),
        "{go:?}"
    );
    assert!(
        go.iter().any(|l| l == "info string exact score 1 (Pons)"),
        "{go:?}"
    );
    assert!(elapsed < Duration::from_millis(500), "{elapsed:?}");

    // Without the book, the start is too big for the solver in 10 ms.
    h.send("setoption name OwnBook value false");
    let go = h.go("go movetime 10");
    assert!(
        go.iter().any(|l| l == "info string move from the search"),
        "{go:?}"
    );
    h.send("setoption name OwnBook value true");
    let go = h.go("go movetime 10");
    assert!(
        go.iter().any(|l| l == "info string move from the book"),
        "{go:?}"
    );
}

/// At 8 stones, the book's last ply, and in each layer past it, a
/// position that does not lose is answered by the book's best move at
/// once, under a clock or not, with the book's exact score; one that loses
/// is left to the solver.
#[test]
fn the_book_plays_its_last_ply_and_the_layers_past_it_at_once() {
    use inarow_games::{Column, Connect4, Size};
    let book = inarow_engine::books::opening::embedded();
    // At 8 stones and in each layer a win and a draw (the book's first of
    // each in move-string order), and a mirror image of the 8-stone win.
    let entries = book.check().unwrap();
    let mut cases: Vec<(String, i32)> = Vec::new();
    for layer in 0..=book.depth() {
        let these: Vec<_> = entries.iter().filter(|e| e.layer == layer).collect();
        let win = these.iter().find(|e| e.score > 0).unwrap();
        let draw = these.iter().find(|e| e.score == 0).unwrap();
        cases.push((win.moves.clone(), win.score));
        cases.push((draw.moves.clone(), 0));
        if layer == 0 {
            let mirrored: String = win
                .moves
                .chars()
                .map(|c| char::from_digit(8 - c.to_digit(10).unwrap(), 10).unwrap())
                .collect();
            cases.push((mirrored, win.score));
        }
    }
    assert!(cases.len() >= 7, "two layers past the frontier");
    let mut h = Harness::new();
    for (moves, score) in &cases {
        let (moves, score) = (moves, *score);
        let position = Connect4::from_move_string(Size::STANDARD, moves).unwrap();
        let best = book.best_move(&position).expect("a move");
        let best = format!(
            "P@{}{}",
            char::from(b'a' + best.0),
            position.column_height(best) + 1
        );
        let uci: Vec<String> = {
            let mut p = Connect4::new(Size::STANDARD);
            moves
                .chars()
                .map(|c| {
                    let col = Column(c.to_digit(10).unwrap() as u8 - 1);
                    let text =
                        format!("P@{}{}", char::from(b'a' + col.0), p.column_height(col) + 1);
                    p.play_unchecked(col);
                    text
                })
                .collect()
        };
        h.send(&format!("position startpos moves {}", uci.join(" ")));
        for go_line in ["go wtime 1000 btime 1000", "go movetime 10"] {
            let start = Instant::now();
            let go = h.go(go_line);
            let elapsed = start.elapsed();
            check_search_output(&go);
            assert_eq!(best_move(&go), best, "{moves} {go_line}: {go:?}");
            assert!(
                go.iter().any(|l| l == "info string move from the book"),
                "{moves}: {go:?}"
            );
            let exact = format!("info string exact score {score} (Pons)");
            assert!(go.contains(&exact), "{moves}: {go:?}");
            assert!(elapsed < Duration::from_millis(500), "{elapsed:?}");
        }
    }
}

#[test]
fn a_book_file_for_another_size() {
    let dir = std::env::temp_dir().join(format!("inarow-uci-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("6x5.book");
    let run = common::run_inarow(
        &[
            "book",
            "build",
            "--size",
            "6x5",
            "--plies",
            "2",
            "-o",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.success, "{}", run.stderr);
    let mut h = Harness::new();
    h.send("position fen 6/6/6/6/6[PPPPPPPPPPPPPPPppppppppppppppp] w - - 0 1 moves 3");
    // Bad files: one error line each, and the book built in stays.
    for bad in [
        format!(
            "setoption name BookFile value {}",
            dir.join("none").display()
        ),
        format!("setoption name BookFile value {}.solved", file.display()),
        "setoption name OwnBook value maybe".to_owned(),
    ] {
        h.send(&bad);
        let lines = h.lines();
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
        assert!(lines[0].starts_with("info string error: "), "{lines:?}");
    }
    let go = h.go("go movetime 50");
    assert!(
        !go.iter().any(|l| l == "info string move from the book"),
        "{go:?}"
    );
    h.send(&format!("setoption name BookFile value {}", file.display()));
    assert!(h.lines().is_empty());
    let go = h.go("go movetime 50");
    assert!(
        go.iter().any(|l| l == "info string move from the book"),
        "{go:?}"
    );
    // Back to the book built in: 7x6 positions come from it again.
    h.send("setoption name BookFile value <empty>");
    h.send("position startpos");
    let go = h.go("go movetime 50");
    assert!(
        go.iter().any(|l| l == "info string move from the book"),
        "{go:?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn renju_and_caro_by_uci_variant() {
    let mut h = Harness::new();
    h.send("setoption name UCI_Variant value renju");
    h.send("position startpos moves f8 a1 g8 a3 h6 a5 h7 a7");
    assert!(h.lines().is_empty());
    assert_eq!(h.position().variant().name(), "renju");
    let before = h.position();
    // h8 makes two open threes: forbidden to Black, one error, nothing changes.
    h.send("position startpos moves f8 a1 g8 a3 h6 a5 h7 a7 h8");
    let refused = h.lines();
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(
        refused[0].starts_with("info string error") && refused[0].contains("forbidden"),
        "{refused:?}"
    );
    assert_eq!(h.position(), before);
    // The search never plays it.
    for go in ["go depth 1", "go depth 3", "go nodes 3000"] {
        let lines = h.go(go);
        let best = best_move(&lines);
        assert!(!best.ends_with("h8"), "{go}: {best}");
        assert!(h.position().parse_move(&best).is_ok(), "{go}: {best}");
    }
    // A FEN where Black has six in a row (played under exactly five), and
    // rules no board takes.
    let mut standard = AnyGame::new("gomoku".parse().unwrap());
    standard
        .play_moves("c8 a1 d8 a3 e8 a5 f8 a7 h8 a9 g8 a11")
        .unwrap();
    let six = standard.fen();
    for bad in [
        format!("position fen {six}"),
        "setoption name UCI_Variant value renju k4".to_owned(),
        "setoption name UCI_Variant value caro 4x4".to_owned(),
        "setoption name UCI_Variant value connect 15x15 k5 renju".to_owned(),
    ] {
        h.send(&bad);
        let lines = h.lines();
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
        assert!(
            lines[0].starts_with("info string error: "),
            "{bad}: {lines:?}"
        );
        assert_eq!(h.position(), before, "{bad} changed the position");
    }
    // Caro: Black's five between two White stones does not win.
    h.send("setoption name UCI_Variant value caro");
    h.send("position startpos moves c8 b8 d8 h8 e8 o1 f8 o3 g8");
    assert!(h.lines().is_empty());
    assert_eq!(h.position().outcome(), None);
    h.send("setoption name UCI_Variant value gomoku");
    h.send("position startpos moves c8 b8 d8 o1 e8 o3 f8 o5 g8");
    assert!(h.position().outcome().is_some());
}
