//! The solver as the engine's oracle in play and as the exact scorer of
//! analysis.

use inarow_games::{Column, Size};

use std::sync::Arc;

use crate::analysis::{Bounds, ExactScorer};
use crate::books::opening::Book;
use crate::limits::SolveLimits;
use crate::oracle::{Kept, Oracle, ProvenLines};
use crate::score::{score_from_pons, Score};
use crate::tt::TableKey;

use super::position::GravityPosition;
use super::SolverOf;
use crate::analysis::RuleBound;

/// Connect Four's oracle is the exact solver.
impl<B: TableKey, P: GravityPosition<B>> Oracle<P> for SolverOf<B, P> {
    const HASH_PERCENT: usize = 50;
    const KEEPS: bool = true;

    fn populate(&mut self, position: &P) {
        self.set_game(position);
        SolverOf::populate(self);
    }

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
impl<B: TableKey, P: GravityPosition<B>> ExactScorer<P> for SolverOf<B, P> {
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
