//! The moves the search considers: none that lets the opponent make a line
//! at once, none the rules forbid (renju's for Black), and on boards of
//! gomoku's size only cells near the stones.

use inarow_games::kinarow::{bit_of, cells, down, has_bit};
use inarow_games::{Bitboard, Cell, KInARowOf, LongList};

use super::eval::{cell_value, near};

/// The moves of `position` that do not let the opponent make a line at
/// once and are not forbidden, each with its ordering value; with `prune`,
/// only cells near the stones. The side to move cannot win at once.
pub(super) fn candidates<B: Bitboard>(
    position: &KInARowOf<B>,
    prune: bool,
) -> LongList<(Cell, i32)> {
    let rules = position.rules();
    let playable = position.playable();
    let their_wins = position.opponent_winning_cells();
    let mut list = LongList::new();
    let forced = their_wins & playable;
    let mut cells_to_try = match forced.count_ones() {
        0 => playable,
        1 => forced,
        _ => return list,
    };
    if rules.gravity() {
        // A stone right below a cell the opponent wins on lets it play there.
        cells_to_try &= !down(their_wins, 1);
    } else if prune && forced.is_empty() {
        let stones = position.current() | position.opponent();
        cells_to_try = if stones.is_empty() {
            // The first stone: the centre.
            bit_of(Cell(rules.index(rules.width() / 2, rules.height() / 2)))
        } else {
            near(rules, stones, 2, position.board()) & playable
        };
    }
    let (own, other, board) = (position.current(), position.opponent(), position.board());
    // Under renju with Black to move, only the cells a few shifts single out
    // may be forbidden: the others need no look.
    let suspects = position.forbidden_suspects();
    for cell in cells(cells_to_try) {
        if has_bit(suspects, cell) && position.is_forbidden(cell) {
            continue;
        }
        list.push((cell, cell_value(rules, own, other, board, cell)));
    }
    list
}
