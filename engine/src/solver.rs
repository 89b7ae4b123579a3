//! The exact Connect-Four solver: Pascal Pons's score of any position on any
//! board size.
//!
//! Scores (Pons's convention, from the side to move): a win scores 1 plus the
//! stones the winner has not yet played of its share of a full board; a loss
//! the negative of the opponent's win; a draw 0. With `n` stones on a board of
//! `c` cells, winning with the very next stone scores `(c + 1 - n) / 2`, and
//! every two plies later one less.
//!
//! The search is a null-window alpha-beta over that score range: the root
//! narrows the range by asking "is the score above `m`?" for a well-chosen `m`
//! until it is one value, as Pons, Tromp and Steininger do. Every node:
//! - never plays a move that lets the opponent win at once, and answers a
//!   single threat by blocking it without consulting the table;
//! - tightens the window by the best and worst scores still possible, and
//!   by two rules of Allis's on boards of an even height: claimeven (the
//!   second player takes the even rows by answering in the same column) and
//!   the odd threat (the first player answers in the same column to take a
//!   winning cell in an odd row, with one column of an odd number of empty
//!   cells, or with three);
//! - looks up both bounds and the best move in the transposition table;
//! - tries the table's move first, then moves by the threats they create.
//!
//! Deep in a window far from a draw, the window reaches a deadline: only a
//! win with the mover's next stone but one would answer it. There the look
//! one move ahead settles the node before the table, and its parent, which
//! need only stop that win, tries its moves centre first without ordering
//! them.
//!
//! With more than one thread, the threads search each window together over
//! one shared table (Lazy SMP); the first answer ends the window for all.
//! Positions near the end go to a second, smaller table, shared as well.
//! The threads part ways as in simplified ABDADA: near the root, a move
//! another thread is searching waits until the node's other moves are done,
//! so each thread takes a different subtree and later finds the others'
//! results in the table. A thread below a node another thread has settled
//! (its cutoff found, or every move refuted) unwinds to it at once rather
//! than search on. (Jittering the helpers' move order, as c4 does,
//! measured worse here: on the first 20 of Test_L1_R3, 570 M nodes and 1.08x
//! the speed of one thread, against 381 M and 1.65x.) A solve starts on one
//! thread, and only a window that runs long starts the others. Every stored entry
//! is a proven bound, so any thread's answer is the exact one: only nodes and
//! time depend on the thread count.

use inarow_games::connect4::{has_line, has_rows, line_completions, line_completions_many};
use inarow_games::{Bitboard, Column, Connect4Of, Game, KInARowOf, Rules, Size};

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use crate::analysis::{Bounds, ExactScorer};
use crate::book::Book;
use crate::limits::SolveLimits;
use crate::oracle::{Kept, Oracle, ProvenLines};
use crate::score::{score_from_pons, Score};
use crate::tt::{Bound, TableKey, TranspositionTableOf};

/// The board geometry the search needs, in registers.
#[derive(Clone, Copy, Debug)]
struct Board<B: Bitboard> {
    /// `height + 1`.
    stride: u32,
    /// The bottom cell of every column.
    bottom: B,
    /// Every cell.
    cells_mask: B,
    /// The number of cells.
    cells: i32,
    /// Columns, centre first.
    order: [B; MAX_COLUMNS],
    /// The column (counted from 0, left to right) of each entry of `order`.
    order_cols: [u8; MAX_COLUMNS],
    width: usize,
    /// The cells of the even rows counted from 1 (2, 4, 6) on boards of an
    /// even height, where the second player can claim them; else none.
    even_cells: B,
    /// For each even row counted from 1, lowest first: the cells of the rows
    /// up to it, and the most the first player scores when the second has a
    /// line of claimable cells there (see [`Board::claimeven_loss`]). Unused
    /// slots have no cells.
    even_rows: [(B, i32); 8],
    /// Half the height on boards of an even height (else 0): no bound that
    /// claimeven gives by one line of the second player's, or the odd
    /// threat by its threat, lies further from a draw. Claimeven by one line
    /// leaves the first player at least `-half_height` (a line in the two
    /// lowest rows), the odd threat the second player at least
    /// `-half_height` (half the cells above a threat in one column). Counting
    /// every line (see [`Board::lines_bound`]) can go further.
    /// So where the window lies beyond it, these rules seldom move it, and
    /// the search does not ask them: claimeven one ply ahead for a win of
    /// the second player's once alpha is above `half_height`, the odd
    /// threat one move ahead once alpha is `half_height` or more, and the
    /// odd threat with three columns at the node below `-half_height`,
    /// where it cannot. (Claimeven's look only while alpha is below
    /// `half_height`, as for one line, and with no limit, measured once
    /// every line counted: on the first 200 of Test_L1_R2, 2.7% more nodes
    /// and 0.7% fewer than up to `half_height`, in 1.02x and 1.03x the time
    /// by each position's fastest of 3 rounds. The odd threat one move
    /// ahead with no limit: 0.15% fewer nodes there. These measured before
    /// every line counted: the same nodes, to the
    /// node; 4.0% fewer instructions on the first 20 of Test_L1_R2, 0.6% on
    /// L2_R2's first 300 and 1.3% on L1_R3's first 3, counted by callgrind
    /// on an AVX2 build; time 0.97x-0.99x on L1_R2's first 200 by each
    /// position's fastest over five runs of 4 to 8 rounds alternating, and
    /// within noise on L2_R2 (1.02x, 6 rounds) and L1_R3's first 20 (1.03x
    /// by each position's fastest, 0.99x by its median, 3 rounds).
    /// The whole odd threat at the node, with one column too, skipped where
    /// beta is at most `-half_height`: 1.4% more instructions than with no
    /// test at the node, the compiler laying the search out otherwise.)
    half_height: i32,
    /// For mirroring: the left column of each pair of columns that trade
    /// places, and how far apart they are (unused pairs have no cells).
    mirror_pairs: [(B, u32); MAX_COLUMNS / 2],
    /// The middle column of an odd width, which stays in place.
    mirror_middle: B,
    /// The top cell of every column.
    top: B,
    /// For each bit of a key, the bit its mirror image puts it on.
    mirror_bits: [u8; inarow_games::connect4::MAX_BITS],
    /// For each bit of a key, the bit of its column's bottom cell.
    column_bottom: [u8; inarow_games::connect4::MAX_BITS],
}

impl<B: Bitboard> Board<B> {
    /// Claimeven with the first player to move, the second player's stones
    /// `second`, the occupied cells `mask` and the cells playable now
    /// `possible`: the second player claims the even-row cells not playable
    /// now, `evens` with its stones, and the first player gets at most the
    /// rest. The most the first player scores then:
    ///
    /// - 0 if it has no line outside `evens`, where the second has none;
    /// - if the second has a line in `evens`, and the first has none outside
    ///   them or each of its lines lies above one of the second's (see
    ///   [`LineRule::lines_above`]), the second completes a line first: by
    ///   [`Board::claimeven_loss`] by its lowest line, and where that is
    ///   above `enough` (a bound the caller has no use for), by
    ///   [`Board::lines_bound`] counting every line, if it says more;
    /// - else `None`.
    #[inline]
    fn claimeven<L: LineRule<B>>(
        &self,
        lines: L,
        second: B,
        mask: B,
        possible: B,
        enough: i32,
    ) -> Option<i32> {
        let evens = self.claimeven_cells(second, mask, possible);
        let first = self.cells_mask & !evens;
        let first_has_line = lines.has_line(first, self.stride);
        if !lines.has_line(evens, self.stride) {
            return (!first_has_line).then_some(0);
        }
        if first_has_line
            && !lines.lines_above(first, evens, mask, self.stride, &self.column_bottom)
        {
            return None;
        }
        let loss = self.claimeven_loss(lines, evens);
        if loss <= enough {
            return Some(loss);
        }
        Some(
            self.lines_bound(lines, evens, mask)
                .map_or(loss, |lines_loss| lines_loss.min(loss)),
        )
    }

    /// The most the opponent scores against a player who takes the cells
    /// `claims` (its stones and empty cells) by answering every move of the
    /// opponent's in the same column, when it has a line there and the
    /// opponent cannot win first: claimeven's second player (see
    /// [`Board::claimeven`]) and the odd threat's first (see
    /// [`Board::odd_threat_bound`]). Each empty cell of `claims` lies right
    /// above one the opponent fills, its column's lowest empty cell or
    /// above it. `mask` holds the occupied cells. Every line in `claims`
    /// counts, not only the one completed; `None` where the rule of lines
    /// does not list them or there are more than `MAX_CLAIMED_LINES`.
    ///
    /// The player wins as soon as it completes any line. The opponent, to
    /// put that off, must keep a cell of each line empty, and a claimed cell
    /// is empty only while the cell below it is (its stone there is
    /// answered at once), and every cell above it. So when a line is
    /// completed with the cell `e`, the cells above `e` are empty, and so is
    /// a cell of every other line that does not hold `e`, with the one below
    /// it and those above: in `e`'s column, a cell above `e`, which costs
    /// nothing more; elsewhere the line's highest empty cell at the least.
    /// (A line whose empty cells all lie below `e` would be complete before
    /// it: no such `e` is last.) The empty cells left then are at least
    /// those above `e` and the most that any other line alone needs; the
    /// opponent chooses `e`, the fewest. With a single line, that is the
    /// cells above its highest empty cell, as [`Board::claimeven_loss`]
    /// counts by rows.
    ///
    /// (Every other line counted together, each cell one more line can
    /// share, as a search over the cells: 0.8% fewer nodes on the first 200
    /// of Test_L1_R2, 0.4% on L2_R2, 0.2% on L1_R3's first 20.)
    fn lines_bound<L: LineRule<B>>(&self, lines: L, claims: B, mask: B) -> Option<i32> {
        let mut found = [B::ZERO; MAX_CLAIMED_LINES];
        let count = lines.lines_within(claims, self.stride, &mut found)?;
        let found = &mut found[..count];
        for line in found.iter_mut() {
            *line &= !mask;
        }
        let height = self.stride as i32 - 1;
        let bit_row = |bit: u32| bit as i32 - i32::from(self.column_bottom[bit as usize]);
        let column_of =
            |bit: u32| B::low_bits(self.stride - 1) << u32::from(self.column_bottom[bit as usize]);
        let mut fewest = i32::MAX;
        for (i, &line) in found.iter().enumerate() {
            let mut cells = line;
            while !cells.is_empty() {
                let e = cells.trailing_zeros();
                cells ^= B::bit(e);
                let column = column_of(e);
                let above = column & !B::low_bits(e + 1);
                let above_e = height - 1 - bit_row(e);
                let mut empties = above_e;
                for (j, &other) in found.iter().enumerate() {
                    if j == i || !(other & B::bit(e)).is_empty() || !(other & above).is_empty() {
                        continue;
                    }
                    let elsewhere = other & !column;
                    if elsewhere.is_empty() {
                        empties = i32::MAX;
                        break;
                    }
                    // The highest of its cells outside `e`'s column: the
                    // one below it and those above stay empty.
                    let mut rest = elsewhere;
                    let mut highest = 0;
                    while !rest.is_empty() {
                        let h = rest.trailing_zeros();
                        rest ^= B::bit(h);
                        highest = highest.max(bit_row(h));
                    }
                    empties = empties.max(above_e + height + 1 - highest);
                }
                fewest = fewest.min(empties);
            }
        }
        // The winning stone leaves `fewest` cells empty.
        (fewest != i32::MAX).then(|| -(fewest + 2) / 2)
    }

    /// What claimeven gives the second player (see [`Board::claimeven`]): its
    /// stones `second` and the even-row cells neither occupied (`mask`) nor
    /// playable now (`possible`).
    #[inline]
    fn claimeven_cells(&self, second: B, mask: B, possible: B) -> B {
        second | (self.even_cells & !mask & !possible)
    }

    /// The most the first player (to move) scores when the second player has
    /// a line in `evens`, its claimable cells, and the first player none
    /// outside them: the second player completes that line at the latest
    /// when every other cell is full except those above the line's last
    /// empty cell, which cannot be filled before it. So a line in the rows
    /// up to row `r` (counted from 0) wins by then, with the cells above row
    /// `r` still empty: at worst `-(height + 1 - r) / 2` for the first
    /// player, where a line anywhere gives -1 (as c4 bounds it by rows).
    #[inline]
    fn claimeven_loss<L: LineRule<B>>(&self, lines: L, evens: B) -> i32 {
        for &(rows, bound) in self
            .even_rows
            .iter()
            .take_while(|(rows, _)| !rows.is_empty())
        {
            if lines.has_line(evens & rows, self.stride) {
                return bound;
            }
        }
        -1
    }

    /// The odd threat (after Allis): with the second player to move
    /// (`current`) on a board of an even height, where exactly one column
    /// has an odd number of empty cells and the first player's
    /// `first_lines` hold a cell in an odd row of it (counted from 1), the
    /// first player answers every move in the same column. It takes the
    /// even rows of the other columns and the odd rows of that one, so it
    /// gets the threat's cell: the second player can never empty the column
    /// past it, and runs out of other moves first. If the second player has
    /// no line in the cells it can get (its stones, the odd rows of the
    /// other columns, the even rows below the threat), the first player wins
    /// with the threat's cell at the latest, the cells above it still empty.
    /// Returns the most the second player scores then, and the threat's
    /// cell; else `None`. Where that bound is above `enough` (the caller
    /// has no use for it), the first player's other lines in the cells it
    /// takes below the threat's count too (see [`Board::lines_bound`]):
    /// 1.4% fewer nodes on the first 200 of Test_L1_R2, 1.3% on L2_R2 and
    /// 0.6% on L1_R3's first 20, in 0.99x, 1.0x and 1.01x the time by each
    /// position's fastest of 4, 5 and 3 rounds.
    ///
    /// (As claimeven does, the rule could also hold when each line of the
    /// second player's lies above one of the first player's: 1.6%
    /// fewer nodes on the first 20 of Test_L1_R3, 0.6% on the first 200 of
    /// L1_R2, in 1.01x-1.02x the time. Left out. Its bound held against the
    /// window before the line test, as [`Board::odd_threats_bound`] does:
    /// the same time on L2_R2 and L1_R2's first 200, 8 and 5 rounds.)
    #[inline]
    fn odd_threat_bound<L: LineRule<B>>(
        &self,
        lines: L,
        current: B,
        empty: B,
        possible: B,
        first_lines: B,
        enough: i32,
    ) -> Option<(i32, B)> {
        let odd_playable = possible & self.even_cells;
        if odd_playable.is_empty() || !odd_playable.without_lowest().is_empty() {
            return None;
        }
        let (column, threat) = self.odd_column(odd_playable, first_lines);
        if threat.is_empty() {
            return None;
        }
        let below = below_threat(column, threat);
        let claims = current | (empty & !column & !self.even_cells) | (below & self.even_cells);
        if lines.has_line(claims & self.cells_mask, self.stride) {
            return None;
        }
        let bound = threat_bound(column, threat);
        if bound > enough {
            let above = column & !below & !threat;
            let mask = self.cells_mask & !empty;
            let first_claims = (mask & !current) | (empty & !claims & !above);
            if let Some(lines_bound) = self.lines_bound(lines, first_claims, mask) {
                return Some((bound.min(lines_bound), threat));
            }
        }
        Some((bound, threat))
    }

    /// The empty cells of the column whose lowest empty cell is `playable`,
    /// and the lowest of them in an odd row (counted from 1) that completes
    /// one of the first player's lines, `first_lines` (none if none).
    #[inline]
    fn odd_column(&self, playable: B, first_lines: B) -> (B, B) {
        let top = (self.top & playable.wrapping_neg()).lowest();
        let column = (top << 1) - playable;
        (column, (first_lines & column & !self.even_cells).lowest())
    }

    /// The odd threat with three columns of an odd number of empty cells
    /// (see [`Board::odd_threat_bound`]), the second player (`current`) to
    /// move. The first player answers every move in the same column until
    /// the second fills the last cell of one of the three (never past a
    /// threat of the first's: the first would take it). Then the first
    /// plays once in a second of them, which leaves the third the only
    /// column of an odd number of empty cells, and takes the threat in it as
    /// with one. So for each column the second could fill without a threat
    /// there, the first needs another column to play once in and a threat
    /// in the third, where the second has no line in the cells it can get:
    /// its stones, the odd rows (counted from 1) of the even columns, the
    /// even rows of the column it filled, every cell of the one the first
    /// played once in but its top (whichever of them the first takes, the
    /// top goes to the first), and the even rows below the threat. If it has
    /// none, the first player wins with a threat at the latest, the cells
    /// above it still empty. Without a column free of threats, the second
    /// fills none, and it gets the even rows below each threat.
    ///
    /// Returns the most the second player scores then, and the first's
    /// threats in the three columns; `None` where the rule does not hold or
    /// bounds the score above `at_most` (the window's alpha: no use to the
    /// search), which spares the line tests.
    ///
    /// (At the node: 9% fewer nodes on Test_L2_R2, 6% on the first 200 of
    /// L1_R2, 11% on the first 20 of L1_R3; time 0.94x on L2_R2 (8 rounds
    /// alternating) and 0.95x-1.0x on L1_R2's first 200 (3 and 5 rounds).
    /// Looked for one move ahead too, as the odd threat is: at every node,
    /// another 4.2%, 2.9% and 6% fewer nodes in 1.08x and 1.11x the time on
    /// L2_R2 and L1_R2; from 10, 14 or 18 empty cells up, 1.00x-1.04x the
    /// time, 8 and 4 rounds, with every threat's line tests; looked at one
    /// move ahead only where its bound reaches beta, as at the node, it
    /// pays, and the search does so (see `Search::negamax`).
    /// With five columns too, the rule applied twice over (the second fills
    /// one, the first plays once in another, three are left): 2.3% fewer
    /// nodes on L2_R2, 1.5% on L1_R2, 2.3% on L1_R3, and no faster. The
    /// column played once in given to the second only as it can get it,
    /// whichever cell the first takes (any one cell but the top, so no
    /// vertical line through two of them): 0.1% fewer nodes, for two more
    /// line tests. The count of columns tested inline at each call, the
    /// rest out of line: 0.7% fewer instructions on L1_R2's first 40
    /// (callgrind), and 1.03x the time on L2_R2 and 0.97x on L1_R2's first
    /// 200, 9 and 5 rounds in turn: within noise.)
    #[inline]
    fn odd_threats_bound<L: LineRule<B>>(
        &self,
        lines: L,
        current: B,
        empty: B,
        possible: B,
        first_lines: B,
        at_most: i32,
    ) -> Option<(i32, B)> {
        let odd_playable = possible & self.even_cells;
        if odd_playable.count_ones() != 3 {
            return None;
        }
        let mut columns = [B::ZERO; 3];
        let mut threats = [B::ZERO; 3];
        let mut rest = odd_playable;
        for (column, threat) in columns.iter_mut().zip(&mut threats) {
            let playable = rest.lowest();
            rest ^= playable;
            (*column, *threat) = self.odd_column(playable, first_lines);
        }
        let all_threats = threats[0] | threats[1] | threats[2];
        if all_threats.is_empty() {
            return None;
        }
        let below = |k: usize| below_threat(columns[k], threats[k]);
        let bound_at = |k: usize| threat_bound(columns[k], threats[k]);
        let threatened = |k: usize| !threats[k].is_empty();
        if (0..3).any(|k| threatened(k) && bound_at(k) > at_most) {
            return None;
        }
        let odd_columns = columns[0] | columns[1] | columns[2];
        let claims = current
            | (empty & !odd_columns & !self.even_cells)
            | ((below(0) | below(1) | below(2)) & self.even_cells);
        if lines.has_line(claims & self.cells_mask, self.stride) {
            return None;
        }
        let mut worst = i32::MIN;
        for filled in 0..3 {
            if threatened(filled) {
                worst = worst.max(bound_at(filled));
                continue;
            }
            let (a, b) = ((filled + 1) % 3, (filled + 2) % 3);
            let best = [(a, b), (b, a)]
                .into_iter()
                .filter(|&(once, k)| {
                    threatened(k)
                        && !lines.has_line(
                            (claims | (columns[once] & !self.top)) & self.cells_mask,
                            self.stride,
                        )
                })
                .map(|(_, k)| bound_at(k))
                .min()?;
            worst = worst.max(best);
        }
        Some((worst, all_threats))
    }

    /// The mirror image of the single cell `cell`: [`Board::mirror`] for the
    /// price of a look-up.
    #[inline]
    fn mirror_cell(&self, cell: B) -> B {
        B::bit(u32::from(self.mirror_bits[cell.trailing_zeros() as usize]))
    }

    /// The score of winning with the very next stone when `ply` stones are down.
    #[inline]
    fn win_next(&self, ply: i32) -> i32 {
        crate::score::win_next(self.cells as u32, ply as u32)
    }

    /// The bitboard with its columns in reverse order: each pair of columns
    /// trades places at once (as `Size::mirror`, without a loop over columns:
    /// the solver mirrors every key when the root is symmetric).
    #[inline]
    fn mirror(&self, bits: B) -> B {
        let mut mirrored = bits & self.mirror_middle;
        for &(left, shift) in &self.mirror_pairs {
            mirrored |= (bits & left) << shift | (bits >> shift) & left;
        }
        mirrored
    }
}

/// The cells of `column` below `threat`; all of them without a threat.
#[inline]
fn below_threat<B: Bitboard>(column: B, threat: B) -> B {
    column & threat.wrapping_sub(B::bit(0))
}

/// The odd threat's bound: the most the second player scores when the
/// first wins with its stone on `threat` at the latest, the other cells of
/// `column` above it still empty.
#[inline]
fn threat_bound<B: Bitboard>(column: B, threat: B) -> i32 {
    let above = column.count_ones() - below_threat(column, threat).count_ones() - 1;
    -(above as i32 + 1) / 2
}

impl<B: Bitboard> Board<B> {
    fn new(size: Size) -> Self {
        let width = size.width() as usize;
        // Centre first: a stone there joins the most lines.
        let mut columns: Vec<u32> = (0..size.width()).collect();
        columns.sort_by_key(|&col| (2 * col as i32 - (width as i32 - 1)).abs());
        let mut order = [B::ZERO; MAX_COLUMNS];
        let mut order_cols = [0u8; MAX_COLUMNS];
        for ((slot, index), &col) in order.iter_mut().zip(&mut order_cols).zip(&columns) {
            *slot = size.column_mask(col);
            *index = col as u8;
        }
        // Keys use a column's bit above its top cell too.
        let h1 = size.height() + 1;
        // A column with its sentinel may fill the whole integer (1x63).
        let key_column = |col: u32| B::low_bits(h1) << (col * h1);
        let mut mirror_pairs = [(B::ZERO, 0); MAX_COLUMNS / 2];
        for (col, pair) in (0..size.width() / 2).zip(&mut mirror_pairs) {
            *pair = (key_column(col), (size.width() - 1 - 2 * col) * h1);
        }
        let mirror_middle = if size.width() % 2 == 1 {
            key_column(size.width() / 2)
        } else {
            B::ZERO
        };
        let mut even_rows = [(B::ZERO, 0); 8];
        if size.height() % 2 == 0 {
            let h = size.height() as i32;
            for (slot, row) in even_rows.iter_mut().zip((1..h - 1).step_by(2)) {
                let rows = (0..=row).fold(B::ZERO, |cells, r| {
                    cells | size.bottom_mask::<B>() << r as u32
                });
                *slot = (rows, -(h + 1 - row) / 2);
            }
        }
        let mut mirror_bits = [0u8; inarow_games::connect4::MAX_BITS];
        let mut column_bottom = [0u8; inarow_games::connect4::MAX_BITS];
        for col in 0..size.width() {
            for row in 0..h1 {
                let bit = (col * h1 + row) as usize;
                mirror_bits[bit] = ((size.width() - 1 - col) * h1 + row) as u8;
                column_bottom[bit] = (col * h1) as u8;
            }
        }
        Board {
            mirror_bits,
            column_bottom,
            even_rows,
            half_height: if size.height() % 2 == 0 {
                size.height() as i32 / 2
            } else {
                0
            },
            mirror_pairs,
            mirror_middle,
            stride: size.height() + 1,
            bottom: size.bottom_mask(),
            top: size.bottom_mask::<B>() << (size.height() - 1),
            cells_mask: size.board_mask(),
            cells: size.cells() as i32,
            order,
            order_cols,
            width,
            even_cells: if size.height() % 2 == 0 {
                (1..size.height())
                    .step_by(2)
                    .fold(B::ZERO, |cells, row| cells | size.bottom_mask::<B>() << row)
            } else {
                B::ZERO
            },
        }
    }
}

/// Which lines win, as the solver asks it: whether stones hold one, and
/// the cells (occupied or not) that would complete one. Connect Four's four
/// in a row is written out for speed; a member's [`Rules`] answer for any
/// `k`.
pub trait LineRule<B: Bitboard>: Copy + PartialEq + Send + Sync {
    /// Whether `stones` hold a winning line; `stride` is `height + 1`.
    fn has_line(self, stones: B, stride: u32) -> bool;

    /// The cells that would complete a line of `stones` (mask them with the
    /// empty cells).
    fn completions(self, stones: B, stride: u32) -> B;

    /// [`LineRule::completions`] of each of `N` stone sets.
    #[inline(always)]
    fn completions_many<const N: usize>(self, stones: [B; N], stride: u32) -> [B; N] {
        stones.map(|s| self.completions(s, stride))
    }

    /// Whether every line in `upper` lies above a line in `lower`: for each
    /// line of `upper`, `lower` holds a line within the `filled` cells and
    /// those below that line's cells in their columns, which must all be
    /// filled before the line is. `column_bottom` gives the bit of the
    /// bottom cell of each bit's column. `false` where the rule does not
    /// say (the default).
    #[inline]
    fn lines_above(
        self,
        _upper: B,
        _lower: B,
        _filled: B,
        _stride: u32,
        _column_bottom: &[u8],
    ) -> bool {
        false
    }

    /// Every line within `stones`, each as its cells, written to the start
    /// of `lines`: how many, or `None` where there are more than `lines`
    /// holds or the rule does not list them (the default).
    #[inline]
    fn lines_within(self, _stones: B, _stride: u32, _lines: &mut [B]) -> Option<usize> {
        None
    }
}

/// Four in a row: Connect Four's rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FourInARow;

impl<B: Bitboard> LineRule<B> for FourInARow {
    #[inline]
    fn has_line(self, stones: B, stride: u32) -> bool {
        has_line(stones, stride)
    }

    #[inline]
    fn completions(self, stones: B, stride: u32) -> B {
        line_completions(stones, stride)
    }

    #[inline(always)]
    fn completions_many<const N: usize>(self, stones: [B; N], stride: u32) -> [B; N] {
        line_completions_many(stones, stride)
    }

    /// Lines of four take one cell in each of four columns side by side,
    /// except a vertical one, which never lies above another: the cells
    /// below its top are its own.
    #[inline]
    fn lines_above(self, upper: B, lower: B, filled: B, stride: u32, column_bottom: &[u8]) -> bool {
        let up = upper & (upper >> 1);
        if !(up & (up >> 2)).is_empty() {
            return false;
        }
        // A board too tall for four columns in the bits has no other lines,
        // and shifts by three strides would overflow.
        if !has_rows::<B>(stride) {
            return true;
        }
        for shift in [stride, stride - 1, stride + 1] {
            let pairs = upper & (upper >> shift);
            // The first cell of each line of `upper` in this direction.
            let mut starts = pairs & (pairs >> (2 * shift));
            while !starts.is_empty() {
                let start = starts.lowest();
                starts ^= start;
                let line = start | start << shift | start << (2 * shift) | start << (3 * shift);
                let bottom = B::bit(u32::from(column_bottom[start.trailing_zeros() as usize]));
                let bottoms =
                    bottom | bottom << stride | bottom << (2 * stride) | bottom << (3 * stride);
                // Each cell less its column's bottom: the cells below it.
                let below = line - bottoms;
                if !has_line(lower & (filled | below), stride) {
                    return false;
                }
            }
        }
        true
    }

    #[inline]
    fn lines_within(self, stones: B, stride: u32, lines: &mut [B]) -> Option<usize> {
        // Only vertical lines where four columns overflow the bits (see
        // `lines_above`).
        let shifts = [1, stride, stride - 1, stride + 1];
        let directions = if has_rows::<B>(stride) { 4 } else { 1 };
        let mut count = 0;
        for shift in shifts.into_iter().take(directions) {
            let pairs = stones & (stones >> shift);
            let mut starts = pairs & (pairs >> (2 * shift));
            while !starts.is_empty() {
                let start = starts.lowest();
                starts ^= start;
                *lines.get_mut(count)? =
                    start | start << shift | start << (2 * shift) | start << (3 * shift);
                count += 1;
            }
        }
        Some(count)
    }
}

/// `k` or more in a row, for the family's members with gravity (the rules'
/// own stride is the board's).
impl<B: Bitboard> LineRule<B> for Rules {
    #[inline]
    fn has_line(self, stones: B, _stride: u32) -> bool {
        Rules::has_line(self, stones)
    }

    #[inline]
    fn completions(self, stones: B, _stride: u32) -> B {
        self.winning_cells(stones, !B::ZERO)
    }
}

/// A position the solver searches: stones that fall, laid out as Pons lays
/// them (`current` and `mask` on a board of a Connect-Four [`Size`]), and a
/// rule of which lines win. Connect Four's own positions, and the family's
/// members with gravity and "k or more" (see
/// [`crate::FamilyScorer`]).
pub trait Dropped<B: TableKey>: Game + Copy + Send + Sync {
    /// The rule of lines.
    type Lines: LineRule<B>;

    /// The rule of lines of this position's game.
    fn lines(&self) -> Self::Lines;

    /// The board.
    fn size(&self) -> Size;

    /// The stones of the side to move.
    fn current(&self) -> B;

    /// All stones.
    fn mask(&self) -> B;

    /// Whether the side to move can make a line with its next stone.
    fn can_win_next(&self) -> bool;

    /// The column of a move.
    fn column_of(&self, mv: Self::Move) -> Column;

    /// The move into column `col`, if it is legal.
    fn move_in(&self, col: Column) -> Option<Self::Move>;

    /// Whether `book` scores this position's children (it holds them).
    fn book_scores_moves(&self, _book: &Book) -> bool {
        false
    }

    /// `book`'s score of this position, if it holds it.
    fn book_score(&self, _book: &Book) -> Option<i32> {
        None
    }

    /// `book`'s best move of this position, if it holds one.
    fn book_move(&self, _book: &Book) -> Option<Self::Move> {
        None
    }
}

impl<B: TableKey> Dropped<B> for Connect4Of<B> {
    type Lines = FourInARow;

    #[inline]
    fn lines(&self) -> FourInARow {
        FourInARow
    }

    #[inline]
    fn size(&self) -> Size {
        Connect4Of::size(self)
    }

    #[inline]
    fn current(&self) -> B {
        Connect4Of::current(self)
    }

    #[inline]
    fn mask(&self) -> B {
        Connect4Of::mask(self)
    }

    #[inline]
    fn can_win_next(&self) -> bool {
        Connect4Of::can_win_next(self)
    }

    #[inline]
    fn column_of(&self, mv: Column) -> Column {
        mv
    }

    #[inline]
    fn move_in(&self, col: Column) -> Option<Column> {
        self.is_legal(col).then_some(col)
    }

    fn book_scores_moves(&self, book: &Book) -> bool {
        book.covers(self) && self.ply() < book.plies()
    }

    fn book_score(&self, book: &Book) -> Option<i32> {
        book.probe(self)
    }

    fn book_move(&self, book: &Book) -> Option<Column> {
        book.best_move(self)
    }
}

/// The family's members with gravity and "k or more" on a Connect-Four
/// board (see [`crate::FamilyScorer::solver_takes`]): the same
/// layout, any `k`.
///
/// # Panics
/// A solve of another member's position panics: [`crate::FamilyScorer`]
/// gives those to the family's own solver.
impl<B: TableKey> Dropped<B> for KInARowOf<B> {
    type Lines = Rules;

    #[inline]
    fn lines(&self) -> Rules {
        self.rules()
    }

    fn size(&self) -> Size {
        let rules = self.rules();
        assert!(
            crate::FamilyScorer::solver_takes(rules),
            "the Connect-Four solver does not take {rules:?}"
        );
        Size::new(rules.width(), rules.height()).expect("a Connect-Four board")
    }

    #[inline]
    fn current(&self) -> B {
        KInARowOf::current(self)
    }

    #[inline]
    fn mask(&self) -> B {
        self.board() & !self.empty()
    }

    #[inline]
    fn can_win_next(&self) -> bool {
        KInARowOf::can_win_next(self)
    }

    #[inline]
    fn column_of(&self, mv: Self::Move) -> Column {
        Column(self.rules().square(mv).file)
    }

    fn move_in(&self, col: Column) -> Option<Self::Move> {
        self.legal_moves()
            .into_iter()
            .find(|&mv| self.column_of(mv) == col)
    }
}

/// A rule of Connect-Four strategy (Allis's names) that bounds a position's
/// score without search, on boards of an even height. The solver applies
/// both at every node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Claimeven: with the first player to move, the second answers every
    /// move in the same column and so takes the even rows (counted from 1)
    /// of every column above the cells playable now. The first player
    /// cannot win if it has no line in the other cells, nor if each of its
    /// lines there lies above one of the second's, which fills first. The
    /// bound counts every line the second has in its cells: the first must
    /// keep a cell of each empty.
    Claimeven,
    /// The odd threat: with the second player to move and exactly one
    /// column of an odd number of empty cells, the first player answers
    /// every move in the same column and so takes the cell `(file, rank)`
    /// (from 0) of that column, in an odd row counted from 1, where it
    /// completes a line. The bound counts the first's other lines in the
    /// cells it takes too.
    OddThreat {
        /// The threat's column, from 0.
        file: u8,
        /// The threat's row, from 0 at the bottom.
        rank: u8,
    },
    /// The odd threat with three columns of an odd number of empty cells:
    /// the first player answers every move in the same column until the
    /// second fills one of the three, then plays once in another and takes
    /// its threat in the last. `cells` are the first player's threats
    /// `(file, rank)` (from 0) in the three columns, in the columns that
    /// have one, left to right.
    OddThreats {
        /// The threats' cells, `(file, rank)` from 0; the unused slots are `None`.
        cells: [Option<(u8, u8)>; 3],
    },
}

/// What a [`Rule`] proves about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleBound {
    /// The rule.
    pub rule: Rule,
    /// The most the side to move scores (Pons's score).
    pub at_most: i32,
}

/// The exact Connect-Four solver for boards of at most 64 bits.
pub type Solver = SolverOf<u64>;

/// The exact Connect-Four solver for positions in bitboards `B`: [`Solver`]
/// on boards of at most 64 bits, `SolverOf<u128>` on those up to 128. It
/// keeps its transposition table between calls until [`SolverOf::clear`];
/// the node count adds up likewise.
pub struct SolverOf<B: TableKey, P: Dropped<B> = Connect4Of<B>> {
    /// Positions with more than `NEAR_EMPTIES` empty cells.
    tt: TranspositionTableOf<B>,
    /// Positions near the end: many, cheap to redo, and looked up most often.
    /// Shared by the threads, and as large as one table per thread would be.
    near: TranspositionTableOf<B>,
    /// The size of the near-end table on one thread.
    near_bytes: usize,
    /// The most the near-end table may take of the budget.
    near_budget: usize,
    board: Board<B>,
    size: Size,
    /// The rule of lines of the positions in the tables, once there are any.
    lines: Option<P::Lines>,
    nodes: u64,
    /// Null-window searches started since the last clear, whether or not
    /// they counted a node.
    searches: u64,
    /// Search threads, at least 1.
    threads: usize,
    /// An opening book consulted before any search.
    book: Option<Arc<Book>>,
    /// Whether the last [`Solver::best_move_within`] or
    /// [`Solver::analyze_within`] found its answer in the book alone.
    answered_by_book: bool,
}

/// The state of one solve.
struct Search<'a, B: TableKey, L: LineRule<B>> {
    tt: &'a TranspositionTableOf<B>,
    near: &'a TranspositionTableOf<B>,
    board: Board<B>,
    lines: L,
    nodes: u64,
    /// With threads: set when the window is no longer worth asking (another
    /// thread's answer settled it) or a limit was reached.
    done: Option<&'a AtomicBool>,
    /// With threads: the positions some thread is searching.
    busy: Option<&'a Busy>,
    /// Whether the position being solved is its own mirror image.
    symmetric: bool,
    /// Whether this iteration asks about a quick win or loss: then moves that
    /// force a reply are tried first.
    forcing: bool,
    limits: SolveLimits<'a>,
    /// The node count at which to look at the limits next.
    next_check: u64,
    /// Whether a limit was reached, or the search unwinds to `unwind_to`:
    /// every value since is meaningless.
    aborted: bool,
    /// The ply of the position being solved.
    root_ply: i32,
    /// With threads: by ply, the key and window of each node on the path
    /// from the root being searched that has `BUSY_MIN_EMPTIES` empty cells
    /// or more (key 0 for a node with a single move, which stores nothing).
    path: [(B, i32, i32); MAX_PLIES],
    /// With threads: the ply to unwind the search to, once another thread
    /// has settled the node there.
    unwind_to: Option<i32>,
}

/// The most columns a board has.
const MAX_COLUMNS: usize = inarow_games::connect4::MAX_WIDTH;

/// The most lines [`Board::lines_bound`] counts; with more, claimeven and
/// the odd threat bound by one line or threat alone.
const MAX_CLAIMED_LINES: usize = 16;

/// The most stones a board holds: a ply of the search is below it.
const MAX_PLIES: usize = inarow_games::connect4::MAX_BITS;

/// Limits are looked at every this many nodes.
const CHECK_EVERY: u64 = 4096;

/// With threads, whether the window is still worth asking is looked at every
/// this many nodes. (Every 1,024: 0.99x the time on the first 20 of
/// Test_L1_R3 on 2 threads, means of 4 rounds alternating, within noise.)
const CHECK_DONE_EVERY: u64 = 256;

/// With threads, each window of a solve is first searched by one thread for
/// this many nodes (about 2 ms); the first that takes longer hands the rest
/// of the solve to the threads. The other threads wait meanwhile. (65,536
/// nodes, about 8 ms, as before: on 2 threads, 1.03x the time on the first
/// 20 of Test_L1_R3, slower in each of 4 rounds alternating, 1.05x-1.10x on
/// L2_R2 and 1.07x-1.10x on the first 200 of L1_R2; Test_L3_R1 the same.
/// 4,096: as 16,384 on L1_R3, within noise.)
const SOLO_NODES: u64 = 1 << 14;

/// With threads, nodes with this many empty cells or more defer moves
/// another thread is searching. Lower down, the subtrees are too small for
/// deferring to pay (2 threads, first 5 of Test_L1_R3, medians of 8
/// alternating rounds: 2.37 s at 20, 2.63 s at 16, 2.50 s at 22 and 24;
/// first 20: 7.49 s against 7.93 s. With one shared near-end table, first
/// 20, three rounds: 282 ms at 20, 289 ms at 17, 306 ms at 14. Marks
/// from 16 or 18 empty cells, deferring there only below a move this
/// thread entered while another was in it, where the two would otherwise
/// search one subtree side by side: 1-3.5% fewer nodes on the first 20,
/// half on one position, and no faster over two rounds.)
const BUSY_MIN_EMPTIES: i32 = 20;

/// The positions the threads are searching, by a hash of their key: a slot
/// holds the key of the last position entered there. Races only lose or
/// keep a mark a little too long: a deferred move is still searched.
struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Busy {
    const BITS: u32 = 14;

    fn new() -> Self {
        Busy {
            slots: (0..1 << Self::BITS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// A key folded to 64 bits (the key itself on boards of 64 bits).
    #[inline]
    fn fold<B: Bitboard>(key: B) -> u64 {
        let key = key.to_u128();
        (key as u64) ^ (key >> 64) as u64
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU64 {
        let index = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - Self::BITS);
        &self.slots[index as usize]
    }

    #[inline]
    fn is_busy<B: Bitboard>(&self, key: B) -> bool {
        let key = Self::fold(key);
        self.slot(key).load(Ordering::Relaxed) == key
    }

    #[inline]
    fn enter<B: Bitboard>(&self, key: B) {
        let key = Self::fold(key);
        self.slot(key).store(key, Ordering::Relaxed);
    }

    #[inline]
    fn leave<B: Bitboard>(&self, key: B) {
        let key = Self::fold(key);
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// With this many empty cells or fewer, check whether a side can still make
/// any line at all (a cheap test that pays off near the end). (From 15: the
/// same nodes and time on the first 20 of Test_L1_R3 and the first 200 of
/// L1_R2.)
///
/// (A finer bound by the same reasoning was counted and left out: the
/// earliest stone with which each side could complete each of its windows,
/// given the cells it must still fill and those below them, bounds the score
/// both ways. On the first 8 of Test_L1_R3, of the 23.6 M nodes the look one
/// move ahead leaves open, it would settle 227,996 on sight, whose subtrees
/// hold 0.67% of the 37.2 M nodes: less than it would cost, at a look at
/// every window.)
const DRAW_CHECK_EMPTIES: i32 = 12;

/// With this many empty cells or more, claimeven one ply ahead also looks
/// when the node's alpha is already 1 or more, for a move after which the
/// second player's line below wins for it. (First 20 of Test_L1_R3, 3
/// rounds alternating: 9% fewer nodes in 0.96x the time; the first 100
/// 0.93x; the first 200 of L1_R2 1.01x-1.02x; L2_R2 0.97x-0.99x. From 18
/// and 20 much the same; from 12, 10% fewer nodes on L1_R3 and slower on
/// L1_R2. At every node: 10% fewer nodes on the first 20 of Test_L1_R3, 4%
/// on the first 200 of L1_R2, in 1.04x and 1.13x the time; only while
/// alpha is below 3, the most that bound gives on 7x6: 0.97x on L1_R3,
/// 1.02x on L1_R2, 1.05x on L2_R2. Measured again once the look was left
/// out beyond half the height (see `Board::half_height`), from 0 and from
/// 12 empty cells up: 0.3% and 0.2% fewer nodes on L1_R2's 201st to 400th,
/// 0.9% and 0.7% on L2_R2, 2.1% and 1.7% on L1_R3's 21st to 30th; time on
/// L1_R2's first 200 1.06x and 1.04x by each position's fastest (4
/// rounds), on L2_R2 1.03x and 1.02x (6), on L1_R3's first 20 1.01x and
/// 0.99x (3).)
const CLAIMEVEN_WIN_MIN_EMPTIES: i32 = 16;

/// With this many empty cells or more, look up every child in the table before
/// searching any (enhanced transposition cutoff). The children's entries are
/// already being loaded, so looking costs little: from 14 rather than 18,
/// -8% nodes on the first 20 of Test_L1_R3 and the first 200 of L1_R2.
/// (Measured again after the odd threat and claimeven one ply ahead: from
/// 12, 7% fewer nodes counted on both, in the same time, most of it because
/// a position its parent looked up is not counted; from 16, 7.5% more, in
/// the same time. Once more after claimeven one ply ahead for a win: from
/// 16, 18 or 20, 8%, 15% and 22% more nodes on the first 200 of L1_R2, in
/// the same time. Only where the first player is to move, whose nodes
/// mostly cut off, or only where the second is: 1.05x-1.07x and
/// 1.05x-1.10x the time on L2_R2, L1_R2 and L1_R3, one run. A child whose
/// entry the look shows failing low, passed over without a call: the same
/// nodes, and no faster.)
const ETC_MIN_EMPTIES: i32 = 14;

/// With this many empty cells or more, ETC also looks past a forced reply,
/// at the position after it, whose entry is not being loaded: worth it only
/// for big subtrees. (From 18 rather than 20: -4% nodes on Test_L1_R3, L1_R2
/// and the empty board, -2.4% on L2_R2; time 0.986x on L1_R3, 1.003x on
/// L1_R2, 0.985x on L2_R2, about 0.94x on the empty board. From 14: 1.1%
/// fewer nodes than from 18 on the first 20 of Test_L1_R3, and not measurably
/// faster; from 15, measured again with the odd threat: 0.6% fewer, the
/// same time.)
const ETC_REPLY_MIN_EMPTIES: i32 = 18;

/// An iteration asking whether the score is beyond `cells / FORCING_FRACTION`
/// (6 on 7x6) orders forcing moves first. (Beyond 4: 5.6% more nodes on the
/// first 200 of Test_L1_R2 and 5.2% on the first 20 of L1_R3; beyond 3,
/// 23% and 18% more; never: the same. Besides, at any node whose window
/// asks for a win within 2 or 3 of the best score left there, or within
/// 0.7 of it: 0.7% to 2.5% fewer nodes on L2_R2 and L1_R2's first 200, no
/// faster in single runs. The best threshold for each position of L1_R2's
/// first 200, as an oracle would choose it: 1% fewer nodes. Only where the
/// mover's deadline to win is nearer than the opponent's, within 2, 3 or 4
/// of the best score left: 0.3% fewer nodes, 1.6% and 5.4% more on L1_R2's
/// 201st to 400th, and -0.3%, +1.5% and +5.0% on L2_R2, though at such
/// nodes, within 2 to 5 of it, the move that cuts off is not the first at
/// 16% to 32% of those that cut off at all on L1_R2's first 200, against
/// 12% to 24% where the opponent's deadline is nearer. Measured again
/// once the look at a deadline settles the windows within 1 of it before
/// the move order: forcing where the window asks for a win within 2 of the
/// best score left, 0.2% fewer nodes on L1_R2's first 200, 0.3% on its
/// 201st to 400th and on L2_R2, the same on L1_R3's first 30; within 3,
/// 0.9% to 2.1% more on all of them.)
const FORCING_FRACTION: i32 = 7;

/// Positions with this many empty cells or fewer go to a small table of their
/// own: they are most of the nodes, and a table that fits the caches answers
/// them faster than a big one (measured on 7x6: L2_R2 -14% time, L1_R3 -22%,
/// for 5-7% more nodes). From 18 rather than 20: the same time, and fewer
/// nodes where the near-end table overflows (the empty board 114.9 M
/// against 119.0 M, the first 100 of L1_R3 -1.4%); from 16, 1.14x the time.
/// (A third table of 1 MiB, inside the core's cache, for positions with 8
/// empty cells or fewer: the same nodes and time on the first 20 of
/// Test_L1_R3; for 10 or fewer, 1.03x the time.)
const NEAR_EMPTIES: i32 = 18;

/// The size of the table of positions near the end (at most a quarter of the
/// budget): 2^15 buckets in the narrow layout, seven entries each with 40-bit
/// checks (see the `tt` module). Small enough to stay in this host's share
/// of the shared cache, 4 to 8 MiB when measured (a dependent random walk:
/// 17 ns a step over 4 MiB, 47 to 127 ns over 8, 140 to 170 ns over 12 to
/// 40). Against 8 MiB: 3.0% more nodes on the first 200 of Test_L1_R2, 4.7%
/// on L1_R3's first 20, the same on L2_R2, in 0.94x-0.98x the time on
/// L1_R2's first 200 (each position's fastest and median of 4 rounds, four
/// runs of the layout's first writing and its drafts), 0.94x on L1_R3's
/// first 20 (3 rounds) and 0.95x on L2_R2 (4 rounds); its match as now
/// written, a further 0.91x-0.94x on L1_R2's first 200 (see the `tt`
/// module's compact layout). In the wide layout, five
/// entries a bucket, as every table under 8 MiB was before: 4.1% more nodes
/// on L1_R2's first 200 than 8 MiB, and 0.96x the time. 4 MiB, sketched with
/// checks a bit short: 1.1% more nodes, 0.94x against the 2 MiB sketch's
/// 0.90x in the same run. (Earlier, at 8 MiB in the compact layout: 32 MiB,
/// 3% fewer nodes on the first 20 of Test_L1_R3 in 1.11x the time; 4, 2 or
/// 1 MiB in the wide layout, 2%, 4.5% and 8.5% more nodes on the first 200
/// of L1_R2 and no faster, then 2 MiB again on a busier host, 0.94x the time
/// by median and 1.02x by minimum. At 128 KiB, well inside the core's
/// cache: 24.8% more nodes on L1_R2's first 200 in 1.16x-1.17x the time
/// (two runs alternating, a build without fat LTO), so 0.93x the time a
/// node; waiting on this table is at most about a tenth of the search's
/// time there.)
const NEAR_TABLE_BYTES: usize = 2 << 20;

/// The solver's default table budget in MiB: a 64 MiB table and the 2 MiB one
/// for positions near the end (69.2 MB; Pons's solver uses 84 MB), with room
/// for that one to grow to 8 MiB with threads.
pub const DEFAULT_SOLVER_HASH_MIB: usize = 72;

impl<B: TableKey, P: Dropped<B>> SolverOf<B, P> {
    /// A solver for boards of `size` with a table of `hash_mib` MiB.
    #[must_use]
    pub fn new(size: Size, hash_mib: usize) -> Self {
        Self::with_bytes(size, hash_mib.saturating_mul(1 << 20))
    }

    /// A solver for boards of `size` with a table of at most `hash_bytes` bytes.
    #[must_use]
    pub fn with_bytes(size: Size, hash_bytes: usize) -> Self {
        let key_bits = size.key_bits();
        let near_bytes = NEAR_TABLE_BYTES.min(hash_bytes / 4);
        // (A main table of 8 MiB instead of the 32 a budget of 64 MiB gives:
        // the same nodes on the first 200 of Test_L1_R2 and the same time,
        // 1.0x by each position's fastest and 0.99x by its median over 6
        // rounds: the entries' spread over memory costs little there. Budgets
        // of 16 and 8 MiB, tables of 8 and 4 MiB and of 4 and 2: 1.8% and
        // 4.1% more nodes there, and no faster over two runs.)
        let mut tt = TranspositionTableOf::with_bytes(hash_bytes - near_bytes, key_bits);
        // Scores are at most half the cells: 8 bits hold them.
        tt.set_narrow_values(true);
        // What the main table (a power of two) leaves of the budget is
        // there for the near-end table to grow into with threads.
        let near_budget = hash_bytes.saturating_sub(tt.bytes()).max(near_bytes);
        let mut near = TranspositionTableOf::with_bytes(near_bytes, key_bits);
        near.set_narrow_values(true);
        SolverOf {
            tt,
            near,
            near_bytes,
            near_budget,
            board: Board::new(size),
            size,
            lines: None,
            nodes: 0,
            searches: 0,
            threads: 1,
            book: None,
            answered_by_book: false,
        }
    }

    /// Consults `book` (if it is for this board size) before searching, from
    /// now on; `None` searches every position.
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book = book;
    }

    /// The opening book in use, if any.
    #[must_use]
    pub fn book(&self) -> Option<&Arc<Book>> {
        self.book.as_ref()
    }

    /// Whether the last best move or analysis came from the book alone,
    /// without a search.
    #[must_use]
    pub fn answered_by_book(&self) -> bool {
        self.answered_by_book
    }

    /// Whether the book scores every move of `position` (it holds its
    /// children).
    fn book_scores_moves(&self, position: &P) -> bool {
        self.book
            .as_ref()
            .is_some_and(|book| position.book_scores_moves(book))
    }

    /// The book's score of `position`, if it holds it.
    #[inline]
    fn book_score(&self, position: &P) -> Option<i32> {
        position.book_score(self.book.as_ref()?)
    }

    /// The book's best move of `position`, if it holds one.
    fn book_move(&self, position: &P) -> Option<P::Move> {
        position.book_move(self.book.as_ref()?)
    }

    /// Searches on `threads` threads (at least 1) from now on. The scores do
    /// not depend on it; the nodes and the time do.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
        // The threads share one near-end table, as large as a table each
        // would be together, within the budget. (2 threads, first 20 of
        // Test_L1_R3, 4 rounds alternating: 0.971x the time of a table each
        // and 7.5% fewer nodes; the empty board the same time, 2% fewer
        // nodes. A table each had measured faster before the threads shared
        // each window and unwound from settled nodes. Shared but no larger
        // than on one thread: 0.98x the time in 4 rounds, 2.6% more nodes,
        // within noise. A small table of each thread's own for positions
        // with 10, 12 or 14 empty cells or fewer, beside the shared one:
        // 1.03x-1.13x the time.) The table is emptied only if its size
        // changes.
        let bytes = self
            .near_bytes
            .saturating_mul(self.threads)
            .min(self.near_budget);
        if TranspositionTableOf::<B>::with_bytes_len(bytes) != self.near.bytes() {
            self.near.resize_bytes(bytes);
        }
    }

    /// The number of search threads.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// A solver whose tables check every entry against the whole key on any
    /// board and table size, as they already must where the key is too wide
    /// for the compact layout: slower, for verifying that layout (see the
    /// `tt` module).
    #[must_use]
    pub fn with_full_keys(size: Size, hash_bytes: usize) -> Self {
        let mut solver = Self::with_bytes(size, hash_bytes);
        solver.tt.set_full_keys(true);
        solver.near.set_full_keys(true);
        solver
    }

    /// Forgets every stored result and resets the node count.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.near.clear();
        self.nodes = 0;
        self.searches = 0;
    }

    /// Nodes searched since the last [`Solver::clear`]: positions the
    /// solver's static checks do not settle (the README's "Strength and
    /// speed" defines them).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Faults the tables' memory in now (see
    /// [`crate::tt::TranspositionTable::populate`]): what is stored stays.
    pub fn populate(&mut self) {
        self.tt.populate();
        self.near.populate();
    }

    /// The tables' size in bytes.
    #[must_use]
    pub fn hash_bytes(&self) -> usize {
        self.tt.bytes() + self.near.bytes()
    }

    /// Makes the tables and the geometry those of `position`'s game: the
    /// tables are emptied when its board or its rule of lines differ.
    fn set_game(&mut self, position: &P) {
        let size = position.size();
        if size != self.size {
            self.size = size;
            self.board = Board::new(size);
            self.tt.set_key_bits(size.key_bits());
            self.near.set_key_bits(size.key_bits());
        }
        let lines = Some(position.lines());
        if lines != self.lines {
            if self.lines.is_some() {
                self.tt.clear();
                self.near.clear();
            }
            self.lines = lines;
        }
    }

    /// The bound a rule of strategy proves on `position`'s score without
    /// search, as the search finds it there: claimeven with the first player
    /// to move, the odd threat (with one column of an odd number of empty
    /// cells, or three) with the second. `None` on boards of an odd
    /// height, once the game is over, and where neither applies.
    pub fn rule_bound(&mut self, position: &P) -> Option<RuleBound> {
        if position.outcome().is_some() {
            return None;
        }
        self.set_game(position);
        let (b, lines) = (self.board, self.lines());
        if b.even_cells.is_empty() {
            return None;
        }
        let (current, mask) = (position.current(), position.mask());
        let empty = b.cells_mask & !mask;
        let possible = (mask + b.bottom) & b.cells_mask;
        if position.ply() % 2 == 0 {
            let at_most = b.claimeven(lines, current ^ mask, mask, possible, i32::MIN)?;
            return Some(RuleBound {
                rule: Rule::Claimeven,
                at_most,
            });
        }
        let first_lines = lines.completions(current ^ mask, b.stride);
        let square = |cell: B| {
            let index = cell.trailing_zeros();
            ((index / b.stride) as u8, (index % b.stride) as u8)
        };
        if let Some((at_most, threat)) =
            b.odd_threat_bound(lines, current, empty, possible, first_lines, i32::MIN)
        {
            let (file, rank) = square(threat);
            return Some(RuleBound {
                rule: Rule::OddThreat { file, rank },
                at_most,
            });
        }
        let (at_most, mut threats) =
            b.odd_threats_bound(lines, current, empty, possible, first_lines, i32::MAX)?;
        let mut cells = [None; 3];
        for slot in &mut cells {
            if threats.is_empty() {
                break;
            }
            *slot = Some(square(threats.lowest()));
            threats = threats.without_lowest();
        }
        Some(RuleBound {
            rule: Rule::OddThreats { cells },
            at_most,
        })
    }

    /// The rule of lines of the game being solved.
    fn lines(&self) -> P::Lines {
        self.lines.expect("set_game comes first")
    }

    /// Pons's score of `position`: exact, or with `weak` only its sign
    /// (1 a win, 0 a draw, -1 a loss). A finished game scores its result.
    pub fn solve(&mut self, position: &P, weak: bool) -> i32 {
        self.solve_within(position, weak, &SolveLimits::default())
            .expect("a solve without limits finishes")
    }

    /// As [`Solver::solve`], but gives up (`None`) when a limit is reached.
    /// What was learnt stays in the table.
    pub fn solve_within(
        &mut self,
        position: &P,
        weak: bool,
        limits: &SolveLimits<'_>,
    ) -> Option<i32> {
        let (lower, upper) = self.bounds_within(position, weak, limits);
        (lower == upper).then_some(lower)
    }

    /// Bounds on Pons's score of `position` (exact, or with `weak` its sign):
    /// `(lower, upper)`, both inclusive, equal once the score is exact. A
    /// search that reaches a limit gives the bounds its windows had proved.
    pub fn bounds_within(
        &mut self,
        position: &P,
        weak: bool,
        limits: &SolveLimits<'_>,
    ) -> (i32, i32) {
        self.set_game(position);
        let b = self.board;
        let ply = position.ply() as i32;
        let exact = |score| (score, score);
        if position.outcome().is_some() {
            return exact(finished_score(position, weak));
        }
        if position.can_win_next() {
            return exact(weak_or_exact(b.win_next(ply), weak));
        }
        if let Some(score) = self.book_score(position) {
            return exact(weak_or_exact(score, weak));
        }
        let bounds = if weak {
            (-1, 1)
        } else {
            (-b.win_next(ply + 1), b.win_next(ply))
        };
        let (min, max) = self.settle(position, bounds, limits);
        if min < max {
            return (min, max);
        }
        // A bound found by a weak search can overshoot the -1..1 range.
        exact(weak_or_exact(min, weak))
    }

    /// Narrows the bounds `(min, max)` on the score of `position` (both
    /// inclusive) with null windows until they meet or a limit is reached,
    /// and returns them. The game must not be over and the side to move
    /// unable to win at once.
    ///
    /// The first window asks whether the score is above zero (who wins); the
    /// next ones step outward from the side it falls on, one score at a time:
    /// the windows near the true score are the costly ones, and positions
    /// are close to a draw. The search fails soft, so a step can jump; its
    /// answer may land past `max` (or below `min`), and the bounds returned
    /// then cross. (Halving the range nearer zero, as before: Test_L1_R3
    /// +22% nodes, the empty board +34%, L1_R2 -5%. A first window of
    /// `(-1, 1)` when the score may be either side of a draw, settling a
    /// draw in one search instead of two: the first 20 of Test_L1_R3 +9.9%
    /// nodes, the first 200 of L1_R2 +1.8%. Once the sign is known, a step
    /// of two instead of one, the score being far from a draw: the first
    /// 200 of L1_R2 4.9% fewer nodes, L2_R2 5.9% more, the first 20 of
    /// L1_R3 2.7% more; of three, -5.8%, +11% and +0.7%; of two only from a
    /// bound of 2, 3 or 4 on: L2_R2 +5.3%, +3.1%, +1.5%. Windows the score
    /// alone would not ask, those not at `score - 1` or `score`, hold 41% of
    /// the nodes on L1_R2's first 200, 26% on L2_R2 and 31% on L1_R3's
    /// first 20; those one step away are the costly ones. A step of two
    /// only from 28 empty cells up, where the opening sets' scores lie
    /// further from a draw: L1_R2 -5.7%, L1_R3 +7.2%, L2_R2 unchanged.
    /// Below 6, 8, 10 or 12 empty cells, the whole window instead of a
    /// null one, so that positions near the end are solved once for every
    /// window: L2_R2 +5%, +60%, 3.9x and 10.8x the nodes.)
    ///
    /// (One window as wide as the bounds once the sign is known, instead of
    /// null windows, each child searched with the whole window: 9.6% more
    /// nodes on the first 200 of Test_L1_R2, 11.6% on L2_R2, 11.4% on L1_R3's
    /// first 20, the scores exact. Windows two scores wide, stepping by two
    /// once the sign is known: 5.0% more nodes on L1_R2's first 200, 7.4% on
    /// L2_R2, 11.9% on L1_R3's first 20.)
    ///
    /// (A guess at the score pays only when it is exact or one below. Told
    /// the true score `s` and asking `s - 1` then `s` from the start:
    /// L2_R2 12% fewer nodes, the first 200 of L1_R2 27% fewer. Told it
    /// once the first window has given the sign, starting from `s + d` and
    /// stepping down, or up below it: for d = -3 to +3, L2_R2 +9%, +3%,
    /// -8%, -6%, +5%, +10%, +13%; L1_R2 -4%, -9%, -21%, -20%, -11%, -7%,
    /// -5%. The windows skipped below the score are what makes the later
    /// ones cheap. A guess by playing the game out, the winner by the
    /// table's moves (or a rule one move ahead where it stored none) and
    /// the loser by its slowest proven loss, was exact on 380 of L2_R2's
    /// 834 positions it could guess, over by one or more on 193, and spread
    /// over -7 to +7 on L1_R2: L2_R2 +1% nodes, L1_R2 -3.4%. Once a win is
    /// known, stepping down from the best score possible: L2_R2 +15%, L1_R2
    /// -3.6%; halving the range: L2_R2 +9% (+5% a step lower), L1_R2 -6%.
    /// Once a loss is known, stepping up from the worst: L2_R2 +16%. Once
    /// the sign is known, one window at the forcing threshold first (see
    /// `SolverOf::forcing`; asking beyond 6, 5 or 4 on 7x6), then on as
    /// before: L1_R2's first 200 +1.8%, -2.1% and -7.2% nodes, L2_R2 +4.3%
    /// to +4.8%, L1_R3's first 20 +6.8% to +7.5%.)
    ///
    /// (Measured again once a threat right above a playable cell counted double
    /// in the move order. A step of two once the sign is known, from 28 empty
    /// cells up: the first 200 of L1_R2 4.7% fewer nodes, L1_R3's first 20 3.1%
    /// more and its first 100 1.3% more, the empty board 24% more. The same
    /// only from a bound of 2, 3 or 4 on: L1_R2's first 200 4.4% and 0.5% fewer
    /// nodes and 2.4% more, L1_R3's first 20 3.2%, 6.4% and 1.1% more. The
    /// sign's window does not tell the scores far from a draw, where the step
    /// pays, from the near ones: on none of L1_R3's first 20 does it prove more
    /// than the sign. The step of two only where the sign's window took under
    /// 10,000 or 100,000 nodes, a quick proof: 0.5% and 1.5% fewer nodes on
    /// L1_R2's 201st to 400th, against 4.1% fewer without the test. A step of
    /// two wherever the last two windows moved the bounds the same way, the
    /// second costing under 1.2, 1.5 or 2 times the first, as if the score were
    /// still far: L1_R2's 201st to 400th 1.7% to 2.2% fewer nodes, L1_R3's 21st
    /// to 30th 4.7% to 5.2% more, L2_R2 3.1% to 3.5% more.)
    ///
    /// (The sign's window does answer beyond the sign on L1_R2: on 15% to 60%
    /// of its first 200 for each distance of the score from a draw from 2 on,
    /// and never on L1_R3's first 20. A step of two from 28 empty cells up
    /// only after such an answer: 0.16% more nodes on L1_R2's 201st to 400th
    /// (258,986 against 258,561), of three 0.6% more; L1_R3's 21st to 30th
    /// unchanged, since it never fires there. From 20 empty cells up, L2_R2
    /// 2.8% more. Once the sign is known, from 28 empty cells up, the next
    /// window an eighth, a quarter or half of the way to the best score
    /// possible: L1_R2's 201st to 400th 3.1%, 2.1% and 1.2% fewer nodes,
    /// L1_R3's 21st to 30th 7.1%, 5.5% and 14.7% more.)
    fn settle(
        &mut self,
        position: &P,
        (mut min, mut max): (i32, i32),
        limits: &SolveLimits<'_>,
    ) -> (i32, i32) {
        let nodes_before = self.nodes;
        while min < max {
            let mid = first_window(min, max);
            // A node limit is for the whole solve, not each window.
            let Some(left) = limits.after(self.nodes - nodes_before) else {
                break;
            };
            // With threads, one thread tries each window first, so that
            // small ones do not pay for starting threads (Test_L3_R1 on 2
            // threads: 141 us a position without this, against 2 us on one
            // thread). The first window that takes longer hands the rest of
            // the solve to the threads.
            let solo_cap = left.nodes.map_or(SOLO_NODES, |n| n.min(SOLO_NODES));
            let solo = SolveLimits {
                nodes: Some(solo_cap),
                ..left
            };
            let threaded = self.threads > 1;
            match self.window(position, mid, if threaded { &solo } else { &left }) {
                Some(r) => (min, max) = narrowed((min, max), mid, r),
                None if threaded && solo_cap == SOLO_NODES && !left.reached_by_time() => {
                    let Some(rest) = limits.after(self.nodes - nodes_before) else {
                        break;
                    };
                    return self.settle_on_threads(position, (min, max), &rest);
                }
                None => break,
            }
        }
        (min, max)
    }

    /// Whether the null window `(mid, mid + 1)` asks about a quick win or
    /// loss: proving one is a matter of forcing moves.
    fn forcing(&self, mid: i32) -> bool {
        mid.abs() >= (self.board.cells / FORCING_FRACTION).max(1)
    }

    /// A search of `position` with the null window `(mid, mid + 1)`.
    fn searcher<'s>(
        &'s self,
        position: &P,
        mid: i32,
        limits: &SolveLimits<'s>,
    ) -> Search<'s, B, P::Lines> {
        let key = position.current() + position.mask();
        Search {
            tt: &self.tt,
            near: &self.near,
            board: self.board,
            lines: self.lines(),
            nodes: 0,
            done: None,
            busy: None,
            symmetric: self.board.mirror(key) == key,
            forcing: self.forcing(mid),
            limits: *limits,
            next_check: 0,
            aborted: false,
            root_ply: position.ply() as i32,
            path: [(B::ZERO, 0, 0); MAX_PLIES],
            unwind_to: None,
        }
    }

    /// One search of `position` with the null window `(mid, mid + 1)` on one
    /// thread: an upper bound on the score at or below `mid`, or a lower
    /// bound above it. `None` past a limit.
    fn window(&mut self, position: &P, mid: i32, limits: &SolveLimits<'_>) -> Option<i32> {
        let mut search = self.searcher(position, mid, limits);
        let r = search.run(position, mid);
        log_window(mid, r, search.nodes, 0);
        self.nodes += search.nodes;
        self.searches += 1;
        r
    }

    /// [`Solver::settle`] on every thread, from the bounds `(min, max)`.
    ///
    /// The threads share each window (Lazy SMP over the shared table). A
    /// thread defers the moves another thread is searching (simplified
    /// ABDADA), and unwinds from a node another thread has settled (see
    /// [`Search::unwind_to_settled_ancestor`]). The first answer ends the
    /// window for all; each thread then takes the next one as it frees up.
    ///
    /// (Threads that asked different windows at once, one the solve's next
    /// window and another a guess at the one after it, measured 1.08x the
    /// time on the first 20 of Test_L1_R3 once the threads unwind, over 3
    /// rounds alternating per position; without unwinding, the guesses had
    /// been worth 0.98x.)
    ///
    /// (Where two threads lose against one, on the first 20 of Test_L1_R3:
    /// 3% of the time idle, 6.5% more nodes, and 11% more CPU time a node,
    /// most of it in table probes, a fifth of the profile against a sixth
    /// on one thread. Two solvers in separate processes side by side lose
    /// 2% a node.)
    fn settle_on_threads(
        &mut self,
        position: &P,
        (min, max): (i32, i32),
        limits: &SolveLimits<'_>,
    ) -> (i32, i32) {
        let threads = self.threads;
        let shared = Mutex::new(Windows {
            min,
            max,
            asking: vec![None; threads],
            stopped: false,
        });
        // Set when a thread's window is no longer worth asking.
        let dropped: Vec<AtomicBool> = (0..threads).map(|_| AtomicBool::new(false)).collect();
        let busy = Busy::new();
        let used = AtomicU64::new(0);
        let solver = &*self;
        let work = |thread: usize| {
            let mut nodes = 0;
            loop {
                let (mid, left) = {
                    let mut windows = shared.lock().unwrap_or_else(PoisonError::into_inner);
                    if windows.stopped || windows.min >= windows.max {
                        break;
                    }
                    let Some(left) = limits.after(used.load(Ordering::Relaxed)) else {
                        windows.stop(&dropped);
                        break;
                    };
                    let mid = windows.choose();
                    windows.asking[thread] = Some(mid);
                    dropped[thread].store(false, Ordering::Relaxed);
                    (mid, left)
                };
                let mut search = Search {
                    done: Some(&dropped[thread]),
                    busy: Some(&busy),
                    ..solver.searcher(position, mid, &left)
                };
                let r = search.run(position, mid);
                log_window(mid, r, search.nodes, thread);
                nodes += search.nodes;
                used.fetch_add(search.nodes, Ordering::Relaxed);
                let mut windows = shared.lock().unwrap_or_else(PoisonError::into_inner);
                windows.asking[thread] = None;
                match r {
                    Some(r) => windows.answer(mid, r, &dropped),
                    // Another answer made this window pointless: choose again.
                    None if dropped[thread].load(Ordering::Relaxed) && !windows.stopped => {}
                    None => windows.stop(&dropped),
                }
            }
            nodes
        };
        let nodes: u64 = std::thread::scope(|scope| {
            let work = &work;
            let helpers: Vec<_> = (1..threads)
                .map(|thread| scope.spawn(move || work(thread)))
                .collect();
            work(0)
                + helpers
                    .into_iter()
                    .map(|helper| helper.join().unwrap_or(0))
                    .sum::<u64>()
        });
        self.nodes += nodes;
        let windows = shared.into_inner().unwrap_or_else(PoisonError::into_inner);
        (windows.min, windows.max)
    }

    /// A best move of `position` with its exact score, `None` if the game is
    /// over or a limit is reached. Cheaper than [`Solver::analyze_within`]: the
    /// position is solved once, then moves are tried until one keeps the score.
    pub fn best_move_within(
        &mut self,
        position: &P,
        limits: &SolveLimits<'_>,
    ) -> Option<(P::Move, i32)> {
        self.move_holding(position, false, None, limits, &mut Vec::new())
    }

    /// A move of `position` that keeps its outcome, with the outcome (1 a
    /// win, 0 a draw): what a player under a clock needs first, and cheaper
    /// than [`Solver::best_move_within`]. The position's sign is found (a
    /// weak solve), then moves are tried with one null window each, at the
    /// sign rather than at the exact score, so a winning move found need not
    /// be the fastest. `first` is tried first after the table's move (the
    /// one the weak solve proved, if it is still there).
    ///
    /// `None` if the position is lost (every move keeps that), the game is
    /// over or a limit is reached. The moves proven to throw the outcome
    /// away are added to `refuted` either way.
    pub fn keeping_move_within(
        &mut self,
        position: &P,
        first: Option<P::Move>,
        limits: &SolveLimits<'_>,
        refuted: &mut Vec<P::Move>,
    ) -> Option<(P::Move, i32)> {
        self.move_holding(position, true, first, limits, refuted)
    }

    /// [`Solver::best_move_within`], or with `weak` its outcome's version
    /// ([`Solver::keeping_move_within`], which leaves lost positions alone).
    fn move_holding(
        &mut self,
        position: &P,
        weak: bool,
        first: Option<P::Move>,
        limits: &SolveLimits<'_>,
        refuted: &mut Vec<P::Move>,
    ) -> Option<(P::Move, i32)> {
        if position.outcome().is_some() {
            return None;
        }
        let (nodes_before, searches_before) = (self.nodes, self.searches);
        self.answered_by_book = false;
        let score = self.solve_within(position, weak, limits)?;
        if weak && score < 0 {
            return None;
        }
        let left = limits.after(self.nodes - nodes_before)?;
        let (mv, known) = self.move_keeping(position, score, first, &left, refuted)?;
        self.answered_by_book = known && self.searches == searches_before && self.book.is_some();
        Some((mv, score))
    }

    /// The first move of `position` after which the opponent's score is at
    /// most `-target`, with whether the book or the rules scored it. The
    /// score of `position` must be at least `target`.
    ///
    /// The order: a move that wins at once; the book's move (it keeps the
    /// exact score, and is the one move inarow plays where the book has it:
    /// see [`Book::best_move`]); the moves the rules or the book score (they
    /// cost nothing); then the table's move, `first`, and the rest from the
    /// centre out.
    /// Moves found to leave the opponent more than `-target` are added to
    /// `refuted`.
    fn move_keeping(
        &mut self,
        position: &P,
        target: i32,
        first: Option<P::Move>,
        limits: &SolveLimits<'_>,
        refuted: &mut Vec<P::Move>,
    ) -> Option<(P::Move, bool)> {
        let nodes_before = self.nodes;
        let mut moves = position.legal_moves();
        if let Some(&win) = moves.iter().find(|&&mv| position.is_winning_move(mv)) {
            return Some((win, false));
        }
        if let Some(best) = self.book_move(position) {
            return Some((best, true));
        }
        // (The book has a move wherever it scores every move.)
        let table_move = self
            .tt
            .probe(position.current() + position.mask())
            .and_then(|e| e.best);
        let first = first.map(|mv| position.column_of(mv).0);
        let centre = position.size().width() as i32 - 1;
        moves.sort_by_key(|&mv| {
            let col = position.column_of(mv).0;
            (
                Some(col) != table_move,
                Some(col) != first,
                (2 * i32::from(col) - centre).abs(),
            )
        });
        let known = |solver: &Self, child: &P| {
            if child.outcome().is_some() {
                Some(finished_score(child, false))
            } else if child.can_win_next() {
                Some(solver.board.win_next(child.ply() as i32))
            } else {
                solver.book_score(child)
            }
        };
        let mut found = None;
        let mut unknown = Vec::with_capacity(moves.len());
        for &mv in moves.iter() {
            let mut child = *position;
            child.play_unchecked(mv);
            match known(self, &child) {
                Some(score) if score <= -target => {
                    found = found.or(Some(mv));
                }
                Some(_) => refuted.push(mv),
                None => unknown.push((mv, child)),
            }
        }
        if let Some(mv) = found {
            return Some((mv, true));
        }
        for (mv, child) in unknown {
            let left = limits.after(self.nodes - nodes_before)?;
            // The child's score is at least -target: the move keeps it if
            // it is not above.
            let (lower, upper) = self.settle(&child, (-target, -target + 1), &left);
            if upper <= -target {
                return Some((mv, false));
            }
            if lower > -target {
                refuted.push(mv);
            } else {
                return None;
            }
        }
        None
    }

    /// Whether the mover's score of the legal move `mv` of `position` is at
    /// least `score` (with `score` the position's exact score, whether `mv`
    /// keeps it): one null window on the position after it, where an exact
    /// score takes several. `None` past `limits`.
    pub fn move_keeps_within(
        &mut self,
        position: &P,
        mv: P::Move,
        score: i32,
        limits: &SolveLimits<'_>,
    ) -> Option<bool> {
        self.set_game(position);
        if position.is_winning_move(mv) {
            return Some(self.board.win_next(position.ply() as i32) >= score);
        }
        let mut child = *position;
        child.play_unchecked(mv);
        let known = if child.outcome().is_some() {
            Some(finished_score(&child, false))
        } else if child.can_win_next() {
            Some(self.board.win_next(child.ply() as i32))
        } else {
            self.book_score(&child)
        };
        if let Some(child_score) = known {
            return Some(-child_score >= score);
        }
        let (lower, upper) = self.settle(&child, (-score, -score + 1), limits);
        if upper <= -score {
            Some(true)
        } else if lower > -score {
            Some(false)
        } else {
            None
        }
    }

    /// The line of best play after `first` from `position`, to the end of the
    /// game or as far as `limits` allow: each side keeps its score, the winner
    /// winning as soon as it can and the loser holding out longest.
    pub fn principal_variation_within(
        &mut self,
        position: &P,
        first: P::Move,
        limits: &SolveLimits<'_>,
    ) -> Vec<P::Move> {
        // The line is not the answer: what gave the answer stays on record.
        let answered_by_book = self.answered_by_book;
        let mut pv = vec![first];
        let mut current = *position;
        current.play_unchecked(first);
        loop {
            // A book answer is instant, and so is its line: it ends where the
            // book does.
            if answered_by_book
                && !self.book_scores_moves(&current)
                && self.book_move(&current).is_none()
            {
                break;
            }
            let Some((mv, _)) = self.best_move_within(&current, limits) else {
                break;
            };
            pv.push(mv);
            current.play_unchecked(mv);
        }
        self.answered_by_book = answered_by_book;
        pv
    }

    /// The exact score of each column of `position`, `None` for a full column
    /// (or every column, once the game is over).
    pub fn analyze(&mut self, position: &P, weak: bool) -> Vec<Option<i32>> {
        self.analyze_within(position, weak, &SolveLimits::default())
            .expect("an analysis without limits finishes")
    }

    /// As [`Solver::analyze`], but gives up (`None`) when a limit is reached.
    pub fn analyze_within(
        &mut self,
        position: &P,
        weak: bool,
        limits: &SolveLimits<'_>,
    ) -> Option<Vec<Option<i32>>> {
        self.analyze_bounds_within(position, weak, limits)
            .into_iter()
            .map(|bounds| match bounds {
                None => Some(None),
                Some((lower, upper)) => (lower == upper).then_some(Some(lower)),
            })
            .collect()
    }

    /// Bounds on the score of each column of `position` (see
    /// [`Solver::bounds_within`]), `None` for a full column (or every column,
    /// once the game is over). The limits are for the whole analysis: once
    /// they are reached, the columns left get the bounds the rules give.
    pub fn analyze_bounds_within(
        &mut self,
        position: &P,
        weak: bool,
        limits: &SolveLimits<'_>,
    ) -> Vec<Option<(i32, i32)>> {
        self.set_game(position);
        let (nodes_before, searches_before) = (self.nodes, self.searches);
        let width = position.size().width() as u8;
        let mut scores = Vec::with_capacity(usize::from(width));
        // Past the limits, a child is only given the bounds of the rules.
        let spent = SolveLimits {
            nodes: Some(0),
            ..SolveLimits::default()
        };
        for col in 0..width {
            let mv = if position.outcome().is_some() {
                None
            } else {
                position.move_in(Column(col))
            };
            let bounds = if let Some(mv) = mv {
                if position.is_winning_move(mv) {
                    let score = weak_or_exact(self.board.win_next(position.ply() as i32), weak);
                    Some((score, score))
                } else {
                    let mut child = *position;
                    child.play_unchecked(mv);
                    let left = limits.after(self.nodes - nodes_before).unwrap_or(spent);
                    let (lower, upper) = self.bounds_within(&child, weak, &left);
                    Some((-upper, -lower))
                }
            } else {
                None
            };
            scores.push(bounds);
        }
        self.answered_by_book = self.book.is_some() && self.searches == searches_before;
        scores
    }
}

/// Logs (at debug level, on stderr) what one null window `(mid, mid + 1)`
/// proved on `thread` and the nodes it took: `RUST_LOG=debug inarow solve`
/// shows how the windows narrow the score.
fn log_window(mid: i32, r: Option<i32>, nodes: u64, thread: usize) {
    if !log::log_enabled!(log::Level::Debug) {
        return;
    }
    let proved = match r {
        Some(r) if r <= mid => format!("score at most {r}"),
        Some(r) => format!("score at least {r}"),
        None => "stopped".to_owned(),
    };
    log::debug!(
        "window ({mid}, {}) on thread {thread}: {proved}, {nodes} nodes",
        mid + 1
    );
}

/// The first null window `(mid, mid + 1)` a solve with the bounds
/// `(min, max)` asks (see [`Solver::settle`]).
fn first_window(min: i32, max: i32) -> i32 {
    if min >= 0 {
        min
    } else if max <= 0 {
        max - 1
    } else {
        0
    }
}

/// The bounds `(min, max)` once the null window `(mid, mid + 1)` has
/// returned `r`: an upper bound at or below `mid`, a lower bound above it.
fn narrowed((min, max): (i32, i32), mid: i32, r: i32) -> (i32, i32) {
    if r <= mid {
        (min, max.min(r))
    } else {
        (min.max(r), max)
    }
}

/// What the threads of one solve share: the bounds proved so far and the
/// window each thread is asking, by its `mid`.
struct Windows {
    min: i32,
    max: i32,
    asking: Vec<Option<i32>>,
    /// Set when a limit was reached.
    stopped: bool,
}

impl Windows {
    /// Whether the window `(mid, mid + 1)` would tell anything new.
    fn worth_asking(&self, mid: i32) -> bool {
        self.min <= mid && mid < self.max
    }

    /// The window for a thread to ask next: the solve's next one, whoever
    /// else asks it.
    fn choose(&self) -> i32 {
        first_window(self.min, self.max)
    }

    /// Records that the window `(mid, mid + 1)` returned `r`, and drops the
    /// windows no longer worth asking.
    fn answer(&mut self, mid: i32, r: i32, dropped: &[AtomicBool]) {
        (self.min, self.max) = narrowed((self.min, self.max), mid, r);
        for (asking, dropped) in self.asking.iter().zip(dropped) {
            if asking.is_some_and(|mid| !self.worth_asking(mid)) {
                dropped.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Ends the solve at a limit: every thread stops.
    fn stop(&mut self, dropped: &[AtomicBool]) {
        self.stopped = true;
        for dropped in dropped {
            dropped.store(true, Ordering::Relaxed);
        }
    }
}

impl<B: TableKey, L: LineRule<B>> Search<'_, B, L> {
    /// The table of positions with `empties` empty cells.
    #[inline]
    fn table(&self, empties: i32) -> &TranspositionTableOf<B> {
        if empties <= NEAR_EMPTIES {
            self.near
        } else {
            self.tt
        }
    }

    /// The key a position with `empties` empty cells is stored under, and
    /// whether it is its mirror image's. When the root is symmetric, a
    /// position and its mirror image share an entry, under the smaller key;
    /// otherwise mirror images hardly meet (keys mirrored under every root:
    /// 0.6% fewer nodes on the first 200 of Test_L1_R2, 1.1% on L1_R3's first
    /// 20, none on L2_R2, and 1.0x the time on L1_R2's first 200 over two
    /// runs of 3 and 4 rounds). Positions near the end keep their own key:
    /// mirroring them costs more than their twins save (empty 7x6, 1 GiB:
    /// +1.5% nodes, -14% time).
    ///
    /// Keys keep every stone. Giving one colour to stones that can no longer
    /// matter, found much as c4 finds them (along every line, no empty cell
    /// within two cells, and one three cells away only past two stones of
    /// different colours), lets positions that differ only there share an
    /// entry. Here that saves 1% of the nodes on the
    /// first 20 of Test_L1_R3 (4,321,965 against 4,367,378) in 1.49x the
    /// time; from 19 empty cells up, 41 nodes in 1.06x the time.
    #[inline]
    fn table_key(&self, own_key: B, empties: i32) -> (B, bool) {
        if self.symmetric && empties > NEAR_EMPTIES {
            let mirror_key = self.board.mirror(own_key);
            (own_key.min(mirror_key), mirror_key < own_key)
        } else {
            (own_key, false)
        }
    }

    /// [`Search::table_key`] of the child after `cell` of the node
    /// (`current`, `mask`) with `empties` empty cells, given the node's
    /// [`Search::mirrors`]. A key is the sum of two stone sets whose
    /// columns never carry into each other, and mirroring moves whole
    /// columns, so the child's mirror image is the node's two mirrored
    /// sets summed, plus the cell's image: no mirror per child.
    #[inline]
    fn child_key(&self, current: B, mask: B, cell: B, mirrors: (B, B), empties: i32) -> B {
        let key = (current ^ mask) + (mask | cell);
        if self.symmetric && empties - 1 > NEAR_EMPTIES {
            let (mirrored_current, mirrored_mask) = mirrors;
            let mirror_key =
                (mirrored_current ^ mirrored_mask) + mirrored_mask + self.board.mirror_cell(cell);
            debug_assert_eq!(mirror_key, self.board.mirror(key));
            key.min(mirror_key)
        } else {
            key
        }
    }

    /// The mirror images of the node's stones to move and of its occupied
    /// cells, where its children's keys are mirrored (see
    /// [`Search::child_key`]); else nothing.
    #[inline]
    fn mirrors(&self, current: B, mask: B, empties: i32) -> (B, B) {
        if self.symmetric && empties - 1 > NEAR_EMPTIES {
            (self.board.mirror(current), self.board.mirror(mask))
        } else {
            (B::ZERO, B::ZERO)
        }
    }

    /// Searches `position` with the null window `(mid, mid + 1)`: `None`
    /// past a limit.
    fn run<P: Dropped<B, Lines = L>>(&mut self, position: &P, mid: i32) -> Option<i32> {
        self.check_limits();
        if self.aborted {
            return None;
        }
        let (current, mask) = (position.current(), position.mask());
        let lines = self.lines.completions(current ^ mask, self.board.stride);
        let r = self.negamax(current, mask, lines, position.ply() as i32, mid, mid + 1);
        (!self.aborted).then_some(r)
    }

    /// Looks at the limits; sets `aborted` if one is reached.
    #[cold]
    fn check_limits(&mut self) {
        let limits = &self.limits;
        let over_nodes = limits.nodes.is_some_and(|n| self.nodes >= n);
        let ended = self.done.is_some_and(|done| done.load(Ordering::Relaxed));
        if over_nodes || ended || limits.reached_by_time() {
            self.aborted = true;
            self.unwind_to = None;
        }
        let unlimited =
            limits.nodes.is_none() && limits.deadline.is_none() && limits.signals.is_none();
        self.next_check = if self.done.is_some() {
            self.nodes + CHECK_DONE_EVERY
        } else if unlimited {
            u64::MAX
        } else {
            let next = self.nodes + CHECK_EVERY;
            limits.nodes.map_or(next, |n| next.min(n))
        };
    }

    /// With threads, every `CHECK_DONE_EVERY` nodes: whether another thread
    /// has settled a node on the path to the one at `ply` (its table entry
    /// answers the window this thread asks there). If so, the search unwinds
    /// to the first such node and returns that answer: whatever is left to
    /// search below it is wasted work. (The threads share each window, and
    /// one proves a cutoff while another is still refuting a move beside it;
    /// Lazy SMP alone leaves the other searching on. First 20 of
    /// Test_L1_R3, 3 rounds alternating per position: 0.91x the time of
    /// threads that guess the next window without unwinding, and 1.644x as
    /// fast as one thread against 1.50x.)
    #[cold]
    fn unwind_to_settled_ancestor(&mut self, ply: i32) {
        let top = ply.min(self.board.cells - BUSY_MIN_EMPTIES + 1);
        for q in self.root_ply..top {
            let (key, alpha, beta) = self.path[q as usize];
            if !key.is_empty()
                && self
                    .settled(key, self.board.cells - q, alpha, beta)
                    .is_some()
            {
                self.aborted = true;
                self.unwind_to = Some(q);
                return;
            }
        }
    }

    /// The table's answer to the window `(alpha, beta)` at the position with
    /// `key` and `empties` empty cells, if it has one.
    #[inline]
    fn settled(&self, key: B, empties: i32, alpha: i32, beta: i32) -> Option<i32> {
        let entry = self.table(empties).probe(key)?;
        let value = entry.value;
        let answers = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => value >= beta,
            Bound::Upper => value <= alpha,
        };
        answers.then_some(value)
    }

    /// A node whose window asks the mover only to stop the opponent's win
    /// with its next stone but one (`beta` one above the worst score left):
    /// every child is a window at that deadline, which the look one move
    /// ahead answers (see [`Search::negamax`]). So the node skips what
    /// serves a deeper search: its children's loads, the enhanced
    /// transposition cutoff and the look that orders its moves. It tries
    /// the table's move `best` first, then the columns centre first, and
    /// stores the result under `key`; `flip` maps a column to the one
    /// stored. (Moves in the usual order instead: 0.08% fewer calls of the
    /// search on L1_R2's first 200. With the ordering look skipped: user
    /// time 0.95x-1.0x on L2_R2, L1_R2's first 200 and L1_R3's first 20,
    /// minimums of 20, 5 and 3 rounds alternating. Without the table too,
    /// neither probed nor stored: 0.96x-0.98x on L2_R2 and 0.99x-1.01x on
    /// L1_R2's first 200, 16 and 8 rounds, within noise. Centre first one
    /// level up as well, where the mover must stop a win by the opponent's
    /// third stone: 0.8% and 1.1% more calls on L2_R2 and L1_R2's first
    /// 200. Each child answered here, its look one move ahead written in
    /// place of a call of the search, which would only reach that look:
    /// the same nodes, 1.7% to 2.2% more instructions on the first 40 of
    /// L1_R2 (callgrind, an AVX2 build, two ways of writing it), and
    /// 0.99x-1.01x the time on its first 200, by each position's fastest
    /// and median of 6 rounds.)
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn stop_deadline_win(
        &mut self,
        current: B,
        mask: B,
        moves: B,
        ply: i32,
        (alpha, beta): (i32, i32),
        key: B,
        best: Option<u8>,
        flip: impl Fn(u8) -> u8,
    ) -> i32 {
        // The board is read in place, not copied: a copy here, 712 bytes
        // per node on a 64-bit board, was 0.9% of the instructions on the
        // first 40 of Test_L1_R2 (callgrind; the same nodes).
        let (width, stride) = (self.board.width, self.board.stride);
        let empties = self.board.cells - ply;
        let first = best.and_then(|col| {
            self.board.order_cols[..width]
                .iter()
                .position(|&c| c == col)
        });
        let ranks = first
            .into_iter()
            .chain((0..width).filter(|&rank| Some(rank) != first));
        let mut value = i32::MIN;
        for rank in ranks {
            let cell = moves & self.board.order[rank];
            if cell.is_empty() {
                continue;
            }
            let lines = self.lines.completions(current | cell, stride);
            let (c, m) = play(current, mask, cell);
            let score = -self.negamax(c, m, lines, ply + 1, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                let col = flip(self.board.order_cols[rank]);
                self.table(empties)
                    .store(key, score, 1, Bound::Lower, Some(col));
                return score;
            }
            value = value.max(score);
        }
        self.table(empties).store(key, value, 1, Bound::Upper, None);
        value
    }

    /// Null-window alpha-beta on Pons's scores. The side to move cannot win at
    /// once and the game is not over. Returns the exact score if it lies in
    /// `(alpha, beta)`, otherwise a bound on the same side of the window.
    /// `opponent_lines` is `line_completions` of the opponent's stones, which
    /// the caller has at hand.
    ///
    /// (One search for each side to move, chosen when compiled by a type
    /// parameter, so that each holds only its side's rules and its branches
    /// are foreseen for one side: the same nodes, 0.997x the time on the
    /// first 200 of Test_L1_R2 by each position's fastest and 0.995x by its
    /// median over 4 rounds, within noise. Left out. On those positions the
    /// search is called 85.3 M times: 35.2 M nodes reach the move order,
    /// 12.6 M calls end in the look at a deadline below and 6.9 M in
    /// `Search::stop_deadline_win`.)
    fn negamax(
        &mut self,
        current: B,
        mask: B,
        opponent_lines: B,
        ply: i32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        debug_assert!(alpha < beta);
        if self.nodes >= self.next_check {
            self.check_limits();
            // With threads, on the same period as the limits.
            if self.busy.is_some() && !self.aborted {
                self.unwind_to_settled_ancestor(ply);
            }
        }
        if self.aborted {
            return 0;
        }
        let b = &self.board;
        let empties = b.cells - ply;
        // (The parent has already started loading this entry with its
        // children's; starting it here only at the root measured the same.
        // Starting it only after the look at a deadline below, which answers
        // some nodes without their entry: the same instructions within 0.1%
        // and the same time over 10 rounds of L1_R2's first 200.)
        let (key, mirrored) = self.table_key(current + mask, empties);
        self.table(empties).prefetch(key);
        let empty = b.cells_mask & !mask;
        let possible = (mask + b.bottom) & b.cells_mask;
        let rule = self.lines;
        debug_assert!(opponent_lines == rule.completions(current ^ mask, b.stride));
        let opponent_wins = opponent_lines & empty;

        // The meaning of `inarow_games::connect4::non_losing_moves`, written
        // out as the fast path: calling the shared function measured 2-3.5%
        // slower on Test_L1_R2 and L1_R3 (same nodes, alternating runs).
        let forced = possible & opponent_wins;
        let mut moves = possible;
        if !forced.is_empty() {
            if !forced.without_lowest().is_empty() {
                // Two threats to block at once: the opponent wins next move.
                return -(b.cells - ply) / 2;
            }
            moves = forced;
        }
        // Never play under an opponent's winning cell.
        moves &= !(opponent_wins >> 1);
        if moves.is_empty() {
            return -(b.cells - ply) / 2;
        }
        if ply >= b.cells - 2 {
            // Neither side can win any more: our move cannot win, theirs is the last.
            return 0;
        }

        // Where only a win with the mover's next stone but one, the best
        // score left, reaches beta (a window at a deadline: one of the root's
        // windows far from a draw, deep in the tree), the look one move ahead
        // (see `MoveLooks`) is the whole answer, and the node needs neither
        // the table nor its children's loads. It counts as a node, as c4
        // counts one: c4 looks at such a position's children only once its
        // negamax is called. (Before the table, not after the probe as at
        // other nodes: user time 0.94x-0.95x on L2_R2 over 15 rounds
        // alternating, 0.93x-0.95x on L1_R2's first 200 over 6. The look in
        // a function of its own, not inlined, so that the search's code is
        // about 1 KB smaller: 1.03x and 1.04x the time on L1_R2's first 200 by
        // each position's fastest and median of 4 rounds.)
        let best_possible = (b.cells - 1 - ply) / 2;
        if alpha >= best_possible - 1 {
            // A single forced move is played through elsewhere, uncounted.
            if !moves.without_lowest().is_empty() {
                self.nodes += 1;
            }
            let wins = (0..b.width).step_by(LOOK_LANES).any(|first| {
                MoveLooks::new(
                    b,
                    rule,
                    current,
                    mask,
                    moves,
                    empty,
                    opponent_wins,
                    first,
                    false,
                )
                .wins_any()
            });
            return if wins {
                best_possible
            } else {
                best_possible - 1
            };
        }

        // Start loading the children's table entries now, so they are in the
        // cache by the time the children look: as soon as the look at a
        // deadline has passed, before the static bounds, which seldom settle
        // a node. (Here rather than after those bounds: on the first 200 of
        // Test_L1_R2, 0.96x-1.0x the time by each position's median over 3
        // to 10 rounds alternating, 0.975x on average over 8 such runs; on
        // L2_R2 0.96x; the same on L1_R3's first 20 and the empty board; the
        // same nodes. After the node's own table entry instead: 1.08x-1.09x
        // on L1_R2's first 200. Loading only the first child's once the
        // moves are ordered, and each next one as its elder sibling starts,
        // saves what a cutoff leaves unread: 1.09x-1.13x the
        // time on the first 20 of Test_L1_R3, same nodes. Loading none: the
        // same time on L2_R2, 1.03x-1.06x on the first 200 of L1_R2; none
        // below 6, 10 or 14 empty cells: the same time on L2_R2. Siblings'
        // entries on one page of the table, the page chosen by the stones of
        // the side to move, which a move leaves alone: 1% more nodes in
        // 1.08x-1.17x the time. All of them only where ETC reads them or the
        // second player is to move, and elsewhere the first two or three in
        // order once the moves are ordered, the next as each move starts:
        // the same time on L2_R2 and the first 200 of L1_R2, 3 to 5 rounds
        // alternating, though a profile puts 14% of the samples just after
        // these loads. The entries of the first ordered move's children
        // loaded too, once the order is known, from 8, 12 or 16 empty cells
        // up: the same nodes, 1.01x, 1.0x and 1.02x the time on L1_R2's first
        // 200 by each position's fastest of 3 rounds. The columns walked a
        // fixed count of times, in the order of `Board::order`, so that the
        // loop's end is foreseen, each move's entry loaded: 1.03x and 1.04x
        // the time there by each position's fastest and median of 4 rounds;
        // the node's own entry loaded in place of a column that is no move,
        // 1.03x and 1.02x. Into the second-level cache rather than the first:
        // 1.035x and 1.045x.)
        //
        // Where the mover need only stop a win at a deadline (see
        // `Search::stop_deadline_win`), no child reads its entry. A bound
        // below may still make a node so; its loads are then only wasted.
        let worst = -(b.cells - 2 - ply) / 2;
        let mirrors = self.mirrors(current, mask, empties);
        let mut cells = if beta <= worst + 1 { B::ZERO } else { moves };
        while !cells.is_empty() {
            let cell = cells & cells.wrapping_neg();
            cells ^= cell;
            let child_key = self.child_key(current, mask, cell, mirrors, empties);
            self.table(empties - 1).prefetch(child_key);
        }

        // A side with no window of four cells free of the other's stones can
        // never win: the score is at most (or at least) a draw.
        if b.cells - ply <= DRAW_CHECK_EMPTIES {
            if beta > 0 && !rule.has_line((current | empty) & b.cells_mask, b.stride) {
                beta = 0;
                if alpha >= beta {
                    return beta;
                }
            }
            if alpha < 0 && !rule.has_line(((current ^ mask) | empty) & b.cells_mask, b.stride) {
                alpha = 0;
                if alpha >= beta {
                    return alpha;
                }
            }
        }

        // Claimeven (Allis): on a board of even height with the first player to
        // move, the second player can take every even-row cell not playable
        // now by answering in the same column. If the first player has no line
        // in the other cells, it cannot win; if the second has one in its
        // cells, it wins, at the latest with its last stone, and so it does
        // too when each line the first player has lies above one of the
        // second's: the cells below a line fill before it, so the second's
        // line is complete first (as Steininger's c4 compares the two
        // players' lines, here for any pair of lines).
        //
        // Only at the root: below it, the parent has already looked (claimeven
        // one ply ahead, before any of its moves is searched). Either it found
        // this bound and raised its alpha to it, so this node's beta is at
        // most the bound, or it found none here, or its alpha was 1 or more,
        // so this beta is below 0. (Same nodes; time 0.97x-1.0x on the first
        // 20 of Test_L1_R3, five rounds alternating. Also wherever beta is
        // below 0 but above the lowest loss claimeven gives, -3 on 7x6, where
        // the parent looks for the second player's win only from
        // `CLAIMEVEN_WIN_MIN_EMPTIES` up: L2_R2 0.7% fewer nodes, L1_R2's
        // first 200 0.5%, L1_R3's first 20 0.7%, too few to pay for a look
        // at every such node. Left out. Measured again once every line of
        // the second's counted (see `Board::lines_bound`), wherever beta is
        // below 0 and the parent did not look for a win: 2.7% fewer nodes on
        // L1_R2's first 200, 2.4% on L2_R2 and on L1_R3's first 20, in 1.05x
        // the time on L1_R2's first 200 by each position's fastest of 3
        // rounds; only where beta is above -5, 1.04x. Left out.)
        if beta >= 0 && !b.even_cells.is_empty() && ply % 2 == 0 && ply == self.root_ply {
            if let Some(bound) = b.claimeven(rule, current ^ mask, mask, possible, alpha) {
                if bound < beta {
                    beta = bound;
                    if alpha >= beta {
                        return beta;
                    }
                }
            }
        }

        // The odd threat (see `Board::odd_threat_bound`), with the second
        // player to move. (Only at the root, as claimeven, with the parent
        // looking for its single forced move too, since its look one move
        // ahead covers every other child: the same nodes within 0.01%, and
        // 0.98x-1.03x the time on L2_R2, L1_R2 and L1_R3, within noise.
        // After the table entry, so that an entry that settles the node
        // spares it: 0.1% more nodes, the same time over 6 rounds of L2_R2
        // and 3 of L1_R2's first 200, alternating.)
        if ply % 2 == 1 && !b.even_cells.is_empty() {
            if let Some((bound, _)) = b
                .odd_threat_bound(rule, current, empty, possible, opponent_lines, alpha)
                .or_else(|| {
                    // It cannot reach alpha (see `Board::half_height`).
                    if alpha < -b.half_height {
                        return None;
                    }
                    b.odd_threats_bound(rule, current, empty, possible, opponent_lines, alpha)
                })
            {
                if bound < beta {
                    beta = bound;
                    if alpha >= beta {
                        return beta;
                    }
                }
            }
        }

        // The opponent cannot win with its next move, and we cannot win with
        // this one (`worst`).
        if alpha < worst {
            alpha = worst;
            if alpha >= beta {
                return alpha;
            }
        }
        if beta > best_possible {
            beta = best_possible;
            if alpha >= beta {
                return beta;
            }
        }

        let stop_only = beta <= worst + 1;

        // Claimeven one ply ahead: with the second player to move, a move
        // after which claimeven bounds the first player's score (see
        // `Board::claimeven`) holds at least the opposite of that bound.
        // Every move's claims lie within the second player's stones, the
        // moves and the even-row empty cells (`claimable`), every move
        // leaves the first player at least the cells outside them, and
        // fills no cell but one of the moves. So if the first player has a
        // line outside `claimable`, and the second has no line inside it or
        // a line of the first's lies above none of the second's even then,
        // no move gives a bound, and one look spares one for each move
        // (same nodes; time 0.97x-0.98x on the first 20 of Test_L1_R3 and
        // the first 200 of L1_R2, 0.90x-0.94x on L2_R2, 2 rounds
        // alternating, before the lines above came). With alpha at 0, where a
        // draw bound raises nothing, looking only when the second player has
        // a line in `claimable`: the same nodes, and 0.98x then 1.01x the
        // time on the first 200 of L1_R2 (4 and 6 rounds alternating), 0.99x
        // on L2_R2: left out.
        //
        // When alpha is already 1 or more, only a win for the second player
        // by a line below raises it, so the look needs the second player's
        // line in `claimable`, and it looks at every move for the best such
        // bound. It pays only where subtrees are large (see
        // `CLAIMEVEN_WIN_MIN_EMPTIES`).
        //
        // (Bounding by the lines above only from 12 or 16 empty cells up,
        // where subtrees are larger: the same time and more nodes. The
        // whole look only from 6, 8 or 10 up: 0.1%, 0.7% and 2.6% more
        // nodes on the first 200 of L1_R2, no faster. Every
        // move's claims at once, a move to a vector lane, as the look one
        // move ahead does: the same nodes in 1.01x-1.02x the time. The look
        // after the table entry, except at a single forced move, so that an
        // entry that settles the node spares it: the same nodes, 0.98x-1.01x
        // the time on L2_R2 and the first 200 of L1_R2, over 3 to 7 rounds
        // alternating.)
        //
        // (Allis's baseinverse on top was counted and left out: the first
        // player gets at most one of two playable cells, for one or two such
        // pairs, the cells above them given up to it. On the first 8 of
        // Test_L1_R3, at nodes with 14 empty cells or more it bounds a move
        // at 26,617 nodes where claimeven bounds none, against 275,416 where
        // claimeven bounds one; below 14, at 49,303 against 1.80 M. This
        // look saved 4% of the nodes when it came, so baseinverse would save
        // well under 1%, for two line tests or more per pair and move.)
        let claimable = current | moves | (b.even_cells & !mask);
        // (Seldom past `half_height`: see `Board::half_height`.)
        let for_a_win =
            alpha >= 1 && alpha <= b.half_height && empties >= CLAIMEVEN_WIN_MIN_EMPTIES;
        if (alpha < 1 || for_a_win)
            && !b.even_cells.is_empty()
            && ply % 2 == 1
            && ((alpha < 1 && !rule.has_line(b.cells_mask & !claimable, b.stride))
                || (rule.has_line(claimable, b.stride)
                    && rule.lines_above(
                        b.cells_mask & !claimable,
                        claimable,
                        mask | moves,
                        b.stride,
                        &b.column_bottom,
                    )))
        {
            let mut cells = moves;
            while !cells.is_empty() {
                let cell = cells & cells.wrapping_neg();
                cells ^= cell;
                let child_mask = mask | cell;
                let child_possible = (child_mask + b.bottom) & b.cells_mask;
                if let Some(bound) =
                    b.claimeven(rule, current | cell, child_mask, child_possible, -beta)
                {
                    alpha = alpha.max(-bound);
                    if alpha >= beta {
                        return alpha;
                    }
                    if alpha >= 1 && !for_a_win {
                        break;
                    }
                }
            }
        }

        // A single forced move needs no table and no ordering. (Played
        // through before the static bounds instead, which seldom settle such
        // a node: 1.0% to 1.4% more nodes on L2_R2, the first 200 of L1_R2
        // and the first 20 of L1_R3, since a forced node of the second
        // player then never looks at the odd threat or at claimeven one ply
        // ahead, and its child does not look again; 1.4% fewer
        // instructions on L1_R2's first 40 (callgrind), and the same time
        // on its first 200, 6 rounds.)
        if moves.without_lowest().is_empty() {
            if self.busy.is_some() && empties >= BUSY_MIN_EMPTIES {
                self.path[ply as usize].0 = B::ZERO;
            }
            let (c, m) = play(current, mask, moves);
            let lines = rule.completions(current | moves, b.stride);
            return -self.negamax(c, m, lines, ply + 1, -beta, -alpha);
        }

        let width = b.width as u8;
        let flip = |col: u8| {
            if mirrored {
                width - 1 - col
            } else {
                col
            }
        };
        // A node (README, "Strength and speed"): a position its static
        // checks do not settle. Its table entry is one of them where its
        // parent looked the entry up before searching (the enhanced
        // transposition cutoff), as c4's static search does.
        let parent_probed = empties >= ETC_MIN_EMPTIES - 1;
        if !parent_probed {
            self.nodes += 1;
        }
        // (Both bounds in one entry, a stored lower bound kept when an upper
        // one comes and the other way round: the same nodes, to the node, on
        // L2_R2, L1_R2's first 200 and L1_R3's first 20. The root's windows
        // move one way from the first, so an earlier window's bound on the
        // other side never settles a later one. No table at all below 6 or
        // 8 empty cells: L2_R2 +0.2% and +2.6% nodes and no faster; below
        // 10, 1.07x the time; 5 rounds alternating. The entry the parent's
        // enhanced transposition cutoff found handed to the node, which then
        // does not look again, as c4 hands it: the same nodes, but for one
        // in 53 M on L1_R2's first 200; 0.98x to 1.0x the time there over
        // two runs of 6 rounds, 1.01x to 1.03x on L2_R2 and on L1_R3's first
        // 20: the parent's look has brought the entry into the cache.)
        let mut table_best = None;
        if let Some(entry) = self.table(empties).probe(key) {
            let value = entry.value;
            match entry.bound {
                Bound::Exact => return value,
                Bound::Lower => {
                    if value > alpha {
                        alpha = value;
                        if alpha >= beta {
                            return alpha;
                        }
                    }
                }
                Bound::Upper => {
                    if value < beta {
                        beta = value;
                        if alpha >= beta {
                            return beta;
                        }
                    }
                }
            }
            table_best = entry.best;
        }
        if parent_probed {
            self.nodes += 1;
        }
        if stop_only && (self.busy.is_none() || empties < BUSY_MIN_EMPTIES) {
            let best = table_best.map(flip);
            return self.stop_deadline_win(
                current,
                mask,
                moves,
                ply,
                (alpha, beta),
                key,
                best,
                flip,
            );
        }

        // Look one move ahead: a move after which the opponent faces two of
        // our immediate wins, or has no move that neither leaves one open nor
        // plays under one, wins with our next stone, the best score left.
        // Without one, nobody wins within the next two stones of ours. (As
        // c4's static look-ahead does, though c4 looks before the table: after
        // it, a table cutoff skips the look-ahead's work, and the tree is the
        // same. Same nodes, 0.95x the time on Test_L1_R3, 0.94x on L1_R2.)
        //
        // Order: by the useful threats a move creates (a threat right above an
        // opponent's threat can never be used), those right above a playable
        // cell counting double (counting extra at all, as in Steininger's c4:
        // -5% nodes, 0.88x-0.96x time on L2_R2, L1_R2, L1_R3), centre first on
        // ties. (Double rather than one and a half, chosen by node counts on
        // positions outside the benchmark's, Test_L1_R2's 201st to 400th,
        // L1_R3's 21st to 30th, and L2_R2: 1.0%, 1.2% and 0.7% fewer there;
        // 0.6% on the first 200 of L1_R2, 1.0% on the first 20 of L1_R3; 0.99x
        // the time on L1_R2's first 200, by each position's fastest and median
        // of 6 rounds. Two and a third up to three times: 0.1% to 0.4% more
        // nodes than double; one and two thirds or three quarters, as many as
        // one and a half. A pair of useful threats one above the other
        // counting half a threat to a whole one more: 0.9%, 0.4% and 0.7%
        // fewer nodes still (1.0% on L1_R2's first 200), but no less time
        // here, 0.98x to 1.03x on L1_R2's first 200 over four runs of two ways
        // of writing it, and 2.7% to 3.7% more instructions a node on an AVX2
        // build, which counts bits without a vector instruction for it
        // (callgrind, L1_R2's first 40); minus half a threat, 2.2% to 3.4%
        // more nodes. A threat right above the move's own cell, which the
        // opponent must answer at once, counting half a threat more or less:
        // 1.5% and 3.9% more on L1_R2's 201st to 400th, a whole threat less
        // 46% more; a threat two rows above a playable cell counting half a
        // threat more or less: 3.2% to 4.2% more on all three. Moves that
        // leave the opponent fewer replies that do not lose at once first,
        // half a threat a reply: 1.34x the nodes on L1_R2's 201st to 400th;
        // more first, 9.4x; a single reply counting half a threat more, the
        // same nodes within 0.5% there and on L2_R2. The centre counting a
        // quarter of a threat a column instead of breaking ties: 15% to 20%
        // more. Ties broken first by the row of the move's cell, lowest or
        // highest first: 9.4x and 1.8x the nodes on L1_R2's 201st to 400th; by
        // its parity, the rows the mover's zugzwang favours first or last:
        // 1.6x and 2.3x.) When forcing, threats the opponent must answer at
        // once come first. The table's move goes first once it is known.
        // (Other tie-breaks measured worse on the first 20 of Test_L1_R3: the
        // last move that cut off at the same ply, 2.1x the nodes; the cell's
        // number of windows of four on the board, +4%, and +9% on L1_R2's
        // first 200. Threats in the rows the mover's zugzwang favours, odd
        // rows for the first player and even for the second, counting 1, 2 or
        // 4 extra: +0.9% to +2.1% nodes on L1_R3, +0.7% to +1.9% on L1_R2.
        // Threats playable at once counting 1 or 2 extra outside forcing
        // windows, nearer c4's weights: +3.7% and +26% nodes on L2_R2, +5.5%
        // and +36% on L1_R2. A history of the cells that cut off from 16 or 20
        // empty cells up, counted afresh each window and worth up to half a
        // threat there: 2% to 14% more nodes on the first 200 of L1_R2, 2% to
        // 16% on L1_R3's first 20. The cell right above the opponent's last
        // stone, the answer in the same column that claimeven and the odd
        // threat play, first on ties: L2_R2 +12% nodes, L1_R2's first 200
        // +55%, L1_R3's first 20 2.3x; for the second player only, +2.4%, +21%
        // and +26%; for the first only, +7%, +23% and +67%. A move's worth in
        // defence too, the opponent's new threats it denies, its cell's
        // completions of the opponent's stones weighted 1, 2 or 3: L2_R2 +30%,
        // +56% and +92% nodes, L1_R2's first 200 +59%, +86% and +179%;
        // weighted -1, +29% and +53%.)
        //
        // With the first player to move, the odd threat one move ahead: a
        // move after which exactly one column has an odd number of empty
        // cells (none has one now and the move makes it, or two have and
        // the move is in one of them) may win by it. (Against the odd threat
        // at the node alone, 3 rounds alternating: the first 200 of
        // Test_L1_R2 3% fewer nodes in 1.04x to 1.05x the time, the first 20
        // of L1_R3 6% fewer in the same time, the empty board 94.3 M nodes
        // against 103.6 M in 0.96x the time. A cheaper test first, whether
        // the move leaves any threat in an odd row, measured the same.)
        //
        // So is the odd threat with three columns (`Board::odd_threats_bound`),
        // after a move that leaves exactly three (two have one now and the
        // move is in another column, or four have and the move is in one of
        // them), looked at only where its bound reaches beta: that spares
        // the line tests of every threat too high to cut off. (L2_R2 4.1%
        // fewer nodes, the first 200 of L1_R2 2.9%, the first 20 of L1_R3
        // 5.9%, the empty board 46.0 M against 51.1 M; user time 0.97x to
        // 1.04x on L2_R2 and 0.97x to 1.03x on L1_R2's first 200 (within
        // noise, 10 to 16 and 4 rounds alternating), 0.94x-0.95x on L1_R3's
        // first 20 (3 rounds), 0.88x-0.96x on the empty board (2 rounds).
        // Only from 12 empty cells up: 3.3% fewer on L2_R2, and no faster.
        // First a test that the move leaves a threat in an odd row: the
        // same time.) Not looked for where alpha is half the height or more,
        // the most either rule ever gives, so that it cannot raise alpha
        // (see `Board::half_height`, where this is measured with the other
        // rules' like tests; this test alone, in an earlier stop: 0.7% fewer
        // instructions on L1_R2's first 40, no faster).
        let odd_columns = possible & b.even_cells;
        // Whether a move can leave one such column or three.
        let odd_ahead = ply % 2 == 0
            && !b.even_cells.is_empty()
            && alpha < b.half_height
            && odd_columns.count_ones() <= 4;
        let mut sorted = OrderedMoves::default();
        for first in (0..b.width).step_by(LOOK_LANES) {
            let looks = MoveLooks::new(
                b,
                rule,
                current,
                mask,
                moves,
                empty,
                opponent_wins,
                first,
                self.forcing,
            );
            match looks.order(
                &mut sorted,
                b,
                rule,
                current,
                mask,
                empty,
                odd_ahead,
                odd_columns,
                &mut alpha,
                beta,
            ) {
                Some(None) => return best_possible,
                Some(Some(value)) => return value,
                None => {}
            }
        }
        // (One stone further, counted and left out: where the window asks
        // for a win with the mover's third stone, no line of four it could
        // have by then, with at most three empty cells and at most five
        // cells to fill, those below its empty cells counted, bounds the
        // score below it. It settles 1.4%-1.8% of those windows, for 0.3%
        // fewer nodes on L2_R2, the first 200 of L1_R2 and the first 20 of
        // L1_R3: the look-ahead and the table leave few such windows open.)
        //
        // (The opponent's follow-up with a deadline, counted and left out:
        // where beta is above 0 and the window asks for a win by the mover's
        // third stone or later, the opponent answering each stone in the
        // same column leaves the mover only the cells an even number of rows
        // above each column's lowest empty cell, those its stones reach by
        // the deadline; a column with an odd number of empty cells that the
        // mover could fill before it is paired with another, the opponent
        // answering the first stone in either at the other's foot, which
        // leaves the mover the foot and the odd rows there. No line in those
        // cells, with one more needed only from the cells the last stone
        // reaches, bounds the score below beta. It settled 8% of the windows
        // at the third stone and none further up: L1_R2's first 200 3.4%
        // fewer nodes, L2_R2 1.9% fewer, for 0.9% more instructions on
        // L1_R2's first 40, counted by callgrind.)
        if beta > best_possible - 1 {
            beta = best_possible - 1;
            if alpha >= beta {
                return beta;
            }
        }

        // (Without a table move, the move claimeven one ply ahead bounded
        // best first: 5.0% more nodes on the first 20 of Test_L1_R3, 2.8% on
        // the first 200 of L1_R2. A node that fails low keeping the move
        // with its highest bound as its table move, for the window after,
        // where it may cut off: 0.9% more nodes on L2_R2, 0.3% on L1_R2's
        // first 200, 1.6% on L1_R3's first 20. Without a table move, from
        // `ETC_MIN_EMPTIES` up, the move whose entry the enhanced
        // transposition cutoff finds with the biggest subtree first, the
        // one an earlier window found hardest to refute: 4.0% more nodes on
        // L2_R2, 4.6% on L1_R2's first 200, 3.4% on L1_R3's first 20; only
        // among entries whose lower bound is the one this window asks
        // beyond, refuted no further: 6.1%, 4.7% and 3.9% more. The table's
        // move searched before the look that orders the others, so that a
        // cutoff by it spares the look: 0.5% more nodes on L1_R2's first
        // 200, 0.4% on L2_R2, and 1.01x the time on L1_R2's first 200 by
        // each position's fastest and median of 4 rounds. Few nodes have a
        // table move at all, 0.8% of those past the table there, since an
        // earlier window's entry mostly settles the node or is missing, and
        // its move cuts off at half of them.)
        if let Some(best) = table_best {
            sorted.promote(flip(best));
        }

        // Enhanced transposition cutoff: a child whose stored upper bound is
        // low enough refutes the window before any child is searched. (A
        // sampling profile of L1_R2's first 20 puts 9% of the time on these
        // probes' first loads, 3 points of it past a forced reply, whose
        // entry nothing loads ahead. Every key first, those past a forced
        // reply loaded at once so that the loads overlap, then the looks:
        // the same time on L1_R2's first 200 over 6 and 8 rounds
        // alternating. The first move, which is searched first anyway, not
        // looked up: the same nodes within 0.001%, no faster. The others
        // looked up only once the first move has failed to cut off, so that
        // a node whose first move cuts off, 85% of those that cut off at
        // all, reads none: L2_R2 9% more nodes, the first 200 of L1_R2 18%,
        // the first 20 of L1_R3 21%, in 1.09x-1.10x the time on L1_R2's
        // first 200; only at nodes with a table move, whose first move
        // cuts off likeliest: 0.4% to 0.6% more nodes, 1.0x-1.02x the time.)
        if empties >= ETC_MIN_EMPTIES {
            for i in 0..sorted.len {
                let cell = sorted.cells[i];
                // A node with a single move to play stores nothing: when the
                // opponent's reply is forced, look past it, at the position
                // after it, whose value is the one this move leads to. (The
                // replies as the look-ahead finds them, written again: a
                // helper shared by both measured 1.03-1.08x slower.)
                let threats = sorted.lines[i] & (empty ^ cell);
                let playable = ((mask | cell) + b.bottom) & b.cells_mask;
                let wins_next = threats & playable;
                let replies = if wins_next.is_empty() {
                    playable
                } else {
                    wins_next
                } & !(threats >> 1);
                if replies.without_lowest().is_empty() {
                    if empties < ETC_REPLY_MIN_EMPTIES {
                        continue;
                    }
                    let (gc_key, _) =
                        self.table_key((current | cell) + (mask | cell | replies), empties - 2);
                    if let Some(entry) = self.table(empties - 2).probe(gc_key) {
                        if entry.bound != Bound::Upper && entry.value >= beta {
                            self.table(empties).store(
                                key,
                                entry.value,
                                1,
                                Bound::Lower,
                                Some(flip(sorted.cols[i])),
                            );
                            return entry.value;
                        }
                    }
                    continue;
                }
                let child_key = self.child_key(current, mask, cell, mirrors, empties);
                if let Some(entry) = self.table(empties - 1).probe(child_key) {
                    if entry.bound != Bound::Lower && -entry.value >= beta {
                        self.table(empties).store(
                            key,
                            -entry.value,
                            1,
                            Bound::Lower,
                            Some(flip(sorted.cols[i])),
                        );
                        return -entry.value;
                    }
                }
            }
        }
        let nodes_before = self.nodes;
        let original_alpha = alpha;
        let mut best_move = None;
        // Fail soft: the best score found, an upper bound when no move
        // reaches alpha, so the root's next window can jump past it.
        let mut best = i32::MIN;
        // With threads, a move another thread is searching (not the first)
        // waits until the others are done (simplified ABDADA): by then its
        // result is likely in the table.
        let busy = self.busy.filter(|_| empties >= BUSY_MIN_EMPTIES);
        let mut queue = [0u8; 2 * MAX_COLUMNS];
        for (i, slot) in queue[..sorted.len].iter_mut().enumerate() {
            *slot = i as u8;
        }
        let (mut next, mut queued) = (0, sorted.len);
        if busy.is_some() {
            self.path[ply as usize] = (key, alpha, beta);
        }
        while next < queued {
            let i = usize::from(queue[next]);
            let first_pass = next < sorted.len;
            next += 1;
            let (cell, col, lines) = (sorted.cells[i], sorted.cols[i], sorted.lines[i]);
            let (c, m) = play(current, mask, cell);
            let mut child_key = B::ZERO;
            if let Some(busy) = busy {
                child_key = self.child_key(current, mask, cell, mirrors, empties);
                if first_pass && i > 0 && busy.is_busy(child_key) {
                    queue[queued] = i as u8;
                    queued += 1;
                    continue;
                }
                busy.enter(child_key);
            }
            let score = -self.negamax(c, m, lines, ply + 1, -beta, -alpha);
            if let Some(busy) = busy {
                busy.leave(child_key);
            }
            if self.aborted {
                if self.unwind_to != Some(ply) {
                    return 0;
                }
                // Another thread settled this node: its answer stands, or,
                // lost from the table since, the node is searched again.
                self.aborted = false;
                self.unwind_to = None;
                return match self.settled(key, empties, alpha, beta) {
                    Some(value) => value,
                    None => self.negamax(current, mask, opponent_lines, ply, alpha, beta),
                };
            }
            if score >= beta {
                let work = work_depth(self.nodes - nodes_before);
                self.table(empties)
                    .store(key, score, work, Bound::Lower, Some(flip(col)));
                return score;
            }
            best = best.max(score);
            if score > alpha {
                alpha = score;
                best_move = Some(col);
            }
        }
        // (Results of subtrees of one or two nodes not stored, to spare their
        // writes: 0.4% and 3.0% more nodes on L1_R2's first 200, 0.3% and
        // 2.7% on L2_R2, in 1.02x the time on L1_R2's first 200 by each
        // position's fastest and median of 3 rounds.)
        let work = work_depth(self.nodes - nodes_before);
        let (value, bound) = if alpha > original_alpha {
            (alpha, Bound::Exact)
        } else {
            (best, Bound::Upper)
        };
        self.table(empties)
            .store(key, value, work, bound, best_move.map(flip));
        value
    }
}

/// The score of a finished game for the side to move (the rules own it).
fn finished_score<G: Game>(position: &G, weak: bool) -> i32 {
    debug_assert!(position.outcome().is_some());
    weak_or_exact(crate::score::rule_score(position).unwrap_or(0), weak)
}

/// A score as a weak solve gives it (only its sign) or as it is.
#[inline]
fn weak_or_exact(score: i32, weak: bool) -> i32 {
    if weak {
        score.signum()
    } else {
        score
    }
}

/// The size of a subtree as a table "depth": its bit length, so bigger
/// subtrees are kept when a bucket is full.
#[inline]
fn work_depth(nodes: u64) -> u8 {
    (64 - nodes.leading_zeros()) as u8
}

#[inline]
fn play<B: Bitboard>(current: B, mask: B, cell: B) -> (B, B) {
    (current ^ mask, mask | cell)
}

/// The columns [`MoveLooks`] looks at together: a board of up to 8 columns
/// needs one look, a wider one two.
const LOOK_LANES: usize = 8;

/// What the look one move ahead finds for each of `LOOK_LANES` columns in the
/// order of [`Board::order`], from the `first`, worked out for all of them at
/// once, a column to a lane of the vector registers (against one column at
/// a time, same nodes: the whole run's user time 0.96x on the first 200 of
/// Test_L1_R2, 0.98x to 0.99x on the first 20 of L1_R3, minimum and median
/// of 3 and 4 rounds alternating). A column that is not a move has no
/// cell, and the rest of its entries mean nothing.
struct MoveLooks<B: Bitboard> {
    /// The first column's place in [`Board::order`].
    first: usize,
    /// The cell of the move.
    cells: [B; LOOK_LANES],
    /// The line completions of the mover's stones after it.
    lines: [B; LOOK_LANES],
    /// 1 if it wins with the mover's next stone (the opponent faces two
    /// immediate wins, or has no move that neither leaves one open nor plays
    /// under one), else 0: a number, not a `bool`, so that the lanes stay
    /// in vector registers.
    wins: [u64; LOOK_LANES],
    /// Its ordering weight (see [`Search::negamax`]).
    weights: [i32; LOOK_LANES],
}

impl<B: Bitboard> MoveLooks<B> {
    /// The looks of the node (`current`, `mask`) with its `moves`, `empty`
    /// cells and the opponent's winning cells `opponent_wins`, from the
    /// `first` column in order; `forcing` as [`Search::forcing`].
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn new<L: LineRule<B>>(
        b: &Board<B>,
        rule: L,
        current: B,
        mask: B,
        moves: B,
        empty: B,
        opponent_wins: B,
        first: usize,
        forcing: bool,
    ) -> Self {
        let cells: [B; LOOK_LANES] = std::array::from_fn(|k| {
            b.order
                .get(first + k)
                .map_or(B::ZERO, |&column| moves & column)
        });
        let lines = rule.completions_many(cells.map(|cell| current | cell), b.stride);
        let mut wins = [0; LOOK_LANES];
        let mut weights = [0; LOOK_LANES];
        let forcing_weight = if forcing { 8 } else { 0 };
        for k in 0..LOOK_LANES {
            let cell = cells[k];
            let threats = lines[k] & (empty ^ cell);
            let playable = ((mask | cell) + b.bottom) & b.cells_mask;
            let wins_next = threats & playable;
            // `wins_next` if it has a cell, else `playable`, without a branch.
            let some_win = B::ZERO.wrapping_sub(if wins_next.is_empty() {
                B::ZERO
            } else {
                B::bit(0)
            });
            let replies = ((wins_next & some_win) | (playable & !some_win)) & !(threats >> 1);
            let useful = threats & !(opponent_wins << 1);
            weights[k] = 2 * useful.count_ones() as i32
                + 2 * (useful & (playable << 1)).count_ones() as i32
                + forcing_weight * (useful & playable).count_ones() as i32;
            wins[k] = u64::from(!wins_next.without_lowest().is_empty() | replies.is_empty());
        }
        MoveLooks {
            first,
            cells,
            lines,
            wins,
            weights,
        }
    }

    /// Whether a move wins with the mover's next stone (see
    /// [`MoveLooks::wins`]).
    #[inline(always)]
    fn wins_any(&self) -> bool {
        (0..LOOK_LANES).any(|k| self.wins[k] != 0 && !self.cells[k].is_empty())
    }

    /// Puts the moves in `sorted` in order (see [`Search::negamax`]), or
    /// says what the node returns at once: `Some(None)` for a win with the
    /// mover's next stone, the best score left, or `Some` of the raised
    /// `alpha` where the odd threat one move ahead (with one column of an
    /// odd number of empty cells or three) reaches `beta`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn order<L: LineRule<B>>(
        &self,
        sorted: &mut OrderedMoves<B>,
        b: &Board<B>,
        rule: L,
        current: B,
        mask: B,
        empty: B,
        odd_ahead: bool,
        odd_columns: B,
        alpha: &mut i32,
        beta: i32,
    ) -> Option<Option<i32>> {
        for k in 0..LOOK_LANES.min(b.width - self.first) {
            let (cell, rank) = (self.cells[k], self.first + k);
            if cell.is_empty() {
                continue;
            }
            if self.wins[k] != 0 {
                return Some(None);
            }
            let lines = self.lines[k];
            // The columns of an odd number of empty cells after the move:
            // one fewer if it is in one of them, else one more.
            let odd_after = if odd_ahead {
                odd_columns.count_ones() + 1 - 2 * u32::from(!(cell & odd_columns).is_empty())
            } else {
                0
            };
            if odd_after == 1 || odd_after == 3 {
                let (second, child_empty) = (current ^ mask, empty ^ cell);
                let child_possible = ((mask | cell) + b.bottom) & b.cells_mask;
                let found = if odd_after == 1 {
                    b.odd_threat_bound(rule, second, child_empty, child_possible, lines, -beta)
                } else {
                    b.odd_threats_bound(rule, second, child_empty, child_possible, lines, -beta)
                };
                if let Some((bound, _)) = found {
                    if -bound > *alpha {
                        *alpha = -bound;
                        if *alpha >= beta {
                            return Some(Some(*alpha));
                        }
                    }
                }
            }
            sorted.insert(
                cell,
                b.order_cols[rank],
                lines,
                self.weights[k] * 16 - rank as i32,
            );
        }
        None
    }
}

/// Up to sixteen moves kept in descending score order by insertion: the
/// solver's own list of cells, columns and scores (not `inarow_games::MoveList`).
/// (Left unzeroed, `MaybeUninit`, with each move's cell and lines kept at
/// its column's place and only its place and score moved as the list is
/// sorted: the same nodes, 1.01x and 1.02x the time on the first 200 of
/// Test_L1_R2 by each position's fastest and median of 4 rounds.)
struct OrderedMoves<B: Bitboard> {
    cells: [B; MAX_COLUMNS],
    cols: [u8; MAX_COLUMNS],
    /// The line completions of the stones after each move.
    lines: [B; MAX_COLUMNS],
    scores: [i32; MAX_COLUMNS],
    len: usize,
}

impl<B: Bitboard> Default for OrderedMoves<B> {
    fn default() -> Self {
        OrderedMoves {
            cells: [B::ZERO; MAX_COLUMNS],
            cols: [0; MAX_COLUMNS],
            lines: [B::ZERO; MAX_COLUMNS],
            scores: [0; MAX_COLUMNS],
            len: 0,
        }
    }
}

impl<B: Bitboard> OrderedMoves<B> {
    /// Moves column `col`, if present, to the front.
    #[inline]
    fn promote(&mut self, col: u8) {
        if let Some(at) = self.cols[..self.len].iter().position(|&c| c == col) {
            self.cells[..=at].rotate_right(1);
            self.cols[..=at].rotate_right(1);
            self.lines[..=at].rotate_right(1);
            self.scores[..=at].rotate_right(1);
        }
    }

    #[inline]
    fn insert(&mut self, cell: B, col: u8, lines: B, score: i32) {
        let mut i = self.len;
        self.len += 1;
        while i > 0 && self.scores[i - 1] < score {
            self.cells[i] = self.cells[i - 1];
            self.cols[i] = self.cols[i - 1];
            self.lines[i] = self.lines[i - 1];
            self.scores[i] = self.scores[i - 1];
            i -= 1;
        }
        self.cells[i] = cell;
        self.cols[i] = col;
        self.lines[i] = lines;
        self.scores[i] = score;
    }
}

/// Connect Four's oracle is the exact solver.
impl<B: TableKey, P: Dropped<B>> Oracle<P> for SolverOf<B, P> {
    fn populate(&mut self, position: &P) {
        self.set_game(position);
        SolverOf::populate(self);
    }

    const HASH_PERCENT: usize = 50;
    const KEEPS: bool = true;

    fn new(hash_bytes: usize) -> Self {
        Self::with_bytes(Size::STANDARD, hash_bytes)
    }

    fn clear(&mut self) {
        SolverOf::clear(self);
    }

    fn set_threads(&mut self, threads: usize) {
        SolverOf::set_threads(self, threads);
    }

    fn set_book(&mut self, book: Option<Arc<Book>>) {
        SolverOf::set_book(self, book);
    }

    fn answered_by_book(&self) -> bool {
        SolverOf::answered_by_book(self)
    }

    fn solve(
        &mut self,
        position: &P,
        lines: usize,
        limits: &SolveLimits<'_>,
    ) -> Option<ProvenLines<P::Move>> {
        // Pons's scores belong to positions, not to a root: what the table
        // learnt for earlier moves of the game stays true.
        let mut moves: Vec<(P::Move, Score)> = if lines <= 1 {
            let (best, pons) = self.best_move_within(position, limits)?;
            vec![(best, score_from_pons(position, pons))]
        } else {
            let scores = self.analyze_within(position, false, limits)?;
            scores
                .into_iter()
                .enumerate()
                .filter_map(|(col, pons)| {
                    let mv = position.move_in(Column(col as u8))?;
                    pons.map(|pons| (mv, score_from_pons(position, pons)))
                })
                .collect()
        };
        moves.sort_by_key(|&(_, score)| -score.value());
        // The lines shown get their principal variations, as far as the
        // limits allow; the rest keep just their move.
        Some(
            moves
                .into_iter()
                .enumerate()
                .map(|(i, (mv, score))| {
                    let pv = if i < lines.max(1) {
                        self.principal_variation_within(position, mv, limits)
                    } else {
                        vec![mv]
                    };
                    (pv, score)
                })
                .collect(),
        )
    }

    fn keep(
        &mut self,
        position: &P,
        first: Option<P::Move>,
        limits: &SolveLimits<'_>,
    ) -> Kept<P::Move> {
        let mut refuted = Vec::new();
        let line = self
            .keeping_move_within(position, first, limits, &mut refuted)
            .map(|(mv, sign)| (mv, score_from_pons(position, sign)));
        Kept { line, refuted }
    }

    fn nodes(&self) -> u64 {
        SolverOf::nodes(self)
    }
}

/// Connect Four's exact scorer is the solver, with its book; so is a
/// Connect-k member's.
impl<B: TableKey, P: Dropped<B>> ExactScorer<P> for SolverOf<B, P> {
    fn bounds(&mut self, position: &P, weak: bool, limits: &SolveLimits<'_>) -> Bounds {
        self.bounds_within(position, weak, limits)
    }

    fn rule_bound(&mut self, position: &P) -> Option<RuleBound> {
        SolverOf::rule_bound(self, position)
    }

    fn move_bounds(
        &mut self,
        position: &P,
        weak: bool,
        limits: &SolveLimits<'_>,
    ) -> Vec<(P::Move, Bounds)> {
        self.analyze_bounds_within(position, weak, limits)
            .into_iter()
            .enumerate()
            .filter_map(|(col, bounds)| Some((position.move_in(Column(col as u8))?, bounds?)))
            .collect()
    }

    fn best_move(&mut self, position: &P, limits: &SolveLimits<'_>) -> Option<(P::Move, i32)> {
        self.best_move_within(position, limits)
    }

    fn move_keeps(
        &mut self,
        position: &P,
        mv: P::Move,
        score: i32,
        limits: &SolveLimits<'_>,
    ) -> Option<bool> {
        self.move_keeps_within(position, mv, score, limits)
    }

    fn nodes(&self) -> u64 {
        SolverOf::nodes(self)
    }

    fn populate(&mut self, _position: &P) {
        SolverOf::populate(self);
    }

    fn answered_by_book(&self) -> bool {
        SolverOf::answered_by_book(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use inarow_games::{Connect4, Connect4Wide};

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
            let wide = Connect4Wide::from_move_string(size, moves).unwrap();
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
        let row =
            |r: u32, first: u32| cells(&(first..first + 4).map(|c| (c, r)).collect::<Vec<_>>());
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
        for (dims, half) in [("7x6", 3), ("4x4", 2), ("8x8", 4), ("5x2", 1), ("7x7", 0)] {
            let size: Size = dims.parse().unwrap();
            let board = Board::<u64>::new(size);
            assert_eq!(board.half_height, half, "{dims}");
            // Claimeven's bounds: those of its rows, or -1.
            for &(rows, bound) in &board.even_rows {
                if !rows.is_empty() {
                    assert!(-half <= bound && bound < 0, "{dims}");
                }
            }
            // The odd threat's, on boards of an even height: any threat in
            // a column of an odd number of empty cells.
            let h = size.height();
            for empties in (1..=h).filter(|e| half > 0 && e % 2 == 1) {
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
}
