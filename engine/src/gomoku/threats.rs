//! Threat-space search: a victory by continuous fours (VCF) or by
//! continuous threes and fours (VCT), with its own table.
//!
//! The attacker plays only threats: fours (and, in a VCT, open threes).
//! Facing a four the defender's one reply is the block; facing an open
//! three (an attacker's cell that makes an open four) it may play every
//! cell that leaves no such cell, or a four of its own. The attacker wins
//! when it makes five, or an open four (or two fours) while the defender
//! has no four to answer with; it fails when the defender can make five, or
//! when it runs out of threats. Every defence is tried, so a win found is
//! a proven win; a failure proves nothing (the attacker may win by a
//! quiet move).

use std::time::Instant;

use super::board::{Board, Pos};
use super::pattern::Pattern;
use super::threat::Threat;

/// Table entries (a power of two).
const TABLE_ENTRIES: usize = 1 << 16;

/// Mixed into the key of a VCT node: its failures prove less than a VCF's.
const VCT_KEY: u64 = 0x3c6e_f372_fe94_f82b;

#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    /// The depth a failure was proved to (or `u8::MAX` for a win).
    depth: u8,
    /// Plies to the win, for a win.
    plies: u16,
}

/// The threat search and its table of attacker nodes.
pub struct ThreatSearch {
    table: Vec<Entry>,
    nodes: u64,
    budget: u64,
    deadline: Option<Instant>,
    aborted: bool,
}

impl Default for ThreatSearch {
    fn default() -> Self {
        ThreatSearch::new()
    }
}

impl ThreatSearch {
    /// An empty threat search.
    #[must_use]
    pub fn new() -> ThreatSearch {
        ThreatSearch {
            table: vec![Entry::default(); TABLE_ENTRIES],
            nodes: 0,
            budget: 0,
            deadline: None,
            aborted: false,
        }
    }

    /// Forgets every result.
    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
    }

    /// Searches from now on give up at `deadline`.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Whether the deadline has passed.
    #[must_use]
    pub fn deadline_passed(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether the last search gave up at its budget or deadline, so that
    /// its failure says nothing.
    #[must_use]
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// The nodes visited by the last search.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// A VCF (or, with `vct`, a VCT) of at most `depth` attacker moves for
    /// the side to move, found within `budget` nodes: its first move and
    /// the plies to the win (a five is found; the opponent's five to make
    /// is not answered: the caller blocks it).
    pub fn find(
        &mut self,
        board: &mut Board,
        depth: u32,
        vct: bool,
        budget: u64,
    ) -> Option<(Pos, u32)> {
        self.nodes = 0;
        self.budget = budget;
        self.aborted = false;
        let side = board.side();
        if board.count(side, Threat::Five) > 0 {
            return Some((board.fives(side).0[0], 1));
        }
        if board.count(side ^ 1, Threat::Five) > 0 {
            return None;
        }
        for (pos, _) in attacks(board, side, vct) {
            board.play(pos);
            let found = self.defend(board, depth.saturating_sub(1), vct);
            board.undo();
            if let Some(plies) = found {
                return Some((pos, plies + 1));
            }
            if self.aborted {
                break;
            }
        }
        None
    }

    /// The attacker to move: plies to its win, if it has one.
    fn attack(&mut self, board: &mut Board, depth: u32, vct: bool) -> Option<u32> {
        let (me, them) = (board.side(), board.side() ^ 1);
        if board.count(me, Threat::Five) > 0 {
            return Some(1);
        }
        self.nodes += 1;
        if self.nodes > self.budget
            || (self.nodes % 64 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
            return None;
        }
        if board.count(them, Threat::Five) > 0 {
            let (fives, n) = board.fives(them);
            if n != 1 {
                return None;
            }
            board.play(fives[0]);
            let found = self.defend(board, depth, vct);
            board.undo();
            return found.map(|p| p + 1);
        }
        if board.count(me, Threat::Flex4) > 0 {
            return Some(3);
        }
        if depth == 0 {
            return None;
        }
        let key = board.key() ^ if vct { VCT_KEY } else { 0 };
        let slot = (key as usize) & (TABLE_ENTRIES - 1);
        let entry = self.table[slot];
        if entry.key == key {
            if entry.depth == u8::MAX {
                return Some(u32::from(entry.plies));
            }
            if u32::from(entry.depth) >= depth {
                return None;
            }
        }
        for (pos, _) in attacks(board, me, vct) {
            board.play(pos);
            let found = self.defend(board, depth - 1, vct);
            board.undo();
            if let Some(plies) = found {
                self.table[slot] = Entry {
                    key,
                    depth: u8::MAX,
                    plies: (plies + 1).min(u32::from(u16::MAX)) as u16,
                };
                return Some(plies + 1);
            }
            if self.aborted {
                return None;
            }
        }
        self.table[slot] = Entry {
            key,
            depth: depth.min(254) as u8,
            plies: 0,
        };
        None
    }

    /// The defender to move after an attacker's threat: plies to the
    /// attacker's win against every defence, if it wins.
    fn defend(&mut self, board: &mut Board, depth: u32, vct: bool) -> Option<u32> {
        let (me, them) = (board.side(), board.side() ^ 1);
        if board.count(me, Threat::Five) > 0 {
            return None;
        }
        match board.count(them, Threat::Five) {
            0 => {}
            1 => {
                let (fives, _) = board.fives(them);
                board.play(fives[0]);
                let found = self.attack(board, depth, vct);
                board.undo();
                return found.map(|p| p + 1);
            }
            _ => return Some(2),
        }
        if !vct || board.count(them, Threat::Flex4) == 0 {
            return None;
        }
        // With no defence: any move, the open four, a block, the five.
        let mut longest = 3;
        for pos in defences(board) {
            board.play(pos);
            let found = self.attack(board, depth, vct);
            board.undo();
            longest = longest.max(found?);
        }
        Some(longest + 1)
    }
}

/// The attacker's threats on `board` for `side`, strongest first: fours,
/// and with `vct` open threes.
#[must_use]
pub fn attacks(board: &Board, side: usize, vct: bool) -> Vec<(Pos, i32)> {
    let mut moves = Vec::new();
    board.candidates(|p| {
        let threat = board.threat(side, p);
        if threat.is_four() || (vct && threat.is_three()) {
            let order = (threat as i32) * 4096
                + i32::from(board.value(side, p).order)
                + i32::from(board.value(side ^ 1, p).order) / 2;
            moves.push((p, order));
        }
    });
    moves.sort_by_key(|&(_, order)| -order);
    moves
}

/// The side to move faces an open four to come (the opponent has a cell
/// that makes an open four or two fours): every move that leaves the
/// opponent no such cell, and every four of its own, in board order.
#[must_use]
pub fn defences(board: &mut Board) -> Vec<Pos> {
    let (me, them) = (board.side(), board.side() ^ 1);
    let mut tries = Vec::new();
    let mut moves = Vec::new();
    board.candidates(|p| {
        if board.threat(me, p).is_four() {
            moves.push(p);
        } else if (0..4).any(|d| board.shape(them, p, d) >= Pattern::B4) {
            tries.push(p);
        }
    });
    for p in tries {
        board.play(p);
        let stops = board.count(them, Threat::Flex4) == 0;
        board.undo();
        if stops {
            moves.push(p);
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::pattern::LineRule;

    fn board(moves: &[(usize, usize)]) -> Board {
        let mut b = Board::new(15, 15, LineRule::Freestyle);
        for &(x, y) in moves {
            let p = b.pos(x, y);
            b.play(p);
        }
        b
    }

    #[test]
    fn a_four_three_is_a_vcf() {
        // Black: (5,7), (6,7), (7,7) closed by white at (4,7); and (8,8),
        // (8,9) on a file. Black (8,7) makes a four and an open three.
        let mut b = board(&[
            (5, 7),
            (4, 7),
            (6, 7),
            (0, 0),
            (7, 7),
            (0, 14),
            (8, 9),
            (14, 0),
            (8, 10),
            (14, 14),
        ]);
        let mut search = ThreatSearch::new();
        let found = search.find(&mut b, 10, false, 10_000);
        assert!(found.is_some(), "{found:?}");
    }

    #[test]
    fn two_open_threes_are_a_vct_not_a_vcf() {
        // Black (6,7), (7,7) and (8,5), (8,6): black (8,7) makes two open threes.
        let mut b = board(&[
            (6, 7),
            (0, 0),
            (7, 7),
            (0, 14),
            (8, 5),
            (14, 0),
            (8, 6),
            (14, 14),
        ]);
        let mut search = ThreatSearch::new();
        assert!(search.find(&mut b, 10, false, 10_000).is_none());
        let (pos, plies) = search.find(&mut b, 6, true, 100_000).expect("a VCT");
        assert!(plies >= 5, "{plies}");
        assert!(b.is_empty(pos));
    }

    #[test]
    fn a_lone_stone_has_no_threat() {
        let mut b = board(&[(7, 7), (8, 8)]);
        let mut search = ThreatSearch::new();
        assert!(search.find(&mut b, 6, true, 10_000).is_none());
    }
}
