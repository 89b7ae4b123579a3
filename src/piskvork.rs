//! `inarow piskvork`: the engine as a gomoku brain on stdin/stdout, speaking
//! the Piskvork (Gomocup) protocol. Started as `pbrain-*` (a link to or copy
//! of the binary, Gomocup's naming convention), the binary runs this mode
//! with no subcommand.

use std::ffi::OsString;
use std::io;
use std::path::Path;
use std::time::Duration;

use clap::Args;
use inarow_protocol::piskvork::{PiskvorkSession, Settings, DEFAULT_TURN};

/// Options of `inarow piskvork`.
#[derive(Args, Debug)]
pub struct PiskvorkArgs {
    /// The transposition table size in MiB (at most half of `INFO
    /// max_memory` is used).
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Search threads, 1 to the number of cores (`INFO thread_num` overrides).
    #[arg(long, default_value_t = 1, value_parser = crate::threads::parse)]
    threads: usize,
    /// Milliseconds per move when the manager sets neither `timeout_turn`
    /// nor `timeout_match`.
    #[arg(long, default_value_t = DEFAULT_TURN.as_millis() as u64)]
    movetime: u64,
}

/// The prefix of the file names Gomocup managers give brains.
const BRAIN_PREFIX: &str = "pbrain-";

/// The program's arguments, with `piskvork` put in as the subcommand when the
/// program's file name starts with `pbrain-` and no subcommand is given
/// (`pbrain-inarow --hash 16` is `inarow piskvork --hash 16`).
pub fn brain_arguments(mut args: Vec<OsString>) -> Vec<OsString> {
    let is_brain = args.first().is_some_and(|program| {
        Path::new(program)
            .file_name()
            .and_then(|name| name.to_str())
            .is_some_and(|name| name.starts_with(BRAIN_PREFIX))
    });
    let has_subcommand = args
        .get(1)
        .is_some_and(|arg| !arg.to_string_lossy().starts_with('-'));
    if is_brain && !has_subcommand {
        args.insert(1, OsString::from("piskvork"));
    }
    args
}

/// Runs a Piskvork session on stdin and stdout until `END` or end of input.
pub fn run(args: &PiskvorkArgs) -> Result<(), String> {
    if args.hash == 0 {
        return Err("--hash must be at least 1".to_owned());
    }
    let settings = Settings {
        hash_mib: args.hash,
        threads: args.threads,
        default_turn: Duration::from_millis(args.movetime.max(1)),
    };
    let mut session = PiskvorkSession::new(io::stdout(), settings);
    session.run(io::stdin().lock());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn a_brain_name_means_piskvork() {
        assert_eq!(
            brain_arguments(args(&["/opt/pbrain-inarow"])),
            args(&["/opt/pbrain-inarow", "piskvork"])
        );
        assert_eq!(
            brain_arguments(args(&["pbrain-inarow", "--hash", "16"])),
            args(&["pbrain-inarow", "piskvork", "--hash", "16"])
        );
        assert_eq!(
            brain_arguments(args(&["pbrain-inarow", "piskvork"])),
            args(&["pbrain-inarow", "piskvork"])
        );
        assert_eq!(brain_arguments(args(&["inarow"])), args(&["inarow"]));
        assert_eq!(
            brain_arguments(args(&["./pbrain/inarow"])),
            args(&["./pbrain/inarow"])
        );
    }
}
