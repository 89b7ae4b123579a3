//! `inarow piskvork`: the binary as a Gomocup brain, driven line by line as
//! a manager drives it, and (when c-gomoku-cli is at hand) in a real match.

mod common;

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// How long an answer may take: the brain thinks 200 ms at most here.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);

/// The binary in Piskvork mode, talked to one line at a time.
struct Brain {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Brain {
    fn start(args: &[&str]) -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_inarow"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Brain {
            child,
            stdin,
            lines,
        }
    }

    /// Sends a line that has no answer.
    fn tell(&mut self, line: &str) {
        // Managers end lines with CR LF.
        write!(self.stdin, "{line}\r\n").expect("the brain reads");
        self.stdin.flush().expect("the brain reads");
    }

    /// The next line that is not a `MESSAGE` or `DEBUG`.
    fn answer(&mut self) -> String {
        loop {
            let line = self
                .lines
                .recv_timeout(ANSWER_TIMEOUT)
                .expect("the brain answers in time");
            if !line.starts_with("MESSAGE") && !line.starts_with("DEBUG") {
                return line;
            }
        }
    }

    /// Sends a line and returns its answer.
    fn ask(&mut self, line: &str) -> String {
        self.tell(line);
        self.answer()
    }

    /// Sends a line whose answer must be one `ERROR` line.
    fn expect_error(&mut self, line: &str) {
        let answer = self.ask(line);
        assert!(answer.starts_with("ERROR "), "{line} -> {answer}");
    }
}

/// The cells of a game as the test keeps them.
struct Cells {
    size: u32,
    taken: HashSet<(u32, u32)>,
}

impl Cells {
    fn new(size: u32) -> Cells {
        Cells {
            size,
            taken: HashSet::new(),
        }
    }

    /// Reads the brain's move and checks it is on an empty cell.
    fn brain_move(&mut self, answer: &str) -> (u32, u32) {
        let (x, y) = answer
            .split_once(',')
            .and_then(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)))
            .unwrap_or_else(|| panic!("'{answer}' is not a move x,y"));
        assert!(x < self.size && y < self.size, "{answer} is off the board");
        assert!(self.taken.insert((x, y)), "{answer} is not empty");
        (x, y)
    }

    /// An empty cell near the centre for the opponent, taken.
    fn opponent_move(&mut self) -> (u32, u32) {
        let centre = self.size / 2;
        let cell = (0..self.size * self.size)
            .map(|i| (i % self.size, i / self.size))
            .filter(|cell| !self.taken.contains(cell))
            .min_by_key(|&(x, y)| x.abs_diff(centre) + y.abs_diff(centre))
            .expect("an empty cell");
        self.taken.insert(cell);
        cell
    }
}

#[test]
fn a_manager_s_session() {
    let mut brain = Brain::start(&["piskvork"]);
    // Before START there is no game.
    brain.expect_error("TURN 7,7");
    brain.expect_error("BEGIN");
    brain.expect_error("START 40");
    assert_eq!(brain.ask("START 15"), "OK");
    // INFO has no answer: the next line answers ABOUT.
    brain.tell("INFO timeout_turn 200");
    brain.tell("INFO timeout_match 0");
    brain.tell("INFO max_memory 83886080");
    brain.tell("INFO rule 1");
    brain.tell("INFO game_type 1");
    brain.tell("INFO folder /tmp");
    brain.tell("INFO some_future_key 3");
    let about = brain.ask("ABOUT");
    assert!(about.starts_with("name=\"inarow\", version=\""), "{about}");
    assert!(about.contains(env!("CARGO_PKG_VERSION")), "{about}");

    let mut cells = Cells::new(15);
    let own = cells.brain_move(&brain.ask("BEGIN"));
    let (x, y) = cells.opponent_move();
    cells.brain_move(&brain.ask(&format!("TURN {x},{y}")));

    // Bad lines: one ERROR (or UNKNOWN) each, and the game goes on.
    brain.expect_error(&format!("TURN {},{}", own.0, own.1));
    brain.expect_error(&format!("TURN {x},{y}"));
    brain.expect_error("TURN 15,3");
    brain.expect_error("TURN 3");
    brain.expect_error("TURN a,b");
    brain.expect_error("START 15 15");
    brain.expect_error("INFO timeout_turn soon");
    let unknown = brain.ask("FROBNICATE 1,2");
    assert!(unknown.starts_with("UNKNOWN "), "{unknown}");
    // YXSTOP (after a move was sent) needs no answer.
    brain.tell("YXSTOP");
    let (x, y) = cells.opponent_move();
    let last = cells.brain_move(&brain.ask(&format!("TURN {x},{y}")));

    // Take back the brain's move and the opponent's, and play them again.
    assert_eq!(brain.ask(&format!("TAKEBACK {},{}", last.0, last.1)), "OK");
    assert_eq!(brain.ask(&format!("TAKEBACK {x},{y}")), "OK");
    brain.expect_error(&format!("TAKEBACK {x},{y}"));
    brain.expect_error("TAKEBACK 20,20");
    cells.taken.remove(&last);
    cells.brain_move(&brain.ask(&format!("TURN {x},{y}")));

    // A whole board, in any order; the brain (second) is to move.
    let answer = brain.ask_board(&["8,8,1", "7,7,2", "7,8,2"]);
    let mut board = Cells::new(15);
    board.taken.extend([(8, 8), (7, 7), (7, 8)]);
    board.brain_move(&answer);
    // Bad boards change nothing: two stones on a cell, a bad field, moves
    // that do not alternate, a stone off the board, a bad line, no DONE.
    for bad in [
        &["7,7,1", "7,7,2"][..],
        &["7,7,4"],
        &["1,1,2", "2,2,2", "3,3,2"],
        &["15,0,2"],
        &["1,1"],
        &["1,x,2"],
    ] {
        brain.tell("BOARD");
        for line in bad {
            brain.tell(line);
        }
        brain.expect_error("DONE");
    }
    brain.tell("BOARD");
    brain.tell("1,1,2");
    brain.expect_error("ABOUT");
    assert!(brain.answer().starts_with("name=\"inarow\""));
    // The board is still the last good one: the brain's answer fills a cell.
    let (x, y) = board.opponent_move();
    board.brain_move(&brain.ask(&format!("TURN {x},{y}")));

    // RESTART empties the board.
    assert_eq!(brain.ask("RESTART"), "OK");
    let mut fresh = Cells::new(15);
    fresh.brain_move(&brain.ask("BEGIN"));
    // A rectangular board.
    assert_eq!(brain.ask("RECTSTART 20,10"), "OK");
    let answer = brain.ask("BEGIN");
    let mut wide = Cells::new(20);
    let (_, y) = wide.brain_move(&answer);
    assert!(y < 10, "{answer}");

    brain.tell("END");
    let status = brain.child.wait().expect("the brain exits");
    assert!(status.success());
}

impl Brain {
    /// Sends `BOARD`, the lines and `DONE`, and returns the answer.
    fn ask_board(&mut self, lines: &[&str]) -> String {
        self.tell("BOARD");
        for line in lines {
            self.tell(line);
        }
        self.ask("DONE")
    }
}

#[test]
fn the_whole_transcript_through_stdin() {
    // As a script would send it, all at once, with a session's worth of bad
    // input; every answer is one line.
    let input = "START 15\nINFO timeout_turn 100\nINFO rule 1\nBEGIN\nTURN 0,0\n\
                 TURN 0,0\nTAKEBACK 0,0\nOK?\nRESTART\nBOARD\n0,0,2\nDONE\nABOUT\nEND\n\
                 ABOUT\n";
    let run = common::run_inarow(&["piskvork"], input);
    assert!(run.success, "{}", run.stderr);
    let answers: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| !l.starts_with("MESSAGE"))
        .collect();
    assert_eq!(answers.len(), 9, "{answers:?}");
    assert_eq!(answers[0], "OK");
    let moves = [answers[1], answers[2], answers[7]];
    for answer in moves {
        assert!(
            answer
                .split_once(',')
                .is_some_and(|(x, y)| x.parse::<u32>().is_ok_and(|x| x < 15)
                    && y.parse::<u32>().is_ok_and(|y| y < 15)),
            "{answers:?}"
        );
    }
    assert_ne!(answers[2], "0,0");
    assert!(answers[3].starts_with("ERROR"), "{answers:?}");
    assert_eq!(answers[4], "OK");
    assert!(answers[5].starts_with("UNKNOWN"), "{answers:?}");
    assert_eq!(answers[6], "OK");
    assert_ne!(answers[7], "0,0");
    assert!(answers[8].starts_with("name="), "{answers:?}");
}

#[test]
fn blocks_a_four_and_completes_its_five() {
    let mut brain = Brain::start(&["piskvork"]);
    assert_eq!(brain.ask("START 15"), "OK");
    brain.tell("INFO timeout_turn 300");
    // The opponent's four on row 7 (its left end blocked): only 7,7 stops it.
    let answer = brain.ask_board(&[
        "3,7,2", "4,7,2", "5,7,2", "6,7,2", "2,7,1", "10,2,1", "12,12,1",
    ]);
    assert_eq!(answer, "7,7");
    // Both sides have four; the brain, to move, wins at either end of its own.
    let answer = brain.ask_board(&[
        "3,10,2", "4,10,2", "5,10,2", "6,10,2", "3,3,1", "4,3,1", "5,3,1", "6,3,1",
    ]);
    assert!(answer == "2,3" || answer == "7,3", "{answer}");
    // Exactly five: 5,5 would make six, which does not win; 0,5 makes five
    // (and the opponent's four on the diagonal makes anything else lose).
    brain.tell("INFO rule 1");
    let answer = brain.ask_board(&[
        "1,5,1", "2,5,1", "3,5,1", "4,5,1", "6,5,1", "8,8,1", "9,9,2", "10,10,2", "11,11,2",
        "12,12,2", "13,2,2", "0,14,2",
    ]);
    assert_eq!(answer, "0,5");
    brain.tell("END");
    assert!(brain.child.wait().expect("the brain exits").success());
}

#[test]
fn under_renju_black_leaves_its_double_three_alone() {
    let mut brain = Brain::start(&["piskvork"]);
    assert_eq!(brain.ask("START 15"), "OK");
    brain.tell("INFO timeout_turn 300");
    // Black (the brain: equal stones, so it is the first player) has two
    // twos that meet at 7,7, White four stones in the corners: 7,7 makes a
    // double three, the move free-style picks and renju forbids.
    let board = [
        "5,7,1", "0,0,2", "6,7,1", "14,0,2", "7,5,1", "0,14,2", "7,6,1", "14,14,2",
    ];
    assert_eq!(brain.ask_board(&board), "7,7");
    brain.tell("INFO rule 4");
    let answer = brain.ask_board(&board);
    assert_ne!(answer, "7,7", "Black made a double three under renju");
    brain.tell("END");
    assert!(brain.child.wait().expect("the brain exits").success());
}

#[cfg(unix)]
#[test]
fn a_brain_named_pbrain_speaks_piskvork() {
    // A link, as a user makes one (a fresh copy could still be open for
    // writing in a child another test forks: "text file busy").
    let dir = std::env::temp_dir().join(format!("inarow-pbrain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let brain = dir.join("pbrain-inarow");
    let _ = std::fs::remove_file(&brain);
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_inarow"), &brain).expect("a link");
    let mut child = Command::new(&brain)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the brain starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(b"START 15\r\nABOUT\r\nEND\r\n")
        .expect("the brain reads");
    let output = child.wait_with_output().expect("the brain runs");
    let _ = std::fs::remove_dir_all(&dir);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(lines[0], "OK");
    assert!(lines[1].starts_with("name=\"inarow\""), "{stdout}");
}

/// c-gomoku-cli, from `$INAROW_GOMOKU_CLI` or the `PATH`.
fn gomoku_cli() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("INAROW_GOMOKU_CLI") {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join("c-gomoku-cli"))
        .find(|p| p.is_file())
}

#[test]
fn a_match_under_c_gomoku_cli() {
    // CI cannot build c-gomoku-cli: absent, the test is skipped, even there.
    let Some(cli) = gomoku_cli() else {
        eprintln!(
            "skipped a_match_under_c_gomoku_cli: c-gomoku-cli not found \
             (set INAROW_GOMOKU_CLI or put it on the PATH)"
        );
        return;
    };
    let engine = format!("cmd={} piskvork", env!("CARGO_BIN_EXE_inarow"));
    let games = 2;
    let output = Command::new(&cli)
        .args(["-each", "tc=0/0.15", "tolerance=3"])
        .args(["-engine", "name=inarow-a", &engine])
        .args(["-engine", "name=inarow-b", &engine])
        .args(["-rule", "0", "-boardsize", "15", "-games"])
        .arg(games.to_string())
        .args(["-drawafter", "225"])
        .output()
        .expect("c-gomoku-cli runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let finished: Vec<&str> = stdout
        .lines()
        .filter(|l| l.contains("Finished game"))
        .collect();
    assert_eq!(finished.len(), games, "{stdout}");
    for line in finished {
        assert!(
            ["five connection", "fullfilled board", "adjudication"]
                .iter()
                .any(|reason| line.contains(reason)),
            "a game ended otherwise than on the board: {line}\n{stdout}"
        );
    }
    assert!(stdout.contains("Score of inarow-a vs inarow-b"), "{stdout}");
}
