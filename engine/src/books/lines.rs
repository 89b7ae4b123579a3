//! Line books: for the gravity members whose openings take the solver
//! minutes (Connect-5 7x6), the move inarow plays in each position of its
//! own opening lines, against every reply, each proven by the solver to hold
//! at least a draw.
//!
//! A full-width book ([`crate::books::opening`]) scores every position up to a ply;
//! on Connect-5 7x6 one position with six stones takes 10 to 60 s to solve,
//! so no full-width book reaches the plies where the search goes wrong
//! there. A line book follows only inarow's side: in each of its positions
//! it holds one move, and it branches only on the opponent's replies. Up to
//! inarow's third move as the first player that is about 60 positions, where
//! a full-width book holds thousands.
//!
//! How a move is chosen ([`prove`]): a move that wins at once, else the
//! moves from the centre out, the first whose score for the mover is at
//! least a draw (a weak solve of the position after it; the exact score if
//! that is a win). A position where no move holds a draw is recorded as
//! lost, and the book stops there.
//!
//! The file is text, one position a line, and a build appends to it as it
//! goes, so an interrupted build resumes where it stopped:
//!
//! ```text
//! # comments start with '#'
//! variant connect 7x6 k5
//! -    4 0 1234567     (the empty board: play column 4; a draw; solver nodes)
//! 41   3 0 456789      (after 4 1: play column 3)
//! 4433 - - 99999       (no move holds a draw here)
//! ```
//!
//! Positions are Pons move strings (columns from 1; `-` is the empty
//! board); the move is a column, and the score Pons's for the side to move
//! once it plays it. A position and its mirror image share an entry.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt;
use std::sync::OnceLock;

use inarow_games::connect4::{char_column, column_char};
use inarow_games::{
    AnyGame, Drop, Game, IllegalMoveError, MoveStringError, MoveText, ParseVariantError, Variant,
};

/// What proves and checks a line book's entries: exact scores of the
/// family's positions ([`crate::Analyst`] is one).
pub trait Prover {
    /// Pons's exact score of `position` (with `weak`, its sign), searched
    /// to the end.
    fn score(&mut self, position: &AnyGame, weak: bool) -> i32;

    /// The nodes searched so far.
    fn nodes(&self) -> u64;
}

/// Why a line book cannot be made, read, added to, or trusted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineBookError {
    /// The game has no gravity: its moves are not columns.
    NoGravity(Variant),
    /// A line of the text, from 1, and what is wrong with it.
    Line {
        /// The line's number.
        number: usize,
        /// What is wrong with it.
        error: Box<LineBookError>,
    },
    /// The first line is not `variant NAME`.
    FirstLine,
    /// The `variant` line names no game.
    Variant(ParseVariantError),
    /// The text has no `variant` line.
    NoVariantLine,
    /// A line is not `POSITION MOVE SCORE NODES`.
    NotAnEntry(String),
    /// The node count is not a number.
    NodeCount(String),
    /// The move is not a column.
    NotAColumn(String),
    /// The score is not a number.
    Score(String),
    /// The position's move string cannot be played.
    Position {
        /// The move string.
        moves: String,
        /// Why not.
        error: MoveStringError,
    },
    /// The game is over at the position.
    GameOver(String),
    /// The column is not a move at the position.
    NotAMove {
        /// The column, from 0.
        column: u8,
        /// The position's move string.
        moves: String,
    },
    /// The position is in the book twice.
    Twice(String),
    /// Verifying: the entry's move is not legal (`name` the position).
    Illegal {
        /// The position, as its move string or `the empty board`.
        name: String,
        /// Why the move is not legal.
        error: IllegalMoveError,
    },
    /// Verifying: the entry's move scores otherwise than the book says.
    Scores {
        /// The position, as its move string or `the empty board`.
        name: String,
        /// The column, from 0.
        column: u8,
        /// Its score, found.
        found: i32,
        /// Its score in the book.
        score: i32,
    },
    /// Verifying: the book says every move loses, and one holds a draw.
    HoldsDraw {
        /// The position, as its move string or `the empty board`.
        name: String,
        /// The column, from 0.
        column: u8,
    },
}

impl fmt::Display for LineBookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineBookError::NoGravity(variant) => write!(
                f,
                "a line book needs a game with gravity, and {variant} has none"
            ),
            LineBookError::Line { number, error } => write!(f, "line {number}: {error}"),
            LineBookError::FirstLine => f.write_str("the first line must be 'variant NAME'"),
            LineBookError::Variant(e) => e.fmt(f),
            LineBookError::NoVariantLine => f.write_str("no 'variant' line: not a line book"),
            LineBookError::NotAnEntry(line) => {
                write!(f, "'{line}' is not 'POSITION MOVE SCORE NODES'")
            }
            LineBookError::NodeCount(nodes) => write!(f, "node count '{nodes}' is not a number"),
            LineBookError::NotAColumn(column) => write!(f, "move '{column}' is not a column"),
            LineBookError::Score(score) => write!(f, "score '{score}' is not a number"),
            LineBookError::Position { moves, error } => write!(f, "position '{moves}': {error}"),
            LineBookError::GameOver(moves) => write!(f, "the game is over after '{moves}'"),
            LineBookError::NotAMove { column, moves } => {
                write!(f, "column {} is not a move after '{moves}'", column + 1)
            }
            LineBookError::Twice(moves) => write!(f, "position '{moves}' is in twice"),
            LineBookError::Illegal { name, error } => write!(f, "{name}: {error}"),
            LineBookError::Scores {
                name,
                column,
                found,
                score,
            } => write!(
                f,
                "{name}: column {} scores {found}, the book says {score}",
                column + 1
            ),
            LineBookError::HoldsDraw { name, column } => write!(
                f,
                "{name}: the book says no move holds a draw, and column {} does",
                column + 1
            ),
        }
    }
}

impl std::error::Error for LineBookError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LineBookError::Line { error, .. } => Some(error.as_ref()),
            LineBookError::Variant(e) => Some(e),
            LineBookError::Position { error, .. } => Some(error),
            LineBookError::Illegal { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// The line books built into the binary, made by `inarow book lines` (see
/// `docs/BOOKS.md`).
const EMBEDDED: &[(&str, &str)] = &[(
    "connect-7x6-k5.lines",
    include_str!("../../books/connect-7x6-k5.lines"),
)];

/// One position of a line book and what inarow plays there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The position: a Pons move string from the empty board (`""` for the
    /// empty board itself).
    pub moves: String,
    /// The move's column (from 0) and Pons's score for the side to move once
    /// it plays it; `None` if no move holds a draw.
    pub choice: Option<(u8, i32)>,
    /// The solver's nodes in proving it, its table warm from the entries
    /// proven before.
    pub nodes: u64,
}

impl Entry {
    /// The entry as a line of the file.
    #[must_use]
    pub fn line(&self) -> String {
        let moves = if self.moves.is_empty() {
            "-"
        } else {
            &self.moves
        };
        match self.choice {
            Some((column, score)) => format!(
                "{moves} {} {score} {}",
                column_char(u32::from(column) + 1),
                self.nodes
            ),
            None => format!("{moves} - - {}", self.nodes),
        }
    }
}

/// A line book for one member of the family.
#[derive(Clone, Debug)]
pub struct LineBook {
    variant: Variant,
    entries: Vec<Entry>,
    /// Every entry's position and its mirror image, by FEN: the column to
    /// play there (mirrored for the image) and the score.
    by_fen: HashMap<String, Option<(u8, i32)>>,
}

/// A position of the book's tree: its move string and the position.
#[derive(Clone, Debug)]
pub struct Node {
    /// The Pons move string from the empty board.
    pub moves: String,
    /// The position it reaches.
    pub position: AnyGame,
}

impl LineBook {
    /// An empty line book for `variant` (a member with gravity).
    ///
    /// # Errors
    /// If the variant has no gravity: its moves are not columns.
    pub fn new(variant: Variant) -> Result<Self, LineBookError> {
        if !variant.gravity() {
            return Err(LineBookError::NoGravity(variant));
        }
        Ok(LineBook {
            variant,
            entries: Vec::new(),
            by_fen: HashMap::new(),
        })
    }

    /// Reads a line book's text (see the module's documentation).
    ///
    /// # Errors
    /// The first bad line: no `variant` line first, a position or move that
    /// is not legal, a score that is not a number, a position twice.
    pub fn parse(text: &str) -> Result<Self, LineBookError> {
        let mut book: Option<LineBook> = None;
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = |error: LineBookError| LineBookError::Line {
                number,
                error: Box::new(error),
            };
            let Some(book) = &mut book else {
                let variant = line
                    .strip_prefix("variant ")
                    .ok_or_else(|| at(LineBookError::FirstLine))?;
                let variant: Variant =
                    variant.parse().map_err(|e| at(LineBookError::Variant(e)))?;
                book = Some(LineBook::new(variant).map_err(at)?);
                continue;
            };
            let entry = book.read_entry(line).map_err(at)?;
            book.insert(entry).map_err(at)?;
        }
        book.ok_or(LineBookError::NoVariantLine)
    }

    /// One entry from its line of text.
    fn read_entry(&self, line: &str) -> Result<Entry, LineBookError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [moves, column, score, nodes] = words[..] else {
            return Err(LineBookError::NotAnEntry(line.to_owned()));
        };
        let moves = if moves == "-" { "" } else { moves };
        let nodes = nodes
            .parse()
            .map_err(|_| LineBookError::NodeCount(nodes.to_owned()))?;
        let choice = match (column, score) {
            ("-", "-") => None,
            _ => {
                let mut chars = column.chars();
                let number = match (chars.next().and_then(char_column), chars.next()) {
                    (Some(number), None) => number,
                    _ => return Err(LineBookError::NotAColumn(column.to_owned())),
                };
                let score = score
                    .parse()
                    .map_err(|_| LineBookError::Score(score.to_owned()))?;
                Some(((number - 1) as u8, score))
            }
        };
        Ok(Entry {
            moves: moves.to_owned(),
            choice,
            nodes,
        })
    }

    /// The member it is for.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Its entries, in the order they were added.
    #[must_use]
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The book as text: what [`LineBook::parse`] reads.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut text = format!("{}\n", self.header());
        for entry in &self.entries {
            text.push_str(&entry.line());
            text.push('\n');
        }
        text
    }

    /// The `variant` line that starts the file.
    #[must_use]
    pub fn header(&self) -> String {
        format!("variant {}", self.variant)
    }

    /// The position of a move string, checked.
    ///
    /// # Errors
    /// The first move that is not legal.
    pub fn position(&self, moves: &str) -> Result<AnyGame, LineBookError> {
        let mut position = AnyGame::new(self.variant);
        if let Some(Err(e)) = position.play_move_string(moves) {
            return Err(LineBookError::Position {
                moves: moves.to_owned(),
                error: e,
            });
        }
        Ok(position)
    }

    /// The move string of the mirror image of `moves` (left for right).
    fn mirrored(&self, moves: &str) -> String {
        let width = u32::from(self.variant.dimensions().0);
        moves
            .chars()
            .map(|c| char_column(c).map_or(c, |number| column_char(width + 1 - number)))
            .collect()
    }

    /// Adds `entry`.
    ///
    /// # Errors
    /// If its position or move is not legal or the game is over there, or
    /// the book has its position (or the mirror image) already.
    pub fn insert(&mut self, entry: Entry) -> Result<(), LineBookError> {
        let position = self.position(&entry.moves)?;
        if position.outcome().is_some() {
            return Err(LineBookError::GameOver(entry.moves));
        }
        let image = self.position(&self.mirrored(&entry.moves))?;
        let width = self.variant.dimensions().0;
        if let Some((column, _)) = entry.choice {
            if position.move_from_text(&MoveText::Column(column)).is_err() {
                return Err(LineBookError::NotAMove {
                    column,
                    moves: entry.moves,
                });
            }
        }
        let fen = position.fen();
        if self.by_fen.contains_key(&fen) {
            return Err(LineBookError::Twice(entry.moves));
        }
        let mirror = |(column, score): (u8, i32)| (width - 1 - column, score);
        self.by_fen.insert(image.fen(), entry.choice.map(mirror));
        self.by_fen.insert(fen, entry.choice);
        self.entries.push(entry);
        Ok(())
    }

    /// What the book says of `position`: `None` if it has no entry for it;
    /// `Some(None)` if no move holds a draw there; else the move to play and
    /// Pons's score for the side to move once it plays it.
    #[must_use]
    pub fn probe<G: Game>(&self, position: &G) -> Option<Option<(G::Move, i32)>> {
        if position.variant() != self.variant {
            return None;
        }
        let choice = *self.by_fen.get(&position.fen())?;
        Some(choice.and_then(|(column, score)| {
            let mv = position.move_from_text(&MoveText::Column(column)).ok()?;
            Some((mv, score))
        }))
    }

    /// The positions the book should answer but does not yet, shallowest
    /// first: inarow's positions up to its `first`-th move as the first
    /// player and its `second`-th as the second, along the book's own moves
    /// and every reply. Adding their entries reveals the next ones.
    #[must_use]
    pub fn missing(&self, first: u32, second: u32) -> Vec<Node> {
        let mut queue = VecDeque::new();
        let empty = Node {
            moves: String::new(),
            position: AnyGame::new(self.variant),
        };
        if first > 0 {
            queue.push_back(empty.clone());
        }
        if second > 0 {
            queue.extend(replies(&empty));
        }
        let mut seen = HashSet::new();
        let mut missing = Vec::new();
        while let Some(node) = queue.pop_front() {
            let ply = node.position.ply();
            let limit = if ply % 2 == 0 { first } else { second };
            if node.position.outcome().is_some() || ply / 2 + 1 > limit {
                continue;
            }
            if !seen.insert(canonical_fen(self, &node)) {
                // Reached before, by another order of moves or as the
                // mirror image.
                continue;
            }
            match self.by_fen.get(&node.position.fen()) {
                None => missing.push(node),
                Some(None) => {}
                Some(Some((column, _))) => {
                    let mut after = node.clone();
                    let mv = after
                        .position
                        .move_from_text(&MoveText::Column(*column))
                        .expect("entries hold legal moves");
                    after.position.play_unchecked(mv);
                    after.moves.push(column_char(u32::from(*column) + 1));
                    if after.position.outcome().is_none() {
                        queue.extend(replies(&after));
                    }
                }
            }
        }
        missing
    }
}

/// The smaller of the FENs of `node`'s position and its mirror image.
fn canonical_fen(book: &LineBook, node: &Node) -> String {
    let image = book
        .position(&book.mirrored(&node.moves))
        .map_or_else(|_| String::new(), |p| p.fen());
    node.position.fen().min(image)
}

/// The positions after each legal move of `node`.
fn replies(node: &Node) -> Vec<Node> {
    node.position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut next = node.clone();
            next.position.play_unchecked(mv);
            next.moves.push(column_char(u32::from(mv.file) + 1));
            next
        })
        .collect()
}

/// Proves the entry of `node` (see the module's documentation): a move that
/// wins at once, else the first move from the centre out whose score for
/// the mover is at least a draw.
#[must_use]
pub fn prove(analyst: &mut impl Prover, node: &Node) -> Entry {
    let position = &node.position;
    let before = analyst.nodes();
    let width = i32::from(position.variant().dimensions().0);
    let mut moves: Vec<Drop> = position.legal_moves().into_iter().collect();
    moves.sort_by_key(|&mv| {
        (
            !position.is_winning_move(mv),
            (2 * i32::from(mv.file) - (width - 1)).abs(),
            mv.file,
        )
    });
    let mut choice = None;
    for mv in moves {
        let mut child = *position;
        child.play_unchecked(mv);
        let weak = analyst.score(&child, true);
        if weak > 0 {
            continue;
        }
        let score = if weak == 0 {
            0
        } else {
            -analyst.score(&child, false)
        };
        choice = Some((mv.file, score));
        break;
    }
    Entry {
        moves: node.moves.clone(),
        choice,
        nodes: analyst.nodes() - before,
    }
}

/// Checks `entry` against the solver: its move's score, and for a lost
/// position that every move loses.
///
/// # Errors
/// What the solver found instead.
pub fn verify(
    analyst: &mut impl Prover,
    book: &LineBook,
    entry: &Entry,
) -> Result<(), LineBookError> {
    let position = book.position(&entry.moves)?;
    let mut solve = |child: &AnyGame, weak| analyst.score(child, weak);
    let name = if entry.moves.is_empty() {
        "the empty board"
    } else {
        &entry.moves
    };
    match entry.choice {
        Some((column, score)) => {
            let mv = position
                .move_from_text(&MoveText::Column(column))
                .map_err(|error| LineBookError::Illegal {
                    name: name.to_owned(),
                    error,
                })?;
            let mut child = position;
            child.play_unchecked(mv);
            let found = -solve(&child, score == 0);
            if found != score {
                return Err(LineBookError::Scores {
                    name: name.to_owned(),
                    column,
                    found,
                    score,
                });
            }
        }
        None => {
            for mv in position.legal_moves() {
                let mut child = position;
                child.play_unchecked(mv);
                if solve(&child, true) <= 0 {
                    return Err(LineBookError::HoldsDraw {
                        name: name.to_owned(),
                        column: mv.file,
                    });
                }
            }
        }
    }
    Ok(())
}

/// The line books built into the binary. One that does not read is left
/// out, with an error in the log.
#[must_use]
pub fn embedded() -> &'static [LineBook] {
    static BOOKS: OnceLock<Vec<LineBook>> = OnceLock::new();
    BOOKS.get_or_init(|| {
        EMBEDDED
            .iter()
            .filter_map(|(name, text)| match LineBook::parse(text) {
                Ok(book) => Some(book),
                Err(e) => {
                    log::error!("line book {name}: {e}");
                    None
                }
            })
            .collect()
    })
}

/// What the built-in line books say of `position` (see [`LineBook::probe`]).
#[must_use]
pub fn probe_embedded<G: Game>(position: &G) -> Option<Option<(G::Move, i32)>> {
    embedded().iter().find_map(|book| book.probe(position))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::any::Analyst;

    fn variant(name: &str) -> Variant {
        name.parse().unwrap()
    }

    fn entry(moves: &str, choice: Option<(u8, i32)>, nodes: u64) -> Entry {
        Entry {
            moves: moves.to_owned(),
            choice,
            nodes,
        }
    }

    /// Proves every missing position until the book is complete.
    fn built(name: &str, first: u32, second: u32) -> LineBook {
        let mut book = LineBook::new(variant(name)).unwrap();
        let mut analyst = Analyst::new(16);
        loop {
            let missing = book.missing(first, second);
            if missing.is_empty() {
                return book;
            }
            for node in missing {
                let entry = prove(&mut analyst, &node);
                book.insert(entry).unwrap();
            }
        }
    }

    #[test]
    fn parse_reads_what_to_text_writes() {
        let mut book = LineBook::new(variant("connect 6x5 k5")).unwrap();
        book.insert(entry("", Some((2, 0)), 123)).unwrap();
        book.insert(entry("31", Some((3, 2)), 45)).unwrap();
        book.insert(entry("3343", None, 6)).unwrap();
        let text = book.to_text();
        assert!(
            text.starts_with("variant connect 6x5 k5\n- 3 0 123\n"),
            "{text}"
        );
        let read = LineBook::parse(&format!("# a comment\n\n{text}")).unwrap();
        assert_eq!(read.variant(), book.variant());
        assert_eq!(read.entries(), book.entries());
    }

    #[test]
    fn bad_lines_get_one_clear_error() {
        let bad = [
            ("- 3 0 1\n", "line 1: the first line must be 'variant NAME'"),
            (
                "variant tictactoe\n",
                "line 1: a line book needs a game with gravity",
            ),
            ("variant connect 6x5 k5\n- 3 0\n", "line 2: '- 3 0' is not"),
            (
                "variant connect 6x5 k5\n- 3 x 1\n",
                "line 2: score 'x' is not a number",
            ),
            (
                "variant connect 6x5 k5\n- 9 0 1\n",
                "line 2: column 9 is not a move",
            ),
            (
                "variant connect 6x5 k5\n- 33 0 1\n",
                "line 2: move '33' is not a column",
            ),
            ("variant connect 6x5 k5\n7 3 0 1\n", "line 2: position '7'"),
            (
                "variant connect 6x5 k5\n1 3 0 1\n6 4 0 1\n",
                "line 3: position '6' is in twice",
            ),
            ("# only a comment\n", "no 'variant' line"),
        ];
        for (text, expected) in bad {
            let message = LineBook::parse(text).unwrap_err().to_string();
            assert!(message.starts_with(expected), "{text:?}: {message}");
            assert!(!message.contains('\n'), "{message}");
        }
    }

    #[test]
    fn a_mirror_image_is_answered_with_the_mirrored_move() {
        let mut book = LineBook::new(variant("connect 6x5 k5")).unwrap();
        book.insert(entry("1", Some((2, 0)), 1)).unwrap();
        for (moves, column) in [("1", 2), ("6", 3)] {
            let position = book.position(moves).unwrap();
            let (mv, score) = book.probe(&position).unwrap().unwrap();
            assert_eq!((mv.file, score), (column, 0), "{moves}");
        }
        let elsewhere = book.position("2").unwrap();
        assert_eq!(book.probe(&elsewhere), None);
        let other_game = AnyGame::new(variant("connect 7x6 k5"));
        assert_eq!(book.probe(&other_game), None);
    }

    #[test]
    fn a_built_book_covers_every_reply_and_agrees_with_the_solver() {
        // Connect-5 6x5 is a draw: every entry holds one.
        let book = built("connect 6x5 k5", 2, 1);
        // The empty board, the three first moves up to mirroring for the
        // second player, and the six replies to the first move.
        assert_eq!(book.entries().len(), 10);
        assert!(book.missing(2, 1).is_empty());
        // The next move's positions: the first player's at ply 4, fewer
        // than 6 * 6 for transpositions and mirror images.
        let next = book.missing(3, 1);
        assert!((20..36).contains(&next.len()), "{}", next.len());
        assert!(next.iter().all(|node| node.position.ply() == 4));
        let mut analyst = Analyst::new(16);
        for entry in book.entries() {
            assert_eq!(entry.choice.map(|(_, score)| score), Some(0), "{entry:?}");
            verify(&mut analyst, &book, entry).unwrap();
        }
        // Wrong entries do not verify: a win where the move draws, and no
        // move where one holds.
        for choice in [Some((2, 1)), None] {
            let wrong = Entry {
                choice,
                ..book.entries()[0].clone()
            };
            assert!(verify(&mut analyst, &book, &wrong).is_err(), "{wrong:?}");
        }
    }

    #[test]
    fn a_won_line_keeps_its_exact_score_and_a_lost_one_ends() {
        // Connect-3 4x4 is a first-player win (+4): the first player's
        // entries hold wins, with exact scores; as the second player no move
        // holds a draw, and the book stops there.
        let book = built("connect 4x4 k3", 2, 3);
        let (won, lost): (Vec<&Entry>, Vec<&Entry>) =
            book.entries().iter().partition(|e| e.moves.len() % 2 == 0);
        assert!(!won.is_empty() && !lost.is_empty());
        assert!(
            won.iter().all(|e| e.choice.is_some_and(|(_, s)| s > 0)),
            "{won:?}"
        );
        assert!(lost.iter().all(|e| e.choice.is_none()), "{lost:?}");
        let mut analyst = Analyst::new(16);
        for entry in book.entries() {
            verify(&mut analyst, &book, entry).unwrap();
        }
        let (column, score) = won[0].choice.unwrap();
        let wrong = Entry {
            choice: Some((column, score + 1)),
            ..won[0].clone()
        };
        assert!(verify(&mut analyst, &book, &wrong).is_err());
    }

    #[test]
    fn the_built_in_books_read() {
        assert_eq!(embedded().len(), EMBEDDED.len());
        for book in embedded() {
            for entry in book.entries() {
                assert!(book.position(&entry.moves).is_ok());
            }
        }
    }
}
