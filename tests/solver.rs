//! The exact solver: Pons's benchmark sets, a brute-force solver on small
//! boards, and a plain solver on late 7x6 positions. Every solver here runs
//! on `INAROW_TEST_THREADS` threads (default 1); `test.sh` runs the file on
//! 1 and on 2, and every score must be the same.

mod common;

use std::collections::HashMap;

use common::{brute_force, Rng};
use inarow_engine::{Rule, SolveLimits, Solver};
use inarow_games::{Column, Connect4, Game, Size};

/// A solver for `size` with `mib` MiB of tables, on the test's thread count.
fn solver_for(size: Size, mib: usize) -> Solver {
    threaded(Solver::new(size, mib))
}

/// `solver` on `INAROW_TEST_THREADS` threads (default 1).
fn threaded(mut solver: Solver) -> Solver {
    let threads = std::env::var("INAROW_TEST_THREADS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(1);
    solver.set_threads(threads);
    solver
}

/// Solves the first `limit` lines of a Pons set and checks every score.
fn check_set(name: &str, limit: usize) {
    let Some(dir) = common::pons_sets(name) else {
        return;
    };
    let text = std::fs::read_to_string(dir.join(name)).expect("the set is readable");
    let mut solver = solver_for(Size::STANDARD, 64);
    let mut checked = 0;
    for line in text.lines().take(limit) {
        let (moves, score) = line.split_once(' ').expect("lines are 'moves score'");
        let expected: i32 = score.trim().parse().expect("scores are numbers");
        let position = Connect4::from_move_string(Size::STANDARD, moves).expect("valid moves");
        solver.clear();
        assert_eq!(solver.solve(&position, false), expected, "{name}: {moves}");
        solver.clear();
        assert_eq!(
            solver.solve(&position, true),
            expected.signum(),
            "{name} weak: {moves}"
        );
        checked += 1;
    }
    assert_eq!(checked, limit.min(text.lines().count()));
}

#[test]
fn pons_end_easy() {
    check_set("Test_L3_R1", 1000);
}

#[test]
fn pons_middle_easy() {
    check_set("Test_L2_R1", 1000);
}

#[test]
fn pons_middle_medium() {
    check_set("Test_L2_R2", 1000);
}

#[test]
fn pons_beginning_easy() {
    check_set("Test_L1_R1", 1000);
}

#[test]
fn pons_beginning_medium_sample() {
    check_set("Test_L1_R2", 12);
}

/// Random positions of a board, reached by random play.
fn random_positions(size: Size, count: usize, seed: u64, min_ply: usize) -> Vec<Connect4> {
    let mut rng = Rng::new(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut position = Connect4::new(size);
        let target = min_ply + rng.below(size.cells() as usize - min_ply);
        while (position.ply() as usize) < target && position.outcome().is_none() {
            let moves = position.legal_moves();
            position.play_unchecked(moves[rng.below(moves.len())]);
        }
        positions.push(position);
    }
    positions
}

#[test]
fn agrees_with_brute_force_on_small_boards() {
    for (size, empty_score) in [("4x4", 0), ("5x4", 0), ("4x5", 0), ("5x3", 0)] {
        let size: Size = size.parse().unwrap();
        let mut memo = HashMap::new();
        let mut solver = solver_for(size, 4);
        let empty = Connect4::new(size);
        assert_eq!(
            brute_force(&empty, &mut memo),
            empty_score,
            "{size} brute force"
        );
        assert_eq!(solver.solve(&empty, false), empty_score, "{size}");
        for position in random_positions(size, 400, u64::from(size.cells()), 0) {
            solver.clear();
            let expected = brute_force(&position, &mut memo);
            assert_eq!(
                solver.solve(&position, false),
                expected,
                "{size} {}",
                position.fen()
            );
            let per_column = solver.analyze(&position, false);
            for (col, score) in per_column.into_iter().enumerate() {
                let mv = inarow_games::Column(col as u8);
                match score {
                    None => assert!(!position.is_legal(mv)),
                    Some(score) => {
                        let mut child = position;
                        child.play_unchecked(mv);
                        assert_eq!(
                            score,
                            -brute_force(&child, &mut memo),
                            "{size} {} col {col}",
                            position.fen()
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn small_boards_empty_results() {
    // Tromp's table: 6x4 is a win for the second player on the last move.
    let size: Size = "6x4".parse().unwrap();
    assert_eq!(solver_for(size, 16).solve(&Connect4::new(size), false), -1);
    let size: Size = "4x5".parse().unwrap();
    assert_eq!(solver_for(size, 16).solve(&Connect4::new(size), false), 0);
}

/// Needs no data files: late 7x6 positions against the brute-force solver.
#[test]
fn agrees_with_brute_force_on_late_7x6_positions() {
    let mut solver = solver_for(Size::STANDARD, 16);
    for position in random_positions(Size::STANDARD, 150, 42, 28) {
        let mut memo = HashMap::new();
        let expected = brute_force(&position, &mut memo);
        solver.clear();
        assert_eq!(
            solver.solve(&position, false),
            expected,
            "{}",
            position.fen()
        );
    }
}

/// Positions where a rule of strategy bounds the score of the side to move
/// (the bounds the rules' unit tests find): the brute-force solver agrees
/// with each bound and with the solver.
fn rule_bounds_hold_by_brute_force(positions: &[(&str, i32)]) {
    let mut solver = solver_for(Size::STANDARD, 16);
    for &(moves, bound) in positions {
        let position = Connect4::from_move_string(Size::STANDARD, moves).unwrap();
        let expected = brute_force(&position, &mut HashMap::new());
        assert!(expected <= bound, "{moves}: {expected} above {bound}");
        solver.clear();
        assert_eq!(solver.solve(&position, false), expected, "{moves}");
    }
}

/// The odd threat bounds the second player's score.
#[test]
fn the_odd_threat_bounds_hold_by_brute_force() {
    rule_bounds_hold_by_brute_force(&[
        ("313516462775526572535631172", -2),
        ("65573271255332577226357371234", -2),
        ("4516544112222576341226616765414", -2),
    ]);
}

/// The bounds that the rules `keep` picks give on quiet random late
/// positions of `size`, `count` a ply at each of `plies` (drawn from `seed`
/// plus the ply): each holds by brute force, and the solver, which uses the
/// rules, agrees with brute force there. Returns the rules and bounds
/// checked.
fn quiet_rule_bounds_hold_by_brute_force(
    size: Size,
    plies: impl IntoIterator<Item = usize>,
    count: usize,
    seed: u64,
    keep: impl Fn(&Rule) -> bool,
) -> Vec<(Rule, i32)> {
    let mut solver = solver_for(size, 16);
    let mut checked = Vec::new();
    for ply in plies {
        for position in quiet_positions(size, count, seed + ply as u64, ply) {
            let Some(bound) = solver.rule_bound(&position) else {
                continue;
            };
            if !keep(&bound.rule) {
                continue;
            }
            let fen = position.fen();
            let expected = brute_force(&position, &mut HashMap::new());
            assert!(
                expected <= bound.at_most,
                "{size} {fen}: {expected} above {}",
                bound.at_most
            );
            solver.clear();
            assert_eq!(solver.solve(&position, false), expected, "{size} {fen}");
            checked.push((bound.rule, bound.at_most));
        }
    }
    checked
}

/// The odd threat with three columns of an odd number of empty cells
/// (`Rule::OddThreats`), wherever it holds on random late positions with the
/// second player to move: each bound holds by brute force, and the solver,
/// which uses the rule, agrees with brute force there.
#[test]
fn the_odd_threats_bounds_hold_by_brute_force() {
    let found = quiet_rule_bounds_hold_by_brute_force(Size::STANDARD, [29, 31], 600, 51, |rule| {
        matches!(rule, Rule::OddThreats { .. })
    })
    .len();
    assert!(
        found >= 30,
        "only {found} positions with three odd columns bounded"
    );
}

/// Claimeven and the odd threat count every line of the player who claims
/// cells, not only the one it completes: on random late 7x6 positions, each
/// bound they give holds by brute force, and the solver, which uses them,
/// agrees with brute force there. Some of them lie beyond half the height
/// (3), where no single line or threat reaches.
#[test]
fn rule_bounds_counting_every_line_hold_by_brute_force() {
    let bounds = quiet_rule_bounds_hold_by_brute_force(Size::STANDARD, 26..=31, 800, 7, |rule| {
        matches!(rule, Rule::Claimeven | Rule::OddThreat { .. })
    });
    let checked = bounds.len();
    let beyond_one_line = bounds.iter().filter(|&&(_, bound)| bound < -3).count();
    assert!(checked >= 100, "only {checked} positions bounded");
    assert!(
        beyond_one_line >= 10,
        "only {beyond_one_line} bounds beyond one line"
    );
}

/// The rules on boards of an odd height, where the rows claimed by
/// answering in the same column are the odd ones counted from 1 (the top
/// row's parity), and on a board of an odd number of cells the side that
/// claims them moved first: on random late 7x7 (49 cells) and 8x7 (56)
/// positions, each bound holds by brute force and the solver agrees with
/// brute force there, for each of the three rules.
#[test]
fn rule_bounds_on_odd_heights_hold_by_brute_force() {
    for (size, plies) in [("7x7", 35..=38), ("8x7", 42..=45)] {
        let size: Size = size.parse().unwrap();
        let bounds = quiet_rule_bounds_hold_by_brute_force(size, plies, 300, 11, |_| true);
        let count = |keep: fn(&Rule) -> bool| bounds.iter().filter(|(rule, _)| keep(rule)).count();
        let claimeven = count(|rule| matches!(rule, Rule::Claimeven));
        let odd_threat = count(|rule| matches!(rule, Rule::OddThreat { .. }));
        let odd_threats = count(|rule| matches!(rule, Rule::OddThreats { .. }));
        assert!(
            claimeven >= 40 && odd_threat >= 5 && odd_threats >= 5,
            "{size}: only {claimeven}, {odd_threat} and {odd_threats} bounds"
        );
    }
}

/// Claimeven bounds the first player's score only because each of its
/// lines lies above one of the second player's.
#[test]
fn claimeven_bounds_with_lines_above_hold_by_brute_force() {
    rule_bounds_hold_by_brute_force(&[
        ("116366331622445337317711574774", -4),
        ("233776511366327611657622123724", -2),
        ("7263376573661256321773257511", -3),
    ]);
}

/// The weak score of the position after `mv`, from a fresh solver.
fn weak_after(position: &Connect4, mv: Column) -> i32 {
    let mut child = *position;
    child.play_unchecked(mv);
    solver_for(Size::STANDARD, 16).solve(&child, true)
}

/// A keeping move keeps the outcome whatever move is tried first, every
/// move it refutes gives the outcome away, and a lost position has none.
#[test]
fn keeping_moves_keep_the_outcome() {
    for (name, count) in [("Test_L2_R2", 25), ("Test_L1_R1", 10)] {
        let Some(dir) = common::pons_sets(name) else {
            return;
        };
        let text = std::fs::read_to_string(dir.join(name)).expect("the set is readable");
        let mut solver = solver_for(Size::STANDARD, 16);
        for line in text.lines().take(count) {
            let (moves, score) = line.split_once(' ').expect("lines are 'moves score'");
            let sign = score
                .trim()
                .parse::<i32>()
                .expect("scores are numbers")
                .signum();
            let position = Connect4::from_move_string(Size::STANDARD, moves).expect("valid");
            let firsts = std::iter::once(None).chain(position.legal_moves().into_iter().map(Some));
            for first in firsts {
                solver.clear();
                let mut refuted = Vec::new();
                let kept = solver.keeping_move_within(
                    &position,
                    first,
                    &SolveLimits::default(),
                    &mut refuted,
                );
                if sign < 0 {
                    assert_eq!(kept, None, "{name}: {moves}");
                    continue;
                }
                let (mv, kept_sign) = kept.expect("a position not lost has a keeping move");
                assert_eq!(kept_sign, sign, "{name}: {moves}");
                assert_eq!(weak_after(&position, mv), -sign, "{name}: {moves}");
                for mv in refuted {
                    assert!(weak_after(&position, mv) > -sign, "{name}: {moves}");
                }
            }
        }
    }
}

/// A node is a position the solver searches (docs/BENCHMARKS.md, "What a node is"):
/// a solve its static checks settle counts none, and is not taken for the
/// book's answer; a real search counts its nodes.
#[test]
fn positions_settled_on_sight_count_no_nodes() {
    // 40 stones and no line left to make: the last two cells are in one column.
    let position =
        Connect4::from_move_string(Size::STANDARD, "4427612253772523425455634741753716666313")
            .expect("valid");
    let mut solver = solver_for(Size::STANDARD, 16);
    solver.set_book(Some(inarow_engine::books::opening::embedded()));
    let best = solver.best_move_within(&position, &SolveLimits::default());
    assert_eq!(best, Some((Column(0), 0)));
    assert_eq!(solver.nodes(), 0);
    assert!(!solver.answered_by_book());
    // 15 stones, a win in 2 (Test_L2_R2's third position).
    let position = Connect4::from_move_string(Size::STANDARD, "2531276566711153").expect("valid");
    solver.clear();
    assert_eq!(solver.solve(&position, false), 2);
    assert!(solver.nodes() > 0);
}

/// From the book's last ply, the book knows the score and not the moves: a
/// bad move tried first is refuted, and the move played keeps the draw. A
/// node limit too small for the proof gives up.
#[test]
fn keeping_moves_from_the_books_last_ply() {
    // 8 stones, a draw where only the fourth column keeps it.
    let position = Connect4::from_move_string(Size::STANDARD, "12665444").expect("valid");
    let mut solver = solver_for(Size::STANDARD, 16);
    // The book built in has its last ply's moves: the answer at once.
    let book = inarow_engine::books::opening::embedded();
    solver.set_book(Some(book.clone()));
    let kept =
        solver.keeping_move_within(&position, None, &SolveLimits::default(), &mut Vec::new());
    assert_eq!(kept, Some((Column(3), 0)));
    assert_eq!(solver.nodes(), 0);
    assert!(solver.answered_by_book());
    // Without them, the proof.
    solver.set_book(Some(std::sync::Arc::new(book.without_moves())));
    let first = Column(0);
    let mut refuted = Vec::new();
    let kept = solver.keeping_move_within(
        &position,
        Some(first),
        &SolveLimits::default(),
        &mut refuted,
    );
    assert_eq!(kept, Some((Column(3), 0)));
    assert!(refuted.contains(&first), "{refuted:?}");
    solver.clear();
    let tight = SolveLimits {
        nodes: Some(100),
        ..SolveLimits::default()
    };
    let kept = solver.keeping_move_within(&position, None, &tight, &mut Vec::new());
    assert_eq!(kept, None);
}

/// Whether a move keeps a position's score, by one null window, agrees
/// with the move's exact score, on every move of Pons's positions.
#[test]
fn a_move_keeps_the_score_or_not() {
    let Some(dir) = common::pons_sets("Test_L2_R1") else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("Test_L2_R1")).expect("the set is readable");
    let mut solver = solver_for(Size::STANDARD, 16);
    let mut checked = [0, 0];
    for line in text.lines().take(12) {
        let (moves, score) = line.split_once(' ').expect("lines are 'moves score'");
        let score: i32 = score.trim().parse().expect("scores are numbers");
        let position = Connect4::from_move_string(Size::STANDARD, moves).unwrap();
        for mv in position.legal_moves() {
            let exact = solver.analyze(&position, false)[usize::from(mv.0)].unwrap();
            let keeps = solver
                .move_keeps_within(&position, mv, score, &SolveLimits::default())
                .unwrap();
            assert_eq!(keeps, exact >= score, "{moves} {mv:?}");
            checked[usize::from(keeps)] += 1;
        }
    }
    assert!(checked[0] > 0 && checked[1] > 0, "{checked:?}");
}

#[test]
fn known_positions() {
    let mut solver = solver_for(Size::STANDARD, 16);
    for (moves, score) in [("4455", 18), ("44455554221", -15), ("1212121", -18)] {
        let position = Connect4::from_move_string(Size::STANDARD, moves).unwrap();
        solver.clear();
        assert_eq!(solver.solve(&position, false), score, "{moves}");
    }
}

/// Positions of `ply` stones, reached by random moves that
/// neither win nor hand the opponent a win while another move is left, so
/// that games last: late positions still in play.
fn quiet_positions(size: Size, count: usize, seed: u64, ply: usize) -> Vec<Connect4> {
    let mut rng = Rng::new(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut position = Connect4::new(size);
        while (position.ply() as usize) < ply && position.outcome().is_none() {
            let moves = position.quiet_moves();
            position.play_unchecked(moves[rng.below(moves.len())]);
        }
        if position.outcome().is_none() {
            positions.push(position);
        }
    }
    positions
}

/// Random positions on boards whose keys are wider than 7x6's 49 bits (up to
/// 64), at several depths, solved with a 1 MiB table, with a large one and
/// with full-key checks everywhere: the scores must agree, and agree with
/// brute force where the positions are late enough. Each position is kept
/// only if the full-key solver settles it within a node budget, so the test
/// stays cheap whatever the board.
#[test]
fn exact_on_wide_keys_whatever_the_table() {
    const BUDGET: u64 = 1_000_000;
    for (size, seed) in [
        ("9x5", 1),
        ("8x7", 2),
        ("7x7", 3),
        ("9x6", 4),
        ("6x9", 5),
        ("4x12", 6),
        ("4x15", 7),
        ("7x6", 8),
    ] {
        let size: Size = size.parse().unwrap();
        let mut small = solver_for(size, 1);
        let mut large = solver_for(size, 256);
        let mut verified = threaded(Solver::with_full_keys(size, 64 << 20));
        let cells = size.cells() as usize;
        let mut checked = 0;
        let mut brute_checked = 0;
        let late = quiet_positions(size, 15, seed + 100, cells - 12);
        for position in random_positions(size, 120, seed, cells * 2 / 5)
            .into_iter()
            .chain(late)
        {
            verified.clear();
            let limits = inarow_engine::SolveLimits {
                nodes: Some(BUDGET),
                ..Default::default()
            };
            let Some(expected) = verified.solve_within(&position, false, &limits) else {
                continue;
            };
            small.clear();
            large.clear();
            let fen = position.fen();
            assert_eq!(
                small.solve(&position, false),
                expected,
                "{size} 1 MiB {fen}"
            );
            assert_eq!(
                large.solve(&position, false),
                expected,
                "{size} 256 MiB {fen}"
            );
            checked += 1;
            if cells - position.ply() as usize <= 12 {
                let mut memo = HashMap::new();
                assert_eq!(brute_force(&position, &mut memo), expected, "{size} {fen}");
                brute_checked += 1;
            }
        }
        assert!(checked >= 20, "{size}: only {checked} positions settled");
        assert!(
            brute_checked >= 5,
            "{size}: only {brute_checked} late positions"
        );
    }
}

/// The position of issue 13: with a 32-bit check, 9x5 positions agreeing on
/// their first columns were taken for each other and it scored 4 or 6.
#[test]
fn regression_9x5_collision() {
    let size: Size = "9x5".parse().unwrap();
    let position = Connect4::from_move_string(size, "554818155423823492336").unwrap();
    for mib in [1, 2, 4, 16, 72, 256] {
        let mut solver = solver_for(size, mib);
        assert_eq!(solver.solve(&position, false), 3, "--hash {mib}");
        solver.clear();
        assert_eq!(solver.solve(&position, true), 1, "--hash {mib} weak");
        solver.clear();
        assert_eq!(solver.analyze(&position, false)[6], Some(3), "--hash {mib}");
    }
}
