//! `inarow play` through stdin, in plain (non-terminal) mode: the output is checked.

mod common;

/// Runs `inarow play ARGS` with `input` on stdin; returns stdout and stderr, and
/// whether it succeeded.
fn play(args: &[&str], input: &str) -> (String, bool) {
    let run = common::run_inarow(&[&["play"], args].concat(), input);
    assert!(
        !run.stdout.contains('\x1b'),
        "no colours when stdout is not a terminal"
    );
    (format!("{}{}", run.stdout, run.stderr), run.success)
}

#[test]
fn the_engine_wins_a_full_game() {
    // The person keeps dropping in columns 1 and 2; the engine wins.
    let input = "1\n2\n1\n2\n1\n2\n1\n2\n1\n2\n1\n2\nquit\n";
    let (out, ok) = play(&["--movetime", "50"], input);
    assert!(ok, "{out}");
    assert!(out.contains("inarow wins. The winning line: "), "{out}");
    assert!(out.contains("inarow plays "), "{out}");
    assert!(out.contains("Game over."), "{out}");
}

#[test]
fn a_human_win_from_a_position() {
    // X has d1 e1 f1 with O above: column 7 (or 3) wins at once.
    let (out, ok) = play(&["--moves", "445566", "--depth", "4"], "7\nquit\n");
    assert!(ok);
    assert!(
        out.contains("You win! The winning line: d1 e1 f1 g1."),
        "{out}"
    );
    assert!(out.contains("{X}"), "the winning line is marked: {out}");
}

#[test]
fn commands() {
    let input = "4\nmoves\nfen\nhint\nundo\nmoves\nswap\nmoves\nnew\nmoves\nhelp\nquit\n";
    let (out, ok) = play(&["--depth", "6"], input);
    assert!(ok, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    // After 4 and the engine's reply, the move string has two moves.
    let after = |prompt: &str, n: usize| -> Vec<&str> {
        lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.ends_with(prompt))
            .filter_map(|(i, _)| lines.get(i + 1).copied())
            .take(n)
            .collect()
    };
    let moves = after("Your move: moves", 4);
    assert_eq!(moves.len(), 4, "{out}");
    assert_eq!(moves[0].len(), 2, "{moves:?}");
    assert!(moves[0].starts_with('4'));
    assert_eq!(moves[1], "-", "undo took back both moves: {moves:?}");
    assert_eq!(
        moves[2].len(),
        1,
        "after swap the engine moved first: {moves:?}"
    );
    assert_eq!(
        moves[3].len(),
        1,
        "after new the engine (now first) moved: {moves:?}"
    );
    assert!(out.contains("7/7/7/7/7/"), "fen: {out}");
    assert!(out.contains("Hint: "), "{out}");
    assert!(out.contains("Took back your last move."));
    assert!(out.contains("You now play O."));
    assert!(out.contains("New game."));
    assert!(out.contains("undo      take back"));
}

#[test]
fn bad_input_is_answered_and_changes_nothing() {
    let input = "9\n0\nxyzzy\nhint me\nP@d5\nP@c3\n\n4\nquit\n";
    let (out, ok) = play(&["--moves", "444444", "--depth", "4"], input);
    assert!(ok);
    for expected in [
        "column 9 is off the board (columns 1 to 7). Type a column number, or help.",
        "'0' is not a move: columns are numbered from 1. Type a column number, or help.",
        "'xyzzy' is not a move: ",
        "'hint me' is not a move or a command.",
        "square d5 is occupied",
        "a stone dropped in file c lands on c1, not c3",
        "column 4 is full. Type a column number, or help.",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in {out}");
    }
    // Nothing was played: the engine never moved.
    assert!(!out.contains("inarow plays"), "{out}");
    let (out, _) = play(
        &["--variant", "tictactoe", "--moves", "b2", "--depth", "9"],
        "a1\nb2\nd4\nquit\n",
    );
    assert!(out.contains("square b2 is occupied"), "{out}");
    assert!(out.contains("square d4 is off the board"), "{out}");
}

#[test]
fn end_of_input_mid_game_ends_cleanly() {
    let (out, ok) = play(&["--depth", "4"], "4\n");
    assert!(ok, "{out}");
    assert!(out.contains("inarow plays"));
}

#[test]
fn tictactoe_against_the_engine_is_never_lost_by_it() {
    let (out, ok) = play(
        &[
            "--variant",
            "tictactoe",
            "--first",
            "engine",
            "--depth",
            "9",
        ],
        "a1\nc1\na3\nc3\nb1\nb3\na2\nc2\nquit\n",
    );
    assert!(ok);
    assert!(out.contains("Game over."), "{out}");
    assert!(!out.contains("You win"), "{out}");
}

#[test]
fn levels_play_legal_games() {
    for level in ["1", "5", "9"] {
        let (out, ok) = play(
            &["--level", level, "--seed", "7"],
            "1\n2\n3\n5\n6\n7\n1\n2\n3\n5\n6\n7\nquit\n",
        );
        assert!(ok, "{out}");
        assert!(
            out.contains(&format!("inarow (level {level}) plays")),
            "{out}"
        );
    }
}

#[test]
fn against_inarow_as_an_external_engine() {
    let engine = format!("{} uci", env!("CARGO_BIN_EXE_inarow"));
    let (out, ok) = play(
        &[
            "--variant",
            "tictactoe",
            "--engine",
            &engine,
            "--movetime",
            "50",
        ],
        "b2\na1\nc1\na3\nc3\nb1\nb3\na2\nc2\nquit\n",
    );
    assert!(ok, "{out}");
    assert!(out.contains("against inarow 0.1.0"), "{out}");
    assert!(out.contains("inarow 0.1.0 plays "), "{out}");
    assert!(out.contains("Game over."), "{out}");
    assert!(!out.contains("You win"), "{out}");
    let (out, ok) = play(&["--engine", "/nonexistent/engine"], "quit\n");
    assert!(!ok);
    assert!(out.contains("cannot start '/nonexistent/engine'"), "{out}");
}

/// Plays `args` against the recording engine with `input`; what it was sent.
fn sent_to_external_engine(test: &str, args: &[&str], input: &str) -> String {
    let record =
        std::env::temp_dir().join(format!("inarow-play-{}-{test}.txt", std::process::id()));
    let _ = std::fs::remove_file(&record);
    let engine = format!(
        "{}/tests/engines/record.sh {}",
        env!("CARGO_MANIFEST_DIR"),
        record.display()
    );
    let (out, ok) = play(
        &[args, &["--engine", &engine, "--movetime", "50"]].concat(),
        input,
    );
    assert!(ok, "{out}");
    assert!(out.contains("Scripted Recorder plays "), "{out}");
    let sent = std::fs::read_to_string(&record).expect("the engine recorded its input");
    let _ = std::fs::remove_file(&record);
    sent
}

#[test]
fn an_external_engine_is_sent_the_board_size() {
    let sent = sent_to_external_engine("6x5", &["--size", "6x5"], "1\nquit\n");
    let positions: Vec<&str> = sent
        .lines()
        .filter(|l| l.starts_with("position "))
        .collect();
    assert_eq!(
        positions,
        ["position fen 6/6/6/6/6[PPPPPPPPPPPPPPPppppppppppppppp] w - - 0 1 moves P@a1"],
        "{sent}"
    );
    assert!(
        sent.contains("setoption name UCI_Variant value cfour"),
        "{sent}"
    );

    // The standard board is still sent as `startpos`.
    let sent = sent_to_external_engine("7x6", &[], "1\nquit\n");
    assert!(sent.contains("position startpos moves P@a1\n"), "{sent}");
    assert!(!sent.contains("position fen"), "{sent}");
}

/// The lines `hint all` printed, in order.
fn hints(out: &str) -> Vec<String> {
    let lines: Vec<&str> = out.lines().collect();
    lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.ends_with("hint all"))
        .filter_map(|(i, _)| lines.get(i + 1).map(|l| (*l).to_owned()))
        .collect()
}

#[test]
fn hint_all_is_exact_and_keeps_its_tables_between_moves() {
    let args = ["--variant", "tictactoe", "--moves", "b2", "--depth", "9"];
    let (out, ok) = play(
        &[&args[..], &["--hash", "1"]].concat(),
        "hint all\na1\nhint all\nfen\nquit\n",
    );
    assert!(ok, "{out}");
    let seen = hints(&out);
    assert_eq!(seen.len(), 2, "{out}");
    assert_eq!(
        seen[0],
        "a1: draw  b1: loses in 3 moves  c1: draw  a2: loses in 3 moves  c2: loses in 3 moves  \
         a3: draw  b3: loses in 3 moves  c3: draw"
    );
    // The second answer, from tables that saw the first, is the one a fresh
    // run gives from the same position.
    let lines: Vec<&str> = out.lines().collect();
    let fen = lines
        .iter()
        .position(|l| l.ends_with("fen"))
        .and_then(|i| lines.get(i + 1))
        .expect("fen printed");
    let (fresh, ok) = play(
        &["--variant", "tictactoe", "--fen", fen, "--depth", "9"],
        "hint all\nquit\n",
    );
    assert!(ok, "{fresh}");
    assert_eq!(hints(&fresh), [seen[1].clone()], "{out}\n{fresh}");

    let (out, ok) = play(
        &["--moves", "4453445", "--depth", "2", "--hash", "8"],
        "hint all\nquit\n",
    );
    assert!(ok, "{out}");
    assert_eq!(
        hints(&out)[0],
        "1: -4  2: -4  3: -4  4: -4  5: +3  6: -2  7: -4",
        "{out}"
    );
}
