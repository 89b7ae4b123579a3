//! The family's own exact solver: negamax with alpha-beta and null windows
//! on Pons's scores, for the members the Connect-Four solver does not take.

use inarow_games::kinarow::{bit_of, cells, up, Rules};
use inarow_games::{Bitboard, Cell, Game, KInARowOf, LongList, Player};

use crate::analysis::{Bounds, ExactScorer};
use crate::limits::SolveLimits;
use crate::score::{rule_bounds, rule_score, win_next};
use crate::tt::{Bound, TranspositionTableOf, TtEntry};

use super::candidates::candidates;
use super::claimeven::{can_still_win, claimeven_bound, even_cells};
use super::symmetry::symmetries;

/// Exact scores of the family's positions (see the module's text).
pub struct FamilySolver<B: Bitboard> {
    pub(super) table: TranspositionTableOf<u128>,
    pub(super) nodes: u64,
    pub(super) end: Option<u64>,
    pub(super) stopped: bool,
    /// The rules of the positions in the table.
    pub(super) rules: Option<Rules>,
    /// The board's symmetries, on boards of at most 64 bits (whose keys are
    /// the stones themselves).
    pub(super) symmetries: Vec<Vec<u16>>,
    /// The cells the second player can claim (see [`claimeven_bound`]).
    pub(super) even_cells: B,
    pub(super) marker: std::marker::PhantomData<B>,
}

/// The deadline and the stop signal are looked at every this many nodes.
pub(super) const CHECK_EVERY: u64 = 4096;

/// When less than this much stack is left, the solver's recursion moves on
/// to a new segment of [`STACK_GROWTH`] bytes.
pub(super) const STACK_RED_ZONE: usize = 256 * 1024;

/// The size of each new stack segment.
pub(super) const STACK_GROWTH: usize = 8 * 1024 * 1024;

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
    pub(super) fn key(&self, position: &KInARowOf<B>) -> u128 {
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
    pub(super) fn negamax(
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
            let first_to_move = (cells - ply) % 2 == 0;
            if first_to_move && beta >= 0 {
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
            } else if !first_to_move && alpha < 1 {
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

    pub(super) fn store(&self, key: u128, value: i32, bound: Bound, rank: usize) {
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
