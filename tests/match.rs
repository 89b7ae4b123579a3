//! `inarow match` end to end: inarow against itself and against
//! Fairy-Stockfish, misbehaving scripted engines, resuming a killed run, the
//! SPRT stopping a match, and command-line errors. The PGN files are read
//! back with a reader of their own here and every game is replayed by the
//! rules.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use inarow_games::{AnyGame, Game as _, Outcome, Player, Variant};

const INAROW: &str = env!("CARGO_BIN_EXE_inarow");

/// A fresh directory for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("inarow-match-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn repo_file(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

fn script(name: &str) -> String {
    format!("cmd={}", repo_file(&format!("tests/engines/{name}.sh")))
}

/// `--engine` words for inarow, with more settings.
fn inarow(name: &str, settings: &[&str]) -> Vec<String> {
    let mut words = vec![
        "--engine".into(),
        format!("cmd={INAROW}"),
        "args=uci".into(),
        format!("name={name}"),
    ];
    words.extend(settings.iter().map(|&s| s.to_owned()));
    words
}

/// `--engine` words for Fairy-Stockfish with inarow's variants file; `None`
/// when it is not installed (the test is skipped, or fails under CI).
fn fairy_stockfish(test: &str) -> Option<Vec<String>> {
    let program = common::fairy_stockfish(test)?;
    Some(vec![
        "--engine".into(),
        format!("cmd={}", program.display()),
        "name=Fairy-Stockfish".into(),
        format!(
            "option.VariantPath={}",
            repo_file("tests/data/variants.ini")
        ),
    ])
}

fn run_match(args: &[String]) -> Output {
    Command::new(INAROW)
        .arg("match")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn succeeded(output: &Output) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "inarow match failed: {}\nstdout:\n{stdout}\nstderr:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
}

/// A game as read back from the PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Game {
    tags: Vec<(String, String)>,
    moves: Vec<String>,
}

impl Game {
    fn tag(&self, name: &str) -> &str {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map_or_else(|| panic!("no {name} tag in {:?}", self.tags), |(_, v)| v)
    }

    fn round(&self) -> usize {
        self.tag("Round").parse().unwrap()
    }

    /// Replays the game by the rules and checks it against its tags.
    fn replay(&self) -> AnyGame {
        let variant: Variant = self.tag("Variant").parse().unwrap();
        let mut position = match self.tags.iter().find(|(tag, _)| tag == "FEN") {
            Some((_, fen)) => {
                assert_eq!(self.tag("SetUp"), "1");
                AnyGame::from_fen(variant, fen).unwrap()
            }
            None => AnyGame::new(variant),
        };
        for mv in &self.moves {
            assert!(
                position.outcome().is_none(),
                "a move after the end: {self:?}"
            );
            let drop = position
                .play_text(mv)
                .unwrap_or_else(|e| panic!("round {}: {mv}: {e}", self.round()));
            assert_eq!(&drop.to_string(), mv, "moves are written as drops");
        }
        assert_eq!(self.tag("PlyCount"), self.moves.len().to_string());
        let result = self.tag("Result");
        if self.tag("Termination") == "normal" {
            let expected = match position.outcome() {
                Some(Outcome::Win(Player::First)) => "1-0",
                Some(Outcome::Win(Player::Second)) => "0-1",
                Some(Outcome::Draw) => "1/2-1/2",
                None => panic!("round {}: ended normally but is not over", self.round()),
            };
            assert_eq!(result, expected);
        } else {
            assert!(position.outcome().is_none());
            assert!(["1-0", "0-1"].contains(&result));
        }
        position
    }

    /// The points `name` took from this game.
    fn points(&self, name: &str) -> f64 {
        let white = self.tag("White") == name;
        assert!(white || self.tag("Black") == name);
        match (self.tag("Result"), white) {
            ("1/2-1/2", _) => 0.5,
            ("1-0", true) | ("0-1", false) => 1.0,
            _ => 0.0,
        }
    }
}

/// Reads a PGN file: tags, and the moves without numbers, comments or result.
fn read_pgn(path: &Path) -> Vec<Game> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut games = Vec::new();
    for chunk in text.split("\n\n[").filter(|c| !c.trim().is_empty()) {
        let chunk = if chunk.starts_with('[') {
            chunk.to_owned()
        } else {
            format!("[{chunk}")
        };
        let (header, movetext) = chunk.split_once("\n\n").expect("tags, then moves");
        let tags = header
            .lines()
            .map(|line| {
                let inner = line.trim().trim_start_matches('[').trim_end_matches(']');
                let (name, value) = inner.split_once(' ').unwrap();
                (name.to_owned(), value.trim_matches('"').to_owned())
            })
            .collect();
        let mut plain = String::new();
        let mut in_comment = false;
        for c in movetext.chars() {
            match c {
                '{' => in_comment = true,
                '}' => in_comment = false,
                c if !in_comment => plain.push(c),
                _ => {}
            }
        }
        let moves = plain
            .split_whitespace()
            .filter(|w| !w.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(w))
            .map(str::to_owned)
            .collect();
        games.push(Game { tags, moves });
    }
    games
}

#[test]
fn the_stronger_side_scores_more_and_pairs_swap_colours() {
    let dir = scratch("depths");
    let pgn = dir.join("games.pgn");
    let mut args = inarow("shallow", &["depth=1"]);
    args.extend(inarow("deep", &["depth=6"]));
    args.extend(words("--games 10 --repeat --concurrency 2 --pgnout"));
    args.push(pgn.display().to_string());
    let report = succeeded(&run_match(&args));
    assert!(report.contains("Results of shallow vs deep"), "{report}");

    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 10);
    let mut rounds: Vec<usize> = games.iter().map(Game::round).collect();
    rounds.sort_unstable();
    assert_eq!(rounds, (1..=10).collect::<Vec<_>>());
    for game in &games {
        game.replay();
        assert_eq!(game.tag("Variant"), "cfour");
        assert_eq!(game.tag("Termination"), "normal");
    }
    let deep: f64 = games.iter().map(|g| g.points("deep")).sum();
    let shallow: f64 = games.iter().map(|g| g.points("shallow")).sum();
    assert_eq!(deep + shallow, 10.0);
    assert!(deep > shallow, "deep {deep}, shallow {shallow}");

    // Games 2p-1 and 2p (rounds from 1) share an opening, colours swapped.
    let by_round = |round: usize| games.iter().find(|g| g.round() == round).unwrap();
    for pair in 0..5 {
        let (a, b) = (by_round(2 * pair + 1), by_round(2 * pair + 2));
        assert_eq!(a.tag("FEN"), b.tag("FEN"));
        assert_eq!(
            (a.tag("White"), a.tag("Black")),
            (b.tag("Black"), b.tag("White"))
        );
        assert_eq!(
            a.tag("White"),
            "shallow",
            "the first engine starts a pair with white"
        );
    }
    let fen = by_round(1).tag("FEN");
    let opening = AnyGame::from_fen(Variant::default(), fen).unwrap();
    assert!(
        (2..=4).contains(&opening.ply()),
        "random openings of 2-4 plies"
    );
    assert!(games.iter().any(|g| g.tag("FEN") != fen), "openings vary");
}

#[test]
fn plays_fairy_stockfish_at_both_games() {
    let Some(fairy) = fairy_stockfish("plays_fairy_stockfish_at_both_games") else {
        return;
    };
    let dir = scratch("fairy");
    let run = |variant: &str, games: usize, tc: &str| {
        let pgn = dir.join(format!("{variant}.pgn"));
        let mut args = inarow("inarow", &[]);
        args.extend(fairy.iter().cloned());
        args.extend(words(&format!(
            "--variant {variant} --games {games} --repeat --tc {tc} --timemargin 200 --pgnout"
        )));
        args.push(pgn.display().to_string());
        let report = succeeded(&run_match(&args));
        (report, read_pgn(&pgn))
    };
    let cfour = std::thread::scope(|scope| {
        let cfour = scope.spawn(|| run("cfour", 4, "1+0.01"));
        let (report, games) = run("tictactoe", 6, "0.5+0.01");
        assert!(report.contains("6 of 6 games"), "{report}");
        assert_eq!(games.len(), 6);
        for game in &games {
            let end = game.replay();
            assert_eq!(game.tag("Termination"), "normal", "{game:?}");
            assert_ne!(
                game.points("inarow"),
                0.0,
                "inarow lost at tic-tac-toe: {game:?}"
            );
            assert!(end.outcome().is_some());
        }
        cfour.join().unwrap()
    });
    let (report, games) = cfour;
    assert!(report.contains("4 of 4 games"), "{report}");
    assert_eq!(games.len(), 4);
    for game in &games {
        game.replay();
        assert_eq!(game.tag("Termination"), "normal", "{game:?}");
        assert_eq!(game.tag("TimeControl"), "1+0.01");
        assert_eq!(game.tag("Variant"), "cfour");
    }
}

#[test]
fn misbehaving_engines_lose_with_the_right_termination() {
    let dir = scratch("misbehaving");
    let cases = [
        ("illegal", 3, "illegal move", "makes an illegal move: P@a9"),
        (
            "crash",
            3,
            "abandoned",
            "disconnects (the engine exited (exit status: 3))",
        ),
        ("hang", 2, "time forfeit", "loses on time"),
        ("garbage", 3, "illegal move", "sends a malformed move"),
        (
            "flood",
            2,
            "stalled connection",
            "'s connection stalls (the engine floods its output",
        ),
    ];
    std::thread::scope(|scope| {
        for (engine, games, termination, reason) in cases {
            let dir = &dir;
            scope.spawn(move || {
                let pgn = dir.join(format!("{engine}.pgn"));
                let mut args = vec!["--engine".to_owned(), script(engine)];
                args.extend(["--engine".to_owned(), script("random")]);
                args.extend(words(&format!(
                    "--games {games} --st 0.2 --timemargin 300 --pgnout"
                )));
                args.push(pgn.display().to_string());
                let started = Instant::now();
                let report = succeeded(&run_match(&args));
                assert!(
                    report.contains(&format!("W/D/L: 0/0/{games}")),
                    "{engine}: {report}"
                );
                let recorded = read_pgn(&pgn);
                assert_eq!(
                    recorded.len(),
                    games,
                    "{engine}: every finished game is kept"
                );
                for game in &recorded {
                    game.replay();
                    assert_eq!(game.tag("Termination"), termination, "{engine}");
                    let bad_name = if game.tag("White") == "Scripted Mover" {
                        "Black"
                    } else {
                        "White"
                    };
                    assert_eq!(game.points("Scripted Mover"), 1.0, "{engine}");
                    let text = std::fs::read_to_string(&pgn).unwrap();
                    assert!(
                        text.contains(&format!(
                            "{{{bad_name}{}{reason}",
                            if reason.starts_with('\'') { "" } else { " " }
                        )),
                        "{engine}: {text}"
                    );
                }
                // Each misbehaving engine plays a move first: it goes wrong mid-game.
                if engine != "hang" {
                    assert!(recorded.iter().all(|g| !g.moves.is_empty()), "{engine}");
                }
                assert!(
                    started.elapsed() < Duration::from_secs(20),
                    "{engine} took too long"
                );
            });
        }
    });
}

/// The W/D/L line of a report.
fn wdl(report: &str) -> &str {
    report
        .lines()
        .find(|line| line.trim_start().starts_with("W/D/L:"))
        .unwrap_or_else(|| panic!("no W/D/L in {report}"))
}

#[test]
fn resuming_a_killed_run_gives_what_an_uninterrupted_run_gives() {
    let dir = scratch("resume");
    let args_for = |pgn: &Path, resume: bool| {
        let mut args = inarow("a", &["depth=3"]);
        args.extend(inarow("b", &["depth=6"]));
        args.extend(words(
            "--games 16 --repeat --concurrency 2 --seed 9 --pgnout",
        ));
        args.push(pgn.display().to_string());
        if resume {
            args.push("--resume".to_owned());
        }
        args
    };
    let whole = dir.join("whole.pgn");
    let uninterrupted = succeeded(&run_match(&args_for(&whole, false)));

    let part = dir.join("part.pgn");
    let mut child = Command::new(INAROW)
        .arg("match")
        .args(args_for(&part, false))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let count = |path: &Path| {
        std::fs::read_to_string(path).map_or(0, |text| text.matches("[Event ").count())
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    while count(&part) < 3 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let before = count(&part);
    assert!(
        (3..16).contains(&before),
        "killed with {before} games written"
    );
    // A write cut short by the kill.
    let mut text = std::fs::read_to_string(&part).unwrap();
    text.push_str("[Event \"inarow match\"]\n[Site \"?\"]\n[Da");
    std::fs::write(&part, text).unwrap();

    let resumed = succeeded(&run_match(&args_for(&part, true)));
    assert!(resumed.contains("16 of 16 games"), "{resumed}");
    assert_eq!(wdl(&resumed), wdl(&uninterrupted));

    let sorted = |path: &Path| {
        let mut games = read_pgn(path);
        games.sort_by_key(Game::round);
        games
    };
    let (whole, part) = (sorted(&whole), sorted(&part));
    assert_eq!(part.len(), 16);
    for (a, b) in whole.iter().zip(&part) {
        assert_eq!(a.round(), b.round());
        for tag in ["White", "Black", "Result", "FEN", "Termination"] {
            assert_eq!(a.tag(tag), b.tag(tag), "round {}", a.round());
        }
        assert_eq!(a.moves, b.moves, "round {}", a.round());
        b.replay();
    }

    // Resuming a finished run plays nothing more.
    let again = succeeded(&run_match(&args_for(&dir.join("part.pgn"), true)));
    assert_eq!(wdl(&again), wdl(&uninterrupted));
    assert_eq!(read_pgn(&dir.join("part.pgn")).len(), 16);
}

/// A member of the family no cutechess name settles: both engines are told
/// its whole spelling, and the games are refereed and written by its rules.
#[test]
fn plays_any_member_of_the_family() {
    let dir = scratch("family");
    let pgn = dir.join("games.pgn");
    let mut args = inarow("shallow", &["depth=1"]);
    args.extend(inarow("deep", &["depth=4"]));
    args.extend(words(
        "--variant connect 6x5 k5 --games 4 --repeat --opening-plies 2-2 --pgnout",
    ));
    args.push(pgn.display().to_string());
    // "connect 6x5 k5" is three words on the command line: one argument.
    let at = args.iter().position(|w| w == "--variant").unwrap();
    args.splice(at + 1..at + 4, ["connect 6x5 k5".to_owned()]);
    let report = succeeded(&run_match(&args));
    assert!(report.contains("(connect 6x5 k5,"), "{report}");
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 4);
    for game in &games {
        assert_eq!(game.tag("Variant"), "connect 6x5 k5");
        assert_eq!(game.tag("Termination"), "normal");
        let end = game.replay();
        assert_eq!(end.variant().rules().k(), 5);
    }
}

#[test]
fn the_sprt_stops_the_match_when_it_decides() {
    let dir = scratch("sprt");
    let pgn = dir.join("games.pgn");
    let mut args = inarow("shallow", &["depth=1"]);
    args.extend(inarow("deep", &["depth=6"]));
    args.extend(words(
        "--games 200 --repeat --sprt elo0=0 elo1=20 alpha=0.05 beta=0.05 --pgnout",
    ));
    args.push(pgn.display().to_string());
    let report = succeeded(&run_match(&args));
    assert!(report.contains("H0 was accepted"), "{report}");
    let played = read_pgn(&pgn).len();
    assert!(played < 200, "stopped early, after {played} games");
    assert!(
        report.contains(&format!("{played} of 200 games")),
        "{report}"
    );
}

#[test]
fn uses_an_openings_file_in_order() {
    let dir = scratch("book");
    let book = dir.join("book.txt");
    let fen = "7/7/7/7/3p3/3P3[PPPPPPPPPPPPPPPPPPPPpppppppppppppppppppp] w - - 2 2";
    std::fs::write(&book, format!("# two openings\n4453\n\n{fen}\n")).unwrap();
    let pgn = dir.join("games.pgn");
    let mut args = inarow("a", &["depth=2"]);
    args.extend(inarow("b", &["depth=3"]));
    args.extend(words("--games 6 --repeat --openings"));
    args.push(book.display().to_string());
    args.push("--pgnout".to_owned());
    args.push(pgn.display().to_string());
    succeeded(&run_match(&args));
    let mut games = read_pgn(&pgn);
    games.sort_by_key(Game::round);
    let first = AnyGame::Connect4(
        inarow_games::Connect4::from_move_string(inarow_games::Size::STANDARD, "4453").unwrap(),
    )
    .fen();
    let second = AnyGame::from_fen(Variant::default(), fen).unwrap().fen();
    let expected = [&first, &first, &second, &second, &first, &first];
    for (game, fen) in games.iter().zip(expected) {
        assert_eq!(game.tag("FEN"), fen, "round {}", game.round());
        game.replay();
    }
}

#[test]
fn bad_command_lines_fail_before_any_game() {
    let dir = scratch("errors");
    let pgn = dir.join("games.pgn");
    let mut cases: Vec<(Vec<String>, &str)> = vec![
        (
            words("--engine cmd=/nonexistent/engine --engine cmd=/nonexistent/other --depth 2"),
            "engine 'engine': cannot start '/nonexistent/engine'",
        ),
        (
            [
                inarow("a", &["option.NoSuchOption=1"]),
                inarow("b", &[]),
                words("--depth 2"),
            ]
            .concat(),
            "engine 'a' has no option 'NoSuchOption'",
        ),
        (
            [
                inarow("a", &["depth=2"]),
                inarow("b", &["depth=2"]),
                words("--openings /nonexistent"),
            ]
            .concat(),
            "cannot read openings file '/nonexistent'",
        ),
        (
            [inarow("a", &["depth=2"]), inarow("b", &["nodes=x"])].concat(),
            "engine 2: nodes: 'x' is not a number",
        ),
    ];
    // Fairy-Stockfish lists its own variants, not cfour, until it is given a
    // variants file.
    if let Some(fairy) = common::fairy_stockfish("bad_command_lines_fail_before_any_game") {
        let fsf_without_variants = vec!["--engine".to_owned(), format!("cmd={}", fairy.display())];
        cases.push((
            [inarow("a", &[]), fsf_without_variants, words("--depth 2")].concat(),
            "does not list variant cfour",
        ));
    }
    for (args, expected) in cases {
        let output = run_match(
            &[
                args.clone(),
                vec!["--pgnout".into(), pgn.display().to_string()],
            ]
            .concat(),
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} succeeded");
        assert!(stderr.contains(expected), "{expected:?} not in {stderr}");
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
        assert!(
            output.stdout.is_empty(),
            "no report: {}",
            String::from_utf8_lossy(&output.stdout)
        );
        assert!(!pgn.exists(), "no game was started");
    }

    // A PGN that holds games needs --resume.
    std::fs::write(&pgn, "[Event \"old\"]\n\n1. P@d1 1-0\n").unwrap();
    let args = [inarow("a", &["depth=2"]), inarow("b", &["depth=2"])].concat();
    let output = run_match(
        &[
            args.clone(),
            vec!["--pgnout".into(), pgn.display().to_string()],
        ]
        .concat(),
    );
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("give --resume"));
}

/// An engine that only floods (`yes`) loses every game as a stalled
/// connection, long before the stall timeout, its output read no more.
#[test]
fn a_flooding_engine_loses_every_game_at_once() {
    let mut args = inarow("inarow", &[]);
    args.extend(words(
        "--engine cmd=yes --each depth=4 --games 4 --stall-timeout 5",
    ));
    let started = Instant::now();
    let report = succeeded(&run_match(&args));
    assert!(report.contains("W/D/L: 4/0/0"), "{report}");
    assert!(
        report.contains("Terminations: stalled connection 4"),
        "{report}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

/// inarow against inarow, books off so that every move is thought about:
/// no game lost on time at 0.1 s a move or at 1 s + 10 ms a game, with the
/// default margin and with none. (A hundred games of each are in the
/// notes of the change that made the move time leave Move Overhead out.)
#[test]
fn inarow_never_forfeits_to_its_own_clock() {
    let controls = [
        ("--st 0.1", "--timemargin 0"),
        ("--st 0.1", ""),
        ("--tc 1+0.01", ""),
    ];
    std::thread::scope(|scope| {
        for (control, margin) in controls {
            scope.spawn(move || {
                let mut args = inarow("a", &["option.OwnBook=false"]);
                args.extend(inarow("b", &["option.OwnBook=false"]));
                args.extend(words(&format!("--games 4 --repeat {control} {margin}")));
                let report = succeeded(&run_match(&args));
                assert!(
                    report.contains("Terminations: normal 4"),
                    "{control} {margin}: {report}"
                );
            });
        }
    });
}
