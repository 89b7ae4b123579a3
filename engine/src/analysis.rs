//! Exact analysis of any game, in Pascal Pons's convention: the score of a
//! position and of each of its moves, within limits.
//!
//! A game's exact scorer implements [`ExactScorer`]: Connect Four's is the
//! solver, a small game's is [`Negamax`] over its whole tree. The questions
//! every front end asks (every move's score, one move's, the best move) are
//! written once here, generic over the scorer; [`crate::any::Analyst`]
//! picks the scorer of a game chosen at run time.

use std::collections::HashMap;
use std::marker::PhantomData;

use inarow_games::Game;

use crate::limits::SolveLimits;
use crate::score::{rule_bounds, rule_score, win_next};

/// Bounds on a Pons score, both inclusive: equal once the score is exact.
pub type Bounds = (i32, i32);

/// The exact score of one game's positions, with what it learns kept from
/// call to call (scores belong to positions, so they stay true).
pub trait ExactScorer<G: Game> {
    /// Bounds on Pons's score of `position` for the side to move (with
    /// `weak`, on its sign): exact unless `limits` were reached first.
    fn bounds(&mut self, position: &G, weak: bool, limits: &SolveLimits<'_>) -> Bounds;

    /// Bounds on the mover's score of each legal move of `position`, in the
    /// order of [`Game::legal_moves`]. The limits are for the whole
    /// analysis: once they are reached, the moves left get the bounds of the
    /// rules.
    fn move_bounds(
        &mut self,
        position: &G,
        weak: bool,
        limits: &SolveLimits<'_>,
    ) -> Vec<(G::Move, Bounds)> {
        let start = self.nodes();
        let spent = SolveLimits {
            nodes: Some(0),
            ..SolveLimits::default()
        };
        position
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let left = limits.after(self.nodes() - start).unwrap_or(spent);
                (mv, move_bounds(self, position, mv, weak, &left))
            })
            .collect()
    }

    /// A move that keeps the position's exact score (the quickest win, the
    /// slowest loss) and that score; `None` past `limits` or once the game
    /// is over.
    fn best_move(&mut self, position: &G, limits: &SolveLimits<'_>) -> Option<(G::Move, i32)> {
        let moves = self.move_bounds(position, false, limits);
        if moves.iter().any(|&(_, (lower, upper))| lower < upper) {
            return None;
        }
        moves
            .into_iter()
            .map(|(mv, (score, _))| (mv, score))
            .reduce(|best, next| if next.1 > best.1 { next } else { best })
    }

    /// Whether the mover's score of the legal move `mv` is at least `score`:
    /// with `score` the exact score of `position`, whether `mv` keeps it.
    /// `None` past `limits`.
    fn move_keeps(
        &mut self,
        position: &G,
        mv: G::Move,
        score: i32,
        limits: &SolveLimits<'_>,
    ) -> Option<bool> {
        let (lower, upper) = move_bounds(self, position, mv, false, limits);
        if lower >= score {
            Some(true)
        } else if upper < score {
            Some(false)
        } else {
            None
        }
    }

    /// Nodes searched so far: budgets are counted against it.
    fn nodes(&self) -> u64;

    /// Faults in now the memory of the tables that scoring `position` uses,
    /// so that no search waits on the kernel for a first touch (see
    /// [`crate::tt::TranspositionTable::populate`]); what they hold stays.
    fn populate(&mut self, _position: &G) {}

    /// Whether the last [`ExactScorer::move_bounds`] or
    /// [`ExactScorer::best_move`] was answered by an opening book alone.
    fn answered_by_book(&self) -> bool {
        false
    }

    /// The bound a rule of strategy proves on `position`'s score without
    /// search, where the scorer knows one (Connect Four's solver: claimeven
    /// and the odd threat).
    fn rule_bound(&mut self, _position: &G) -> Option<RuleBound> {
        None
    }
}

/// A score as a weak solve gives it (only its sign) or as it is.
fn weak_or_exact(score: i32, weak: bool) -> i32 {
    if weak {
        score.signum()
    } else {
        score
    }
}

/// Bounds on the mover's score of playing the legal move `mv` in `position`.
pub fn move_bounds<G: Game, S: ExactScorer<G> + ?Sized>(
    scorer: &mut S,
    position: &G,
    mv: G::Move,
    weak: bool,
    limits: &SolveLimits<'_>,
) -> Bounds {
    if position.is_winning_move(mv) {
        let score = weak_or_exact(win_next(position.max_ply(), position.ply()), weak);
        return (score, score);
    }
    let mut child = position.clone();
    child.play_unchecked(mv);
    let (lower, upper) = scorer.bounds(&child, weak, limits);
    (-upper, -lower)
}

/// Exact scores of a small game by negamax over its whole tree, each
/// position's score kept by its [`Game::key`]. Tic-tac-toe has 5478
/// positions; any game small enough works. Keys identify positions of one
/// board size only: use one `Negamax` per size.
#[derive(Debug)]
pub struct Negamax<G: Game> {
    scores: HashMap<G::Key, i32>,
    nodes: u64,
    game: PhantomData<fn(&G)>,
}

impl<G: Game> Default for Negamax<G> {
    fn default() -> Self {
        Negamax {
            scores: HashMap::new(),
            nodes: 0,
            game: PhantomData,
        }
    }
}

/// The deadline and the stop signal are looked at every this many nodes.
const CHECK_EVERY: u64 = 1024;

impl<G: Game> Negamax<G> {
    /// Forgets every score and the node count.
    pub fn clear(&mut self) {
        *self = Negamax::default();
    }

    /// Pons's exact score of `position`, `None` past `limits`.
    fn score(&mut self, position: &G, end: Option<u64>, limits: &SolveLimits<'_>) -> Option<i32> {
        if let Some(score) = rule_score(position) {
            return Some(score);
        }
        if let Some(&score) = self.scores.get(&position.key()) {
            return Some(score);
        }
        if end.is_some_and(|end| self.nodes >= end)
            || (self.nodes % CHECK_EVERY == 0 && limits.reached_by_time())
        {
            return None;
        }
        self.nodes += 1;
        let mut best = None;
        for mv in position.legal_moves() {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let score = -self.score(&child, end, limits)?;
            best = best.max(Some(score));
        }
        // A game that is not over has a move; a draw if one ever had none.
        let best = best.unwrap_or(0);
        self.scores.insert(position.key(), best);
        Some(best)
    }
}

impl<G: Game> ExactScorer<G> for Negamax<G> {
    fn bounds(&mut self, position: &G, weak: bool, limits: &SolveLimits<'_>) -> Bounds {
        let end = limits.nodes.map(|n| self.nodes.saturating_add(n));
        match self.score(position, end, limits) {
            Some(score) => {
                let score = weak_or_exact(score, weak);
                (score, score)
            }
            None => {
                let (lower, upper) = rule_bounds(position.max_ply(), position.ply());
                (weak_or_exact(lower, weak), weak_or_exact(upper, weak))
            }
        }
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// Whether the game goes on and neither side can force a win within
/// `plies` plies of `position` (a whole-game search with `u32::MAX`: then
/// the game is a draw).
#[must_use]
pub fn undecided_within<G: Game>(position: &G, plies: u32) -> bool {
    position.outcome().is_none() && forced_within(position, plies) == 0
}

/// Negamax to `depth` plies: 1 if the side to move forces a win, -1 if it
/// loses by force, 0 for a draw or no forced result within the depth.
fn forced_within<G: Game>(position: &G, depth: u32) -> i32 {
    match position.outcome() {
        // The last move made the line: the side to move has lost.
        Some(inarow_games::Outcome::Win(_)) => return -1,
        Some(inarow_games::Outcome::Draw) => return 0,
        None => {}
    }
    if depth == 0 {
        return 0;
    }
    // A line takes k stones: with too few, neither side can make one in
    // time (the side to move places ceil(depth / 2) more, the other the rest).
    let k = u32::from(position.variant().line_length());
    let (ply, mover_adds, other_adds) = (position.ply(), depth.div_ceil(2), depth / 2);
    if ply / 2 + mover_adds < k && ply.div_ceil(2) + other_adds < k {
        return 0;
    }
    let mut best = -1;
    for mv in position.legal_moves() {
        let mut child = position.clone();
        child.play_unchecked(mv);
        best = best.max(-forced_within(&child, depth - 1));
        if best == 1 {
            break;
        }
    }
    best
}

/// A rule of Connect-Four strategy (Allis's names) that bounds a position's
/// score without search. The solver applies both at every node. On any
/// board, the first player is the side to move with an even number of empty
/// cells (on 9x7, of 63 cells, the one that moved second), and the even rows
/// are every other row down from the top (on 9x7 the odd rows counted from
/// 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Claimeven: with the first player to move, the second answers every
    /// move in the same column and so takes the even rows (counted from 1)
    /// of every column above the cells playable now. The first player
    /// cannot win if it has no line in the other cells, nor if each of its
    /// lines there lies above one of the second's, which fills first. The
    /// bound counts every line the second has in its cells: the first must
    /// keep a cell of each empty.
    Claimeven,
    /// The odd threat: with the second player to move and exactly one
    /// column of an odd number of empty cells, the first player answers
    /// every move in the same column and so takes the cell `(file, rank)`
    /// (from 0) of that column, in an odd row counted from 1, where it
    /// completes a line. The bound counts the first's other lines in the
    /// cells it takes too.
    OddThreat {
        /// The threat's column, from 0.
        file: u8,
        /// The threat's row, from 0 at the bottom.
        rank: u8,
    },
    /// The odd threat with three columns of an odd number of empty cells:
    /// the first player answers every move in the same column until the
    /// second fills one of the three, then plays once in another and takes
    /// its threat in the last. `cells` are the first player's threats
    /// `(file, rank)` (from 0) in the three columns, in the columns that
    /// have one, left to right.
    OddThreats {
        /// The threats' cells, `(file, rank)` from 0; the unused slots are `None`.
        cells: [Option<(u8, u8)>; 3],
    },
}

/// What a [`Rule`] proves about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleBound {
    /// The rule.
    pub rule: Rule,
    /// The most the side to move scores (Pons's score).
    pub at_most: i32,
}
