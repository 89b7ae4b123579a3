//! `inarow solve` and `inarow analyze`: exact scores of positions, one a
//! line on stdin. Connect Four's are Pons move strings on any board up to 128
//! bits (columns past 9 are `A` to `G`), or in Steininger's form with
//! `--from-zero`; every other member of the family (`--variant`) takes its
//! moves as squares separated by spaces (`b2 a1`), or a Pons string where
//! stones fall.

use std::io::{self, IsTerminal, Write};
use std::time::Instant;

use clap::Args;
use inarow_engine::{Analyst, Rule, SolveLimits, DEFAULT_SOLVER_HASH_MIB};
use inarow_games::connect4::from_zero_based;
use inarow_games::{AnyGame, Dimensions, Drop, Game, Variant};
use inarow_protocol::input::{LineReader, MAX_LINE_BYTES};

use crate::review::Budget;

/// Options of `inarow solve` and `inarow analyze`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The game: cfour, tictactoe, gomoku, gomokufreestyle, or any member of
    /// the family as "connect WxH kK" (gravity) or "mnk WxH kK" ("exact" for
    /// exactly k).
    #[arg(long, default_value = "cfour")]
    variant: Variant,
    /// The board size, WxH.
    #[arg(long, value_name = "WxH")]
    size: Option<Dimensions>,
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
    /// The most work per line: nodes such as 50M, or time such as 500ms. A
    /// line not solved within it gets the bounds proved, `lower..upper`.
    #[arg(long, value_name = "B")]
    budget: Option<Budget>,
}

/// The limits of one line's solve under `budget`, counted from now.
fn line_limits(budget: Option<Budget>) -> SolveLimits<'static> {
    match budget {
        None => SolveLimits::default(),
        Some(Budget::Nodes(nodes)) => SolveLimits {
            nodes: Some(nodes),
            ..SolveLimits::default()
        },
        Some(Budget::Time(time)) => SolveLimits {
            deadline: Some(Instant::now() + time),
            ..SolveLimits::default()
        },
    }
}

/// A score, or the bounds proved on it: `-2`, or `-4..1`.
fn bounds_text((lower, upper): (i32, i32)) -> String {
    if lower == upper {
        lower.to_string()
    } else {
        format!("{lower}..{upper}")
    }
}

/// Options of `inarow analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    solve: SolveArgs,
    /// After each line, the rules of strategy that bound the position and
    /// its moves without search (claimeven, the odd threat), one a line.
    #[arg(long)]
    explain: bool,
}

/// The lines of stdin, at most [`MAX_LINE_BYTES`] each: a line that is
/// longer or not UTF-8 is an error of that line, and reading goes on; an
/// input that cannot be read ends the lines (with a message on stderr).
fn input_lines() -> impl Iterator<Item = Result<String, String>> {
    LineReader::new(io::stdin().lock(), MAX_LINE_BYTES).map_while(|line| match line {
        Ok(text) => Some(Ok(text)),
        Err(e) if e.is_fatal() => {
            eprintln!("error: {e}");
            None
        }
        Err(e) => Some(Err(e.to_string())),
    })
}

/// The exact analyst the options ask for.
fn analyst(args: &SolveArgs) -> Analyst {
    let mut analyst = Analyst::new(args.hash.max(1));
    analyst.set_threads(args.threads);
    analyst.set_book((!args.no_book).then(inarow_engine::books::opening::embedded));
    analyst
}

/// One input line: the position and, if given, the score it should have.
struct Line {
    moves: String,
    position: AnyGame,
    expected: Option<i32>,
}

/// A line of a game played by squares: its moves, then the score if the
/// last word is a number.
fn parse_square_line(text: &str, variant: Variant) -> Result<Line, String> {
    let mut words: Vec<&str> = text.split_whitespace().collect();
    let expected = match words.last().map(|w| w.parse::<i32>()) {
        Some(Ok(score)) => {
            words.pop();
            Some(score)
        }
        _ => None,
    };
    let mut position = AnyGame::new(variant);
    position
        .play_all(words.iter().copied())
        .map_err(|e| e.to_string())?;
    Ok(Line {
        moves: if words.is_empty() {
            "-".to_owned()
        } else {
            words.join(" ")
        },
        position,
        expected,
    })
}

fn parse_line(text: &str, variant: Variant, from_zero: bool) -> Result<Line, String> {
    if !variant.gravity() {
        return parse_square_line(text, variant);
    }
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
    let mut position = AnyGame::new(variant);
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
    let variant = crate::position::sized(args.variant, args.size)?;
    let mut analyst = analyst(args);
    // Each line is timed: the tables' pages are faulted in before the first,
    // as c4 and Pons's solver fill theirs when they make them.
    analyst.populate(&AnyGame::new(variant));
    let mut failures = 0usize;
    let progress = io::stderr().is_terminal();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let started = Instant::now();
    let mut solved = 0usize;
    for (index, text) in input_lines().enumerate() {
        let number = index + 1;
        let line = match text.and_then(|text| parse_line(&text, variant, args.from_zero)) {
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
        let bounds = analyst.bounds(&line.position, args.weak, &line_limits(args.budget));
        let micros = start.elapsed().as_micros();
        let score = bounds_text(bounds);
        writeln!(out, "{} {score} {} {micros}", line.moves, analyst.nodes())
            .map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
        let expected = line
            .expected
            .map(|e| if args.weak { e.signum() } else { e });
        if let Some(expected) = expected.filter(|&e| e < bounds.0 || e > bounds.1) {
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

/// Runs `inarow analyze`: the exact score of every column, `-` for a full
/// one; without gravity, every empty square's as `square:score`.
pub fn run_analyze(args: &AnalyzeArgs) -> Result<(), String> {
    let (explain, args) = (args.explain, &args.solve);
    let variant = crate::position::sized(args.variant, args.size)?;
    let mut analyst = analyst(args);
    let mut failures = 0usize;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for (index, text) in input_lines().enumerate() {
        let line = match text.and_then(|text| parse_line(&text, variant, args.from_zero)) {
            Ok(line) => line,
            Err(reason) => {
                eprintln!("error: line {}: {reason}", index + 1);
                failures += 1;
                writeln!(out).map_err(|e| e.to_string())?;
                continue;
            }
        };
        analyst.clear();
        let scores: Vec<(Drop, Option<String>)> = if args.budget.is_some() {
            let limits = line_limits(args.budget);
            analyst
                .move_bounds(&line.position, args.weak, &limits)
                .into_iter()
                .map(|(drop, bounds)| (drop, Some(bounds_text(bounds))))
                .collect()
        } else {
            analyst
                .move_scores(&line.position, args.weak, &SolveLimits::default())
                .into_iter()
                .map(|(drop, score)| (drop, score.map(|s| s.to_string())))
                .collect()
        };
        if !variant.gravity() {
            let squares: Vec<String> = scores
                .iter()
                .map(|(drop, score)| {
                    let score = score.as_deref().unwrap_or("?");
                    format!("{}:{score}", drop.square_name())
                })
                .collect();
            writeln!(out, "{} {}", line.moves, squares.join(" ")).map_err(|e| e.to_string())?;
            if explain {
                write_rules(&mut out, &mut analyst, &line.position)?;
            }
            continue;
        }
        let columns: Vec<String> = (0..variant.dimensions().0)
            .map(|file| {
                scores
                    .iter()
                    .find(|(drop, _)| drop.file == file)
                    .and_then(|(_, score)| score.clone())
                    .unwrap_or_else(|| "-".to_owned())
            })
            .collect();
        writeln!(out, "{} {}", line.moves, columns.join(" ")).map_err(|e| e.to_string())?;
        if explain {
            write_rules(&mut out, &mut analyst, &line.position)?;
        }
        out.flush().map_err(|e| e.to_string())?;
    }
    if failures > 0 {
        return Err(format!("{failures} line(s) failed"));
    }
    Ok(())
}

/// `analyze --explain`: a line for `position` and one for each move whose
/// position a rule of strategy bounds without search, each with the bound
/// from the mover's side: `  position: claimeven: at most 0`,
/// `  d2: odd threat at e3: at least 2`.
fn write_rules(
    out: &mut impl Write,
    analyst: &mut Analyst,
    position: &AnyGame,
) -> Result<(), String> {
    if let Some(bound) = analyst.rule_bound(position) {
        let rule = rule_name(bound.rule);
        writeln!(out, "  position: {rule}: at most {}", bound.at_most)
            .map_err(|e| e.to_string())?;
    }
    for mv in position.legal_moves() {
        let mut child = *position;
        child.play_unchecked(mv);
        if let Some(bound) = analyst.rule_bound(&child) {
            let (square, rule) = (mv.square_name(), rule_name(bound.rule));
            writeln!(out, "  {square}: {rule}: at least {}", -bound.at_most)
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// How `analyze --explain` names a rule.
fn rule_name(rule: Rule) -> String {
    match rule {
        Rule::Claimeven => "claimeven".to_owned(),
        Rule::OddThreat { file, rank } => {
            format!("odd threat at {}", Drop { file, rank }.square_name())
        }
        Rule::OddThreats { cells } => {
            let squares: Vec<String> = cells
                .into_iter()
                .flatten()
                .map(|(file, rank)| Drop { file, rank }.square_name())
                .collect();
            format!("three-column odd threat at {}", squares.join(", "))
        }
    }
}
