//! A FEN for one of the games of [`inarow_fuzz::VARIANTS`] (the selector
//! byte picks it): a FEN that reads writes back to the same FEN and reads
//! to the same position, and so do the positions after its first and last
//! legal moves; a refusal is one line.
#![no_main]

use inarow_fuzz::{assert_fen_round_trip, assert_one_line, split, variant};
use inarow_games::{AnyGame, Game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((selector, fen)) = split(data) else {
        return;
    };
    let variant = variant(selector);
    match AnyGame::from_fen(variant, &fen) {
        Ok(position) => {
            assert_fen_round_trip(&position);
            let moves = position.legal_moves();
            for mv in moves.first().into_iter().chain(moves.last()) {
                let mut child = position;
                child.play(*mv).expect("a legal move plays");
                assert_eq!(child.ply(), position.ply() + 1);
                assert_fen_round_trip(&child);
            }
        }
        Err(e) => assert_one_line(&e.to_string()),
    }
});
