//! PGN text, as `inarow review`, `inarow match --resume` and the HTTP review
//! API read it. Every game read whose moves are words of inarow's notations
//! writes back to PGN that reads to the same moves and writes the same text
//! again; its start position (from its `Variant`
//! and `FEN` tags), when it has one, writes a FEN that reads back, and so
//! does every position its moves reach; every refusal is one line.
#![no_main]

use inarow_fuzz::{assert_fen_round_trip, assert_one_line};
use inarow_games::Game;
use inarow_protocol::pgn::{for_each_game, read, start_position, PgnMove};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for_each_game(&text, |item| match item {
        Ok(game) => {
            let start = start_position(&game);
            let first_ply = start.as_ref().map_or(0, Game::ply);
            let written = game.to_pgn(first_ply);
            // The round trip holds for words that may be moves in one of
            // inarow's notations (`P@d1`, `4`, `b2`, `7,8`). Other words are
            // refused as moves when the game is played, and written back
            // they may read otherwise: `0.4` as a move number glued to a
            // move, `%x` at the start of a line as an escaped line.
            let notation = |mv: &PgnMove| {
                mv.text
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "@,-".contains(c))
            };
            if !game.moves.iter().all(notation) {
                return;
            }
            let file = read(&written);
            assert_eq!(
                file.games.len(),
                1,
                "a game wrote PGN that does not read as one game:\n{written}"
            );
            assert_eq!(file.games[0].moves, game.moves, "{written}");
            assert_eq!(file.games[0].to_pgn(first_ply), written);
            match start {
                Ok(mut position) => {
                    assert_fen_round_trip(&position);
                    for played in &game.moves {
                        match played.in_position(&position) {
                            Ok(mv) => {
                                position.play_unchecked(mv);
                                assert_fen_round_trip(&position);
                            }
                            Err(e) => {
                                assert_one_line(&e.to_string());
                                break;
                            }
                        }
                    }
                }
                Err(e) => assert_one_line(&e.to_string()),
            }
        }
        Err(e) => assert_one_line(&e.to_string()),
    });
});
