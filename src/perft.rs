//! `inarow perft`: move-generation counts, with divide.

use std::io::{self, Write};

use clap::Args;

use crate::position::PositionArgs;

/// Options of `inarow perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The number of plies to count.
    #[arg(long, short)]
    depth: u32,
    /// Print the count under each first move.
    #[arg(long)]
    divide: bool,
}

/// Runs `inarow perft`.
pub fn run(args: &PerftArgs) -> Result<(), String> {
    let game = args.position.position()?;
    let report = game.perft(args.depth, args.divide);
    writeln!(io::stdout().lock(), "{report}").map_err(|e| format!("writing to stdout: {e}"))
}
