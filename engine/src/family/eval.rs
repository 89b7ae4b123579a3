//! The evaluation: every window of `k` cells in a line, counted bit-sliced.
//! Bitboards are `kinarow`'s layout (see `inarow_games::kinarow`): a cell's
//! bit is `file * (height + 1) + rank`, with a sentinel bit above each file.

use inarow_games::kinarow::{down, has_bit, runs, up, Rules, MAX_K};
use inarow_games::{Bitboard, Cell, Game, KInARowOf};

use super::claimeven::every_other_rank;

/// Boards of more cells than this are searched near their stones only.
pub(super) const FULL_WIDTH_CELLS: u32 = 81;

/// The cells of `b` and every cell within `distance` of one (in the eight
/// directions: a square around each stone), within `board`.
pub(super) fn near<B: Bitboard>(rules: Rules, b: B, distance: u32, board: B) -> B {
    let mut area = b;
    for _ in 0..distance {
        let mut grown = area;
        for s in rules.directions() {
            grown |= up(area, s) | down(area, s);
        }
        area = grown & board;
    }
    area
}

/// For each `n` below `k`, the windows of `k` cells holding `n` stones of
/// `own` and none of `other` (index 0 unused).
pub(super) fn open_windows<B: Bitboard>(rules: Rules, own: B, other: B, board: B) -> [u32; MAX_K] {
    let k = rules.k() as u32;
    let mut counts = [0u32; MAX_K];
    let planes_needed = (32 - k.leading_zeros()) as usize;
    for s in rules.directions() {
        let free = runs(board & !other, s, k);
        if free.is_empty() {
            continue;
        }
        // Bit-sliced sum over the window of the stones of `own`.
        let mut planes = [B::ZERO; 6];
        for j in 0..k {
            let mut carry = down(own, j * s) & free;
            for plane in planes.iter_mut().take(planes_needed) {
                if carry.is_empty() {
                    break;
                }
                let sum = *plane ^ carry;
                carry = *plane & carry;
                *plane = sum;
            }
        }
        for (n, count) in counts.iter_mut().enumerate().take(k as usize).skip(1) {
            let mut exact = free;
            for (bit, plane) in planes.iter().enumerate().take(planes_needed) {
                exact = if n >> bit & 1 == 1 {
                    exact & *plane
                } else {
                    exact & !*plane
                };
            }
            *count += exact.count_ones();
        }
    }
    counts
}

/// The value of an open window holding `n` of `k` stones: four times more
/// for each stone, most for one stone short (a threat).
pub(super) fn window_value(n: usize, k: usize) -> i32 {
    let short = k - n;
    match short {
        1 => 400,
        2 => 60,
        3 => 12,
        4 => 3,
        _ => 1,
    }
}

/// With gravity, the threats that wait (cells a line needs that cannot be
/// played yet) decide the endgame, as in Connect Four: one on its owner's
/// rows (odd rows from the bottom for the first player, even for the
/// second) is worth more, and two one above the other win unless blocked
/// below.
pub(super) fn gravity_threats<B: Bitboard>(position: &KInARowOf<B>) -> i32 {
    let rules = position.rules();
    let empty = position.empty();
    let mine = rules.winning_cells(position.current(), empty);
    let theirs = rules.winning_cells(position.opponent(), empty);
    if mine.is_empty() && theirs.is_empty() {
        return 0;
    }
    let odd_rows = every_other_rank::<B>(rules, 0);
    let even_rows = position.board() & !odd_rows;
    let (my_rows, their_rows) = if position.ply() % 2 == 0 {
        (odd_rows, even_rows)
    } else {
        (even_rows, odd_rows)
    };
    let score = |threats: B, rows: B| {
        40 * threats.count_ones() as i32
            + 50 * (threats & rows).count_ones() as i32
            + 60 * (threats & down(threats, 1)).count_ones() as i32
    };
    score(mine, my_rows) - score(theirs, their_rows)
}

/// A cell's worth as a move: the stones of each side along its four lines
/// that a line through it could still use, for attack and for defence.
pub(super) fn cell_value<B: Bitboard>(rules: Rules, own: B, other: B, board: B, cell: Cell) -> i32 {
    let k = rules.k() as i64;
    let bits = i64::from(rules.bits());
    let at = i64::from(cell.0);
    let mut value = 0;
    for s in rules.directions() {
        for (mine, theirs, weight) in [(own, other, 4), (other, own, 3)] {
            let (mut stones, mut span) = (0, 1);
            for sign in [1i64, -1] {
                for step in 1..k {
                    let i = at + sign * step * i64::from(s);
                    if !(0..bits).contains(&i) {
                        break;
                    }
                    let c = Cell(i as u16);
                    if !has_bit(board, c) || has_bit(theirs, c) {
                        break;
                    }
                    span += 1;
                    stones += i32::from(has_bit(mine, c));
                }
            }
            if span >= k {
                value += weight * (1 << (2 * stones.min(6)));
            }
        }
    }
    value
}
