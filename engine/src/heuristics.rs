//! What the search knows of each game: a static evaluation, immediate wins, and
//! which moves to search in which order. Games know nothing of search, so the
//! hooks live here.

use inarow_games::connect4::line_completions;
use inarow_games::tictactoe::LINES;
use inarow_games::{Column, Connect4, Game, MoveList, Size, Square, TicTacToe};

use std::sync::Arc;

use crate::book::Book;
use crate::score::{score_from_pons, Score, EVAL_LIMIT};
use crate::solver::{SolveLimits, Solver};

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
    fn candidate_moves(&self) -> MoveList<(Self::Move, i32)>;

    /// An exact solver the search asks first, when it has time to spare.
    type Oracle: Oracle<Self>;

    /// The side to move's moves that a clock's time should be spread over:
    /// by default every move it may still make.
    fn moves_to_plan(&self) -> u32 {
        (self.max_ply() - self.ply()).div_ceil(2)
    }
}

/// Every legal move in the order the search tries them at its root: moves
/// that win at once first, then the [`SearchGame::candidate_moves`] by their
/// ordering score, highest first, then the moves that let the opponent win
/// at once; ties keep the order of [`Game::legal_moves`].
#[must_use]
pub fn ordered_moves<G: SearchGame>(position: &G) -> MoveList<G::Move> {
    let hints = position.candidate_moves();
    let mut moves = position.legal_moves();
    moves.sort_by_key(|&mv| {
        let winning = position.is_winning_move(mv);
        let hint = hints.iter().find(|(m, _)| *m == mv).map(|&(_, s)| s);
        (!winning, hint.is_none(), -hint.unwrap_or(0))
    });
    moves
}

/// Proven lines, best first: each a principal variation (starting with its
/// move) and its proven score.
pub type ProvenLines<M> = Vec<(Vec<M>, Score)>;

/// An exact solver the search can ask before it searches: if the position is
/// solved within the limits, every move gets its proven score at once.
pub trait Oracle<G: Game>: Send + Sized {
    /// The share of the search's hash memory the oracle takes, per cent.
    const HASH_PERCENT: usize;

    /// An oracle using about `hash_bytes` bytes of memory.
    fn new(hash_bytes: usize) -> Self;

    /// Forgets what it learnt.
    fn clear(&mut self);

    /// Searches on `threads` threads from now on (an oracle without threads
    /// ignores it).
    fn set_threads(&mut self, _threads: usize) {}

    /// Consults `book` from now on (an oracle without a book ignores it).
    fn set_book(&mut self, _book: Option<Arc<Book>>) {}

    /// Whether the last [`Oracle::solve`] found its move in the book alone.
    fn answered_by_book(&self) -> bool {
        false
    }

    /// The proven scores of `position`'s best `lines` moves (or more), best
    /// first, each with its principal variation (starting with the move), if
    /// found within `limits`.
    fn solve(
        &mut self,
        position: &G,
        lines: usize,
        limits: &SolveLimits<'_>,
    ) -> Option<ProvenLines<G::Move>>;

    /// Nodes searched since the last [`Oracle::clear`].
    fn nodes(&self) -> u64;
}

/// No oracle: the game is left to the search.
#[derive(Debug)]
pub struct NoOracle;

impl<G: Game> Oracle<G> for NoOracle {
    const HASH_PERCENT: usize = 0;

    fn new(_hash_bytes: usize) -> Self {
        NoOracle
    }

    fn clear(&mut self) {}

    fn solve(
        &mut self,
        _position: &G,
        _lines: usize,
        _limits: &SolveLimits<'_>,
    ) -> Option<ProvenLines<G::Move>> {
        None
    }

    fn nodes(&self) -> u64 {
        0
    }
}

/// Connect Four's oracle is the exact solver.
impl Oracle<Connect4> for Solver {
    const HASH_PERCENT: usize = 50;

    fn new(hash_bytes: usize) -> Self {
        Solver::with_bytes(Size::STANDARD, hash_bytes)
    }

    fn clear(&mut self) {
        Solver::clear(self);
    }

    fn set_threads(&mut self, threads: usize) {
        Solver::set_threads(self, threads);
    }

    fn set_book(&mut self, book: Option<Arc<Book>>) {
        Solver::set_book(self, book);
    }

    fn answered_by_book(&self) -> bool {
        Solver::answered_by_book(self)
    }

    fn solve(
        &mut self,
        position: &Connect4,
        lines: usize,
        limits: &SolveLimits<'_>,
    ) -> Option<ProvenLines<Column>> {
        // Pons's scores belong to positions, not to a root: what the table
        // learnt for earlier moves of the game stays true.
        let mut moves: Vec<(Column, Score)> = if lines <= 1 {
            let (best, pons) = self.best_move_within(position, limits)?;
            vec![(best, score_from_pons(position, pons))]
        } else {
            let scores = self.analyze_within(position, false, limits)?;
            scores
                .into_iter()
                .enumerate()
                .filter_map(|(col, pons)| {
                    pons.map(|pons| (Column(col as u8), score_from_pons(position, pons)))
                })
                .collect()
        };
        moves.sort_by_key(|&(_, score)| -score.value());
        // The lines shown get their principal variations, as far as the
        // limits allow; the rest keep just their move.
        Some(
            moves
                .into_iter()
                .enumerate()
                .map(|(i, (mv, score))| {
                    let pv = if i < lines.max(1) {
                        self.principal_variation_within(position, mv, limits)
                    } else {
                        vec![mv]
                    };
                    (pv, score)
                })
                .collect(),
        )
    }

    fn nodes(&self) -> u64 {
        Solver::nodes(self)
    }
}

/// Weights that favour the middle columns, where a stone joins the most lines.
fn centre_weight(size: Size, col: u32) -> i32 {
    let width = size.width() as i32;
    let distance = (2 * col as i32 - (width - 1)).abs();
    width - distance
}

/// The cells of the rows a player wants threats on: the first player's on odd
/// rows (1, 3, 5 from the bottom), the second player's on even rows.
fn parity_rows(position: &Connect4, first_player: bool) -> u64 {
    // One column's rows 0, 2, 4, ..., copied into every column by multiplying
    // with the bottom cells (a column's pattern never carries into the next).
    let column = (1u64 << position.size().height()) - 1;
    let odd_rows = position.bottom_mask() * (0x5555_5555_5555_5555 & column);
    if first_player {
        odd_rows
    } else {
        odd_rows ^ position.board_mask()
    }
}

impl SearchGame for Connect4 {
    type Oracle = Solver;

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
        // can claim in the endgame (odd for the first player, even for the
        // second) is worth much more. A threat the opponent must fill first
        // from below is a strong one.
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
            let column = size.column_mask(col);
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

    fn candidate_moves(&self) -> MoveList<(Column, i32)> {
        let mut moves = MoveList::new();
        let mut cells = self.non_losing_cells();
        let h1 = self.stride();
        let size = self.size();
        while cells != 0 {
            let cell = cells & cells.wrapping_neg();
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
