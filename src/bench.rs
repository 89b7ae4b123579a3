//! `inarow bench`: the deterministic search benchmark.

use clap::Args;
use inarow_engine::bench;

/// Options of `inarow bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The search depth in plies.
    #[arg(long, short, default_value_t = bench::DEFAULT_DEPTH)]
    depth: u32,
    /// The transposition table size in MiB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
}

/// Runs `inarow bench`: one line per position, then `N nodes N nps`.
pub fn run(args: &BenchArgs) -> Result<(), String> {
    if args.depth == 0 {
        return Err("--depth must be at least 1".to_owned());
    }
    let report = bench::run(args.depth, args.hash.max(1), |line| {
        println!(
            "{:<40} {:>7} {:>12} {:>12} nodes {:>8.1} ms",
            line.name,
            line.best,
            line.score.to_string(),
            line.nodes,
            line.elapsed.as_secs_f64() * 1000.0
        );
    });
    println!("{} nodes {} nps", report.nodes, report.nps());
    Ok(())
}
