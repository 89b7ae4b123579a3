//! Perft: the number of legal move sequences of a given length, the standard
//! check of move generation. No moves are counted after a game is won.

use crate::Game;

/// The number of move sequences of length `depth` from `position`.
///
/// The last ply is counted in bulk: the number of legal moves of each position
/// one ply short of `depth`, without playing them.
#[must_use]
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.move_count() as u64,
        _ => position
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = position.clone();
                child.play_unchecked(mv);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// Perft split by the first move: the count under each legal move, in move order.
#[must_use]
pub fn divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}
