//! Unit tests of the solver's rules and threads.

use super::rules::threat_bound;
use super::windows::Windows;
use super::*;
use inarow_games::connect4::has_line;
use inarow_games::{Bitboard, Rules};
use inarow_games::{Connect4, Connect4U128};
use std::sync::atomic::{AtomicBool, Ordering};

fn solve(size: &str, moves: &str) -> i32 {
    let size: Size = size.parse().unwrap();
    let mut solver = Solver::new(size, 4);
    solver.solve(&Connect4::from_move_string(size, moves).unwrap(), false)
}

#[test]
fn mirror_is_the_boards() {
    for size in ["7x6", "4x4", "5x4", "8x7", "9x6", "6x9", "4x12"] {
        let size: Size = size.parse().unwrap();
        let board = Board::<u64>::new(size);
        let mut bits = 0x2545_F491_4F6C_DD1D_u64;
        for _ in 0..100 {
            bits = bits.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17);
            // Keys: every bit of every column, the one above the top cell too.
            let key_bits = size.key_bits();
            let cells = if key_bits >= 64 {
                bits
            } else {
                bits & ((1 << key_bits) - 1)
            };
            assert_eq!(board.mirror(cells), size.mirror(cells), "{size}");
        }
    }
    for size in ["8x8", "9x7", "10x6", "16x7", "3x41", "1x127"] {
        let size: Size = size.parse().unwrap();
        let board = Board::<u128>::new(size);
        let mut bits = 0x2545_F491_4F6C_DD1D_9E37_79B9_7F4A_7C15_u128;
        for _ in 0..100 {
            bits = bits.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
            let cells = bits & <u128 as Bitboard>::low_bits(size.key_bits());
            assert_eq!(board.mirror(cells), size.mirror(cells), "{size}");
        }
    }
}

/// Positions on boards past 64 bits solve in `u128` bitboards, and a
/// board that also fits 64 bits gives the same scores both ways.
#[test]
fn wide_bitboards_solve_as_narrow_ones() {
    for (size, moves) in [("5x4", "12"), ("6x5", "3344"), ("7x6", "44455554221")] {
        let size: Size = size.parse().unwrap();
        let narrow = Connect4::from_move_string(size, moves).unwrap();
        let wide = Connect4U128::from_move_string(size, moves).unwrap();
        let a = Solver::new(size, 4).solve(&narrow, false);
        let b = SolverOf::<u128>::new(size, 4).solve(&wide, false);
        assert_eq!(a, b, "{size} {moves}");
    }
}

#[test]
fn known_scores() {
    assert_eq!(solve("7x6", "4455"), 18);
    assert_eq!(solve("7x6", "44455554221"), -15);
    assert_eq!(solve("4x4", ""), 0);
    assert_eq!(solve("5x4", ""), 0);
    assert_eq!(solve("6x4", ""), -1);
}

/// Positions where the odd threat settles the second player's score,
/// with its bound; `tests/solver.rs` checks the same bounds against the
/// brute-force solver.
const ODD_THREATS: [(&str, i32); 3] = [
    ("313516462775526572535631172", -2),
    ("65573271255332577226357371234", -2),
    ("4516544112222576341226616765414", -2),
];

#[test]
fn the_odd_threat_bounds_the_second_player() {
    let size = Size::STANDARD;
    let mut solver = Solver::new(size, 1);
    let mut bound = |position: &Connect4| {
        solver
            .rule_bound(position)
            .filter(|found| matches!(found.rule, Rule::OddThreat { .. }))
            .map(|found| found.at_most)
    };
    for (moves, expected) in ODD_THREATS {
        let position = Connect4::from_move_string(size, moves).unwrap();
        assert_eq!(bound(&position), Some(expected), "{moves}");
        let score = solve("7x6", moves);
        assert!(score <= expected, "{moves}: {score}");
    }
    // The first of them, with the first player to move: no bound.
    let position = Connect4::from_move_string(size, "31351646277552657253563117").unwrap();
    assert_eq!(bound(&position), None);
    // A single column of odd empty cells and no threat in it: no bound.
    let position = Connect4::from_move_string(size, "4").unwrap();
    assert_eq!(bound(&position), None);
}

#[test]
fn lines_above_need_every_cell_of_the_lower_line_below_the_upper() {
    let size = Size::STANDARD;
    let board = Board::<u64>::new(size);
    let cells = |list: &[(u32, u32)]| {
        list.iter()
            .fold(0u64, |all, &(col, row)| all | size.cell::<u64>(col, row))
    };
    let row = |r: u32, first: u32| cells(&(first..first + 4).map(|c| (c, r)).collect::<Vec<_>>());
    let above = |upper: u64, lower: u64, filled: u64| {
        FourInARow.lines_above(upper, lower, filled, board.stride, &board.column_bottom)
    };
    // The same columns, one row up: the lower line fills first.
    assert!(above(row(2, 1), row(1, 1), 0));
    assert!(above(row(4, 1), row(1, 1), 0));
    // Three of the lower line's columns lie outside the upper line's.
    assert!(!above(row(2, 3), row(1, 0), 0));
    // ... unless their cells are filled already.
    assert!(above(
        row(2, 3),
        row(1, 0),
        cells(&[(0, 1), (1, 1), (2, 1)])
    ));
    // Nothing lies below the bottom row, nor below a vertical line.
    assert!(!above(row(0, 1), row(1, 1), 0));
    assert!(!above(
        cells(&[(3, 1), (3, 2), (3, 3), (3, 4)]),
        row(0, 1),
        0
    ));
    // A diagonal two rows above another.
    let diagonal = |r: u32| cells(&(0..4).map(|i| (i, r + i)).collect::<Vec<_>>());
    assert!(above(diagonal(2), diagonal(0), 0));
    assert!(!above(diagonal(0), diagonal(2), 0));
    // Every line of the upper cells must lie above one.
    assert!(!above(row(2, 1) | row(0, 3), row(1, 1), 0));
    // A board too tall for rows in 64 bits has only vertical lines, and
    // no shift by three of its strides.
    let tall: Size = "2x30".parse().unwrap();
    let tall_board = Board::<u64>::new(tall);
    let bottom = tall.cell::<u64>(0, 0) | tall.cell::<u64>(1, 0);
    assert!(FourInARow.lines_above(bottom, 0, 0, tall_board.stride, &tall_board.column_bottom));
}

/// Positions where claimeven bounds the first player only because each
/// of its lines lies above one of the second player's; `tests/solver.rs`
/// checks the same bounds against the brute-force solver.
const LINES_ABOVE: [(&str, i32); 3] = [
    ("116366331622445337317711574774", -4),
    ("233776511366327611657622123724", -2),
    ("7263376573661256321773257511", -3),
];

#[test]
fn claimeven_holds_when_the_first_players_lines_lie_above() {
    let size = Size::STANDARD;
    let board = Board::<u64>::new(size);
    let mut solver = Solver::new(size, 1);
    for (moves, expected) in LINES_ABOVE {
        let position = Connect4::from_move_string(size, moves).unwrap();
        let (current, mask) = (position.current(), position.mask());
        let possible = (mask + board.bottom) & board.cells_mask;
        let evens = board.claimeven_cells(current ^ mask, mask, possible);
        assert!(
            has_line(board.cells_mask & !evens, board.stride),
            "{moves}: the first player has a line outside the claims"
        );
        let found = solver.rule_bound(&position).unwrap();
        assert_eq!(found.rule, Rule::Claimeven, "{moves}");
        assert_eq!(found.at_most, expected, "{moves}");
        let score = solve("7x6", moves);
        assert!(score <= expected, "{moves}: {score}");
    }
}

#[test]
fn no_bound_by_one_line_or_threat_lies_beyond_half_the_height() {
    for (dims, half) in [
        ("7x6", 3),
        ("4x4", 2),
        ("8x8", 4),
        ("5x2", 1),
        ("7x7", 3),
        ("6x5", 2),
    ] {
        let size: Size = dims.parse().unwrap();
        let board = Board::<u64>::new(size);
        assert_eq!(board.half_height, half, "{dims}");
        // Claimeven's bounds: those of its rows, or -1.
        for &(rows, bound) in &board.even_rows {
            if !rows.is_empty() {
                assert!(-half <= bound && bound < 0, "{dims}");
            }
        }
        // The odd threat's: any threat in a column of an odd number of
        // empty cells.
        let h = size.height();
        for empties in (1..=h).filter(|e| e % 2 == 1) {
            let column = (h - empties..h).fold(0u64, |c, r| c | size.cell::<u64>(0, r));
            for r in h - empties..h {
                let bound = threat_bound(column, size.cell::<u64>(0, r));
                assert!(-half <= bound && bound <= 0, "{dims}");
            }
        }
    }
}

#[test]
fn claimeven_loss_counts_the_rows_above_the_line() {
    let size = Size::STANDARD;
    let board = Board::<u64>::new(size);
    // Four cells along row r (from 0) starting in column 1.
    let row = |r: u32| (1..5).fold(0, |cells, col| cells | size.cell::<u64>(col, r));
    // The line's last cell has 4, 2 or no cells above it: the second
    // player wins by its 19th, 20th or 21st stone at the latest.
    assert_eq!(board.claimeven_loss(FourInARow, row(1)), -3);
    assert_eq!(board.claimeven_loss(FourInARow, row(3)), -2);
    assert_eq!(board.claimeven_loss(FourInARow, row(5)), -1);
    // A diagonal counts by its highest cell: rows 1 to 4 up to the right.
    let diagonal = (0..4).fold(0, |cells, i| cells | size.cell::<u64>(i, 1 + i));
    assert_eq!(board.claimeven_loss(FourInARow, diagonal | row(1)), -3);
    assert_eq!(board.claimeven_loss(FourInARow, diagonal), -1);
    // On 4x4 a line on row 1 leaves two cells above it.
    let small: Size = "4x4".parse().unwrap();
    let line = (0..4).fold(0, |cells, col| cells | small.cell::<u64>(col, 1));
    assert_eq!(
        Board::<u64>::new(small).claimeven_loss(FourInARow, line),
        -2
    );
}

#[test]
fn lines_bound_counts_every_line() {
    let size = Size::STANDARD;
    let board = Board::<u64>::new(size);
    let row = |size: Size, r: u32, cols: std::ops::Range<u32>| {
        cols.fold(0, |cells, col| cells | size.cell::<u64>(col, r))
    };
    // One line: the cells above its highest empty cell, as by rows.
    for r in [1, 3, 5] {
        let line = row(size, r, 1..5);
        assert_eq!(
            board.lines_bound(FourInARow, line, 0),
            Some(board.claimeven_loss(FourInARow, line)),
            "row {r}"
        );
    }
    // A second line with a cell above the first's, in its column, costs
    // nothing: the first player fills the first line's row last there.
    let crossing = row(size, 1, 0..4) | row(size, 3, 3..7);
    assert_eq!(board.lines_bound(FourInARow, crossing, 0), Some(-3));
    // Lines in columns of their own on 9x6: whichever the second player
    // completes, a cell of the other stays empty with the one below it
    // and those above. Completing row 3 last leaves 2 cells above it and
    // 6 of row 1's column, 8 in all: the second wins by its 23rd stone
    // of 27 at the latest (-5), where row 1 alone gives -3.
    let wide: Size = "9x6".parse().unwrap();
    let wide_board = Board::<u64>::new(wide);
    let apart = row(wide, 1, 0..4) | row(wide, 3, 5..9);
    assert_eq!(wide_board.claimeven_loss(FourInARow, apart), -3);
    assert_eq!(wide_board.lines_bound(FourInARow, apart, 0), Some(-5));
    // Occupied cells of a line are its stones, not cells to keep empty.
    let stones = size.cell::<u64>(1, 1) | size.cell::<u64>(2, 1);
    assert_eq!(
        board.lines_bound(FourInARow, row(size, 1, 1..5), stones),
        Some(-3)
    );
    // A rule that does not list its lines says nothing.
    let rules = Rules::new(7, 6, 4, true, true).unwrap();
    assert_eq!(board.lines_bound(rules, row(size, 1, 1..5), 0), None);
}

#[test]
fn threads_share_the_next_window_and_drop_it_once_answered() {
    let mut windows = Windows {
        min: -18,
        max: 19,
        asking: vec![None; 3],
        stopped: false,
    };
    let dropped: Vec<AtomicBool> = (0..3).map(|_| AtomicBool::new(false)).collect();
    // Who wins first, asked by every thread.
    for thread in 0..3 {
        assert_eq!(windows.choose(), 0);
        windows.asking[thread] = Some(0);
    }
    // The first answer fails high: the window is pointless now for the
    // others, and they are dropped; the first asks the next window.
    windows.asking[1] = None;
    windows.answer(0, 3, &dropped);
    assert_eq!((windows.min, windows.max), (3, 19));
    let dropped_now: Vec<bool> = dropped.iter().map(|d| d.load(Ordering::Relaxed)).collect();
    assert_eq!(dropped_now, [true, false, true]);
    assert_eq!(windows.choose(), 3);
    // Below zero the solve steps down.
    let windows = Windows {
        min: -18,
        max: -2,
        asking: vec![Some(-3), None],
        stopped: false,
    };
    assert_eq!(windows.choose(), -3);
}

#[test]
fn finished_games_score_their_result() {
    // The first player has won with its 4th stone on ply 7.
    assert_eq!(solve("7x6", "1212121"), -18);
}

/// A budget of `MIDDLE_MIN_BUDGET` or more keeps a middle table for the
/// positions with more empty cells than the near-end table's and at most
/// `middle_empties`, beside the near-end and the main table, within the
/// budget; the scores are those of a small budget. Below it there is none.
#[test]
fn a_large_budget_keeps_a_middle_table_for_the_positions_between() {
    fn check<B: TableKey>(sized: &str) {
        let size: Size = sized.parse().unwrap();
        let empty = Connect4Of::<B>::new(size);
        let mut small = SolverOf::<B>::with_bytes(size, MIDDLE_MIN_BUDGET - 1);
        small.set_game(&empty);
        let search = small.searcher(&empty, 0, &SolveLimits::default());
        for empties in 0..=size.cells() as i32 {
            assert!(
                !std::ptr::eq(search.table(empties), &small.middle),
                "{sized}"
            );
        }

        let mut large = SolverOf::<B>::with_bytes(size, MIDDLE_MIN_BUDGET);
        assert_eq!(large.middle.bytes(), MIDDLE_TABLE_BYTES);
        assert!(large.hash_bytes() <= MIDDLE_MIN_BUDGET);
        large.set_game(&empty);
        let search = large.searcher(&empty, 0, &SolveLimits::default());
        for empties in 0..=size.cells() as i32 {
            let table = search.table(empties);
            let want = if empties <= near_empties(B::BITS) {
                &large.near
            } else if empties <= middle_empties(B::BITS) {
                &large.middle
            } else {
                &large.tt
            };
            assert!(std::ptr::eq(table, want), "{sized}: {empties} empty cells");
        }
        for (moves, score) in [("4455", 18), ("44455554221", -15)] {
            let position = Connect4Of::<B>::from_move_string(size, moves).unwrap();
            large.clear();
            assert_eq!(large.solve(&position, false), score, "{sized} {moves}");
        }
    }
    check::<u64>("7x6");
    check::<u128>("7x6");
}
