//! The solver's answers about moves: a best move, a move that keeps the
//! outcome, whether a move keeps a score, the line of best play, and the
//! score of every move.

use inarow_games::Column;

use crate::limits::SolveLimits;
use crate::tt::TableKey;

use super::position::GravityPosition;
use super::{finished_score, weak_or_exact, SolverOf};

impl<B: TableKey, P: GravityPosition<B>> SolverOf<B, P> {
    /// A best move of `position` with its exact score, `None` if the game is
    /// over or a limit is reached. Cheaper than [`SolverOf::analyze_within`]: the
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
    /// than [`SolverOf::best_move_within`]. The position's sign is found (a
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

    /// [`SolverOf::best_move_within`], or with `weak` its outcome's version
    /// ([`SolverOf::keeping_move_within`], which leaves lost positions alone).
    pub(super) fn move_holding(
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
        // Past the limits, a move the book or the rules give still answers
        // (they cost no search): only the children left to search are not.
        let spent = SolveLimits {
            nodes: Some(0),
            ..SolveLimits::default()
        };
        let left = limits.after(self.nodes - nodes_before).unwrap_or(spent);
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
    pub(super) fn move_keeping(
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

    /// As [`SolverOf::analyze`], but gives up (`None`) when a limit is reached.
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
    /// [`SolverOf::bounds_within`]), `None` for a full column (or every column,
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
