//! How often the depth-limited search (no solver) picks a move that keeps the
//! position's exact value, on Pons's benchmark positions: a measure of the
//! heuristic evaluation, for tuning it.
//!
//! `cargo run --release --example accuracy -- SET [positions] [depth]`

use inarow_engine::{Limits, Searcher, Signals, Solver};
use inarow_games::{Connect4, Size};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let set = args
        .next()
        .ok_or("usage: accuracy SET [positions] [depth]")?;
    let count: usize = args.next().map_or(Ok(200), |a| a.parse())?;
    let depth: u32 = args.next().map_or(Ok(10), |a| a.parse())?;
    let dir = std::env::var("INAROW_PONS_DIR").unwrap_or_else(|_| "../shared/data/pons".to_owned());
    let text = std::fs::read_to_string(format!("{dir}/{set}"))?;
    let mut solver = Solver::new(Size::STANDARD, 64);
    // The exact analyses do not depend on the evaluation: keep them between runs.
    let cache_path = std::env::temp_dir().join(format!("inarow-accuracy-{set}.txt"));
    let mut cache: std::collections::HashMap<String, Vec<Option<i32>>> =
        std::fs::read_to_string(&cache_path)
            .unwrap_or_default()
            .lines()
            .filter_map(|l| {
                let mut t = l.split_whitespace();
                let moves = t.next()?.to_owned();
                Some((moves, t.map(|x| x.parse().ok()).collect()))
            })
            .collect();
    let mut searcher = Searcher::<Connect4>::new(16);
    let (mut keeps, mut same_outcome, mut total, mut nodes) = (0, 0, 0, 0);
    for line in text.lines().take(count) {
        let moves = line.split_whitespace().next().unwrap_or("");
        let position = Connect4::from_move_string(Size::STANDARD, moves)?;
        let scores = match cache.get(moves) {
            Some(scores) => scores.clone(),
            None => {
                solver.clear();
                let scores = solver.analyze(&position, false);
                cache.insert(moves.to_owned(), scores.clone());
                scores
            }
        };
        let best = scores.iter().flatten().max().copied().ok_or("no moves")?;
        searcher.clear();
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let result = searcher.search(&position, &limits, &Signals::new(), |_| {});
        nodes += result.nodes;
        let chosen = scores[usize::from(result.best.ok_or("no move")?.0)].ok_or("full column")?;
        total += 1;
        if chosen == best {
            keeps += 1;
        }
        if chosen.signum() == best.signum() {
            same_outcome += 1;
        }
    }
    let lines: Vec<String> = cache
        .iter()
        .map(|(m, s)| {
            let s: Vec<String> = s
                .iter()
                .map(|x| x.map_or("-".to_owned(), |v| v.to_string()))
                .collect();
            format!("{m} {}", s.join(" "))
        })
        .collect();
    std::fs::write(&cache_path, lines.join("\n"))?;
    println!(
        "{set} depth {depth}: {total} positions, exact value kept {:.1}%, outcome kept {:.1}%, {} nodes",
        100.0 * f64::from(keeps) / f64::from(total),
        100.0 * f64::from(same_outcome) / f64::from(total),
        nodes
    );
    Ok(())
}
