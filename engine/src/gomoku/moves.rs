//! The moves a node searches, chosen and ordered by the cells' threats.
//!
//! Facing a four, the only move is the block. Facing a cell where the
//! opponent would make an open four (an open three, or a cell of two
//! fours), the moves are the cells that leave it no such cell and the side's
//! own fours. Otherwise every cell within two of a stone, ordered by what a
//! stone there makes for the side and blocks of the opponent, with the
//! table's move, the killers and the history first.

use arrayvec::ArrayVec;

use super::board::{Board, Pos, CELLS};
use super::params::DEFENCE_ORDER_SIXTEENTHS;
use super::threat::Threat;
use super::threats::defences;

/// A node's moves with their ordering scores.
pub type MoveList = ArrayVec<(Pos, i32), CELLS>;

/// What kind of node the moves are for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forcing {
    /// The opponent has a four: the block is the only move.
    Block,
    /// The opponent threatens an open four: defences and own fours only.
    Defend,
    /// Nothing forces the side to move.
    Quiet,
}

/// What the search knows that orders moves: the table's move, the killers
/// of the ply, and the history of each side.
pub struct Hints<'a> {
    /// The table's best move (0 for none).
    pub tt_move: Pos,
    /// Moves that cut off at this ply before.
    pub killers: [Pos; 2],
    /// Per cell, how often a move there cut off (for the side to move).
    pub history: &'a [i32; CELLS],
}

/// How the side to move is forced at this node.
#[must_use]
pub fn forcing(board: &Board) -> Forcing {
    let them = board.side() ^ 1;
    if board.count(them, Threat::Five) > 0 {
        Forcing::Block
    } else if board.count(them, Threat::Flex4) > 0 {
        Forcing::Defend
    } else {
        Forcing::Quiet
    }
}

/// The moves of the node, best ordered first, into `moves` (emptied
/// first: the list is the caller's, so that it is not copied on return).
pub fn generate(board: &mut Board, hints: &Hints<'_>, moves: &mut MoveList) -> Forcing {
    let them = board.side() ^ 1;
    let kind = forcing(board);
    moves.clear();
    match kind {
        Forcing::Block => {
            let (fives, n) = board.fives(them);
            for &p in &fives[..n.min(1)] {
                moves.push((p, 0));
            }
            return kind;
        }
        Forcing::Defend => {
            for p in defences(board) {
                moves.push((p, score(board, p, hints)));
            }
        }
        Forcing::Quiet => {
            board.candidates(|p| moves.push((p, score(board, p, hints))));
        }
    }
    moves.sort_unstable_by_key(|&(p, s)| (-s, p));
    kind
}

/// The ordering score of a stone on `p`.
fn score(board: &Board, p: Pos, hints: &Hints<'_>) -> i32 {
    let (me, them) = (board.side(), board.side() ^ 1);
    if p == hints.tt_move {
        return 1 << 24;
    }
    let own = i32::from(board.value(me, p).order);
    let block = i32::from(board.value(them, p).order) * DEFENCE_ORDER_SIXTEENTHS / 16;
    let mut s = (own + block) * 16 + hints.history[usize::from(p)].min(1 << 14);
    if board.threat(me, p) < Threat::BlockFour {
        if p == hints.killers[0] {
            s += 1 << 12;
        } else if p == hints.killers[1] {
            s += 1 << 11;
        }
    }
    s
}

/// Whether a stone of the side to move on `p` is a threat or blocks one:
/// such moves are not reduced.
#[must_use]
pub fn is_tactical(board: &Board, p: Pos) -> bool {
    let (me, them) = (board.side(), board.side() ^ 1);
    board.threat(me, p) >= Threat::Three || board.threat(them, p) >= Threat::Three
}
