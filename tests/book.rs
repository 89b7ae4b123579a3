//! Opening books through the release binary: build, resume, shard and merge,
//! verify, probe, and the book built in checked against the solver.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use inarow_engine::books::opening::{self, Book};
use inarow_engine::Solver;
use inarow_games::{Column, Connect4, Game, Size};

/// Runs `inarow ARGS` with `input` on stdin: (stdout, stderr, success).
fn inarow(args: &[&str], input: &str) -> (String, String, bool) {
    let run = common::run_inarow(args, input);
    (run.stdout, run.stderr, run.success)
}

/// A fresh directory for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("inarow-book-{}-{test}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Builds a 5x4 book of `plies` into `dir/name`, returning its path.
fn build(dir: &Path, name: &str, plies: &str, extra: &[&str]) -> PathBuf {
    let out = dir.join(name);
    let mut args = vec![
        "book",
        "build",
        "--size",
        "5x4",
        "--plies",
        plies,
        "-o",
        path(&out),
    ];
    args.extend_from_slice(extra);
    let (stdout, err, ok) = inarow(&args, "");
    assert!(ok, "{err}");
    assert!(stdout.contains("entries"), "{stdout}");
    out
}

#[test]
fn a_built_book_verifies_and_agrees_with_the_solver() {
    let dir = scratch("agree");
    let file = build(&dir, "5x4.book", "4", &["--threads", "1"]);
    let (out, err, ok) = inarow(&["book", "verify", path(&file)], "");
    assert!(ok, "{err}");
    assert!(out.contains(": ok,"), "{out}");
    // Every position up to 4 stones, probed through the binary, matches the solver.
    let size = Size::new(5, 4).unwrap();
    let mut solver = Solver::new(size, 16);
    let layers = opening::positions::<u64>(size, 4);
    let moves: Vec<&str> = layers.iter().flatten().map(|(_, m)| m.as_str()).collect();
    let mut args = vec!["book", "probe", "--book", path(&file)];
    args.extend(moves.iter().map(|m| if m.is_empty() { "" } else { m }));
    let (out, err, ok) = inarow(&args, "");
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), moves.len());
    for ((position, moves), line) in layers.iter().flatten().zip(lines) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(
            fields[1],
            solver.solve(position, false).to_string(),
            "{moves}: {line}"
        );
        for col in 0..5u8 {
            let expected = if position.is_legal(Column(col)) {
                let mut child = *position;
                child.play_unchecked(Column(col));
                // Children past the book's plies are unknown to it, unless
                // the rules score them.
                if position.ply() < 4 || inarow_engine::score::rule_score(&child).is_some() {
                    (-solver.solve(&child, false)).to_string()
                } else {
                    "?".to_owned()
                }
            } else {
                "-".to_owned()
            };
            assert_eq!(fields[2 + usize::from(col)], expected, "{moves}: {line}");
        }
    }
}

#[test]
fn an_interrupted_build_resumes_and_a_sharded_one_merges() {
    let dir = scratch("resume");
    let whole = build(&dir, "whole.book", "4", &[]);
    let whole_bytes = fs::read(&whole).unwrap();

    // Stopped part-way, in the middle of writing a line.
    let solved = fs::read_to_string(dir.join("whole.book.solved")).unwrap();
    let lines: Vec<&str> = solved.lines().collect();
    let half: String = lines[..lines.len() / 2]
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    let cut = format!("{half}{}", &lines[lines.len() / 2][..3]);
    fs::write(dir.join("again.book.solved"), cut).unwrap();
    let out = dir.join("again.book");
    let (_, err, ok) = inarow(
        &[
            "book",
            "build",
            "--size",
            "5x4",
            "--plies",
            "4",
            "-o",
            path(&out),
        ],
        "",
    );
    assert!(!ok && err.contains("--resume"), "{err}");
    let resumed = build(&dir, "again.book", "4", &["--resume"]);
    assert_eq!(fs::read(&resumed).unwrap(), whole_bytes);

    // Sharded: the positions to solve go to `inarow solve`, the results come
    // back through `book merge`.
    let todo = dir.join("todo.txt");
    let shard = dir.join("shard.book");
    let (out, err, ok) = inarow(
        &[
            "book",
            "build",
            "--size",
            "5x4",
            "--plies",
            "4",
            "-o",
            path(&shard),
            "--todo",
            path(&todo),
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("still to solve"), "{out}");
    let positions = fs::read_to_string(&todo).unwrap();
    let (first, second) = positions.split_at(positions.len() / 2);
    let split = first.rfind('\n').map_or(0, |i| i + 1);
    let parts = [
        positions[..split].to_owned(),
        format!("{}{second}", &first[split..]),
    ];
    let mut results = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        let (solved, err, ok) = inarow(&["solve", "--size", "5x4"], part);
        assert!(ok, "{err}");
        let file = dir.join(format!("part{i}.out"));
        fs::write(&file, solved).unwrap();
        results.push(file);
    }
    let merged = dir.join("merged.book");
    let mut args = vec![
        "book",
        "merge",
        "--size",
        "5x4",
        "--plies",
        "4",
        "-o",
        path(&merged),
    ];
    args.extend(results.iter().map(|p| path(p)));
    let (_, err, ok) = inarow(&args, "");
    assert!(ok, "{err}");
    assert_eq!(fs::read(&merged).unwrap(), whole_bytes);
    // Results missing: a clear error.
    let (_, err, ok) = inarow(
        &[
            "book",
            "merge",
            "--size",
            "5x4",
            "--plies",
            "4",
            "-o",
            path(&merged),
            path(&results[0]),
        ],
        "",
    );
    assert!(!ok && err.contains("have no score yet"), "{err}");
}

/// A board past 64 bits takes keys of up to 16 bytes: 1x127, a single
/// column of 127 cells (128 bits with its sentinel) where alternate stones
/// never make four, so every solve is quick and every score a draw.
#[test]
fn books_of_boards_past_64_bits_build_and_verify() {
    let dir = scratch("wide");
    let out = dir.join("1x127.book");
    let (stdout, err, ok) = inarow(
        &[
            "book",
            "build",
            "--size",
            "1x127",
            "--plies",
            "3",
            "-o",
            path(&out),
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(
        stdout.contains("1x127, every position up to 3 stones: 4 entries"),
        "{stdout}"
    );
    let bytes = fs::read(&out).unwrap();
    assert_eq!(bytes[16], 16, "128-bit keys take 16 bytes");
    let (verified, err, ok) = inarow(&["book", "verify", path(&out)], "");
    assert!(ok, "{err}");
    assert!(verified.contains(": ok,"), "{verified}");
    let (probed, err, ok) = inarow(&["book", "probe", "--book", path(&out), "", "11"], "");
    assert!(ok, "{err}");
    assert_eq!(probed, "- 0 0\n11 0 0\n");
}

#[test]
fn damaged_or_foreign_books_are_refused() {
    let dir = scratch("damaged");
    let file = build(&dir, "5x4.book", "2", &[]);
    let mut bytes = fs::read(&file).unwrap();
    let corrupt = dir.join("corrupt.book");
    bytes[20] ^= 0x40;
    fs::write(&corrupt, &bytes).unwrap();
    let foreign = dir.join("foreign.book");
    fs::write(&foreign, "moves score\n4453 2\n").unwrap();
    for (bad, expected) in [
        (&corrupt, "corrupt"),
        (&foreign, "not an inarow book"),
        (&dir.join("missing.book"), "cannot read"),
    ] {
        for args in [
            vec!["book", "verify", path(bad)],
            vec!["book", "probe", "--book", path(bad), "1"],
        ] {
            let (_, err, ok) = inarow(&args, "");
            assert!(!ok, "{args:?}");
            assert_eq!(err.trim().lines().count(), 1, "{err}");
            assert!(err.contains(expected), "{args:?}: {err}");
        }
    }
    // A position that cannot be read is an error; the others are answered.
    let (out, err, ok) = inarow(&["book", "probe", "--book", path(&file), "9", "3"], "");
    assert!(!ok && err.contains("\"9\""), "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
}

/// A book's frontier gets its best moves through the binary: stopped part
/// way, the search carries on from its file; the moves verify, and `probe`
/// shows the score they keep.
#[test]
fn frontier_moves_are_found_resumed_and_verified() {
    let dir = scratch("moves");
    let plain = build(&dir, "plain.book", "4", &[]);
    let whole = dir.join("whole.book");
    fs::copy(&plain, &whole).unwrap();
    let (out, err, ok) = inarow(&["book", "moves", path(&whole), "--threads", "2"], "");
    assert!(ok, "{err}");
    assert!(out.contains("best moves at 4 stones"), "{out}");
    let whole_bytes = fs::read(&whole).unwrap();
    assert_eq!(whole_bytes[8], 2, "a book with moves is version 2");
    let (verified, err, ok) = inarow(&["book", "verify", path(&whole)], "");
    assert!(ok, "{err}");
    assert!(
        verified.contains("moves checked by the solver and keep their scores"),
        "{verified}"
    );
    let (verified, err, ok) = inarow(
        &[
            "book",
            "verify",
            path(&whole),
            "--moves-only",
            "--sample",
            "5",
        ],
        "",
    );
    assert!(ok, "{err}");
    // Five entries sampled, the scores not solved, the moves of those that
    // do not lose checked.
    assert!(verified.contains(" 0 of 177 at 4 stones"), "{verified}");
    assert!(
        verified.contains("moves checked by the solver"),
        "{verified}"
    );

    // Stopped in the middle of a line: the rest is found, the same book.
    let found = fs::read_to_string(dir.join("whole.book.moves")).unwrap();
    let lines: Vec<&str> = found.lines().collect();
    let half: String = lines[..lines.len() / 2]
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    let again = dir.join("again.book");
    fs::copy(&plain, &again).unwrap();
    fs::write(
        dir.join("again.book.moves"),
        format!("{half}{}", &lines[lines.len() / 2][..3]),
    )
    .unwrap();
    let (_, err, ok) = inarow(&["book", "moves", path(&again), "--threads", "1"], "");
    assert!(ok, "{err}");
    assert_eq!(fs::read(&again).unwrap(), whole_bytes);

    // The frontier position's best move shows the score it keeps.
    let best = lines[0].split_whitespace().collect::<Vec<_>>();
    let (probed, err, ok) = inarow(&["book", "probe", "--book", path(&whole), best[0]], "");
    assert!(ok, "{err}");
    let fields: Vec<&str> = probed.split_whitespace().collect();
    let column: usize = best[1].parse().unwrap();
    assert_eq!(fields[1 + column], best[2], "{probed}");
    assert_eq!(fields[1], best[2], "{probed}");

    // A legal move that does not keep the score passes the rules' checks,
    // and the solver finds it.
    let size = Size::new(5, 4).unwrap();
    let book = Book::from_bytes(&whole_bytes).unwrap();
    let mut solver = Solver::new(size, 16);
    let (entry, worse) = book
        .check()
        .unwrap()
        .into_iter()
        .filter(|e| e.best.is_some())
        .find_map(|e| {
            let position = Connect4::from_move_string(size, &e.moves).unwrap();
            let worse = (0..5).map(Column).find(|&col| {
                solver.analyze(&position, false)[usize::from(col.0)].is_some_and(|s| s < e.score)
            })?;
            Some((e, worse))
        })
        .unwrap();
    let wrong = book.with_moves([(entry.moves.as_str(), worse)]).unwrap();
    assert!(wrong.check().is_ok());
    let wrong_file = dir.join("wrong.book");
    fs::write(&wrong_file, wrong.to_bytes()).unwrap();
    let (_, err, ok) = inarow(&["book", "verify", path(&wrong_file), "--moves-only"], "");
    assert!(!ok && err.contains("finds worse"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");

    // A results file from another book: a clear error, the book untouched.
    let other = dir.join("other.book");
    fs::copy(&plain, &other).unwrap();
    fs::write(
        dir.join("other.book.moves"),
        format!("{} 1 99 0 0\n", best[0]),
    )
    .unwrap();
    let (_, err, ok) = inarow(&["book", "moves", path(&other)], "");
    assert!(!ok && err.contains("another book"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert_eq!(fs::read(&other).unwrap(), fs::read(&plain).unwrap());
}

/// `book deepen` through the binary: the layer past the frontier found,
/// verified, resumed from a cut results file to the same bytes; results of
/// another book refused in one line.
#[test]
fn the_layer_past_the_frontier_is_found_resumed_and_verified() {
    let dir = scratch("deepen");
    let plain = build(&dir, "plain.book", "4", &[]);
    let whole = dir.join("whole.book");
    fs::copy(&plain, &whole).unwrap();
    let (out, err, ok) = inarow(&["book", "deepen", path(&whole), "--threads", "2"], "");
    assert!(ok, "{err}");
    assert!(
        out.contains("layer 1 past the frontier:") && out.contains("at 5 stones"),
        "{out}"
    );
    let whole_bytes = fs::read(&whole).unwrap();
    assert_eq!(whole_bytes[8], 3, "a book with a layer is version 3");
    let (verified, err, ok) = inarow(&["book", "verify", path(&whole)], "");
    assert!(ok, "{err}");
    let count = fs::read_to_string(dir.join("whole.book.deep1"))
        .unwrap()
        .lines()
        .count();
    assert!(
        verified.contains(&format!(
            "{count} of {count} at 5 stones (layer 1 past the frontier)"
        )),
        "{verified}"
    );

    // Stopped in the middle of a line: the rest is found, the same book.
    let found = fs::read_to_string(dir.join("whole.book.deep1")).unwrap();
    let lines: Vec<&str> = found.lines().collect();
    let half: String = lines[..lines.len() / 2]
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    let again = dir.join("again.book");
    fs::copy(&plain, &again).unwrap();
    fs::write(
        dir.join("again.book.deep1"),
        format!("{half}{}", &lines[lines.len() / 2][..3]),
    )
    .unwrap();
    let (_, err, ok) = inarow(&["book", "deepen", path(&again), "--threads", "1"], "");
    assert!(ok, "{err}");
    assert_eq!(fs::read(&again).unwrap(), whole_bytes);

    // The layer's positions are probed like any other.
    let first: Vec<&str> = lines[0].split_whitespace().collect();
    let (probed, err, ok) = inarow(&["book", "probe", "--book", path(&whole), first[0]], "");
    assert!(ok, "{err}");
    let fields: Vec<&str> = probed.split_whitespace().collect();
    assert_eq!(fields[1], first[2], "{probed}");

    // A wrong score in the layer passes the rules' checks where the parent
    // allows it, and the solver finds it.
    let book = Book::from_bytes(&whole_bytes).unwrap();
    let deep = book.check().unwrap();
    let entry = deep.iter().find(|e| e.layer == 1 && e.score > 0).unwrap();
    let wrong = book
        .without_moves()
        .with_deep(deep.iter().filter(|e| e.layer == 1).map(|e| {
            let score = if e == entry { e.score + 1 } else { e.score };
            (e.moves.as_str(), score, e.best)
        }))
        .unwrap();
    let wrong_file = dir.join("wrong.book");
    fs::write(&wrong_file, wrong.to_bytes()).unwrap();
    let (_, err, ok) = inarow(&["book", "verify", path(&wrong_file)], "");
    assert!(!ok && err.contains("disagree with the solver"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");

    // A results file from another book: a clear error, the book untouched.
    let other = dir.join("other.book");
    fs::copy(&plain, &other).unwrap();
    fs::write(dir.join("other.book.deep1"), "11223 1 1 0 0\n").unwrap();
    let (_, err, ok) = inarow(&["book", "deepen", path(&other)], "");
    assert!(!ok && err.contains("another book"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert_eq!(fs::read(&other).unwrap(), fs::read(&plain).unwrap());

    // The second layer follows the first player's moves at the frontier:
    // a book without them is told so in one line, untouched.
    let (_, err, ok) = inarow(&["book", "deepen", path(&whole)], "");
    assert!(!ok && err.contains("no moves (inarow book moves)"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert_eq!(fs::read(&whole).unwrap(), whole_bytes);
}

/// `book deepen` again and again: each run adds the next layer (version 4
/// past the first), and `verify --layer N` solves one layer's entries again.
#[test]
fn each_deepen_adds_the_next_layer() {
    let dir = scratch("layers");
    let book = build(&dir, "layers.book", "4", &[]);
    let (_, err, ok) = inarow(&["book", "moves", path(&book), "--threads", "2"], "");
    assert!(ok, "{err}");
    for (layer, stones) in [(1, 5), (2, 6), (3, 7)] {
        let (out, err, ok) = inarow(&["book", "deepen", path(&book), "--threads", "2"], "");
        assert!(ok, "{err}");
        assert!(
            out.contains(&format!("layer {layer} past the frontier:"))
                && out.contains(&format!("at {stones} stones")),
            "{out}"
        );
        assert!(dir.join(format!("layers.book.deep{layer}")).exists());
    }
    let bytes = fs::read(&book).unwrap();
    assert_eq!(bytes[8], 4, "a book with layers is version 4");
    let read = Book::from_bytes(&bytes).unwrap();
    assert_eq!(read.depth(), 3);
    let entries = read.check().unwrap();
    let second = entries.iter().filter(|e| e.layer == 2).count();
    assert!(second > 0);
    let (verified, err, ok) = inarow(&["book", "verify", path(&book), "--layer", "2"], "");
    assert!(ok, "{err}");
    assert!(
        verified.contains("solved again and agree")
            && verified.contains(&format!(
                " {second} of {second} at 6 stones (layer 2 past the frontier) solved again"
            ))
            && !verified.contains("at 5 stones"),
        "{verified}"
    );
    let (_, err, ok) = inarow(&["book", "verify", path(&book), "--layer", "4"], "");
    assert!(!ok && err.contains("no layer 4: the book has 3"), "{err}");
    // Each layer answers its positions: the book's move keeps the score.
    for layer in 1..=3 {
        let entry = entries
            .iter()
            .find(|e| e.layer == layer && e.best.is_some())
            .unwrap();
        let (probed, err, ok) = inarow(&["book", "probe", "--book", path(&book), &entry.moves], "");
        assert!(ok, "{err}");
        let fields: Vec<&str> = probed.split_whitespace().collect();
        let col = entry.best.unwrap().number() as usize;
        assert_eq!(fields[1], entry.score.to_string(), "{probed}");
        assert_eq!(fields[1 + col], entry.score.to_string(), "{probed}");
    }
}

/// The book built in: every entry consistent with its children, a sample of
/// the deepest solved again from scratch, and the engine playing from it.
#[test]
fn the_book_built_in_is_right() {
    let book = opening::embedded();
    assert_eq!(book.size(), Size::STANDARD);
    assert!(book.plies() >= 2, "the book covers at least 2 stones");
    let entries = book.check().expect("every entry agrees with its children");
    let (deep, frontier): (Vec<_>, Vec<_>) = entries.into_iter().partition(|e| e.layer > 0);
    // Spread over the frontier, the first and the last included.
    let samples = if book.plies() >= 6 { 12 } else { 2 };
    let mut solver = Solver::new(Size::STANDARD, 256);
    for i in 0..samples {
        let entry = &frontier[i * (frontier.len() - 1) / (samples - 1)];
        let position = Connect4::from_move_string(Size::STANDARD, &entry.moves).unwrap();
        solver.clear();
        assert_eq!(
            solver.solve(&position, false),
            entry.score,
            "{}",
            entry.moves
        );
    }
    // The frontier's best moves: a sample, each keeping its position's
    // score by a solve from scratch of the position after it.
    assert!(
        book.has_moves(),
        "the book built in has its frontier's moves"
    );
    let with_moves: Vec<_> = frontier.iter().filter(|e| e.best.is_some()).collect();
    let samples = 12;
    for i in 0..samples {
        let entry = with_moves[i * (with_moves.len() - 1) / (samples - 1)];
        let mut child = Connect4::from_move_string(Size::STANDARD, &entry.moves).unwrap();
        child.play_unchecked(entry.best.unwrap());
        solver.clear();
        assert_eq!(-solver.solve(&child, false), entry.score, "{}", entry.moves);
    }
    // The layers past the frontier (the second player's fifth move, the
    // first player's sixth): a sample of each, each score and move by
    // solves from scratch.
    assert!(
        book.depth() >= 2,
        "the book built in has two layers past its frontier"
    );
    let samples = 12;
    let sampled = (1..=book.depth()).flat_map(|layer| {
        let these: Vec<_> = deep.iter().filter(|e| e.layer == layer).collect();
        (0..samples).map(move |i| these[i * (these.len() - 1) / (samples - 1)])
    });
    for entry in sampled {
        let position = Connect4::from_move_string(Size::STANDARD, &entry.moves).unwrap();
        solver.clear();
        let score = solver.solve(&position, false);
        assert_eq!(score, entry.score, "{}", entry.moves);
        assert_eq!(entry.best.is_some(), score >= 0, "{}", entry.moves);
        if let Some(col) = entry.best {
            let mut child = position;
            child.play_unchecked(col);
            solver.clear();
            assert_eq!(-solver.solve(&child, false), score, "{}", entry.moves);
        }
    }
    // The file in the repository is the one built in.
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine/books/7x6.book");
    let on_disk = Book::from_bytes(&fs::read(file).unwrap()).unwrap();
    assert_eq!(&on_disk, &*book);
    // The empty board: the first player wins in the centre (Pons: 1).
    let start = Connect4::new(Size::STANDARD);
    assert_eq!(book.probe(&start), Some(1));
    let (out, err, ok) = inarow(&["book", "probe", ""], "");
    assert!(ok, "{err}");
    assert_eq!(out.trim(), "- 1 -2 -1 0 1 0 -1 -2");
}

/// A line book through the binary: built in two parts (the second resumes
/// from the file), then verified; a damaged file is refused in one line.
#[test]
fn a_line_book_builds_in_parts_and_verifies() {
    let dir = scratch("lines");
    let out = dir.join("6x5k5.lines");
    let args = |extra: &[&'static str]| {
        let mut args = vec![
            "book",
            "lines",
            "build",
            "--variant",
            "connect 6x5 k5",
            "--first",
            "2",
            "--second",
            "1",
            "--hash",
            "16",
            "-o",
            path(&out),
        ];
        args.extend_from_slice(extra);
        args
    };
    let (_, err, ok) = inarow(&args(&["--limit", "4"]), "");
    assert!(ok && err.contains("run again to resume"), "{err}");
    // An interrupted write leaves half a line: it is cut before resuming.
    let mut text = fs::read_to_string(&out).unwrap();
    assert_eq!(text.lines().count(), 5, "{text}");
    text.push_str("3 3");
    fs::write(&out, &text).unwrap();
    let (_, err, ok) = inarow(&args(&[]), "");
    assert!(ok && err.contains("complete, 10 entries (6 new)"), "{err}");
    let (verified, err, ok) = inarow(&["book", "lines", "verify", path(&out)], "");
    assert!(ok, "{err}");
    assert!(
        verified.contains("ok, 10 entries, 10 solved again"),
        "{verified}"
    );
    // A book of another game is not extended; a damaged one is refused.
    let (_, err, ok) = inarow(
        &[
            "book",
            "lines",
            "build",
            "--variant",
            "connect 7x6 k5",
            "--first",
            "1",
            "-o",
            path(&out),
        ],
        "",
    );
    assert!(!ok && err.contains("is a book of connect 6x5 k5"), "{err}");
    fs::write(&out, text.replace("- 3 0", "- 3 zero")).unwrap();
    let (_, err, ok) = inarow(&["book", "lines", "verify", path(&out)], "");
    assert!(!ok, "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("score 'zero' is not a number"), "{err}");
}

/// The line books built in: the deepest entries solved again, and the
/// engine playing their moves.
#[test]
fn the_line_books_built_in_are_right() {
    let (verified, err, ok) = inarow(&["book", "lines", "verify", "--sample", "2"], "");
    assert!(ok, "{err}");
    assert!(
        verified.contains("built-in connect 7x6 k5: ok"),
        "{verified}"
    );
    // The engine plays the book's move on the empty board, and says so.
    let book = &inarow_engine::books::lines::embedded()[0];
    let first = book.entries().iter().find(|e| e.moves.is_empty()).unwrap();
    let (column, _) = first.choice.unwrap();
    let session = "uci\nsetoption name UCI_Variant value connect 7x6 k5\n\
                   position startpos\ngo movetime 100\nisready\n";
    let (out, err, ok) = inarow(&["uci"], session);
    assert!(ok, "{err}");
    assert!(out.contains("info string move from the book"), "{out}");
    let expected = format!("bestmove P@{}1", char::from(b'a' + column));
    assert!(out.contains(&expected), "{out}");
}
