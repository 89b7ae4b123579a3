//! Match statistics: Elo, error bars, LOS, pentanomial counts and the SPRT.
//!
//! # The Elo model: logistic
//!
//! A player who scores `s` (wins plus half the draws, per game) against its
//! opponent is `elo(s) = -400 · log10(1/s − 1)` Elo stronger; conversely
//! `s(elo) = 1 / (1 + 10^(−elo/400))`. This is the model of cutechess-cli,
//! fastchess's and OpenBench's "logistic" Elo (not BayesElo, and not the
//! normalized Elo of fishtest).
//!
//! # Error bars
//!
//! The results are samples of a score: one per game (trinomial: 1, ½ or 0) or
//! one per game pair (pentanomial: the pair's average, 0, ¼, ½, ¾ or 1). With
//! `N` samples of mean `μ` and variance `σ² = Σ nᵢ (xᵢ − μ)² / N`, the mean has
//! standard error `σ / √N`, and the 95% interval of the Elo is
//! `elo(μ ± 1.96 · σ / √N)`. The error reported is half its width, as cutechess
//! and fastchess report it.
//!
//! # Likelihood of superiority
//!
//! `LOS = ½ · (1 + erf((W − L) / √(2 (W + L))))`: the probability that the
//! first engine is the stronger, from wins and losses alone (draws carry no
//! information about which is stronger), as cutechess computes it.
//!
//! # SPRT
//!
//! The sequential probability ratio test of H0: `elo = elo0` against H1:
//! `elo = elo1`, with the generalized SPRT's normal approximation of the
//! log-likelihood ratio (M. Van den Bergh, "A practical introduction to the
//! GSPRT"; the `LLR_logistic` of OpenBench):
//!
//! `LLR = N · (s1 − s0) · (2μ − s0 − s1) / (2σ²)`, with `s0 = s(elo0)`,
//! `s1 = s(elo1)` and `μ`, `σ²`, `N` as above.
//!
//! For the LLR, bins with no results count as 0.001 results when `μ` and `σ²`
//! are computed (fishtest's regularization), so a run of identical results
//! (all draws, say) still moves the LLR instead of leaving it at 0 for want of
//! variance.
//!
//! The test stops at `LLR ≤ ln(β / (1 − α))` (H0 accepted) or
//! `LLR ≥ ln((1 − β) / α)` (H1 accepted). With game pairs (`--repeat`) the
//! samples are pairs (pentanomial), which takes the correlation between the two
//! games of an opening into account; otherwise they are games (trinomial).

use std::fmt;

/// The two-sided 95% quantile of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference that gives the expected score `score` (in `[0, 1]`);
/// infinite at 0 and 1.
#[must_use]
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score of a player `elo` Elo stronger than its opponent.
#[must_use]
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, with an absolute error below 1.5e-7
/// (Abramowitz and Stegun, formula 7.1.26).
#[must_use]
pub fn erf(x: f64) -> f64 {
    let sign = x.signum();
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// The likelihood of superiority from wins and losses; ½ when there are none.
#[must_use]
pub fn los(wins: u64, losses: u64) -> f64 {
    if wins + losses == 0 {
        return 0.5;
    }
    let (w, l) = (wins as f64, losses as f64);
    0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
}

/// The mean score of a sample and what follows from it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The number of samples (games or game pairs).
    pub samples: u64,
    /// The mean score per game, in `[0, 1]`.
    pub score: f64,
    /// The variance of one sample's score.
    pub variance: f64,
}

/// What an empty bin counts as in the LLR's estimate.
const EMPTY_BIN: f64 = 1e-3;

impl Estimate {
    /// The estimate from `(score, count)` bins.
    fn from_bins(bins: &[(f64, u64)]) -> Estimate {
        let weights: Vec<(f64, f64)> = bins.iter().map(|&(x, n)| (x, n as f64)).collect();
        Estimate::from_weights(&weights)
    }

    /// The estimate the LLR uses: empty bins count as [`EMPTY_BIN`] results.
    fn regularized(bins: &[(f64, u64)]) -> Estimate {
        let weights: Vec<(f64, f64)> = bins
            .iter()
            .map(|&(x, n)| (x, if n == 0 { EMPTY_BIN } else { n as f64 }))
            .collect();
        let samples = bins.iter().map(|&(_, n)| n).sum();
        Estimate {
            samples,
            ..Estimate::from_weights(&weights)
        }
    }

    fn from_weights(bins: &[(f64, f64)]) -> Estimate {
        let total: f64 = bins.iter().map(|&(_, n)| n).sum();
        if total < 1.0 {
            return Estimate {
                samples: 0,
                score: 0.5,
                variance: 0.0,
            };
        }
        let score = bins.iter().map(|&(x, n)| x * n).sum::<f64>() / total;
        let variance = bins
            .iter()
            .map(|&(x, n)| n * (x - score).powi(2))
            .sum::<f64>()
            / total;
        Estimate {
            samples: total.round() as u64,
            score,
            variance,
        }
    }

    /// The Elo difference the mean score gives.
    #[must_use]
    pub fn elo(&self) -> f64 {
        elo_from_score(self.score)
    }

    /// Half the width of the 95% confidence interval of the Elo difference;
    /// infinite when the interval reaches a score of 0 or 1, NaN with no samples.
    #[must_use]
    pub fn elo_error95(&self) -> f64 {
        if self.samples == 0 {
            return f64::NAN;
        }
        let margin = Z95 * (self.variance / self.samples as f64).sqrt();
        let high = elo_from_score(self.score + margin);
        let low = elo_from_score(self.score - margin);
        if high.is_infinite() || low.is_infinite() {
            // A score of 0 or 1 (all wins, say) bounds nothing.
            return f64::INFINITY;
        }
        (high - low) / 2.0
    }

    /// The log-likelihood ratio of H1 `elo = elo1` against H0 `elo = elo0`
    /// (GSPRT, logistic Elo); 0 while the sample has no variance.
    #[must_use]
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        if self.samples == 0 || self.variance <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_from_elo(elo0), score_from_elo(elo1));
        self.samples as f64 * (s1 - s0) * (2.0 * self.score - s0 - s1) / (2.0 * self.variance)
    }
}

/// Wins, draws and losses of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trinomial {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Trinomial {
    /// The number of games.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win is 1, a draw ½.
    #[must_use]
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The share of draws; 0 with no games.
    #[must_use]
    pub fn draw_ratio(&self) -> f64 {
        if self.games() == 0 {
            0.0
        } else {
            self.draws as f64 / self.games() as f64
        }
    }

    /// The likelihood of superiority.
    #[must_use]
    pub fn los(&self) -> f64 {
        los(self.wins, self.losses)
    }

    /// The per-game estimate.
    #[must_use]
    pub fn estimate(&self) -> Estimate {
        Estimate::from_bins(&self.bins())
    }

    /// The SPRT's log-likelihood ratio per game, regularized.
    #[must_use]
    pub fn llr(&self, sprt: &Sprt) -> f64 {
        Estimate::regularized(&self.bins()).llr(sprt.elo0, sprt.elo1)
    }

    fn bins(&self) -> [(f64, u64); 3] {
        [(1.0, self.wins), (0.5, self.draws), (0.0, self.losses)]
    }
}

/// Game pairs by the points one side took from them, in halves: `counts[k]`
/// pairs gave `k/2` points (0: two losses; 1: a loss and a draw; 2: two draws
/// or a win and a loss; 3: a win and a draw; 4: two wins).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs by points in halves, 0 to 4.
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// Adds a pair in which the side took `half_points` halves (0 to 4).
    pub fn add(&mut self, half_points: usize) {
        self.counts[half_points.min(4)] += 1;
    }

    /// The number of pairs.
    #[must_use]
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The per-pair estimate (the pair's average score per game).
    #[must_use]
    pub fn estimate(&self) -> Estimate {
        Estimate::from_bins(&self.bins())
    }

    /// The SPRT's log-likelihood ratio per pair, regularized.
    #[must_use]
    pub fn llr(&self, sprt: &Sprt) -> f64 {
        Estimate::regularized(&self.bins()).llr(sprt.elo0, sprt.elo1)
    }

    fn bins(&self) -> [(f64, u64); 5] {
        let mut bins = [(0.0, 0); 5];
        for (k, bin) in bins.iter_mut().enumerate() {
            *bin = (k as f64 / 4.0, self.counts[k]);
        }
        bins
    }
}

/// The parameters of an SPRT.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo of H0.
    pub elo0: f64,
    /// The Elo of H1.
    pub elo1: f64,
    /// The false positive rate (accepting H1 when H0 holds).
    pub alpha: f64,
    /// The false negative rate (accepting H0 when H1 holds).
    pub beta: f64,
}

/// What the SPRT concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H0 accepted: the difference is `elo0` or less.
    H0,
    /// H1 accepted: the difference is `elo1` or more.
    H1,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::H0 => "H0 was accepted",
            Verdict::H1 => "H1 was accepted",
        })
    }
}

impl Sprt {
    /// Checks the parameters: `elo0 < elo1`, and `alpha`, `beta` in `(0, 1)`
    /// with `alpha + beta < 1`.
    ///
    /// # Errors
    /// A message naming the bad parameter.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(format!("SPRT: elo0 ({elo0}) must be below elo1 ({elo1})"));
        }
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if !(value > 0.0 && value < 1.0) {
                return Err(format!("SPRT: {name} ({value}) must lie between 0 and 1"));
            }
        }
        if alpha + beta >= 1.0 {
            return Err("SPRT: alpha + beta must be below 1".to_owned());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The lower and upper LLR bounds: `ln(β/(1−α))` and `ln((1−β)/α)`.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The verdict for an LLR, if it crossed a bound.
    #[must_use]
    pub fn verdict(&self, llr: f64) -> Option<Verdict> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

/// Formats an Elo difference: `+12.3`, `-4.0`, `+inf`, `-inf`, `nan`.
#[must_use]
pub fn format_elo(elo: f64) -> String {
    if elo.is_nan() {
        "nan".to_owned()
    } else if elo.is_infinite() {
        if elo > 0.0 { "+inf" } else { "-inf" }.to_owned()
    } else {
        // `+0.0`, never `-0.0`.
        format!("{:+.1}", elo + 0.0)
    }
}

/// Formats an error bar: `12.3`, `inf`, `nan`.
#[must_use]
pub fn format_error(error: f64) -> String {
    if error.is_nan() {
        "nan".to_owned()
    } else if error.is_infinite() {
        "inf".to_owned()
    } else {
        format!("{error:.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "{actual} is not within {tolerance} of {expected}"
        );
    }

    #[test]
    fn logistic_elo() {
        // A 75% score: -400 log10(1/3) = 190.85 Elo; symmetric for 25%.
        close(elo_from_score(0.75), 190.848_501_887_865, 1e-9);
        close(elo_from_score(0.25), -190.848_501_887_865, 1e-9);
        close(elo_from_score(0.6), 70.436_503_622_272, 1e-9);
        assert_eq!(elo_from_score(0.5), 0.0);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        for elo in [-300.0, -10.0, 0.0, 35.5, 400.0] {
            close(elo_from_score(score_from_elo(elo)), elo, 1e-9);
        }
        close(score_from_elo(400.0), 10.0 / 11.0, 1e-12);
    }

    #[test]
    fn error_function() {
        close(erf(0.0), 0.0, 1e-9);
        close(erf(0.5), 0.520_499_877_813_046_5, 2e-7);
        close(erf(1.0), 0.842_700_792_949_714_9, 2e-7);
        close(erf(-2.0), -0.995_322_265_018_952_7, 2e-7);
        close(erf(3.0), 0.999_977_909_503_001_4, 2e-7);
    }

    #[test]
    fn likelihood_of_superiority() {
        // 60 wins, 40 losses: ½(1 + erf(20 / √200)) = ½(1 + erf(√2)) = 0.97725.
        close(los(60, 40), 0.977_249_868_051_820_8, 1e-6);
        close(los(40, 60), 1.0 - 0.977_249_868_051_820_8, 1e-6);
        close(los(7, 7), 0.5, 1e-8);
        assert_eq!(los(0, 0), 0.5);
        close(los(60, 20), 0.999_996_127_891_784_5, 1e-6);
    }

    #[test]
    fn trinomial_worked_example() {
        // 60 wins, 20 draws, 20 losses: μ = 0.7, σ² = (60·0.09 + 20·0.04 + 20·0.49)/100
        // = 0.16, standard error 0.04, interval 0.7 ± 0.0784.
        let results = Trinomial {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        assert_eq!(results.games(), 100);
        assert_eq!(results.points(), 70.0);
        close(results.draw_ratio(), 0.2, 1e-12);
        let estimate = results.estimate();
        close(estimate.score, 0.7, 1e-12);
        close(estimate.variance, 0.16, 1e-12);
        close(estimate.elo(), 147.190_714_117_837_8, 1e-9);
        let half_width =
            (elo_from_score(0.7 + Z95 * 0.04) - elo_from_score(0.7 - Z95 * 0.04)) / 2.0;
        close(estimate.elo_error95(), half_width, 1e-9);
        close(estimate.elo_error95(), 66.013_381_220_385, 1e-6);
        // LLR = N (s1 − s0)(2μ − s0 − s1) / (2σ²) with s0 = ½, s1 = s(10).
        close(estimate.llr(0.0, 10.0), 1.733_713_311_929_1, 1e-9);
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        close(results.llr(&sprt), 1.733_713_311_929_1, 1e-9);
        close(estimate.llr(0.0, 5.0), 0.883_207_338_381_4, 1e-9);
    }

    #[test]
    fn pentanomial_worked_example() {
        // Pairs [LL, LD, DD+WL, WD, WW] = [5, 20, 40, 25, 10]:
        // μ = (20·¼ + 40·½ + 25·¾ + 10)/100 = 0.5375, σ² = 0.06421875.
        let pairs = Pentanomial {
            counts: [5, 20, 40, 25, 10],
        };
        assert_eq!(pairs.pairs(), 100);
        let estimate = pairs.estimate();
        close(estimate.score, 0.5375, 1e-12);
        close(estimate.variance, 0.064_218_75, 1e-12);
        close(estimate.elo(), 26.106_692_605_036_6, 1e-9);
        close(estimate.elo_error95(), 34.826_425_303_956_5, 1e-6);
        close(estimate.llr(0.0, 10.0), 0.678_966_613_507_3, 1e-9);
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        close(pairs.llr(&sprt), 0.678_966_613_507_3, 1e-9);
        close(estimate.llr(-5.0, 5.0), 0.840_301_513_465_9, 1e-9);

        let mut built = Pentanomial::default();
        for (k, &n) in pairs.counts.iter().enumerate() {
            for _ in 0..n {
                built.add(k);
            }
        }
        assert_eq!(built, pairs);
    }

    #[test]
    fn degenerate_samples() {
        let none = Trinomial::default().estimate();
        assert_eq!(none.samples, 0);
        assert!(none.elo_error95().is_nan());
        assert_eq!(none.llr(0.0, 10.0), 0.0);
        let all_draws = Trinomial {
            wins: 0,
            draws: 10,
            losses: 0,
        }
        .estimate();
        assert_eq!(all_draws.elo(), 0.0);
        assert_eq!(all_draws.elo_error95(), 0.0);
        assert_eq!(all_draws.llr(0.0, 10.0), 0.0, "no variance, no evidence");
        // Regularized, ten draws are evidence that the engines are level:
        // μ = (10·½ + 0.001)/10.002, σ² ≈ 0.001·¼·2/10.002.
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let draws = Trinomial {
            wins: 0,
            draws: 10,
            losses: 0,
        };
        let (mu, total) = (5.001 / 10.002, 10.002);
        let variance =
            (0.001 * (1.0 - mu) * (1.0 - mu) + 10.0 * (0.5 - mu) * (0.5 - mu) + 0.001 * mu * mu)
                / total;
        let s1 = score_from_elo(10.0);
        close(
            draws.llr(&sprt),
            10.0 * (s1 - 0.5) * (2.0 * mu - 0.5 - s1) / (2.0 * variance),
            1e-9,
        );
        assert!(draws.llr(&sprt) < sprt.bounds().0, "H0 accepted");
        let all_lost = Pentanomial {
            counts: [6, 0, 0, 0, 0],
        };
        assert_eq!(sprt.verdict(all_lost.llr(&sprt)), Some(Verdict::H0));
        let all_wins = Trinomial {
            wins: 5,
            draws: 0,
            losses: 0,
        }
        .estimate();
        assert_eq!(all_wins.elo(), f64::INFINITY);
        assert_eq!(all_wins.elo_error95(), f64::INFINITY);
        assert_eq!(format_elo(all_wins.elo()), "+inf");
        assert_eq!(format_elo(-12.345), "-12.3");
        assert_eq!(format_elo(elo_from_score(0.5)), "+0.0");
        assert_eq!(format_error(f64::INFINITY), "inf");
    }

    #[test]
    fn sprt_bounds_and_verdicts() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let (lower, upper) = sprt.bounds();
        // ln(0.05/0.95) = -2.944, ln(0.95/0.05) = 2.944.
        close(lower, -2.944_438_979_166_440_4, 1e-12);
        close(upper, 2.944_438_979_166_440_4, 1e-12);
        assert_eq!(sprt.verdict(0.0), None);
        assert_eq!(sprt.verdict(3.0), Some(Verdict::H1));
        assert_eq!(sprt.verdict(-3.0), Some(Verdict::H0));
        let lopsided = Sprt::new(0.0, 5.0, 0.1, 0.01).unwrap();
        close(lopsided.bounds().0, (0.01f64 / 0.9).ln(), 1e-12);
        close(lopsided.bounds().1, (0.99f64 / 0.1).ln(), 1e-12);
        assert!(Sprt::new(10.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 10.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 10.0, 0.6, 0.5).is_err());
        assert!(Sprt::new(f64::NAN, 10.0, 0.05, 0.05).is_err());
    }
}
