//! The command-line tools through the release binary: solve, analyze, bench, perft.

mod common;

/// Runs `inarow ARGS` with `input` on stdin: (stdout, stderr, success).
fn inarow(args: &[&str], input: &str) -> (String, String, bool) {
    let run = common::run_inarow(args, input);
    (run.stdout, run.stderr, run.success)
}

#[test]
fn solve_prints_pons_format_and_checks_scores() {
    let (out, err, ok) = inarow(&["solve"], "4455 18\n44455554221 -15\n");
    assert!(ok, "{err}");
    let lines: Vec<Vec<&str>> = out.lines().map(|l| l.split(' ').collect()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(&lines[0][..2], &["4455", "18"]);
    assert_eq!(&lines[1][..2], &["44455554221", "-15"]);
    for line in &lines {
        assert_eq!(line.len(), 4, "moves score nodes micros: {line:?}");
        assert!(line[2].parse::<u64>().is_ok() && line[3].parse::<u64>().is_ok());
    }
    assert!(err.is_empty(), "{err}");
}

#[test]
fn solve_logs_each_window_at_debug_level() {
    // A loss of 3: the windows step down from a draw, one score at a time.
    let run = common::run_inarow_with(
        &["solve", "--no-book"],
        "32751571231557\n",
        &[("RUST_LOG", "inarow_engine::solver=debug")],
    );
    assert!(run.success, "{}", run.stderr);
    let fields: Vec<&str> = run.stdout.split_whitespace().collect();
    let (score, nodes): (i32, u64) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    assert_eq!(score, -3);
    let (mut min, mut max, mut window_nodes) = (i32::MIN, i32::MAX, 0);
    let mut windows = 0;
    for line in run.stderr.lines().filter(|l| l.contains("window (")) {
        let (_, told) = line.split_once(": score at ").expect("a proved bound");
        let (bound, rest) = told.split_once(", ").unwrap();
        let (side, value) = bound.split_once(' ').unwrap();
        let value: i32 = value.parse().unwrap();
        match side {
            "most" => max = max.min(value),
            "least" => min = min.max(value),
            _ => panic!("{line}"),
        }
        window_nodes += rest.trim_end_matches(" nodes").parse::<u64>().unwrap();
        windows += 1;
    }
    assert!(windows >= 2, "{}", run.stderr);
    assert_eq!((min, max), (score, score), "{}", run.stderr);
    assert_eq!(window_nodes, nodes, "{}", run.stderr);
    // Without RUST_LOG, stderr stays quiet.
    let quiet = common::run_inarow(&["solve", "--no-book"], "32751571231557\n");
    assert!(!quiet.stderr.contains("window ("), "{}", quiet.stderr);
}

#[test]
fn solve_reports_bad_lines_and_goes_on() {
    let input = "4444444\nabc\n4455 17\n4455 x\n12121213\n4455\n";
    let (out, err, ok) = inarow(&["solve"], input);
    assert!(!ok, "a bad line makes the exit status non-zero");
    for expected in [
        "error: line 1: move 7 ('4'): the column is full",
        "error: line 2: move 1 ('a'): not a column digit",
        "error: line 3: expected score 17, solved 18",
        "error: line 4: expected score 'x' is not a number",
        "error: line 5: move 8 ('3'): the game is already won",
    ] {
        assert!(err.contains(expected), "missing {expected:?} in {err}");
    }
    // One output line per input line, so outputs diff line by line.
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert!(lines[5].starts_with("4455 18 "), "the run went on: {out}");
}

#[test]
fn solve_weak_and_other_sizes() {
    let (out, _, ok) = inarow(&["solve", "--weak"], "4455 18\n44455554221 -15\n");
    assert!(ok);
    let scores: Vec<&str> = out.lines().map(|l| l.split(' ').nth(1).unwrap()).collect();
    assert_eq!(scores, vec!["1", "-1"]);
    // The empty 6x4 board: the second player wins on the last move.
    let (out, _, ok) = inarow(&["solve", "--size", "6x4"], "\n");
    assert!(ok);
    assert!(out.starts_with(" -1 "), "{out}");
    let (_, err, ok) = inarow(&["solve", "--size", "27x6"], "");
    assert!(!ok);
    assert!(err.contains("the width must be 1 to 26"), "{err}");
}

#[test]
fn analyze_scores_every_column() {
    let (out, err, ok) = inarow(&["analyze"], "444444\n4455\n");
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let first: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(first.len(), 8);
    assert_eq!(first[4], "-", "column 4 is full: {}", lines[0]);
    // 4455: only columns 3 and 6 win at once (score 18); the side to move is X.
    let second: Vec<&str> = lines[1].split(' ').collect();
    assert_eq!(second[3], "18");
    assert_eq!(second[6], "18");
    assert!(second[1..].iter().all(|s| s.parse::<i32>().unwrap() <= 18));
}

/// `analyze --explain` names the rule that bounds the position or a move
/// without search (the odd threat with one column of an odd number of empty
/// cells or with three), and the exact scores keep to its bounds.
#[test]
fn analyze_explains_the_rules_of_strategy() {
    let input = "313516462775526572535631172\n31351646277552657253563117\n\
                 15673443566523243666457417\n2141621342143576462522535553416\n44\n";
    let (out, err, ok) = inarow(&["analyze", "--explain"], input);
    assert!(ok, "{err}");
    let expected = [
        "  position: odd threat at d3: at most -2",
        "  b4: odd threat at d3: at least 2",
        "  position: claimeven: at most 0",
        "  position: three-column odd threat at g5: at most -1",
    ];
    for line in expected {
        assert!(out.lines().any(|l| l == line), "no {line:?} in\n{out}");
    }
    // Every rule line holds for the scores on the line above it.
    let mut scores: Vec<Option<i32>> = Vec::new();
    let mut rules = 0;
    for line in out.lines() {
        let Some(rule) = line.strip_prefix("  ") else {
            scores = line.split(' ').skip(1).map(|s| s.parse().ok()).collect();
            continue;
        };
        rules += 1;
        let (what, bound) = rule.split_once(": ").unwrap();
        let bound: i32 = bound.rsplit(' ').next().unwrap().parse().unwrap();
        if what == "position" {
            assert!(rule.ends_with(&format!("at most {bound}")), "{rule}");
            assert!(
                scores.iter().flatten().all(|&s| s <= bound),
                "{line}: {scores:?}"
            );
        } else {
            let file = usize::from(what.as_bytes()[0] - b'a');
            assert!(rule.ends_with(&format!("at least {bound}")), "{rule}");
            assert!(scores[file].unwrap() >= bound, "{line}: {scores:?}");
        }
    }
    assert_eq!(rules, expected.len(), "{out}");
    // Without the option, only the scores.
    let (out, _, ok) = inarow(&["analyze"], input);
    assert!(ok);
    assert_eq!(out.lines().count(), input.lines().count());
}

#[test]
fn bench_is_deterministic() {
    let run = || {
        let (out, _, ok) = inarow(&["bench", "--depth", "6"], "");
        assert!(ok);
        let last = out.lines().last().unwrap().to_owned();
        let words: Vec<&str> = last.split(' ').collect();
        assert_eq!((words[1], words[3]), ("nodes", "nps"), "{last}");
        words[0].parse::<u64>().unwrap()
    };
    assert_eq!(run(), run());
}

#[test]
fn perft_counts() {
    let (out, _, ok) = inarow(&["perft", "--depth", "8"], "");
    assert!(ok);
    assert!(out.contains("total 5673234"), "{out}");
    assert!(out.contains("nps "));
    let (out, _, ok) = inarow(
        &[
            "perft",
            "--variant",
            "tictactoe",
            "--depth",
            "9",
            "--divide",
        ],
        "",
    );
    assert!(ok);
    assert!(
        out.contains("P@b2 13248") && out.contains("total 127872"),
        "{out}"
    );
    let (out, _, ok) = inarow(&["perft", "--moves", "4453", "--depth", "2"], "");
    assert!(ok);
    assert!(out.contains("total 49"), "{out}");
    let (out, _, ok) = inarow(
        &[
            "perft",
            "--size",
            "6x5",
            "--fen",
            "6/6/6/6/6",
            "--depth",
            "1",
        ],
        "",
    );
    assert!(!ok, "--size and --fen conflict: {out}");
    let (_, err, ok) = inarow(&["perft", "--moves", "4444444", "--depth", "1"], "");
    assert!(!ok);
    assert!(err.contains("move 7 ('4'): the column is full"), "{err}");
}

/// Issue 13's acceptance: a 9x5 position whose score was wrong with some table
/// sizes (4 or 6 instead of 3) now scores 3 with every one.
#[test]
fn solve_9x5_is_exact_with_every_table_size() {
    let position = "554818155423823492336";
    for hash in ["1", "3", "64", "1024"] {
        let (out, err, ok) = inarow(
            &["solve", "--size", "9x5", "--hash", hash],
            &format!("{position} 3\n"),
        );
        assert!(ok, "--hash {hash}: {err}");
        assert!(
            out.starts_with(&format!("{position} 3 ")),
            "--hash {hash}: {out}"
        );
    }
    let (out, _, ok) = inarow(&["solve", "--size", "9x5"], position);
    assert!(ok && out.starts_with(&format!("{position} 3 ")), "{out}");
    let (out, _, ok) = inarow(&["solve", "--size", "9x5", "--weak"], position);
    assert!(ok && out.starts_with(&format!("{position} 1 ")), "{out}");
    let (out, _, ok) = inarow(&["analyze", "--size", "9x5"], position);
    assert!(ok, "{out}");
    assert_eq!(out.split(' ').nth(7), Some("3"), "column 7 scores 3: {out}");
}
