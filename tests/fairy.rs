//! Complete games against Fairy-Stockfish (Debian package `fairy-stockfish`,
//! installed by test.sh), both variants. Every move of both engines is checked
//! by inarow's rules; both engines agree on the result; inarow never loses at
//! tic-tac-toe.

mod common;

use std::time::Duration;

use inarow_games::{AnyGame, Drop, Game, Outcome, Player, Variant};
use inarow_protocol::client::{Dialect, Engine, EngineCommand, EngineSetup};
use inarow_protocol::{Go, UciScore};

use common::FAIRY_STOCKFISH as FAIRY;

fn start(program: &str, args: &[&str], variant: Variant) -> Engine {
    let mut options = Vec::new();
    if program == FAIRY {
        let variants = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants.ini");
        options.push(("VariantPath".to_owned(), variants.to_owned()));
    }
    let setup = EngineSetup {
        name: program.to_owned(),
        command: EngineCommand {
            program: program.into(),
            args: args.iter().map(|&a| a.to_owned()).collect(),
            dir: None,
        },
        dialect: Dialect::Uci,
        options,
    };
    let mut engine = Engine::launch(&setup, variant, program, false).unwrap();
    engine.begin_game().unwrap();
    engine
}

/// Plays one game; returns the outcome and which player inarow was.
fn play(variant_name: &str, inarow_first: bool, movetime: u64) -> (Outcome, Player) {
    let variant: Variant = variant_name.parse().unwrap();
    let inarow = start(env!("CARGO_BIN_EXE_inarow"), &["uci"], variant);
    let fairy = start(FAIRY, &[], variant);
    let inarow_player = if inarow_first {
        Player::First
    } else {
        Player::Second
    };
    let mut engines = if inarow_first {
        [inarow, fairy]
    } else {
        [fairy, inarow]
    };
    let start = AnyGame::new(variant);
    let mut game = start;
    let mut moves: Vec<Drop> = Vec::new();
    let go = Go {
        movetime: Some(Duration::from_millis(movetime)),
        ..Go::default()
    };
    while game.outcome().is_none() {
        let engine = &mut engines[game.ply() as usize % 2];
        engine.set_position(&start, &moves).unwrap();
        let answer = engine.search(&go, Duration::from_secs(10), |_| {}).unwrap();
        let mv = answer
            .best
            .unwrap_or_else(|| panic!("no move in {}", game.fen()));
        let drop = game
            .play_text(&mv)
            .unwrap_or_else(|e| panic!("illegal move {mv} in {}: {e}", game.fen()));
        moves.push(drop);
    }
    let outcome = game.outcome().unwrap();
    // Both engines see the game as over, with the same result.
    for engine in &mut engines {
        engine.set_position(&start, &moves).unwrap();
        let answer = engine.search(&go, Duration::from_secs(10), |_| {}).unwrap();
        assert_eq!(
            answer.best, None,
            "{variant_name}: a finished game has no move"
        );
        let expected = match outcome {
            Outcome::Draw => UciScore::Cp(0),
            Outcome::Win(_) => UciScore::Mate(0),
        };
        assert_eq!(
            answer.info.and_then(|i| i.score),
            Some(expected),
            "{variant_name} {moves:?}"
        );
    }
    for engine in engines {
        engine.quit(Duration::from_secs(1));
    }
    (outcome, inarow_player)
}

#[test]
fn games_against_fairy_stockfish() {
    if common::fairy_stockfish("games_against_fairy_stockfish").is_none() {
        return;
    }
    for inarow_first in [true, false] {
        let (outcome, inarow) = play("tictactoe", inarow_first, 50);
        assert_ne!(
            outcome,
            Outcome::Win(inarow.other()),
            "inarow lost a tic-tac-toe game"
        );
        let (outcome, _) = play("cfour", inarow_first, 50);
        eprintln!(
            "cfour, inarow {}: {outcome:?}",
            if inarow_first { "first" } else { "second" }
        );
    }
}

/// Issue 9's check: inarow against Fairy-Stockfish from 10 random openings,
/// colours swapped, at a time control generous enough for the solver, and
/// `inarow review` finds no outcome error by inarow.
#[test]
fn no_outcome_error_against_fairy_stockfish() {
    let Some(fairy) = common::fairy_stockfish("no_outcome_error_against_fairy_stockfish") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("inarow-fairy-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    let inarow = env!("CARGO_BIN_EXE_inarow");
    let variants = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants.ini");
    let run = common::run_inarow(
        &[
            "match",
            "--engine",
            &format!("cmd={inarow}"),
            "args=uci",
            "name=inarow",
            "tc=20+0.2",
            "--engine",
            &format!("cmd={}", fairy.display()),
            "name=Fairy-Stockfish",
            &format!("option.VariantPath={variants}"),
            "st=0.05",
            "--variant",
            "cfour",
            "--games",
            "20",
            "--repeat",
            "--opening-plies",
            "2-4",
            "--seed",
            "9",
            "--concurrency",
            "2",
            "--timemargin",
            "1000",
            "--pgnout",
            pgn.to_str().unwrap(),
        ],
        "",
    );
    assert!(run.success, "{}", run.stderr);
    let review = common::run_inarow(
        &[
            "review",
            "--engine",
            "inarow",
            "--budget",
            "60s",
            pgn.to_str().unwrap(),
        ],
        "",
    );
    assert!(review.success, "{}", review.stderr);
    let row = review
        .stdout
        .lines()
        .find(|l| {
            let mut words = l.split_whitespace();
            words.next() == Some("inarow") && words.next().is_some_and(|w| w.parse::<u32>().is_ok())
        })
        .unwrap_or_else(|| panic!("no row for inarow: {}", review.stdout));
    let counts: Vec<usize> = row
        .split_whitespace()
        .skip(1)
        .take(5)
        .map(|n| n.parse().unwrap())
        .collect();
    // moves, best, score errors, outcome errors, unsettled
    assert!(counts[0] >= 100, "{}", review.stdout);
    assert_eq!(counts[3], 0, "outcome errors by inarow:\n{}", review.stdout);
    assert_eq!(counts[4], 0, "unsettled moves:\n{}", review.stdout);
    eprintln!("{}", review.stdout);
    let _ = std::fs::remove_dir_all(dir);
}
