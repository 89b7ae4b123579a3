//! Moves as people and files give them, on one of the games of
//! [`inarow_fuzz::VARIANTS`]: a list (`P@d1 P@d2`, `b2,a1`, `4453`), a Pons
//! move string, or moves one at a time. Moves that play give a position
//! whose FEN reads back, and the drops written back replay from the start to
//! the same position; a refused list leaves the position unchanged and is
//! refused in one line.
#![no_main]

use inarow_fuzz::{assert_fen_round_trip, assert_one_line, split, variant};
use inarow_games::{AnyGame, Game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((selector, text)) = split(data) else {
        return;
    };
    let start = AnyGame::new(variant(selector));
    let mut position = start;
    match selector / 16 % 3 {
        0 => match position.play_moves(&text) {
            Ok(drops) => {
                let mut replay = start;
                for drop in &drops {
                    replay
                        .play_text(&drop.to_string())
                        .unwrap_or_else(|e| panic!("{drop} from {text:?} does not replay: {e}"));
                }
                assert_eq!(replay, position, "{text:?} replayed as drops");
                assert_eq!(position.ply() as usize, drops.len());
            }
            Err(e) => {
                assert_eq!(position, start, "{text:?} was refused and moved");
                assert_one_line(&e.to_string());
            }
        },
        1 => match position.play_move_string(&text) {
            None => assert!(!start.variant().gravity()),
            Some(Ok(())) => {
                let written = position.move_string();
                if let Some(written) = written {
                    let mut replay = start;
                    assert_eq!(replay.play_move_string(&written), Some(Ok(())));
                    assert_eq!(replay, position, "{text:?} wrote {written:?}");
                }
            }
            Some(Err(e)) => {
                assert_eq!(position, start, "{text:?} was refused and moved");
                assert_one_line(&e.to_string());
            }
        },
        _ => {
            for word in text.split_whitespace().take(64) {
                let before = position;
                match position.play_text(word) {
                    Ok(drop) => {
                        let mut again = before;
                        assert_eq!(again.play_text(&drop.to_string()), Ok(drop));
                        assert_eq!(again, position);
                    }
                    Err(e) => {
                        assert_eq!(position, before, "{word:?} was refused and moved");
                        assert_one_line(&e.to_string());
                    }
                }
            }
        }
    }
    assert_fen_round_trip(&position);
});
