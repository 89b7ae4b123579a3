//! `inarow`: a perfect-play engine for k-in-a-row games.

mod bench;
mod book;
mod matches;
mod perft;
mod piskvork;
mod play;
mod position;
mod review;
mod rng;
mod serve;
mod solve;
mod threads;
mod tree;
mod uci;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// inarow: k-in-a-row games (Connect Four, tic-tac-toe, gomoku and the family
/// between them), solved and played.
#[derive(Parser, Debug)]
#[command(name = "inarow", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the engine on stdin/stdout, speaking UCI (and UGI) as cutechess and
    /// Fairy-Stockfish do for cfour, tictactoe, gomoku and gomokufreestyle. The
    /// default.
    Uci,
    /// Count move sequences (perft), optionally split by first move.
    Perft(perft::PerftArgs),
    /// Play a game in the terminal against the engine (or any UCI engine).
    Play(play::PlayArgs),
    /// Search fixed positions to a fixed depth; the last line is `N nodes N nps`.
    Bench(bench::BenchArgs),
    /// Exact scores of positions read from stdin, one a line (a move string, or
    /// squares on a board without gravity): `moves score nodes micros`.
    Solve(solve::SolveArgs),
    /// The exact score of every move of each position read from stdin.
    Analyze(solve::AnalyzeArgs),
    /// Play engine-vs-engine matches: Elo, pentanomial statistics, SPRT, PGN, resume.
    Match(Box<matches::MatchArgs>),
    /// Build, merge, verify and probe opening books.
    Book(book::BookArgs),
    /// The exact verdict on every move of PGN games: best, score error,
    /// outcome error or unsettled, with a summary per engine.
    Review(review::ReviewArgs),
    /// Serve a web page to play, analyse and review, connect4.gamesolver.org's
    /// `/solve` API and a JSON API, on a local HTTP port.
    Serve(serve::ServeArgs),
    /// Draw the tree a search examines (windows, values, bounds, cutoffs),
    /// or run Knuth and Moore's experiment on uniform trees.
    Tree(Box<tree::TreeArgs>),
    /// Run the engine on stdin/stdout speaking the Piskvork (Gomocup)
    /// protocol, as gomoku managers and GUIs expect. The default when the
    /// program's file name starts with `pbrain-`.
    Piskvork(piskvork::PiskvorkArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse_from(piskvork::brain_arguments(std::env::args_os().collect()));
    let mut logger =
        env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"));
    if matches!(&cli.command, Some(Command::Match(args)) if args.log_engine_io) {
        logger.filter_module(
            inarow_protocol::client::IO_LOG_TARGET,
            log::LevelFilter::Info,
        );
    }
    logger.target(env_logger::Target::Stderr).init();
    let result = match cli.command {
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Play(args)) => play::run(&args),
        Some(Command::Solve(args)) => solve::run_solve(&args),
        Some(Command::Analyze(args)) => solve::run_analyze(&args),
        Some(Command::Match(args)) => matches::run(&args),
        Some(Command::Book(args)) => book::run(&args),
        Some(Command::Review(args)) => review::run(&args),
        Some(Command::Tree(args)) => tree::run(&args),
        Some(Command::Serve(args)) => serve::run(&args),
        Some(Command::Piskvork(args)) => piskvork::run(&args),
        Some(Command::Uci) | None => uci::run(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
