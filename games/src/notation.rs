//! Move notation shared by the games: drops on a square (`P@d1`), bare squares
//! (`d1`) and bare column numbers (`4`).
//!
//! Files are letters from `a` on the left, ranks numbers from `1` at the bottom.

use std::error::Error;
use std::fmt;
use std::str::FromStr;

/// Text that is not a move in any notation inarow reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    pub(crate) text: String,
    pub(crate) reason: &'static str,
}

impl ParseMoveError {
    pub(crate) fn new(text: &str, reason: &'static str) -> Self {
        ParseMoveError {
            text: text.to_owned(),
            reason,
        }
    }
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.text.is_empty() {
            write!(f, "empty move: {}", self.reason)
        } else {
            write!(f, "'{}' is not a move: {}", self.text, self.reason)
        }
    }
}

impl Error for ParseMoveError {}

/// A stone dropped on a square: how UCI, cutechess and Fairy-Stockfish write
/// every move of these games. Displays as `P@d1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Drop {
    /// The file, 0 for `a`.
    pub file: u8,
    /// The rank, 0 for `1` (the bottom).
    pub rank: u8,
}

impl Drop {
    /// The letter of the file: `a` for file 0.
    #[must_use]
    pub fn file_char(self) -> char {
        char::from(b'a' + self.file)
    }

    /// The square alone, `d1`.
    #[must_use]
    pub fn square_name(self) -> String {
        format!("{}{}", self.file_char(), u32::from(self.rank) + 1)
    }
}

impl fmt::Display for Drop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P@{}{}", self.file_char(), u32::from(self.rank) + 1)
    }
}

/// Move text as read, before it is matched against a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveText {
    /// A square, with or without a piece letter: `P@d1`, `p@d2`, `d1`.
    Square(Drop),
    /// A column number, 0 for the text `1`.
    Column(u8),
}

/// Files go up to `z` (26 files); ranks up to 127 (a 1x127 board).
const MAX_FILES: u8 = 26;
const MAX_RANK: u32 = 127;

impl FromStr for MoveText {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.is_empty() {
            return Err(ParseMoveError::new(text, "expected a drop such as P@d1"));
        }
        if text == "0000" {
            return Err(ParseMoveError::new(
                text,
                "a null move is not a move of these games",
            ));
        }
        if text.bytes().all(|b| b.is_ascii_digit()) {
            let column: u32 = text
                .parse()
                .map_err(|_| ParseMoveError::new(text, "column number too long"))?;
            if column == 0 {
                return Err(ParseMoveError::new(text, "columns are numbered from 1"));
            }
            let column = u8::try_from(column - 1)
                .map_err(|_| ParseMoveError::new(text, "column number too large"))?;
            return Ok(MoveText::Column(column));
        }
        let square = match text.split_once('@') {
            Some((piece, square)) => {
                if piece != "P" && piece != "p" {
                    return Err(ParseMoveError::new(
                        text,
                        "the only piece that can be dropped is P (or p)",
                    ));
                }
                square
            }
            None => text,
        };
        parse_square(text, square).map(MoveText::Square)
    }
}

fn parse_square(text: &str, square: &str) -> Result<Drop, ParseMoveError> {
    let mut chars = square.chars();
    let file = match chars.next() {
        Some(c) if c.is_ascii_alphabetic() => c.to_ascii_lowercase() as u8 - b'a',
        Some(_) => {
            return Err(ParseMoveError::new(
                text,
                "a square starts with a file letter a-z",
            ));
        }
        None => return Err(ParseMoveError::new(text, "missing square after @")),
    };
    if file >= MAX_FILES {
        return Err(ParseMoveError::new(text, "files run from a to z"));
    }
    let rank_text = chars.as_str();
    if rank_text.is_empty()
        || !rank_text.bytes().all(|b| b.is_ascii_digit())
        || rank_text.starts_with('0')
    {
        return Err(ParseMoveError::new(
            text,
            "a square is a file letter and a rank number from 1, such as d1",
        ));
    }
    let rank: u32 = rank_text
        .parse()
        .map_err(|_| ParseMoveError::new(text, "rank number too large"))?;
    if rank > MAX_RANK {
        return Err(ParseMoveError::new(text, "rank number too large"));
    }
    Ok(Drop {
        file,
        rank: (rank - 1) as u8,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_form() {
        let d1 = Drop { file: 3, rank: 0 };
        assert_eq!("P@d1".parse(), Ok(MoveText::Square(d1)));
        assert_eq!("p@d1".parse(), Ok(MoveText::Square(d1)));
        assert_eq!("d1".parse(), Ok(MoveText::Square(d1)));
        assert_eq!("D1".parse(), Ok(MoveText::Square(d1)));
        assert_eq!("4".parse(), Ok(MoveText::Column(3)));
        assert_eq!(
            "P@a12".parse(),
            Ok(MoveText::Square(Drop { file: 0, rank: 11 }))
        );
        assert_eq!(d1.to_string(), "P@d1");
    }

    #[test]
    fn rejects_non_moves() {
        for bad in [
            "",
            "0000",
            "0",
            "Q@d1",
            "P@",
            "P@1d",
            "P@d",
            "P@d0",
            "P@1a",
            "@d1",
            "d01",
            "P@d1x",
            "P@d-1",
            "x",
            "é1",
            "99999999999999999999",
            "P@d99999999999",
            "4a",
        ] {
            let result: Result<MoveText, _> = bad.parse();
            assert!(result.is_err(), "{bad:?} parsed as {result:?}");
        }
    }
}
