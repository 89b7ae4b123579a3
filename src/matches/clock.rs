//! Time controls and chess clocks with cutechess semantics.
//!
//! `--tc [moves/]time[+increment]`: `time` seconds (or `minutes:seconds`) for
//! the first `moves` moves (the whole game when `moves` is left out), then the
//! same again for each next session of `moves` moves, with `increment` seconds
//! added after every move. Time left over carries into the next session.
//! `--st seconds` is a fixed time per move, sent as `go movetime`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How much time an engine has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A clock: `[moves/]time[+increment]`.
    Clock {
        /// Moves per session; `None`: one session for the whole game.
        moves: Option<u32>,
        /// Time per session.
        time: Duration,
        /// Time added after each move.
        increment: Duration,
    },
    /// A fixed time per move.
    MoveTime(Duration),
    /// No time limit: depth or nodes bound the search.
    Unlimited,
}

impl fmt::Display for TimeControl {
    /// The PGN `TimeControl` value as cutechess writes it: `40/60+0.5`,
    /// `10+0.1`, `0.1/move`, or `-` for none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Clock {
                moves,
                time,
                increment,
            } => {
                if let Some(moves) = moves {
                    write!(f, "{moves}/")?;
                }
                f.write_str(&seconds(*time))?;
                if !increment.is_zero() {
                    write!(f, "+{}", seconds(*increment))?;
                }
                Ok(())
            }
            TimeControl::MoveTime(time) => write!(f, "{}/move", seconds(*time)),
            TimeControl::Unlimited => f.write_str("-"),
        }
    }
}

/// Seconds without trailing zeros: `10`, `0.1`, `1.25`.
fn seconds(duration: Duration) -> String {
    let text = format!("{:.3}", duration.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// Reads a non-negative number of seconds, at most a day, to the millisecond.
///
/// # Errors
/// A message if the text is not such a number.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let value: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !(0.0..=86_400.0).contains(&value) {
        return Err(format!("{text} seconds is out of range (0 to 86400)"));
    }
    Ok(Duration::from_millis((value * 1000.0).round() as u64))
}

impl FromStr for TimeControl {
    type Err = String;

    /// Reads `[moves/]time[+increment]` (`time` in seconds or `m:ss`), or `inf`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = |why: String| format!("bad time control '{text}': {why}");
        if text == "inf" || text == "infinite" {
            return Ok(TimeControl::Unlimited);
        }
        let (moves, rest) = match text.split_once('/') {
            Some((moves, rest)) => {
                let moves: u32 = moves
                    .parse()
                    .map_err(|_| bad(format!("'{moves}' is not a number of moves")))?;
                // cutechess reads 0 moves as the whole game.
                ((moves > 0).then_some(moves), rest)
            }
            None => (None, text),
        };
        let (time, increment) = match rest.split_once('+') {
            Some((time, increment)) => (time, parse_seconds(increment).map_err(bad)?),
            None => (rest, Duration::ZERO),
        };
        let time = match time.split_once(':') {
            Some((minutes, secs)) => {
                let minutes: u64 = minutes
                    .parse()
                    .map_err(|_| bad(format!("'{minutes}' is not a number of minutes")))?;
                Duration::from_secs(minutes * 60) + parse_seconds(secs).map_err(bad)?
            }
            None => parse_seconds(time).map_err(bad)?,
        };
        if time.is_zero() && increment.is_zero() {
            return Err(bad("no time at all".to_owned()));
        }
        Ok(TimeControl::Clock {
            moves,
            time,
            increment,
        })
    }
}

/// One engine's clock during a game, run by the referee (the search's own
/// view of a clock is `inarow_engine::Clock`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChessClock {
    control: TimeControl,
    left: Duration,
    moves_made: u32,
}

impl ChessClock {
    /// A clock at the start of a game.
    #[must_use]
    pub fn new(control: TimeControl) -> ChessClock {
        let left = match control {
            TimeControl::Clock { time, .. } => time,
            TimeControl::MoveTime(time) => time,
            TimeControl::Unlimited => Duration::ZERO,
        };
        ChessClock {
            control,
            left,
            moves_made: 0,
        }
    }

    /// The time control.
    #[must_use]
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The time on the clock, for `wtime`/`btime`; `None` without a clock.
    #[must_use]
    pub fn time_left(&self) -> Option<Duration> {
        matches!(self.control, TimeControl::Clock { .. }).then_some(self.left)
    }

    /// The increment, for `winc`/`binc`; `None` without a clock.
    #[must_use]
    pub fn increment(&self) -> Option<Duration> {
        match self.control {
            TimeControl::Clock { increment, .. } => Some(increment),
            _ => None,
        }
    }

    /// Moves to the end of the session, for `movestogo`.
    #[must_use]
    pub fn moves_to_go(&self) -> Option<u32> {
        match self.control {
            TimeControl::Clock {
                moves: Some(moves), ..
            } => Some(moves - self.moves_made % moves),
            _ => None,
        }
    }

    /// How long the next move may take before it loses on time (before any
    /// margin); `None` when only depth or nodes bound it.
    #[must_use]
    pub fn allowance(&self) -> Option<Duration> {
        match self.control {
            TimeControl::Clock { .. } | TimeControl::MoveTime(_) => Some(self.left),
            TimeControl::Unlimited => None,
        }
    }

    /// Charges a move that took `elapsed`: the time is taken off, the
    /// increment added, and at the end of a session the session's time added.
    /// A move that overstepped (within the margin) leaves the clock at zero
    /// plus the increment.
    pub fn punch(&mut self, elapsed: Duration) {
        let TimeControl::Clock {
            moves,
            time,
            increment,
        } = self.control
        else {
            return;
        };
        self.moves_made += 1;
        self.left = self.left.saturating_sub(elapsed) + increment;
        if moves.is_some_and(|moves| self.moves_made % moves == 0) {
            self.left += time;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn reads_and_writes_time_controls() {
        let cases = [
            ("10+0.1", None, 10_000, 100, "10+0.1"),
            ("40/60+0", Some(40), 60_000, 0, "40/60"),
            ("40/60", Some(40), 60_000, 0, "40/60"),
            ("0/5+2", None, 5_000, 2_000, "5+2"),
            ("1:30+0.5", None, 90_000, 500, "90+0.5"),
            ("1+0.01", None, 1_000, 10, "1+0.01"),
            ("0.5", None, 500, 0, "0.5"),
            ("0+1", None, 0, 1_000, "0+1"),
        ];
        for (text, moves, time, increment, shown) in cases {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(
                tc,
                TimeControl::Clock {
                    moves,
                    time: ms(time),
                    increment: ms(increment)
                },
                "{text}"
            );
            assert_eq!(tc.to_string(), shown);
        }
        assert_eq!("inf".parse(), Ok(TimeControl::Unlimited));
        assert_eq!(TimeControl::MoveTime(ms(100)).to_string(), "0.1/move");
        assert_eq!(TimeControl::Unlimited.to_string(), "-");
        for bad in [
            "", "x", "40/", "/60", "a/60", "60+x", "-1", "0", "0+0", "1:xx", "1e9",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn clock_with_increment() {
        let mut clock = ChessClock::new("1+0.1".parse().unwrap());
        assert_eq!(clock.time_left(), Some(ms(1000)));
        assert_eq!(clock.increment(), Some(ms(100)));
        assert_eq!(clock.moves_to_go(), None);
        clock.punch(ms(300));
        assert_eq!(clock.allowance(), Some(ms(800)));
        clock.punch(ms(2000));
        assert_eq!(
            clock.time_left(),
            Some(ms(100)),
            "an overstep leaves the increment"
        );
    }

    #[test]
    fn clock_with_sessions() {
        // 2 moves in 1 s: after the second move the next session's second is added.
        let mut clock = ChessClock::new("2/1".parse().unwrap());
        assert_eq!(clock.moves_to_go(), Some(2));
        clock.punch(ms(400));
        assert_eq!(
            (clock.time_left(), clock.moves_to_go()),
            (Some(ms(600)), Some(1))
        );
        clock.punch(ms(100));
        assert_eq!(
            (clock.time_left(), clock.moves_to_go()),
            (Some(ms(1500)), Some(2))
        );
    }

    #[test]
    fn move_time_and_unlimited() {
        let mut st = ChessClock::new(TimeControl::MoveTime(ms(100)));
        assert_eq!((st.time_left(), st.allowance()), (None, Some(ms(100))));
        st.punch(ms(90));
        assert_eq!(
            st.allowance(),
            Some(ms(100)),
            "every move has the same time"
        );
        let unlimited = ChessClock::new(TimeControl::Unlimited);
        assert_eq!((unlimited.allowance(), unlimited.increment()), (None, None));
    }
}
