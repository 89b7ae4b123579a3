//! Unit tests of the family's evaluation, candidates, VCF and solver.

use inarow_games::kinarow::Rules;
use inarow_games::{Game, KInARowOf, Player};

use super::eval::*;
use super::solver::*;
use crate::analysis::ExactScorer;
use crate::limits::SolveLimits;
use crate::search::heuristics::SearchGame;
use inarow_games::{KInARow, Wide};

fn position(w: usize, h: usize, k: usize, gravity: bool, moves: &str) -> KInARow {
    let rules = Rules::new(w, h, k, gravity, true).unwrap();
    let mut p = KInARow::new(rules);
    p.play_all(moves.split_whitespace()).unwrap();
    p
}

#[test]
fn open_windows_count_the_stones_in_each() {
    let p = position(5, 1, 3, false, "a1 e1 b1");
    let own = p.stones(Player::First);
    let other = p.stones(Player::Second);
    // Windows a-c (2 of X) and b-d (1 of X); c-e holds an O.
    let counts = open_windows(p.rules(), own, other, p.board());
    assert_eq!(counts[1], 1);
    assert_eq!(counts[2], 1);
}

#[test]
fn a_single_threat_leaves_one_candidate() {
    let p = position(5, 5, 4, false, "a1 e5 b1 e4 c1");
    let list = p.candidate_moves();
    assert_eq!(list.len(), 1);
    assert_eq!(p.to_drop(list[0].0).square_name(), "d1");
}

#[test]
fn the_solver_goes_deep_on_a_small_thread_stack() {
    // The first line of play fills the 208 cells of a 26x8 board: deeper
    // than a 2 MiB thread stack holds without growing it.
    let rules = Rules::new(26, 8, 6, false, true).unwrap();
    let position = KInARowOf::<Wide<4>>::new(rules);
    let nodes = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let mut solver = FamilySolver::<Wide<4>>::new(1);
            let limits = SolveLimits {
                nodes: Some(400),
                ..SolveLimits::default()
            };
            solver.bounds(&position, true, &limits);
            solver.nodes()
        })
        .unwrap()
        .join()
        .unwrap();
    assert!(nodes >= 208, "{nodes}");
}

#[test]
fn vcf_finds_a_win_by_fours() {
    // X: a1 b1 c1 and a2 a3 a4 lines; O has scattered stones.
    let rules = Rules::new(15, 15, 5, false, true).unwrap();
    let mut p = inarow_games::KInARowLarge::new(rules);
    p.play_all("h8 o15 i8 o13 j8 a15 h9 a13 h10 c15".split_whitespace())
        .unwrap();
    // Three in a row both ways from h8: a four and another four win.
    assert!(p.forced_win().is_some());
}
