//! `inarow book`: build, merge, verify and probe opening books.
//!
//! A build solves the frontier (every stored position with exactly `--plies`
//! stones) and writes each result as `inarow solve` prints it, one line a
//! position, to `OUT.solved` as it goes, so an interrupted build resumes
//! (`--resume`) where it stopped. `--todo` writes the positions still to
//! solve instead, for `inarow solve` to work through anywhere; `merge` then
//! reads its output back. Once every frontier position has a score, the
//! shallower positions take the best of their children and the book is
//! written.

use std::collections::HashMap;
use std::fs::{self, OpenOptions};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use clap::{Args, Subcommand};
use inarow_engine::book::{self, Book};
use inarow_engine::score::rule_score;
use inarow_engine::{max_threads, Analyst, SolveLimits};
use inarow_games::{AnyGame, Game, Size, Variant};

/// `inarow book` and its subcommands.
#[derive(Args, Debug)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Subcommand, Debug)]
enum BookCommand {
    /// Solve every position up to --plies stones and write the book.
    Build(BuildArgs),
    /// Write a book from frontier scores solved elsewhere (`inarow solve` output).
    Merge(MergeArgs),
    /// Check every entry of a book: interior entries against their children,
    /// frontier entries by solving them again.
    Verify(VerifyArgs),
    /// The book's score of positions (move strings) and of each of their moves.
    Probe(ProbeArgs),
    /// Line books: the move inarow plays in each position of its own opening
    /// lines, proven to hold a draw (Connect-k members the solver takes
    /// minutes on).
    Lines(crate::linebook::LinesArgs),
}

/// Options of `inarow book build`.
#[derive(Args, Debug)]
struct BuildArgs {
    /// The board size, WxH.
    #[arg(long, value_name = "WxH", default_value = "7x6")]
    size: Size,
    /// Every position with this many stones or fewer goes in the book.
    #[arg(long)]
    plies: u32,
    /// Positions solved at once, each on its own thread (default: every core).
    #[arg(long, value_parser = crate::threads::parse)]
    threads: Option<usize>,
    /// The solvers' table memory in MiB, shared out among the threads.
    #[arg(long, default_value_t = 512)]
    hash: usize,
    /// Carry on from the results already in OUT.solved.
    #[arg(long)]
    resume: bool,
    /// Do not solve: write the positions still to solve, one move string a
    /// line, to this file (for `inarow solve` elsewhere, then `book merge`).
    #[arg(long, value_name = "FILE")]
    todo: Option<PathBuf>,
    /// The book file to write; results go to OUT.solved as they come.
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,
}

/// Options of `inarow book merge`.
#[derive(Args, Debug)]
struct MergeArgs {
    /// The board size, WxH.
    #[arg(long, value_name = "WxH", default_value = "7x6")]
    size: Size,
    /// The plies the results were built for.
    #[arg(long)]
    plies: u32,
    /// The book file to write.
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,
    /// Files of `inarow solve` output (`moves score ...` lines).
    #[arg(required = true)]
    results: Vec<PathBuf>,
}

/// Options of `inarow book verify`.
#[derive(Args, Debug)]
struct VerifyArgs {
    /// The book file.
    file: PathBuf,
    /// Solve only this many frontier entries again, spread over the book
    /// (the first and the last included), instead of all.
    #[arg(long, value_name = "N")]
    sample: Option<usize>,
    /// Threads solving frontier entries (default: every core).
    #[arg(long, value_parser = crate::threads::parse)]
    threads: Option<usize>,
    /// The solvers' table memory in MiB, shared out among the threads.
    #[arg(long, default_value_t = 512)]
    hash: usize,
}

/// Options of `inarow book probe`.
#[derive(Args, Debug)]
struct ProbeArgs {
    /// A book file instead of the one built in.
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
    /// Positions as move strings (columns from 1); `""` is the empty board.
    #[arg(required = true)]
    moves: Vec<String>,
}

/// Runs `inarow book`.
pub fn run(args: &BookArgs) -> Result<(), String> {
    match &args.command {
        BookCommand::Build(args) => build(args),
        BookCommand::Merge(args) => merge(args),
        BookCommand::Verify(args) => verify(args),
        BookCommand::Probe(args) => probe(args),
        BookCommand::Lines(args) => crate::linebook::run(args),
    }
}

/// Reads a book file.
pub fn load(path: &Path) -> Result<Book, String> {
    let bytes = fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Book::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

fn solved_path(output: &Path) -> PathBuf {
    let mut name = output.as_os_str().to_owned();
    name.push(".solved");
    PathBuf::from(name)
}

/// Reads `moves score ...` lines into scores by canonical key. A last line
/// cut short (a build stopped while writing it) is left out; any other line
/// that cannot be read is an error.
fn read_results(path: &Path, size: Size, scores: &mut HashMap<u128, i32>) -> Result<usize, String> {
    let text =
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let complete = if text.ends_with('\n') || text.is_empty() {
        text.as_str()
    } else {
        &text[..text.rfind('\n').map_or(0, |i| i + 1)]
    };
    let mut count = 0;
    for (index, line) in complete.lines().enumerate() {
        let mut tokens = line.split_whitespace();
        let (Some(moves), Some(score)) = (tokens.next(), tokens.next()) else {
            return Err(format!(
                "{}:{}: expected 'moves score'",
                path.display(),
                index + 1
            ));
        };
        let position = position_of(size, moves)
            .map_err(|e| format!("{}:{}: {e}", path.display(), index + 1))?;
        let score: i32 = score.parse().map_err(|_| {
            format!(
                "{}:{}: the score '{score}' is not a number",
                path.display(),
                index + 1
            )
        })?;
        scores.insert(position.canonical_key(), score);
        count += 1;
    }
    Ok(count)
}

/// The Connect-Four position of a move string on `size`.
fn position_of(size: Size, moves: &str) -> Result<AnyGame, String> {
    let mut position = AnyGame::new(Variant::Connect4(size));
    match position.play_move_string(moves) {
        Some(Err(e)) => Err(e.to_string()),
        _ => Ok(position),
    }
}

/// Writes the book from the frontier's scores, replacing `output` atomically.
fn finish(
    size: Size,
    plies: u32,
    scores: &HashMap<u128, i32>,
    output: &Path,
) -> Result<(), String> {
    let book = Book::from_frontier(size, plies, scores).map_err(|e| e.to_string())?;
    let bytes = book.to_bytes();
    let mut partial = output.as_os_str().to_owned();
    partial.push(".part");
    fs::write(&partial, &bytes).map_err(|e| format!("cannot write {}: {e}", output.display()))?;
    fs::rename(&partial, output).map_err(|e| format!("cannot write {}: {e}", output.display()))?;
    println!(
        "{}: {size}, every position up to {plies} stones: {} entries, {} bytes",
        output.display(),
        book.len(),
        bytes.len()
    );
    Ok(())
}

fn build(args: &BuildArgs) -> Result<(), String> {
    let started = Instant::now();
    let frontier: Vec<(AnyGame, String)> = book::frontier_moves(args.size, args.plies)
        .into_iter()
        .map(|moves| Ok((position_of(args.size, &moves)?, moves)))
        .collect::<Result<_, String>>()?;
    let solved_file = solved_path(&args.output);
    let mut scores = HashMap::new();
    if solved_file.exists() && (args.resume || args.todo.is_some()) {
        read_results(&solved_file, args.size, &mut scores)?;
        truncate_partial_line(&solved_file)?;
    } else if solved_file.exists() && fs::metadata(&solved_file).is_ok_and(|m| m.len() > 0) {
        return Err(format!(
            "{} holds results of an earlier build: pass --resume to carry on, or remove it",
            solved_file.display()
        ));
    }
    let todo: Vec<&(AnyGame, String)> = frontier
        .iter()
        .filter(|(p, _)| !scores.contains_key(&p.canonical_key()))
        .collect();
    log::info!(
        "{} frontier positions at {} stones, {} already solved",
        frontier.len(),
        args.plies,
        frontier.len() - todo.len()
    );
    if let Some(path) = &args.todo {
        let text: String = todo.iter().map(|(_, moves)| format!("{moves}\n")).collect();
        fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!(
            "{}: {} positions still to solve (of {})",
            path.display(),
            todo.len(),
            frontier.len()
        );
        return Ok(());
    }
    solve_all(args, &todo, &solved_file, &mut scores)?;
    log::info!("solved in {:.1} s", started.elapsed().as_secs_f64());
    finish(args.size, args.plies, &scores, &args.output)
}

/// Cuts a line left unfinished at the end of a results file, so what is
/// appended next starts on a line of its own.
pub(crate) fn truncate_partial_line(path: &Path) -> Result<(), String> {
    let text = fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if text.is_empty() || text.ends_with(b"\n") {
        return Ok(());
    }
    let keep = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let file = OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    file.set_len(keep as u64)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Positions a thread takes at a time: neighbours in move-string order share
/// much of their trees, and a thread keeps its table between them.
const CHUNK: usize = 32;

/// One solved position: its index in the list, score, nodes and microseconds.
struct Solved {
    index: usize,
    score: i32,
    nodes: u64,
    micros: u128,
}

/// Solves `positions` on `threads` threads, each with its own solver and a
/// share of `hash_mib`, handing each result to `each` (on the calling thread)
/// as it comes; stops at the first error `each` returns.
fn solve_on_threads(
    positions: &[&AnyGame],
    threads: usize,
    hash_mib: usize,
    mut each: impl FnMut(Solved) -> Result<(), String>,
) -> Result<(), String> {
    let threads = threads.clamp(1, positions.len().max(1));
    let next = AtomicUsize::new(0);
    // Small jobs in small chunks, so every thread has a share.
    let chunk = CHUNK.min(positions.len().div_ceil(4 * threads)).max(1);
    let thread_mib = (hash_mib / threads).max(1);
    let (sender, receiver) = mpsc::channel::<Solved>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || {
                let mut analyst = Analyst::new(thread_mib);
                loop {
                    let first = next.fetch_add(chunk, Ordering::Relaxed);
                    if first >= positions.len() {
                        break;
                    }
                    let last = (first + chunk).min(positions.len());
                    for (index, position) in positions.iter().enumerate().take(last).skip(first) {
                        let before = analyst.nodes();
                        let start = Instant::now();
                        let Some(score) = analyst.score(position, false, &SolveLimits::default())
                        else {
                            return;
                        };
                        let solved = Solved {
                            index,
                            score,
                            nodes: analyst.nodes() - before,
                            micros: start.elapsed().as_micros(),
                        };
                        if sender.send(solved).is_err() {
                            return;
                        }
                    }
                }
            });
        }
        drop(sender);
        // An error drops the receiver: the threads stop at their next result.
        receiver.iter().try_for_each(&mut each)
    })
}

/// Solves `todo`, appending every result to `solved_file` as it comes.
fn solve_all(
    args: &BuildArgs,
    todo: &[&(AnyGame, String)],
    solved_file: &Path,
    scores: &mut HashMap<u128, i32>,
) -> Result<(), String> {
    let mut out = OpenOptions::new()
        .create(true)
        .append(true)
        .open(solved_file)
        .map_err(|e| format!("cannot write {}: {e}", solved_file.display()))?;
    let progress = io::stderr().is_terminal();
    let started = Instant::now();
    let positions: Vec<&AnyGame> = todo.iter().map(|(p, _)| p).collect();
    let threads = args.threads.unwrap_or_else(max_threads);
    let mut done = 0;
    solve_on_threads(&positions, threads, args.hash, |solved| {
        let (position, moves) = todo[solved.index];
        writeln!(
            out,
            "{moves} {} {} {}",
            solved.score, solved.nodes, solved.micros
        )
        .and_then(|()| out.flush())
        .map_err(|e| format!("cannot write {}: {e}", solved_file.display()))?;
        scores.insert(position.canonical_key(), solved.score);
        done += 1;
        if progress {
            eprint!(
                "\r{done} of {} solved, {:.0} s   ",
                todo.len(),
                started.elapsed().as_secs_f64()
            );
        }
        Ok(())
    })?;
    if progress {
        eprintln!();
    }
    Ok(())
}

fn merge(args: &MergeArgs) -> Result<(), String> {
    let mut scores = HashMap::new();
    for path in &args.results {
        read_results(path, args.size, &mut scores)?;
    }
    finish(args.size, args.plies, &scores, &args.output)
}

fn verify(args: &VerifyArgs) -> Result<(), String> {
    let book = load(&args.file)?;
    let frontier = book
        .check()
        .map_err(|e| format!("{}: {e}", args.file.display()))?;
    let interior = book.len() - frontier.len();
    let chosen: Vec<&(String, i32)> = match args.sample {
        Some(n) if n < frontier.len() => {
            // Evenly spread, the first and the last included.
            let last = frontier.len() - 1;
            let mut picks: Vec<usize> = (0..n).map(|i| i * last / (n - 1).max(1)).collect();
            picks.dedup();
            picks.into_iter().map(|i| &frontier[i]).collect()
        }
        _ => frontier.iter().collect(),
    };
    let positions: Vec<AnyGame> = chosen
        .iter()
        .map(|(moves, _)| position_of(book.size(), moves))
        .collect::<Result<_, String>>()?;
    let positions: Vec<&AnyGame> = positions.iter().collect();
    let threads = args.threads.unwrap_or_else(max_threads);
    let mut wrong = Vec::new();
    solve_on_threads(&positions, threads, args.hash, |solved| {
        let (moves, score) = chosen[solved.index];
        if solved.score != *score {
            wrong.push(format!("{moves}: book {score}, solver {}", solved.score));
        }
        Ok(())
    })?;
    if let Some(first) = wrong.first() {
        return Err(format!(
            "{}: {} frontier entries disagree with the solver, first {first}",
            args.file.display(),
            wrong.len()
        ));
    }
    println!(
        "{}: ok, {}, up to {} stones: {} entries, {interior} agree with their children, \
         {} of {} at {} stones solved again and agree",
        args.file.display(),
        book.size(),
        book.plies(),
        book.len(),
        chosen.len(),
        frontier.len(),
        book.plies()
    );
    Ok(())
}

fn probe(args: &ProbeArgs) -> Result<(), String> {
    let book = match &args.book {
        Some(path) => std::sync::Arc::new(load(path)?),
        None => book::embedded(),
    };
    let mut failures = 0;
    for moves in &args.moves {
        let position = match position_of(book.size(), moves) {
            Ok(position) => position,
            Err(e) => {
                eprintln!("error: {moves:?}: {e}");
                failures += 1;
                continue;
            }
        };
        let show = |score: Option<i32>| score.map_or_else(|| "?".to_owned(), |s| s.to_string());
        // The rules, then the book (which holds the positions of its size).
        let score_of = |position: &AnyGame| {
            rule_score(position).or_else(|| book.probe_key(position.canonical_key()))
        };
        let legal = position.legal_moves();
        let columns: Vec<String> = (0..book.size().width() as u8)
            .map(|file| {
                let Some(&mv) = legal.iter().find(|mv| mv.file == file) else {
                    return "-".to_owned();
                };
                let mut child = position;
                child.play_unchecked(mv);
                show(score_of(&child).map(|s| -s))
            })
            .collect();
        println!(
            "{} {} {}",
            if moves.is_empty() { "-" } else { moves },
            show(score_of(&position)),
            columns.join(" ")
        );
    }
    if failures > 0 {
        return Err(format!("{failures} position(s) could not be read"));
    }
    Ok(())
}
