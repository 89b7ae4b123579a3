//! Scores: what the search found, and the integer values it computes with.
//!
//! Inside the search a value is an `i32` from the side to move's point of view.
//! A win is `WIN - n` and a loss `-(WIN - n)`, `n` the plies from the root to
//! the end of the game; heuristic values stay well inside `±EVAL_LIMIT`, so a
//! value tells what it is. A proven draw is the value 0 with the search's
//! "proven" flag set: a heuristic value may also be 0.

use std::fmt;

use inarow_games::{Game, Outcome};

/// The value of a win on the root itself; a win in `n` plies is `WIN - n`.
pub const WIN: i32 = 30_000;
/// Values at or above this are wins, at or below its negative losses.
pub const WIN_MIN: i32 = WIN - 1_000;
/// Heuristic values are clamped to `±EVAL_LIMIT`.
pub const EVAL_LIMIT: i32 = 20_000;
/// Beyond every value.
pub const INFINITE: i32 = WIN + 1;

/// A search result for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// A heuristic value in hundredths of a stone: positive is good for the side to move.
    Heuristic(i32),
    /// A proven win: the side to move makes a line on this ply (1 = its next move).
    Win(u32),
    /// A proven loss: the opponent makes a line on this ply (2 = its next move;
    /// 0 = the game is already lost).
    Loss(u32),
    /// A proven draw: neither side can force a line.
    Draw,
}

impl Score {
    /// The score of a value found from the root; `proven` says whether the
    /// value rests only on finished games.
    #[must_use]
    pub fn from_value(value: i32, proven: bool) -> Score {
        if value >= WIN_MIN {
            Score::Win((WIN - value) as u32)
        } else if value <= -WIN_MIN {
            Score::Loss((WIN + value) as u32)
        } else if proven && value == 0 {
            Score::Draw
        } else {
            Score::Heuristic(value)
        }
    }

    /// Whether the score is a proven result rather than an estimate.
    #[must_use]
    pub const fn is_proven(self) -> bool {
        !matches!(self, Score::Heuristic(_))
    }

    /// The UCI mate distance: the side to move's own moves to its win (the
    /// winning move counted), negative for a loss. `None` unless decisive.
    #[must_use]
    pub const fn mate_moves(self) -> Option<i32> {
        match self {
            Score::Win(plies) => Some(plies.div_ceil(2) as i32),
            Score::Loss(plies) => Some(-((plies / 2) as i32)),
            _ => None,
        }
    }

    /// A number that orders scores: wins above everything, sooner wins higher.
    #[must_use]
    pub const fn value(self) -> i32 {
        match self {
            Score::Heuristic(v) => v,
            Score::Win(plies) => WIN - plies as i32,
            Score::Loss(plies) => -WIN + plies as i32,
            Score::Draw => 0,
        }
    }

    /// The score seen by the other player after one more ply.
    #[must_use]
    pub const fn negate_one_ply(self) -> Score {
        match self {
            Score::Heuristic(v) => Score::Heuristic(-v),
            Score::Win(plies) => Score::Loss(plies + 1),
            Score::Loss(plies) => Score::Win(plies + 1),
            Score::Draw => Score::Draw,
        }
    }
}

impl fmt::Display for Score {
    /// The score in words, for the side to move: `wins in 3 moves`, `loses in
    /// 1 move` (its own moves, as UCI's `mate` counts them), `draw`, or a
    /// heuristic value in stones, `+0.35`. The one text of a score for people:
    /// the terminal game, match PGN comments and the benchmark all print it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves = |n: i32| format!("{n} move{}", if n == 1 { "" } else { "s" });
        let mate = self.mate_moves().unwrap_or_default();
        match *self {
            Score::Heuristic(v) => write!(f, "{:+.2}", f64::from(v) / 100.0),
            Score::Draw => f.write_str("draw"),
            Score::Win(_) => write!(f, "wins in {}", moves(mate)),
            Score::Loss(_) => write!(f, "loses in {}", moves(-mate)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_moves_count_the_winning_move() {
        assert_eq!(Score::Win(1).mate_moves(), Some(1));
        assert_eq!(Score::Win(3).mate_moves(), Some(2));
        assert_eq!(Score::Loss(2).mate_moves(), Some(-1));
        assert_eq!(Score::Loss(4).mate_moves(), Some(-2));
        assert_eq!(Score::Loss(0).mate_moves(), Some(0));
        assert_eq!(Score::Draw.mate_moves(), None);
    }

    #[test]
    fn reads_as_words() {
        assert_eq!(Score::Win(1).to_string(), "wins in 1 move");
        assert_eq!(Score::Win(5).to_string(), "wins in 3 moves");
        assert_eq!(Score::Loss(2).to_string(), "loses in 1 move");
        assert_eq!(Score::Loss(0).to_string(), "loses in 0 moves");
        assert_eq!(Score::Draw.to_string(), "draw");
        assert_eq!(Score::Heuristic(35).to_string(), "+0.35");
        assert_eq!(Score::Heuristic(-120).to_string(), "-1.20");
        assert_eq!(Score::Heuristic(0).to_string(), "+0.00");
    }

    #[test]
    fn values_round_trip() {
        for score in [
            Score::Win(5),
            Score::Loss(8),
            Score::Draw,
            Score::Heuristic(-37),
        ] {
            assert_eq!(Score::from_value(score.value(), score.is_proven()), score);
        }
        assert_eq!(Score::from_value(0, false), Score::Heuristic(0));
        assert_eq!(Score::Win(3).negate_one_ply(), Score::Loss(4));
    }
}

/// Pons's score for the side to move winning with its next stone, with
/// `ply` stones down on a board of `cells` cells: 1 plus the stones it has not
/// yet played of its share of a full board. The one place this arithmetic is
/// written; every other Pons score derives from it.
#[inline]
#[must_use]
pub const fn win_next(cells: u32, ply: u32) -> i32 {
    ((cells + 1).saturating_sub(ply) / 2) as i32
}

/// The bounds the rules alone give a position with `ply` stones down on a
/// board of `cells` cells: no better than winning with the next stone, no
/// worse than losing to the opponent's next stone.
#[must_use]
pub const fn rule_bounds(cells: u32, ply: u32) -> (i32, i32) {
    (-win_next(cells, ply + 1), win_next(cells, ply))
}

/// Pons's score of a position the rules settle without a search: a finished
/// game (the opponent's last stone made a line, or nobody did), or a side to
/// move that wins with its next stone.
#[must_use]
pub fn rule_score<G: Game>(position: &G) -> Option<i32> {
    let cells = position.max_ply();
    let ply = position.ply();
    match position.outcome() {
        Some(Outcome::Win(_)) => Some(-win_next(cells, ply.saturating_sub(1))),
        Some(Outcome::Draw) => Some(0),
        None if position
            .legal_moves()
            .into_iter()
            .any(|mv| position.is_winning_move(mv)) =>
        {
            Some(win_next(cells, ply))
        }
        None => None,
    }
}

/// Pascal Pons's score of a position from a proven result: a win scores 1
/// plus the stones the winner has not yet played of its share of a full
/// board, a loss the negative of the opponent's win, a draw 0. `None` for a
/// heuristic score.
#[must_use]
pub fn pons_score<G: Game>(position: &G, score: Score) -> Option<i32> {
    let (cells, ply) = (position.max_ply(), position.ply());
    match score {
        Score::Heuristic(_) => None,
        Score::Draw => Some(0),
        // The winner plays its last stone on ply `ply + plies - 1` from the root.
        Score::Win(plies) => Some(win_next(cells, (ply + plies).saturating_sub(1))),
        Score::Loss(plies) => Some(-win_next(cells, (ply + plies).saturating_sub(1))),
    }
}

#[cfg(test)]
mod pons_tests {
    use super::*;
    use inarow_games::{Connect4, Size};

    #[test]
    fn pons_scores_of_known_positions() {
        let pos = Connect4::from_move_string(Size::STANDARD, "4455").unwrap();
        assert_eq!(pons_score(&pos, Score::Win(3)), Some(18));
        // Empty board: the first player wins with its 21st stone, on ply 41.
        assert_eq!(pons_score(&Connect4::default(), Score::Win(41)), Some(1));
        let pos = Connect4::from_move_string(Size::STANDARD, "44455554221").unwrap();
        // -15: the first player wins with its 7th stone, ply 13, two plies on.
        assert_eq!(pons_score(&pos, Score::Loss(2)), Some(-15));
        assert_eq!(pons_score(&pos, Score::Heuristic(3)), None);
    }
}

/// The proven result of a position with the given Pons score: the inverse
/// of [`pons_score`].
#[must_use]
pub fn score_from_pons<G: Game>(position: &G, pons: i32) -> Score {
    let (cells, ply) = (position.max_ply() as i32, position.ply() as i32);
    // The plies to the end of a game whose winner has Pons score `q`: its
    // winning stone goes down with `before` stones on the board, where
    // `win_next(cells, before) == q` and `before` has the parity of the
    // winner's turns (`turn`, the stones down on one of them).
    let plies = |q: i32, turn: i32| {
        let mut before = cells + 1 - 2 * q;
        if (before - turn).rem_euclid(2) != 0 {
            before -= 1;
        }
        (before + 1 - ply).max(0) as u32
    };
    match pons.signum() {
        0 => Score::Draw,
        1 => Score::Win(plies(pons, ply)),
        _ => Score::Loss(plies(-pons, ply + 1)),
    }
}

#[cfg(test)]
mod from_pons_tests {
    use super::*;
    use inarow_games::{Connect4, Size};

    #[test]
    fn inverse_of_pons_score() {
        for moves in ["", "4", "4455", "44455554221", "43"] {
            let position = Connect4::from_move_string(Size::STANDARD, moves).unwrap();
            for pons in -20..=21 {
                let score = score_from_pons(&position, pons);
                if let Score::Win(p) | Score::Loss(p) = score {
                    if p == 0 {
                        continue;
                    }
                }
                assert_eq!(
                    pons_score(&position, score),
                    Some(pons),
                    "{moves} {pons} {score:?}"
                );
            }
        }
        assert_eq!(score_from_pons(&Connect4::default(), 1), Score::Win(41));
    }
}
