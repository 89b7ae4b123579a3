//! `inarow perft`: move-generation counts, with divide.

use std::io::{self, Write};
use std::time::Instant;

use clap::Args;
use inarow_games::perft::{divide, perft};
use inarow_games::{AnyGame, Game};

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
    let mut out = io::stdout().lock();
    match game {
        AnyGame::Connect4(g) => report(&g, args.depth, args.divide, &mut out),
        AnyGame::TicTacToe(g) => report(&g, args.depth, args.divide, &mut out),
    }
    .map_err(|e| format!("writing to stdout: {e}"))
}

fn report<G: Game>(game: &G, depth: u32, split: bool, out: &mut impl Write) -> io::Result<()> {
    let start = Instant::now();
    let total = if split {
        let counts = divide(game, depth);
        for (mv, count) in &counts {
            writeln!(out, "{} {count}", game.to_drop(*mv))?;
        }
        counts.iter().map(|(_, count)| count).sum()
    } else {
        perft(game, depth)
    };
    let elapsed = start.elapsed();
    writeln!(out, "total {total}")?;
    writeln!(out, "time {:.3} s", elapsed.as_secs_f64())?;
    writeln!(
        out,
        "nps {:.0}",
        total as f64 / elapsed.as_secs_f64().max(1e-9)
    )
}
