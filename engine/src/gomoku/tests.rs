//! The gomoku searcher through the seam the front ends use.

use std::time::Duration;

use inarow_games::{AnyGame, Drop, Game, Variant};

use crate::limits::{Limits, Signals};
use crate::score::Score;
use crate::AnySearcher;

use super::GomokuSearcher;

fn position(variant: &str, moves: &str) -> AnyGame {
    let variant: Variant = variant.parse().expect("a variant");
    let mut position = AnyGame::new(variant);
    position.play_moves(moves).expect("legal moves");
    position
}

fn square(drop: Drop) -> String {
    drop.to_string().trim_start_matches("P@").to_owned()
}

fn depth(n: u32) -> Limits {
    Limits {
        depth: Some(n),
        ..Limits::default()
    }
}

#[test]
fn gomoku_boards_go_to_the_gomoku_searcher() {
    assert!(GomokuSearcher::plays(&position("gomoku", "")));
    assert!(GomokuSearcher::plays(&position("gomokufreestyle", "")));
    assert!(GomokuSearcher::plays(&position("gomoku 20x20", "")));
    assert!(!GomokuSearcher::plays(&position("mnk 7x7 k5", "")));
    assert!(!GomokuSearcher::plays(&position("mnk 15x15 k4", "")));
    assert!(!GomokuSearcher::plays(&position("connect 15x15 k5", "")));
}

#[test]
fn a_four_three_is_a_proven_win() {
    // Black: f8 g8 h8 (blocked at e8) and i10 i11; i8 makes a four and an
    // open three.
    let p = position("gomokufreestyle", "f8 e8 g8 a1 h8 a15 i10 o1 i11 o15");
    let mut searcher = AnySearcher::new(16);
    let result = searcher.search(&p, &depth(6), &Signals::new(), |_| {});
    assert!(
        matches!(result.score(), Score::Win(n) if n <= 9),
        "{:?}",
        result.score()
    );
    assert!(p.is_legal(result.best.expect("a move")));
}

#[test]
fn an_open_three_is_answered_at_one_of_its_defences() {
    // Black's open three f8 g8 h8: white must play e8, i8, d8 or j8, or lose.
    let p = position("gomokufreestyle", "f8 a1 g8 a15 h8");
    let mut searcher = AnySearcher::new(16);
    let result = searcher.search(&p, &depth(4), &Signals::new(), |_| {});
    let best = square(result.best.expect("a move"));
    assert!(["d8", "e8", "i8", "j8"].contains(&best.as_str()), "{best}");
}

#[test]
fn a_lost_game_is_not_given_up() {
    // Black's open four d8-g8: every move loses; white blocks an end.
    let p = position("gomoku 20x20", "d8 d6 e8 e6 f8 f6 g8");
    let mut searcher = AnySearcher::new(16);
    let result = searcher.search(&p, &depth(3), &Signals::new(), |_| {});
    let best = square(result.best.expect("a move"));
    assert!(["c8", "h8"].contains(&best.as_str()), "{best}");
    assert!(
        matches!(result.score(), Score::Loss(_)),
        "{:?}",
        result.score()
    );
}

#[test]
fn the_search_is_deterministic_and_keeps_to_its_time() {
    let p = position("gomokufreestyle", "h8 i9 g7 g9 h9");
    let run = || {
        let mut searcher = AnySearcher::new(16);
        let result = searcher.search(&p, &depth(6), &Signals::new(), |_| {});
        (result.best, result.nodes, result.score())
    };
    assert_eq!(run(), run());
    let mut searcher = AnySearcher::new(16);
    let timed = Limits {
        movetime: Some(Duration::from_millis(200)),
        ..Limits::default()
    };
    let result = searcher.search(&p, &timed, &Signals::new(), |_| {});
    assert!(
        result.elapsed <= Duration::from_millis(200),
        "{:?}",
        result.elapsed
    );
    assert!(result.best.is_some());
}

#[test]
fn a_forced_block_is_still_searched() {
    // White's four a1-a4: black's only move is a5, searched to the depth
    // asked for its value and line.
    let p = position("gomokufreestyle", "h8 a1 i8 a2 j9 a3 o15 a4");
    let mut searcher = AnySearcher::new(16);
    let mut last = None;
    let result = searcher.search(&p, &depth(4), &Signals::new(), |info| {
        last = Some((info.depth, info.pv.len()));
    });
    assert_eq!(square(result.best.expect("a move")), "a5");
    let (depth, pv) = last.expect("an iteration reported");
    assert_eq!(depth, 4);
    assert!(pv > 1, "{pv}");
}
