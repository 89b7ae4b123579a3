//! `inarow solve` and `inarow analyze`: exact scores of Connect-Four positions
//! given as Pons move strings, one a line on stdin, on any board up to 128
//! bits (columns past 9 are `A` to `G`), or in Steininger's form with
//! `--from-zero`.

use std::io::{self, BufRead, IsTerminal, Write};
use std::time::Instant;

use clap::Args;
use inarow_engine::{Analyst, SolveLimits, DEFAULT_SOLVER_HASH_MIB};
use inarow_games::connect4::from_zero_based;
use inarow_games::{AnyGame, Size, Variant};

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
    /// Read moves as Steininger's c4 test sets write them: columns from 0,
    /// one digit each (boards of at most ten columns).
    #[arg(long)]
    from_zero: bool,
}

/// The exact analyst the options ask for.
fn analyst(args: &SolveArgs) -> Analyst {
    let mut analyst = Analyst::new(args.hash.max(1));
    analyst.set_threads(args.threads);
    analyst.set_book((!args.no_book).then(inarow_engine::book::embedded));
    analyst
}

/// One input line: the position and, if given, the score it should have.
struct Line {
    moves: String,
    position: AnyGame,
    expected: Option<i32>,
}

fn parse_line(text: &str, size: Size, from_zero: bool) -> Result<Line, String> {
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
    let pons = if from_zero {
        from_zero_based(&moves).map_err(|e| e.to_string())?
    } else {
        moves.clone()
    };
    let mut position = AnyGame::new(Variant::Connect4(size));
    if let Some(Err(e)) = position.play_move_string(&pons) {
        return Err(e.to_string());
    }
    Ok(Line {
        moves,
        position,
        expected,
    })
}

/// Runs `inarow solve`: prints `moves score nodes micros` per line, like Pons's
/// `c4solver`. Fails at the end if any line was bad or any expected score differed.
pub fn run_solve(args: &SolveArgs) -> Result<(), String> {
    let mut analyst = analyst(args);
    let mut failures = 0usize;
    let progress = io::stderr().is_terminal();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let started = Instant::now();
    let mut solved = 0usize;
    for (index, text) in io::stdin().lock().lines().enumerate() {
        let number = index + 1;
        let text = text.map_err(|e| format!("reading stdin: {e}"))?;
        let line = match parse_line(&text, args.size, args.from_zero) {
            Ok(line) => line,
            Err(reason) => {
                eprintln!("error: line {number}: {reason}");
                failures += 1;
                writeln!(out).map_err(|e| e.to_string())?;
                continue;
            }
        };
        analyst.clear();
        let start = Instant::now();
        let score = analyst
            .score(&line.position, args.weak, &SolveLimits::default())
            .ok_or("a solve without limits ends with a score")?;
        let micros = start.elapsed().as_micros();
        writeln!(out, "{} {score} {} {micros}", line.moves, analyst.nodes())
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
    let mut analyst = analyst(args);
    let mut failures = 0usize;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for (index, text) in io::stdin().lock().lines().enumerate() {
        let text = text.map_err(|e| format!("reading stdin: {e}"))?;
        let line = match parse_line(&text, args.size, args.from_zero) {
            Ok(line) => line,
            Err(reason) => {
                eprintln!("error: line {}: {reason}", index + 1);
                failures += 1;
                writeln!(out).map_err(|e| e.to_string())?;
                continue;
            }
        };
        analyst.clear();
        let scores = analyst.move_scores(&line.position, args.weak, &SolveLimits::default());
        let columns: Vec<String> = (0..args.size.width() as u8)
            .map(|file| {
                scores
                    .iter()
                    .find(|(drop, _)| drop.file == file)
                    .and_then(|&(_, score)| score)
                    .map_or_else(|| "-".to_owned(), |s| s.to_string())
            })
            .collect();
        writeln!(out, "{} {}", line.moves, columns.join(" ")).map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
    }
    if failures > 0 {
        return Err(format!("{failures} line(s) failed"));
    }
    Ok(())
}
