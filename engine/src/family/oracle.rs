//! The search's oracle on the family: the line books, then the
//! Connect-Four solver near the end.

use std::sync::Arc;

use inarow_games::{Bitboard, Cell, Game, KInARowOf, Size};

use crate::books::lines;
use crate::books::opening::Book;
use crate::limits::SolveLimits;
use crate::oracle::{Oracle, ProvenLines};
use crate::score::{score_from_pons, Score};
use crate::solver::{GravityPosition, SolverOf};
use crate::tt::TableKey;

use super::scorer::ForSolver;

/// The search's oracle on the family: with books on, the built-in line
/// books ([`crate::books::lines`]) in the positions they hold; then the
/// Connect-Four solver, on the members it takes (see
/// [`crate::FamilyScorer::solver_takes`]), once at most [`ORACLE_EMPTIES`] cells are
/// empty. Before that a solve seldom ends within a move's time, and the
/// search would lose the time it took. Other members have no oracle.
pub struct FamilyOracle {
    pub(super) narrow: Option<SolverOf<u64, KInARowOf<u64>>>,
    pub(super) wide: Option<SolverOf<u128, KInARowOf<u128>>>,
    pub(super) bytes: usize,
    pub(super) threads: usize,
    pub(super) books: bool,
    pub(super) answered_by_book: bool,
}

/// A solver of `bytes` of table on `threads` threads.
pub(super) fn made<B: TableKey, P: GravityPosition<B>>(
    bytes: usize,
    threads: usize,
) -> SolverOf<B, P> {
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
pub(super) fn keeping_draw<B: TableKey, P: GravityPosition<B, Move = Cell>>(
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
pub(super) fn answer<B: TableKey, P: GravityPosition<B, Move = Cell>>(
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
            let _ = lines::probe_embedded(position);
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
            if let Some(Some((mv, pons))) = lines::probe_embedded(position) {
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
            ForSolver::U64(p) => {
                let solver = self.narrow.get_or_insert_with(|| made(bytes, threads));
                answer(solver, &p, lines, limits)
            }
            ForSolver::U128(p) => {
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
