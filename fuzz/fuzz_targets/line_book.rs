//! A line book's text (`inarow book lines`). A book that reads writes back
//! to text that reads to the same entries; every entry's position is legal,
//! and a probe of it (or of its mirror image) answers the entry's move, a
//! legal one; a refusal is one line.
#![no_main]

use inarow_engine::books::lines::LineBook;
use inarow_fuzz::{assert_fen_round_trip, assert_one_line};
use inarow_games::{Game, MoveText};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match LineBook::parse(&text) {
        Ok(book) => {
            let written = book.to_text();
            let again = LineBook::parse(&written)
                .unwrap_or_else(|e| panic!("the book's own text does not read: {e}\n{written}"));
            assert_eq!(again.entries(), book.entries());
            assert_eq!(again.variant(), book.variant());
            for entry in book.entries() {
                let position = book
                    .position(&entry.moves)
                    .expect("an entry's position is legal");
                assert_fen_round_trip(&position);
                let answer = book.probe(&position).expect("the book has its own entry");
                match (answer, entry.choice) {
                    (None, None) => {}
                    (Some((mv, score)), Some((column, stored))) => {
                        assert_eq!(score, stored);
                        assert!(position.is_legal(mv));
                        assert_eq!(
                            position.move_from_text(&MoveText::Column(column)).ok(),
                            Some(mv)
                        );
                    }
                    (answer, choice) => {
                        panic!("entry {:?} answers {answer:?} for {choice:?}", entry.moves)
                    }
                }
            }
        }
        Err(e) => assert_one_line(&e.to_string()),
    }
});
