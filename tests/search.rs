//! The search: alpha-beta with a transposition table and ordering returns the
//! same values as plain negamax; proven results; limits are honoured.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::Rng;
use inarow_engine::score::{INFINITE, WIN};
use inarow_engine::{Limits, Score, SearchGame, Searcher, Signals};
use inarow_games::{Connect4, Game, Size, TicTacToe};

/// Plain negamax with the same node rules as the search (a draw on a full board,
/// a win when the side to move can win at once, a loss when every move lets
/// the opponent win, the evaluation at depth 0), but no pruning, no table and
/// no ordering.
fn plain<G: SearchGame>(position: &G, depth: i32, ply: i32) -> i32 {
    if position.ply() == position.max_ply() {
        return 0;
    }
    if position.can_win_now() {
        return WIN - (ply + 1);
    }
    let candidates = position.candidate_moves();
    if candidates.is_empty() {
        return -(WIN - (ply + 2));
    }
    if depth <= 0 {
        return position.evaluate();
    }
    candidates
        .iter()
        .map(|&(mv, _)| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            -plain(&child, depth - 1, ply + 1)
        })
        .max()
        .unwrap_or(-INFINITE)
}

/// The value of each root move at `depth`, as the search's root sees them.
fn plain_root<G: SearchGame>(position: &G, depth: i32) -> Vec<(G::Move, i32)> {
    position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let value = if position.is_winning_move(mv) {
                WIN - 1
            } else {
                let mut child = position.clone();
                child.play_unchecked(mv);
                -plain(&child, depth - 1, 1)
            };
            (mv, value)
        })
        .collect()
}

fn random_position<G: Game>(start: &G, rng: &mut Rng, max_plies: usize) -> G {
    let mut position = start.clone();
    for _ in 0..rng.below(max_plies + 1) {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position.play_unchecked(moves[rng.below(moves.len())]);
    }
    position
}

fn check_against_plain<G: SearchGame>(start: &G, positions: usize, depths: &[u32], seed: u64) {
    let mut rng = Rng::new(seed);
    let mut searcher = Searcher::<G>::new(4);
    for _ in 0..positions {
        let position = random_position(start, &mut rng, start.max_ply() as usize);
        if position.outcome().is_some() {
            continue;
        }
        for &depth in depths {
            let expected = plain_root(&position, depth as i32);
            let best = expected.iter().map(|&(_, v)| v).max().unwrap();
            searcher.clear();
            let limits = Limits {
                depth: Some(depth),
                multipv: 3,
                ..Limits::default()
            };
            let result = searcher.search(&position, &limits, &Signals::new(), |_| {});
            let lines = &result.lines;
            assert_eq!(lines[0].score.value(), best, "{position:?} depth {depth}");
            // Each MultiPV line's score is its move's own value.
            for line in lines {
                let mv = line.pv[0];
                let value = expected.iter().find(|&&(m, _)| m == mv).unwrap().1;
                assert_eq!(
                    line.score.value(),
                    value,
                    "{position:?} depth {depth} line {line:?}"
                );
            }
            assert_eq!(result.best, Some(lines[0].pv[0]));
        }
    }
}

#[test]
fn alpha_beta_equals_plain_negamax_tictactoe() {
    check_against_plain(&TicTacToe::new(), 60, &[1, 2, 3, 5, 9], 1);
}

#[test]
fn alpha_beta_equals_plain_negamax_connect4() {
    for (size, depths) in [
        ("7x6", &[1, 2, 4, 5][..]),
        ("6x5", &[3, 6]),
        ("4x4", &[2, 7]),
        ("9x6", &[3]),
    ] {
        let size: Size = size.parse().unwrap();
        check_against_plain(&Connect4::new(size), 25, depths, u64::from(size.cells()));
    }
}

#[test]
fn tictactoe_is_a_proven_draw() {
    let mut searcher = Searcher::<TicTacToe>::new(1);
    let result = searcher.search(
        &TicTacToe::new(),
        &Limits::default(),
        &Signals::new(),
        |_| {},
    );
    assert_eq!(result.score(), Score::Draw);
    // A known win: X on a1 and b2 with O on b1 threatens two lines.
    let mut position = TicTacToe::new();
    for mv in ["a1", "b1", "b2", "c3"] {
        position.play(position.parse_move(mv).unwrap()).unwrap();
    }
    let result = searcher.search(&position, &Limits::default(), &Signals::new(), |_| {});
    assert!(
        matches!(result.score(), Score::Win(_)),
        "{:?}",
        result.score()
    );
}

#[test]
fn proven_connect4_results_agree_with_the_solver() {
    let mut rng = Rng::new(5);
    let mut searcher = Searcher::<Connect4>::new(16);
    let mut solver = inarow_engine::Solver::new(Size::STANDARD, 16);
    let mut proven = 0;
    for _ in 0..500 {
        if proven == 25 {
            break;
        }
        let mut position = Connect4::default();
        while position.ply() < 28 && position.outcome().is_none() {
            let moves = position.legal_moves();
            position.play_unchecked(moves[rng.below(moves.len())]);
        }
        if position.outcome().is_some() {
            continue;
        }
        searcher.clear();
        let result = searcher.search(&position, &Limits::default(), &Signals::new(), |_| {});
        let score = result.score();
        assert!(
            score.is_proven(),
            "a search without limits ends proven: {score:?}"
        );
        solver.clear();
        let exact = solver.solve(&position, false);
        assert_eq!(
            inarow_engine::score::pons_score(&position, score),
            Some(exact),
            "{position:?}"
        );
        proven += 1;
    }
    assert_eq!(proven, 25);
}

#[test]
fn node_limit_is_honoured() {
    let mut searcher = Searcher::<Connect4>::new(4);
    let limits = Limits {
        nodes: Some(5000),
        ..Limits::default()
    };
    let result = searcher.search(&Connect4::default(), &limits, &Signals::new(), |_| {});
    assert!(result.nodes <= 5000, "{}", result.nodes);
    assert!(result.best.is_some());
}

#[test]
fn movetime_is_honoured() {
    let mut searcher = Searcher::<Connect4>::new(4);
    let limits = Limits {
        movetime: Some(Duration::from_millis(100)),
        ..Limits::default()
    };
    let start = Instant::now();
    let result = searcher.search(&Connect4::default(), &limits, &Signals::new(), |_| {});
    // A generous margin: the tight figure is a benchmark, not a test.
    assert!(
        start.elapsed() < Duration::from_millis(600),
        "{:?}",
        start.elapsed()
    );
    assert!(start.elapsed() >= Duration::from_millis(90));
    assert!(result.best.is_some());
}

#[test]
fn stop_flag_ends_the_search() {
    let signals = Arc::new(Signals::new());
    let stopper = Arc::clone(&signals);
    let handle = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        stopper.stop();
    });
    let mut searcher = Searcher::<Connect4>::new(4);
    let start = Instant::now();
    let result = searcher.search(&Connect4::default(), &Limits::default(), &signals, |_| {});
    handle.join().unwrap();
    assert!(
        start.elapsed() < Duration::from_millis(500),
        "{:?}",
        start.elapsed()
    );
    assert!(result.best.is_some());
}

#[test]
fn a_finished_game_has_no_best_move() {
    let won = Connect4::from_move_string(Size::STANDARD, "1212121").unwrap();
    let mut searcher = Searcher::<Connect4>::new(1);
    let result = searcher.search(&won, &Limits::default(), &Signals::new(), |_| {});
    assert_eq!(result.best, None);
}

#[test]
fn search_is_deterministic() {
    let run = || {
        let mut searcher = Searcher::<Connect4>::new(4);
        let limits = Limits {
            depth: Some(10),
            ..Limits::default()
        };
        let position = Connect4::from_move_string(Size::STANDARD, "4453").unwrap();
        let result = searcher.search(&position, &limits, &Signals::new(), |_| {});
        (result.nodes, result.best, result.score())
    };
    assert_eq!(run(), run());
}

#[test]
fn the_oracle_solves_midgame_positions_at_once() {
    let mut searcher = Searcher::<Connect4>::new(16);
    // From Pons's Test_L2_R2: scores 0, -1 and 2.
    for (moves, pons) in [
        ("274552224131661", 0),
        ("5455174361263362", -1),
        ("2531276566711153", 2),
    ] {
        let position = Connect4::from_move_string(Size::STANDARD, moves).unwrap();
        let limits = Limits {
            movetime: Some(Duration::from_secs(2)),
            multipv: 7,
            ..Limits::default()
        };
        let start = Instant::now();
        let result = searcher.search(&position, &limits, &Signals::new(), |_| {});
        assert!(
            start.elapsed() < Duration::from_millis(1000),
            "{moves}: {:?}",
            start.elapsed()
        );
        assert_eq!(
            inarow_engine::score::pons_score(&position, result.score()),
            Some(pons),
            "{moves}"
        );
        // Every line is proven, best first, and the best move keeps the score.
        assert!(result.lines.iter().all(|l| l.score.is_proven()));
        let mut child = position;
        child.play(result.best.unwrap()).unwrap();
        let mut solver = inarow_engine::Solver::new(Size::STANDARD, 16);
        assert_eq!(-solver.solve(&child, false), pons, "{moves}");
    }
}
