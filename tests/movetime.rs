//! `go movetime N` against the release binary, alone in its test binary so
//! that no other test's engines share the cores while it times the answers.

use std::time::Duration;

use inarow_games::{AnyGame, Game};
use inarow_protocol::client::{Dialect, Engine, EngineCommand};
use inarow_protocol::Go;

fn inarow() -> EngineCommand {
    EngineCommand {
        program: env!("CARGO_BIN_EXE_inarow").into(),
        args: Vec::new(),
        dir: None,
    }
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// `go movetime N` is answered within N ms, the time measured here from
/// sending `go` to reading `bestmove`: over 100 moves of whole games on
/// three boards, with the default Move Overhead.
#[test]
fn movetime_is_never_overstepped() {
    let mut engine = Engine::spawn(&inarow(), "inarow", false).unwrap();
    engine
        .handshake(Dialect::Uci, Duration::from_secs(5))
        .unwrap();
    let mut answered = Vec::new();
    let boards = [
        ("cfour", 40),
        ("gomokufreestyle 20x20", 30),
        ("connect 9x7 k4", 30),
    ];
    for (variant, moves) in boards {
        engine.set_option("UCI_Variant", Some(variant)).unwrap();
        engine.send("ucinewgame").unwrap();
        engine.is_ready(Duration::from_secs(5)).unwrap();
        let start = AnyGame::new(variant.parse().unwrap());
        let mut game = start;
        let mut played = Vec::new();
        for ply in 0..moves {
            if game.outcome().is_some() {
                break;
            }
            let movetime = [30, 60, 100][ply % 3];
            engine.set_position(&start, &played).unwrap();
            let go = Go {
                movetime: Some(ms(movetime)),
                ..Go::default()
            };
            let best = engine.search(&go, Duration::from_secs(5), |_| {}).unwrap();
            answered.push((variant, movetime, best.elapsed));
            played.push(game.play_text(&best.best.unwrap()).unwrap());
        }
    }
    engine.quit(Duration::from_secs(1));
    assert!(answered.len() >= 60, "{} moves", answered.len());
    let late: Vec<_> = answered
        .iter()
        .filter(|(_, movetime, elapsed)| *elapsed > ms(*movetime))
        .collect();
    assert!(late.is_empty(), "late answers: {late:?}");
}
