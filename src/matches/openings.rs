//! Openings and the pairing schedule.
//!
//! The schedule is a pure function of the settings (openings, order, seed,
//! `--repeat`, number of games): game `g` always gets the same start position
//! and colours, so a resumed run plays exactly the games an uninterrupted run
//! would have played.
//!
//! - Engines alternate colours: the first engine moves first in even games.
//! - With `--repeat`, games `2p` and `2p + 1` share opening `p` (a game pair);
//!   without, every game has its own opening.
//! - An openings file holds one opening a line: a move string (`4453`), moves
//!   in any notation (`P@d1 P@d2`), a FEN or an EPD line. Blank lines and
//!   lines starting with `#` are skipped. `--order random` walks the book in a
//!   fresh seeded shuffle each time through.
//! - Without a file, each opening is a random sequence of moves whose length
//!   lies in `--opening-plies`, drawn from a generator seeded by the seed and
//!   the opening's number. Positions where either side has a forced result
//!   within a short search (all of the game for tic-tac-toe) are drawn again,
//!   so colours matter less than the engines.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use clap::ValueEnum;
use inarow_engine::analysis::undecided_within;
use inarow_games::{AnyGame, Game, Variant};

use crate::position::play_moves;
use crate::rng::Rng;

/// How many plies the forced-result check looks ahead in a large game.
const CHECK_PLIES: u32 = 4;

/// Games with at most this many plies left are checked to the end.
const WHOLE_GAME_PLIES: u32 = 10;

/// How many random openings are drawn, at most, to find a balanced one.
const RANDOM_ATTEMPTS: usize = 10_000;

/// The order in which a book's openings are used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Order {
    /// First to last, then again.
    Sequential,
    /// A seeded shuffle, a new one each time through.
    Random,
}

/// An inclusive range of plies for random openings, written `MIN-MAX` or `N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyRange {
    /// The fewest plies.
    pub min: u32,
    /// The most plies.
    pub max: u32,
}

impl FromStr for PlyRange {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let number = |t: &str| {
            t.trim()
                .parse::<u32>()
                .map_err(|_| format!("bad ply range '{text}': expected MIN-MAX, such as 2-4"))
        };
        let (min, max) = match text.split_once('-') {
            Some((min, max)) => (number(min)?, number(max)?),
            None => (number(text)?, number(text)?),
        };
        if min > max {
            return Err(format!("bad ply range '{text}': {min} is more than {max}"));
        }
        Ok(PlyRange { min, max })
    }
}

impl fmt::Display for PlyRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.min, self.max)
    }
}

/// Where openings come from.
#[derive(Clone, Debug)]
pub enum Openings {
    /// A book read from a file, used in the given order.
    Book {
        /// The start positions, in file order.
        positions: Vec<AnyGame>,
        /// The order of use.
        order: Order,
    },
    /// Random moves from the start position.
    Random {
        /// The game.
        variant: Variant,
        /// How many plies.
        plies: PlyRange,
    },
}

/// Reads an openings file.
///
/// # Errors
/// A message naming the file (and the line) if it cannot be read, a line is
/// not an opening of `variant`, or it holds none.
pub fn read_book(path: &Path, variant: Variant) -> Result<Vec<AnyGame>, String> {
    let text = inarow_protocol::input::read_text_file(path, inarow_protocol::input::MAX_TEXT_BYTES)
        .map_err(|e| format!("cannot read openings file '{}': {e}", path.display()))?;
    let mut positions = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let position = parse_opening(line, variant).map_err(|e| {
            format!(
                "openings file '{}', line {}: {e}",
                path.display(),
                number + 1
            )
        })?;
        positions.push(position);
    }
    if positions.is_empty() {
        return Err(format!(
            "openings file '{}' holds no openings",
            path.display()
        ));
    }
    Ok(positions)
}

/// Reads one opening: a FEN or EPD line (it has a `/`), or moves from the start.
fn parse_opening(line: &str, variant: Variant) -> Result<AnyGame, String> {
    let (fen, moves) = if line.contains('/') {
        (Some(line), None)
    } else {
        (None, Some(line))
    };
    let mut position = AnyGame::from_setup(variant, fen).map_err(|e| e.to_string())?;
    if let Some(moves) = moves {
        play_moves(&mut position, moves)?;
    }
    if position.outcome().is_some() {
        return Err("the game is already over".to_owned());
    }
    Ok(position)
}

/// One game of the schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePlan {
    /// The game's number, from 0.
    pub index: usize,
    /// The engine (0 or 1) that moves first.
    pub first: usize,
    /// The start position.
    pub start: AnyGame,
}

/// The games of a match, fixed before any is played.
#[derive(Clone, Debug)]
pub struct Schedule {
    plans: Vec<GamePlan>,
}

impl Schedule {
    /// The schedule of `games` games.
    ///
    /// # Errors
    /// A message if no balanced random opening of the asked length exists.
    pub fn new(openings: &Openings, repeat: bool, seed: u64, games: usize) -> Result<Self, String> {
        let count = if repeat { games.div_ceil(2) } else { games };
        let starts: Vec<AnyGame> = match openings {
            Openings::Book { positions, order } => book_order(positions.len(), *order, seed, count)
                .into_iter()
                .map(|i| positions[i])
                .collect(),
            Openings::Random { variant, plies } => (0..count)
                .map(|k| random_opening(*variant, *plies, seed, k as u64))
                .collect::<Result<_, _>>()?,
        };
        let plans = (0..games)
            .map(|index| GamePlan {
                index,
                first: index % 2,
                start: starts[if repeat { index / 2 } else { index }],
            })
            .collect();
        Ok(Schedule { plans })
    }

    /// The plan of game `index`, if the match has that many games.
    #[must_use]
    pub fn plan(&self, index: usize) -> Option<&GamePlan> {
        self.plans.get(index)
    }

    /// The number of games.
    #[must_use]
    pub fn len(&self) -> usize {
        self.plans.len()
    }
}

/// The book index of each of `count` openings.
fn book_order(size: usize, order: Order, seed: u64, count: usize) -> Vec<usize> {
    match order {
        Order::Sequential => (0..count).map(|k| k % size).collect(),
        Order::Random => {
            let mut indices = Vec::with_capacity(count);
            let mut cycle = 0u64;
            while indices.len() < count {
                let mut shuffled: Vec<usize> = (0..size).collect();
                let mut rng = Rng::new(seed, u64::MAX - cycle);
                for i in (1..size).rev() {
                    shuffled.swap(i, rng.below(i as u64 + 1) as usize);
                }
                let take = size.min(count - indices.len());
                indices.extend_from_slice(&shuffled[..take]);
                cycle += 1;
            }
            indices
        }
    }
}

/// Random opening number `k`: random moves, drawn again while a side has a
/// forced result.
fn random_opening(variant: Variant, plies: PlyRange, seed: u64, k: u64) -> Result<AnyGame, String> {
    let mut rng = Rng::new(seed, k);
    for _ in 0..RANDOM_ATTEMPTS {
        let length = plies.min + rng.below(u64::from(plies.max - plies.min) + 1) as u32;
        let mut position = AnyGame::new(variant);
        for _ in 0..length {
            let drops = position.legal_moves();
            if drops.is_empty() {
                break;
            }
            let drop = drops[rng.below(drops.len() as u64) as usize];
            if position.play_text(&drop.to_string()).is_err() {
                break;
            }
        }
        if position.ply() == length && position.outcome().is_none() && is_balanced(&position) {
            return Ok(position);
        }
    }
    Err(format!(
        "no random {variant} opening of {plies} plies without a forced result turned up in \
         {RANDOM_ATTEMPTS} tries: ask for fewer plies (--opening-plies)"
    ))
}

/// Whether neither side has a forced result: within the whole game when
/// few cells are left (all of tic-tac-toe's), within a few plies otherwise
/// (a Connect-Four opening has a result, but not a quick one).
fn is_balanced(position: &AnyGame) -> bool {
    let left = position.max_ply() - position.ply();
    let plies = if left <= WHOLE_GAME_PLIES {
        left
    } else {
        CHECK_PLIES
    };
    undecided_within(position, plies)
}

#[cfg(test)]
mod tests {
    use super::*;
    use inarow_games::Size;

    const CFOUR: Variant = Variant::Connect4(Size::STANDARD);

    /// The standard board after a move string.
    fn cfour(moves: &str) -> AnyGame {
        let mut game = AnyGame::new(CFOUR);
        play_moves(&mut game, moves).unwrap();
        game
    }

    #[test]
    fn reads_every_opening_form() {
        let moves = parse_opening("4453", CFOUR).unwrap();
        assert_eq!(moves, cfour("4453"));
        assert_eq!(parse_opening("P@d1 P@d2", CFOUR).unwrap().ply(), 2);
        let fen = "7/7/7/7/3p3/3P3[PPPPPPPPPPPPPPPPPPPPpppppppppppppppppppp] w - - 2 2";
        assert_eq!(parse_opening(fen, CFOUR).unwrap().ply(), 2);
        let epd = "7/7/7/7/3p3/3P3[PPPPPPPPPPPPPPPPPPPPpppppppppppppppppppp] w - - id \"x\";";
        assert_eq!(parse_opening(epd, CFOUR).unwrap().ply(), 2);
        assert_eq!(parse_opening("b2 a1", Variant::TicTacToe).unwrap().ply(), 2);
        assert!(parse_opening("4x", CFOUR).is_err());
        assert!(parse_opening("4444444", CFOUR).is_err(), "a full column");
        assert!(parse_opening("1212121", CFOUR).is_err(), "a finished game");
        assert!(parse_opening("7/7/x6 w", CFOUR).is_err());
    }

    #[test]
    fn reads_a_book_file_with_line_numbers() {
        let dir = std::env::temp_dir().join(format!("inarow-openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.txt");
        std::fs::write(&good, "# comment\n4453\n\n  44  \n").unwrap();
        assert_eq!(read_book(&good, CFOUR).unwrap().len(), 2);
        let bad = dir.join("bad.txt");
        std::fs::write(&bad, "4453\nnot a move\n").unwrap();
        let error = read_book(&bad, CFOUR).unwrap_err();
        assert!(error.contains("line 2"), "{error}");
        let empty = dir.join("empty.txt");
        std::fs::write(&empty, "# nothing\n").unwrap();
        assert!(read_book(&empty, CFOUR)
            .unwrap_err()
            .contains("no openings"));
        assert!(read_book(&dir.join("missing.txt"), CFOUR)
            .unwrap_err()
            .contains("cannot read"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn pairs_share_an_opening_with_colours_swapped() {
        let openings = Openings::Random {
            variant: CFOUR,
            plies: PlyRange { min: 2, max: 4 },
        };
        let schedule = Schedule::new(&openings, true, 7, 9).unwrap();
        assert_eq!(schedule.len(), 9);
        for pair in 0..4 {
            let (a, b) = (
                schedule.plan(2 * pair).unwrap(),
                schedule.plan(2 * pair + 1).unwrap(),
            );
            assert_eq!(a.start, b.start);
            assert_eq!((a.first, b.first), (0, 1));
            assert!((2..=4).contains(&a.start.ply()));
        }
        assert!(schedule.plan(9).is_none());
        let distinct: std::collections::HashSet<_> =
            (0..9).map(|i| schedule.plan(i).unwrap().start).collect();
        assert!(distinct.len() > 2, "openings vary");
    }

    #[test]
    fn the_schedule_is_a_function_of_the_seed() {
        let openings = Openings::Random {
            variant: CFOUR,
            plies: PlyRange { min: 2, max: 4 },
        };
        let a = Schedule::new(&openings, false, 1, 20).unwrap();
        let b = Schedule::new(&openings, false, 1, 30).unwrap();
        let c = Schedule::new(&openings, false, 2, 20).unwrap();
        for i in 0..20 {
            assert_eq!(a.plan(i), b.plan(i), "a longer run starts the same");
        }
        assert!((0..20).any(|i| a.plan(i) != c.plan(i)));
        assert_eq!(
            a.plan(3).unwrap().first,
            1,
            "colours alternate without --repeat"
        );
    }

    #[test]
    fn random_tictactoe_openings_are_draws() {
        let openings = Openings::Random {
            variant: Variant::TicTacToe,
            plies: PlyRange { min: 2, max: 4 },
        };
        let schedule = Schedule::new(&openings, true, 3, 100).unwrap();
        for i in 0..100 {
            let game = schedule.plan(i).unwrap().start;
            assert_eq!(game.variant(), Variant::TicTacToe);
            assert!(undecided_within(&game, u32::MAX));
        }
        // Every 8-ply tic-tac-toe position is decided or a draw; 9 plies end the game.
        let too_long = Openings::Random {
            variant: Variant::TicTacToe,
            plies: PlyRange { min: 9, max: 9 },
        };
        assert!(Schedule::new(&too_long, false, 1, 1).is_err());
    }

    #[test]
    fn forced_results_are_seen() {
        // X on a1, b1; O on a2, b2; X to move wins at c1.
        let mut game = AnyGame::new(Variant::TicTacToe);
        play_moves(&mut game, "a1 a2 b1 b2").unwrap();
        assert!(!is_balanced(&game));
        // Connect Four: two stones each in the centre column is quiet; two on
        // the bottom row with open ends against stones stacked on them is lost:
        // the first player makes three with both ends open.
        assert!(is_balanced(&cfour("4444")));
        assert!(!is_balanced(&cfour("3344")));
    }

    #[test]
    fn book_orders() {
        assert_eq!(
            book_order(3, Order::Sequential, 1, 7),
            [0, 1, 2, 0, 1, 2, 0]
        );
        let random = book_order(4, Order::Random, 5, 8);
        let mut first: Vec<_> = random[..4].to_vec();
        first.sort_unstable();
        assert_eq!(first, [0, 1, 2, 3], "each pass uses every opening once");
        assert_eq!(random, book_order(4, Order::Random, 5, 8));
        assert_ne!(random, book_order(4, Order::Random, 6, 8));
    }

    #[test]
    fn ply_ranges() {
        assert_eq!("2-4".parse(), Ok(PlyRange { min: 2, max: 4 }));
        assert_eq!("3".parse(), Ok(PlyRange { min: 3, max: 3 }));
        assert!("4-2".parse::<PlyRange>().is_err());
        assert!("x".parse::<PlyRange>().is_err());
    }
}
