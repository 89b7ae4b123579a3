//! Allis's rules on the board, which bound a position's score without
//! search: claimeven, every line counted, the odd threat with one column of
//! an odd number of empty cells or three. Bitboards are in Pons's layout
//! (see `board`).
//!
//! Allis named the players and the rows on 7x6; on any board they stand for:
//! - the first player: the side to move when an even number of cells is
//!   empty, and the second player the other (on a board of an odd number of
//!   cells, such as 9x7, the first player is the one that moved second);
//! - the even rows: every other row down from the top, that is the rows of
//!   the height's parity counted from 1 at the bottom (2, 4 and 6 on 7x6; 1,
//!   3, 5 and 7 on 9x7), the odd rows the others. In a column of an even
//!   number of empty cells, the second player, answering every move there,
//!   takes the upper cell of each pair up from the lowest empty one: the
//!   even rows.

use inarow_games::Bitboard;

use super::board::Board;
use super::lines::LineRule;
use super::params::MAX_CLAIMED_LINES;

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
    pub(super) fn claimeven<L: LineRule<B>>(
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
    pub(super) fn lines_bound<L: LineRule<B>>(&self, lines: L, claims: B, mask: B) -> Option<i32> {
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
    pub(super) fn claimeven_cells(&self, second: B, mask: B, possible: B) -> B {
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
    pub(super) fn claimeven_loss<L: LineRule<B>>(&self, lines: L, evens: B) -> i32 {
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
    /// (`current`), where exactly one column has an odd number of empty
    /// cells and the first player's `first_lines` hold a cell in an odd row
    /// of it (Allis's names, read for any board: see the module), the
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
    /// takes below the threat's count too (see [`Board::lines_bound`]).
    #[inline]
    pub(super) fn odd_threat_bound<L: LineRule<B>>(
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
    pub(super) fn odd_column(&self, playable: B, first_lines: B) -> (B, B) {
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
    #[inline]
    pub(super) fn odd_threats_bound<L: LineRule<B>>(
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
}

/// The cells of `column` below `threat`; all of them without a threat.
#[inline]
pub(super) fn below_threat<B: Bitboard>(column: B, threat: B) -> B {
    column & threat.wrapping_sub(B::bit(0))
}

/// The odd threat's bound: the most the second player scores when the
/// first wins with its stone on `threat` at the latest, the other cells of
/// `column` above it still empty.
#[inline]
pub(super) fn threat_bound<B: Bitboard>(column: B, threat: B) -> i32 {
    let above = column.count_ones() - below_threat(column, threat).count_ones() - 1;
    -(above as i32 + 1) / 2
}
