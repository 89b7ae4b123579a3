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
//!   by two rules of Allis's: claimeven (the second player takes the even
//!   rows by answering in the same column) and the odd threat (the first
//!   player answers in the same column to take a winning cell in an odd
//!   row, with one column of an odd number of empty cells, or with three).
//!   On any board, the first player is the side to move with an even
//!   number of empty cells, and the even rows are every other row down from
//!   the top (see `rules`);
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
//! Positions near the end go to a second, smaller table, shared as well;
//! with a budget large enough, those between go to a third, of a size the
//! last-level cache can hold.
//! The threads part ways as in simplified ABDADA: near the root, a move
//! another thread is searching waits until the node's other moves are done,
//! so each thread takes a different subtree and later finds the others'
//! results in the table. A thread below a node another thread has settled
//! (its cutoff found, or every move refuted) unwinds to it at once rather
//! than search on. A solve starts on one thread, and only a window that runs
//! long starts the others. Every stored entry is a proven bound, so any
//! thread's answer is the exact one: only nodes and time depend on the thread
//! count.
//!
//! One concept a file: the board's geometry (`board`), which lines win
//! (`lines`), the positions the solver searches (`position`), Allis's rules
//! (`rules`), the state of one search (`search`), its negamax phase by phase
//! (`negamax`), the move order (`ordering`), the root's windows (`windows`),
//! the threads (`threads`) and their busy marks (`busy`), the answers to
//! moves and analyses (`moves`), the solver as the engine's oracle and exact
//! scorer (`scorer`), and the tuned parameters (`params`). `docs/SOLVER.md` records what was measured to choose
//! each rule, phase and parameter.

mod board;
mod busy;
mod lines;
mod moves;
mod negamax;
mod ordering;
mod params;
mod position;
mod rules;
mod scorer;
mod search;
#[cfg(test)]
mod tests;
mod threads;
mod windows;

pub use lines::{FourInARow, LineRule};
pub use params::DEFAULT_SOLVER_HASH_MIB;
pub use position::GravityPosition;

use inarow_games::{Connect4Of, Game, Size};

use std::sync::Arc;

use crate::analysis::{Rule, RuleBound};
use crate::books::opening::Book;
use crate::limits::SolveLimits;
use crate::tt::{TableKey, TranspositionTableOf};

use board::Board;
use params::{
    middle_empties, near_empties, near_table_bytes, FORCING_FRACTION, MAX_PLIES, MIDDLE_MIN_BUDGET,
    MIDDLE_TABLE_BYTES, SOLO_NODES,
};
use search::Search;
use windows::{first_window, log_window, narrowed};

/// The exact Connect-Four solver for boards of at most 64 bits.
pub type Solver = SolverOf<u64>;

/// The exact Connect-Four solver for positions in bitboards `B`: [`Solver`]
/// on boards of at most 64 bits, `SolverOf<u128>` on those up to 128. It
/// keeps its transposition table between calls until [`SolverOf::clear`];
/// the node count adds up likewise.
pub struct SolverOf<B: TableKey, P: GravityPosition<B> = Connect4Of<B>> {
    /// Positions with more empty cells than `params::near_empties` gives.
    tt: TranspositionTableOf<B>,
    /// Positions near the end: many, cheap to redo, and looked up most often.
    /// Shared by the threads, and as large as one table per thread would be.
    near: TranspositionTableOf<B>,
    /// With a large budget, the positions between: see `params::MIDDLE_EMPTIES`.
    /// Otherwise one bucket, never used.
    middle: TranspositionTableOf<B>,
    /// The most empty cells of a position in `middle`: no more than
    /// `params::near_empties` gives when there is no middle table.
    middle_most: i32,
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

impl<B: TableKey, P: GravityPosition<B>> SolverOf<B, P> {
    /// A solver for boards of `size` with a table of `hash_mib` MiB.
    #[must_use]
    pub fn new(size: Size, hash_mib: usize) -> Self {
        Self::with_bytes(size, hash_mib.saturating_mul(1 << 20))
    }

    /// A solver for boards of `size` with a table of at most `hash_bytes` bytes.
    #[must_use]
    pub fn with_bytes(size: Size, hash_bytes: usize) -> Self {
        let key_bits = size.key_bits();
        let near_bytes = near_table_bytes(B::BITS).min(hash_bytes / 4);
        let (middle_bytes, middle_most) = if hash_bytes >= MIDDLE_MIN_BUDGET {
            (MIDDLE_TABLE_BYTES, middle_empties(B::BITS))
        } else {
            (0, near_empties(B::BITS))
        };
        let mut middle = TranspositionTableOf::with_bytes(middle_bytes, key_bits);
        middle.set_narrow_values(true);
        let mut tt =
            TranspositionTableOf::with_bytes(hash_bytes - near_bytes - middle_bytes, key_bits);
        // Scores are at most half the cells: 8 bits hold them.
        tt.set_narrow_values(true);
        // What the main table (a power of two) leaves of the budget is
        // there for the near-end table to grow into with threads.
        let near_budget = hash_bytes
            .saturating_sub(tt.bytes() + middle_bytes)
            .max(near_bytes);
        let mut near = TranspositionTableOf::with_bytes(near_bytes, key_bits);
        near.set_narrow_values(true);
        SolverOf {
            tt,
            near,
            middle,
            middle_most,
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
        // would be together, within the budget. It is emptied only if its
        // size changes.
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
        solver.middle.set_full_keys(true);
        solver
    }

    /// Forgets every stored result and resets the node count.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.near.clear();
        self.middle.clear();
        self.nodes = 0;
        self.searches = 0;
    }

    /// Nodes searched since the last [`Solver::clear`]: positions the
    /// solver's static checks do not settle (`docs/BENCHMARKS.md`, "What a
    /// node is", defines them).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Faults the tables' memory in now (see
    /// [`crate::tt::TranspositionTable::populate`]): what is stored stays.
    pub fn populate(&mut self) {
        self.tt.populate();
        self.near.populate();
        self.middle.populate();
    }

    /// The tables' size in bytes.
    #[must_use]
    pub fn hash_bytes(&self) -> usize {
        self.tt.bytes() + self.near.bytes() + self.middle.bytes()
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
            self.middle.set_key_bits(size.key_bits());
        }
        let lines = Some(position.lines());
        if lines != self.lines {
            if self.lines.is_some() {
                self.tt.clear();
                self.near.clear();
                self.middle.clear();
            }
            self.lines = lines;
        }
    }

    /// The bound a rule of strategy proves on `position`'s score without
    /// search, as the search finds it there: claimeven with the first player
    /// to move, the odd threat (with one column of an odd number of empty
    /// cells, or three) with the second: the first player is the side to
    /// move with an even number of empty cells. `None` once the game is
    /// over, and where neither applies.
    pub fn rule_bound(&mut self, position: &P) -> Option<RuleBound> {
        if position.outcome().is_some() {
            return None;
        }
        self.set_game(position);
        let (b, lines) = (self.board, self.lines());
        let (current, mask) = (position.current(), position.mask());
        let empty = b.cells_mask & !mask;
        let possible = (mask + b.bottom) & b.cells_mask;
        if (b.cells - position.ply() as i32) % 2 == 0 {
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
    /// then cross.
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
            middle: &self.middle,
            middle_most: self.middle_most,
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
