//! `inarow book`: build, merge, verify and probe opening books.
//!
//! A build solves the frontier (every stored position with exactly `--plies`
//! stones) and writes each result as `inarow solve` prints it, one line a
//! position, to `OUT.solved` as it goes, so an interrupted build resumes
//! (`--resume`) where it stopped. `--todo` writes the positions still to
//! solve instead, for `inarow solve` to work through anywhere; `merge` then
//! reads its output back. Once every frontier position has a score, the
//! shallower positions take the best of their children and the book is
//! written. `moves` then finds each frontier position's best move the same
//! way, appending to `BOOK.moves`, and rewrites the book with them.

use std::collections::HashMap;
use std::fs::{self, OpenOptions};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Instant;

mod lines;

use clap::{Args, Subcommand};
use inarow_engine::books::opening::{self, Book, FrontierEntry};
use inarow_engine::score::rule_score;
use inarow_engine::{max_threads, Analyst, SolveLimits};
use inarow_games::{AnyGame, Bitboard, Column, Connect4Of, Game, Size, Variant};
use inarow_protocol::input::{self, MAX_BOOK_BYTES};

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
    /// Give a book's frontier its best moves: each position that does not
    /// lose gets a move that keeps its exact score, found by the solver.
    Moves(MovesArgs),
    /// Give a book its next layer past the frontier (the first, then the
    /// second, ...): the positions one stone deeper than the last whose side
    /// to move played its moves from the book, each solved with a best move.
    Deepen(MovesArgs),
    /// Check every entry of a book: interior entries against their children,
    /// frontier entries by solving them again.
    Verify(VerifyArgs),
    /// The book's score of positions (move strings) and of each of their moves.
    Probe(ProbeArgs),
    /// Line books: the move inarow plays in each position of its own opening
    /// lines, proven to hold a draw (Connect-k members the solver takes
    /// minutes on).
    Lines(lines::LinesArgs),
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

/// Options of `inarow book moves` and `inarow book deepen`.
#[derive(Args, Debug)]
struct MovesArgs {
    /// The book file. Each result is appended to FILE.moves (FILE.deepN for
    /// layer N) as it comes (run again, it carries on from there); once every one is
    /// found, the book is rewritten with them.
    file: PathBuf,
    /// Positions solved at once, each on its own thread (default: every core).
    #[arg(long, value_parser = crate::threads::parse)]
    threads: Option<usize>,
    /// The solvers' table memory in MiB, shared out among the threads.
    #[arg(long, default_value_t = 512)]
    hash: usize,
}

/// Options of `inarow book verify`.
#[derive(Args, Debug)]
struct VerifyArgs {
    /// The book file.
    file: PathBuf,
    /// Solve only this many frontier entries again, and as many of each
    /// layer past the frontier, spread over it (the first and the last
    /// included), instead of all.
    #[arg(long, value_name = "N")]
    sample: Option<usize>,
    /// Solve again only the entries of this layer: 0 the frontier, 1 the
    /// first layer past it, ... (the checks without a solver cover the
    /// whole book all the same).
    #[arg(long, value_name = "N")]
    layer: Option<u32>,
    /// Check only the frontier's moves (each move's result solved again,
    /// against the book's score), not the frontier's scores.
    #[arg(long)]
    moves_only: bool,
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
        BookCommand::Moves(args) => moves(args),
        BookCommand::Deepen(args) => deepen(args),
        BookCommand::Verify(args) => verify(args),
        BookCommand::Probe(args) => probe(args),
        BookCommand::Lines(args) => lines::run(args),
    }
}

/// Reads a book file.
pub fn load(path: &Path) -> Result<Book, String> {
    let bytes = input::read_file(path, MAX_BOOK_BYTES)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Book::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
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
    let bytes = write_book(&book, output)?;
    println!(
        "{}: {size}, every position up to {plies} stones: {} entries, {bytes} bytes",
        output.display(),
        book.len(),
    );
    Ok(())
}

/// Writes `book` to `output`, replacing it atomically; returns its bytes.
fn write_book(book: &Book, output: &Path) -> Result<usize, String> {
    let bytes = book.to_bytes();
    let mut partial = output.as_os_str().to_owned();
    partial.push(".part");
    fs::write(&partial, &bytes).map_err(|e| format!("cannot write {}: {e}", output.display()))?;
    fs::rename(&partial, output).map_err(|e| format!("cannot write {}: {e}", output.display()))?;
    Ok(bytes.len())
}

fn build(args: &BuildArgs) -> Result<(), String> {
    let started = Instant::now();
    let frontier: Vec<(AnyGame, String)> = opening::frontier_moves(args.size, args.plies)
        .into_iter()
        .map(|moves| Ok((position_of(args.size, &moves)?, moves)))
        .collect::<Result<_, String>>()?;
    let solved_file = results_path(&args.output, ".solved");
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

/// A results file a long command appends to as it goes, a line a result,
/// showing its progress on a terminal.
struct ResultsFile {
    out: fs::File,
    path: PathBuf,
    /// The results to come, and those appended so far.
    total: usize,
    done: usize,
    /// What each result is, for the progress line ("solved", "found").
    what: &'static str,
    started: Instant,
    show: bool,
}

impl ResultsFile {
    /// Opens `path` to append `total` results to.
    fn open(path: &Path, total: usize, what: &'static str) -> Result<Self, String> {
        let out = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(ResultsFile {
            out,
            path: path.to_owned(),
            total,
            done: 0,
            what,
            started: Instant::now(),
            show: io::stderr().is_terminal(),
        })
    }

    /// Appends one result's line, at once on disk.
    fn append(&mut self, line: std::fmt::Arguments<'_>) -> Result<(), String> {
        writeln!(self.out, "{line}")
            .and_then(|()| self.out.flush())
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))?;
        self.done += 1;
        if self.show {
            eprint!(
                "\r{} of {} {}, {:.0} s   ",
                self.done,
                self.total,
                self.what,
                self.started.elapsed().as_secs_f64()
            );
        }
        Ok(())
    }
}

impl Drop for ResultsFile {
    fn drop(&mut self) {
        if self.show {
            eprintln!();
        }
    }
}

/// Positions a thread takes at a time: neighbours in move-string order share
/// much of their trees, and a thread keeps its table between them.
const CHUNK: usize = 32;

/// One position's result: its index in the list, what the job found, nodes
/// and microseconds.
struct Solved<R> {
    index: usize,
    result: R,
    nodes: u64,
    micros: u128,
}

/// Runs `job` on each of `positions` (with its index) on `threads` threads, each with its
/// own analyst (a share of `hash_mib`, and `book` if any), handing each
/// result to `each` (on the calling thread) as it comes; stops at the first
/// error `each` returns, or when `job` gives up.
fn solve_on_threads<R: Send>(
    positions: &[&AnyGame],
    threads: usize,
    hash_mib: usize,
    book: Option<&Arc<Book>>,
    job: impl Fn(&mut Analyst, usize, &AnyGame) -> Option<R> + Sync,
    mut each: impl FnMut(Solved<R>) -> Result<(), String>,
) -> Result<(), String> {
    let threads = threads.clamp(1, positions.len().max(1));
    let next = AtomicUsize::new(0);
    // Small jobs in small chunks, so every thread has a share.
    let chunk = CHUNK.min(positions.len().div_ceil(4 * threads)).max(1);
    let thread_mib = (hash_mib / threads).max(1);
    let (sender, receiver) = mpsc::channel::<Solved<R>>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let (next, job) = (&next, &job);
            scope.spawn(move || {
                let mut analyst = Analyst::new(thread_mib);
                analyst.set_book(book.cloned());
                loop {
                    let first = next.fetch_add(chunk, Ordering::Relaxed);
                    if first >= positions.len() {
                        break;
                    }
                    let last = (first + chunk).min(positions.len());
                    for (index, position) in positions.iter().enumerate().take(last).skip(first) {
                        let before = analyst.nodes();
                        let start = Instant::now();
                        let Some(result) = job(&mut analyst, index, position) else {
                            return;
                        };
                        let solved = Solved {
                            index,
                            result,
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

/// The exact score of a position, as a job of [`solve_on_threads`].
fn exact_score(analyst: &mut Analyst, _index: usize, position: &AnyGame) -> Option<i32> {
    analyst.score(position, false, &SolveLimits::default())
}

/// An exact best move of a position and its score, as a job of
/// [`solve_on_threads`].
fn exact_best_move(
    analyst: &mut Analyst,
    _index: usize,
    position: &AnyGame,
) -> Option<(inarow_games::Drop, i32)> {
    analyst.best_move(position, &SolveLimits::default())
}

/// Solves `todo`, appending every result to `solved_file` as it comes.
fn solve_all(
    args: &BuildArgs,
    todo: &[&(AnyGame, String)],
    solved_file: &Path,
    scores: &mut HashMap<u128, i32>,
) -> Result<(), String> {
    let mut out = ResultsFile::open(solved_file, todo.len(), "solved")?;
    let positions: Vec<&AnyGame> = todo.iter().map(|(p, _)| p).collect();
    let threads = args.threads.unwrap_or_else(max_threads);
    solve_on_threads(
        &positions,
        threads,
        args.hash,
        None,
        exact_score,
        |solved| {
            let (position, moves) = todo[solved.index];
            out.append(format_args!(
                "{moves} {} {} {}",
                solved.result, solved.nodes, solved.micros
            ))?;
            scores.insert(position.canonical_key(), solved.result);
            Ok(())
        },
    )
}

fn merge(args: &MergeArgs) -> Result<(), String> {
    let mut scores = HashMap::new();
    for path in &args.results {
        read_results(path, args.size, &mut scores)?;
    }
    finish(args.size, args.plies, &scores, &args.output)
}

/// `file` with `extension` added to its name: where a command's results go.
fn results_path(file: &Path, extension: &str) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(extension);
    PathBuf::from(name)
}

/// Calls `each` with where each complete line of a results file of
/// `moves column score ...` lines is (for its errors) and those three
/// fields. A last line cut short is left out.
fn each_result_line(
    path: &Path,
    mut each: impl FnMut(&str, [&str; 3]) -> Result<(), String>,
) -> Result<(), String> {
    let text =
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let complete = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
    for (index, line) in complete.lines().enumerate() {
        let at = format!("{}:{}", path.display(), index + 1);
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [moves, column, score, ..] = fields[..] else {
            return Err(format!("{at}: expected 'moves column score'"));
        };
        each(&at, [moves, column, score])?;
    }
    Ok(())
}

/// Reads `moves column score ...` lines (a frontier position, its best
/// move's column from 1, its score) into columns by move string, each
/// checked against `frontier`. A last line cut short is left out.
fn read_moves(
    path: &Path,
    frontier: &HashMap<&str, &FrontierEntry>,
    found: &mut HashMap<String, Column>,
) -> Result<(), String> {
    each_result_line(path, |at, [moves, column, score]| {
        let entry = frontier
            .get(moves)
            .ok_or_else(|| format!("{at}: {moves:?} is not a frontier position"))?;
        let column: u8 = column
            .parse()
            .ok()
            .filter(|&c| c >= 1)
            .ok_or_else(|| format!("{at}: the column '{column}' is not a number from 1"))?;
        if score.parse() != Ok(entry.score) {
            return Err(format!(
                "{at}: {moves} scores {score}, the book {} (moves of another book?)",
                entry.score
            ));
        }
        found.insert(moves.to_owned(), Column(column - 1));
        Ok(())
    })
}

fn moves(args: &MovesArgs) -> Result<(), String> {
    let book = load(&args.file)?;
    let in_file = |e: String| format!("{}: {e}", args.file.display());
    let mut frontier = book.check().map_err(|e| in_file(e.to_string()))?;
    frontier.retain(|e| e.layer == 0);
    let by_moves: HashMap<&str, &FrontierEntry> =
        frontier.iter().map(|e| (e.moves.as_str(), e)).collect();
    let progress_file = results_path(&args.file, ".moves");
    let mut found = HashMap::new();
    if progress_file.exists() {
        read_moves(&progress_file, &by_moves, &mut found)?;
        truncate_partial_line(&progress_file)?;
    }
    let todo: Vec<&FrontierEntry> = frontier
        .iter()
        .filter(|e| e.score >= 0 && e.best.is_none() && !found.contains_key(&e.moves))
        .collect();
    let needed = frontier.iter().filter(|e| e.score >= 0).count();
    log::info!(
        "{needed} of {} frontier positions do not lose, {} to go",
        frontier.len(),
        todo.len()
    );
    let positions: Vec<AnyGame> = todo
        .iter()
        .map(|e| position_of(book.size(), &e.moves))
        .collect::<Result<_, String>>()?;
    let positions: Vec<&AnyGame> = positions.iter().collect();
    let mut out = ResultsFile::open(&progress_file, todo.len(), "found")?;
    let threads = args.threads.unwrap_or_else(max_threads);
    // The solver scores each position from the book and tries its moves.
    let scores = Arc::new(book.without_moves());
    solve_on_threads(
        &positions,
        threads,
        args.hash,
        Some(&scores),
        exact_best_move,
        |solved| {
            let entry = todo[solved.index];
            let (mv, score) = solved.result;
            if score != entry.score {
                return Err(in_file(format!(
                    "{}: the solver scores {score}, the book {}",
                    entry.moves, entry.score
                )));
            }
            out.append(format_args!(
                "{} {} {score} {} {}",
                entry.moves,
                mv.file + 1,
                solved.nodes,
                solved.micros
            ))?;
            found.insert(entry.moves.clone(), Column(mv.file));
            Ok(())
        },
    )?;
    drop(out);
    let book = book
        .with_moves(found.iter().map(|(moves, &col)| (moves.as_str(), col)))
        .and_then(|book| book.check().map(|_| book))
        .map_err(|e| in_file(e.to_string()))?;
    write_book(&book, &args.file)?;
    println!(
        "{}: {}, {needed} best moves at {} stones ({} positions there lose)",
        args.file.display(),
        book.size(),
        book.plies(),
        frontier.len() - needed
    );
    Ok(())
}

/// One result of `inarow book deepen`: a score, and a best move's column
/// where the position does not lose.
type Deepened = (i32, Option<Column>);

/// Reads `moves column score ...` lines of `inarow book deepen` (the
/// column from 1, `-` where the position loses), each a position of
/// `layer`. A last line cut short is left out.
fn read_deep(
    path: &Path,
    layer: &HashMap<&str, &AnyGame>,
    found: &mut HashMap<String, Deepened>,
) -> Result<(), String> {
    each_result_line(path, |at, [moves, column, score]| {
        let position = layer.get(moves).ok_or_else(|| {
            format!(
                "{at}: {moves:?} is not in the layer past the frontier (results of another book?)"
            )
        })?;
        let score: i32 = score
            .parse()
            .map_err(|_| format!("{at}: the score '{score}' is not a number"))?;
        let column = match column {
            "-" => None,
            text => Some(
                text.parse::<u8>()
                    .ok()
                    .filter(|&c| c >= 1 && position.legal_moves().iter().any(|m| m.file == c - 1))
                    .map(|c| Column(c - 1))
                    .ok_or_else(|| format!("{at}: '{text}' is not a legal column"))?,
            ),
        };
        if column.is_some() != (score >= 0) {
            return Err(format!(
                "{at}: a move where the position loses, or none where it does not"
            ));
        }
        found.insert(moves.to_owned(), (score, column));
        Ok(())
    })
}

fn deepen(args: &MovesArgs) -> Result<(), String> {
    let book = load(&args.file)?;
    let in_file = |e: String| format!("{}: {e}", args.file.display());
    book.check().map_err(|e| in_file(e.to_string()))?;
    let number = book.depth() + 1;
    let stones = book.plies() + number;
    let layer: Vec<(AnyGame, String)> = opening::deep_moves(&book, number)
        .into_iter()
        .map(|moves| Ok((position_of(book.size(), &moves)?, moves)))
        .collect::<Result<_, String>>()?;
    if layer.is_empty() {
        return Err(in_file(format!(
            "layer {number} past the frontier ({stones} stones) would be empty{}",
            if book.has_moves() {
                ""
            } else {
                ": the book has no moves (inarow book moves)"
            }
        )));
    }
    let by_moves: HashMap<&str, &AnyGame> = layer.iter().map(|(p, m)| (m.as_str(), p)).collect();
    let progress_file = results_path(&args.file, &format!(".deep{number}"));
    let mut found = HashMap::new();
    if progress_file.exists() {
        read_deep(&progress_file, &by_moves, &mut found)?;
        truncate_partial_line(&progress_file)?;
    }
    let todo: Vec<&(AnyGame, String)> = layer
        .iter()
        .filter(|(_, moves)| !found.contains_key(moves))
        .collect();
    log::info!(
        "layer {number} past the frontier: {} positions with {stones} stones, {} to go",
        layer.len(),
        todo.len()
    );
    let positions: Vec<&AnyGame> = todo.iter().map(|(p, _)| p).collect();
    let mut out = ResultsFile::open(&progress_file, todo.len(), "solved")?;
    let threads = args.threads.unwrap_or_else(max_threads);
    // The solver gets the book's scores: the layer's positions are past
    // them, so the scores only answer the solver's look at the root.
    let scores = Arc::new(book.without_moves());
    solve_on_threads(
        &positions,
        threads,
        args.hash,
        Some(&scores),
        exact_best_move,
        |solved| {
            let (_, moves) = todo[solved.index];
            let (mv, score) = solved.result;
            let column = (score >= 0).then_some(Column(mv.file));
            let shown = column.map_or_else(|| "-".to_owned(), |c| c.number().to_string());
            out.append(format_args!(
                "{moves} {shown} {score} {} {}",
                solved.nodes, solved.micros
            ))?;
            found.insert(moves.clone(), (score, column));
            Ok(())
        },
    )?;
    drop(out);
    let book = book
        .with_deep(
            found
                .iter()
                .map(|(moves, &(score, col))| (moves.as_str(), score, col)),
        )
        .and_then(|book| book.check().map(|_| book))
        .map_err(|e| in_file(e.to_string()))?;
    write_book(&book, &args.file)?;
    let lose = found.values().filter(|(score, _)| *score < 0).count();
    println!(
        "{}: {}, layer {number} past the frontier: {} positions at {stones} stones ({lose} of them lose)",
        args.file.display(),
        book.size(),
        layer.len(),
    );
    Ok(())
}

/// `n` of `all`, evenly spread, the first and the last included (all of
/// them without `n`).
fn spread<'a>(all: &[&'a FrontierEntry], n: Option<usize>) -> Vec<&'a FrontierEntry> {
    match n {
        Some(n) if n < all.len() => {
            let last = all.len() - 1;
            let mut picks: Vec<usize> = (0..n).map(|i| i * last / (n - 1).max(1)).collect();
            picks.dedup();
            picks.into_iter().map(|i| all[i]).collect()
        }
        _ => all.to_vec(),
    }
}

fn verify(args: &VerifyArgs) -> Result<(), String> {
    let book = load(&args.file)?;
    let entries = book
        .check()
        .map_err(|e| format!("{}: {e}", args.file.display()))?;
    let interior = book.len() - entries.len();
    if let Some(layer) = args.layer.filter(|&l| l > book.depth()) {
        return Err(format!(
            "{}: no layer {layer}: the book has {} past its frontier",
            args.file.display(),
            book.depth()
        ));
    }
    // The frontier and each layer past it are sampled on their own.
    let layers: Vec<(u32, Vec<&FrontierEntry>)> = (0..=book.depth())
        .filter(|&n| args.layer.is_none_or(|l| l == n))
        .map(|n| (n, entries.iter().filter(|e| e.layer == n).collect()))
        .collect();
    let picked: Vec<Vec<&FrontierEntry>> = layers
        .iter()
        .map(|(_, all)| spread(all, args.sample))
        .collect();
    let chosen: Vec<&FrontierEntry> = picked.concat();
    let threads = args.threads.unwrap_or_else(max_threads);
    let mut wrong = Vec::new();
    let scored: &[&FrontierEntry] = if args.moves_only { &[] } else { &chosen };
    let positions: Vec<AnyGame> = scored
        .iter()
        .map(|e| position_of(book.size(), &e.moves))
        .collect::<Result<_, String>>()?;
    let positions: Vec<&AnyGame> = positions.iter().collect();
    solve_on_threads(
        &positions,
        threads,
        args.hash,
        None,
        exact_score,
        |solved| {
            let entry = scored[solved.index];
            if solved.result != entry.score {
                wrong.push(format!(
                    "{}: book {}, solver {}",
                    entry.moves, entry.score, solved.result
                ));
            }
            Ok(())
        },
    )?;
    // A move keeps the score if the position after it scores no better
    // for the opponent than minus the score (one null window; never less,
    // the scores being right).
    let with_moves: Vec<(&FrontierEntry, Column)> =
        chosen.iter().filter_map(|e| Some((*e, e.best?))).collect();
    let positions: Vec<AnyGame> = with_moves
        .iter()
        .map(|(e, _)| position_of(book.size(), &e.moves))
        .collect::<Result<_, String>>()?;
    let positions: Vec<&AnyGame> = positions.iter().collect();
    let keeps = |analyst: &mut Analyst, index: usize, position: &AnyGame| {
        let (entry, col) = with_moves[index];
        let mv = *position.legal_moves().iter().find(|mv| mv.file == col.0)?;
        analyst.move_keeps(position, mv, entry.score, &SolveLimits::default())
    };
    solve_on_threads(&positions, threads, args.hash, None, keeps, |solved| {
        let (entry, col) = with_moves[solved.index];
        if !solved.result {
            wrong.push(format!(
                "{}: book {} by column {}, which the solver finds worse",
                entry.moves,
                entry.score,
                col.number(),
            ));
        }
        Ok(())
    })?;
    if let Some(first) = wrong.first() {
        return Err(format!(
            "{}: {} entries disagree with the solver, first {first}",
            args.file.display(),
            wrong.len()
        ));
    }
    let moves = if book.has_moves() || book.has_deep() {
        format!(
            ", {} of {} moves checked by the solver and keep their scores",
            with_moves.len(),
            layers
                .iter()
                .flat_map(|(_, all)| all)
                .filter(|e| e.best.is_some())
                .count()
        )
    } else {
        String::new()
    };
    // Per layer: how many of its entries were solved again.
    let solved: Vec<String> = layers
        .iter()
        .zip(&picked)
        .map(|((n, all), chosen)| {
            let again = if args.moves_only { 0 } else { chosen.len() };
            let all = all.len();
            let past = if *n == 0 {
                String::new()
            } else {
                format!(" (layer {n} past the frontier)")
            };
            format!("{again} of {all} at {} stones{past}", book.plies() + n)
        })
        .collect();
    println!(
        "{}: ok, {}, up to {} stones: {} entries, {interior} agree with their children, \
         {} solved again and agree{moves}",
        args.file.display(),
        book.size(),
        book.plies(),
        book.len(),
        solved.join(", ")
    );
    Ok(())
}

/// The book's best move in the position of a move string, if it has one.
fn best_move(book: &Book, moves: &str) -> Option<Column> {
    fn on<B: Bitboard>(book: &Book, moves: &str) -> Option<Column> {
        book.best_move(&Connect4Of::<B>::from_move_string(book.size(), moves).ok()?)
    }
    if book.size().fits_u64() {
        on::<u64>(book, moves)
    } else {
        on::<u128>(book, moves)
    }
}

fn probe(args: &ProbeArgs) -> Result<(), String> {
    let book = match &args.book {
        Some(path) => std::sync::Arc::new(load(path)?),
        None => opening::embedded(),
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
        // At the frontier, the book's best move keeps the position's score.
        let best = best_move(&book, moves);
        let columns: Vec<String> = (0..book.size().width() as u8)
            .map(|file| {
                let Some(&mv) = legal.iter().find(|mv| mv.file == file) else {
                    return "-".to_owned();
                };
                if best == Some(Column(file)) {
                    return show(score_of(&position));
                }
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
