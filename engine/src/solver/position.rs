//! The positions the solver searches: stones that fall, in Pons's layout
//! (see `board`), with a rule of which lines win.

use inarow_games::{Column, Connect4Of, Game, KInARowOf, Rules, Size};

use crate::books::opening::Book;
use crate::tt::TableKey;

use super::lines::{FourInARow, LineRule};

/// A position the solver searches: stones that fall, laid out as Pons lays
/// them (`current` and `mask` on a board of a Connect-Four [`Size`]), and a
/// rule of which lines win. Connect Four's own positions, and the family's
/// members with gravity and "k or more" (see
/// [`crate::FamilyScorer`]).
pub trait GravityPosition<B: TableKey>: Game + Copy + Send + Sync {
    /// The rule of lines.
    type Lines: LineRule<B>;

    /// The rule of lines of this position's game.
    fn lines(&self) -> Self::Lines;

    /// The board.
    fn size(&self) -> Size;

    /// The stones of the side to move.
    fn current(&self) -> B;

    /// All stones.
    fn mask(&self) -> B;

    /// Whether the side to move can make a line with its next stone.
    fn can_win_next(&self) -> bool;

    /// The column of a move.
    fn column_of(&self, mv: Self::Move) -> Column;

    /// The move into column `col`, if it is legal.
    fn move_in(&self, col: Column) -> Option<Self::Move>;

    /// Whether `book` scores this position's children (it holds them).
    fn book_scores_moves(&self, _book: &Book) -> bool {
        false
    }

    /// `book`'s score of this position, if it holds it.
    fn book_score(&self, _book: &Book) -> Option<i32> {
        None
    }

    /// `book`'s best move of this position, if it holds one.
    fn book_move(&self, _book: &Book) -> Option<Self::Move> {
        None
    }
}

impl<B: TableKey> GravityPosition<B> for Connect4Of<B> {
    type Lines = FourInARow;

    #[inline]
    fn lines(&self) -> FourInARow {
        FourInARow
    }

    #[inline]
    fn size(&self) -> Size {
        Connect4Of::size(self)
    }

    #[inline]
    fn current(&self) -> B {
        Connect4Of::current(self)
    }

    #[inline]
    fn mask(&self) -> B {
        Connect4Of::mask(self)
    }

    #[inline]
    fn can_win_next(&self) -> bool {
        Connect4Of::can_win_next(self)
    }

    #[inline]
    fn column_of(&self, mv: Column) -> Column {
        mv
    }

    #[inline]
    fn move_in(&self, col: Column) -> Option<Column> {
        self.is_legal(col).then_some(col)
    }

    fn book_scores_moves(&self, book: &Book) -> bool {
        book.covers(self) && self.ply() < book.plies()
    }

    fn book_score(&self, book: &Book) -> Option<i32> {
        book.probe(self)
    }

    fn book_move(&self, book: &Book) -> Option<Column> {
        book.best_move(self)
    }
}

/// The family's members with gravity and "k or more" on a Connect-Four
/// board (see [`crate::FamilyScorer::solver_takes`]): the same
/// layout, any `k`.
///
/// # Panics
/// A solve of another member's position panics: [`crate::FamilyScorer`]
/// gives those to the family's own solver.
impl<B: TableKey> GravityPosition<B> for KInARowOf<B> {
    type Lines = Rules;

    #[inline]
    fn lines(&self) -> Rules {
        self.rules()
    }

    fn size(&self) -> Size {
        let rules = self.rules();
        assert!(
            crate::FamilyScorer::solver_takes(rules),
            "the Connect-Four solver does not take {rules:?}"
        );
        Size::new(rules.width(), rules.height()).expect("a Connect-Four board")
    }

    #[inline]
    fn current(&self) -> B {
        KInARowOf::current(self)
    }

    #[inline]
    fn mask(&self) -> B {
        self.board() & !self.empty()
    }

    #[inline]
    fn can_win_next(&self) -> bool {
        KInARowOf::can_win_next(self)
    }

    #[inline]
    fn column_of(&self, mv: Self::Move) -> Column {
        Column(self.rules().square(mv).file)
    }

    fn move_in(&self, col: Column) -> Option<Self::Move> {
        self.legal_moves()
            .into_iter()
            .find(|&mv| self.column_of(mv) == col)
    }
}
