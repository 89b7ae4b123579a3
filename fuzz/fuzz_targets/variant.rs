//! A variant as `UCI_Variant`, the HTTP API and the command line read it
//! (`connect 9x7 k5`, `mnk 4x4 k3 exact`, `cfour 16x7`): a variant that reads
//! writes back to its own spelling; its start position has moves, perft 1
//! counts them, and its FEN reads back; a refusal is one line.
#![no_main]

use inarow_fuzz::{assert_fen_round_trip, assert_one_line};
use inarow_games::{AnyGame, Game, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = text.lines().next().unwrap_or("");
    match text.parse::<Variant>() {
        Ok(variant) => {
            let written = variant.to_string();
            assert_eq!(
                written.parse::<Variant>().ok(),
                Some(variant),
                "{text:?} wrote {written:?}"
            );
            let start = AnyGame::new(variant);
            assert_eq!(start.ply(), 0);
            assert!(
                start.outcome().is_none(),
                "{variant}: over before it starts"
            );
            let moves = start.move_count();
            assert!(moves > 0, "{variant}: no first move");
            assert_eq!(start.perft(1, false).total, moves as u64);
            assert_fen_round_trip(&start);
        }
        Err(e) => assert_one_line(&e.to_string()),
    }
});
