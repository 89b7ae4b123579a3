//! Measures the protocol's latencies on the release binary, through the same
//! client `inarow match` uses: `stop` to `bestmove`, the overshoot of
//! `go movetime 100`, and the time to `bestmove` for `go movetime 50` from the
//! start position (and from process start). Medians of repeated runs.
//!
//! `cargo run --release --example uci_latency -- [path to inarow] [runs]`

use std::time::{Duration, Instant};

use inarow_games::{AnyGame, Game, Variant};
use inarow_protocol::client::{Dialect, Engine, EngineCommand};
use inarow_protocol::Go;

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let program = args
        .next()
        .unwrap_or_else(|| "target/release/inarow".to_owned());
    let runs: usize = args.next().map_or(Ok(20), |r| r.parse())?;
    let command = EngineCommand::parse(&program)?;
    let timeout = Duration::from_secs(10);
    let go = |movetime: u64| Go {
        movetime: Some(Duration::from_millis(movetime)),
        ..Go::default()
    };

    let mut stop_latency = Vec::new();
    let mut overshoot = Vec::new();
    let mut first_move = Vec::new();
    let mut from_spawn = Vec::new();
    let start = AnyGame::new(Variant::default());
    let mut opened = start;
    let first = [opened.play_text("P@d1")?];
    for _ in 0..runs {
        let spawned = Instant::now();
        let mut engine = Engine::spawn(&command, "inarow", false)?;
        engine.handshake(Dialect::Uci, timeout)?;
        engine.is_ready(timeout)?;
        engine.set_position(&start, &[])?;
        let answer = engine.search(&go(50), timeout, |_| {})?;
        first_move.push(answer.elapsed);
        from_spawn.push(spawned.elapsed());

        engine.send("go infinite")?;
        std::thread::sleep(Duration::from_millis(100));
        let stop = Instant::now();
        engine.send("stop")?;
        engine.wait_best_move(stop, stop + timeout, |_| {})?;
        stop_latency.push(stop.elapsed());

        engine.set_position(&start, &first)?;
        let answer = engine.search(&go(100), timeout, |_| {})?;
        overshoot.push(answer.elapsed.saturating_sub(Duration::from_millis(100)));
        engine.quit(Duration::from_secs(1));
    }
    println!("uci latency over {runs} runs (medians):");
    println!(
        "  stop -> bestmove                    {}",
        ms(median(stop_latency))
    );
    println!(
        "  go movetime 100 overshoot           {}",
        ms(median(overshoot))
    );
    println!(
        "  startpos go movetime 50 -> bestmove {}",
        ms(median(first_move))
    );
    println!(
        "  process start -> first bestmove     {}",
        ms(median(from_spawn))
    );
    Ok(())
}
