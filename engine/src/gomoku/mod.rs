//! A gomoku engine of its own for five in a row without gravity on boards
//! of gomoku's size class (9x9 to 24x24: 15x15 and Gomocup's 20x20), under
//! free-style or exactly five. [`crate::AnySearcher`] hands it those boards;
//! every other member of the family keeps the generic search.
//!
//! - `pattern`: each cell's line shape per direction from its line code,
//!   in tables generated per rule;
//! - `threat`: the four shapes of a cell combined into its threat and worth;
//! - `board`: the board keeping codes, shapes, threats and their counts
//!   up to date as stones are placed and taken back;
//! - `threats`: VCF and VCT, with their own table;
//! - `moves`: the moves of a node, chosen by threat;
//! - `search`: the principal-variation search and its time plan;
//! - `params`: the tunable numbers.

mod board;
mod moves;
mod params;
mod pattern;
mod search;
mod table;
#[cfg(test)]
mod tests;
mod threat;
mod threats;

use std::time::Instant;

use inarow_games::{AnyGame, Drop, Game, Player, WinRule};

use crate::limits::{Limits, Signals};
use crate::score::{Score, WIN_MIN};
use crate::search::{Info, SearchResult, SearchStats, Source};

use board::{Board, MAX_SIDE};
use pattern::LineRule;
use search::{Engine, Iteration, Plan};

/// The smallest side of a board this engine plays (smaller boards are
/// solved exactly by the family's solver).
const MIN_SIDE: usize = 9;

/// The gomoku searcher: its tables last from move to move.
pub struct GomokuSearcher {
    engine: Option<Engine>,
    bytes: usize,
}

impl GomokuSearcher {
    /// A searcher whose table takes about `hash_mib` MiB (made on first use).
    #[must_use]
    pub fn new(hash_mib: usize) -> GomokuSearcher {
        GomokuSearcher {
            engine: None,
            bytes: hash_mib.max(1) << 20,
        }
    }

    /// Whether `position` is a board this engine plays: five in a row, no
    /// gravity, free-style or exactly five, each side 9 to 24. Renju and
    /// caro stay with the generic search, which knows their forbidden moves
    /// and blocked fives.
    #[must_use]
    pub fn plays(position: &AnyGame) -> bool {
        let rules = position.variant().rules();
        rules.k() == 5
            && !rules.gravity()
            && matches!(rules.win_rule(), WinRule::Freestyle | WinRule::Standard)
            && (MIN_SIDE..=MAX_SIDE).contains(&rules.width())
            && (MIN_SIDE..=MAX_SIDE).contains(&rules.height())
    }

    /// Resizes the table to `hash_mib` MiB (emptying it).
    pub fn set_hash(&mut self, hash_mib: usize) {
        self.bytes = hash_mib.max(1) << 20;
        self.engine = None;
    }

    /// Forgets everything learnt.
    pub fn clear(&mut self) {
        if let Some(engine) = &mut self.engine {
            engine.clear();
        }
    }

    /// Makes the tables now, so that no timed search pays for them.
    pub fn populate(&mut self) {
        let _ = self.engine_mut();
        let _ = pattern::table(LineRule::Freestyle);
        let _ = pattern::table(LineRule::ExactlyFive);
        let _ = threat::value(0);
    }

    fn engine_mut(&mut self) -> &mut Engine {
        let bytes = self.bytes;
        self.engine.get_or_insert_with(|| Engine::new(bytes))
    }

    /// Searches `position` (one [`GomokuSearcher::plays`]) within `limits`,
    /// reporting each finished iteration.
    pub fn search(
        &mut self,
        position: &AnyGame,
        limits: &Limits,
        signals: &Signals,
        mut report: impl FnMut(&Info<Drop>),
    ) -> SearchResult<Drop> {
        let start = Instant::now();
        let mut result = SearchResult {
            best: None,
            ponder: None,
            lines: Vec::new(),
            nodes: 0,
            elapsed: start.elapsed(),
            source: Source::Search,
            stats: SearchStats::default(),
        };
        if position.outcome().is_some() {
            return result;
        }
        let mut board = board_of(position);
        let empty = (board.width() * board.height() - board.stones()) as u32;
        let plan = Plan::new(limits, start, empty);
        let engine = self.engine_mut();
        let shown = board.clone();
        let info_of = |it: &Iteration| Info {
            depth: it.depth,
            seldepth: it.seldepth.max(it.depth),
            multipv: 1,
            score: Score::from_value(it.value, it.value.abs() >= WIN_MIN),
            nodes: it.nodes,
            elapsed: start.elapsed(),
            hashfull: it.hashfull,
            pv: it.pv.iter().map(|&p| drop_of(&shown, p)).collect(),
        };
        let found = engine.search(&mut board, plan, signals, |it| report(&info_of(it)));
        if let Some((best, it)) = found {
            let mut info = info_of(&it);
            info.nodes = engine.nodes().max(it.nodes);
            result.best = Some(drop_of(&shown, best));
            result.ponder = info.pv.get(1).copied();
            result.lines = vec![info];
        }
        result.nodes = engine.nodes();
        result.elapsed = start.elapsed();
        result
    }
}

/// The board of `position`, its side to move to move.
fn board_of(position: &AnyGame) -> Board {
    let rules = position.variant().rules();
    let rule = if rules.overlines() {
        LineRule::Freestyle
    } else {
        LineRule::ExactlyFive
    };
    let (width, height) = (rules.width(), rules.height());
    let mut board = Board::new(width, height, rule);
    for y in 0..height {
        for x in 0..width {
            if let Some(player) = position.stone_at(x as u8, y as u8) {
                board.set_side(usize::from(player == Player::Second));
                let p = board.pos(x, y);
                board.play(p);
            }
        }
    }
    board.set_side(usize::from(position.side_to_move() == Player::Second));
    board
}

/// The square of a board cell.
fn drop_of(board: &Board, pos: board::Pos) -> Drop {
    let (x, y) = board.square(pos);
    Drop {
        file: x as u8,
        rank: y as u8,
    }
}
