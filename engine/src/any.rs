//! The one place that picks the monomorphised search for a game chosen at run
//! time: the protocol, `play`, `match` and `bench` hold an [`AnySearcher`] and
//! an [`AnyGame`], and moves cross this boundary as typed [`Drop`]s.
//!
//! A new game adds a field and an arm to each `match` here, and nothing
//! outside `games/` and this file.

use inarow_games::{AnyGame, Connect4, Drop, Game, TicTacToe};

use std::sync::Arc;

use crate::book::Book;
use crate::heuristics::SearchGame;
use crate::score::pons_score;
use crate::search::{Info, Limits, SearchResult, Searcher, Signals};
use crate::textbook::{self, Algorithm, GameTree, MoveOrder, Searched, TooLarge};
use crate::trace::Trace;
use crate::Score;

/// The largest table tic-tac-toe can use, in MiB: its whole tree fits.
const TICTACTOE_HASH_MIB: usize = 16;

/// A searcher for every game, each with its own table.
pub struct AnySearcher {
    connect4: Searcher<Connect4>,
    tictactoe: Searcher<TicTacToe>,
}

impl AnySearcher {
    /// Searchers with tables of `hash_mib` MiB (tic-tac-toe needs at most 16).
    #[must_use]
    pub fn new(hash_mib: usize) -> Self {
        AnySearcher {
            connect4: Searcher::new(hash_mib),
            tictactoe: Searcher::new(hash_mib.min(TICTACTOE_HASH_MIB)),
        }
    }

    /// Resizes the tables (emptying them).
    pub fn set_hash(&mut self, hash_mib: usize) {
        self.connect4.set_hash(hash_mib);
        self.tictactoe.set_hash(hash_mib.min(TICTACTOE_HASH_MIB));
    }

    /// Consults `book` before searching, in the game and board size it is
    /// for; `None` turns the book off.
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.connect4.set_book(book);
    }

    /// Searches on `threads` threads (at least 1) from now on, in every game.
    pub fn set_threads(&mut self, threads: usize) {
        self.connect4.set_threads(threads);
        self.tictactoe.set_threads(threads);
    }

    /// The memory the largest game's tables may use, in bytes.
    #[must_use]
    pub fn hash_bytes(&self) -> usize {
        self.connect4.hash_bytes()
    }

    /// Forgets everything learnt, in every game.
    pub fn clear(&mut self) {
        self.connect4.clear();
        self.tictactoe.clear();
    }

    /// Searches `position` with its game's searcher (see [`Searcher::search`]);
    /// every move in the reports and the result is a drop.
    pub fn search(
        &mut self,
        position: &AnyGame,
        limits: &Limits,
        signals: &Signals,
        mut report: impl FnMut(&Info<Drop>),
    ) -> SearchResult<Drop> {
        match position {
            AnyGame::Connect4(p) => {
                let result = self
                    .connect4
                    .search(p, limits, signals, |info| report(&typed_info(p, info)));
                typed_result(p, &result)
            }
            AnyGame::TicTacToe(p) => {
                let result = self
                    .tictactoe
                    .search(p, limits, signals, |info| report(&typed_info(p, info)));
                typed_result(p, &result)
            }
        }
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
    match position {
        AnyGame::Connect4(p) => {
            textbook::search(&GameTree::new(*p, depth, order), algorithm, max_nodes)
        }
        AnyGame::TicTacToe(p) => {
            textbook::search(&GameTree::new(*p, depth, order), algorithm, max_nodes)
        }
    }
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
        AnyGame::Connect4(p) => run(p, limits, hash_mib),
        AnyGame::TicTacToe(p) => run(p, limits, hash_mib.min(TICTACTOE_HASH_MIB)),
    }
}

/// The static evaluation of `position` for the side to move, in hundredths
/// of a stone; `None` if the side to move wins with its next move.
#[must_use]
pub fn evaluate(position: &AnyGame) -> Option<i32> {
    fn eval<G: SearchGame>(position: &G) -> Option<i32> {
        (!position.can_win_now()).then(|| position.evaluate())
    }
    match position {
        AnyGame::Connect4(p) => eval(p),
        AnyGame::TicTacToe(p) => eval(p),
    }
}

/// Pons's exact score of a proven result, for games that have one (Connect Four).
#[must_use]
pub fn exact_score(position: &AnyGame, score: Score) -> Option<i32> {
    match position {
        AnyGame::Connect4(p) => pons_score(p, score),
        AnyGame::TicTacToe(_) => None,
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
