//! `inarow bench`: the deterministic search benchmark.

use std::io::{self, Write};

use clap::Args;
use inarow_engine::bench;

/// Options of `inarow bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The search depth in plies.
    #[arg(long, short, default_value_t = bench::DEFAULT_DEPTH)]
    depth: u32,
    /// The transposition table size in MiB.
    #[arg(long, default_value_t = bench::DEFAULT_HASH_MIB)]
    hash: usize,
}

/// Runs `inarow bench`: one line per position, then `N nodes N nps`.
pub fn run(args: &BenchArgs) -> Result<(), String> {
    if args.depth == 0 {
        return Err("--depth must be at least 1".to_owned());
    }
    let mut out = io::stdout().lock();
    let mut failed = None;
    let report = bench::run(args.depth, args.hash.max(1), |line| {
        if let Err(e) = writeln!(out, "{line}") {
            failed.get_or_insert(e);
        }
    });
    writeln!(out, "{report}")
        .and(failed.map_or(Ok(()), Err))
        .map_err(|e| format!("writing to stdout: {e}"))
}
