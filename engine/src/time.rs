//! Time management: how long to think with a clock.

use std::time::Duration;

/// The side to move's clock, as UCI's `go wtime ... winc ... movestogo` give it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub time: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if the control repeats.
    pub moves_to_go: Option<u32>,
}

/// How long to think: a target, past which no new iteration starts, and a
/// limit at which the search stops mid-iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Do not start another iteration after this much time.
    pub soft: Duration,
    /// Stop the search at this much time.
    pub hard: Duration,
    /// At most this much time proving that a move keeps the position's
    /// outcome, where the game has a solver (see [`crate::Oracle::keep`]):
    /// more than `hard`, because such a proof is worth most at the first
    /// moves out of the book, and the moves after it are cheap.
    pub proof: Duration,
}

/// The budget for one move: `overhead` is lost per move to communication (the
/// UCI `Move Overhead`), `moves_left` is how many moves the side to move can
/// still have to make in this game at most.
#[must_use]
pub fn budget(clock: &Clock, overhead: Duration, moves_left: u32) -> TimeBudget {
    let available = clock.time.saturating_sub(overhead);
    let moves = match clock.moves_to_go {
        Some(to_go) => to_go.clamp(1, moves_left.max(1)),
        None => moves_left.max(1),
    };
    // Spread the clock over the moves left, keeping a reserve of two moves, and
    // spend most of the increment too.
    let share = available / (moves + 2) + clock.increment * 3 / 4;
    // Never plan to use more than a third of what is left on one move.
    let hard_cap = available / 3;
    let soft = share.min(hard_cap);
    let hard = (soft * 4).min(hard_cap).max(soft);
    // A proof may take three fifths of what is left: whatever it spends,
    // the clock still lasts (each such move leaves two fifths), and once a
    // proof is found the table makes the next moves' proofs cheap. (In 100
    // games at 1+0.01, proofs under two fifths used at most 0.6 s of a
    // game's clock, and the one position they did not settle took 0.4 s.)
    let proof = (available * 3 / 5).max(hard);
    TimeBudget { soft, hard, proof }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn never_spends_what_it_has_not() {
        for time in [0, 1, 10, 31, 100, 1_000, 60_000] {
            for moves_left in [1, 5, 21, 32] {
                let clock = Clock {
                    time: ms(time),
                    increment: ms(10),
                    moves_to_go: None,
                };
                let b = budget(&clock, ms(30), moves_left);
                assert!(b.soft <= b.hard && b.hard <= b.proof);
                assert!(b.proof <= ms(time).saturating_sub(ms(30)) * 3 / 5);
                assert!(
                    b.hard <= ms(time).saturating_sub(ms(30)),
                    "{time} {moves_left} {b:?}"
                );
            }
        }
    }

    #[test]
    fn one_second_games_leave_time_for_every_move() {
        let clock = Clock {
            time: ms(1_000),
            increment: ms(10),
            moves_to_go: None,
        };
        let b = budget(&clock, ms(30), 21);
        assert!(b.soft >= ms(30) && b.soft <= ms(80), "{b:?}");
        assert!(b.hard <= ms(330));
        let repeating = Clock {
            moves_to_go: Some(40),
            ..clock
        };
        assert!(budget(&repeating, ms(30), 21).soft <= b.soft);
    }
}
