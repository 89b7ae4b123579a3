//! The k-in-a-row family: exact values against a brute-force solver on tiny
//! boards and against the published values of m,n,k-games, and every front
//! end's view of the family (the binary's `solve`, `analyze` and `perft`).

mod common;

use std::collections::HashMap;

use common::{brute_force, run_inarow, Rng};
use inarow_engine::{
    Analyst, AnySearcher, ExactScorer, FamilyScorer, FamilySolver, Limits, Signals, SolveLimits,
    Source,
};
use inarow_games::{AnyGame, Game, Variant};

fn variant(text: &str) -> Variant {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The analyst's exact score of the position after `moves`.
fn solve(analyst: &mut Analyst, variant: Variant, moves: &str) -> i32 {
    let mut position = AnyGame::new(variant);
    position.play_moves(moves).unwrap();
    analyst
        .score(&position, false, &SolveLimits::default())
        .expect("no limits")
}

/// On boards small enough for exhaustive minimax, the solver agrees with it
/// on random positions, with and without gravity, with and without overlines
/// (the empty boards' values are in `mnk_games_have_their_published_values`).
#[test]
fn the_solver_agrees_with_brute_force_on_tiny_boards() {
    let mut analyst = Analyst::new(16);
    let mut rng = Rng::new(29);
    for text in [
        "mnk 4x3 k3",
        "mnk 3x4 k3",
        "mnk 4x3 k3 exact",
        "mnk 4x4 k4",
        "mnk 5x3 k3",
        "mnk 5x3 k3 exact",
        "connect 4x4 k3",
        "connect 5x4 k3",
        "connect 4x4 k3 exact",
        "connect 4x3 k3 exact",
        "connect 5x3 k3 exact",
        "connect 5x3 k5",
        "connect 3x6 k3",
        "connect 4x2 k3",
    ] {
        let start = AnyGame::new(variant(text));
        let mut memo = HashMap::new();
        for _ in 0..40 {
            let mut position = start;
            // Up to half the board, and at most 12 empty cells: a fuller
            // tree takes the brute force minutes.
            let cells = position.max_ply() as usize;
            let fewest = cells.saturating_sub(12);
            let plies = fewest + rng.below((cells / 2).max(fewest) - fewest + 1);
            for _ in 0..plies {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position.play_unchecked(moves[rng.below(moves.len())]);
            }
            let expected = brute_force(&position, &mut memo);
            let solved = analyst
                .score(&position, false, &SolveLimits::default())
                .unwrap();
            assert_eq!(solved, expected, "{text}: {}", position.fen());
            let weak = analyst
                .score(&position, true, &SolveLimits::default())
                .unwrap();
            assert_eq!(weak, expected.signum(), "{text} weak: {}", position.fen());
        }
    }
}

/// Members with gravity and "k or more" go to the Connect-Four solver, which
/// takes any `k`: on positions of boards of up to 64 bits and past them,
/// its scores (exact and weak), its move scores and its best moves agree
/// with the family's own solver, which knows nothing of Connect Four.
#[test]
fn the_connect_four_solver_agrees_with_the_family_solver_on_any_k() {
    let mut analyst = Analyst::new(16);
    let mut family = FamilySolver::<u128>::new(16);
    let mut rng = Rng::new(30);
    let no_limits = SolveLimits::default();
    for (text, empty) in [
        ("connect 5x4 k3", 14),
        ("connect 6x5 k5", 18),
        ("connect 7x6 k5", 20),
        ("connect 7x6 k6", 22),
        ("connect 9x8 k5", 20),
        ("connect 4x9 k3", 22),
        ("connect 8x4 k2", 24),
    ] {
        let rules = match variant(text) {
            Variant::KInARow(rules) => rules,
            other => panic!("{text} is {other:?}"),
        };
        assert!(FamilyScorer::solver_takes(rules), "{text}");
        let AnyGame::KInARow(start) = AnyGame::new(variant(text)) else {
            panic!("{text} is not on 128 bits");
        };
        for _ in 0..12 {
            // Random moves that do not end the game, until `empty` (give or
            // take two) cells are left.
            let mut own = start;
            let empty = empty + rng.below(3) - 1;
            while (own.max_ply() - own.ply()) as usize > empty {
                let moves: Vec<_> = own
                    .legal_moves()
                    .into_iter()
                    .filter(|&mv| !own.is_winning_move(mv))
                    .collect();
                if moves.is_empty() {
                    break;
                }
                own.play_unchecked(moves[rng.below(moves.len())]);
            }
            let position = AnyGame::KInARow(own);
            for weak in [false, true] {
                let expected = family.bounds(&own, weak, &no_limits);
                let got = analyst.bounds(&position, weak, &no_limits);
                assert_eq!(got, expected, "{text} weak {weak}: {}", position.fen());
            }
            let expected = family.move_bounds(&own, false, &no_limits);
            let got = analyst.move_bounds(&position, false, &no_limits);
            assert_eq!(got.len(), expected.len(), "{text}: {}", position.fen());
            for ((drop, bounds), (mv, want)) in got.iter().zip(&expected) {
                assert_eq!(*drop, own.to_drop(*mv), "{text}: {}", position.fen());
                assert_eq!(bounds, want, "{text} {drop:?}: {}", position.fen());
            }
            if let Some((drop, score)) = analyst.best_move(&position, &no_limits) {
                let (lower, _) = expected
                    .iter()
                    .find(|(mv, _)| own.to_drop(*mv) == drop)
                    .expect("a legal move")
                    .1;
                assert_eq!(lower, score, "{text} best {drop:?}: {}", position.fen());
            }
        }
    }
}

/// The values of m,n,k-games known from exhaustive search and published
/// (REFERENCE.md): 3,3,3, 4,4,4 and 5,5,4 are draws; 4,3,3 and 4,4,3
/// first-player wins.
#[test]
fn mnk_games_have_their_published_values() {
    let mut analyst = Analyst::new(64);
    for (text, first_player_wins) in [
        ("mnk 3x3 k3", false),
        ("mnk 4x3 k3", true),
        ("mnk 3x4 k3", true),
        ("mnk 4x4 k3", true),
        ("mnk 4x4 k4", false),
        ("mnk 5x5 k4", false),
    ] {
        let score = solve(&mut analyst, variant(text), "");
        assert_eq!(score > 0, first_player_wins, "{text}: {score}");
        assert!(score >= 0, "{text}: the first player never loses ({score})");
    }
}

/// `inarow solve` and `analyze` take any member and its moves as squares.
#[test]
fn solve_and_analyze_take_any_member() {
    let run = run_inarow(
        &["solve", "--variant", "mnk 4x4 k3", "--no-book"],
        "\nb2 c3\n",
    );
    assert!(run.success, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(lines[0].starts_with("- 6 "), "{}", run.stdout);
    assert!(lines[1].starts_with("b2 c3 "), "{}", run.stdout);
    let run = run_inarow(&["analyze", "--variant", "mnk 3x4 k3"], "b2 b3\n");
    assert!(run.success, "{}", run.stderr);
    // Every empty square with its score, the winning ones positive.
    let squares: Vec<&str> = run.stdout.split_whitespace().skip(2).collect();
    assert_eq!(squares.len(), 10, "{}", run.stdout);
    assert!(squares
        .iter()
        .any(|s| s.ends_with(":0") || !s.contains(":-")));
    // An expected score that differs is an error; a bad move one line.
    let run = run_inarow(&["solve", "--variant", "mnk 4x4 k3"], "b2 9\nz9\n");
    assert!(!run.success);
    assert!(
        run.stderr.contains("line 1: expected score 9"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("line 2:"), "{}", run.stderr);
}

/// Bad members of the family are one clear line each.
#[test]
fn bad_members_are_refused_with_one_line() {
    for (text, expected) in [
        ("mnk 4x4 k5", "k is larger than the board"),
        ("gomoku 30x30", "1 to 26"),
        ("gomoku 20x22", "at most 448"),
        ("mnk 5x5 q4", "'q4' is not a board"),
        ("tictactoe 4x4", "3x3"),
        ("mnk 5x5 k0", "k must be 1 to 32"),
    ] {
        let error = text.parse::<Variant>().unwrap_err().to_string();
        assert!(error.contains(expected), "{text}: {error}");
        assert_eq!(error.lines().count(), 1);
    }
}

/// Names read back as written, and each member is the same game whichever
/// way it is named.
#[test]
fn variant_names_round_trip() {
    for (text, shown) in [
        ("gomoku", "gomoku"),
        ("gomokufreestyle", "gomokufreestyle"),
        ("mnk 15x15 k5", "gomokufreestyle"),
        ("mnk 15x15 k5 exact", "gomoku"),
        ("gomoku 19x19", "gomoku 19x19"),
        ("connect 7x6 k4", "cfour"),
        ("connect 7x6 k5", "connect 7x6 k5"),
        ("cfour 7x6 k5", "connect 7x6 k5"),
        ("cfour 20x10", "connect 20x10 k4"),
        ("mnk 3x3 k3", "tictactoe"),
        ("mnk 5x5 k4 exact", "mnk 5x5 k4 exact"),
        ("connect k=3 5x4", "connect 5x4 k3"),
    ] {
        let parsed = variant(text);
        assert_eq!(parsed.to_string(), shown, "{text}");
        assert_eq!(variant(shown), parsed, "{shown}");
    }
}

/// In play, the search asks the Connect-Four solver about a Connect-k
/// member once few cells are left: its move is proven and keeps the
/// position's exact score. Gomoku has no oracle: its moves come from the
/// search.
#[test]
fn the_search_plays_connect_k_endgames_from_the_solver() {
    let mut searcher = AnySearcher::new(16);
    let mut analyst = Analyst::new(16);
    let limits = Limits {
        movetime: Some(std::time::Duration::from_secs(2)),
        ..Limits::default()
    };
    let mut position = AnyGame::new(variant("connect 7x6 k5"));
    // 18 stones, nobody about to win: 24 empty cells.
    position
        .play_moves("d1 d2 c1 e1 c2 c3 e2 b1 f1 d3 g1 a1 b2 e3 f2 g2 d4 b3")
        .unwrap();
    let result = searcher.search(&position, &limits, &Signals::new(), |_| {});
    assert_eq!(result.source, Source::Solver);
    let best = result.best.expect("a move");
    let score = analyst
        .score(&position, false, &SolveLimits::default())
        .unwrap();
    let moved = analyst.move_score(&position, best, &SolveLimits::default());
    assert_eq!(moved, Some(score), "{best:?} in {}", position.fen());

    let mut gomoku = AnyGame::new(variant("gomoku"));
    gomoku.play_moves("h8 h9 i8").unwrap();
    let quick = Limits {
        movetime: Some(std::time::Duration::from_millis(100)),
        ..Limits::default()
    };
    let result = searcher.search(&gomoku, &quick, &Signals::new(), |_| {});
    assert_eq!(result.source, Source::Search);
}

/// With 27 to 32 empty cells the solver is asked only to keep a draw, with
/// weak solves: here the search alone chose c, which loses.
#[test]
fn the_search_keeps_a_connect5_draw_with_weak_solves() {
    let mut searcher = AnySearcher::new(64);
    let limits = Limits {
        movetime: Some(std::time::Duration::from_secs(8)),
        ..Limits::default()
    };
    let mut position = AnyGame::new(variant("connect 7x6 k5"));
    // 12 stones, 30 empty cells; d, f and g keep the draw, the rest lose.
    position.play_moves("444236433262").unwrap();
    let result = searcher.search(&position, &limits, &Signals::new(), |_| {});
    assert_eq!(result.source, Source::Solver);
    let best = result.best.expect("a move");
    assert!([3, 5, 6].contains(&best.file), "{best}");
    let mut analyst = Analyst::new(16);
    let kept = analyst.move_bounds(&position, true, &SolveLimits::default());
    let (_, (low, high)) = kept.iter().find(|(mv, _)| *mv == best).unwrap();
    assert_eq!((*low, *high), (0, 0), "{best}");
}

/// Perft on members of the family: on an empty board of `c` cells without
/// gravity, depth `d` (before any line can be made) is `c (c-1) ... (c-d+1)`.
#[test]
fn perft_counts_the_family() {
    let gomoku = AnyGame::new(variant("gomoku"));
    assert_eq!(gomoku.perft(3, false).total, 225 * 224 * 223);
    let connect5 = AnyGame::new(variant("connect 7x6 k5"));
    // With gravity, as Connect Four until a line of five is possible.
    let cfour = AnyGame::new(variant("cfour"));
    assert_eq!(connect5.perft(6, false).total, cfour.perft(6, false).total);
    // 4x4 with k = 3: the first wins come at ply 5.
    let mnk = AnyGame::new(variant("mnk 4x4 k3"));
    assert_eq!(mnk.perft(4, false).total, 16 * 15 * 14 * 13);
    assert!(mnk.perft(6, false).total < 16 * 15 * 14 * 13 * 12 * 11);
    let run = run_inarow(&["perft", "--variant", "gomoku", "--depth", "2"], "");
    assert!(run.success, "{}", run.stderr);
    assert!(run.stdout.contains("50400"), "{}", run.stdout);
}

/// Faulting a game's tables in before solving (as `inarow solve` does before
/// its first line) changes nothing a solve finds: the same scores and the
/// same nodes as without, in every kind of game the analyst scores.
#[test]
fn populating_the_tables_changes_no_solve() {
    let mut rng = Rng::new(31);
    for text in [
        "connect 7x6 k4",
        "connect 8x8 k4",
        "tictactoe",
        "mnk 4x4 k4",
        "connect 5x4 k3",
        "connect 7x6 k5",
    ] {
        let start = AnyGame::new(variant(text));
        let mut populated = Analyst::new(16);
        populated.populate(&start);
        for _ in 0..5 {
            let mut position = start;
            let plies = (position.max_ply() as usize).saturating_sub(16);
            for _ in 0..plies {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position.play_unchecked(moves[rng.below(moves.len())]);
            }
            let mut fresh = Analyst::new(16);
            populated.clear();
            let limits = SolveLimits::default();
            assert_eq!(
                populated.score(&position, false, &limits),
                fresh.score(&position, false, &limits),
                "{text}: {}",
                position.fen()
            );
            assert_eq!(
                populated.nodes(),
                fresh.nodes(),
                "{text}: {}",
                position.fen()
            );
        }
    }
}

/// A lost game is not given up: facing an open four (two cells that each
/// win), every move loses, and the engine blocks one end, so that an
/// opponent who misses its win must find another.
#[test]
fn a_lost_position_blocks_a_win_rather_than_give_up() {
    let mut searcher = AnySearcher::new(16);
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let cases = [
        // The first player's open four d8-g8: c8 and h8 win for it.
        ("gomokufreestyle", "d8 d6 e8 e6 f8 f6 g8", ["c8", "h8"]),
        // The same on a board the search takes whole (81 cells): a5 and f5.
        ("mnk 9x9 k5", "b5 b1 c5 c1 d5 d1 e5", ["a5", "f5"]),
    ];
    for (name, moves, blocks) in cases {
        let mut position = AnyGame::new(variant(name));
        position.play_moves(moves).unwrap();
        let result = searcher.search(&position, &limits, &Signals::new(), |_| {});
        let best = result.best.expect("a move").to_string();
        let square = best.trim_start_matches("P@");
        assert!(blocks.contains(&square), "{name} after {moves}: {best}");
    }
}
