//! `inarow bench`: the deterministic search benchmark, run as the UCI command
//! `bench` in an engine session, so it goes through the path users run.

use clap::Args;
use inarow_protocol::bench;
use inarow_protocol::{Command, Session};

/// Options of `inarow bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The search depth in plies.
    #[arg(long, short, default_value_t = bench::DEFAULT_DEPTH)]
    depth: u32,
    /// The transposition table size in MiB.
    #[arg(long, default_value_t = bench::DEFAULT_HASH_MIB)]
    hash: usize,
    /// Search threads, 1 to the number of cores (only 1 gives the
    /// deterministic node count).
    #[arg(long, default_value_t = 1, value_parser = crate::threads::parse)]
    threads: usize,
}

/// Runs `inarow bench`: one line per position, then `N nodes N nps`.
pub fn run(args: &BenchArgs) -> Result<(), String> {
    if args.depth == 0 {
        return Err("--depth must be at least 1".to_owned());
    }
    let mut session = Session::new(std::io::stdout());
    let bench = Command::Bench {
        depth: Some(args.depth),
        hash: Some(args.hash.max(1)),
        threads: Some(args.threads),
    };
    session.handle_line(&bench.to_string());
    Ok(())
}
