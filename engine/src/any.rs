//! The one place that picks the monomorphised search and the exact scorer for
//! a game chosen at run time: the protocol, `play`, `match`, `review`,
//! `serve` and Python hold an [`AnySearcher`] or an [`Analyst`] and an
//! [`AnyGame`], and moves cross this boundary as typed [`Drop`]s.
//!
//! A new kind of game adds a field to `AnySearcher` and `Analyst` and an arm
//! to each of the macros here; `docs/ARCHITECTURE.md` lists everything else
//! it touches.

use inarow_games::{
    AnyGame, Connect4, Connect4U128, Drop, Game, KInARow, KInARowHuge, KInARowLarge, MoveText,
    TicTacToe, Wide,
};

use std::sync::Arc;

use crate::analysis::RuleBound;
use crate::analysis::{move_bounds, Bounds, ExactScorer, Negamax};
use crate::books::opening::Book;
use crate::family::{FamilyScorer, FamilySolver};
use crate::gomoku::GomokuSearcher;
use crate::limits::{Limits, Signals, SolveLimits};
use crate::search::heuristics::SearchGame;
use crate::search::knuth_moore::{self, Algorithm, GameTree, MoveOrder, Searched, TooLarge};
use crate::search::trace::Trace;
use crate::search::{Info, SearchResult, Searcher};
use crate::solver::{Solver, SolverOf};

/// The largest table tic-tac-toe can use, in MiB: its whole tree fits.
const TICTACTOE_HASH_MIB: usize = 16;

/// A searcher for every game, each with its own table.
pub struct AnySearcher {
    connect4: Searcher<Connect4>,
    connect4_wide: Searcher<Connect4U128>,
    tictactoe: Searcher<TicTacToe>,
    kinarow: Searcher<KInARow>,
    kinarow_large: Searcher<KInARowLarge>,
    kinarow_huge: Searcher<KInARowHuge>,
    /// Five in a row without gravity on gomoku's boards.
    gomoku: GomokuSearcher,
}

/// Runs `$body` with `$searcher` the searcher of `$position`'s game and `$p`
/// its position.
macro_rules! with_searcher {
    ($this:expr, $position:expr, $searcher:ident, $p:ident => $body:expr) => {
        match $position {
            AnyGame::Connect4($p) => {
                let $searcher = &mut $this.connect4;
                $body
            }
            AnyGame::Connect4U128($p) => {
                let $searcher = &mut $this.connect4_wide;
                $body
            }
            AnyGame::TicTacToe($p) => {
                let $searcher = &mut $this.tictactoe;
                $body
            }
            AnyGame::KInARow($p) => {
                let $searcher = &mut $this.kinarow;
                $body
            }
            AnyGame::KInARowLarge($p) => {
                let $searcher = &mut $this.kinarow_large;
                $body
            }
            AnyGame::KInARowHuge($p) => {
                let $searcher = &mut $this.kinarow_huge;
                $body
            }
        }
    };
}

/// Runs `$body` with `$p` the position `$position` holds, typed: for the
/// functions generic over the game.
macro_rules! with_position {
    ($position:expr, $p:ident => $body:expr) => {
        match $position {
            AnyGame::Connect4($p) => $body,
            AnyGame::Connect4U128($p) => $body,
            AnyGame::TicTacToe($p) => $body,
            AnyGame::KInARow($p) => $body,
            AnyGame::KInARowLarge($p) => $body,
            AnyGame::KInARowHuge($p) => $body,
        }
    };
}

impl AnySearcher {
    /// Searchers with tables of `hash_mib` MiB (tic-tac-toe needs at most 16).
    #[must_use]
    pub fn new(hash_mib: usize) -> Self {
        AnySearcher {
            connect4: Searcher::new(hash_mib),
            connect4_wide: Searcher::new(hash_mib),
            tictactoe: Searcher::new(hash_mib.min(TICTACTOE_HASH_MIB)),
            kinarow: Searcher::new(hash_mib),
            kinarow_large: Searcher::new(hash_mib),
            kinarow_huge: Searcher::new(hash_mib),
            gomoku: GomokuSearcher::new(hash_mib),
        }
    }

    /// Resizes the tables (emptying them).
    pub fn set_hash(&mut self, hash_mib: usize) {
        self.connect4.set_hash(hash_mib);
        self.connect4_wide.set_hash(hash_mib);
        self.tictactoe.set_hash(hash_mib.min(TICTACTOE_HASH_MIB));
        self.kinarow.set_hash(hash_mib);
        self.kinarow_large.set_hash(hash_mib);
        self.kinarow_huge.set_hash(hash_mib);
        self.gomoku.set_hash(hash_mib);
    }

    /// Consults `book` before searching, in the game and board size it is
    /// for; `None` turns books off, the family's line books too.
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.connect4.set_book(book.clone());
        self.connect4_wide.set_book(book.clone());
        self.tictactoe.set_book(book.clone());
        self.kinarow.set_book(book.clone());
        self.kinarow_large.set_book(book.clone());
        self.kinarow_huge.set_book(book);
    }

    /// Searches on `threads` threads (at least 1) from now on, in every game.
    pub fn set_threads(&mut self, threads: usize) {
        self.connect4.set_threads(threads);
        self.connect4_wide.set_threads(threads);
        self.tictactoe.set_threads(threads);
        self.kinarow.set_threads(threads);
        self.kinarow_large.set_threads(threads);
        self.kinarow_huge.set_threads(threads);
    }

    /// The memory the largest game's tables may use, in bytes.
    #[must_use]
    pub fn hash_bytes(&self) -> usize {
        self.connect4.hash_bytes()
    }

    /// Forgets everything learnt, in every game.
    pub fn clear(&mut self) {
        self.connect4.clear();
        self.connect4_wide.clear();
        self.tictactoe.clear();
        self.kinarow.clear();
        self.kinarow_large.clear();
        self.kinarow_huge.clear();
        self.gomoku.clear();
    }

    /// Sets up the tables of `position`'s game and faults their memory in
    /// (see [`Searcher::populate`]): before timed searches of that game.
    pub fn populate(&mut self, position: &AnyGame) {
        if GomokuSearcher::plays(position) {
            self.gomoku.populate();
            return;
        }
        with_searcher!(self, position, searcher, p => searcher.populate(p));
    }

    /// Searches `position` with its game's searcher (see [`Searcher::search`];
    /// gomoku's boards go to [`GomokuSearcher`]); every move in the reports
    /// and the result is a drop.
    pub fn search(
        &mut self,
        position: &AnyGame,
        limits: &Limits,
        signals: &Signals,
        mut report: impl FnMut(&Info<Drop>),
    ) -> SearchResult<Drop> {
        if GomokuSearcher::plays(position) {
            return self.gomoku.search(position, limits, signals, report);
        }
        with_searcher!(self, position, searcher, p => {
            let result = searcher.search(p, limits, signals, |info| report(&typed_info(p, info)));
            typed_result(p, &result)
        })
    }
}

/// Runs a textbook `algorithm` on the tree of `position` to `depth` plies
/// (see [`GameTree`]), recording at most `max_nodes` nodes.
///
/// # Errors
/// [`TooLarge`] if the search examines more than `max_nodes` nodes.
pub fn textbook_search(
    position: &AnyGame,
    depth: u32,
    order: MoveOrder,
    algorithm: Algorithm,
    max_nodes: usize,
) -> Result<Searched, TooLarge> {
    with_position!(position, p => {
        knuth_moore::search(&GameTree::new(*p, depth, order), algorithm, max_nodes)
    })
}

/// The engine's own search of `position` within `limits` on one thread with
/// a fresh table of `hash_mib` MiB, every node recorded in the returned trace.
#[must_use]
pub fn traced_search(
    position: &AnyGame,
    limits: &Limits,
    hash_mib: usize,
) -> (SearchResult<Drop>, Trace) {
    fn run<G: SearchGame>(
        position: &G,
        limits: &Limits,
        hash_mib: usize,
    ) -> (SearchResult<Drop>, Trace) {
        let mut searcher = Searcher::<G>::new(hash_mib);
        let mut trace = Trace::new();
        let result =
            searcher.search_observed(position, limits, &Signals::new(), &mut trace, |_| {});
        (typed_result(position, &result), trace)
    }
    match position {
        AnyGame::TicTacToe(p) => run(p, limits, hash_mib.min(TICTACTOE_HASH_MIB)),
        other => with_position!(other, p => run(p, limits, hash_mib)),
    }
}

/// The static evaluation of `position` for the side to move, in hundredths
/// of a stone; `None` if the side to move wins with its next move.
#[must_use]
pub fn evaluate(position: &AnyGame) -> Option<i32> {
    fn eval<G: SearchGame>(position: &G) -> Option<i32> {
        (!position.can_win_now()).then(|| position.evaluate())
    }
    with_position!(position, p => eval(p))
}

/// Exact analysis of any game: every front end's one source of exact scores
/// (review, the server, `play`'s hints, Python), each game's scorer kept
/// with what it learnt from call to call. Scores are Pons's, from the side
/// to move (see [`crate::score`]).
pub struct Analyst {
    connect4: Solver,
    connect4_wide: SolverOf<u128>,
    tictactoe: Negamax<TicTacToe>,
    kinarow: FamilyScorer,
    kinarow_large: FamilySolver<Wide<4>>,
    kinarow_huge: FamilySolver<Wide<7>>,
    answered_by_book: bool,
}

/// Runs `$body` with `$scorer` the exact scorer of `$position`'s game and
/// `$p` its position.
macro_rules! with_scorer {
    ($analyst:expr, $position:expr, $scorer:ident, $p:ident => $body:expr) => {
        match $position {
            AnyGame::Connect4($p) => {
                let $scorer = &mut $analyst.connect4;
                $body
            }
            AnyGame::Connect4U128($p) => {
                let $scorer = &mut $analyst.connect4_wide;
                $body
            }
            AnyGame::TicTacToe($p) => {
                let $scorer = &mut $analyst.tictactoe;
                $body
            }
            AnyGame::KInARow($p) => {
                let $scorer = &mut $analyst.kinarow;
                $body
            }
            AnyGame::KInARowLarge($p) => {
                let $scorer = &mut $analyst.kinarow_large;
                $body
            }
            AnyGame::KInARowHuge($p) => {
                let $scorer = &mut $analyst.kinarow_huge;
                $body
            }
        }
    };
}

impl Analyst {
    /// An analyst whose tables take about `hash_mib` MiB, with no book.
    #[must_use]
    pub fn new(hash_mib: usize) -> Self {
        // The solver resizes itself for a position of another board.
        Analyst {
            connect4: Solver::new(inarow_games::Size::STANDARD, hash_mib.max(1)),
            connect4_wide: SolverOf::new(inarow_games::Size::STANDARD, hash_mib.max(1)),
            tictactoe: Negamax::default(),
            kinarow: FamilyScorer::new(hash_mib),
            kinarow_large: FamilySolver::new(hash_mib),
            kinarow_huge: FamilySolver::new(hash_mib),
            answered_by_book: false,
        }
    }

    /// Consults `book` first, in the game and board size it is for; `None`
    /// turns the book off.
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.connect4.set_book(book);
    }

    /// Whether a book is consulted.
    #[must_use]
    pub fn has_book(&self) -> bool {
        self.connect4.book().is_some()
    }

    /// Solves on `threads` threads (at least 1) from now on, where the game's
    /// scorer has threads; scores do not depend on it.
    pub fn set_threads(&mut self, threads: usize) {
        self.connect4.set_threads(threads);
        self.connect4_wide.set_threads(threads);
        self.kinarow.set_threads(threads);
    }

    /// The threads the solvers use.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.connect4.threads()
    }

    /// Forgets everything learnt and resets the node count.
    pub fn clear(&mut self) {
        self.connect4.clear();
        self.connect4_wide.clear();
        self.tictactoe.clear();
        self.kinarow.clear();
        self.kinarow_large.clear();
        self.kinarow_huge.clear();
    }

    /// Faults in now the memory of the tables that scoring `position`'s game
    /// uses, so that no solve waits on the kernel for a first touch: before a
    /// batch of timed solves (see [`ExactScorer::populate`]).
    pub fn populate(&mut self, position: &AnyGame) {
        with_scorer!(self, position, scorer, p => ExactScorer::populate(scorer, p));
    }

    /// Nodes searched, in every game, since the analyst was made or cleared.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.connect4.nodes()
            + self.connect4_wide.nodes()
            + ExactScorer::<TicTacToe>::nodes(&self.tictactoe)
            + ExactScorer::<KInARow>::nodes(&self.kinarow)
            + ExactScorer::<KInARowLarge>::nodes(&self.kinarow_large)
            + ExactScorer::<KInARowHuge>::nodes(&self.kinarow_huge)
    }

    /// Whether the last [`Analyst::move_bounds`], [`Analyst::move_scores`] or
    /// [`Analyst::best_move`] was answered by the book alone.
    #[must_use]
    pub fn answered_by_book(&self) -> bool {
        self.answered_by_book
    }

    /// The bound a rule of strategy proves on `position`'s score without
    /// search (claimeven or the odd threat, on gravity boards of an even
    /// height), if one applies.
    pub fn rule_bound(&mut self, position: &AnyGame) -> Option<RuleBound> {
        with_scorer!(self, position, scorer, p => scorer.rule_bound(p))
    }

    /// Bounds on Pons's score of `position` (with `weak`, on its sign):
    /// exact unless `limits` were reached first.
    pub fn bounds(&mut self, position: &AnyGame, weak: bool, limits: &SolveLimits<'_>) -> Bounds {
        with_scorer!(self, position, scorer, p => scorer.bounds(p, weak, limits))
    }

    /// Pons's exact score of `position` (with `weak`, its sign); `None` past
    /// `limits`.
    pub fn score(
        &mut self,
        position: &AnyGame,
        weak: bool,
        limits: &SolveLimits<'_>,
    ) -> Option<i32> {
        let (lower, upper) = self.bounds(position, weak, limits);
        (lower == upper).then_some(lower)
    }

    /// The mover's exact score of the legal move `mv`; `None` past `limits`.
    pub fn move_score(
        &mut self,
        position: &AnyGame,
        mv: Drop,
        limits: &SolveLimits<'_>,
    ) -> Option<i32> {
        let (lower, upper) = with_scorer!(self, position, scorer, p => {
            let own = p.move_from_text(&MoveText::Square(mv)).ok()?;
            move_bounds(scorer, p, own, false, limits)
        });
        (lower == upper).then_some(lower)
    }

    /// Whether the mover's score of the legal move `mv` is at least `score`
    /// (with `score` the position's exact score, whether `mv` keeps it);
    /// cheaper than the move's exact score. `None` past `limits`.
    pub fn move_keeps(
        &mut self,
        position: &AnyGame,
        mv: Drop,
        score: i32,
        limits: &SolveLimits<'_>,
    ) -> Option<bool> {
        with_scorer!(self, position, scorer, p => {
            let own = p.move_from_text(&MoveText::Square(mv)).ok()?;
            scorer.move_keeps(p, own, score, limits)
        })
    }

    /// Bounds on the mover's score of every legal move, in the order of
    /// [`Game::legal_moves`]; the limits are for the whole analysis.
    pub fn move_bounds(
        &mut self,
        position: &AnyGame,
        weak: bool,
        limits: &SolveLimits<'_>,
    ) -> Vec<(Drop, Bounds)> {
        let (moves, by_book) = with_scorer!(self, position, scorer, p => {
            let moves = scorer.move_bounds(p, weak, limits);
            let moves: Vec<(Drop, Bounds)> =
                moves.into_iter().map(|(mv, b)| (p.to_drop(mv), b)).collect();
            (moves, scorer.answered_by_book())
        });
        self.answered_by_book = by_book;
        moves
    }

    /// The mover's exact score of every legal move (with `weak`, its sign),
    /// `None` for the moves not settled within `limits`.
    pub fn move_scores(
        &mut self,
        position: &AnyGame,
        weak: bool,
        limits: &SolveLimits<'_>,
    ) -> Vec<(Drop, Option<i32>)> {
        self.move_bounds(position, weak, limits)
            .into_iter()
            .map(|(mv, (lower, upper))| (mv, (lower == upper).then_some(lower)))
            .collect()
    }

    /// A move that keeps the position's exact score (the quickest win, the
    /// slowest loss) and that score; `None` past `limits` or once the game
    /// is over.
    pub fn best_move(
        &mut self,
        position: &AnyGame,
        limits: &SolveLimits<'_>,
    ) -> Option<(Drop, i32)> {
        let (best, by_book) = with_scorer!(self, position, scorer, p => {
            let best = scorer.best_move(p, limits).map(|(mv, score)| (p.to_drop(mv), score));
            (best, scorer.answered_by_book())
        });
        self.answered_by_book = by_book;
        best
    }
}

/// A line of moves as drops, each written in the position it is played in;
/// it stops at the first move that is not legal there.
fn drops<G: Game>(position: &G, moves: &[G::Move]) -> Vec<Drop> {
    let mut position = position.clone();
    let mut line = Vec::with_capacity(moves.len());
    for &mv in moves {
        if !position.is_legal(mv) {
            break;
        }
        line.push(position.to_drop(mv));
        position.play_unchecked(mv);
    }
    line
}

fn typed_info<G: Game>(position: &G, info: &Info<G::Move>) -> Info<Drop> {
    Info {
        depth: info.depth,
        seldepth: info.seldepth,
        multipv: info.multipv,
        score: info.score,
        nodes: info.nodes,
        elapsed: info.elapsed,
        hashfull: info.hashfull,
        pv: drops(position, &info.pv),
    }
}

fn typed_result<G: Game>(position: &G, result: &SearchResult<G::Move>) -> SearchResult<Drop> {
    let (best, ponder) = match result.best {
        None => (None, None),
        Some(best) => {
            let line = drops(
                position,
                &[best].into_iter().chain(result.ponder).collect::<Vec<_>>(),
            );
            (line.first().copied(), line.get(1).copied())
        }
    };
    SearchResult {
        best,
        ponder,
        lines: result
            .lines
            .iter()
            .map(|l| typed_info(position, l))
            .collect(),
        nodes: result.nodes,
        elapsed: result.elapsed,
        source: result.source,
        stats: result.stats.clone(),
    }
}

/// The analyst proves line books' entries, searching to the end.
impl crate::books::lines::Prover for Analyst {
    fn score(&mut self, position: &AnyGame, weak: bool) -> i32 {
        Analyst::score(self, position, weak, &SolveLimits::default())
            .expect("a solve without limits finishes")
    }

    fn nodes(&self) -> u64 {
        Analyst::nodes(self)
    }
}
