//! The k-in-a-row family: any board up to 26 files and 448 bits, any `k`,
//! with gravity (Connect-k: a stone falls to the lowest empty cell of its
//! column) or without (m,n,k-games, gomoku), and with one of gomoku's
//! [`WinRule`]s: "k or more", "exactly k" (standard gomoku, where an
//! overline does not win), renju (Black's forbidden moves, see
//! [`ForbiddenShape`]) or caro (a five blocked at both ends does not win).
//!
//! Bit layout: Pons's Connect-Four layout on every board, column by column,
//! each column `height` cells from the bottom up and one sentinel bit that
//! is never set, so that a line shifted over a column's edge runs into a
//! sentinel and never wraps. Shown for 5x4:
//!
//! ```text
//!   .  .  .  .  .     <- sentinel row: never set
//!   3  8 13 18 23
//!   2  7 12 17 22
//!   1  6 11 16 21
//!   0  5 10 15 20
//!   a  b  c  d  e
//! ```
//!
//! Bit `file * (height + 1) + rank`. Lines are found by shifting: 1 up a
//! file, `height + 1` along a rank, `height` and `height + 2` along the
//! diagonals. Runs of `k` stones are found by shift-and doubling (a run of
//! `2n` is a run of `n` and another `n` further on). The code is written
//! once over [`Bitboard`]: a `u128` up to 128 bits (8x8, 10x10 with
//! sentinels is 110), [`Wide<4>`] up to 256 (gomoku's 15x15 takes 240) and
//! [`Wide<7>`] up to 448 (Gomocup's 20x20 takes 420).
//!
//! Connect Four (k = 4 with gravity) and tic-tac-toe (3x3, k = 3) are members
//! too, but [`crate::AnyGame`] plays them on their own faster types.

use std::fmt;

use arrayvec::ArrayVec;

mod renju;
mod rule;

pub use renju::ForbiddenShape;
pub use rule::{ParseWinRuleError, WinRule};

use crate::bitboard::{Bitboard, Wide};
use crate::error::{FenError, IllegalMoveError, SizeError};
use crate::fen::FenBoard;
use crate::notation::{Drop, MoveText};
use crate::{Game, ListItem, LongList, Outcome, Player, Variant};

/// The most files a board may have: `a` to `z`.
pub const MAX_FILES: usize = 26;

/// The most bits a board may take, `width * (height + 1)`: a [`Wide<7>`].
pub const MAX_BITS: usize = 448;

/// The longest line a rule may ask for.
pub const MAX_K: usize = 32;

/// The most ranks a board may have (ranks are numbered up to 127).
pub const MAX_RANKS: usize = 127;

/// No board of the family has more cells than this (a list of moves holds
/// them all): no more than its bits.
pub const MAX_CELLS: usize = MAX_BITS;

/// The rules of one member of the family: the board, the line that wins,
/// gravity, and the [`WinRule`] (whether a line longer than `k` wins, and
/// renju's and caro's rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    width: u8,
    height: u8,
    k: u8,
    gravity: bool,
    rule: WinRule,
}

impl Rules {
    /// The rules of a board of `width` files and `height` ranks where `k` in
    /// a row wins, with gravity or not, and with `overlines` (a line of more
    /// than `k` wins too) or not (exactly `k`, as in standard gomoku).
    ///
    /// # Errors
    /// [`SizeError::Unsupported`] if the board is too large, or `k` is 0,
    /// over [`MAX_K`] or longer than the board.
    pub fn new(
        width: usize,
        height: usize,
        k: usize,
        gravity: bool,
        overlines: bool,
    ) -> Result<Rules, SizeError> {
        let unsupported = |reason| {
            Err(SizeError::Unsupported {
                width,
                height,
                reason,
            })
        };
        if !(1..=MAX_FILES).contains(&width) {
            return unsupported("the width must be 1 to 26 (files a to z)");
        }
        if !(1..=MAX_RANKS).contains(&height) {
            return unsupported("the height must be 1 to 127");
        }
        if width.saturating_mul(height.saturating_add(1)) > MAX_BITS {
            return unsupported("width * (height + 1) must be at most 448 (20x20 fits)");
        }
        if k == 0 || k > MAX_K {
            return unsupported("k must be 1 to 32");
        }
        if k > width.max(height) {
            return unsupported("k is larger than the board: no line of k fits");
        }
        Ok(Rules {
            width: width as u8,
            height: height as u8,
            k: k as u8,
            gravity,
            rule: if overlines {
                WinRule::Freestyle
            } else {
                WinRule::Standard
            },
        })
    }

    /// The same board and line under `rule`.
    ///
    /// # Errors
    /// [`SizeError::Unsupported`] for renju or caro where `k` is not 5 or
    /// stones fall: their rules are gomoku's.
    pub fn with_win_rule(self, rule: WinRule) -> Result<Rules, SizeError> {
        if rule.needs_gomoku() && (self.k != 5 || self.gravity) {
            return Err(SizeError::Unsupported {
                width: self.width(),
                height: self.height(),
                reason: if self.gravity {
                    "renju and caro are played without gravity"
                } else {
                    "renju and caro are played with k = 5"
                },
            });
        }
        Ok(Rules { rule, ..self })
    }

    /// Connect Four's rules on a board of its own sizes (the board may be
    /// too small for a line: Connect Four is played there too).
    #[must_use]
    pub fn connect_four(size: crate::Size) -> Rules {
        Rules {
            width: size.width() as u8,
            height: size.height() as u8,
            k: 4,
            gravity: true,
            rule: WinRule::Freestyle,
        }
    }

    /// The same rules on a board of `width` files and `height` ranks.
    ///
    /// # Errors
    /// As [`Rules::new`].
    pub fn with_dimensions(self, width: usize, height: usize) -> Result<Rules, SizeError> {
        Rules::new(width, height, self.k(), self.gravity, true)?.with_win_rule(self.rule)
    }

    /// The number of files.
    #[inline]
    #[must_use]
    pub const fn width(self) -> usize {
        self.width as usize
    }

    /// The number of ranks.
    #[inline]
    #[must_use]
    pub const fn height(self) -> usize {
        self.height as usize
    }

    /// The number of stones in a row that wins.
    #[inline]
    #[must_use]
    pub const fn k(self) -> usize {
        self.k as usize
    }

    /// Whether stones fall to the lowest empty cell of their file.
    #[inline]
    #[must_use]
    pub const fn gravity(self) -> bool {
        self.gravity
    }

    /// Whether a line of more than `k` wins for both players (free-style);
    /// under the other rules only exactly `k` wins for one of them at least.
    #[inline]
    #[must_use]
    pub const fn overlines(self) -> bool {
        matches!(self.rule, WinRule::Freestyle)
    }

    /// The rule that says which lines win and which moves are forbidden.
    #[inline]
    #[must_use]
    pub const fn win_rule(self) -> WinRule {
        self.rule
    }

    /// The number of cells.
    #[inline]
    #[must_use]
    pub const fn cells(self) -> u32 {
        self.width as u32 * self.height as u32
    }

    /// The bits between two neighbouring files: `height + 1`.
    #[inline]
    #[must_use]
    pub const fn stride(self) -> u32 {
        self.height as u32 + 1
    }

    /// The bits the board takes: `width * (height + 1)`.
    #[inline]
    #[must_use]
    pub const fn bits(self) -> u32 {
        self.width as u32 * self.stride()
    }

    /// The stones each player has for a full board: the first gets the odd one.
    #[must_use]
    pub const fn shares(self) -> [u32; 2] {
        [self.cells().div_ceil(2), self.cells() / 2]
    }

    /// The four directions of a line as shifts: up a file, along a rank and
    /// the two diagonals.
    #[inline]
    #[must_use]
    pub const fn directions(self) -> [u32; 4] {
        let h1 = self.stride();
        [1, h1, h1 - 1, h1 + 1]
    }

    /// Every cell of the board (no sentinels).
    #[must_use]
    pub fn board_mask<B: Bitboard>(self) -> B {
        let column = B::low_bits(self.height as u32);
        (0..self.width as u32).fold(B::ZERO, |mask, file| {
            mask | column << (file * self.stride())
        })
    }

    /// The bottom cell of every file.
    #[must_use]
    pub fn bottom_mask<B: Bitboard>(self) -> B {
        (0..self.width as u32).fold(B::ZERO, |mask, file| mask | B::bit(file * self.stride()))
    }

    /// The bit of a square (file and rank from 0).
    #[inline]
    #[must_use]
    pub const fn index(self, file: usize, rank: usize) -> u16 {
        (file as u32 * self.stride() + rank as u32) as u16
    }

    /// The square of a cell: its file and rank from 0.
    #[inline]
    #[must_use]
    pub const fn square(self, cell: Cell) -> Drop {
        let h1 = self.stride() as u16;
        Drop {
            file: (cell.0 / h1) as u8,
            rank: (cell.0 % h1) as u8,
        }
    }

    /// Whether `stones` hold `k` in a row (exactly `k` without
    /// [`overlines`](Self::overlines)): the whole rule where neither who
    /// plays nor the opponent's stones matter (free-style and standard); see
    /// [`Rules::wins`] for every rule.
    #[inline]
    #[must_use]
    pub fn has_line<B: Bitboard>(self, stones: B) -> bool {
        self.line_of(stones, B::ZERO, !self.overlines(), false)
    }

    /// Whether `player`'s `stones` hold a winning line, with `other` the
    /// opponent's stones (which block a caro five).
    #[inline]
    #[must_use]
    pub fn wins<B: Bitboard>(self, player: Player, stones: B, other: B) -> bool {
        self.line_of(
            stones,
            other,
            self.rule.exactly_k(player),
            self.rule.blocked_lines_lose(),
        )
    }

    /// Whether `stones` hold `k` in a row: exactly `k` if `exact`, and not
    /// blocked by `other` at both ends if `unblocked`.
    #[inline]
    fn line_of<B: Bitboard>(self, stones: B, other: B, exact: bool, unblocked: bool) -> bool {
        let k = self.k as u32;
        self.directions().into_iter().any(|s| {
            let mut starts = runs(stones, s, k);
            if exact {
                // A run of k with no own stone just before or just after it.
                starts = starts & !up(stones, s) & !down(stones, k * s);
            }
            if unblocked {
                starts &= !(up(other, s) & down(other, k * s));
            }
            !starts.is_empty()
        })
    }

    /// The cells of `empty` where a stone of `stones` makes `k` in a row
    /// (exactly `k` without [`overlines`](Self::overlines)); see
    /// [`Rules::winning_cells_of`] for every rule.
    #[must_use]
    pub fn winning_cells<B: Bitboard>(self, stones: B, empty: B) -> B {
        self.completions(stones, B::ZERO, empty, !self.overlines(), false)
    }

    /// The cells of `empty` where a stone of `player`'s `stones` makes a
    /// winning line, with `other` the opponent's stones.
    #[inline]
    #[must_use]
    pub fn winning_cells_of<B: Bitboard>(self, player: Player, stones: B, other: B, empty: B) -> B {
        self.completions(
            stones,
            other,
            empty,
            self.rule.exactly_k(player),
            self.rule.blocked_lines_lose(),
        )
    }

    /// The cells of `empty` that complete `k` in a row of `stones`: exactly
    /// `k` if `exact`, and not blocked by `other` at both ends if
    /// `unblocked`.
    fn completions<B: Bitboard>(
        self,
        stones: B,
        other: B,
        empty: B,
        exact: bool,
        unblocked: bool,
    ) -> B {
        let k = self.k as usize;
        let mut wins = B::ZERO;
        for s in self.directions() {
            // above[c]: the c cells after a cell along s hold stones.
            let mut above: ArrayVec<B, MAX_K> = ArrayVec::new();
            above.push(!B::ZERO);
            for c in 1..k {
                above.push(above[c - 1] & down(stones, c as u32 * s));
            }
            let mut below = !B::ZERO;
            for a in 0..k {
                if a > 0 {
                    below &= up(stones, a as u32 * s);
                }
                let c = k - 1 - a;
                let mut line = below & above[c];
                let (before, after) = ((a as u32 + 1) * s, (c as u32 + 1) * s);
                if exact {
                    line = line & !up(stones, before) & !down(stones, after);
                }
                if unblocked {
                    line &= !(up(other, before) & down(other, after));
                }
                wins |= line;
            }
        }
        wins & empty
    }
}

/// `b << n`, or nothing once the shift passes the whole integer.
#[inline]
#[must_use]
pub fn up<B: Bitboard>(b: B, n: u32) -> B {
    if n < B::BITS {
        b << n
    } else {
        B::ZERO
    }
}

/// `b >> n`, or nothing once the shift passes the whole integer.
#[inline]
#[must_use]
pub fn down<B: Bitboard>(b: B, n: u32) -> B {
    if n < B::BITS {
        b >> n
    } else {
        B::ZERO
    }
}

/// The cells `p` of `b` from which `len` cells `p, p + s, ..., p + (len - 1) s`
/// are all in `b` (`len` at least 1), by shift-and doubling.
#[inline]
#[must_use]
pub fn runs<B: Bitboard>(b: B, s: u32, len: u32) -> B {
    let mut run = b;
    let mut have = 1;
    while have * 2 <= len {
        run = run & down(run, have * s);
        have *= 2;
    }
    if have < len {
        run = run & down(run, (len - have) * s);
    }
    run
}

/// A move of the family: the bit of the cell a stone goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub u16);

/// A position of a k-in-a-row game on a board that fits `B`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct KInARowOf<B: Bitboard> {
    rules: Rules,
    stones: [B; 2],
    board: B,
    ply: u16,
}

/// A position on a board of at most 128 bits.
pub type KInARow = KInARowOf<u128>;

/// A position on a board of at most 256 bits (15x15).
pub type KInARowLarge = KInARowOf<Wide<4>>;

/// A position on a board of at most 448 bits (20x20).
pub type KInARowHuge = KInARowOf<Wide<7>>;

impl<B: Bitboard> KInARowOf<B> {
    /// The empty board of `rules`, which must fit `B`.
    ///
    /// # Panics
    /// If the board takes more bits than `B` holds.
    #[must_use]
    pub fn new(rules: Rules) -> Self {
        assert!(rules.bits() <= B::BITS, "{} bits do not fit", rules.bits());
        KInARowOf {
            rules,
            stones: [B::ZERO; 2],
            board: rules.board_mask(),
            ply: 0,
        }
    }

    /// The same position in bitboards `C`, if its board fits them (a
    /// `u64` for a board of at most 64 bits, where the search is fastest).
    #[must_use]
    pub fn converted<C: Bitboard>(&self) -> Option<KInARowOf<C>> {
        (self.rules.bits() <= C::BITS && self.rules.bits() <= 128).then(|| KInARowOf {
            rules: self.rules,
            stones: self.stones.map(|b| C::from_u128(b.to_u128())),
            board: self.rules.board_mask(),
            ply: self.ply,
        })
    }

    /// The rules of the game.
    #[inline]
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The stones of `player`.
    #[inline]
    #[must_use]
    pub fn stones(&self, player: Player) -> B {
        self.stones[player.index()]
    }

    /// The stones of the side to move.
    #[inline]
    #[must_use]
    pub fn current(&self) -> B {
        self.stones[usize::from(self.ply % 2)]
    }

    /// The stones of the side that just moved.
    #[inline]
    #[must_use]
    pub fn opponent(&self) -> B {
        self.stones[usize::from(1 - self.ply % 2)]
    }

    /// Every cell of the board.
    #[inline]
    #[must_use]
    pub const fn board(&self) -> B {
        self.board
    }

    /// The empty cells.
    #[inline]
    #[must_use]
    pub fn empty(&self) -> B {
        self.board & !(self.stones[0] | self.stones[1])
    }

    /// The cells a stone may go on now: every empty cell, or with gravity the
    /// lowest empty cell of each file (whether or not the game is over).
    #[inline]
    #[must_use]
    pub fn playable(&self) -> B {
        let empty = self.empty();
        if self.rules.gravity {
            let filled = self.stones[0] | self.stones[1];
            (up(filled, 1) | self.rules.bottom_mask::<B>()) & empty
        } else {
            empty
        }
    }

    /// The empty cells where the side to move would make a line (playable
    /// now or not).
    #[inline]
    #[must_use]
    pub fn winning_cells(&self) -> B {
        let side = self.side_to_move();
        self.rules
            .winning_cells_of(side, self.current(), self.opponent(), self.empty())
    }

    /// The empty cells where the side that just moved would make a line.
    #[inline]
    #[must_use]
    pub fn opponent_winning_cells(&self) -> B {
        let side = self.side_to_move().other();
        self.rules
            .winning_cells_of(side, self.opponent(), self.current(), self.empty())
    }

    /// Whether the side that just moved has a winning line.
    #[inline]
    #[must_use]
    pub fn opponent_has_won(&self) -> bool {
        let side = self.side_to_move().other();
        self.rules.wins(side, self.opponent(), self.current())
    }

    /// Whether a stone of the side to move on `cell` is forbidden: under
    /// renju, for Black, an empty cell where it makes an overline, a double
    /// four or a double three and no five (see [`ForbiddenShape`]).
    #[inline]
    #[must_use]
    pub fn is_forbidden(&self, cell: Cell) -> bool {
        self.forbidden_shape(cell).is_some()
    }

    /// The shape that forbids the side to move a stone on `cell`, if any
    /// (see [`KInARowOf::is_forbidden`]).
    #[must_use]
    pub fn forbidden_shape(&self, cell: Cell) -> Option<ForbiddenShape> {
        if !self.rules.rule.has_forbidden_moves()
            || self.ply % 2 != 0
            || u32::from(cell.0) >= self.rules.bits()
            || !has_bit(self.empty(), cell)
        {
            return None;
        }
        renju::forbidden(self.rules, self.renju_stones(), cell)
    }

    /// The empty cells where the side to move may not play (see
    /// [`KInARowOf::is_forbidden`]): none but under renju with Black to move.
    #[must_use]
    pub fn forbidden_cells(&self) -> B {
        if !self.rules.rule.has_forbidden_moves() || self.ply % 2 != 0 {
            return B::ZERO;
        }
        let stones = self.renju_stones();
        cells(self.forbidden_suspects())
            .filter(|&cell| renju::forbidden(self.rules, stones, cell).is_some())
            .fold(B::ZERO, |forbidden, cell| forbidden | bit_of(cell))
    }

    /// Whether every empty cell is forbidden to the side to move (under
    /// renju, Black's): the game is drawn. Most cells are plainly allowed,
    /// so the first one found ends the look.
    #[inline]
    fn no_move_allowed(&self) -> bool {
        if !self.rules.rule.has_forbidden_moves() || self.ply % 2 != 0 {
            return false;
        }
        let stones = self.renju_stones();
        let empty = self.empty();
        let suspects = renju::suspects(self.rules, stones.black, empty);
        suspects == empty
            && cells(empty).all(|cell| renju::forbidden(self.rules, stones, cell).is_some())
    }

    /// Under renju, the first of `stones` (given in the order they were
    /// played, each a square and its player) that Black could not play on
    /// the stones before it, and the shape it made; `None` under the other
    /// rules, or if the squares are off the board.
    #[must_use]
    pub fn first_forbidden(
        rules: Rules,
        stones: &[(Drop, Player)],
    ) -> Option<(Drop, ForbiddenShape)> {
        if !rules.rule.has_forbidden_moves() || rules.bits() > B::BITS {
            return None;
        }
        let mut placed = renju::Stones {
            black: B::ZERO,
            white: B::ZERO,
            board: rules.board_mask(),
        };
        for &(square, player) in stones {
            let (file, rank) = (usize::from(square.file), usize::from(square.rank));
            if file >= rules.width() || rank >= rules.height() {
                return None;
            }
            let cell = Cell(rules.index(file, rank));
            let occupied = placed.black | placed.white;
            if has_bit(occupied, cell) {
                return None;
            }
            match player {
                Player::First => {
                    if let Some(shape) = renju::forbidden(rules, placed, cell) {
                        return Some((square, shape));
                    }
                    placed.black |= bit_of(cell);
                }
                Player::Second => placed.white |= bit_of(cell),
            }
        }
        None
    }

    /// The empty cells that may be forbidden to the side to move: a superset
    /// of the [`forbidden`](Self::is_forbidden) ones found with a few
    /// shifts of the whole board, so that a caller with many cells to ask
    /// about asks [`is_forbidden`](Self::is_forbidden) only of these. None
    /// but under renju with Black to move.
    #[must_use]
    pub fn forbidden_suspects(&self) -> B {
        if !self.rules.rule.has_forbidden_moves() || self.ply % 2 != 0 {
            return B::ZERO;
        }
        renju::suspects(self.rules, self.stones[0], self.empty())
    }

    /// The stones as renju's rule reads them.
    fn renju_stones(&self) -> renju::Stones<B> {
        renju::Stones {
            black: self.stones[0],
            white: self.stones[1],
            board: self.board,
        }
    }

    /// The cells the side to move may play: [`playable`](Self::playable)
    /// but the [`forbidden`](Self::is_forbidden) ones.
    #[must_use]
    pub fn allowed(&self) -> B {
        if self.rules.rule.has_forbidden_moves() && self.ply % 2 == 0 {
            self.playable() & !self.forbidden_cells()
        } else {
            self.playable()
        }
    }

    /// Whether the side to move can make a line with its next stone.
    #[inline]
    #[must_use]
    pub fn can_win_next(&self) -> bool {
        !(self.winning_cells() & self.playable()).is_empty()
    }

    /// Puts a stone of the side to move on `cell` (one bit, playable).
    #[inline]
    pub fn play_bit(&mut self, cell: B) {
        self.stones[usize::from(self.ply % 2)] |= cell;
        self.ply += 1;
    }

    /// The stone on a square (file and rank from 0), if any.
    #[must_use]
    pub fn stone_at(&self, file: usize, rank: usize) -> Option<Player> {
        if file >= self.rules.width() || rank >= self.rules.height() {
            return None;
        }
        let cell = Cell(self.rules.index(file, rank));
        [Player::First, Player::Second]
            .into_iter()
            .find(|&player| has_bit(self.stones(player), cell))
    }

    /// The position of a FEN for the family member `rules`: the FEN's ranks
    /// set the board, the rest of the rules stay.
    ///
    /// # Errors
    /// [`FenError`] if the FEN cannot be read, its board cannot hold a line of
    /// `k` or does not fit `B`, or the position cannot arise in play.
    pub fn from_fen(rules: Rules, fen: &str) -> Result<Self, FenError> {
        Self::from_board(rules, &crate::fen::parse(fen)?)
    }

    /// The position on a board read from a FEN or given cell by cell, checked.
    pub(crate) fn from_board(rules: Rules, board: &FenBoard) -> Result<Self, FenError> {
        let rules = rules
            .with_dimensions(board.width, board.height)
            .map_err(|e| FenError::BadSize {
                width: board.width,
                height: board.height,
                reason: e.reason(),
            })?;
        if rules.bits() > B::BITS {
            return Err(FenError::BadSize {
                width: board.width,
                height: board.height,
                reason: "the board takes more bits than this position type holds",
            });
        }
        let mut position = Self::new(rules);
        for (rank, cells) in board.cells.iter().enumerate() {
            for (file, cell) in cells.iter().enumerate() {
                if let Some(player) = cell {
                    if rules.gravity && rank > 0 && board.cells[rank - 1][file].is_none() {
                        return Err(FenError::FloatingStone {
                            square: rules.square(Cell(rules.index(file, rank))).square_name(),
                        });
                    }
                    position.stones[player.index()] |= B::bit(u32::from(rules.index(file, rank)));
                }
            }
        }
        let side = board.checked_side(rules.shares())?;
        position.ply = (position.stones[0] | position.stones[1]).count_ones() as u16;
        let [first, second] = position.stones;
        let lines = [
            rules.wins(Player::First, first, second),
            rules.wins(Player::Second, second, first),
        ];
        if rules.rule.has_forbidden_moves() && !lines[0] && renju::has_overline(rules, first) {
            return Err(FenError::ForbiddenStone {
                reason: "Black has an overline, which renju forbids",
            });
        }
        if lines[0] && lines[1] {
            return Err(FenError::BothWon);
        }
        if lines[side.index()] {
            return Err(FenError::WinnerToMove);
        }
        Ok(position)
    }

    /// A key for the position among those of its board: the stones
    /// themselves (exact) on boards of at most 64 bits, else a 128-bit hash
    /// of them, which two positions share with a chance of about 2^-128.
    #[must_use]
    pub fn key128(&self) -> u128 {
        if self.rules.bits() <= 64 {
            return u128::from(self.stones[0].low_u64())
                | u128::from(self.stones[1].low_u64()) << 64;
        }
        const MIX: u128 = 0x2d35_8dcc_aa6c_78a5_9e37_79b9_7f4a_7c15;
        let mut hash: u128 = 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210;
        for stones in self.stones {
            for i in 0..B::WORDS {
                hash = (hash ^ u128::from(stones.word(i))).wrapping_mul(MIX);
                hash ^= hash >> 64;
            }
        }
        hash
    }

    /// The cell of a square move text names here, checked.
    fn cell_of(&self, square: Drop) -> Result<Cell, IllegalMoveError> {
        let (file, rank) = (usize::from(square.file), usize::from(square.rank));
        if file >= self.rules.width() || rank >= self.rules.height() {
            return Err(IllegalMoveError::OffBoard { square });
        }
        let cell = Cell(self.rules.index(file, rank));
        if !has_bit(self.empty(), cell) {
            return Err(IllegalMoveError::Occupied { square });
        }
        if let Some(shape) = self.forbidden_shape(cell) {
            return Err(IllegalMoveError::Forbidden {
                square,
                shape: shape.name(),
            });
        }
        if self.rules.gravity && !has_bit(self.playable(), cell) {
            let landing = self
                .landing(square.file)
                .expect("the file has an empty cell");
            return Err(IllegalMoveError::NotLanding {
                square,
                landing: self.rules.square(landing),
            });
        }
        Ok(cell)
    }

    /// With gravity, the cell a stone dropped in `file` lands on.
    fn landing(&self, file: u8) -> Option<Cell> {
        let column =
            B::low_bits(self.rules.height as u32) << (u32::from(file) * self.rules.stride());
        let cells = self.playable() & column;
        (!cells.is_empty()).then(|| Cell(cells.trailing_zeros() as u16))
    }
}

/// Whether `cell` is in `bits`.
#[inline]
#[must_use]
pub fn has_bit<B: Bitboard>(bits: B, cell: Cell) -> bool {
    let i = u32::from(cell.0);
    (bits.word((i / 64) as usize) >> (i % 64)) & 1 == 1
}

/// The bit of `cell`.
#[inline]
#[must_use]
pub fn bit_of<B: Bitboard>(cell: Cell) -> B {
    B::bit(u32::from(cell.0))
}

/// The cells of `bits`, lowest first.
pub fn cells<B: Bitboard>(mut bits: B) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if bits.is_empty() {
            return None;
        }
        let cell = Cell(bits.trailing_zeros() as u16);
        bits = bits.without_lowest();
        Some(cell)
    })
}

impl<B: Bitboard> Game for KInARowOf<B> {
    type Move = Cell;
    type Key = u128;
    type List<T: ListItem> = LongList<T>;

    #[inline]
    fn side_to_move(&self) -> Player {
        Player::to_move_at(u32::from(self.ply))
    }

    #[inline]
    fn ply(&self) -> u32 {
        u32::from(self.ply)
    }

    #[inline]
    fn max_ply(&self) -> u32 {
        self.rules.cells()
    }

    fn legal_moves(&self) -> LongList<Cell> {
        if self.outcome().is_some() {
            return LongList::new();
        }
        cells(self.allowed()).collect()
    }

    #[inline]
    fn move_count(&self) -> usize {
        if self.opponent_has_won() {
            0
        } else {
            self.allowed().count_ones() as usize
        }
    }

    fn is_legal(&self, mv: Cell) -> bool {
        u32::from(mv.0) < self.rules.bits()
            && has_bit(self.playable(), mv)
            && !self.is_forbidden(mv)
            && self.outcome().is_none()
    }

    fn play(&mut self, mv: Cell) -> Result<(), IllegalMoveError> {
        if self.outcome().is_some() {
            return Err(IllegalMoveError::GameOver);
        }
        if u32::from(mv.0) >= self.rules.bits() || !has_bit(self.board, mv) {
            return Err(IllegalMoveError::OffBoard {
                square: self.rules.square(mv),
            });
        }
        self.cell_of(self.rules.square(mv))?;
        self.play_unchecked(mv);
        Ok(())
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Cell) {
        debug_assert!(self.is_legal(mv));
        self.play_bit(bit_of(mv));
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if self.opponent_has_won() {
            Some(Outcome::Win(self.side_to_move().other()))
        } else if u32::from(self.ply) == self.rules.cells() || self.no_move_allowed() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    #[inline]
    fn is_winning_move(&self, mv: Cell) -> bool {
        has_bit(self.winning_cells(), mv)
    }

    #[inline]
    fn key(&self) -> u128 {
        self.key128()
    }

    fn variant(&self) -> Variant {
        Variant::from_rules(self.rules)
    }

    fn to_drop(&self, mv: Cell) -> Drop {
        self.rules.square(mv)
    }

    fn move_from_text(&self, text: &MoveText) -> Result<Cell, IllegalMoveError> {
        if self.outcome().is_some() {
            return Err(IllegalMoveError::GameOver);
        }
        match *text {
            MoveText::Column(file) if self.rules.gravity => {
                if usize::from(file) >= self.rules.width() {
                    return Err(IllegalMoveError::ColumnOutOfRange {
                        column: u32::from(file) + 1,
                        width: self.rules.width() as u32,
                    });
                }
                self.landing(file).ok_or(IllegalMoveError::ColumnFull {
                    column: u32::from(file) + 1,
                })
            }
            MoveText::Column(_) => Err(IllegalMoveError::NotAColumnGame),
            MoveText::Square(square) => self.cell_of(square),
        }
    }

    fn fen(&self) -> String {
        let shares = self.rules.shares();
        let first = self.stones[0].count_ones();
        let second = self.stones[1].count_ones();
        crate::fen::write(
            self.rules.width(),
            self.rules.height(),
            |file, rank| self.stone_at(file, rank),
            [shares[0] - first, shares[1] - second],
            self.side_to_move(),
            self.ply(),
        )
    }

    fn read_fen(&self, fen: &str) -> Result<Self, FenError> {
        Self::from_fen(self.rules, fen)
    }
}

impl<B: Bitboard> fmt::Debug for KInARowOf<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KInARow({}, {})", self.variant(), self.fen())
    }
}

/// The board as text: `X` the first player, `O` the second, ranks numbered
/// on the left and files lettered below (with gravity, numbered).
impl<B: Bitboard> fmt::Display for KInARowOf<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (width, height) = (self.rules.width(), self.rules.height());
        for rank in (0..height).rev() {
            write!(f, "{:>2}", rank + 1)?;
            for file in 0..width {
                let c = match self.stone_at(file, rank) {
                    None => '.',
                    Some(Player::First) => 'X',
                    Some(Player::Second) => 'O',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "  ")?;
        for file in 0..width {
            if self.rules.gravity {
                write!(f, " {}", crate::connect4::column_char(file as u32 + 1))?;
            } else {
                write!(f, " {}", char::from(b'a' + file as u8))?;
            }
        }
        writeln!(f)
    }
}

#[cfg(test)]
mod tests;
