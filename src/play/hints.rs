//! `hint all`: the exact value of every move, from tables kept between
//! requests and sized by `--hash`.

use std::time::{Duration, Instant};

use inarow_engine::{Limits, Searcher, Signals, SolveLimits, Solver};
use inarow_games::{AnyGame, Game, Outcome, TicTacToe};

/// The exact analysis behind `hint all`, built on first use.
pub struct Analyst {
    hash_mib: usize,
    solver: Option<Solver>,
    tictactoe: Option<Searcher<TicTacToe>>,
}

/// How long the solver may take over all the columns of one position.
const SOLVE_TIME: Duration = Duration::from_secs(5);

impl Analyst {
    /// An analyst whose tables take `hash_mib` MiB.
    pub fn new(hash_mib: usize) -> Self {
        Analyst {
            hash_mib,
            solver: None,
            tictactoe: None,
        }
    }

    /// The value of every move in `position` for the side to move, as lines
    /// for the person.
    pub fn all_moves(&mut self, position: &AnyGame) -> String {
        match position {
            AnyGame::Connect4(p) => {
                let hash_mib = self.hash_mib;
                let solver = self.solver.get_or_insert_with(|| {
                    let mut solver = Solver::new(p.size(), hash_mib);
                    solver.set_book(Some(inarow_engine::book::embedded()));
                    solver
                });
                let limits = SolveLimits {
                    deadline: Some(Instant::now() + SOLVE_TIME),
                    ..SolveLimits::default()
                };
                match solver.analyze_within(p, false, &limits) {
                    None => "The position is too big to solve quickly; try hint.".to_owned(),
                    Some(scores) => {
                        let columns: Vec<String> = scores
                            .iter()
                            .enumerate()
                            .map(|(c, s)| {
                                format!(
                                    "{}: {}",
                                    c + 1,
                                    s.map_or("full".to_owned(), |s| format!("{s:+}"))
                                )
                            })
                            .collect();
                        format!(
                            "{}\n(Pons's score of each column for you: positive wins, higher sooner; 0 draws; negative loses.)",
                            columns.join("  ")
                        )
                    }
                }
            }
            AnyGame::TicTacToe(p) => {
                // As the built-in opponent: tic-tac-toe's 5478 positions need
                // no more than 16 MiB.
                let hash_mib = self.hash_mib.min(16);
                let searcher = self
                    .tictactoe
                    .get_or_insert_with(|| Searcher::new(hash_mib));
                let mut lines = Vec::new();
                for mv in p.legal_moves() {
                    let mut child = *p;
                    child.play_unchecked(mv);
                    let verdict = match child.outcome() {
                        Some(Outcome::Win(_)) => "wins at once".to_owned(),
                        Some(Outcome::Draw) => "draw".to_owned(),
                        None => {
                            let result = searcher.search(
                                &child,
                                &Limits::default(),
                                &Signals::new(),
                                |_| {},
                            );
                            result.score().negate_one_ply().to_string()
                        }
                    };
                    lines.push(format!("{}: {verdict}", p.to_drop(mv).square_name()));
                }
                lines.join("  ")
            }
        }
    }
}
