//! The move order: the look one move ahead at every move at once, a column
//! to a vector lane, and the list of moves it sorts. Bitboards are in Pons's
//! layout (see `board`).

use inarow_games::Bitboard;

use super::board::Board;
use super::lines::LineRule;
use super::params::MAX_COLUMNS;

/// The columns [`MoveLooks`] looks at together: a board of up to 8 columns
/// needs one look, a wider one two.
pub(super) const LOOK_LANES: usize = 8;

/// What the look one move ahead finds for each of `LOOK_LANES` columns in the
/// order of [`Board::order`], from the `first`, worked out for all of them at
/// once, a column to a lane of the vector registers. A column that is not a
/// move has no cell, and the rest of its entries mean nothing.
pub(super) struct MoveLooks<B: Bitboard> {
    /// The first column's place in [`Board::order`].
    pub(super) first: usize,
    /// The cell of the move.
    pub(super) cells: [B; LOOK_LANES],
    /// The line completions of the mover's stones after it.
    pub(super) lines: [B; LOOK_LANES],
    /// 1 if it wins with the mover's next stone (the opponent faces two
    /// immediate wins, or has no move that neither leaves one open nor plays
    /// under one), else 0: a number, not a `bool`, so that the lanes stay
    /// in vector registers.
    pub(super) wins: [u64; LOOK_LANES],
    /// Its ordering weight (see `Search::order_moves`).
    pub(super) weights: [i32; LOOK_LANES],
}

impl<B: Bitboard> MoveLooks<B> {
    /// The looks of the node (`current`, `mask`) with its `moves`, `empty`
    /// cells and the opponent's winning cells `opponent_wins`, from the
    /// `first` column in order; `forcing` as [`Search::forcing`].
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn new<L: LineRule<B>>(
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
        if B::WORDS == 2 {
            let (wins, weights) =
                Self::look_two_words(b, cells, lines, mask, empty, opponent_wins, forcing);
            return MoveLooks {
                first,
                cells,
                lines,
                wins,
                weights,
            };
        }
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

    /// The wins and the weights of [`MoveLooks::new`] on a board of two
    /// words, worked out on the `LOOK_LANES` low words and the high words as
    /// arrays of `u64`, which fill vector lanes where lanes of `u128` would
    /// not: the same values, word by word, with the bits that cross from the
    /// low word to the high one (a carry, a shift) carried over.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn look_two_words(
        b: &Board<B>,
        cells: [B; LOOK_LANES],
        lines: [B; LOOK_LANES],
        mask: B,
        empty: B,
        opponent_wins: B,
        forcing: bool,
    ) -> ([u64; LOOK_LANES], [i32; LOOK_LANES]) {
        type Lanes = [u64; LOOK_LANES];
        let words = |sets: [B; LOOK_LANES], i: usize| -> Lanes { sets.map(|s| s.word(i)) };
        let (cell_lo, cell_hi) = (words(cells, 0), words(cells, 1));
        let (line_lo, line_hi) = (words(lines, 0), words(lines, 1));
        let (mask_lo, mask_hi) = (mask.word(0), mask.word(1));
        let (empty_lo, empty_hi) = (empty.word(0), empty.word(1));
        let (bottom_lo, bottom_hi) = (b.bottom.word(0), b.bottom.word(1));
        let (cells_lo, cells_hi) = (b.cells_mask.word(0), b.cells_mask.word(1));
        let guarded = opponent_wins << 1;
        let (guarded_lo, guarded_hi) = (guarded.word(0), guarded.word(1));
        let forcing_weight = if forcing { 8 } else { 0 };
        let mut wins = [0; LOOK_LANES];
        let mut weights = [0; LOOK_LANES];
        for k in 0..LOOK_LANES {
            let threat_lo = line_lo[k] & (empty_lo ^ cell_lo[k]);
            let threat_hi = line_hi[k] & (empty_hi ^ cell_hi[k]);
            let (sum_lo, carry) = (mask_lo | cell_lo[k]).overflowing_add(bottom_lo);
            let playable_lo = sum_lo & cells_lo;
            let playable_hi = ((mask_hi | cell_hi[k]) + bottom_hi + u64::from(carry)) & cells_hi;
            let next_lo = threat_lo & playable_lo;
            let next_hi = threat_hi & playable_hi;
            let next_count = next_lo.count_ones() + next_hi.count_ones();
            // `wins_next` if it has a cell, else `playable`, without a branch.
            let some_win = 0u64.wrapping_sub(u64::from(next_count != 0));
            let reply_lo = ((next_lo & some_win) | (playable_lo & !some_win))
                & !(threat_lo >> 1 | threat_hi << 63);
            let reply_hi = ((next_hi & some_win) | (playable_hi & !some_win)) & !(threat_hi >> 1);
            let useful_lo = threat_lo & !guarded_lo;
            let useful_hi = threat_hi & !guarded_hi;
            let above_lo = useful_lo & (playable_lo << 1);
            let above_hi = useful_hi & (playable_hi << 1 | playable_lo >> 63);
            let useful = useful_lo.count_ones() + useful_hi.count_ones();
            let above = above_lo.count_ones() + above_hi.count_ones();
            let now =
                (useful_lo & playable_lo).count_ones() + (useful_hi & playable_hi).count_ones();
            weights[k] = 2 * useful as i32 + 2 * above as i32 + forcing_weight * now as i32;
            wins[k] = u64::from(next_count >= 2 || reply_lo | reply_hi == 0);
        }
        (wins, weights)
    }

    /// Whether a move wins with the mover's next stone (see
    /// [`MoveLooks::wins`]).
    #[inline(always)]
    pub(super) fn wins_any(&self) -> bool {
        (0..LOOK_LANES).any(|k| self.wins[k] != 0 && !self.cells[k].is_empty())
    }

    /// Puts the moves in `sorted` in order (see `Search::order_moves`), or
    /// says what the node returns at once: `Some(None)` for a win with the
    /// mover's next stone, the best score left, or `Some` of the raised
    /// `alpha` where the odd threat one move ahead (with one column of an
    /// odd number of empty cells or three) reaches `beta`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn order<L: LineRule<B>>(
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
pub(super) struct OrderedMoves<B: Bitboard> {
    pub(super) cells: [B; MAX_COLUMNS],
    pub(super) cols: [u8; MAX_COLUMNS],
    /// The line completions of the stones after each move.
    pub(super) lines: [B; MAX_COLUMNS],
    pub(super) scores: [i32; MAX_COLUMNS],
    pub(super) len: usize,
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
    pub(super) fn promote(&mut self, col: u8) {
        if let Some(at) = self.cols[..self.len].iter().position(|&c| c == col) {
            self.cells[..=at].rotate_right(1);
            self.cols[..=at].rotate_right(1);
            self.lines[..=at].rotate_right(1);
            self.scores[..=at].rotate_right(1);
        }
    }

    #[inline]
    pub(super) fn insert(&mut self, cell: B, col: u8, lines: B, score: i32) {
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
