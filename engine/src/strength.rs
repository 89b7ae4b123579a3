//! How hard the engine plays: full strength by time or depth, or a level from
//! 1 (the weakest) to 10 (full strength). `inarow play` and the Python
//! `Engine` both choose their moves here, so a level means one thing.

use std::time::Duration;

use inarow_games::{AnyGame, Drop, MAX_MOVES};

use crate::any::AnySearcher;
use crate::limits::{Limits, Signals};
use crate::search::{Info, SearchResult};
use crate::Score;

/// How hard the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// Full strength, thinking this long per move.
    MoveTime(Duration),
    /// Full strength, searching this many plies.
    Depth(u32),
    /// Levels 1 (weakest) to 10 (full strength with a one-second think);
    /// anything above 10 is 10, below 1 is 1.
    Level(u8),
}

/// The weakest and the strongest level.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;

/// Depth and how far below the best a move may score and still be chosen
/// (hundredths of a stone), per level 1-9.
const WEAK_LEVELS: [(u32, i32); 9] = [
    (1, 300),
    (2, 200),
    (3, 150),
    (4, 100),
    (6, 60),
    (8, 40),
    (10, 20),
    (12, 10),
    (16, 0),
];

/// The think of full strength with no limit given: one second a move.
const FULL_STRENGTH_THINK: Duration = Duration::from_secs(1);

impl Default for Strength {
    /// Full strength with a one-second think, as `inarow play` plays.
    fn default() -> Self {
        Strength::MoveTime(FULL_STRENGTH_THINK)
    }
}

impl Strength {
    /// This strength at its best: a level becomes the full-strength think, a
    /// time or depth stays (what a hint uses).
    #[must_use]
    pub fn full(self) -> Strength {
        match self {
            Strength::Level(_) => Strength::default(),
            other => other,
        }
    }

    /// The search limits, and for a weaker level the margin below the best
    /// within which a move may be chosen at random.
    fn plan(self) -> (Limits, Option<i32>) {
        let mut limits = Limits::default();
        let margin = match self {
            Strength::MoveTime(think) => {
                limits.movetime = Some(think);
                None
            }
            Strength::Depth(depth) => {
                limits.depth = Some(depth);
                None
            }
            Strength::Level(level) if level >= *LEVELS.end() => {
                limits.movetime = Some(FULL_STRENGTH_THINK);
                None
            }
            Strength::Level(level) => {
                let (depth, margin) = WEAK_LEVELS[usize::from(level.max(1)) - 1];
                limits.depth = Some(depth);
                limits.multipv = MAX_MOVES;
                Some(margin)
            }
        };
        (limits, margin)
    }
}

/// A move chosen at some strength, and what it rests on.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The move.
    pub mv: Drop,
    /// The line the move heads: its score, depth and principal variation.
    pub line: Info<Drop>,
    /// The search it was chosen from.
    pub search: SearchResult<Drop>,
}

/// A small random generator (xorshift64) for the weaker levels' choices: a
/// seed gives the same games again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelRng(u64);

impl LevelRng {
    /// A generator from `seed` (any value).
    #[must_use]
    pub fn new(seed: u64) -> Self {
        LevelRng(seed | 1)
    }

    /// A generator seeded from the clock.
    #[must_use]
    pub fn from_clock() -> Self {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64);
        LevelRng::new(nanos)
    }

    fn below(&mut self, n: usize) -> usize {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        (x % n as u64) as usize
    }
}

/// Searches `position` as `strength` asks and picks the move: the best one,
/// or for a weaker level one at random among those close enough to the best.
/// `None` if the game is over.
pub fn choose(
    searcher: &mut AnySearcher,
    position: &AnyGame,
    strength: Strength,
    signals: &Signals,
    rng: &mut LevelRng,
) -> Option<Choice> {
    let (limits, margin) = strength.plan();
    let search = searcher.search(position, &limits, signals, |_| {});
    let best = search.best?;
    let (mv, line) = match margin {
        // A weaker level never misses a proven win, nor walks into a proven
        // loss when it has a choice.
        Some(margin) if !search.lines.is_empty() => {
            let top = search.lines[0].score;
            let choices: Vec<&Info<Drop>> = search
                .lines
                .iter()
                .filter(|l| !l.pv.is_empty())
                .filter(|l| match (top, l.score) {
                    (Score::Win(_), s) => matches!(s, Score::Win(_)),
                    (_, Score::Loss(_)) => matches!(top, Score::Loss(_)),
                    (t, s) => s.value() >= t.value() - margin,
                })
                .collect();
            match choices.get(rng.below(choices.len().max(1))) {
                Some(&pick) => (pick.pv[0], pick.clone()),
                None => (best, search.info()),
            }
        }
        _ => (best, search.info()),
    };
    Some(Choice { mv, line, search })
}

/// Searches `position` within `limits` at full strength: [`choose`] for
/// limits that no [`Strength`] names (a depth and a time together, a node
/// budget). `None` if the game is over.
pub fn search_within(
    searcher: &mut AnySearcher,
    position: &AnyGame,
    limits: &Limits,
    signals: &Signals,
) -> Option<Choice> {
    let search = searcher.search(position, limits, signals, |_| {});
    let mv = search.best?;
    let line = search.info();
    Some(Choice { mv, line, search })
}

#[cfg(test)]
mod tests {
    use super::*;
    use inarow_games::{Size, Variant};

    fn position(moves: &str) -> AnyGame {
        let mut game = AnyGame::new(Variant::Connect4(Size::STANDARD));
        game.play_move_string(moves).unwrap().unwrap();
        game
    }

    #[test]
    fn the_weakest_level_still_takes_a_win() {
        // The first player wins at once in column 1.
        let game = position("121212");
        let mut searcher = AnySearcher::new(4);
        for seed in 0..8 {
            let choice = choose(
                &mut searcher,
                &game,
                Strength::Level(1),
                &Signals::new(),
                &mut LevelRng::new(seed),
            )
            .unwrap();
            assert_eq!(choice.mv.file, 0, "seed {seed}");
            assert!(matches!(choice.line.score, Score::Win(1)));
        }
    }

    #[test]
    fn a_seed_gives_the_same_moves() {
        let game = position("44");
        let moves = |seed| {
            let mut searcher = AnySearcher::new(4);
            let mut rng = LevelRng::new(seed);
            (0..4)
                .map(|_| {
                    choose(
                        &mut searcher,
                        &game,
                        Strength::Level(2),
                        &Signals::new(),
                        &mut rng,
                    )
                    .unwrap()
                    .mv
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(moves(11), moves(11));
    }

    #[test]
    fn no_move_once_the_game_is_over() {
        let game = position("1212121");
        let mut searcher = AnySearcher::new(4);
        let mut rng = LevelRng::new(1);
        for strength in [Strength::Level(3), Strength::Depth(2)] {
            assert!(choose(&mut searcher, &game, strength, &Signals::new(), &mut rng).is_none());
        }
        assert_eq!(Strength::Level(4).full(), Strength::default());
        assert_eq!(Strength::Depth(4).full(), Strength::Depth(4));
    }
}
