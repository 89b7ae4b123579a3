//! A Piskvork (Gomocup) session fed a sequence of lines, as a gomoku manager
//! sends them. Searches are bounded (a few hundred nodes, a few
//! milliseconds, one thread, a small table): `INFO` values above those are
//! lowered, everything else is sent as written. Every answer is one of the
//! protocol's lines, and every move the brain answers lies on the board the
//! last accepted `START` or `RECTSTART` set; a point written back reads to
//! the same point.
#![no_main]

use std::time::Duration;

use inarow_fuzz::bounded_piskvork_line as bounded;
use inarow_protocol::piskvork::{Command, Point, Settings};
use inarow_protocol::PiskvorkSession;
use libfuzzer_sys::fuzz_target;

/// Lines a session reads from one input at most.
const MAX_LINES: usize = 40;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let settings = Settings {
        hash_mib: 1,
        threads: 1,
        default_turn: Duration::from_millis(5),
    };
    let mut session = PiskvorkSession::new(Vec::<u8>::new(), settings);
    session.handle_line("INFO max_node 300");
    let mut board: Option<(u32, u32)> = None;
    for line in text.lines().take(MAX_LINES) {
        let line = bounded(line);
        let start = match line.trim().parse::<Command>() {
            Ok(Command::Start { width, height }) => Some((width, height)),
            Ok(Command::Turn(point) | Command::Takeback(point)) => {
                let again: Point = point.to_string().parse().expect("a point reads back");
                assert_eq!(again, point);
                None
            }
            _ => None,
        };
        let written = session.output().len();
        session.handle_line(&line);
        let answer = String::from_utf8_lossy(&session.output()[written..]).into_owned();
        if let (Some((width, height)), Some("OK")) = (start, answer.lines().last()) {
            board = Some((width as u32, height as u32));
        }
        for reply in answer.lines() {
            if let Ok(point) = reply.parse::<Point>() {
                let (width, height) = board.expect("a move before any board");
                assert!(
                    point.x < width && point.y < height,
                    "{point} off a {width}x{height} board, after {line:?}"
                );
                continue;
            }
            assert!(
                reply == "OK"
                    || ["ERROR ", "UNKNOWN ", "MESSAGE ", "name=\""]
                        .iter()
                        .any(|form| reply.starts_with(form)),
                "not a Piskvork line: {reply:?} after {line:?}"
            );
        }
    }
});
