//! What the heuristic search knows of the family: the evaluation, the
//! candidates and the threat-space search at the horizon.

use inarow_games::kinarow::{down, has_bit, Rules, WinRule};
use inarow_games::{Bitboard, Cell, KInARowOf, LongList};

use crate::score::EVAL_LIMIT;
use crate::search::heuristics::SearchGame;

use super::candidates::candidates;
use super::eval::{gravity_threats, open_windows, window_value, FULL_WIDTH_CELLS};
use super::oracle::FamilyOracle;
use super::vcf::{vcf, VCF_DEPTH, VCF_NODES};

/// A number that differs from member to member of the family, mixed into
/// the search table's keys. The win rule takes bits 25 and 26: standard 0,
/// free-style 1, renju 2, caro 3.
pub(super) fn rules_salt(rules: Rules) -> u128 {
    let rule = match rules.win_rule() {
        WinRule::Freestyle => 1,
        WinRule::Standard => 0,
        WinRule::Renju => 2,
        WinRule::Caro => 3,
    };
    let packed = (rules.width() as u128)
        | (rules.height() as u128) << 8
        | (rules.k() as u128) << 16
        | u128::from(rules.gravity()) << 24
        | rule << 25;
    (packed + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835)
}

impl<B: Bitboard> SearchGame for KInARowOf<B> {
    type Oracle = FamilyOracle;
    type TableKey = u128;

    /// A node may run a VCF search of up to `VCF_NODES` positions: a
    /// thousand nodes can take a third of a second on 15x15, which a
    /// manager's turn limit does not forgive.
    const CHECK_EVERY: u64 = 16;

    /// The key with the rules mixed in: one table serves every member.
    #[inline]
    fn table_key(&self) -> u128 {
        self.key128() ^ rules_salt(self.rules())
    }

    fn key_bits(&self) -> u32 {
        128
    }

    fn move_index(_mv: Cell, rank: usize) -> Option<u8> {
        (rank < 15).then_some(rank as u8)
    }

    fn prunes_candidates(&self) -> bool {
        !self.rules().gravity() && self.rules().cells() > FULL_WIDTH_CELLS
    }

    fn blocks_a_win(&self, mv: Cell) -> bool {
        has_bit(self.opponent_winning_cells(), mv)
    }

    fn evaluate(&self) -> i32 {
        let rules = self.rules();
        let k = rules.k();
        let (own, other, board) = (self.current(), self.opponent(), self.board());
        let mine = open_windows(rules, own, other, board);
        let theirs = open_windows(rules, other, own, board);
        let mut value = 0;
        for n in 1..k {
            // The side to move has the initiative: its windows count more.
            value += 3 * window_value(n, k) * mine[n] as i32 / 2;
            value -= window_value(n, k) * theirs[n] as i32;
        }
        if rules.gravity() {
            value += gravity_threats(self);
        }
        (value + 10).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    #[inline]
    fn can_win_now(&self) -> bool {
        self.can_win_next()
    }

    fn candidate_moves(&self) -> LongList<(Cell, i32)> {
        candidates(self, self.prunes_candidates())
    }

    fn has_defence(&self) -> bool {
        let their_wins = self.opponent_winning_cells();
        let playable = self.playable();
        match (their_wins & playable).count_ones() {
            0 if self.rules().gravity() => !(playable & !down(their_wins, 1)).is_empty(),
            0 => !playable.is_empty(),
            // One threat: blocked unless the block lets the opponent win above it.
            1 if self.rules().gravity() => {
                (their_wins & playable & !down(their_wins, 1)) != B::ZERO
            }
            // Under renju Black cannot block on a forbidden cell.
            1 => !self.is_forbidden(Cell((their_wins & playable).trailing_zeros() as u16)),
            _ => false,
        }
    }

    fn forced_win(&self) -> Option<u32> {
        let rules = self.rules();
        if rules.gravity() || rules.k() < 4 || !self.opponent_winning_cells().is_empty() {
            return None;
        }
        let mut budget = VCF_NODES;
        vcf(self, VCF_DEPTH, &mut budget)
    }
}
