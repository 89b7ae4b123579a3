//! Pascal Pons's move strings: the columns played from the empty board, one
//! character each, counted from 1 (`4453`). Columns 1 to 9 are digits; on
//! boards wider than nine, columns 10 to 16 are the letters `A` to `G` (as
//! hexadecimal counts past 9). This file is their one reader and writer;
//! [`move_string`] writes one from moves, wherever they come from.

use std::collections::HashSet;

use super::geometry::{has_line, Size};
use super::rules::{Column, Connect4Of};
use crate::bitboard::Bitboard;
use crate::error::{MoveStringError, MoveStringErrorKind};
use crate::{Game, Outcome};

/// The character of a column (counted from 1) in a move string: `1` to `9`,
/// then `A` (10) to `G` (16), and on the family's wider boards on to `Q`
/// (26); `?` past that.
#[must_use]
pub fn column_char(number: u32) -> char {
    match number {
        1..=9 => char::from_digit(number, 10).unwrap_or('?'),
        10..=26 => char::from(b'A' + (number - 10) as u8),
        _ => '?',
    }
}

/// The column (counted from 1) a move-string character names, if any.
#[must_use]
pub fn char_column(c: char) -> Option<u32> {
    match c {
        '1'..='9' => c.to_digit(10),
        'A'..='Q' => Some(u32::from(c) - u32::from('A') + 10),
        _ => None,
    }
}

/// Whether `text` can be a move string: not empty, and every character a
/// column's.
#[must_use]
pub fn is_move_string(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| char_column(c).is_some() || c == '0')
}

/// The move string of these moves, columns from 1: `4453`. Takes [`Column`]s,
/// or [`Drop`](crate::Drop)s of Connect Four, whose files are the columns.
#[must_use]
pub fn move_string<M: Into<Column>>(moves: impl IntoIterator<Item = M>) -> String {
    moves
        .into_iter()
        .map(|mv| column_char(mv.into().number()))
        .collect()
}

/// A move string in Steininger's form (columns from 0, one digit each, on
/// boards of at most ten columns: `3342`) as Pons's (`4453`).
///
/// # Errors
/// The first character that is not a digit, with its place from 1.
pub fn from_zero_based(text: &str) -> Result<String, MoveStringError> {
    text.chars()
        .enumerate()
        .map(|(i, c)| {
            c.to_digit(10)
                .map(|d| column_char(d + 1))
                .ok_or(MoveStringError {
                    index: i + 1,
                    found: c,
                    kind: MoveStringErrorKind::NotADigit,
                })
        })
        .collect()
}

impl<B: Bitboard> Connect4Of<B> {
    /// The position after a Pons move string such as `4453` (columns from 1).
    ///
    /// # Errors
    /// [`MoveStringError`] naming the first bad move: not a digit, off the
    /// board, into a full column, or after the game was won.
    pub fn from_move_string(size: Size, moves: &str) -> Result<Self, MoveStringError> {
        let mut position = Self::new(size);
        position.play_move_string(moves)?;
        Ok(position)
    }

    /// Plays a Pons move string from this position. On error the position is
    /// left as it was.
    ///
    /// # Errors
    /// As [`Connect4Of::from_move_string`]; indexes count from this position's first move.
    pub fn play_move_string(&mut self, moves: &str) -> Result<(), MoveStringError> {
        let mut position = *self;
        let width = self.size().width();
        for (i, c) in moves.chars().enumerate() {
            let error = |kind| MoveStringError {
                index: i + 1,
                found: c,
                kind,
            };
            let number = char_column(c).ok_or_else(|| error(MoveStringErrorKind::NotADigit))?;
            if number > width {
                return Err(error(MoveStringErrorKind::OutOfRange { width }));
            }
            if position.outcome().is_some_and(|o| o != Outcome::Draw) {
                return Err(error(MoveStringErrorKind::GameOver));
            }
            let cell = position
                .landing_cell(Column(number as u8 - 1))
                .ok_or_else(|| error(MoveStringErrorKind::ColumnFull))?;
            position.play_cell(cell);
        }
        *self = position;
        Ok(())
    }

    /// A move string that leads from the empty board to this position without an
    /// earlier line, if one exists (every position reached by play has one).
    #[must_use]
    pub fn to_move_string(&self) -> Option<String> {
        let mut dead_ends = HashSet::new();
        let mut columns = Vec::with_capacity(self.ply() as usize);
        if self.unwind(&mut columns, &mut dead_ends) {
            Some(move_string(columns.into_iter().rev()))
        } else {
            None
        }
    }

    /// Takes back stones from the top of the columns, last mover first, without
    /// passing through a finished game; pushes the columns taken from.
    fn unwind(&self, columns: &mut Vec<Column>, dead_ends: &mut HashSet<B>) -> bool {
        if self.ply() == 0 {
            return true;
        }
        if !dead_ends.insert(self.key()) {
            return false;
        }
        for col in 0..self.size().width() {
            let col = Column(col as u8);
            let Some(previous) = self.take_back(col) else {
                continue;
            };
            if has_line(previous.current(), self.stride())
                || has_line(previous.opponent(), self.stride())
            {
                continue;
            }
            columns.push(col);
            if previous.unwind(columns, dead_ends) {
                return true;
            }
            columns.pop();
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::super::Connect4;
    use super::*;
    use crate::Drop;

    #[test]
    fn move_string_errors_name_the_move() {
        let size = Size::STANDARD;
        let err = Connect4::from_move_string(size, "4444444").unwrap_err();
        assert_eq!((err.index, err.kind), (7, MoveStringErrorKind::ColumnFull));
        let err = Connect4::from_move_string(size, "12121213").unwrap_err();
        assert_eq!(err.index, 8);
        assert_eq!(err.kind, MoveStringErrorKind::GameOver);
        let err = Connect4::from_move_string(size, "4458").unwrap_err();
        assert_eq!(err.kind, MoveStringErrorKind::OutOfRange { width: 7 });
        let err = Connect4::from_move_string(size, "40").unwrap_err();
        assert_eq!((err.index, err.kind), (2, MoveStringErrorKind::NotADigit));
        assert_eq!(err.to_string(), "move 2 ('0'): not a column digit");
    }

    #[test]
    fn writes_columns_and_drops_alike() {
        let columns = [Column(3), Column(3), Column(4), Column(2)];
        assert_eq!(move_string(columns), "4453");
        let mut position = Connect4::default();
        let mut drops = Vec::new();
        for col in columns {
            drops.push(position.to_drop(col));
            position.play_unchecked(col);
        }
        assert_eq!(drops[1], Drop { file: 3, rank: 1 });
        assert_eq!(move_string(drops), "4453");
        assert_eq!(move_string(Vec::<Column>::new()), "");
        assert_eq!(position.to_move_string().as_deref(), Some("4453"));
    }

    #[test]
    fn wide_boards_name_columns_past_nine_by_letters() {
        assert_eq!(move_string([Column(8), Column(9), Column(15)]), "9AG");
        assert_eq!(
            (1..=16).map(column_char).collect::<String>(),
            "123456789ABCDEFG"
        );
        assert!((1..=16).all(|n| char_column(column_char(n)) == Some(n)));
        let size = Size::new(10, 6).unwrap();
        let position = super::super::Connect4U128::from_move_string(size, "AA1").unwrap();
        assert_eq!(position.column_height(Column(9)), 2);
        assert_eq!(position.to_move_string().as_deref(), Some("AA1"));
        let err = super::super::Connect4U128::from_move_string(size, "B").unwrap_err();
        assert_eq!(err.kind, MoveStringErrorKind::OutOfRange { width: 10 });
        assert_eq!(from_zero_based("3342").unwrap(), "4453");
        assert_eq!(from_zero_based("9").unwrap(), "A");
        assert_eq!(from_zero_based("3x").unwrap_err().index, 2);
    }
}
