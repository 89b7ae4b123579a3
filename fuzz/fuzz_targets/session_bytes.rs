//! The UCI and the Piskvork session fed raw bytes, as their `run` reads a
//! stream: lines that are not UTF-8, carriage returns, NULs, a last line
//! without a newline. Lines that are text are bounded as the line targets
//! bound them (searches of a few hundred nodes, no files, no benchmark);
//! the rest are sent as they are. Every input line is read (a `quit` or
//! `END` is left out), each that is not UTF-8 is answered with exactly one
//! error line, and every answer is one line of text.
#![no_main]

use std::time::Duration;

use inarow_fuzz::{assert_one_line, bounded_piskvork_line, bounded_uci_line};
use inarow_protocol::piskvork::{self, Settings};
use inarow_protocol::{Command, PiskvorkSession, Session};
use libfuzzer_sys::fuzz_target;

/// Lines a session reads from one input at most.
const MAX_LINES: usize = 32;

/// The input's lines, each bounded by `bound` if it is text, joined again;
/// and how many are not UTF-8.
fn prepared(data: &[u8], bound: impl Fn(&str) -> Option<String>) -> (Vec<u8>, usize) {
    let mut input = Vec::new();
    let mut not_text = 0;
    for line in data.split(|&b| b == b'\n').take(MAX_LINES) {
        match std::str::from_utf8(line) {
            Ok(text) => {
                if let Some(text) = bound(text) {
                    input.extend(text.as_bytes());
                    input.push(b'\n');
                }
            }
            Err(_) => {
                not_text += 1;
                input.extend(line);
                input.push(b'\n');
            }
        }
    }
    (input, not_text)
}

fuzz_target!(|data: &[u8]| {
    let (input, not_text) = prepared(data, |line| {
        bounded_uci_line(line).filter(|line| !matches!(line.parse(), Ok(Command::Quit)))
    });
    let mut session = Session::new(Vec::<u8>::new());
    let output = session.output();
    session.run(&input[..]);
    drop(session);
    let text = String::from_utf8(output.lock().unwrap().clone()).expect("UCI answers are text");
    let refused = text
        .lines()
        .filter(|l| l.starts_with("info string error: the line is not UTF-8"))
        .count();
    assert_eq!(refused, not_text, "{text}");
    for line in text.lines().filter(|l| l.starts_with("info string error")) {
        assert_one_line(line);
    }

    let (input, not_text) = prepared(data, |line| {
        let line = bounded_piskvork_line(line);
        (!matches!(line.trim().parse(), Ok(piskvork::Command::End))).then_some(line)
    });
    let settings = Settings {
        hash_mib: 1,
        threads: 1,
        default_turn: Duration::from_millis(5),
    };
    let mut session = PiskvorkSession::new(Vec::<u8>::new(), settings);
    session.handle_line("INFO max_node 300");
    session.run(&input[..]);
    let text = std::str::from_utf8(session.output()).expect("Piskvork answers are text");
    // A bad line inside a BOARD is reported once, at DONE, with the board.
    let refused = text
        .lines()
        .filter(|l| {
            l.starts_with("ERROR the line is not UTF-8")
                || l.starts_with("ERROR BOARD: the line is not UTF-8")
        })
        .count();
    assert!(refused <= not_text, "{text}");
});
