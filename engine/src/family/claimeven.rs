//! Claimeven on the family's boards with gravity, for the family's solver.
//! Bitboards are `kinarow`'s layout (see `inarow_games::kinarow`).

use inarow_games::kinarow::{runs, up, Rules};
use inarow_games::Bitboard;

/// Whether the stones of `own` can still make a line: some window of `k`
/// cells holds none of `other`'s.
pub(super) fn can_still_win<B: Bitboard>(rules: Rules, other: B, board: B) -> bool {
    has_run(rules, board & !other)
}

/// Whether `cells` hold `k` in a row (or more).
pub(super) fn has_run<B: Bitboard>(rules: Rules, cells: B) -> bool {
    let k = rules.k() as u32;
    rules
        .directions()
        .into_iter()
        .any(|s| !runs(cells, s, k).is_empty())
}

/// The cells of every other rank from `first` (counted from 0) up.
pub(super) fn every_other_rank<B: Bitboard>(rules: Rules, first: u32) -> B {
    let bottom = rules.bottom_mask::<B>();
    (first..rules.height() as u32)
        .step_by(2)
        .fold(B::ZERO, |rows, rank| rows | up(bottom, rank))
}

/// The cells of the even rows of a gravity board, which the second player
/// can claim; else none. Allis's names on any board, as the Connect-Four
/// solver reads them: the even rows are every other row down from the top
/// (2, 4, ... counted from 1 on an even height, 1, 3, ... on an odd one),
/// and the first player is the side to move with an even number of empty
/// cells.
pub(super) fn even_cells<B: Bitboard>(rules: Rules) -> B {
    if !rules.gravity() {
        return B::ZERO;
    }
    every_other_rank(rules, (rules.height() as u32 + 1) % 2)
}

/// Claimeven (Allis), as the Connect-Four solver uses it, for any `k`: on a
/// gravity board with the first player to move (see [`even_cells`]), the second
/// can take every even-row cell not playable now by answering in the same
/// column (and a playable one in another such column). With `evens` the
/// second's stones and those cells, the most the first player scores if it
/// has no line outside them: 0, or -1 when the second has a line in them
/// and a longer line also wins; `None` if the first has a line outside.
pub(super) fn claimeven_bound<B: Bitboard>(rules: Rules, evens: B, board: B) -> Option<i32> {
    if has_run(rules, board & !evens) {
        return None;
    }
    Some(if rules.overlines() && has_run(rules, evens) {
        -1
    } else {
        0
    })
}
