//! `inarow review` through the release binary: hand-made games whose every
//! verdict was checked with `inarow analyze` (Connect Four) or by hand
//! (tic-tac-toe), `--engine`, `--annotate`, `--budget`, and bad input.

mod common;

use std::path::PathBuf;

/// Game 1, Connect Four from 22 stones (the move string
/// 2314441145641415522551), Alice (White) against Bob. `analyze` gives, before
/// each move, the columns' scores:
/// - `- 8 1 - 1 6 4`: Alice plays column 2 (P@b4), +8: a kept win;
/// - `- -8 -9 - -8 -8 -8`: Bob plays column 6 (P@f2), -8: best;
/// - `- 7 8 - 7 7 4`: Alice plays column 2 (P@b5), +7 where column 3 (P@c2)
///   wins sooner with +8: a score error;
/// - `- -7 -8 - -8 -8 -8`: Bob plays column 2 (P@b6), -7: best.
const KEPT_WIN_AND_SCORE_ERROR: &str = r#"[Event "review test"]
[Round "1"]
[White "Alice"]
[Black "Bob"]
[Result "*"]
[FEN "p2p3/P2pP2/P2Pp2/pP1pP2/Pp1Pp2/PPpppP1[PPPPPPPPPPpppppppppp] w - - 0 12"]
[SetUp "1"]
[Variant "cfour"]

12. P@b4 {+1.00/20 0.1s} P@f2 13. P@b5 P@b6 *

"#;

/// Game 2, from 6674614435164257331441: `0 10 0 - 0 0 0`: Alice throws the
/// win at once in column 2 (P@b2, +10) with column 1 (P@a5, 0), a draw: an
/// outcome error; then `-9 0 -9 - -9 -9 -9`: Bob blocks at P@b2 (0): best.
const THROWN_WIN: &str = r#"[Event "review test"]
[Round "2"]
[White "Alice"]
[Black "Bob"]
[Result "*"]
[FEN "3P3/3p3/p2P1p1/P1pp1P1/P1PPPpp/ppPppPP[PPPPPPPPPPpppppppppp] w - - 0 12"]
[SetUp "1"]
[Variant "cfour"]

12. P@a5 P@b2 *

"#;

/// Game 3, from 47644172176475463266: `-10 -10 -11 -10 0 -10 -10`: only
/// column 5 (P@e2) holds the draw; Alice plays column 1 (P@a3, -10): an
/// outcome error; then `0 9 10 -8 10 -8 -8`: Bob plays column 3 (P@c2, +10): best.
const THROWN_DRAW: &str = r#"[Event "review test"]
[Round "3"]
[White "Alice"]
[Black "Bob"]
[Result "*"]
[FEN "7/3P1p1/3p1PP/3P1pp/Pp1p1PP/ppPPpPp[PPPPPPPPPPPppppppppppp] w - - 0 11"]
[SetUp "1"]
[Variant "cfour"]

11. P@a3 P@c2 *

"#;

/// Game 4, tic-tac-toe, Bob (White, X) against Alice: an edge answer to the
/// centre loses (a corner draws). X then forks and wins with its fourth stone,
/// which scores 5 - 4 + 1 = 2; every other move is best.
const TICTACTOE_BLUNDER: &str = r#"[Event "review test"]
[Round "4"]
[White "Bob"]
[Black "Alice"]
[Result "1-0"]
[Variant "tictactoe"]

1. P@b2 P@a2 2. P@a1 P@c3 3. P@c1 P@b1 4. P@a3 {X wins} 1-0

"#;

fn all_games() -> String {
    [
        KEPT_WIN_AND_SCORE_ERROR,
        THROWN_WIN,
        THROWN_DRAW,
        TICTACTOE_BLUNDER,
    ]
    .concat()
}

/// Runs `inarow review ARGS` (with a small table) on `input`.
fn review(args: &[&str], input: &str) -> common::Run {
    let mut all = vec!["review", "--hash", "16"];
    all.extend_from_slice(args);
    let run = common::run_inarow(&all, input);
    assert!(
        !run.stderr.contains("panicked"),
        "review panicked: {}",
        run.stderr
    );
    run
}

/// One engine's row of the summary: moves, best, score errors, outcome
/// errors, unsettled, and the two shares.
#[derive(Debug, PartialEq)]
struct Row {
    counts: [usize; 5],
    shares: [String; 2],
}

/// One entry of the error list.
#[derive(Debug)]
struct Entry {
    heading: String,
    position: String,
    played: String,
    best: String,
}

/// The report, as the tests read it.
#[derive(Debug)]
struct Report {
    rows: Vec<(String, Row)>,
    errors_total: usize,
    entries: Vec<Entry>,
}

impl Report {
    fn parse(stdout: &str) -> Report {
        let lines: Vec<&str> = stdout.lines().collect();
        assert!(lines[0].starts_with("inarow review: "), "{stdout}");
        let header = lines
            .iter()
            .position(|line| line.starts_with("engine "))
            .expect("the table's header");
        assert_eq!(
            lines[header].split_whitespace().collect::<Vec<_>>(),
            [
                "engine",
                "moves",
                "best",
                "score-errors",
                "outcome-errors",
                "unsettled",
                "score-error-%",
                "outcome-error-%"
            ]
        );
        let mut rows = Vec::new();
        let mut at = header + 1;
        while !lines[at].starts_with("(the shares") {
            let words: Vec<&str> = lines[at].split_whitespace().collect();
            let (name, numbers) = words.split_at(words.len() - 7);
            let counts: Vec<usize> = numbers[..5].iter().map(|n| n.parse().unwrap()).collect();
            rows.push((
                name.join(" "),
                Row {
                    counts: counts.try_into().unwrap(),
                    shares: [numbers[5].to_owned(), numbers[6].to_owned()],
                },
            ));
            at += 1;
        }
        let summary = lines
            .iter()
            .find(|line| line.starts_with("errors: "))
            .expect("the errors line");
        let errors_total = summary["errors: ".len()..]
            .split(',')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let mut entries = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            if line.starts_with("outcome error: ") || line.starts_with("score error: ") {
                let field = |offset: usize, name: &str| {
                    lines[i + offset]
                        .strip_prefix(name)
                        .unwrap_or_else(|| panic!("{name} in {stdout}"))
                        .trim()
                        .to_owned()
                };
                entries.push(Entry {
                    heading: (*line).to_owned(),
                    position: field(1, "  position:"),
                    played: field(2, "  played:"),
                    best: field(3, "  best:"),
                });
            }
        }
        Report {
            rows,
            errors_total,
            entries,
        }
    }

    fn row(&self, name: &str) -> &Row {
        &self
            .rows
            .iter()
            .find(|(known, _)| known == name)
            .unwrap_or_else(|| panic!("no row for {name}: {self:?}"))
            .1
    }
}

fn row(counts: [usize; 5], score_share: &str, outcome_share: &str) -> Row {
    Row {
        counts,
        shares: [score_share.to_owned(), outcome_share.to_owned()],
    }
}

#[test]
fn a_kept_win_and_a_slower_win() {
    let run = review(&[], KEPT_WIN_AND_SCORE_ERROR);
    assert!(run.success, "{}", run.stderr);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    let report = Report::parse(&run.stdout);
    assert_eq!(*report.row("Alice"), row([2, 1, 1, 0, 0], "50.0", "0.0"));
    assert_eq!(*report.row("Bob"), row([2, 2, 0, 0, 0], "0.0", "0.0"));
    assert_eq!(report.errors_total, 1);
    let entry = &report.entries[0];
    assert_eq!(
        entry.heading,
        "score error: game 1 (round 1), ply 25, Alice as White: 13. P@b5"
    );
    assert_eq!(
        entry.position,
        "p2p3/P2pP2/PP1Pp2/pP1pP2/Pp1Ppp1/PPpppP1[PPPPPPPPPppppppppp] w - - 0 13"
    );
    assert_eq!(entry.played, "P@b5 (+7)");
    assert_eq!(entry.best, "P@c2 (+8)");
}

#[test]
fn a_thrown_win() {
    let run = review(&[], THROWN_WIN);
    assert!(run.success, "{}", run.stderr);
    let report = Report::parse(&run.stdout);
    assert_eq!(*report.row("Alice"), row([1, 0, 0, 1, 0], "0.0", "100.0"));
    assert_eq!(*report.row("Bob"), row([1, 1, 0, 0, 0], "0.0", "0.0"));
    let entry = &report.entries[0];
    assert_eq!(
        entry.heading,
        "outcome error: game 1 (round 2), ply 23, Alice as White: 12. P@a5"
    );
    assert_eq!(entry.played, "P@a5 (0)");
    assert_eq!(entry.best, "P@b2 (+10)");
}

#[test]
fn a_thrown_draw() {
    let run = review(&[], THROWN_DRAW);
    assert!(run.success, "{}", run.stderr);
    let report = Report::parse(&run.stdout);
    assert_eq!(*report.row("Alice"), row([1, 0, 0, 1, 0], "0.0", "100.0"));
    assert_eq!(*report.row("Bob"), row([1, 1, 0, 0, 0], "0.0", "0.0"));
    let entry = &report.entries[0];
    assert_eq!(
        entry.heading,
        "outcome error: game 1 (round 3), ply 21, Alice as White: 11. P@a3"
    );
    assert_eq!(entry.played, "P@a3 (-10)");
    assert_eq!(entry.best, "P@e2 (0)");
}

#[test]
fn a_tictactoe_blunder() {
    let run = review(&[], TICTACTOE_BLUNDER);
    assert!(run.success, "{}", run.stderr);
    let report = Report::parse(&run.stdout);
    assert_eq!(*report.row("Bob"), row([4, 4, 0, 0, 0], "0.0", "0.0"));
    assert_eq!(*report.row("Alice"), row([3, 2, 0, 1, 0], "0.0", "33.3"));
    let entry = &report.entries[0];
    assert_eq!(
        entry.heading,
        "outcome error: game 1 (round 4), ply 2, Alice as Black: 1... P@a2"
    );
    assert_eq!(entry.position, "3/1P1/3[PPPPpppp] b - - 0 1");
    assert_eq!(entry.played, "P@a2 (-2)");
    assert_eq!(entry.best, "P@a1 P@c1 P@a3 P@c3 (0)");
}

#[test]
fn outcome_errors_come_first_and_errors_limits_the_list() {
    let run = review(&[], &all_games());
    assert!(run.success, "{}", run.stderr);
    let report = Report::parse(&run.stdout);
    assert_eq!(report.rows.len(), 2, "{report:?}");
    assert_eq!(*report.row("Alice"), row([7, 3, 1, 3, 0], "14.3", "42.9"));
    assert_eq!(*report.row("Bob"), row([8, 8, 0, 0, 0], "0.0", "0.0"));
    assert_eq!(report.errors_total, 4);
    let headings: Vec<&str> = report
        .entries
        .iter()
        .map(|entry| entry.heading.split(',').next().unwrap())
        .collect();
    assert_eq!(
        headings,
        [
            "outcome error: game 2 (round 2)",
            "outcome error: game 3 (round 3)",
            "outcome error: game 4 (round 4)",
            "score error: game 1 (round 1)"
        ]
    );
    let run = review(&["--errors", "1"], &all_games());
    let report = Report::parse(&run.stdout);
    assert_eq!(report.errors_total, 4);
    assert_eq!(report.entries.len(), 1);
    assert!(report.entries[0].heading.contains("game 2 (round 2)"));
    assert!(run.stdout.contains("errors: 4, 1 shown"), "{}", run.stdout);
}

#[test]
fn engine_reviews_one_engines_moves_as_white_and_as_black() {
    let run = review(&["--engine", "Alice"], &all_games());
    assert!(run.success, "{}", run.stderr);
    let report = Report::parse(&run.stdout);
    assert_eq!(report.rows.len(), 1, "{report:?}");
    assert_eq!(*report.row("Alice"), row([7, 3, 1, 3, 0], "14.3", "42.9"));
    assert_eq!(report.errors_total, 4);

    let run = review(&["--engine", "Bob"], &all_games());
    let report = Report::parse(&run.stdout);
    assert_eq!(report.rows.len(), 1, "{report:?}");
    assert_eq!(*report.row("Bob"), row([8, 8, 0, 0, 0], "0.0", "0.0"));
    assert_eq!(report.errors_total, 0);

    let run = review(&["--engine", "Carol"], &all_games());
    assert!(run.success, "an absent engine is no error: {}", run.stderr);
    assert!(Report::parse(&run.stdout).rows.is_empty());
    assert!(
        run.stderr.contains("no game names an engine 'Carol'"),
        "{}",
        run.stderr
    );
}

/// A fresh directory for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("inarow-review-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn annotate_marks_the_moves_and_reads_back() {
    let dir = scratch("annotate");
    let input = dir.join("games.pgn");
    let output = dir.join("annotated.pgn");
    std::fs::write(&input, all_games()).unwrap();
    let (input, output) = (input.to_str().unwrap(), output.to_str().unwrap());
    let run = review(&["--annotate", output, input], "");
    assert!(run.success, "{}", run.stderr);
    let annotated = std::fs::read_to_string(output).unwrap();
    for expected in [
        // The comment the move had is kept.
        "12. P@b4 {+1.00/20 0.1s; exact: best=+8 played=+8}",
        "P@f2 {exact: best=-8 played=-8}",
        "13. P@b5? {exact: best=+8 played=+7 score error, best P@c2}",
        "12. P@a5?? {exact: best=+10 played=0 outcome error, best P@b2}",
        "11. P@a3?? {exact: best=0 played=-10 outcome error, best P@e2}",
        "P@a2?? {exact: best=0 played=-2 outcome error, best P@a1 P@c1 P@a3 P@c3}",
        "4. P@a3 {X wins; exact: best=+2 played=+2} 1-0",
        "[FEN \"7/3P1p1/3p1PP/3P1pp/Pp1p1PP/ppPPpPp[PPPPPPPPPPPppppppppppp] w - - 0 11\"]",
    ] {
        assert!(annotated.contains(expected), "{expected:?} in\n{annotated}");
    }
    assert!(annotated.lines().all(|line| line.len() < 80), "{annotated}");

    // The annotated games hold the same moves: their review is the same,
    // and annotating them again gives the same file.
    let again = dir.join("again.pgn");
    let again = again.to_str().unwrap();
    let rerun = review(&["--annotate", again, output], "");
    assert!(rerun.success, "{}", rerun.stderr);
    assert_eq!(rerun.stdout, run.stdout);
    assert_eq!(std::fs::read_to_string(again).unwrap(), annotated);

    // Never over an input.
    let refused = review(&["--annotate", input, input], "");
    assert!(!refused.success);
    assert!(
        refused.stderr.contains("is also an input"),
        "{}",
        refused.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_small_budget_leaves_early_moves_unsettled() {
    let early = "[White \"A\"]\n[Black \"B\"]\n[Variant \"cfour\"]\n\n1. P@d1 P@d2 2. P@c1 *\n";
    for budget in ["1K", "20ms"] {
        let run = review(&["--no-book", "--budget", budget], early);
        assert!(
            run.success,
            "unsettled moves are no failure: {}",
            run.stderr
        );
        let report = Report::parse(&run.stdout);
        assert_eq!(
            *report.row("A"),
            row([2, 0, 0, 0, 2], "0.0", "0.0"),
            "{budget}"
        );
        assert_eq!(
            *report.row("B"),
            row([1, 0, 0, 0, 1], "0.0", "0.0"),
            "{budget}"
        );
        assert_eq!(report.errors_total, 0);
    }
    // The opening book settles the first moves at once, in any budget.
    let run = review(&["--budget", "1K"], early);
    assert!(run.success, "{}", run.stderr);
    let report = Report::parse(&run.stdout);
    assert!(report.row("A").counts[1] >= 1, "{}", run.stdout);
    assert_eq!(report.row("B").counts[1], 1, "{}", run.stdout);
    // The late games settle within a small budget.
    let run = review(&["--budget", "1M"], &all_games());
    assert_eq!(
        Report::parse(&run.stdout).row("Alice").counts,
        [7, 3, 1, 3, 0]
    );

    for bad in ["0", "12x", "5m", "-2s"] {
        let run = review(&[&format!("--budget={bad}")], "");
        assert!(!run.success, "{bad}");
        assert!(run.stdout.is_empty());
        assert!(
            run.stderr.contains(&format!("budget '{bad}': expected")),
            "{bad}: {}",
            run.stderr
        );
    }
}

/// A game of another variant, a game with an illegal move, a broken game:
/// one line each, and the other games reviewed.
#[test]
fn bad_games_are_one_line_errors_and_the_rest_is_reviewed() {
    let chess = "[Event \"e\"]\n[Round \"10\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n\
                 [Variant \"chess\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
    // Alice's P@a3 is reviewed; Bob's P@c3 does not land there.
    let illegal = THROWN_DRAW.replace("11. P@a3 P@c2 *", "11. P@a3 P@c3 12. P@d1 *");
    // A game without a result.
    let broken = "[Event \"e\"]\n[Round \"11\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n\
                  [Variant \"tictactoe\"]\n\n1. P@b2 P@a2\n\n";
    let input = [chess, &illegal, broken, KEPT_WIN_AND_SCORE_ERROR].concat();
    let run = review(&[], &input);
    assert!(
        !run.success,
        "unreadable games make the exit status non-zero"
    );
    let errors: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(errors.len(), 4, "{}", run.stderr);
    assert!(errors.iter().all(|line| line.starts_with("error: ")));
    assert_eq!(
        errors[0],
        "error: <stdin>: game 1 (round 10): unknown variant 'chess' (known: cfour, tictactoe, \
         gomoku, gomokufreestyle, renju, caro; connect and mnk with a board WxH and a line kN, such as \
         connect 7x6 k5 or mnk 5x5 k4 exact)"
    );
    assert!(
        errors[1].starts_with(
            "error: <stdin>: game 2 (round 3): ply 22 (11... P@c3, move 2 of the game): \
             illegal move: "
        ),
        "{}",
        errors[1]
    );
    assert!(
        errors[2].starts_with("error: <stdin>: line 20: cannot read the game from here"),
        "{}",
        errors[2]
    );
    assert!(
        errors[2].ends_with("reading resumes at line 28"),
        "{}",
        errors[2]
    );
    assert_eq!(
        errors[3],
        "error: 3 game(s) or file(s) could not be read in full (see above)"
    );
    let report = Report::parse(&run.stdout);
    // Alice: the thrown draw before the illegal move, and game 1's two moves.
    assert_eq!(*report.row("Alice"), row([3, 1, 1, 1, 0], "33.3", "33.3"));
    assert_eq!(*report.row("Bob"), row([2, 2, 0, 0, 0], "0.0", "0.0"));
    assert!(report.entries[1]
        .heading
        .starts_with("score error: game 3 (round 1)"));
}

#[test]
fn files_are_read_in_order_and_a_missing_one_is_an_error() {
    let dir = scratch("files");
    let first = dir.join("first.pgn");
    let second = dir.join("second.pgn");
    std::fs::write(&first, THROWN_WIN).unwrap();
    std::fs::write(&second, TICTACTOE_BLUNDER).unwrap();
    let missing = dir.join("missing.pgn");
    let [first, second, missing] = [&first, &second, &missing].map(|p| p.to_str().unwrap());
    let run = review(&[first, missing, "-", second], THROWN_DRAW);
    assert!(!run.success);
    assert_eq!(
        run.stderr.lines().next().unwrap(),
        format!("error: cannot read '{missing}': No such file or directory (os error 2)")
    );
    let report = Report::parse(&run.stdout);
    assert!(run
        .stdout
        .starts_with("inarow review: 3 games, 11 moves reviewed"));
    let headings: Vec<&str> = report.entries.iter().map(|e| e.heading.as_str()).collect();
    assert_eq!(
        headings,
        [
            "outcome error: game 1 (round 2), ply 23, Alice as White: 12. P@a5",
            "outcome error: game 2 (round 3), ply 21, Alice as White: 11. P@a3",
            "outcome error: game 3 (round 4), ply 2, Alice as Black: 1... P@a2"
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whatever the input, the review ends with a report and never panics.
#[test]
fn no_input_makes_it_panic() {
    let mut rng = common::Rng::new(7);
    let pieces = [
        "[Variant \"cfour\"]",
        "[Variant \"tictactoe\"]",
        "[Variant \"cfour 4x4\"]",
        "[FEN \"4/4/4/4[PPPPPPPPpppppppp] w - - 0 1\"]",
        "[FEN \"3/3/3[PPPPPpppp] w - - 0 1\"]",
        "[FEN \"x\"]",
        "[White \"A\"]",
        "[Black \"B\"]",
        "\n\n",
        "1.",
        "P@a1",
        "P@b1",
        "P@b2",
        "P@d1",
        "4",
        "b2",
        "0000",
        "P@z9",
        "{c}",
        "{",
        "}",
        "(",
        ")",
        ";x\n",
        "$4",
        "?",
        "*",
        "1-0",
        "é",
        "\"",
        "[",
        "]",
    ];
    for _ in 0..60 {
        let text: Vec<&str> = (0..rng.below(40))
            .map(|_| pieces[rng.below(pieces.len())])
            .collect();
        let run = review(&["--budget", "10K"], &text.join(" "));
        assert!(
            run.stdout.starts_with("inarow review: "),
            "{text:?}: {}",
            run.stderr
        );
    }
}
