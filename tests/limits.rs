//! Every reader of the binary against hostile input: bytes that are not
//! UTF-8 are one error and the session goes on; lines at their limit are
//! read and past it refused; an endless input (`/dev/zero`) is refused with
//! an error naming the limit while memory stays bounded.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use inarow_protocol::input::{MAX_BOOK_BYTES, MAX_LINE_BYTES, MAX_TEXT_BYTES};

const INAROW: &str = env!("CARGO_BIN_EXE_inarow");
const MIB: u64 = 1 << 20;

/// Runs the binary with `args` on `input`; its stdout and stderr.
fn run(args: &[&str], input: &[u8]) -> (String, String) {
    let mut child = Command::new(INAROW)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The peak resident memory of a running process, in bytes.
fn peak_rss(child: &Child) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("a VmHWM line");
    let kib: u64 = line
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap();
    kib * 1024
}

/// Starts the binary with `args` reading `/dev/zero`, waits until one of its
/// lines (stdout, or stderr with `on_stderr`) contains `expected`, checks its
/// peak memory is under `max_rss`, and kills it.
fn endless_input(args: &[&str], on_stderr: bool, expected: &str, max_rss: u64) {
    let mut child = Command::new(INAROW)
        .args(args)
        .stdin(File::open("/dev/zero").unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stream: Box<dyn Read + Send> = if on_stderr {
        Box::new(child.stderr.take().unwrap())
    } else {
        Box::new(child.stdout.take().unwrap())
    };
    let (sender, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + Duration::from_secs(20);
    let found = loop {
        match lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(line) if line.contains(expected) => break Some(line),
            Ok(_) => {}
            Err(_) => break None,
        }
    };
    // A moment more of reading zeros: memory must not grow meanwhile.
    std::thread::sleep(Duration::from_millis(300));
    let rss = peak_rss(&child);
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(found.is_some(), "{args:?}: no line with '{expected}'");
    assert!(
        rss < max_rss,
        "{args:?}: peak RSS {} MiB, above {} MiB",
        rss / MIB,
        max_rss / MIB
    );
}

#[test]
fn uci_reads_past_bad_bytes_and_long_lines() {
    let mut input = b"isready\nd \xe9\nisready\n".to_vec();
    // A line at the limit is read (`position startpos` and spaces: no
    // answer), one past it refused.
    let mut at_limit = b"position startpos".to_vec();
    at_limit.resize(MAX_LINE_BYTES, b' ');
    input.extend(at_limit);
    input.push(b'\n');
    input.extend(vec![b' '; MAX_LINE_BYTES + 1]);
    input.extend(b"\nisready\nquit\n");
    let (out, _) = run(&["uci"], &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "readyok",
            "info string error: the line is not UTF-8 (byte 3 is 0xe9); it is skipped",
            "readyok",
            &format!(
                "info string error: the line is longer than {MAX_LINE_BYTES} bytes \
                 (the limit); it is skipped"
            ),
            "readyok",
        ]
    );
}

#[test]
fn a_whole_20x20_game_fits_in_one_position_line() {
    // Every cell, colours as a checkerboard shifted by one from the tenth
    // rank on: no line of twenty, so the game ends full on its 400th move.
    let colour = |file: u8, rank: u8| (file + rank + u8::from(rank >= 10)) % 2;
    let cells = |side| {
        (0..20u8)
            .flat_map(|rank| (0..20u8).map(move |file| (file, rank)))
            .filter(move |&(file, rank)| colour(file, rank) == side)
            .map(|(file, rank)| format!("P@{}{}", char::from(b'a' + file), rank + 1))
    };
    let moves: Vec<String> = cells(0).zip(cells(1)).flat_map(|(a, b)| [a, b]).collect();
    assert_eq!(moves.len(), 400);
    let input = format!(
        "setoption name UCI_Variant value mnk 20x20 k20\nposition startpos moves {}\nd\nquit\n",
        moves.join(" ")
    );
    let (out, err) = run(&["uci"], input.as_bytes());
    assert!(
        out.contains("Side to move: none, the game is over (a draw)"),
        "{out}{err}"
    );
}

#[test]
fn piskvork_reads_past_a_latin1_folder() {
    let input = b"START 15\nINFO timeout_turn 50\nINFO folder C:\\J\xf6rg\nBEGIN\nEND\n";
    let (out, _) = run(&["piskvork"], input);
    let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with("MESSAGE")).collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0], "OK");
    assert!(lines[1].starts_with("ERROR the line is not UTF-8"), "{out}");
    assert!(lines[2].contains(','), "a move: {out}");
}

#[test]
fn solve_and_analyze_go_on_after_a_bad_line() {
    let mut input = b"4453\n4\xff4\n".to_vec();
    input.extend(vec![b'4'; MAX_LINE_BYTES + 1]);
    input.extend(b"\n4\n");
    for command in ["solve", "analyze"] {
        let (out, err) = run(&[command], &input);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 4, "{command}: {out}");
        assert!(lines[0].starts_with("4453 "), "{command}: {out}");
        assert_eq!(lines[1..3], ["", ""], "{command}: {out}");
        assert!(lines[3].starts_with("4 "), "{command}: {out}");
        assert!(
            err.contains("error: line 2: the line is not UTF-8 (byte 2 is 0xff)"),
            "{command}: {err}"
        );
        assert!(
            err.contains(&format!(
                "error: line 3: the line is longer than {MAX_LINE_BYTES} bytes"
            )),
            "{command}: {err}"
        );
    }
}

#[test]
fn endless_lines_are_refused_with_bounded_memory() {
    let limit = format!("longer than {MAX_LINE_BYTES} bytes");
    endless_input(&["uci"], false, &limit, 200 * MIB);
    endless_input(&["piskvork", "--hash", "16"], false, &limit, 200 * MIB);
    endless_input(&["solve", "--hash", "16"], true, &limit, 200 * MIB);
}

#[test]
fn endless_files_are_refused_with_bounded_memory() {
    let book = format!("larger than {MAX_BOOK_BYTES} bytes (the limit)");
    let text = format!("larger than {MAX_TEXT_BYTES} bytes (the limit)");
    let (_, err) = run(&["book", "probe", "--book", "/dev/zero", "4"], b"");
    assert!(err.contains(&book), "{err}");
    let (_, err) = run(&["review", "/dev/zero"], b"");
    assert!(err.contains(&text), "{err}");
    // The option's error comes, then the session goes on with its old book.
    let mut child = Command::new(INAROW)
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"setoption name BookFile value /dev/zero\nisready\n")
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut lines = Vec::new();
    for _ in 0..2 {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        lines.push(line.trim_end().to_owned());
    }
    let rss = peak_rss(&child);
    drop(stdin);
    child.wait().unwrap();
    assert_eq!(
        lines,
        [
            format!("info string error: option BookFile: cannot read /dev/zero: {book}"),
            "readyok".to_owned()
        ]
    );
    assert!(
        rss < MAX_BOOK_BYTES + 200 * MIB,
        "peak RSS {} MiB",
        rss / MIB
    );
}

/// `--budget` bounds `solve` and `analyze` per line: a near-empty 17x6 gets
/// the bounds proved (`lower..upper`) within the time or nodes, a small
/// position its exact score as without a budget.
#[test]
fn solve_and_analyze_report_bounds_past_their_budget() {
    let started = Instant::now();
    let (out, err) = run(
        &[
            "solve", "--hash", "16", "--size", "17x6", "--budget", "200ms",
        ],
        b"\n9\n",
    );
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    for line in out.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (lower, upper) = fields[fields.len() - 3].split_once("..").expect("bounds");
        assert!(
            lower.parse::<i32>().unwrap() < upper.parse::<i32>().unwrap(),
            "{line}"
        );
    }
    assert_eq!(out.lines().count(), 2, "{out}{err}");
    let (out, _) = run(
        &["solve", "--hash", "16", "--size", "17x6", "--budget", "50K"],
        b"\n",
    );
    let nodes: u64 = out.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!(nodes <= 50_000, "{out}");
    let exact = run(&["analyze", "--hash", "16", "--no-book"], b"4453\n").0;
    assert_eq!(
        run(
            &["analyze", "--hash", "16", "--no-book", "--budget", "10s"],
            b"4453\n"
        )
        .0,
        exact
    );
    let (out, err) = run(
        &["solve", "--hash", "16", "--no-book", "--budget", "10M"],
        b"4453 -2\n4453 3\n",
    );
    assert!(out.starts_with("4453 -2 "), "{out}");
    assert!(err.contains("line 2: expected score 3, solved -2"), "{err}");
}
