//! Connect Four past 64 bits: the `u128` bitboards, their solver and table,
//! and the command line, against a brute-force solver near the end of the
//! game on 8x8, 9x7, 10x6, 9x8 (width + height = 17) and 16x7.

mod common;

use std::collections::HashMap;

use common::{brute_force, Rng};
use inarow_engine::{Analyst, SolveLimits, SolverOf};
use inarow_games::connect4::move_string;
use inarow_games::{AnyGame, Column, Connect4U128, Game, Size, Variant};

/// Positions with `empty` empty cells reached by random moves that neither
/// win nor hand the opponent a win while another move is left, each with its
/// move string.
fn late_positions(size: Size, count: usize, seed: u64, empty: u32) -> Vec<(Connect4U128, String)> {
    let mut rng = Rng::new(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut position = Connect4U128::new(size);
        let mut moves: Vec<Column> = Vec::new();
        while position.ply() < size.cells() - empty && position.outcome().is_none() {
            let choice = position.quiet_moves();
            let mv = choice[rng.below(choice.len())];
            position.play_unchecked(mv);
            moves.push(mv);
        }
        if position.outcome().is_none() {
            positions.push((position, move_string(moves)));
        }
    }
    positions
}

const BOARDS: [&str; 5] = ["8x8", "9x7", "10x6", "9x8", "16x7"];

/// The solver on `u128` bitboards agrees with brute force, with a 1 MiB
/// table (every key wider than the index and the check of a small table)
/// and a 16 MiB one.
#[test]
fn the_wide_solver_agrees_with_brute_force() {
    for (i, board) in BOARDS.iter().enumerate() {
        let size: Size = board.parse().unwrap();
        assert!(!size.fits_u64(), "{size} takes more than 64 bits");
        let mut memo = HashMap::new();
        let mut small = SolverOf::<u128>::new(size, 1);
        let mut large = SolverOf::<u128>::new(size, 16);
        for (position, moves) in late_positions(size, 12, 7 + i as u64, 13) {
            let expected = brute_force(&position, &mut memo);
            for solver in [&mut small, &mut large] {
                solver.clear();
                assert_eq!(solver.solve(&position, false), expected, "{size} {moves}");
                assert_eq!(
                    solver.solve(&position, true),
                    expected.signum(),
                    "{size} weak {moves}"
                );
            }
            // Every move's score, as the analysis gives it.
            for (col, score) in large.analyze(&position, false).into_iter().enumerate() {
                let mv = Column(col as u8);
                let Some(score) = score else {
                    assert!(!position.is_legal(mv));
                    continue;
                };
                let mut child = position;
                child.play_unchecked(mv);
                let want = -brute_force(&child, &mut memo);
                assert_eq!(score, want, "{size} {moves} column {}", col + 1);
            }
        }
    }
}

/// The front ends' path: a variant of a wide size is played on `u128`
/// bitboards, and the analyst solves it.
#[test]
fn the_analyst_solves_wide_variants() {
    let size: Size = "10x6".parse().unwrap();
    let mut analyst = Analyst::new(8);
    let mut memo = HashMap::new();
    for (position, moves) in late_positions(size, 8, 99, 12) {
        let mut game = AnyGame::new(Variant::Connect4(size));
        game.play_move_string(&moves)
            .expect("a move string")
            .expect("legal moves");
        assert_eq!(game.variant(), Variant::Connect4(size));
        assert_eq!(game.fen(), position.fen());
        let score = analyst.score(&game, false, &SolveLimits::default());
        assert_eq!(score, Some(brute_force(&position, &mut memo)), "{moves}");
    }
}

/// `inarow solve` reads columns past nine as letters on wide boards, and
/// Steininger's columns from 0 with `--from-zero`.
#[test]
fn solve_reads_wide_move_strings() {
    let size: Size = "10x6".parse().unwrap();
    let mut memo = HashMap::new();
    let positions = late_positions(size, 6, 5, 12);
    assert!(positions.iter().any(|(_, moves)| moves.contains('A')));
    let input: String = positions.iter().map(|(_, m)| format!("{m}\n")).collect();
    let out = run_solve(&["--size", "10x6", "--hash", "8"], &input);
    for ((position, moves), line) in positions.iter().zip(out.lines()) {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields[0], moves);
        let score: i32 = fields[1].parse().unwrap();
        assert_eq!(score, brute_force(position, &mut memo), "{line}");
    }
    // Columns from 0: "A" (column 10) is "9".
    let zero_based: String = positions
        .iter()
        .map(|(_, m)| {
            let digits: String = m
                .chars()
                .map(|c| {
                    let number = inarow_games::connect4::char_column(c).unwrap();
                    char::from_digit(number - 1, 10).unwrap()
                })
                .collect();
            format!("{digits}\n")
        })
        .collect();
    let out = run_solve(
        &["--size", "10x6", "--hash", "8", "--from-zero"],
        &zero_based,
    );
    for ((position, _), line) in positions.iter().zip(out.lines()) {
        let score: i32 = line.split(' ').nth(1).unwrap().parse().unwrap();
        assert_eq!(score, brute_force(position, &mut memo), "{line}");
    }
}

/// A board past 128 bits or 16 columns is the family's (`connect WxH k4`);
/// past its limits too, or a column past the width, one clear error, and the
/// lines after it are still solved.
#[test]
fn bad_wide_input_is_one_clear_error() {
    let run = common::run_inarow(&["solve", "--size", "27x4"], "");
    assert!(!run.success);
    assert!(
        run.stderr.contains("the width must be 1 to 26"),
        "{}",
        run.stderr
    );
    let run = common::run_inarow(&["solve", "--size", "9x60"], "");
    assert!(!run.success);
    assert!(run.stderr.contains("at most 448"), "{}", run.stderr);
    let (out, err) = run_solve_raw(&["--size", "10x6", "--hash", "4"], "B\nAAAAAAA\n");
    assert!(err.contains("no such column (columns 1 to 10)"), "{err}");
    assert!(err.contains("the column is full"), "{err}");
    assert_eq!(out.lines().count(), 2, "one (empty) line each: {out}");
}

fn run_solve(args: &[&str], input: &str) -> String {
    let (out, err) = run_solve_raw(args, input);
    assert!(!err.contains("error"), "{err}");
    out
}

fn run_solve_raw(args: &[&str], input: &str) -> (String, String) {
    let run = common::run_inarow(&[&["solve"], args].concat(), input);
    (run.stdout, run.stderr)
}
