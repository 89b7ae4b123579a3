//! `inarow book lines`: build and verify line books, the move inarow plays
//! in each position of its own opening lines, proven to hold a draw (see
//! [`inarow_engine::books::lines`]).
//!
//! A build appends each entry to its file as soon as it is proven, so an
//! interrupted build resumes from the file: run the same command again.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Args, Subcommand};
use inarow_engine::books::lines::{self, LineBook};
use inarow_engine::Analyst;
use inarow_games::Variant;
use inarow_protocol::input::{self, MAX_TEXT_BYTES};

/// `inarow book lines` and its subcommands.
#[derive(Args, Debug)]
pub struct LinesArgs {
    #[command(subcommand)]
    command: LinesCommand,
}

#[derive(Subcommand, Debug)]
enum LinesCommand {
    /// Prove the moves of the positions still missing and append them to the
    /// book (made if it does not exist); run again to resume.
    Build(BuildArgs),
    /// Solve the book's entries again and check them.
    Verify(VerifyArgs),
}

/// Options of `inarow book lines build`.
#[derive(Args, Debug)]
struct BuildArgs {
    /// The game: a member with gravity, such as "connect 7x6 k5".
    #[arg(long)]
    variant: Variant,
    /// Cover inarow's moves as the first player up to its N-th.
    #[arg(long, value_name = "N", default_value_t = 0)]
    first: u32,
    /// Cover inarow's moves as the second player up to its N-th.
    #[arg(long, value_name = "N", default_value_t = 0)]
    second: u32,
    /// Stop after proving this many positions (for a build in parts).
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    /// Solver threads.
    #[arg(long, default_value_t = 1, value_parser = crate::threads::parse)]
    threads: usize,
    /// The solver's table memory in MiB.
    #[arg(long, default_value_t = 1024)]
    hash: usize,
    /// The line book to extend.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
}

/// Options of `inarow book lines verify`.
#[derive(Args, Debug)]
struct VerifyArgs {
    /// The line book (default: every one built in).
    file: Option<PathBuf>,
    /// Solve again only N entries: those with the most stones, the cheapest
    /// to solve, and among them those the build proved in fewest nodes.
    #[arg(long, value_name = "N")]
    sample: Option<usize>,
    /// Solver threads.
    #[arg(long, default_value_t = 1, value_parser = crate::threads::parse)]
    threads: usize,
    /// The solver's table memory in MiB.
    #[arg(long, default_value_t = 512)]
    hash: usize,
}

/// Runs `inarow book lines`.
pub fn run(args: &LinesArgs) -> Result<(), String> {
    match &args.command {
        LinesCommand::Build(args) => build(args),
        LinesCommand::Verify(args) => verify(args),
    }
}

/// Reads a line book file.
fn load(path: &Path) -> Result<LineBook, String> {
    let text = input::read_text_file(path, MAX_TEXT_BYTES)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    LineBook::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn build(args: &BuildArgs) -> Result<(), String> {
    let path = &args.output;
    let mut book = if path.exists() {
        super::truncate_partial_line(path)?;
        let book = load(path)?;
        if book.variant() != args.variant {
            return Err(format!(
                "{} is a book of {}, not of {}",
                path.display(),
                book.variant(),
                args.variant
            ));
        }
        book
    } else {
        let book = LineBook::new(args.variant).map_err(|e| e.to_string())?;
        fs::write(path, format!("{}\n", book.header()))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        book
    };
    let mut file = OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let mut analyst = Analyst::new(args.hash.max(1));
    analyst.set_threads(args.threads);
    let mut proven = 0;
    loop {
        let missing = book.missing(args.first, args.second);
        if missing.is_empty() {
            break;
        }
        log::info!("{} positions to prove at this depth", missing.len());
        for node in missing {
            if args.limit.is_some_and(|limit| proven >= limit) {
                eprintln!("stopped after {proven} positions; run again to resume");
                return Ok(());
            }
            let started = Instant::now();
            let entry = lines::prove(&mut analyst, &node);
            writeln!(file, "{}", entry.line())
                .and_then(|()| file.flush())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            eprintln!(
                "{}  ({:.1} s)",
                entry.line(),
                started.elapsed().as_secs_f64()
            );
            book.insert(entry).map_err(|e| e.to_string())?;
            proven += 1;
        }
    }
    eprintln!(
        "{}: complete, {} entries ({proven} new)",
        path.display(),
        book.entries().len()
    );
    Ok(())
}

fn verify(args: &VerifyArgs) -> Result<(), String> {
    let books: Vec<(String, LineBook)> = match &args.file {
        Some(path) => vec![(path.display().to_string(), load(path)?)],
        None => lines::embedded()
            .iter()
            .map(|book| (format!("built-in {}", book.variant()), book.clone()))
            .collect(),
    };
    let mut analyst = Analyst::new(args.hash.max(1));
    analyst.set_threads(args.threads);
    for (name, book) in books {
        let mut entries: Vec<&lines::Entry> = book.entries().iter().collect();
        if let Some(n) = args.sample {
            entries.sort_by_key(|entry| (std::cmp::Reverse(entry.moves.len()), entry.nodes));
            entries.truncate(n);
        }
        for entry in &entries {
            lines::verify(&mut analyst, &book, entry).map_err(|e| format!("{name}: {e}"))?;
        }
        println!(
            "{name}: ok, {} entries, {} solved again and agree",
            book.entries().len(),
            entries.len()
        );
    }
    Ok(())
}
