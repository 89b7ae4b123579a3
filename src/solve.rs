//! `inarow solve` and `inarow analyze`: exact scores of Connect-Four positions
//! given as Pons move strings, one a line on stdin.

use std::io::{self, BufRead, IsTerminal, Write};
use std::time::Instant;

use clap::Args;
use inarow_engine::{Solver, DEFAULT_SOLVER_HASH_MIB};
use inarow_games::{Connect4, Size};

/// Options of `inarow solve` and `inarow analyze`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The board size, WxH.
    #[arg(long, value_name = "WxH", default_value = "7x6")]
    size: Size,
    /// Only find who wins: print 1, 0 or -1.
    #[arg(long)]
    weak: bool,
    /// The transposition table size in MiB.
    #[arg(long, default_value_t = DEFAULT_SOLVER_HASH_MIB)]
    hash: usize,
    /// Search threads, 1 to the number of cores: the scores do not depend on it.
    #[arg(long, default_value_t = 1, value_parser = crate::threads::parse)]
    threads: usize,
    /// Search every position, without the opening book (for timing the solver).
    #[arg(long)]
    no_book: bool,
}

/// The solver the options ask for.
fn solver(args: &SolveArgs) -> Solver {
    let mut solver = Solver::new(args.size, args.hash.max(1));
    solver.set_threads(args.threads);
    solver.set_book((!args.no_book).then(inarow_engine::book::embedded));
    solver
}

/// One input line: the position and, if given, the score it should have.
struct Line {
    moves: String,
    position: Connect4,
    expected: Option<i32>,
}

fn parse_line(text: &str, size: Size) -> Result<Line, String> {
    let mut tokens = text.split_whitespace();
    let moves = tokens.next().unwrap_or("").to_owned();
    let expected = tokens
        .next()
        .map(|t| {
            t.parse::<i32>()
                .map_err(|_| format!("expected score '{t}' is not a number"))
        })
        .transpose()?;
    if let Some(extra) = tokens.next() {
        return Err(format!("unexpected '{extra}' after the expected score"));
    }
    let position = Connect4::from_move_string(size, &moves).map_err(|e| e.to_string())?;
    Ok(Line {
        moves,
        position,
        expected,
    })
}

/// Runs `inarow solve`: prints `moves score nodes micros` per line, like Pons's
/// `c4solver`. Fails at the end if any line was bad or any expected score differed.
pub fn run_solve(args: &SolveArgs) -> Result<(), String> {
    let mut solver = solver(args);
    let mut failures = 0usize;
    let progress = io::stderr().is_terminal();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let started = Instant::now();
    let mut solved = 0usize;
    for (index, text) in io::stdin().lock().lines().enumerate() {
        let number = index + 1;
        let text = text.map_err(|e| format!("reading stdin: {e}"))?;
        let line = match parse_line(&text, args.size) {
            Ok(line) => line,
            Err(reason) => {
                eprintln!("error: line {number}: {reason}");
                failures += 1;
                writeln!(out).map_err(|e| e.to_string())?;
                continue;
            }
        };
        solver.clear();
        let start = Instant::now();
        let score = solver.solve(&line.position, args.weak);
        let micros = start.elapsed().as_micros();
        writeln!(out, "{} {score} {} {micros}", line.moves, solver.nodes())
            .map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
        let expected = line
            .expected
            .map(|e| if args.weak { e.signum() } else { e });
        if let Some(expected) = expected.filter(|&e| e != score) {
            eprintln!("error: line {number}: expected score {expected}, solved {score}");
            failures += 1;
        }
        solved += 1;
        if progress {
            eprint!(
                "\r{solved} solved, {:.1} s, {failures} failed   ",
                started.elapsed().as_secs_f64()
            );
        }
    }
    if progress {
        eprintln!();
    }
    if failures > 0 {
        return Err(format!("{failures} line(s) failed"));
    }
    Ok(())
}

/// Runs `inarow analyze`: the exact score of every column, `-` for a full one.
pub fn run_analyze(args: &SolveArgs) -> Result<(), String> {
    let mut solver = solver(args);
    let mut failures = 0usize;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for (index, text) in io::stdin().lock().lines().enumerate() {
        let text = text.map_err(|e| format!("reading stdin: {e}"))?;
        let line = match parse_line(&text, args.size) {
            Ok(line) => line,
            Err(reason) => {
                eprintln!("error: line {}: {reason}", index + 1);
                failures += 1;
                writeln!(out).map_err(|e| e.to_string())?;
                continue;
            }
        };
        solver.clear();
        let scores = solver.analyze(&line.position, args.weak);
        let columns: Vec<String> = scores
            .iter()
            .map(|s| s.map_or_else(|| "-".to_owned(), |s| s.to_string()))
            .collect();
        writeln!(out, "{} {}", line.moves, columns.join(" ")).map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
    }
    if failures > 0 {
        return Err(format!("{failures} line(s) failed"));
    }
    Ok(())
}
