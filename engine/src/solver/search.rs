//! The state of one null-window search, its table keys (mirrored when the
//! root is symmetric), its limits and, with threads, its unwinding. Keys
//! are `current + mask` in Pons's layout (see `board`).

use inarow_games::Bitboard;

use std::sync::atomic::{AtomicBool, Ordering};

use crate::limits::SolveLimits;
use crate::tt::{Bound, TableKey, TranspositionTableOf};

use super::board::Board;
use super::busy::Busy;
use super::lines::LineRule;
use super::params::{near_empties, BUSY_MIN_EMPTIES, CHECK_DONE_EVERY, CHECK_EVERY, MAX_PLIES};
use super::position::GravityPosition;

/// The state of one solve.
pub(super) struct Search<'a, B: TableKey, L: LineRule<B>> {
    pub(super) tt: &'a TranspositionTableOf<B>,
    pub(super) near: &'a TranspositionTableOf<B>,
    /// Positions with more empty cells than the near-end table's and at most
    /// `middle_most`.
    pub(super) middle: &'a TranspositionTableOf<B>,
    pub(super) middle_most: i32,
    pub(super) board: Board<B>,
    pub(super) lines: L,
    pub(super) nodes: u64,
    /// With threads: set when the window is no longer worth asking (another
    /// thread's answer settled it) or a limit was reached.
    pub(super) done: Option<&'a AtomicBool>,
    /// With threads: the positions some thread is searching.
    pub(super) busy: Option<&'a Busy>,
    /// Whether the position being solved is its own mirror image.
    pub(super) symmetric: bool,
    /// Whether this iteration asks about a quick win or loss: then moves that
    /// force a reply are tried first.
    pub(super) forcing: bool,
    pub(super) limits: SolveLimits<'a>,
    /// The node count at which to look at the limits next.
    pub(super) next_check: u64,
    /// Whether a limit was reached, or the search unwinds to `unwind_to`:
    /// every value since is meaningless.
    pub(super) aborted: bool,
    /// The ply of the position being solved.
    pub(super) root_ply: i32,
    /// With threads: by ply, the key and window of each node on the path
    /// from the root being searched that has `BUSY_MIN_EMPTIES` empty cells
    /// or more (key 0 for a node with a single move, which stores nothing).
    pub(super) path: [(B, i32, i32); MAX_PLIES],
    /// With threads: the ply to unwind the search to, once another thread
    /// has settled the node there.
    pub(super) unwind_to: Option<i32>,
}

impl<B: TableKey, L: LineRule<B>> Search<'_, B, L> {
    #[inline]
    pub(super) fn table(&self, empties: i32) -> &TranspositionTableOf<B> {
        if empties <= near_empties(B::BITS) {
            self.near
        } else if empties <= self.middle_most {
            self.middle
        } else {
            self.tt
        }
    }

    /// The key a position with `empties` empty cells is stored under, and
    /// whether it is its mirror image's. When the root is symmetric, a
    /// position and its mirror image share an entry, under the smaller key;
    /// otherwise mirror images hardly meet. Positions near the end keep
    /// their own key: mirroring them costs more than their twins save.
    /// Keys keep every stone.
    #[inline]
    pub(super) fn table_key(&self, own_key: B, empties: i32) -> (B, bool) {
        if self.symmetric && empties > near_empties(B::BITS) {
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
    pub(super) fn child_key(
        &self,
        current: B,
        mask: B,
        cell: B,
        mirrors: (B, B),
        empties: i32,
    ) -> B {
        let key = (current ^ mask) + (mask | cell);
        if self.symmetric && empties - 1 > near_empties(B::BITS) {
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
    pub(super) fn mirrors(&self, current: B, mask: B, empties: i32) -> (B, B) {
        if self.symmetric && empties - 1 > near_empties(B::BITS) {
            (self.board.mirror(current), self.board.mirror(mask))
        } else {
            (B::ZERO, B::ZERO)
        }
    }

    /// Searches `position` with the null window `(mid, mid + 1)`: `None`
    /// past a limit.
    pub(super) fn run<P: GravityPosition<B, Lines = L>>(
        &mut self,
        position: &P,
        mid: i32,
    ) -> Option<i32> {
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
    pub(super) fn check_limits(&mut self) {
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
    /// search below it is wasted work: the threads share each window, and
    /// one proves a cutoff while another is still refuting a move beside it,
    /// where Lazy SMP alone would leave the other searching on.
    #[cold]
    pub(super) fn unwind_to_settled_ancestor(&mut self, ply: i32) {
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
    pub(super) fn settled(&self, key: B, empties: i32, alpha: i32, beta: i32) -> Option<i32> {
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
    /// stored.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn stop_deadline_win(
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
        // The board is read in place, not copied (712 bytes on a 64-bit
        // board).
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
}

/// The size of a subtree as a table "depth": its bit length, so bigger
/// subtrees are kept when a bucket is full.
#[inline]
pub(super) fn work_depth(nodes: u64) -> u8 {
    (64 - nodes.leading_zeros()) as u8
}

#[inline]
pub(super) fn play<B: Bitboard>(current: B, mask: B, cell: B) -> (B, B) {
    (current ^ mask, mask | cell)
}
