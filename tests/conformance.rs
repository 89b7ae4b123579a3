//! One conformance checker, run on every game and several Connect-Four sizes.

mod common;

use std::collections::HashMap;

use common::Rng;
use inarow_engine::SearchGame;
use inarow_games::{
    AnyGame, Bitboard, Connect4, Connect4Wide, Drop, Game, IllegalMoveError, MoveText, Outcome,
    Size, TicTacToe, Variant, MAX_MOVES,
};

/// Checks every rule the search and the protocol rely on, on random playouts,
/// and for a game the search plays, how the table packs its keys and moves.
fn check_search_game<G: SearchGame + PartialEq>(start: &G, playouts: usize, seed: u64) {
    check_game(start, playouts, seed, |position: &G| {
        let key = position.table_key().to_u128();
        assert!(position.key_bits() >= 128 || key < 1 << position.key_bits());
        assert_eq!(
            key,
            position.key().to_u128(),
            "the table files the game's key"
        );
        for index in 0..16 {
            let mv = G::move_from_index(index);
            assert_eq!(G::move_index(mv), index);
            let mut copy = position.clone();
            let result = copy.play(mv);
            assert_eq!(result.is_ok(), position.is_legal(mv), "{position:?} {mv:?}");
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
    assert!(moves.len() <= MAX_MOVES, "the move list holds every move");
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
        check_search_game(&Connect4Wide::new(size), playouts, u64::from(size.cells()));
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
