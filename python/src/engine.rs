//! `Engine`: the engine's heuristic search ([`AnySearcher`]) at a strength of
//! `inarow play` or within depth, time and node limits, with its result and
//! score as Python objects.

use crate::{GameOverError, InvalidSettingError};
use inarow_engine::books::lines;
use inarow_engine::score::pons_score;
use inarow_engine::strength::{self, Choice, LevelRng, Strength, LEVELS};
use inarow_engine::{AnySearcher, Limits, Signals, DEFAULT_HASH_MIB};
use inarow_games::{AnyGame, Game};
use pyo3::prelude::*;

use crate::args::{hash_mib, seconds, setting_count, setting_within, threads};
use crate::position::{move_index, Position};

// The signature below writes the default out for help(); it must stay the engine's.
const _: () = assert!(DEFAULT_HASH_MIB == 64);

/// A search's verdict on a position, for the player to move.
///
/// - kind: "heuristic" (an estimate), "win", "loss" or "draw" (proven).
/// - value: a number that orders scores: hundredths of a stone for an
///   estimate; a proven win is above every estimate, the sooner the higher,
///   a proven loss below.
/// - plies: for a win or a loss, the plies until the line is made.
/// - mate: for a win, the winner's own moves to it (the winning move counted),
///   negative for a loss, as UCI's "score mate" counts.
/// - pons: Pascal Pons's exact score of a proven result (any game).
/// - proven: whether the score is a proof rather than an estimate.
///
/// str() gives inarow's words: "wins in 3 moves", "draw", "+0.35".
#[pyclass(module = "inarow", name = "Score", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Score {
    score: inarow_engine::Score,
    pons: Option<i32>,
}

#[pymethods]
impl Score {
    /// "heuristic", "win", "loss" or "draw".
    #[getter]
    fn kind(&self) -> &'static str {
        match self.score {
            inarow_engine::Score::Heuristic(_) => "heuristic",
            inarow_engine::Score::Win(_) => "win",
            inarow_engine::Score::Loss(_) => "loss",
            inarow_engine::Score::Draw => "draw",
        }
    }

    /// A number that orders scores (see the class doc).
    #[getter]
    fn value(&self) -> i32 {
        self.score.value()
    }

    /// The plies until the line of a proven win or loss; None otherwise.
    #[getter]
    fn plies(&self) -> Option<u32> {
        match self.score {
            inarow_engine::Score::Win(plies) | inarow_engine::Score::Loss(plies) => Some(plies),
            _ => None,
        }
    }

    /// The winner's own moves to a proven win, negative for a loss; None otherwise.
    #[getter]
    fn mate(&self) -> Option<i32> {
        self.score.mate_moves()
    }

    /// Pons's exact score of a proven result; None otherwise.
    #[getter]
    fn pons(&self) -> Option<i32> {
        self.pons
    }

    /// Whether the score is proven.
    #[getter]
    fn proven(&self) -> bool {
        self.score.is_proven()
    }

    fn __str__(&self) -> String {
        self.score.to_string()
    }

    fn __repr__(&self) -> String {
        let mut fields = vec![format!("'{}'", self.kind())];
        match self.score {
            inarow_engine::Score::Heuristic(value) => fields.push(format!("value={value}")),
            inarow_engine::Score::Win(plies) | inarow_engine::Score::Loss(plies) => {
                fields.push(format!("plies={plies}"));
            }
            inarow_engine::Score::Draw => {}
        }
        if let Some(pons) = self.pons {
            fields.push(format!("pons={pons}"));
        }
        format!("Score({})", fields.join(", "))
    }
}

/// What Engine.search found.
///
/// - move: the move to play (an int, as Position numbers moves).
/// - pv: the line it heads, starting with move.
/// - score: its Score, for the player to move.
/// - depth: the depth of the last finished iteration, in plies.
/// - nodes: the nodes searched.
/// - time: the seconds taken.
/// - source: what found the move: "book", "solver" or "search".
#[pyclass(module = "inarow", name = "SearchResult", frozen)]
pub struct SearchResult {
    #[pyo3(get, name = "move")]
    mv: usize,
    #[pyo3(get)]
    pv: Vec<usize>,
    #[pyo3(get)]
    score: Score,
    #[pyo3(get)]
    depth: u32,
    #[pyo3(get)]
    nodes: u64,
    #[pyo3(get)]
    time: f64,
    #[pyo3(get)]
    source: &'static str,
}

impl SearchResult {
    fn new(game: &AnyGame, choice: &Choice) -> Self {
        SearchResult {
            mv: move_index(game, choice.mv),
            // A search stopped before its first iteration has no line but its move.
            pv: if choice.line.pv.is_empty() {
                vec![move_index(game, choice.mv)]
            } else {
                choice
                    .line
                    .pv
                    .iter()
                    .map(|&drop| move_index(game, drop))
                    .collect()
            },
            score: Score {
                score: choice.line.score,
                pons: pons_score(game, choice.line.score),
            },
            depth: choice.line.depth,
            nodes: choice.search.nodes,
            time: choice.search.elapsed.as_secs_f64(),
            source: choice.search.source.name(),
        }
    }
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        format!(
            "SearchResult(move={}, score='{}', pv={:?}, depth={}, nodes={}, time={:.3}, source='{}')",
            self.mv, self.score.score, self.pv, self.depth, self.nodes, self.time, self.source
        )
    }
}

/// inarow's engine: the opening book, then the exact solver, then a heuristic
/// alpha-beta search, on every game inarow plays (tic-tac-toe is solved
/// outright; the other members than Connect Four search without the solver).
/// It plays at the strengths of `inarow play`.
///
/// - hash_mb: the tables, in MiB; they persist across calls until clear().
/// - threads: search threads, 1 to max_threads().
/// - book: consult inarow's books: Connect Four's 7x6 opening book and the
///   line books of Connect-k members (see book_move).
/// - level: the strength when a search names no limit: 1 (the weakest) to 10
///   (full strength, one second a move), as `inarow play --level`. Without
///   it, full strength with a one-second think.
/// - seed: the seed of the weaker levels' random choices (default: the clock).
///
/// Calls release the GIL; one call at a time per Engine.
#[pyclass(module = "inarow", name = "Engine")]
pub struct Engine {
    searcher: AnySearcher,
    rng: LevelRng,
    level: Option<u8>,
    hash_mb: usize,
    threads: usize,
    book: bool,
}

/// A level from Python, checked.
fn level(level: i64) -> PyResult<u8> {
    let (min, max) = (i64::from(*LEVELS.start()), i64::from(*LEVELS.end()));
    setting_within("level", level, min, max).map(|level| level as u8)
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (hash_mb = 64, threads = 1, book = true, level = None, seed = None))]
    fn new(
        hash_mb: i64,
        threads: i64,
        book: bool,
        level: Option<i64>,
        seed: Option<i64>,
    ) -> PyResult<Self> {
        let hash_mb = hash_mib(hash_mb)?;
        let mut searcher = AnySearcher::new(hash_mb);
        let threads = self::threads(threads)?;
        searcher.set_threads(threads);
        searcher.set_book(book.then(inarow_engine::books::opening::embedded));
        Ok(Engine {
            searcher,
            rng: seed.map_or_else(LevelRng::from_clock, |seed| LevelRng::new(seed as u64)),
            level: level.map(self::level).transpose()?,
            hash_mb,
            threads,
            book,
        })
    }

    /// Searches the position: a SearchResult with the move, its score and its line.
    ///
    /// - depth: iterations go no deeper than this many plies (a fixed depth
    ///   skips the exact solver).
    /// - time: think this long, in seconds (less if the position is solved).
    /// - nodes: stop after this many nodes.
    /// - level: 1 to 10, as `inarow play --level`; not with the others.
    ///
    /// depth, time and nodes combine. With none of them, the Engine's level,
    /// or full strength with a one-second think.
    ///
    /// Raises GameOverError if the game is over, InvalidSettingError if the
    /// limits are bad.
    #[pyo3(signature = (position, *, depth = None, time = None, nodes = None, level = None))]
    fn search(
        &mut self,
        py: Python<'_>,
        position: PyRef<'_, Position>,
        depth: Option<i64>,
        time: Option<f64>,
        nodes: Option<i64>,
        level: Option<i64>,
    ) -> PyResult<SearchResult> {
        let game = position.game;
        if game.outcome().is_some() {
            return Err(GameOverError::new_err("the game is over: there is no move"));
        }
        let limited = depth.is_some() || time.is_some() || nodes.is_some();
        if limited && level.is_some() {
            return Err(InvalidSettingError::new_err(
                "give a level or depth, time and nodes, not both",
            ));
        }
        let movetime = seconds("time", time)?;
        let depth = setting_count("depth", depth)?.map(|d| d.min(u64::from(u32::MAX)) as u32);
        let nodes = setting_count("nodes", nodes)?;
        let strength = match level.map(self::level).transpose()?.or(self.level) {
            _ if limited => None,
            Some(level) => Some(Strength::Level(level)),
            None => Some(Strength::default()),
        };
        let limits = Limits {
            depth,
            nodes,
            movetime,
            ..Limits::default()
        };
        let (searcher, rng) = (&mut self.searcher, &mut self.rng);
        let choice = py.detach(move || {
            let signals = Signals::new();
            match strength {
                Some(strength) => strength::choose(searcher, &game, strength, &signals, rng),
                None => strength::search_within(searcher, &game, &limits, &signals),
            }
        });
        choice
            .map(|choice| SearchResult::new(&game, &choice))
            .ok_or_else(|| GameOverError::new_err("the game is over: there is no move"))
    }

    /// The move alone: search(...).move.
    #[pyo3(signature = (position, *, depth = None, time = None, nodes = None, level = None))]
    fn best_move(
        &mut self,
        py: Python<'_>,
        position: PyRef<'_, Position>,
        depth: Option<i64>,
        time: Option<f64>,
        nodes: Option<i64>,
        level: Option<i64>,
    ) -> PyResult<usize> {
        self.search(py, position, depth, time, nodes, level)
            .map(|result| result.mv)
    }

    /// The move inarow's line books play here (its opening lines on
    /// Connect-k members the solver takes minutes on, such as Connect-5
    /// 7x6, each move proven to hold a draw), or None: books off, or a
    /// position they do not hold.
    fn book_move(&self, position: PyRef<'_, Position>) -> Option<usize> {
        let game = position.game;
        if !self.book {
            return None;
        }
        let (mv, _) = lines::probe_embedded(&game).flatten()?;
        Some(move_index(&game, mv))
    }

    /// Forgets everything learnt: for a new game or an independent problem.
    fn clear(&mut self) {
        self.searcher.clear();
    }

    /// The strength when a search names no limit: a level 1-10, or None
    /// (full strength, one second a move).
    #[getter]
    fn level(&self) -> Option<u8> {
        self.level
    }

    fn __repr__(&self) -> String {
        format!(
            "Engine(hash_mb={}, threads={}, book={}, level={})",
            self.hash_mb,
            self.threads,
            if self.book { "True" } else { "False" },
            self.level
                .map_or_else(|| "None".to_owned(), |l| l.to_string())
        )
    }
}
