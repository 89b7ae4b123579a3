//! A UCI session fed a sequence of lines. Searches are bounded (a few hundred
//! nodes), and lines that would read files or run the benchmark are left
//! out; everything else is sent as written. After every line the position
//! the session holds writes a FEN that reads back to it, and a line the
//! session refuses (an `info string error` answer) leaves it unchanged.
#![no_main]

use inarow_fuzz::{assert_fen_round_trip, assert_one_line, bounded_uci_line as bounded};
use inarow_protocol::Session;
use libfuzzer_sys::fuzz_target;

/// Lines a session reads from one input at most.
const MAX_LINES: usize = 24;

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
