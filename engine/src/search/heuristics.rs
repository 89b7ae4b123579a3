//! What the search knows of each game: a static evaluation, immediate wins, and
//! which moves to search in which order. Games know nothing of search, so the
//! hooks live here.

use inarow_games::connect4::line_completions;
use inarow_games::tictactoe::LINES;
use inarow_games::{Bitboard, Column, Connect4Of, Game, MoveList, Size, Square, TicTacToe};

use crate::oracle::{NoOracle, Oracle};
use crate::score::EVAL_LIMIT;
use crate::solver::SolverOf;
use crate::tt::TableKey;

/// A game the search can play: [`Game`] plus evaluation and move ordering.
pub trait SearchGame: Game {
    /// The static value for the side to move, in hundredths of a stone, within
    /// `±EVAL_LIMIT`. Called only when the game is not over and the side to move
    /// cannot win at once.
    fn evaluate(&self) -> i32;

    /// Whether the side to move can make a line with its next move.
    fn can_win_now(&self) -> bool;

    /// The moves worth searching when the side to move cannot win at once, each
    /// with an ordering score (higher is searched first). Moves that let the
    /// opponent win at once are left out; if every move does, the list is empty.
    fn candidate_moves(&self) -> Self::List<(Self::Move, i32)>;

    /// Whether [`SearchGame::candidate_moves`] would give any move: whether
    /// the side to move can stop the opponent making a line at once. The
    /// search asks it at its leaves, where it needs no list.
    fn has_defence(&self) -> bool {
        !self.candidate_moves().is_empty()
    }

    /// Whether [`SearchGame::candidate_moves`] also leaves out moves for
    /// being far from the stones (as gomoku engines do on large boards), not
    /// only moves that lose at once: the root then searches the candidates
    /// alone, and a loss the search finds is a loss within them.
    fn prunes_candidates(&self) -> bool {
        false
    }

    /// Whether `mv` takes a cell where the opponent would make a line with
    /// its next move. Where every move loses, the root tries these first: a
    /// lost game is not given up, since an opponent who misses its win must
    /// find another. By default no move is known to.
    fn blocks_a_win(&self, _mv: Self::Move) -> bool {
        false
    }

    /// An exact solver the search asks first, when it has time to spare.
    type Oracle: Oracle<Self>;

    /// The key the table files the position under: [`Game::key`] in an
    /// integer the table holds.
    type TableKey: TableKey;

    /// The position's key for the table: unique among the positions of its
    /// game and board size, below `2^key_bits()`.
    fn table_key(&self) -> Self::TableKey;

    /// The number of significant bits of [`SearchGame::table_key`]: every
    /// key is below `2^key_bits()`. The table packs keys by it.
    fn key_bits(&self) -> u32;

    /// The number the table keeps for the move `mv`, the `rank`th (from 0)
    /// of this position's [`SearchGame::candidate_moves`]: below 16, and
    /// different for different candidates of one position; `None` if the
    /// table cannot keep it. A game with at most 16 moves numbers them
    /// itself; a larger board numbers its candidates by rank, which the
    /// same position always gives in the same order.
    fn move_index(mv: Self::Move, rank: usize) -> Option<u8>;

    /// At the horizon: whether the side to move wins by a line of forcing
    /// moves the game knows how to find (gomoku's fours), and in how many
    /// plies (its winning stone counted). By default the game knows none.
    fn forced_win(&self) -> Option<u32> {
        None
    }

    /// The search looks at the clock and the stop flag every this many
    /// nodes, a power of two: well under a millisecond's worth. Games whose
    /// nodes cost more (gomoku's run a VCF search at the horizon) look
    /// more often.
    const CHECK_EVERY: u64 = 1024;

    /// The side to move's moves that a clock's time should be spread over:
    /// by default every move it may still make.
    fn moves_to_plan(&self) -> u32 {
        (self.max_ply() - self.ply()).div_ceil(2)
    }
}

/// Every legal move in the order the search tries them at its root: moves
/// that win at once first, then the [`SearchGame::candidate_moves`] by their
/// ordering score, highest first, then the moves that let the opponent win
/// at once, those that block one of its wins first
/// ([`SearchGame::blocks_a_win`]); ties keep the order of
/// [`Game::legal_moves`].
#[must_use]
pub fn ordered_moves<G: SearchGame>(position: &G) -> G::List<G::Move> {
    let hints = position.candidate_moves();
    let mut moves = position.legal_moves();
    if position.prunes_candidates() && !hints.is_empty() {
        moves = moves
            .into_iter()
            .filter(|&mv| position.is_winning_move(mv) || hints.iter().any(|&(m, _)| m == mv))
            .collect();
    }
    moves.sort_by_key(|&mv| {
        let winning = position.is_winning_move(mv);
        let hint = hints.iter().find(|(m, _)| *m == mv).map(|&(_, s)| s);
        let gives_up = hint.is_none() && !position.blocks_a_win(mv);
        (!winning, hint.is_none(), gives_up, -hint.unwrap_or(0))
    });
    moves
}

/// Weights that favour the middle columns, where a stone joins the most lines.
fn centre_weight(size: Size, col: u32) -> i32 {
    let width = size.width() as i32;
    let distance = (2 * col as i32 - (width - 1)).abs();
    width - distance
}

/// The cells of the rows a player wants threats on, by Allis's rules read
/// for any board (as the solver's `rules` module does): the side that moves
/// with an even number of empty cells wants them on the rows that are not
/// every other row down from the top, the other side on those. So on 7x6
/// and 9x7 the player who moved first wants the odd rows (1, 3, 5 from the
/// bottom) and the second the even ones, and on a board of an even width
/// and an odd height (8x7) the other way round.
fn parity_rows<B: Bitboard>(position: &Connect4Of<B>, first_player: bool) -> B {
    // One column's every other row down from the top, copied into every
    // column by multiplying with the bottom cells (a column's pattern never
    // carries into the next).
    let size = position.size();
    let column = B::low_bits(size.height());
    let pattern =
        B::from_u128(0x5555_5555_5555_5555_5555_5555_5555_5555 << ((size.height() + 1) % 2));
    let from_top = position.bottom_mask().wrapping_mul(pattern & column);
    // The first player moves with an even number of empty cells where the
    // board has an even number of cells.
    let first_rows = if size.cells() % 2 == 0 {
        from_top ^ position.board_mask()
    } else {
        from_top
    };
    if first_player {
        first_rows
    } else {
        first_rows ^ position.board_mask()
    }
}

impl<B: TableKey> SearchGame for Connect4Of<B> {
    type Oracle = SolverOf<B>;
    type TableKey = B;

    #[inline]
    fn table_key(&self) -> B {
        self.key()
    }

    #[inline]
    fn key_bits(&self) -> u32 {
        self.size().key_bits()
    }

    #[inline]
    fn move_index(mv: Column, _rank: usize) -> Option<u8> {
        Some(mv.0)
    }

    /// Past half the board the solver settles a position at once, so the
    /// clock is spread over the moves until then (at least four): the
    /// moves just out of the opening book, the hardest, get the most.
    fn moves_to_plan(&self) -> u32 {
        let settled_at = self.size().cells() * 2 / 5;
        (settled_at.saturating_sub(self.ply())).div_ceil(2).max(4)
    }

    fn evaluate(&self) -> i32 {
        let h1 = self.stride();
        let empty = self.board_mask() & !self.mask();
        let me = self.current();
        let them = self.opponent();
        let first_to_move = self.ply() % 2 == 0;
        let my_threats = line_completions(me, h1) & empty;
        let their_threats = line_completions(them, h1) & empty;
        let my_rows = parity_rows(self, first_to_move);
        let their_rows = parity_rows(self, !first_to_move);

        // A threat is a cell that completes a line; one on the rows its owner
        // can claim in the endgame (see `parity_rows`) is worth much more. A
        // threat the opponent must fill first from below is a strong one.
        let mut value = 0;
        value +=
            40 * my_threats.count_ones() as i32 + 50 * (my_threats & my_rows).count_ones() as i32;
        value -= 40 * their_threats.count_ones() as i32
            + 50 * (their_threats & their_rows).count_ones() as i32;
        // Two threats one above the other in a column win unless blocked below.
        value += 60 * (my_threats & (my_threats >> 1)).count_ones() as i32;
        value -= 60 * (their_threats & (their_threats >> 1)).count_ones() as i32;

        // Stones near the middle take part in more lines.
        let size = self.size();
        for col in 0..size.width() {
            let column: B = size.column_mask(col);
            let weight = centre_weight(size, col);
            value += 3
                * weight
                * ((me & column).count_ones() as i32 - (them & column).count_ones() as i32);
        }
        // The side to move has the initiative.
        value += 10;
        value.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    #[inline]
    fn can_win_now(&self) -> bool {
        self.can_win_next()
    }

    #[inline]
    fn has_defence(&self) -> bool {
        !self.non_losing_cells().is_empty()
    }

    fn candidate_moves(&self) -> MoveList<(Column, i32)> {
        let mut moves = MoveList::new();
        let mut cells = self.non_losing_cells();
        let h1 = self.stride();
        let size = self.size();
        while !cells.is_empty() {
            let cell = cells.lowest();
            cells ^= cell;
            let after = self.current() | cell;
            let empty = self.board_mask() & !(self.mask() | cell);
            let threats = (line_completions(after, h1) & empty).count_ones() as i32;
            let col = self.column_of(cell);
            moves.push((col, 16 * threats + centre_weight(size, u32::from(col.0))));
        }
        moves
    }
}

impl SearchGame for TicTacToe {
    type Oracle = NoOracle;
    type TableKey = u64;

    #[inline]
    fn table_key(&self) -> u64 {
        self.key()
    }

    /// Nine bits a player.
    #[inline]
    fn key_bits(&self) -> u32 {
        18
    }

    #[inline]
    fn move_index(mv: Square, _rank: usize) -> Option<u8> {
        Some(mv.0)
    }

    fn evaluate(&self) -> i32 {
        let me = self.stones(self.side_to_move());
        let them = self.stones(self.side_to_move().other());
        let mut value = 0;
        for line in LINES {
            let (mine, theirs) = ((me & line).count_ones(), (them & line).count_ones());
            match (mine, theirs) {
                (2, 0) => value += 30,
                (1, 0) => value += 5,
                (0, 2) => value -= 30,
                (0, 1) => value -= 5,
                _ => {}
            }
        }
        value + 10
    }

    fn can_win_now(&self) -> bool {
        winning_cells(self.stones(self.side_to_move()), self.occupied()) != 0
    }

    fn candidate_moves(&self) -> MoveList<(Square, i32)> {
        let me = self.stones(self.side_to_move());
        let occupied = self.occupied();
        let their_wins = winning_cells(self.stones(self.side_to_move().other()), occupied);
        let mut cells = match their_wins.count_ones() {
            0 => !occupied & 0x1ff,
            1 => their_wins,
            _ => 0,
        };
        let mut moves = MoveList::new();
        while cells != 0 {
            let square = cells.trailing_zeros() as u8;
            cells &= cells - 1;
            // The centre joins four lines, corners three, edges two.
            let lines = LINES
                .iter()
                .filter(|&&line| line & (1 << square) != 0)
                .count() as i32;
            let threats =
                winning_cells(me | 1 << square, occupied | 1 << square).count_ones() as i32;
            moves.push((Square(square), 16 * threats + lines));
        }
        moves
    }
}

/// The empty cells that complete a line of `stones`.
fn winning_cells(stones: u16, occupied: u16) -> u16 {
    let mut cells = 0;
    for line in LINES {
        let missing = line & !stones;
        if missing.count_ones() == 1 {
            cells |= missing;
        }
    }
    cells & !occupied
}

#[cfg(test)]
mod tests {
    use inarow_games::{Connect4Of, Game, Size};

    use super::parity_rows;
    use crate::analysis::Rule;
    use crate::solver::SolverOf;

    /// On random positions where the solver finds an odd threat (Allis's
    /// rule read for any board), the threat's cell lies on the rows the
    /// evaluation favours for its owner, the side not to move: on boards of
    /// an even height, and of an odd height with an odd number of cells
    /// (7x7) or an even one (8x7 and 6x5, where the first player's rows are
    /// the even ones).
    #[test]
    fn odd_threats_lie_on_the_rows_the_evaluation_favours() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut random = move |below: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % below as u64) as usize
        };
        for dims in ["7x6", "8x7", "6x5", "7x7"] {
            let size: Size = dims.parse().unwrap();
            let mut solver = SolverOf::<u64>::new(size, 1);
            let mut found = 0;
            for _ in 0..4000 {
                let mut position = Connect4Of::<u64>::new(size);
                let plies = size.cells() as usize * 3 / 5 + random(size.cells() as usize / 4);
                // Moves that neither win nor hand the opponent a win, while
                // there are any: games that last.
                while position.ply() < plies as u32 && position.outcome().is_none() {
                    let moves = position.quiet_moves();
                    position.play_unchecked(moves[random(moves.len())]);
                }
                if position.outcome().is_some() {
                    continue;
                }
                let Some(bound) = solver.rule_bound(&position) else {
                    continue;
                };
                let Rule::OddThreat { file, rank } = bound.rule else {
                    continue;
                };
                let owner_is_first = position.ply() % 2 == 1;
                let cell = size.cell::<u64>(u32::from(file), u32::from(rank));
                assert_ne!(
                    parity_rows(&position, owner_is_first) & cell,
                    0,
                    "{dims} {}: the threat at {file},{rank}",
                    position.fen()
                );
                found += 1;
            }
            assert!(found >= 5, "{dims}: only {found} odd threats");
        }
    }
}
