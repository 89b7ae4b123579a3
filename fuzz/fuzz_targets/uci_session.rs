//! A UCI session fed a sequence of lines. Searches are bounded (a few hundred
//! nodes), and lines that would read files or run the benchmark are left
//! out; everything else is sent as written. After every line the position
//! the session holds writes a FEN that reads back to it, and a line the
//! session refuses (an `info string error` answer) leaves it unchanged.
#![no_main]

use std::time::Duration;

use inarow_fuzz::{assert_fen_round_trip, assert_one_line};
use inarow_protocol::{Command, Session};
use libfuzzer_sys::fuzz_target;

/// Lines a session reads from one input at most.
const MAX_LINES: usize = 24;

/// The line as the session gets it: searches and perft bounded, tables
/// small; `None` for a line left out.
fn bounded(line: &str) -> Option<String> {
    let Ok(command) = line.parse::<Command>() else {
        return Some(line.to_owned());
    };
    let small = |value: &Option<String>, most: u64| {
        value
            .as_deref()
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map(|n| n.min(most).to_string())
    };
    match command {
        Command::Go(mut go) => {
            go.infinite = false;
            go.ponder = false;
            go.nodes = Some(go.nodes.unwrap_or(300).min(300));
            go.depth = go.depth.map(|d| d.min(6));
            go.movetime = go.movetime.map(|t| t.min(Duration::from_millis(5)));
            Some(Command::Go(go).to_string())
        }
        Command::Perft(depth) => Some(Command::Perft(depth.min(2)).to_string()),
        Command::Bench { .. } => None,
        Command::SetOption { name, value } => {
            let name_lower = name.to_ascii_lowercase();
            match name_lower.as_str() {
                "bookfile" => None,
                "hash" => Some(match small(&value, 2) {
                    Some(mib) => format!("setoption name {name} value {mib}"),
                    None => line.to_owned(),
                }),
                "threads" => Some(match small(&value, 1) {
                    Some(threads) => format!("setoption name {name} value {threads}"),
                    None => line.to_owned(),
                }),
                _ => Some(line.to_owned()),
            }
        }
        _ => Some(line.to_owned()),
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut session = Session::new(Vec::<u8>::new());
    let output = session.output();
    for line in text.lines().take(MAX_LINES) {
        let Some(line) = bounded(line) else {
            continue;
        };
        if line.trim().eq_ignore_ascii_case("quit") {
            break;
        }
        let before = *session.position();
        let written = output.lock().unwrap().len();
        session.handle_line(&line);
        session.wait_for_search();
        let answer = String::from_utf8_lossy(&output.lock().unwrap()[written..]).into_owned();
        for error in answer
            .lines()
            .filter(|l| l.starts_with("info string error"))
        {
            assert_one_line(error);
            assert_eq!(
                *session.position(),
                before,
                "{line:?} was refused ({error}) and changed the position"
            );
        }
        assert_fen_round_trip(session.position());
    }
});
