//! What the search knows of the k-in-a-row family, and its exact solver.
//!
//! **Evaluation.** Every window of `k` cells in a line is counted once per
//! direction: a window with no stone of the opponent's is open to the
//! player, and the more of the player's stones it holds the more it is
//! worth (a window one stone short is a threat). The stones of every
//! window are counted at once, bit-sliced: the `k` shifted boards are added
//! as binary numbers, one bitboard per bit of the count.
//!
//! **Candidates.** A move that lets the opponent make a line at once is
//! never a candidate: facing one threat the only candidate is to block it,
//! facing two there is none. On boards of more than 81 cells (gomoku's) the
//! search looks only at cells within two of a stone, as gomoku engines do;
//! the exact solver always looks at every cell.
//!
//! **Threat-space search.** At the search's horizon, a side with a line of
//! `k` one stone short somewhere looks for a victory by continuous fours
//! (VCF, Allis's threat-space search restricted to fours): a move that
//! makes a threat, the forced block, again, until a move makes two threats
//! at once or a line. Every move of such a line is forcing, so a win it finds
//! is a proven win.
//!
//! **Exact solving.** [`FamilySolver`] is negamax with alpha-beta on Pons's
//! scores (a win scores one plus the stones the winner has left), the
//! engine's transposition table and a null-window search on the score, as
//! Pons's solver does; it solves the small boards (3x3 to 5x5, 4x4 with
//! `k = 3`, 6x5 with `k = 4`) and Connect-k with gravity where the tree
//! allows. [`FamilyScorer`] gives the members with gravity and "k or
//! more" on a Connect-Four board to the Connect-Four solver instead, which
//! takes any `k` (see [`crate::LineRule`]).

use std::sync::Arc;

use inarow_games::kinarow::{bit_of, cells, down, has_bit, runs, up, Rules, MAX_K};
use inarow_games::{Bitboard, Cell, Game, KInARowOf, LongList, Player, Size};

use crate::analysis::{Bounds, ExactScorer};
use crate::book::Book;
use crate::heuristics::SearchGame;
use crate::limits::SolveLimits;
use crate::linebook;
use crate::oracle::{Oracle, ProvenLines};
use crate::score::{rule_bounds, rule_score, score_from_pons, win_next, Score, EVAL_LIMIT};
use crate::solver::{Dropped, RuleBound, SolverOf};
use crate::tt::{Bound, TableKey, TranspositionTableOf, TtEntry};

/// Boards of more cells than this are searched near their stones only.
const FULL_WIDTH_CELLS: u32 = 81;

/// The most plies a VCF line may take.
const VCF_DEPTH: u32 = 24;

/// The most positions one VCF search may visit.
const VCF_NODES: u32 = 2_000;

/// The cells of `b` and every cell within `distance` of one (in the eight
/// directions: a square around each stone), within `board`.
fn near<B: Bitboard>(rules: Rules, b: B, distance: u32, board: B) -> B {
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
fn open_windows<B: Bitboard>(rules: Rules, own: B, other: B, board: B) -> [u32; MAX_K] {
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
fn window_value(n: usize, k: usize) -> i32 {
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
fn gravity_threats<B: Bitboard>(position: &KInARowOf<B>) -> i32 {
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
fn cell_value<B: Bitboard>(rules: Rules, own: B, other: B, board: B, cell: Cell) -> i32 {
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

/// The moves of `position` that do not let the opponent make a line at
/// once, each with its ordering value; with `prune`, only cells near the
/// stones. The side to move cannot win at once.
fn candidates<B: Bitboard>(position: &KInARowOf<B>, prune: bool) -> LongList<(Cell, i32)> {
    let rules = position.rules();
    let playable = position.playable();
    let their_wins = position.opponent_winning_cells();
    let mut list = LongList::new();
    let forced = their_wins & playable;
    let mut cells_to_try = match forced.count_ones() {
        0 => playable,
        1 => forced,
        _ => return list,
    };
    if rules.gravity() {
        // A stone right below a cell the opponent wins on lets it play there.
        cells_to_try &= !down(their_wins, 1);
    } else if prune && forced.is_empty() {
        let stones = position.current() | position.opponent();
        cells_to_try = if stones.is_empty() {
            // The first stone: the centre.
            bit_of(Cell(rules.index(rules.width() / 2, rules.height() / 2)))
        } else {
            near(rules, stones, 2, position.board()) & playable
        };
    }
    let (own, other, board) = (position.current(), position.opponent(), position.board());
    for cell in cells(cells_to_try) {
        list.push((cell, cell_value(rules, own, other, board, cell)));
    }
    list
}

/// Whether the side to move wins by continuous fours within `depth` plies
/// (no gravity): each of its moves makes a threat the opponent must block,
/// until one makes two or a line. The side to move cannot win at once, and
/// the opponent has no threat of its own.
fn vcf<B: Bitboard>(position: &KInARowOf<B>, depth: u32, budget: &mut u32) -> Option<u32> {
    if depth < 3 || *budget == 0 {
        return None;
    }
    *budget -= 1;
    let rules = position.rules();
    let own = position.current();
    let empty = position.empty();
    // Cells that complete a line of k - 1 with one gap left: fours.
    let k = rules.k() as u32;
    let mut makers = B::ZERO;
    for s in rules.directions() {
        // Windows of k with k - 2 own stones and no other stone.
        let free = runs(own | empty, s, k);
        let mut planes = [B::ZERO; 6];
        let planes_needed = (32 - k.leading_zeros()) as usize;
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
        let target = (k - 2) as usize;
        let mut windows = free;
        for (bit, plane) in planes.iter().enumerate().take(planes_needed) {
            windows = if target >> bit & 1 == 1 {
                windows & *plane
            } else {
                windows & !*plane
            };
        }
        for j in 0..k {
            makers |= up(windows, j * s);
        }
    }
    makers &= empty;
    for cell in cells(makers) {
        let mut after = *position;
        after.play_unchecked(cell);
        // The threats it makes, for the side that just moved.
        let threats = after.opponent_winning_cells();
        match threats.count_ones() {
            0 => continue,
            1 => {}
            _ => return Some(3),
        }
        // The opponent must block, unless it can make a line itself.
        if after.can_win_next() {
            continue;
        }
        let block = Cell(threats.trailing_zeros() as u16);
        after.play_unchecked(block);
        if after.opponent_winning_cells().count_ones() > 0 {
            // The block made a threat of its own: the line is no longer forcing.
            continue;
        }
        if let Some(plies) = vcf(&after, depth - 2, budget) {
            return Some(plies + 2);
        }
    }
    None
}

/// A number that differs from member to member of the family, mixed into
/// the search table's keys.
fn rules_salt(rules: Rules) -> u128 {
    let packed = (rules.width() as u128)
        | (rules.height() as u128) << 8
        | (rules.k() as u128) << 16
        | u128::from(rules.gravity()) << 24
        | u128::from(rules.overlines()) << 25;
    (packed + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835)
}

impl<B: Bitboard> SearchGame for KInARowOf<B> {
    type Oracle = FamilyOracle;
    type TableKey = u128;

    /// A node may run a VCF search of up to `VCF_NODES` positions: a
    /// thousand nodes can take a third of a second on 15x15, which a
    /// manager's turn limit does not forgive.
    const CHECK_EVERY: u64 = 16;

    /// The key with the rules mixed in: one table serves every member.
    #[inline]
    fn table_key(&self) -> u128 {
        self.key128() ^ rules_salt(self.rules())
    }

    fn key_bits(&self) -> u32 {
        128
    }

    fn move_index(_mv: Cell, rank: usize) -> Option<u8> {
        (rank < 15).then_some(rank as u8)
    }

    fn prunes_candidates(&self) -> bool {
        !self.rules().gravity() && self.rules().cells() > FULL_WIDTH_CELLS
    }

    fn evaluate(&self) -> i32 {
        let rules = self.rules();
        let k = rules.k();
        let (own, other, board) = (self.current(), self.opponent(), self.board());
        let mine = open_windows(rules, own, other, board);
        let theirs = open_windows(rules, other, own, board);
        let mut value = 0;
        for n in 1..k {
            // The side to move has the initiative: its windows count more.
            value += 3 * window_value(n, k) * mine[n] as i32 / 2;
            value -= window_value(n, k) * theirs[n] as i32;
        }
        if rules.gravity() {
            value += gravity_threats(self);
        }
        (value + 10).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    #[inline]
    fn can_win_now(&self) -> bool {
        self.can_win_next()
    }

    fn candidate_moves(&self) -> LongList<(Cell, i32)> {
        candidates(self, self.prunes_candidates())
    }

    fn has_defence(&self) -> bool {
        let their_wins = self.opponent_winning_cells();
        let playable = self.playable();
        match (their_wins & playable).count_ones() {
            0 if self.rules().gravity() => !(playable & !down(their_wins, 1)).is_empty(),
            0 => !playable.is_empty(),
            // One threat: blocked unless the block lets the opponent win above it.
            1 if self.rules().gravity() => {
                (their_wins & playable & !down(their_wins, 1)) != B::ZERO
            }
            1 => true,
            _ => false,
        }
    }

    fn forced_win(&self) -> Option<u32> {
        let rules = self.rules();
        if rules.gravity() || rules.k() < 4 || !self.opponent_winning_cells().is_empty() {
            return None;
        }
        let mut budget = VCF_NODES;
        vcf(self, VCF_DEPTH, &mut budget)
    }
}

/// Whether the stones of `own` can still make a line: some window of `k`
/// cells holds none of `other`'s.
fn can_still_win<B: Bitboard>(rules: Rules, other: B, board: B) -> bool {
    has_run(rules, board & !other)
}

/// Whether `cells` hold `k` in a row (or more).
fn has_run<B: Bitboard>(rules: Rules, cells: B) -> bool {
    let k = rules.k() as u32;
    rules
        .directions()
        .into_iter()
        .any(|s| !runs(cells, s, k).is_empty())
}

/// The cells of every other rank from `first` (counted from 0) up.
fn every_other_rank<B: Bitboard>(rules: Rules, first: u32) -> B {
    let bottom = rules.bottom_mask::<B>();
    (first..rules.height() as u32)
        .step_by(2)
        .fold(B::ZERO, |rows, rank| rows | up(bottom, rank))
}

/// The cells of the even rows counted from 1 (2, 4, ...) of a gravity board
/// of even height, which the second player can claim; else none.
fn even_cells<B: Bitboard>(rules: Rules) -> B {
    if !rules.gravity() || rules.height() % 2 == 1 {
        return B::ZERO;
    }
    every_other_rank(rules, 1)
}

/// Claimeven (Allis), as the Connect-Four solver uses it, for any `k`: on a
/// gravity board of even height with the first player to move, the second
/// can take every even-row cell not playable now by answering in the same
/// column (and a playable one in another such column). With `evens` the
/// second's stones and those cells, the most the first player scores if it
/// has no line outside them: 0, or -1 when the second has a line in them
/// and a longer line also wins; `None` if the first has a line outside.
fn claimeven_bound<B: Bitboard>(rules: Rules, evens: B, board: B) -> Option<i32> {
    if has_run(rules, board & !evens) {
        return None;
    }
    Some(if rules.overlines() && has_run(rules, evens) {
        -1
    } else {
        0
    })
}

/// The board's symmetries other than the identity, each as the cell every
/// cell goes to: the mirror images (with gravity only left for right) and,
/// on a square board, the quarter turns and diagonal mirrors.
fn symmetries(rules: Rules) -> Vec<Vec<u16>> {
    let (w, h) = (rules.width(), rules.height());
    // The images of (x, y): left for right; up for down and both; and on a
    // square, the four that swap files and ranks.
    let image = |t: usize, x: usize, y: usize| match t {
        0 => (w - 1 - x, y),
        1 => (x, h - 1 - y),
        2 => (w - 1 - x, h - 1 - y),
        3 => (y, x),
        4 => (w - 1 - y, h - 1 - x),
        5 => (y, h - 1 - x),
        _ => (w - 1 - y, x),
    };
    let count = match (rules.gravity(), w == h) {
        (true, _) => 1,
        (false, false) => 3,
        (false, true) => 7,
    };
    (0..count)
        .map(|t| {
            let mut cells = vec![0u16; rules.bits() as usize];
            for x in 0..w {
                for y in 0..h {
                    let (tx, ty) = image(t, x, y);
                    cells[usize::from(rules.index(x, y))] = rules.index(tx, ty);
                }
            }
            cells
        })
        .collect()
}

/// Exact scores of the family's positions (see the module's text).
pub struct FamilySolver<B: Bitboard> {
    table: TranspositionTableOf<u128>,
    nodes: u64,
    end: Option<u64>,
    stopped: bool,
    /// The rules of the positions in the table.
    rules: Option<Rules>,
    /// The board's symmetries, on boards of at most 64 bits (whose keys are
    /// the stones themselves).
    symmetries: Vec<Vec<u16>>,
    /// The cells the second player can claim (see [`claimeven_bound`]).
    even_cells: B,
    marker: std::marker::PhantomData<B>,
}

/// The deadline and the stop signal are looked at every this many nodes.
const CHECK_EVERY: u64 = 4096;

/// When less than this much stack is left, the solver's recursion moves on
/// to a new segment of [`STACK_GROWTH`] bytes.
const STACK_RED_ZONE: usize = 256 * 1024;

/// The size of each new stack segment.
const STACK_GROWTH: usize = 8 * 1024 * 1024;

impl<B: Bitboard> FamilySolver<B> {
    /// A solver with a table of `hash_mib` MiB.
    #[must_use]
    pub fn new(hash_mib: usize) -> Self {
        FamilySolver {
            table: TranspositionTableOf::new(hash_mib.max(1), 128),
            nodes: 0,
            end: None,
            stopped: false,
            rules: None,
            symmetries: Vec::new(),
            even_cells: B::ZERO,
            marker: std::marker::PhantomData,
        }
    }

    /// Forgets every score and the node count.
    pub fn clear(&mut self) {
        self.table.clear();
        self.nodes = 0;
    }

    /// The table's key of `position`: the smallest key among its symmetric
    /// images, so that they share their entries.
    fn key(&self, position: &KInARowOf<B>) -> u128 {
        let key = position.key128();
        let maps = &self.symmetries;
        let stones = [
            position.stones(Player::First),
            position.stones(Player::Second),
        ];
        maps.iter().fold(key, |best, map| {
            let mut image = [0u64; 2];
            for (side, bits) in stones.into_iter().enumerate() {
                for cell in cells(bits) {
                    image[side] |= 1 << map[usize::from(cell.0)];
                }
            }
            best.min(u128::from(image[0]) | u128::from(image[1]) << 64)
        })
    }

    /// Negamax within `(alpha, beta)` of a position whose side to move
    /// cannot win at once and whose game goes on.
    fn negamax(
        &mut self,
        position: &KInARowOf<B>,
        mut alpha: i32,
        mut beta: i32,
        limits: &SolveLimits<'_>,
    ) -> i32 {
        self.nodes += 1;
        if self.end.is_some_and(|end| self.nodes >= end)
            || (self.nodes % CHECK_EVERY == 0 && limits.reached_by_time())
        {
            self.stopped = true;
        }
        if self.stopped {
            return alpha;
        }
        let (cells, ply) = (position.max_ply(), position.ply());
        let moves = candidates(position, false);
        if moves.is_empty() {
            // Every move lets the opponent make a line.
            return -win_next(cells, ply + 1);
        }
        // It cannot win now, and it does not lose to the next stone.
        let max = win_next(cells, ply + 2);
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        let min = -win_next(cells, ply + 3);
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        // A side with no window left free of the other's stones cannot win.
        let rules = position.rules();
        let board = position.board();
        if !can_still_win(rules, position.opponent(), board) && beta > 0 {
            beta = 0;
            if alpha >= beta {
                return beta;
            }
        }
        if !can_still_win(rules, position.current(), board) && alpha < 0 {
            alpha = 0;
            if alpha >= beta {
                return alpha;
            }
        }
        if !self.even_cells.is_empty() {
            let (empty, playable) = (position.empty(), position.playable());
            if ply % 2 == 0 && beta >= 0 {
                // The first player to move: the second claims the even cells.
                let evens = position.opponent() | (self.even_cells & empty & !playable);
                if let Some(bound) = claimeven_bound(rules, evens, board) {
                    if bound < beta {
                        beta = bound;
                        if alpha >= beta {
                            return beta;
                        }
                    }
                }
            } else if ply % 2 == 1 && alpha < 1 {
                // The second player to move: a move after which it can claim
                // the even cells holds at least that.
                for &(mv, _) in moves.iter() {
                    let cell: B = bit_of(mv);
                    let child_playable = (playable & !cell) | (up(cell, 1) & board);
                    let evens = position.current()
                        | cell
                        | (self.even_cells & empty & !cell & !child_playable);
                    if let Some(bound) = claimeven_bound(rules, evens, board) {
                        alpha = alpha.max(-bound);
                        if alpha >= beta {
                            return alpha;
                        }
                        if alpha >= 1 {
                            break;
                        }
                    }
                }
            }
        }
        let key = self.key(position);
        let mut best_index = None;
        if let Some(entry) = self.table.probe(key) {
            let value = entry.value;
            match entry.bound {
                Bound::Exact => return value,
                Bound::Lower => alpha = alpha.max(value),
                Bound::Upper => beta = beta.min(value),
            }
            if alpha >= beta {
                return alpha;
            }
            best_index = entry.best;
        }
        let mut order: LongList<(Cell, i32, usize)> = moves
            .iter()
            .enumerate()
            .map(|(rank, &(mv, value))| {
                let first = best_index.is_some_and(|b| usize::from(b) == rank);
                (mv, if first { i32::MAX } else { value }, rank)
            })
            .collect();
        order.sort_unstable_by_key(|&(_, value, _)| std::cmp::Reverse(value));
        let original_alpha = alpha;
        let mut best_rank = None;
        for &(mv, _, rank) in order.iter() {
            let mut child = *position;
            child.play_unchecked(mv);
            let score = if child.ply() == cells {
                0
            } else {
                // A line of play can be as long as the board has cells (448):
                // deeper than a thread's stack holds, so the stack grows.
                -stacker::maybe_grow(STACK_RED_ZONE, STACK_GROWTH, || {
                    self.negamax(&child, -beta, -alpha, limits)
                })
            };
            if self.stopped {
                return alpha;
            }
            if score >= beta {
                self.store(key, score, Bound::Lower, rank);
                return score;
            }
            if score > alpha {
                alpha = score;
                best_rank = Some(rank);
            }
        }
        let bound = if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.store(key, alpha, bound, best_rank.unwrap_or(usize::MAX));
        alpha
    }

    fn store(&self, key: u128, value: i32, bound: Bound, rank: usize) {
        let best = (rank < 15).then_some(rank as u8);
        self.table.store(key, value, TtEntry::PROVEN, bound, best);
    }
}

impl<B: Bitboard> ExactScorer<KInARowOf<B>> for FamilySolver<B> {
    fn bounds(&mut self, position: &KInARowOf<B>, weak: bool, limits: &SolveLimits<'_>) -> Bounds {
        if let Some(score) = rule_score(position) {
            let score = if weak { score.signum() } else { score };
            return (score, score);
        }
        self.end = limits.nodes.map(|n| self.nodes.saturating_add(n));
        self.stopped = false;
        let rules = position.rules();
        if self.rules != Some(rules) {
            // Keys are of one game's positions: another game starts afresh.
            self.table.clear();
            self.rules = Some(rules);
            self.symmetries = if rules.bits() <= 64 {
                symmetries(rules)
            } else {
                Vec::new()
            };
            self.even_cells = even_cells(rules);
        }
        let (cells, ply) = (position.max_ply(), position.ply());
        let (mut lower, mut upper) = rule_bounds(cells, ply);
        // Nobody wins at once here (the rules settled that above).
        upper = upper.min(win_next(cells, ply + 2));
        if weak {
            lower = lower.max(-1);
            upper = upper.min(1);
        }
        while lower < upper && !self.stopped {
            let mut middle = lower + (upper - lower) / 2;
            if middle <= 0 && lower / 2 < middle {
                middle = lower / 2;
            } else if middle >= 0 && upper / 2 > middle {
                middle = upper / 2;
            }
            let score = self.negamax(position, middle, middle + 1, limits);
            if self.stopped {
                break;
            }
            if score <= middle {
                upper = score;
            } else {
                lower = score;
            }
            if weak {
                (lower, upper) = (lower.clamp(-1, 1), upper.clamp(-1, 1));
            }
        }
        self.end = None;
        if weak && lower == upper {
            return (lower.signum(), upper.signum());
        }
        (lower, upper)
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }

    fn populate(&mut self, _position: &KInARowOf<B>) {
        self.table.populate();
    }
}

/// The exact scorer of the family's boards of at most 128 bits: a member
/// with gravity and "k or more" on a Connect-Four board goes to the
/// Connect-Four solver, which takes any `k` (on `u64` bitboards up to 64
/// bits), and the others to [`FamilySolver`]. Each keeps its table.
pub struct FamilyScorer {
    family: FamilySolver<u128>,
    narrow: SolverOf<u64, KInARowOf<u64>>,
    wide: SolverOf<u128, KInARowOf<u128>>,
}

/// A position the Connect-Four solver takes, in the bitboards it is solved
/// in: `u64` up to 64 bits, else `u128`.
enum ForSolver {
    Narrow(KInARowOf<u64>),
    Wide(KInARowOf<u128>),
}

impl ForSolver {
    /// `position` as the Connect-Four solver takes it, if it does (see
    /// [`FamilyScorer::solver_takes`]): the one place that chooses, for the
    /// scorer and the oracle.
    fn of<B: Bitboard>(position: &KInARowOf<B>) -> Option<ForSolver> {
        if !FamilyScorer::solver_takes(position.rules()) {
            return None;
        }
        match position.converted::<u64>() {
            Some(narrow) => Some(ForSolver::Narrow(narrow)),
            None => position.converted::<u128>().map(ForSolver::Wide),
        }
    }
}

impl FamilyScorer {
    /// Scorers whose tables take about `hash_mib` MiB each.
    #[must_use]
    pub fn new(hash_mib: usize) -> Self {
        let size = Size::STANDARD;
        FamilyScorer {
            family: FamilySolver::new(hash_mib),
            narrow: SolverOf::new(size, hash_mib.max(1)),
            wide: SolverOf::new(size, hash_mib.max(1)),
        }
    }

    /// Whether the Connect-Four solver takes the positions of `rules`:
    /// gravity, "k or more", and a board that is a Connect-Four [`Size`].
    #[must_use]
    pub fn solver_takes(rules: Rules) -> bool {
        rules.gravity() && rules.overlines() && Size::new(rules.width(), rules.height()).is_ok()
    }

    /// Solves on `threads` threads (at least 1) where the Connect-Four
    /// solver takes the position; scores do not depend on it.
    pub fn set_threads(&mut self, threads: usize) {
        self.narrow.set_threads(threads);
        self.wide.set_threads(threads);
    }

    /// Forgets every score and the node counts.
    pub fn clear(&mut self) {
        self.family.clear();
        self.narrow.clear();
        self.wide.clear();
    }
}

impl ExactScorer<KInARowOf<u128>> for FamilyScorer {
    fn bounds(
        &mut self,
        position: &KInARowOf<u128>,
        weak: bool,
        limits: &SolveLimits<'_>,
    ) -> Bounds {
        match ForSolver::of(position) {
            Some(ForSolver::Narrow(p)) => self.narrow.bounds_within(&p, weak, limits),
            Some(ForSolver::Wide(p)) => self.wide.bounds_within(&p, weak, limits),
            None => self.family.bounds(position, weak, limits),
        }
    }

    fn move_bounds(
        &mut self,
        position: &KInARowOf<u128>,
        weak: bool,
        limits: &SolveLimits<'_>,
    ) -> Vec<(Cell, Bounds)> {
        match ForSolver::of(position) {
            Some(ForSolver::Narrow(p)) => self.narrow.move_bounds(&p, weak, limits),
            Some(ForSolver::Wide(p)) => self.wide.move_bounds(&p, weak, limits),
            None => self.family.move_bounds(position, weak, limits),
        }
    }

    fn best_move(
        &mut self,
        position: &KInARowOf<u128>,
        limits: &SolveLimits<'_>,
    ) -> Option<(Cell, i32)> {
        match ForSolver::of(position) {
            Some(ForSolver::Narrow(p)) => self.narrow.best_move_within(&p, limits),
            Some(ForSolver::Wide(p)) => self.wide.best_move_within(&p, limits),
            None => self.family.best_move(position, limits),
        }
    }

    fn nodes(&self) -> u64 {
        self.family.nodes + self.narrow.nodes() + self.wide.nodes()
    }

    fn populate(&mut self, position: &KInARowOf<u128>) {
        match ForSolver::of(position) {
            Some(ForSolver::Narrow(_)) => self.narrow.populate(),
            Some(ForSolver::Wide(_)) => self.wide.populate(),
            None => self.family.populate(position),
        }
    }

    fn rule_bound(&mut self, position: &KInARowOf<u128>) -> Option<RuleBound> {
        match ForSolver::of(position)? {
            ForSolver::Narrow(p) => self.narrow.rule_bound(&p),
            ForSolver::Wide(p) => self.wide.rule_bound(&p),
        }
    }
}

/// The search's oracle on the family: with books on, the built-in line
/// books ([`crate::linebook`]) in the positions they hold; then the
/// Connect-Four solver, on the members it takes (see
/// [`FamilyScorer::solver_takes`]), once at most [`ORACLE_EMPTIES`] cells are
/// empty. Before that a solve seldom ends within a move's time, and the
/// search would lose the time it took. Other members have no oracle.
pub struct FamilyOracle {
    narrow: Option<SolverOf<u64, KInARowOf<u64>>>,
    wide: Option<SolverOf<u128, KInARowOf<u128>>>,
    bytes: usize,
    threads: usize,
    books: bool,
    answered_by_book: bool,
}

/// A solver of `bytes` of table on `threads` threads.
fn made<B: TableKey, P: Dropped<B>>(bytes: usize, threads: usize) -> SolverOf<B, P> {
    let mut solver = SolverOf::with_bytes(Size::STANDARD, bytes);
    solver.set_threads(threads);
    solver
}

/// The most empty cells a position the oracle solves may have. On Connect-5
/// 7x6, random positions with 24 empty cells solved in 10 to 100 ms, with 30
/// in 0.3 to 10 s.
pub const ORACLE_EMPTIES: u32 = 26;

/// The most empty cells a position may have for the oracle to look, with
/// weak solves only, for a move that keeps a draw (see [`keeping_draw`]).
/// On Connect-5 7x6 the search's guess lost the draw in 21 of 107 positions
/// from real games with 10 to 15 stones; a weak solve there often takes
/// 20 ms where an exact one takes over a second.
pub const KEEPING_EMPTIES: u32 = 32;

/// A move of the drawn `position` that keeps the draw, found by weak solves
/// (centre first) within `limits`: `Score::Draw` is exact, so the search
/// can play it as proven. `None` if the position is won or lost (its score
/// needs an exact solve) or a limit is reached.
fn keeping_draw<B: TableKey, P: Dropped<B, Move = Cell>>(
    solver: &mut SolverOf<B, P>,
    position: &P,
    limits: &SolveLimits<'_>,
) -> Option<ProvenLines<Cell>> {
    if solver.bounds_within(position, true, limits) != (0, 0) {
        return None;
    }
    let width = position.size().width() as i32;
    let mut moves: Vec<Cell> = position.legal_moves().into_iter().collect();
    moves.sort_by_key(|&mv| (2 * i32::from(position.column_of(mv).0) - (width - 1)).abs());
    for mv in moves {
        let mut child = *position;
        child.play_unchecked(mv);
        match solver.bounds_within(&child, true, limits) {
            (0, 0) => return Some(vec![(vec![mv], Score::Draw)]),
            (low, high) if low < high => return None,
            _ => {}
        }
    }
    None
}

/// The solver's answer for the oracle: proven lines once at most
/// [`ORACLE_EMPTIES`] cells are empty, before that only a kept draw.
fn answer<B: TableKey, P: Dropped<B, Move = Cell>>(
    solver: &mut SolverOf<B, P>,
    position: &P,
    lines: usize,
    limits: &SolveLimits<'_>,
) -> Option<ProvenLines<Cell>> {
    if position.max_ply() - position.ply() > ORACLE_EMPTIES {
        keeping_draw(solver, position, limits)
    } else {
        Oracle::solve(solver, position, lines, limits)
    }
}

impl<B: Bitboard> Oracle<KInARowOf<B>> for FamilyOracle {
    const HASH_PERCENT: usize = 25;

    fn new(hash_bytes: usize) -> Self {
        // The solvers are made when a position needs one: most members
        // (gomoku) never do.
        FamilyOracle {
            narrow: None,
            wide: None,
            bytes: hash_bytes,
            threads: 1,
            books: false,
            answered_by_book: false,
        }
    }

    /// Any book turns the line books on: the search hands its oracle the
    /// book when the user wants books (`OwnBook`), and none otherwise.
    fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.books = book.is_some();
    }

    fn answered_by_book(&self) -> bool {
        self.answered_by_book
    }

    /// The solvers are made when a position needs one; the line books are
    /// read now (the first probe parses them all).
    fn populate(&mut self, position: &KInARowOf<B>) {
        if self.books {
            let _ = linebook::probe_embedded(position);
        }
    }

    fn clear(&mut self) {
        if let Some(solver) = &mut self.narrow {
            solver.clear();
        }
        if let Some(solver) = &mut self.wide {
            solver.clear();
        }
    }

    fn set_threads(&mut self, threads: usize) {
        self.threads = threads;
        if let Some(solver) = &mut self.narrow {
            solver.set_threads(threads);
        }
        if let Some(solver) = &mut self.wide {
            solver.set_threads(threads);
        }
    }

    fn solve(
        &mut self,
        position: &KInARowOf<B>,
        lines: usize,
        limits: &SolveLimits<'_>,
    ) -> Option<ProvenLines<Cell>> {
        self.answered_by_book = false;
        if self.books && lines <= 1 {
            if let Some(Some((mv, pons))) = linebook::probe_embedded(position) {
                self.answered_by_book = true;
                return Some(vec![(vec![mv], score_from_pons(position, pons))]);
            }
        }
        let empties = position.max_ply() - position.ply();
        if empties > KEEPING_EMPTIES || (empties > ORACLE_EMPTIES && lines > 1) {
            return None;
        }
        let (bytes, threads) = (self.bytes, self.threads);
        match ForSolver::of(position)? {
            ForSolver::Narrow(p) => {
                let solver = self.narrow.get_or_insert_with(|| made(bytes, threads));
                answer(solver, &p, lines, limits)
            }
            ForSolver::Wide(p) => {
                let solver = self.wide.get_or_insert_with(|| made(bytes, threads));
                answer(solver, &p, lines, limits)
            }
        }
    }

    fn nodes(&self) -> u64 {
        self.narrow.as_ref().map_or(0, SolverOf::nodes)
            + self.wide.as_ref().map_or(0, SolverOf::nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use inarow_games::{KInARow, Wide};

    fn position(w: usize, h: usize, k: usize, gravity: bool, moves: &str) -> KInARow {
        let rules = Rules::new(w, h, k, gravity, true).unwrap();
        let mut p = KInARow::new(rules);
        p.play_all(moves.split_whitespace()).unwrap();
        p
    }

    #[test]
    fn open_windows_count_the_stones_in_each() {
        let p = position(5, 1, 3, false, "a1 e1 b1");
        let own = p.stones(Player::First);
        let other = p.stones(Player::Second);
        // Windows a-c (2 of X) and b-d (1 of X); c-e holds an O.
        let counts = open_windows(p.rules(), own, other, p.board());
        assert_eq!(counts[1], 1);
        assert_eq!(counts[2], 1);
    }

    #[test]
    fn a_single_threat_leaves_one_candidate() {
        let p = position(5, 5, 4, false, "a1 e5 b1 e4 c1");
        let list = p.candidate_moves();
        assert_eq!(list.len(), 1);
        assert_eq!(p.to_drop(list[0].0).square_name(), "d1");
    }

    #[test]
    fn the_solver_goes_deep_on_a_small_thread_stack() {
        // The first line of play fills the 208 cells of a 26x8 board: deeper
        // than a 2 MiB thread stack holds without growing it.
        let rules = Rules::new(26, 8, 6, false, true).unwrap();
        let position = KInARowOf::<Wide<4>>::new(rules);
        let nodes = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let mut solver = FamilySolver::<Wide<4>>::new(1);
                let limits = SolveLimits {
                    nodes: Some(400),
                    ..SolveLimits::default()
                };
                solver.bounds(&position, true, &limits);
                solver.nodes()
            })
            .unwrap()
            .join()
            .unwrap();
        assert!(nodes >= 208, "{nodes}");
    }

    #[test]
    fn vcf_finds_a_win_by_fours() {
        // X: a1 b1 c1 and a2 a3 a4 lines; O has scattered stones.
        let rules = Rules::new(15, 15, 5, false, true).unwrap();
        let mut p = inarow_games::KInARowLarge::new(rules);
        p.play_all("h8 o15 i8 o13 j8 a15 h9 a13 h10 c15".split_whitespace())
            .unwrap();
        // Three in a row both ways from h8: a four and another four win.
        assert!(p.forced_win().is_some());
    }
}
