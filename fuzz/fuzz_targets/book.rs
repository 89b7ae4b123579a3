//! An opening book file, as `setoption name BookFile` and `inarow book`
//! read it. The selector bit 0 of the first byte says whether the file's
//! checksum is made right first, so the fuzzer also reaches what lies behind
//! it. A book that loads writes back to the same bytes, holds only scores a
//! board allows, and answers probes of the start and of every first move
//! within them, with legal moves; a shallow one is checked entry by entry without a panic; a
//! refusal is one line.
#![no_main]

use inarow_engine::books::opening::Book;
use inarow_fuzz::assert_one_line;
use inarow_games::{Bitboard, Connect4Of, Game};
use libfuzzer_sys::fuzz_target;

/// The book format's checksum (FNV-1a, 64 bits) over `bytes`.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Probes the start and each first move: every answer within `limit`.
fn probe<B: Bitboard>(book: &Book, limit: i32) {
    let start = Connect4Of::<B>::new(book.size());
    for position in std::iter::once(start).chain(start.legal_moves().into_iter().map(|mv| {
        let mut child = start;
        child.play_unchecked(mv);
        child
    })) {
        if let Some(score) = book.score(&position) {
            assert!(score.abs() <= limit, "score {score} on a board of {limit}");
        }
        if let Some(col) = book.best_move(&position) {
            assert!(
                position.is_legal(col),
                "the book's move {col:?} is not legal"
            );
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let mut bytes = rest.to_vec();
    if selector & 1 == 1 && bytes.len() >= 8 {
        let body = bytes.len() - 8;
        let hash = fnv1a(&bytes[..body]);
        bytes[body..].copy_from_slice(&hash.to_le_bytes());
    }
    match Book::from_bytes(&bytes) {
        Ok(book) => {
            assert_eq!(book.to_bytes(), bytes, "the book writes back other bytes");
            let limit = book.size().cells() as i32 / 2 + 1;
            for (key, score) in book.entries() {
                assert!(score.abs() <= limit);
                assert_eq!(book.probe_key(key), Some(score));
            }
            if book.size().fits_u64() {
                probe::<u64>(&book, limit);
            } else {
                probe::<u128>(&book, limit);
            }
            if book.plies() <= 3 && book.size().cells() <= 64 {
                if let Err(e) = book.check() {
                    assert_one_line(&e.to_string());
                }
            }
        }
        Err(e) => assert_one_line(&e.to_string()),
    }
});
