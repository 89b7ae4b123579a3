//! The family's rules on hand-made positions.

use super::*;

fn rules(w: usize, h: usize, k: usize, gravity: bool, overlines: bool) -> Rules {
    Rules::new(w, h, k, gravity, overlines).unwrap()
}

fn gomoku(rule: WinRule) -> Rules {
    rules(15, 15, 5, false, true).with_win_rule(rule).unwrap()
}

fn play(rules: Rules, moves: &str) -> KInARowLarge {
    let mut position = KInARowLarge::new(rules);
    position.play_all(moves.split_whitespace()).unwrap();
    position
}

#[test]
fn lines_of_k_in_every_direction() {
    let r = rules(7, 7, 5, false, true);
    for moves in [
        "a1 a7 b1 b7 c1 c7 d1 d7 e1",
        "a1 b1 a2 b2 a3 b3 a4 b4 a5",
        "a1 a2 b2 a3 c3 a4 d4 a5 e5",
        "a5 a1 b4 b1 c3 c1 d2 d1 e1",
    ] {
        let position = play(r, moves);
        assert_eq!(
            position.outcome(),
            Some(Outcome::Win(Player::First)),
            "{moves}"
        );
    }
    let four = play(r, "a1 a7 b1 b7 c1 c7 d1");
    assert_eq!(four.outcome(), None);
}

#[test]
fn exactly_five_does_not_count_an_overline() {
    let exact = rules(15, 15, 5, false, false);
    // Six in a row along rank 1, the sixth stone joining two runs.
    let moves = "a1 a15 b1 b15 c1 c15 e1 e15 f1 f15";
    let position = play(exact, moves);
    assert_eq!(position.outcome(), None);
    let d1 = position.move_from_text(&"d1".parse().unwrap()).unwrap();
    assert!(!position.is_winning_move(d1), "six is no win in gomoku");
    let freestyle = play(rules(15, 15, 5, false, true), moves);
    assert!(freestyle.is_winning_move(d1));
    let mut six = position;
    six.play(d1).unwrap();
    assert_eq!(six.outcome(), None);
}

#[test]
fn winning_cells_agree_with_playing_each_cell() {
    for (r, moves) in [
        (rules(6, 5, 4, false, true), "c3 a1 d3 f5 b2 a5 e4"),
        (rules(6, 5, 4, false, false), "a1 f1 b1 f2 d1 f3 e1 a5"),
        (rules(7, 6, 5, true, true), "d1 a1 d2 b1 d3 c1 e1 d4"),
        (
            rules(15, 15, 5, false, false),
            "h8 a1 i9 b1 j10 c1 g7 e1 l12",
        ),
        (
            gomoku(WinRule::Caro),
            "c8 b8 d8 h8 e8 o1 f8 j8 l8 o3 m8 o5 n8",
        ),
        (gomoku(WinRule::Renju), "c8 o1 d8 o3 e8 o5 g8 o7 h8 o9"),
        (gomoku(WinRule::Renju), "o1 c8 o3 d8 o5 e8 o7 g8 o9 h8 a15"),
    ] {
        let position = play(r, moves);
        let side = position.side_to_move();
        for cell in cells(position.empty()) {
            let after = position.current() | bit_of(cell);
            assert_eq!(
                has_bit(position.winning_cells(), cell),
                r.wins(side, after, position.opponent()),
                "{moves}: {:?}",
                r.square(cell)
            );
        }
    }
}

#[test]
fn columns_are_labelled_from_1_where_a_move_string_names_them() {
    let board = play(rules(7, 6, 5, true, true), "4").to_string();
    assert_eq!(board.lines().last(), Some("   1 2 3 4 5 6 7"));
    let wide = play(rules(20, 6, 5, true, true), "19").to_string();
    assert!(wide.ends_with(" I J K\n"), "{wide}");
}

#[test]
fn gravity_drops_stones_to_the_bottom() {
    let r = rules(7, 6, 5, true, true);
    let position = play(r, "4 4 4");
    assert_eq!(position.stone_at(3, 2), Some(Player::First));
    assert_eq!(position.legal_moves().len(), 7);
    let e4 = "e4".parse().unwrap();
    assert!(matches!(
        position.move_from_text(&e4),
        Err(IllegalMoveError::NotLanding { .. })
    ));
}

#[test]
fn rules_reject_lines_longer_than_the_board() {
    assert!(Rules::new(4, 4, 5, false, true).is_err());
    assert!(Rules::new(27, 3, 3, false, true).is_err());
    assert!(Rules::new(21, 21, 5, false, true).is_err());
    assert!(Rules::new(20, 20, 5, false, true).is_ok());
}

/// A cell named as a square, `h8`.
fn cell(rules: Rules, square: &str) -> Cell {
    let file = usize::from(square.as_bytes()[0] - b'a');
    let rank: usize = square[1..].parse().unwrap();
    Cell(rules.index(file, rank - 1))
}

/// The 15x15 board of `rule` with Black's and White's stones, Black to
/// move: White's stones are made up to Black's with stones spread over the
/// left edge, where they make no line.
fn board(rule: WinRule, black: &str, white: &str) -> KInARowLarge {
    let rules = rules(15, 15, 5, false, true).with_win_rule(rule).unwrap();
    let mut position = KInARowLarge::new(rules);
    let mut whites: Vec<&str> = white.split_whitespace().collect();
    let blacks: Vec<&str> = black.split_whitespace().collect();
    let padding = [
        "a1", "a3", "a5", "a7", "a9", "a11", "a13", "a15", "c1", "c15",
    ];
    whites.extend(
        padding
            .iter()
            .take(blacks.len().saturating_sub(whites.len())),
    );
    for square in &blacks {
        position.stones[0] |= bit_of(cell(rules, square));
    }
    for square in &whites {
        position.stones[1] |= bit_of(cell(rules, square));
    }
    position.ply = (blacks.len() + whites.len()) as u16;
    assert_eq!(position.ply % 2, 0, "Black is to move");
    position
}

fn shape(position: &KInARowLarge, square: &str) -> Option<ForbiddenShape> {
    position.forbidden_shape(cell(position.rules(), square))
}

#[test]
fn renju_forbids_double_threes_double_fours_and_overlines() {
    use ForbiddenShape::{DoubleFour, DoubleThree, Overline};
    let renju = |black| board(WinRule::Renju, black, "");
    // Two open threes crossing at h8.
    assert_eq!(shape(&renju("f8 g8 h6 h7"), "h8"), Some(DoubleThree));
    // A split three counts as much as a solid one.
    assert_eq!(shape(&renju("f8 i8 h6 h7"), "h8"), Some(DoubleThree));
    // A four and a three is allowed.
    assert_eq!(shape(&renju("f8 g8 i8 h6 h7"), "h8"), None);
    // Two fours on two lines, and two fours on one line (B.BBB.B).
    assert_eq!(shape(&renju("e8 f8 g8 h5 h6 h7"), "h8"), Some(DoubleFour));
    assert_eq!(shape(&renju("e8 g8 i8 k8"), "h8"), Some(DoubleFour));
    // A straight four is one four, not two.
    assert_eq!(shape(&renju("e8 f8 g8"), "h8"), None);
    // Six in a row, and seven.
    assert_eq!(shape(&renju("d8 e8 f8 h8 i8"), "g8"), Some(Overline));
    assert_eq!(shape(&renju("c8 d8 e8 f8 h8 i8"), "g8"), Some(Overline));
    // White two cells off leaves one straight four; next to the three, none.
    let blocked = board(WinRule::Renju, "f8 g8 h6 h7", "d8");
    assert_eq!(
        shape(&blocked, "h8"),
        Some(DoubleThree),
        "i8 still opens it"
    );
    let closed = board(WinRule::Renju, "f8 g8 h6 h7", "e8");
    assert_eq!(shape(&closed, "h8"), None);
    // By the edge, a three with no room for a straight four is no three;
    // one cell of room is enough.
    assert_eq!(shape(&renju("b8 c8 d6 d7"), "d8"), Some(DoubleThree));
    assert_eq!(shape(&renju("a8 b8 c6 c7"), "c8"), None);
}

#[test]
fn renju_five_wins_even_where_it_makes_a_forbidden_shape() {
    // h8 makes five along rank 8 and six along file h.
    let position = board(WinRule::Renju, "d8 e8 f8 g8 h5 h6 h7 h9 h10", "");
    let h8 = cell(position.rules(), "h8");
    assert!(!position.is_forbidden(h8));
    assert!(position.is_winning_move(h8));
    let mut won = position;
    won.play(h8).unwrap();
    assert_eq!(won.outcome(), Some(Outcome::Win(Player::First)));
    // A five and a double four at once.
    let four_four = board(WinRule::Renju, "d8 e8 f8 g8 h5 h6 h7 i9 j10 k11", "");
    assert!(!four_four.is_forbidden(h8));
    assert!(four_four.is_winning_move(h8));
}

#[test]
fn renju_overline_loses_for_black_and_wins_for_white() {
    let black = board(WinRule::Renju, "d8 e8 f8 h8 i8", "");
    let g8 = cell(black.rules(), "g8");
    assert!(!black.is_winning_move(g8));
    assert!(matches!(
        black.clone().play(g8),
        Err(IllegalMoveError::Forbidden {
            shape: "an overline",
            ..
        })
    ));
    assert!(!black.legal_moves().contains(&g8));
    assert!(has_bit(black.forbidden_cells(), g8));
    // The same stones White's, White to move: six wins, nothing is forbidden.
    let mut white = board(WinRule::Renju, "a1 a3 a5 a7 a9 c1", "d8 e8 f8 h8 i8");
    white.stones[0] |= bit_of(cell(white.rules(), "c3"));
    white.ply += 1;
    assert_eq!(white.side_to_move(), Player::Second);
    assert!(white.is_winning_move(g8));
    assert!(white.forbidden_cells().is_empty());
    white.play(g8).unwrap();
    assert_eq!(white.outcome(), Some(Outcome::Win(Player::Second)));
}

#[test]
fn renju_false_three_whose_completion_is_forbidden_does_not_count() {
    // h8 makes the split three f8 . h8 i8, which only g8 makes a straight
    // four, and g8 is an overline along file g (g5 g6 g7 . g9 g10); the
    // three h6 h7 h8 is real. One real three: allowed.
    let stones = "f8 i8 h6 h7 g5 g6 g7 g9 g10";
    let position = board(WinRule::Renju, stones, "");
    assert_eq!(shape(&position, "g8"), Some(ForbiddenShape::Overline));
    assert_eq!(shape(&position, "h8"), None);
    // Without the stones that forbid g8, h8 is a double three.
    let plain = board(WinRule::Renju, "f8 i8 h6 h7", "");
    assert_eq!(shape(&plain, "h8"), Some(ForbiddenShape::DoubleThree));
    // A completion forbidden as a double four: White's d8 leaves i8 the
    // one point that makes f8 g8 h8 a straight four, and i8 also makes
    // fours along file i (i5 i6 i7) and the diagonal l5 k6 j7. With the
    // split three h8 . h10 h11 on file h, h8 has one real three.
    let deep = board(WinRule::Renju, "f8 g8 h10 h11 i5 i6 i7 l5 k6 j7", "d8");
    assert_eq!(shape(&deep, "i8"), Some(ForbiddenShape::DoubleFour));
    assert_eq!(shape(&deep, "h8"), None, "the rank-8 three is false");
    let open = board(WinRule::Renju, "f8 g8 h10 h11", "d8");
    assert_eq!(shape(&open, "h8"), Some(ForbiddenShape::DoubleThree));
    // A completion that makes five on another line (g8, with g4 to g7)
    // wins at once: the split three f8 . h8 i8 is no three.
    let five = board(WinRule::Renju, "f8 i8 h6 h7 g4 g5 g6 g7", "");
    assert!(five.is_winning_move(cell(five.rules(), "g8")));
    assert_eq!(shape(&five, "h8"), None);
}

#[test]
fn renju_forbids_nothing_to_white_nor_under_other_rules() {
    for rule in [WinRule::Freestyle, WinRule::Standard, WinRule::Caro] {
        let position = board(rule, "f8 g8 h6 h7", "");
        assert!(position.forbidden_cells().is_empty(), "{rule}");
        assert_eq!(shape(&position, "h8"), None);
    }
}

#[test]
fn a_renju_fen_with_a_black_overline_is_refused() {
    let rules = rules(15, 15, 5, false, true)
        .with_win_rule(WinRule::Renju)
        .unwrap();
    let position = board(WinRule::Renju, "c8 d8 e8 f8 g8 h8", "");
    let fen = position.fen();
    assert!(matches!(
        KInARowLarge::from_fen(rules, &fen),
        Err(FenError::ForbiddenStone { .. })
    ));
    let free = rules.with_win_rule(WinRule::Standard).unwrap();
    assert!(KInARowLarge::from_fen(free, &fen).is_ok());
}

#[test]
fn renju_and_caro_need_gomoku_board_rules() {
    for rule in [WinRule::Renju, WinRule::Caro] {
        assert!(rules(15, 15, 4, false, true).with_win_rule(rule).is_err());
        assert!(rules(15, 15, 5, true, true).with_win_rule(rule).is_err());
        assert!(rules(9, 9, 5, false, true).with_win_rule(rule).is_ok());
    }
}

#[test]
fn caro_five_blocked_at_both_ends_does_not_win() {
    let caro = |black, white| {
        let position = board(WinRule::Caro, black, white);
        let rules = position.rules();
        rules.wins(Player::First, position.stones[0], position.stones[1])
    };
    assert!(caro("c8 d8 e8 f8 g8", ""));
    assert!(caro("c8 d8 e8 f8 g8", "b8"));
    assert!(!caro("c8 d8 e8 f8 g8", "b8 h8"));
    // The board's edge blocks nothing.
    assert!(caro("a8 b8 c8 d8 e8", "f8"));
    assert!(caro("k15 l15 m15 n15 o15", "j15"));
    // Diagonally, blocked and not.
    assert!(!caro("c3 d4 e5 f6 g7", "b2 h8"));
    assert!(caro("c3 d4 e5 f6 g7", "h8"));
    // Exactly five: six does not win.
    assert!(!caro("c8 d8 e8 f8 g8 h8", ""));
    // The winning cells agree.
    let position = board(WinRule::Caro, "c8 d8 e8 f8 k8 l8 m8 n8", "b8 h8 j8");
    let wins = position.winning_cells();
    assert!(
        !has_bit(wins, cell(position.rules(), "g8")),
        "b8 and h8 block"
    );
    assert!(
        has_bit(wins, cell(position.rules(), "o8")),
        "the edge does not"
    );
}

#[test]
fn renju_white_wins_with_six_and_black_does_not() {
    let black = play(gomoku(WinRule::Renju), "c8 o1 d8 o3 e8 o5 g8 o7 h8 o9");
    let f8 = cell(black.rules(), "f8");
    assert!(!black.is_winning_move(f8) && black.is_forbidden(f8));
    let white = play(gomoku(WinRule::Renju), "o1 c8 o3 d8 o5 e8 o7 g8 o9 h8 a15");
    assert!(white.is_winning_move(f8) && !white.is_forbidden(f8));
}

#[test]
fn renju_suspects_hold_every_forbidden_cell() {
    // Random renju games: every empty cell forbidden to Black is a suspect.
    let rules = gomoku(WinRule::Renju);
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut forbidden_seen = 0;
    for _ in 0..200 {
        let mut position = KInARowLarge::new(rules);
        for _ in 0..60 {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Stones near the centre, so that shapes form.
            let near: Vec<Cell> = moves
                .iter()
                .copied()
                .filter(|&c| {
                    let d = rules.square(c);
                    (4..11).contains(&d.file) && (4..11).contains(&d.rank)
                })
                .collect();
            let pool = if near.is_empty() {
                &moves[..]
            } else {
                &near[..]
            };
            position
                .play(pool[(seed % pool.len() as u64) as usize])
                .unwrap();
            if position.side_to_move() == Player::First && position.outcome().is_none() {
                let suspects = renju::suspects(rules, position.stones[0], position.empty());
                for cell in cells(position.empty()) {
                    if position.is_forbidden(cell) {
                        forbidden_seen += 1;
                        assert!(
                            has_bit(suspects, cell),
                            "{:?} {}",
                            rules.square(cell),
                            position.fen()
                        );
                    }
                }
            }
        }
    }
    assert!(
        forbidden_seen > 50,
        "only {forbidden_seen} forbidden cells seen"
    );
}
