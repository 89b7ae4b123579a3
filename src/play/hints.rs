//! `hint all`: the exact value of every move, from the engine's analyst,
//! its tables kept between requests and sized by `--hash`.

use std::time::{Duration, Instant};

use inarow_engine::score::score_from_pons;
use inarow_engine::{Analyst, SolveLimits};
use inarow_games::{AnyGame, Game};

/// How long the analysis of one position's moves may take.
const SOLVE_TIME: Duration = Duration::from_secs(5);

/// The exact analysis behind `hint all`, built on first use.
pub struct Hints {
    hash_mib: usize,
    analyst: Option<Analyst>,
}

impl Hints {
    /// Hints whose tables take `hash_mib` MiB.
    pub fn new(hash_mib: usize) -> Self {
        Hints {
            hash_mib,
            analyst: None,
        }
    }

    /// The value of every move in `position` for the side to move, as lines
    /// for the person: by column with Pons's score where stones fall, by
    /// square in words otherwise.
    pub fn all_moves(&mut self, position: &AnyGame) -> String {
        let hash_mib = self.hash_mib;
        let analyst = self.analyst.get_or_insert_with(|| {
            let mut analyst = Analyst::new(hash_mib);
            analyst.set_book(Some(inarow_engine::books::opening::embedded()));
            analyst
        });
        let limits = SolveLimits {
            deadline: Some(Instant::now() + SOLVE_TIME),
            ..SolveLimits::default()
        };
        let mut scores = Vec::new();
        for (drop, score) in analyst.move_scores(position, false, &limits) {
            let Some(score) = score else {
                return "The position is too big to solve quickly; try hint.".to_owned();
            };
            scores.push((drop, score));
        }
        if position.variant().gravity() {
            let (files, _) = position.variant().dimensions();
            let columns: Vec<String> = (0..files)
                .map(|file| {
                    let score = scores.iter().find(|(drop, _)| drop.file == file);
                    let text = score.map_or("full".to_owned(), |(_, s)| format!("{s:+}"));
                    format!("{}: {text}", file + 1)
                })
                .collect();
            format!(
                "{}\n(Pons's score of each column for you: positive wins, higher sooner; 0 draws; negative loses.)",
                columns.join("  ")
            )
        } else {
            let squares: Vec<String> = scores
                .iter()
                .map(|&(drop, pons)| {
                    let verdict = if position.is_winning_move(drop) {
                        "wins at once".to_owned()
                    } else {
                        score_from_pons(position, pons).to_string()
                    };
                    format!("{}: {verdict}", drop.square_name())
                })
                .collect();
            squares.join("  ")
        }
    }
}
