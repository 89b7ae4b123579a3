//! Threads: the solver and the search on several threads over one shared
//! table. Scores must not depend on the thread count, and the table must never
//! hand a thread an entry another was half-way through writing. Small enough
//! to run in debug builds too (`test.sh` runs it in both).

mod common;

use std::sync::atomic::{AtomicBool, Ordering};

use common::Rng;
use inarow_engine::{Bound, Limits, Searcher, Signals, SolveLimits, Solver, TranspositionTable};
use inarow_games::{Connect4, Game, Size};

/// Solves `positions` on 1 and on `threads` threads with fresh tables per
/// position and checks the scores (and the weak ones) agree.
fn same_scores(size: Size, positions: &[Connect4], threads: usize, mib: usize) {
    let mut one = Solver::new(size, mib);
    let mut many = Solver::new(size, mib);
    many.set_threads(threads);
    for position in positions {
        for weak in [false, true] {
            one.clear();
            many.clear();
            let expected = one.solve(position, weak);
            let got = many.solve(position, weak);
            assert_eq!(got, expected, "{size} {} weak {weak}", position.fen());
        }
    }
}

/// Random positions of `ply` stones, not over.
fn random_positions(size: Size, count: usize, seed: u64, ply: u32) -> Vec<Connect4> {
    let mut rng = Rng::new(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut position = Connect4::new(size);
        while position.ply() < ply && position.outcome().is_none() {
            let moves = position.legal_moves();
            position.play_unchecked(moves[rng.below(moves.len())]);
        }
        if position.outcome().is_none() && !position.can_win_next() {
            positions.push(position);
        }
    }
    positions
}

#[test]
fn solver_scores_do_not_depend_on_threads() {
    // 7x6 (compact table entries), 9x5 and 8x7 (wide entries, whose writers
    // hold the bucket), and 6x5 from the start.
    let standard = random_positions(Size::STANDARD, 12, 1, 14);
    same_scores(Size::STANDARD, &standard, 2, 16);
    let size: Size = "9x5".parse().unwrap();
    same_scores(size, &random_positions(size, 8, 2, 24), 2, 4);
    let size: Size = "8x7".parse().unwrap();
    same_scores(size, &random_positions(size, 6, 3, 36), 3, 4);
    let size: Size = "6x5".parse().unwrap();
    same_scores(size, &[Connect4::new(size)], 2, 8);
}

#[test]
fn pons_positions_on_two_threads() {
    let Some(dir) = common::pons_sets("pons_positions_on_two_threads") else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("Test_L2_R2")).expect("the set is readable");
    let mut solver = Solver::new(Size::STANDARD, 16);
    solver.set_threads(2);
    for line in text.lines().take(40) {
        let (moves, score) = line.split_once(' ').expect("lines are 'moves score'");
        let position = Connect4::from_move_string(Size::STANDARD, moves).expect("valid moves");
        solver.clear();
        assert_eq!(solver.solve(&position, false).to_string(), score, "{moves}");
    }
}

#[test]
fn analysis_and_best_moves_on_two_threads() {
    let mut one = Solver::new(Size::STANDARD, 16);
    let mut two = Solver::new(Size::STANDARD, 16);
    two.set_threads(2);
    for position in random_positions(Size::STANDARD, 6, 4, 16) {
        assert_eq!(two.analyze(&position, false), one.analyze(&position, false));
        let limits = SolveLimits::default();
        let (mv, score) = two.best_move_within(&position, &limits).expect("not over");
        assert_eq!(score, one.solve(&position, false));
        // The move keeps the score.
        let mut child = position;
        child.play_unchecked(mv);
        let kept = if child.outcome().is_some() {
            score > 0
        } else {
            -one.solve(&child, false) == score
        };
        assert!(kept, "{} {mv:?}", position.fen());
    }
}

#[test]
fn a_stop_ends_every_thread() {
    // The empty 7x6 board takes far longer than this test: the stop must end it.
    let signals = Signals::new();
    let stopper = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(200));
            stopper.store(true, Ordering::Relaxed);
            signals.stop();
        });
        let mut solver = Solver::new(Size::STANDARD, 8);
        solver.set_threads(2);
        let limits = SolveLimits {
            signals: Some(&signals),
            ..SolveLimits::default()
        };
        let result = solver.solve_within(&Connect4::new(Size::STANDARD), false, &limits);
        assert_eq!(result, None);
        assert!(stopper.load(Ordering::Relaxed));
    });
}

#[test]
fn the_search_on_two_threads() {
    for position in random_positions(Size::STANDARD, 6, 5, 10) {
        let mut searcher = Searcher::<Connect4>::new(8);
        searcher.set_threads(2);
        let limits = Limits {
            depth: Some(8),
            multipv: 1,
            ..Limits::default()
        };
        let result = searcher.search(&position, &limits, &Signals::new(), |_| {});
        let best = result.best.expect("a move");
        assert!(position.is_legal(best));
        assert!(result.nodes > 0);
        // A line proven early ends the search before the depth limit.
        assert!((1..=8).contains(&result.lines[0].depth));
    }
    // Late positions are solved: the proven score is the same on 1 and 2 threads.
    for position in random_positions(Size::STANDARD, 6, 6, 26) {
        let scores: Vec<_> = [1, 2]
            .into_iter()
            .map(|threads| {
                let mut searcher = Searcher::<Connect4>::new(8);
                searcher.set_threads(threads);
                let limits = Limits {
                    multipv: 1,
                    ..Limits::default()
                };
                searcher
                    .search(&position, &limits, &Signals::new(), |_| {})
                    .score()
            })
            .collect();
        assert_eq!(scores[0], scores[1], "{}", position.fen());
    }
}

/// Threads storing and probing keys that share their low 32 bits (the
/// hardest case for the wide entries: only the high check tells them apart)
/// in a tiny table: a probe that finds anything must find that key's value.
#[test]
fn the_table_never_hands_out_a_torn_entry() {
    let value_of = |key: u64| (key >> 32) as i32 % 20_000;
    for (key_bits, bytes) in [(64, 4096), (54, 4096), (49, 1 << 20)] {
        let table = TranspositionTable::with_bytes(bytes, key_bits);
        let top = if key_bits >= 64 {
            u64::MAX
        } else {
            (1 << (key_bits - 32)) - 1
        };
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let table = &table;
                scope.spawn(move || {
                    let mut rng = Rng::new(thread + 1);
                    for _ in 0..5_000_000 {
                        let key = ((rng.next_u64() & top & 0x3FF) << 32) | 0x5555_0000;
                        if rng.below(2) == 0 {
                            table.store(key, value_of(key), 1, Bound::Exact, None);
                        } else if let Some(entry) = table.probe(key) {
                            assert_eq!(entry.value, value_of(key), "key {key:x}");
                        }
                    }
                });
            }
        });
    }
}
