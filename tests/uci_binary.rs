//! The release binary as a UCI engine, driven through the engine client.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use inarow_games::{AnyGame, Game, Variant};
use inarow_protocol::client::{Dialect, Engine, EngineCommand};
use inarow_protocol::Go;

fn inarow(args: &[&str]) -> EngineCommand {
    EngineCommand {
        program: env!("CARGO_BIN_EXE_inarow").into(),
        args: args.iter().map(|&a| a.to_owned()).collect(),
        dir: None,
    }
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

#[test]
fn the_binary_is_a_uci_engine_by_default() {
    for args in [&[][..], &["uci"]] {
        let mut engine = Engine::spawn(&inarow(args), "inarow", false).unwrap();
        let id = engine
            .handshake(Dialect::Uci, Duration::from_secs(5))
            .unwrap();
        assert!(id.name.as_deref().unwrap_or("").starts_with("inarow"));
        let has_variant = id.option("UCI_Variant").is_some();
        assert!(has_variant);
        engine.set_option("UCI_Variant", Some("cfour")).unwrap();
        engine.send("ucinewgame").unwrap();
        engine.is_ready(Duration::from_secs(5)).unwrap();
        let start = AnyGame::new(Variant::default());
        let mut game = start;
        let moves = ["P@d1", "P@d2"].map(|mv| game.play_text(mv).unwrap());
        engine.set_position(&start, &moves).unwrap();
        let go = Go {
            movetime: Some(ms(50)),
            ..Go::default()
        };
        let best = engine.search(&go, Duration::from_secs(5), |_| {}).unwrap();
        assert!(best.best.unwrap().starts_with("P@"));
        assert!(best.info.is_some());
        engine.send("quit").unwrap();
        let deadline = Instant::now() + Duration::from_secs(2);
        while engine.exit_status().is_none() {
            assert!(Instant::now() < deadline, "quit ends the process");
            std::thread::sleep(ms(5));
        }
    }
}

#[test]
fn end_of_input_stops_the_search_and_exits() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_inarow"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "position startpos\ngo infinite").unwrap();
    drop(stdin);
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success());
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "the process did not exit"
        );
        std::thread::sleep(ms(5));
    }
    let output = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.lines().any(|l| l.starts_with("bestmove P@")), "{text}");
}

/// Generous margins: the tight figures are measured as a benchmark.
#[test]
fn timing_is_prompt() {
    let mut engine = Engine::spawn(&inarow(&[]), "inarow", false).unwrap();
    engine
        .handshake(Dialect::Uci, Duration::from_secs(5))
        .unwrap();
    engine.is_ready(Duration::from_secs(5)).unwrap();
    engine
        .set_position(&AnyGame::new(Variant::default()), &[])
        .unwrap();
    // stop -> bestmove.
    engine.send("go infinite").unwrap();
    std::thread::sleep(ms(200));
    let stop = Instant::now();
    engine.send("stop").unwrap();
    engine
        .wait_best_move(stop, stop + Duration::from_secs(2), |_| {})
        .unwrap();
    assert!(stop.elapsed() < ms(500), "stop took {:?}", stop.elapsed());
    // movetime 100 returns in about 100 ms.
    let go = Go {
        movetime: Some(ms(100)),
        ..Go::default()
    };
    let best = engine.search(&go, Duration::from_secs(5), |_| {}).unwrap();
    assert!(
        best.elapsed < ms(600),
        "movetime 100 took {:?}",
        best.elapsed
    );
    engine.quit(Duration::from_secs(1));
}

/// At 1 s + 10 ms with the default Move Overhead of 30 ms, no game is lost on
/// time, even with no margin allowed.
#[test]
fn never_flags_at_one_second_games() {
    let inarow = env!("CARGO_BIN_EXE_inarow");
    let output = Command::new(inarow)
        .args([
            "match",
            "--engine",
            &format!("cmd={inarow}"),
            "args=uci",
            "name=a",
        ])
        .args(["--engine", &format!("cmd={inarow}"), "args=uci", "name=b"])
        .args([
            "--variant",
            "cfour",
            "--games",
            "2",
            "--repeat",
            "--tc",
            "1+0.01",
            "--timemargin",
            "0",
        ])
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{report}");
    assert!(report.contains("Terminations: normal 2"), "{report}");
}
