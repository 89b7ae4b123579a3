//! One conformance checker, run on every game and several Connect-Four sizes.

mod common;

use std::collections::HashMap;

use common::Rng;
use inarow_engine::SearchGame;
use inarow_games::{
    AnyGame, Bitboard, Connect4, Connect4U128, Drop, Game, IllegalMoveError, KInARow, KInARowHuge,
    KInARowLarge, MoveText, Outcome, Rules, Size, TicTacToe, Variant, WinRule,
};

/// Checks every rule the search and the protocol rely on, on random playouts,
/// and for a game the search plays, how the table packs its keys and moves.
fn check_search_game<G: SearchGame + PartialEq>(start: &G, playouts: usize, seed: u64) {
    check_game(start, playouts, seed, |position: &G| {
        let key = position.table_key().to_u128();
        assert!(position.key_bits() >= 128 || key < 1 << position.key_bits());
        if position.key_bits() < 128 {
            assert_eq!(
                key,
                position.key().to_u128(),
                "the table files the game's key"
            );
        }
        if position.outcome().is_some() || position.can_win_now() {
            return;
        }
        // Candidates are legal, and the table tells them apart.
        let mut seen = Vec::new();
        for (rank, &(mv, _)) in position.candidate_moves().iter().enumerate() {
            assert!(position.is_legal(mv), "{position:?} {mv:?}");
            let mut child = position.clone();
            child.play_unchecked(mv);
            assert!(!child.can_win_now(), "a candidate lets the opponent win");
            if let Some(index) = G::move_index(mv, rank) {
                assert!(index < 16);
                assert!(!seen.contains(&index), "two candidates share a number");
                seen.push(index);
            }
        }
    });
}

/// Checks every rule the search and the protocol rely on, on random
/// playouts, with `more` checks on every position.
fn check_game<G: Game + PartialEq>(start: &G, playouts: usize, seed: u64, more: impl Fn(&G)) {
    let mut rng = Rng::new(seed);
    let mut keys: HashMap<G::Key, String> = HashMap::new();
    for _ in 0..playouts {
        let mut position = start.clone();
        loop {
            check_position(&position, &mut keys);
            more(&position);
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            let mut checked = position.clone();
            checked.play(mv).expect("a legal move plays");
            position.play_unchecked(mv);
            assert_eq!(checked, position, "play and play_unchecked agree");
        }
        let outcome = position.outcome().expect("a playout ends with an outcome");
        assert!(position.ply() <= position.max_ply());
        if outcome == Outcome::Draw {
            assert_eq!(position.ply(), position.max_ply(), "a draw is a full board");
        }
    }
}

fn check_position<G: Game + PartialEq>(position: &G, keys: &mut HashMap<G::Key, String>) {
    let moves = position.legal_moves();
    assert!(
        moves.len() <= position.max_ply() as usize,
        "the move list holds every move"
    );
    assert_eq!(position.move_count(), moves.len());
    assert_eq!(
        position.outcome().is_some(),
        moves.is_empty(),
        "a game without moves is over, and a game over has no moves: {position:?}"
    );

    // Legal moves agree with checked play, for every square and one past
    // each edge.
    let (files, ranks) = position.variant().dimensions();
    let squares = (0..=files).flat_map(|file| (0..=ranks).map(move |rank| Drop { file, rank }));
    for square in squares {
        let Ok(mv) = position.move_from_text(&MoveText::Square(square)) else {
            assert!(
                moves.iter().all(|&mv| position.to_drop(mv) != square),
                "{position:?} refuses {square}"
            );
            continue;
        };
        let mut copy = position.clone();
        let result = copy.play(mv);
        assert_eq!(moves.contains(&mv), result.is_ok(), "{position:?} {mv:?}");
        assert_eq!(moves.contains(&mv), position.is_legal(mv));
        if result.is_err() {
            assert_eq!(
                &copy, position,
                "a refused move leaves the position as it was"
            );
        }
        if position.outcome().is_some() {
            assert_eq!(result, Err(IllegalMoveError::GameOver));
        }
    }

    // FEN round-trips, and the key computed from scratch equals the played one.
    let fen = position.fen();
    let parsed = position
        .read_fen(&fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(&parsed, position, "FEN round trip of {fen}");
    assert_eq!(parsed.key(), position.key());
    assert_eq!(parsed.variant(), position.variant());
    // The key is unique: one key, one position.
    if let Some(other) = keys.insert(position.key(), fen.clone()) {
        assert_eq!(other, fen, "two positions share a key");
    }

    for mv in moves {
        // Drop notation round-trips in both cases, and as a bare square.
        let drop = position.to_drop(mv);
        let text = drop.to_string();
        assert_eq!(position.parse_move(&text), Ok(mv), "{text}");
        assert_eq!(position.parse_move(&text.to_lowercase()), Ok(mv));
        assert_eq!(position.parse_move(&drop.square_name()), Ok(mv));
        assert_eq!(
            text.parse::<MoveText>()
                .map(|t| position.move_from_text(&t)),
            Ok(Ok(mv))
        );
        // A winning move is one after which the mover has won.
        let mut child = position.clone();
        child.play_unchecked(mv);
        assert_eq!(
            position.is_winning_move(mv),
            child.outcome() == Some(Outcome::Win(position.side_to_move())),
        );
        assert_eq!(child.ply(), position.ply() + 1);
        assert_eq!(child.side_to_move(), position.side_to_move().other());
    }
}

#[test]
fn tictactoe_conforms() {
    check_search_game(&TicTacToe::new(), 2000, 1);
}

/// The runtime enum is a game too, with the rules of the game it holds.
#[test]
fn any_game_conforms() {
    for (variant, playouts) in [
        ("tictactoe", 500),
        ("cfour", 100),
        ("cfour 5x4", 100),
        ("cfour 1x63", 3),
        ("cfour 9x7", 30),
        ("cfour 16x7", 10),
        ("gomoku", 2),
        ("gomokufreestyle 20x20", 1),
        ("connect 7x6 k5", 20),
        ("mnk 5x5 k4 exact", 30),
        ("mnk 4x4 k3", 50),
    ] {
        let variant: Variant = variant.parse().unwrap();
        check_game(&AnyGame::new(variant), playouts, 3, |_| {});
    }
}

#[test]
fn connect4_conforms_on_many_sizes() {
    for (size, playouts) in [
        ("7x6", 300),
        ("6x5", 200),
        ("6x7", 200),
        ("7x7", 200),
        ("8x7", 200),
        ("9x6", 200),
        ("4x4", 300),
        ("5x4", 200),
        ("1x63", 5),
        ("9x1", 20),
        ("3x3", 50),
        ("16x3", 50),
    ] {
        let size: Size = size.parse().unwrap();
        check_search_game(&Connect4::new(size), playouts, u64::from(size.cells()));
    }
    for (size, playouts) in [
        ("8x8", 100),
        ("9x7", 100),
        ("10x6", 100),
        ("10x7", 60),
        ("12x5", 60),
        ("13x4", 60),
        ("16x7", 30),
        ("5x12", 60),
        ("1x127", 3),
        ("2x62", 10),
    ] {
        let size: Size = size.parse().unwrap();
        check_search_game(&Connect4U128::new(size), playouts, u64::from(size.cells()));
    }
}

/// Every kind of member of the family: with gravity and without, k or more
/// and exactly k, on each of the three bitboards.
#[test]
fn the_family_conforms() {
    let family = |w, h, k, gravity, overlines| Rules::new(w, h, k, gravity, overlines).unwrap();
    for (rules, playouts) in [
        (family(3, 3, 3, false, true), 300),
        (family(4, 3, 3, false, true), 200),
        (family(4, 4, 3, false, true), 200),
        (family(5, 5, 4, false, true), 100),
        (family(6, 5, 4, false, false), 60),
        (family(7, 6, 5, true, true), 60),
        (family(5, 4, 3, true, true), 100),
        (family(7, 6, 4, true, false), 60),
        (family(9, 9, 5, false, false), 10),
        (family(1, 10, 3, false, true), 20),
        (family(12, 1, 4, true, true), 20),
    ] {
        check_search_game(&KInARow::new(rules), playouts, u64::from(rules.cells()));
    }
    for (rules, playouts) in [
        (family(15, 15, 5, false, false), 2),
        (family(15, 15, 5, false, true), 2),
        (family(11, 10, 6, true, true), 3),
    ] {
        check_search_game(&KInARowLarge::new(rules), playouts, 5);
    }
    check_search_game(&KInARowHuge::new(family(20, 20, 5, false, true)), 1, 9);
    // Gomocup's renju and caro, on a board the search finishes quickly and
    // on gomoku's.
    for rule in [WinRule::Renju, WinRule::Caro] {
        let rules = family(9, 9, 5, false, true).with_win_rule(rule).unwrap();
        check_search_game(&KInARow::new(rules), 10, 11);
        let rules = family(15, 15, 5, false, true).with_win_rule(rule).unwrap();
        check_search_game(&KInARowLarge::new(rules), 2, 13);
    }
}

#[test]
fn connect4_move_strings_round_trip() {
    let mut rng = Rng::new(7);
    for size in ["7x6", "6x5", "9x6", "4x4"] {
        let size: Size = size.parse().unwrap();
        for _ in 0..200 {
            let mut position = Connect4::new(size);
            let mut moves = String::new();
            let length = rng.below(size.cells() as usize + 1);
            while moves.len() < length {
                let legal = position.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[rng.below(legal.len())];
                moves.push(char::from_digit(mv.number(), 10).unwrap());
                position.play_unchecked(mv);
            }
            assert_eq!(Connect4::from_move_string(size, &moves), Ok(position));
            // Another move string to the same position exists and replays to it.
            let rebuilt = position
                .to_move_string()
                .expect("a played position unwinds");
            assert_eq!(Connect4::from_move_string(size, &rebuilt), Ok(position));
            let mirrored: String = moves
                .chars()
                .map(|c| char::from_digit(size.width() + 1 - c.to_digit(10).unwrap(), 10).unwrap())
                .collect();
            let mirror = Connect4::from_move_string(size, &mirrored).unwrap();
            assert_eq!(position.mirrored_key(), mirror.key());
        }
    }
}
