//! A UCI (or UGI) line, as the session reads it: a command that reads writes
//! back to a line that reads to the same command, in UCI's words and in
//! UGI's; a line that does not read is refused in one line.
#![no_main]

use inarow_fuzz::assert_one_line;
use inarow_protocol::Command;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // The session reads one line at a time.
    let Some(line) = text.lines().next() else {
        return;
    };
    match line.parse::<Command>() {
        Ok(command) => {
            for written in [command.to_string(), command.to_ugi_string()] {
                let again: Command = written.parse().unwrap_or_else(|e| {
                    panic!("{line:?} wrote {written:?}, which does not read: {e}")
                });
                assert_eq!(again, command, "{line:?} wrote {written:?}");
            }
        }
        Err(e) => assert_one_line(&e.to_string()),
    }
});
