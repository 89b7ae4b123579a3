//! `inarow uci` (and `inarow` with no subcommand): the engine on stdin/stdout.

use std::io;

use inarow_protocol::Session;

/// Runs a UCI / UGI session on stdin and stdout until `quit` or end of input.
pub fn run() -> Result<(), String> {
    let mut session = Session::new(io::stdout());
    session.run(io::stdin().lock());
    Ok(())
}
