//! The family's exact scorer: the Connect-Four solver for the members it
//! takes, the family's own solver for the rest.

use inarow_games::kinarow::Rules;
use inarow_games::{Bitboard, Cell, KInARowOf, Size};

use crate::analysis::RuleBound;
use crate::analysis::{Bounds, ExactScorer};
use crate::limits::SolveLimits;
use crate::solver::SolverOf;

use super::solver::FamilySolver;

/// The exact scorer of the family's boards of at most 128 bits: a member
/// with gravity and "k or more" on a Connect-Four board goes to the
/// Connect-Four solver, which takes any `k` (on `u64` bitboards up to 64
/// bits), and the others to [`FamilySolver`]. Each keeps its table.
pub struct FamilyScorer {
    pub(super) family: FamilySolver<u128>,
    pub(super) narrow: SolverOf<u64, KInARowOf<u64>>,
    pub(super) wide: SolverOf<u128, KInARowOf<u128>>,
}

/// A position the Connect-Four solver takes, in the bitboards it is solved
/// in: `u64` up to 64 bits, else `u128`.
pub(super) enum ForSolver {
    U64(KInARowOf<u64>),
    U128(KInARowOf<u128>),
}

impl ForSolver {
    /// `position` as the Connect-Four solver takes it, if it does (see
    /// [`FamilyScorer::solver_takes`]): the one place that chooses, for the
    /// scorer and the oracle.
    pub(super) fn of<B: Bitboard>(position: &KInARowOf<B>) -> Option<ForSolver> {
        if !FamilyScorer::solver_takes(position.rules()) {
            return None;
        }
        match position.converted::<u64>() {
            Some(narrow) => Some(ForSolver::U64(narrow)),
            None => position.converted::<u128>().map(ForSolver::U128),
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
            Some(ForSolver::U64(p)) => self.narrow.bounds_within(&p, weak, limits),
            Some(ForSolver::U128(p)) => self.wide.bounds_within(&p, weak, limits),
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
            Some(ForSolver::U64(p)) => self.narrow.move_bounds(&p, weak, limits),
            Some(ForSolver::U128(p)) => self.wide.move_bounds(&p, weak, limits),
            None => self.family.move_bounds(position, weak, limits),
        }
    }

    fn best_move(
        &mut self,
        position: &KInARowOf<u128>,
        limits: &SolveLimits<'_>,
    ) -> Option<(Cell, i32)> {
        match ForSolver::of(position) {
            Some(ForSolver::U64(p)) => self.narrow.best_move_within(&p, limits),
            Some(ForSolver::U128(p)) => self.wide.best_move_within(&p, limits),
            None => self.family.best_move(position, limits),
        }
    }

    fn nodes(&self) -> u64 {
        self.family.nodes + self.narrow.nodes() + self.wide.nodes()
    }

    fn populate(&mut self, position: &KInARowOf<u128>) {
        match ForSolver::of(position) {
            Some(ForSolver::U64(_)) => self.narrow.populate(),
            Some(ForSolver::U128(_)) => self.wide.populate(),
            None => self.family.populate(position),
        }
    }

    fn rule_bound(&mut self, position: &KInARowOf<u128>) -> Option<RuleBound> {
        match ForSolver::of(position)? {
            ForSolver::U64(p) => self.narrow.rule_bound(&p),
            ForSolver::U128(p) => self.wide.rule_bound(&p),
        }
    }
}
