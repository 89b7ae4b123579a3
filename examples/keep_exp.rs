//! Experiment (not committed): the cost of a keeping move with a given first try.
use inarow_engine::{book, SolveLimits, Solver};
use inarow_games::{Column, Connect4, Size};
use std::io::BufRead;
use std::time::Instant;

fn main() {
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let w: Vec<&str> = line.split_whitespace().collect();
        let pos = Connect4::from_move_string(Size::STANDARD, w[0]).unwrap();
        let first = w.get(1).map(|c| Column(c.parse().unwrap()));
        let mut solver = Solver::new(Size::STANDARD, 32);
        solver.set_book(Some(book::embedded()));
        let t = Instant::now();
        let mut refuted = Vec::new();
        let r = solver.keeping_move_within(&pos, first, &SolveLimits::default(), &mut refuted);
        println!(
            "{line} -> {:?} refuted {:?} {} nodes {} ms",
            r.map(|(m, s)| (m.0, s)),
            refuted.iter().map(|c| c.0).collect::<Vec<_>>(),
            solver.nodes(),
            t.elapsed().as_millis()
        );
    }
}
