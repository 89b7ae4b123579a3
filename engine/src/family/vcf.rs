//! Victory by continuous fours (VCF): Allis's threat-space search
//! restricted to fours, at the search's horizon.

use inarow_games::kinarow::{cells, down, runs, up};
use inarow_games::{Bitboard, Cell, Game, KInARowOf};

/// The most plies a VCF line may take.
pub(super) const VCF_DEPTH: u32 = 24;

/// The most positions one VCF search may visit.
pub(super) const VCF_NODES: u32 = 2_000;

/// Whether the side to move wins by continuous fours within `depth` plies
/// (no gravity): each of its moves makes a threat the opponent must block,
/// until one makes two or a line. The side to move cannot win at once, and
/// the opponent has no threat of its own.
pub(super) fn vcf<B: Bitboard>(
    position: &KInARowOf<B>,
    depth: u32,
    budget: &mut u32,
) -> Option<u32> {
    if depth < 3 || *budget == 0 {
        return None;
    }
    *budget -= 1;
    let rules = position.rules();
    let own = position.current();
    let empty = position.empty();
    // Cells that complete a line of k - 1 with one gap left: fours.
    let k = rules.k() as u32;
    let mut makers = B::ZERO;
    for s in rules.directions() {
        // Windows of k with k - 2 own stones and no other stone.
        let free = runs(own | empty, s, k);
        let mut planes = [B::ZERO; 6];
        let planes_needed = (32 - k.leading_zeros()) as usize;
        for j in 0..k {
            let mut carry = down(own, j * s) & free;
            for plane in planes.iter_mut().take(planes_needed) {
                if carry.is_empty() {
                    break;
                }
                let sum = *plane ^ carry;
                carry = *plane & carry;
                *plane = sum;
            }
        }
        let target = (k - 2) as usize;
        let mut windows = free;
        for (bit, plane) in planes.iter().enumerate().take(planes_needed) {
            windows = if target >> bit & 1 == 1 {
                windows & *plane
            } else {
                windows & !*plane
            };
        }
        for j in 0..k {
            makers |= up(windows, j * s);
        }
    }
    makers &= empty;
    for cell in cells(makers) {
        if position.is_forbidden(cell) {
            continue;
        }
        let mut after = *position;
        after.play_unchecked(cell);
        // The threats it makes, for the side that just moved.
        let threats = after.opponent_winning_cells();
        match threats.count_ones() {
            0 => continue,
            1 => {}
            _ => return Some(3),
        }
        // The opponent must block, unless it can make a line itself.
        if after.can_win_next() {
            continue;
        }
        let block = Cell(threats.trailing_zeros() as u16);
        if after.is_forbidden(block) {
            // Under renju Black may not block there: the four wins.
            return Some(3);
        }
        after.play_unchecked(block);
        if after.opponent_winning_cells().count_ones() > 0 {
            // The block made a threat of its own: the line is no longer forcing.
            continue;
        }
        if let Some(plies) = vcf(&after, depth - 2, budget) {
            return Some(plies + 2);
        }
    }
    None
}
