//! The standings: counted as games finish, shown as progress on stderr and as
//! the final report.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::time::Duration;

use super::runner::Termination;
use super::stats::{format_elo, format_error, Pentanomial, Sprt, Trinomial, Verdict};

/// The results so far, from the first engine's side.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Wins, draws and losses of the first engine.
    pub results: Trinomial,
    /// Complete game pairs (games `2p` and `2p + 1`) by the first engine's points.
    pub pairs: Pentanomial,
    /// Half points of games whose pair partner has not finished, by pair.
    waiting: HashMap<usize, u8>,
    /// Games by how they ended.
    terminations: HashMap<Termination, u64>,
}

impl Tally {
    /// Counts game `index`, in which the first engine took `half_points` (0 to 2).
    pub fn add(&mut self, index: usize, half_points: u8, termination: Termination) {
        match half_points {
            2 => self.results.wins += 1,
            1 => self.results.draws += 1,
            _ => self.results.losses += 1,
        }
        *self.terminations.entry(termination).or_default() += 1;
        let pair = index / 2;
        match self.waiting.remove(&pair) {
            Some(partner) => self.pairs.add(usize::from(partner + half_points)),
            None => {
                self.waiting.insert(pair, half_points);
            }
        }
    }

    /// The number of games counted.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.results.games()
    }

    /// The SPRT's log-likelihood ratio: per pair with game pairs, else per game.
    #[must_use]
    pub fn llr(&self, sprt: &Sprt, paired: bool) -> f64 {
        if paired {
            self.pairs.llr(sprt)
        } else {
            self.results.llr(sprt)
        }
    }

    /// The SPRT's verdict so far, if it has one.
    #[must_use]
    pub fn verdict(&self, sprt: &Sprt, paired: bool) -> Option<Verdict> {
        sprt.verdict(self.llr(sprt, paired))
    }
}

/// Progress on stderr: one updating line on a terminal, else a line every
/// `interval` games.
pub struct Progress {
    terminal: bool,
    interval: usize,
    total: usize,
    shown: bool,
}

impl Progress {
    /// Progress towards `total` games.
    #[must_use]
    pub fn new(total: usize, interval: usize) -> Self {
        Progress {
            terminal: std::io::stderr().is_terminal(),
            interval: interval.max(1),
            total,
            shown: false,
        }
    }

    /// Shows the standings after a game.
    pub fn update(&mut self, tally: &Tally) {
        let games = tally.games() as usize;
        let estimate = tally.results.estimate();
        let line = format!(
            "Games {games}/{}: W/D/L {}/{}/{}, score {:.1}%, Elo {} ± {}",
            self.total,
            tally.results.wins,
            tally.results.draws,
            tally.results.losses,
            100.0 * estimate.score,
            format_elo(estimate.elo()),
            format_error(estimate.elo_error95()),
        );
        let mut stderr = std::io::stderr().lock();
        if self.terminal {
            let _ = write!(stderr, "\r{line}\x1b[K");
            self.shown = true;
        } else if games % self.interval == 0 || games == self.total {
            let _ = writeln!(stderr, "{line}");
        }
        let _ = stderr.flush();
    }

    /// Ends the updating line, so what follows starts on a line of its own.
    pub fn finish(&mut self) {
        if self.shown {
            eprintln!();
            self.shown = false;
        }
    }
}

/// What the final report describes besides the tally.
pub struct Summary<'a> {
    /// The engines' names.
    pub names: [&'a str; 2],
    /// The variant name.
    pub variant: &'a str,
    /// Each engine's limits in words.
    pub limits: [String; 2],
    /// Games asked for.
    pub planned: usize,
    /// Games at once.
    pub concurrency: usize,
    /// Whether games were played in pairs.
    pub paired: bool,
    /// The SPRT, if any.
    pub sprt: Option<Sprt>,
    /// Wall time of this run (not of earlier, resumed parts).
    pub wall_time: Duration,
}

/// The final report.
#[must_use]
pub fn final_report(tally: &Tally, summary: &Summary<'_>) -> String {
    let mut out = String::new();
    let [first, second] = summary.names;
    let [first_limits, second_limits] = &summary.limits;
    let limits = if first_limits == second_limits {
        first_limits.clone()
    } else {
        format!("{first_limits} vs {second_limits}")
    };
    let results = &tally.results;
    let estimate = results.estimate();
    let _ = writeln!(
        out,
        "Results of {first} vs {second} ({}, {limits}, {} of {} games, concurrency {}):",
        summary.variant,
        results.games(),
        summary.planned,
        summary.concurrency
    );
    let _ = writeln!(
        out,
        "  W/D/L: {}/{}/{} ({first}'s wins, draws, losses), points {:.1}, score {:.2}%",
        results.wins,
        results.draws,
        results.losses,
        results.points(),
        100.0 * estimate.score
    );
    let _ = writeln!(
        out,
        "  Elo: {} ± {} (95%), LOS: {:.1}%, draw ratio: {:.1}%",
        format_elo(estimate.elo()),
        format_error(estimate.elo_error95()),
        100.0 * results.los(),
        100.0 * results.draw_ratio()
    );
    let pairs = tally.pairs.estimate();
    let [ll, ld, even, wd, ww] = tally.pairs.counts;
    let _ = writeln!(
        out,
        "  Pentanomial [LL, LD, DD+WL, WD, WW]: [{ll}, {ld}, {even}, {wd}, {ww}] over {} {}, Elo: {} ± {}",
        tally.pairs.pairs(),
        match (summary.paired, tally.pairs.pairs()) {
            (true, 1) => "game pair",
            (true, _) => "game pairs",
            (false, 1) => "pair of consecutive games",
            (false, _) => "pairs of consecutive games",
        },
        format_elo(pairs.elo()),
        format_error(pairs.elo_error95())
    );
    if let Some(sprt) = &summary.sprt {
        let llr = tally.llr(sprt, summary.paired);
        let (lower, upper) = sprt.bounds();
        let verdict = sprt
            .verdict(llr)
            .map_or_else(|| "no verdict yet".to_owned(), |v| v.to_string());
        let _ = writeln!(
            out,
            "  SPRT: elo0 {}, elo1 {}, alpha {}, beta {}: LLR {llr:.2}, bounds [{lower:.2}, {upper:.2}]: {verdict}",
            sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
        );
    }
    let mut ended: Vec<String> = Termination::ALL
        .iter()
        .filter_map(|t| {
            tally
                .terminations
                .get(t)
                .map(|count| format!("{} {count}", t.tag()))
        })
        .collect();
    if ended.is_empty() {
        ended.push("none".to_owned());
    }
    let _ = writeln!(out, "  Terminations: {}", ended.join(", "));
    let _ = writeln!(
        out,
        "  Elo model: logistic; SPRT: GSPRT on {}",
        if summary.paired {
            "game pairs (pentanomial)"
        } else {
            "games (trinomial)"
        }
    );
    let _ = writeln!(out, "  Wall time: {:.1} s", summary.wall_time.as_secs_f64());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_form_as_partners_finish() {
        let mut tally = Tally::default();
        tally.add(1, 2, Termination::Normal);
        assert_eq!(tally.pairs.pairs(), 0);
        tally.add(3, 1, Termination::TimeForfeit);
        tally.add(0, 1, Termination::Normal);
        assert_eq!(tally.pairs.counts, [0, 0, 0, 1, 0], "a win and a draw");
        tally.add(2, 0, Termination::Normal);
        assert_eq!(tally.pairs.counts, [0, 1, 0, 1, 0], "a draw and a loss");
        tally.add(5, 0, Termination::Normal);
        assert_eq!(tally.games(), 5);
        assert_eq!(
            tally.results,
            Trinomial {
                wins: 1,
                draws: 2,
                losses: 2
            }
        );
        assert_eq!(tally.pairs.pairs(), 2);
    }

    #[test]
    fn reports_everything_the_issue_asks_for() {
        let mut tally = Tally::default();
        for (index, half) in [2, 1, 2, 0, 1, 1, 2, 2].into_iter().enumerate() {
            tally.add(index, half, Termination::Normal);
        }
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let summary = Summary {
            names: ["new", "old"],
            variant: "cfour",
            limits: ["1+0.01".to_owned(), "1+0.01".to_owned()],
            planned: 8,
            concurrency: 2,
            paired: true,
            sprt: Some(sprt),
            wall_time: Duration::from_millis(1234),
        };
        let report = final_report(&tally, &summary);
        for expected in [
            "Results of new vs old (cfour, 1+0.01, 8 of 8 games, concurrency 2)",
            "W/D/L: 4/3/1",
            "points 5.5, score 68.75%",
            "Elo: +137.0 ± 241.6 (95%)",
            "LOS: 91.0%",
            "Elo: +137.0 ± 187.6",
            "draw ratio: 37.5%",
            "[LL, LD, DD+WL, WD, WW]: [0, 0, 2, 1, 1] over 4 game pairs",
            "SPRT: elo0 0, elo1 10, alpha 0.05, beta 0.05: LLR ",
            "bounds [-2.94, 2.94]: no verdict yet",
            "Terminations: normal 8",
            "Elo model: logistic",
            "Wall time: 1.2 s",
        ] {
            assert!(report.contains(expected), "{expected:?} not in\n{report}");
        }
    }
}
