//! The opening book: Pons's exact score of every Connect-Four position up to
//! some ply, computed by [`Solver`](crate::Solver) and looked up in
//! microseconds, on any board up to 128 bits (keys of up to 16 bytes).
//!
//! What it holds: every position of one board size with at most `plies`
//! stones that can arise in play, is not over, and whose side to move cannot
//! win at once (the rules score those). A position and its mirror image share
//! one entry, under the smaller of their two keys. It is built in two steps:
//! the positions with exactly `plies` stones (the frontier) are solved, and
//! every shallower position takes the best of its children's scores
//! ([`Book::from_frontier`]).
//!
//! A book may also hold a best move of each frontier position that does not
//! lose ([`Book::with_moves`], built by `inarow book moves`): a move that
//! keeps the position's exact score, so that the frontier plays at once.
//! Shallower positions need none: their children are in the book, and the
//! book's move there is the first from the centre out that keeps the score
//! ([`Book::best_move`]).
//!
//! A book may also hold layers past its frontier, one stone each
//! ([`Book::with_deep`], built by `inarow book deepen`): layer `n` holds the
//! positions with `plies + n` stones whose side to move played every move
//! from `plies - 4` stones on as the book plays them
//! ([`Book::deep_positions`]), each with its exact score and, if it does not
//! lose, a best move. Those are the positions inarow meets there as that
//! side after any opening of up to `plies - 4` stones, and the first it
//! would otherwise have to solve under a clock (on 7x6, the first layer is
//! the second player's fifth move, the second the first player's sixth).
//!
//! The file format (all integers little-endian):
//!
//! ```text
//! offset  size          field
//! 0       8             magic "INAROWBK"
//! 8       1             format version: 1, 2 with moves, 3 with moves and
//!                       one layer past the frontier, 4 with more layers
//! 9       1             board width
//! 10      1             board height
//! 11      1             plies: every position with this many stones or fewer
//! 12      4             entry count n
//! 16      1             key bytes k (the key's bits, rounded up to bytes)
//! 17      n * (k + e)   entries by increasing key: the key in k bytes, the
//!                       score as a signed byte, and in version 2 (e = 2) the
//!                       best move's column (0 the leftmost) in the position
//!                       the key stands for, 255 for none
//! then in version 4:
//! +0      1             the number of layers past the frontier d (2 or more)
//! then in versions 3 and 4:
//! +0      4             the layers' entry count m
//! +4      m * (k + 2)   the layers' entries, by increasing key, as above
//! end-8   8             FNV-1a hash of every byte before it
//! ```

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

use inarow_games::connect4::move_string;
use inarow_games::{Bitboard, Column, Connect4Of, Game, MoveStringError, Size, SizeError};

/// The file's first bytes.
const MAGIC: &[u8; 8] = b"INAROWBK";

/// The format version of a book without moves.
const VERSION: u8 = 1;

/// The format version of a book with moves: one more byte an entry.
const VERSION_MOVES: u8 = 2;

/// The format version of a book with moves and a layer past the frontier.
const VERSION_DEEP: u8 = 3;

/// The format version of a book with moves and layers past the frontier.
const VERSION_LAYERS: u8 = 4;

/// How many stones an opening before the book's own moves has at most, below
/// the book's plies: the layers past the frontier follow the book's moves
/// from there (see [`Book::deep_positions`]).
const OPENING_BELOW_PLIES: u32 = 4;

/// The move byte of an entry without a move.
const NO_MOVE: u8 = u8::MAX;

/// The header's length in bytes.
const HEADER_BYTES: usize = 17;

/// The book built into the binary (7x6), made by `inarow book build` (see
/// `docs/BOOKS.md`).
const EMBEDDED: &[u8] = include_bytes!("../../books/7x6.book");

/// Why a book cannot be built, given moves or a layer, read, or trusted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// Building: frontier positions were given no score.
    Unscored {
        /// How many.
        missing: usize,
        /// The frontier's stones.
        plies: u32,
    },
    /// Building: a position's child has no score.
    ChildMissing,
    /// A layer past the frontier was given no entries.
    EmptyLayer,
    /// A move string given for a frontier move or a layer's entry.
    Line {
        /// The move string.
        line: String,
        /// What is wrong with it.
        problem: LineProblem,
    },
    /// The bytes are not a book this inarow reads.
    File(FileError),
    /// The book disagrees with itself or with the rules ([`Book::check`]).
    Check(CheckError),
}

/// What is wrong with a move string given to [`Book::with_moves`] or
/// [`Book::with_deep`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineProblem {
    /// It is not a sequence of moves.
    Moves(MoveStringError),
    /// It does not reach a frontier position.
    NotFrontier,
    /// Its position is not in the book.
    NotInBook,
    /// The column given is full there.
    ColumnFull(Column),
    /// The score given cannot be a score of the board.
    ImpossibleScore(i32),
    /// It does not reach a position with the layer's stones.
    Stones(u32),
}

/// Why bytes are not a book this inarow reads ([`Book::from_bytes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// No `INAROWBK` header.
    NotABook,
    /// A format version this inarow does not read.
    Version(u8),
    /// The checksum does not match the bytes.
    Checksum,
    /// The board size is not one inarow plays.
    Size(SizeError),
    /// More plies than the board has cells.
    PliesExceedBoard,
    /// The key width is not the board's.
    KeyWidth,
    /// The length is not the entry count's.
    Length,
    /// Version 4 with fewer than two layers past the frontier.
    FewLayers(u8),
    /// The plies and the layers past them exceed the board.
    LayersExceedBoard,
    /// A version with layers past the frontier, but none.
    NoLayer(u8),
    /// The keys do not increase.
    KeyOrder,
    /// A score no position of the board can have.
    ImpossibleScore(i8),
    /// A move off the board.
    MoveOffBoard(u8),
    /// A layer past the frontier holds a position of the frontier.
    LayerAtFrontier,
    /// Version 2 without any move.
    NoMoves,
}

/// Where a book disagrees with itself or the rules ([`Book::check`]); each
/// names a position by its move string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// A position the book should hold is missing.
    Missing(String),
    /// A position below the frontier holds a move.
    MoveBelowFrontier(String),
    /// A child of a position below the frontier is missing.
    ChildMissing(String),
    /// A position's score is not its children's best.
    Children {
        /// The position.
        moves: String,
        /// Its score in the book.
        score: i32,
        /// The best of its children's.
        from_children: i32,
    },
    /// More or fewer entries up to the frontier than positions.
    Entries {
        /// The book's entries.
        entries: usize,
        /// The frontier's stones.
        plies: u32,
        /// The positions there are.
        expected: usize,
    },
    /// More or fewer entries past the frontier than its layers' positions.
    LayerEntries {
        /// The layers past the frontier.
        depth: u32,
        /// Their entries.
        entries: usize,
        /// The positions of the layers the book's moves reach.
        expected: usize,
        /// The book's moves reach fewer layers than it claims: there may
        /// be more positions.
        cut_short: bool,
    },
    /// A position of a layer past the frontier is missing.
    MissingFromLayer {
        /// The position.
        moves: String,
        /// Its layer, from 1.
        layer: u32,
    },
    /// A layer's position cannot be taken back a stone.
    Parent {
        /// The position.
        moves: String,
        /// Why not.
        error: MoveStringError,
    },
    /// A layer's position scores better than the position before it allows.
    BetterThanParent {
        /// The position.
        moves: String,
        /// Its score.
        score: i32,
        /// The score of the position one stone back.
        parent_score: i32,
    },
    /// A position that does not lose has no move.
    NoMove(String),
    /// A position that loses has a move.
    LosingMove(String),
    /// A position's move is a full column.
    MoveFull {
        /// The position.
        moves: String,
        /// The move.
        column: Column,
    },
    /// A position's move scores otherwise than the position, by the rules.
    MoveScore {
        /// The position.
        moves: String,
        /// Its score in the book.
        score: i32,
        /// The move.
        column: Column,
        /// The move's score by the rules.
        by_rules: i32,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Unscored { missing, plies } => {
                write!(
                    f,
                    "{missing} positions with {plies} stones have no score yet"
                )
            }
            BookError::ChildMissing => f.write_str("a child is missing from the book"),
            BookError::EmptyLayer => f.write_str("a layer past the frontier needs positions"),
            BookError::Line { line, problem } => match problem {
                LineProblem::Moves(e) => write!(f, "{line:?}: {e}"),
                LineProblem::NotFrontier => write!(f, "{line:?} is not a frontier position"),
                LineProblem::NotInBook => write!(f, "{line:?} is not in the book"),
                LineProblem::ColumnFull(col) => {
                    write!(f, "{line:?}: column {} is full", col.number())
                }
                LineProblem::ImpossibleScore(score) => {
                    write!(f, "{line:?}: the score {score} is impossible")
                }
                LineProblem::Stones(stones) => {
                    write!(f, "{line:?} is not a position with {stones} stones")
                }
            },
            BookError::File(e) => e.fmt(f),
            BookError::Check(e) => e.fmt(f),
        }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::NotABook => f.write_str("not an inarow book (no INAROWBK header)"),
            FileError::Version(version) => write!(
                f,
                "book format version {version} is not supported \
                 (this inarow reads versions {VERSION} to {VERSION_LAYERS})"
            ),
            FileError::Checksum => f.write_str("the book is corrupt (its checksum does not match)"),
            FileError::Size(e) => write!(f, "the book's board size is invalid: {e}"),
            FileError::PliesExceedBoard => f.write_str("the book's plies exceed the board"),
            FileError::KeyWidth => {
                f.write_str("the book's key width does not match its board size")
            }
            FileError::Length => f.write_str("the book's length does not match its entry count"),
            FileError::FewLayers(depth) => write!(
                f,
                "the book is format version 4 but has {depth} layers past the frontier"
            ),
            FileError::LayersExceedBoard => f.write_str("the book's layers exceed the board"),
            FileError::NoLayer(version) => write!(
                f,
                "the book is format version {version} but has no layer past the frontier"
            ),
            FileError::KeyOrder => f.write_str("the book's keys are not in increasing order"),
            FileError::ImpossibleScore(score) => {
                write!(f, "the book holds an impossible score {score}")
            }
            FileError::MoveOffBoard(mv) => write!(f, "the book holds a move off the board ({mv})"),
            FileError::LayerAtFrontier => {
                f.write_str("a layer past the frontier holds a position of the book's plies")
            }
            FileError::NoMoves => f.write_str("the book is format version 2 but holds no moves"),
        }
    }
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Missing(moves) => write!(f, "position {moves:?} is missing"),
            CheckError::MoveBelowFrontier(moves) => write!(
                f,
                "position {moves:?} has a move but is not on the frontier"
            ),
            CheckError::ChildMissing(moves) => write!(f, "a child of {moves:?} is missing"),
            CheckError::Children {
                moves,
                score,
                from_children,
            } => write!(
                f,
                "position {moves:?} scores {score}, its children say {from_children}"
            ),
            CheckError::Entries {
                entries,
                plies,
                expected,
            } => write!(
                f,
                "the book has {entries} entries up to {plies} stones, {expected} expected"
            ),
            CheckError::LayerEntries {
                depth,
                entries,
                expected,
                cut_short,
            } => write!(
                f,
                "the {depth} layers past the frontier have {entries} entries, {expected}{} expected",
                if *cut_short { " or more" } else { "" }
            ),
            CheckError::MissingFromLayer { moves, layer } => write!(
                f,
                "position {moves:?} is missing from layer {layer} past the frontier"
            ),
            CheckError::Parent { moves, error } => write!(f, "{moves:?}: {error}"),
            CheckError::BetterThanParent {
                moves,
                score,
                parent_score,
            } => write!(
                f,
                "position {moves:?} scores {score}, but the position before it {parent_score}"
            ),
            CheckError::NoMove(moves) => {
                write!(f, "position {moves:?} does not lose but has no move")
            }
            CheckError::LosingMove(moves) => write!(f, "position {moves:?} loses but has a move"),
            CheckError::MoveFull { moves, column } => write!(
                f,
                "position {moves:?}: its move, column {}, is full",
                column.number()
            ),
            CheckError::MoveScore {
                moves,
                score,
                column,
                by_rules,
            } => write!(
                f,
                "position {moves:?} scores {score}, its move, column {}, {by_rules}",
                column.number()
            ),
        }
    }
}

impl std::error::Error for BookError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BookError::Line {
                problem: LineProblem::Moves(e),
                ..
            } => Some(e),
            BookError::File(e) => Some(e),
            BookError::Check(e) => Some(e),
            _ => None,
        }
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FileError::Size(e) => Some(e),
            _ => None,
        }
    }
}

impl std::error::Error for CheckError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CheckError::Parent { error, .. } => Some(error),
            _ => None,
        }
    }
}

impl From<FileError> for BookError {
    fn from(error: FileError) -> Self {
        BookError::File(error)
    }
}

impl From<CheckError> for BookError {
    fn from(error: CheckError) -> Self {
        BookError::Check(error)
    }
}

/// The error of a move string `line` given to the book.
fn line_error(line: &str, problem: LineProblem) -> BookError {
    BookError::Line {
        line: line.to_owned(),
        problem,
    }
}

/// An opening book for one board size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    size: Size,
    plies: u32,
    /// Canonical keys, increasing.
    keys: Vec<u128>,
    /// The score of each key's position.
    scores: Vec<i8>,
    /// Each key's best move in the position the key stands for: a column,
    /// or [`NO_MOVE`]. Only frontier entries that do not lose have one.
    moves: Vec<u8>,
    /// The number of layers past the frontier (see [`Book::with_deep`]).
    depth: u32,
    /// The layers past the frontier, all together, by increasing canonical
    /// key: the key, the score and the move as above.
    deep: Vec<(u128, i8, u8)>,
}

/// A frontier entry (a position with the book's plies of stones) or an
/// entry of the layer past it, as [`Book::check`] lists them for a solver
/// to check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrontierEntry {
    /// A move string that reaches the position (columns from 1).
    pub moves: String,
    /// The book's score of it.
    pub score: i32,
    /// The book's best move in it, if the book has moves.
    pub best: Option<Column>,
    /// Its layer: 0 at the frontier, `n` in the `n`th layer past it (`n`
    /// stones deeper).
    pub layer: u32,
}

/// The book built into the binary: 7x6, read on first use.
///
/// # Panics
/// If the bytes built in are not a valid book (the tests check that they are).
#[must_use]
pub fn embedded() -> Arc<Book> {
    static BOOK: OnceLock<Arc<Book>> = OnceLock::new();
    Arc::clone(BOOK.get_or_init(|| {
        Arc::new(Book::read_bytes(EMBEDDED, false).expect("the book built in is valid"))
    }))
}

/// The key a position and its mirror image share: the smaller of the two.
#[inline]
#[must_use]
pub fn canonical_key<B: Bitboard>(position: &Connect4Of<B>) -> u128 {
    position.key().min(position.mirrored_key()).to_u128()
}

/// Whether the book stores `position`: it is not over and its side to move
/// cannot win at once.
#[must_use]
pub fn is_stored<B: Bitboard>(position: &Connect4Of<B>) -> bool {
    crate::score::rule_score(position).is_none()
}

/// Every position of `size` with at most `plies` stones that can arise in play
/// and is not over, one per mirror pair, by number of stones: `layers[n]`
/// holds those with `n` stones, each with a move string that reaches it (the
/// first found, columns from 1), in the order of those strings.
///
/// # Panics
/// If the board does not fit `B` (see [`Connect4Of::new`]).
#[must_use]
pub fn positions<B: Bitboard>(size: Size, plies: u32) -> Vec<Vec<(Connect4Of<B>, String)>> {
    let mut layers = vec![vec![(Connect4Of::<B>::new(size), String::new())]];
    for _ in 0..plies {
        let mut seen = HashMap::new();
        let mut next = Vec::new();
        for (position, moves) in layers.last().into_iter().flatten() {
            for mv in position.legal_moves() {
                let mut child = *position;
                child.play_unchecked(mv);
                if child.outcome().is_some() {
                    continue;
                }
                if let std::collections::hash_map::Entry::Vacant(slot) =
                    seen.entry(canonical_key(&child))
                {
                    slot.insert(());
                    next.push((child, format!("{moves}{}", move_string([mv]))));
                }
            }
        }
        next.sort_by(|a, b| a.1.cmp(&b.1));
        layers.push(next);
    }
    layers
}

/// The positions a book of `plies` stones must solve: those with exactly
/// `plies` stones that it stores, by move string.
///
/// # Panics
/// If the board does not fit `B` (see [`Connect4Of::new`]).
#[must_use]
pub fn frontier<B: Bitboard>(size: Size, plies: u32) -> Vec<(Connect4Of<B>, String)> {
    positions(size, plies)
        .pop()
        .unwrap_or_default()
        .into_iter()
        .filter(|(p, _)| is_stored(p))
        .collect()
}

/// The move strings of the frontier of a book of `plies` stones on `size`
/// (see [`frontier`]), on the bitboard the size takes.
#[must_use]
pub fn frontier_moves(size: Size, plies: u32) -> Vec<String> {
    fn moves<B: Bitboard>(size: Size, plies: u32) -> Vec<String> {
        frontier::<B>(size, plies)
            .into_iter()
            .map(|(_, moves)| moves)
            .collect()
    }
    if size.fits_u64() {
        moves::<u64>(size, plies)
    } else {
        moves::<u128>(size, plies)
    }
}

/// The move strings of the positions of `book`'s `layer`th layer past its
/// frontier (see [`Book::deep_positions`]), on the bitboard its size takes.
#[must_use]
pub fn deep_moves(book: &Book, layer: u32) -> Vec<String> {
    fn moves<B: Bitboard>(book: &Book, layer: u32) -> Vec<String> {
        book.deep_positions::<B>(layer)
            .into_iter()
            .map(|(_, moves)| moves)
            .collect()
    }
    if book.size().fits_u64() {
        moves::<u64>(book, layer)
    } else {
        moves::<u128>(book, layer)
    }
}

impl Book {
    /// The book of every position of `size` up to `plies` stones, given the
    /// scores of the frontier (see [`frontier`]) by canonical key: every
    /// shallower position takes the best of its children.
    ///
    /// # Errors
    /// If a frontier position has no score.
    pub fn from_frontier(
        size: Size,
        plies: u32,
        frontier_scores: &HashMap<u128, i32>,
    ) -> Result<Book, BookError> {
        if size.fits_u64() {
            Self::build::<u64>(size, plies, frontier_scores)
        } else {
            Self::build::<u128>(size, plies, frontier_scores)
        }
    }

    fn build<B: Bitboard>(
        size: Size,
        plies: u32,
        frontier_scores: &HashMap<u128, i32>,
    ) -> Result<Book, BookError> {
        let layers = positions::<B>(size, plies);
        let mut scores: HashMap<u128, i32> = HashMap::new();
        let mut missing = 0usize;
        for (position, _) in layers.last().into_iter().flatten() {
            if is_stored(position) {
                let key = canonical_key(position);
                match frontier_scores.get(&key) {
                    Some(&score) => {
                        scores.insert(key, score);
                    }
                    None => missing += 1,
                }
            }
        }
        if missing > 0 {
            return Err(BookError::Unscored { missing, plies });
        }
        for layer in layers[..layers.len() - 1].iter().rev() {
            for (position, _) in layer {
                if is_stored(position) {
                    let score = score_from_children(position, |key| scores.get(&key).copied())
                        .ok_or(BookError::ChildMissing)?;
                    scores.insert(canonical_key(position), score);
                }
            }
        }
        let mut entries: Vec<(u128, i32)> = scores.into_iter().collect();
        entries.sort_unstable();
        Ok(Book {
            size,
            plies,
            keys: entries.iter().map(|&(k, _)| k).collect(),
            scores: entries.iter().map(|&(_, s)| s as i8).collect(),
            moves: vec![NO_MOVE; entries.len()],
            depth: 0,
            deep: Vec::new(),
        })
    }

    /// This book with a best move for each frontier position given by a
    /// move string that reaches it and a column in that position (any
    /// other move it held is kept). Every frontier entry that does not lose
    /// should get one: [`Book::check`] refuses a book with some but not all.
    ///
    /// # Errors
    /// A move string that does not reach a frontier entry of the book, or a
    /// column that is not a legal move there.
    pub fn with_moves<'m>(
        &self,
        moves: impl IntoIterator<Item = (&'m str, Column)>,
    ) -> Result<Book, BookError> {
        let mut book = self.clone();
        for (line, col) in moves {
            if self.size.fits_u64() {
                book.set_move::<u64>(line, col)?;
            } else {
                book.set_move::<u128>(line, col)?;
            }
        }
        Ok(book)
    }

    fn set_move<B: Bitboard>(&mut self, line: &str, col: Column) -> Result<(), BookError> {
        let position = Connect4Of::<B>::from_move_string(self.size, line)
            .map_err(|e| line_error(line, LineProblem::Moves(e)))?;
        if position.ply() != self.plies {
            return Err(line_error(line, LineProblem::NotFrontier));
        }
        let index = self
            .keys
            .binary_search(&canonical_key(&position))
            .map_err(|_| line_error(line, LineProblem::NotInBook))?;
        if !position.is_legal(col) {
            return Err(line_error(line, LineProblem::ColumnFull(col)));
        }
        self.moves[index] = self.stored_column(&position, col).0;
        Ok(())
    }

    /// A column of `position` seen from its canonical key's position, or
    /// back: the key is `position`'s own or its mirror image's.
    fn stored_column<B: Bitboard>(&self, position: &Connect4Of<B>, col: Column) -> Column {
        if position.key().to_u128() == canonical_key(position) {
            col
        } else {
            Column(self.size.width() as u8 - 1 - col.0)
        }
    }

    /// This book without its moves, and without the layers past its
    /// frontier: the scores up to its plies alone.
    #[must_use]
    pub fn without_moves(&self) -> Book {
        Book {
            moves: vec![NO_MOVE; self.keys.len()],
            depth: 0,
            deep: Vec::new(),
            ..self.clone()
        }
    }

    /// Whether the book holds moves at its frontier (see [`Book::with_moves`]).
    #[must_use]
    pub fn has_moves(&self) -> bool {
        self.moves.iter().any(|&m| m != NO_MOVE)
    }

    /// The book's move in `position`, one that keeps its exact score:
    /// - below the frontier, the first from the centre out whose position
    ///   the book or the rules score so (the children are all known), the
    ///   one move inarow plays there;
    /// - at the frontier and in the layers past it, the move stored, if any:
    ///   positions that lose have none.
    ///
    /// `None` where the book does not hold the position (its side to move
    /// wins at once, or it is deeper).
    #[must_use]
    pub fn best_move<B: Bitboard>(&self, position: &Connect4Of<B>) -> Option<Column> {
        if !self.covers(position) {
            return None;
        }
        let key = canonical_key(position);
        let stored = if position.ply() < self.plies {
            let score = self.probe_key(key)?;
            return centre_out(self.size).find(|&col| {
                position.is_legal(col) && {
                    let mut child = *position;
                    child.play_unchecked(col);
                    self.score(&child) == Some(-score)
                }
            });
        } else if position.ply() == self.plies {
            self.moves[self.keys.binary_search(&key).ok()?]
        } else {
            self.deep_entry(key)?.2
        };
        if stored == NO_MOVE {
            return None;
        }
        // A damaged book's move may be a full column: none then.
        Some(self.stored_column(position, Column(stored))).filter(|&col| position.is_legal(col))
    }

    /// The entry of a layer past the frontier under a canonical key.
    fn deep_entry(&self, key: u128) -> Option<(u128, i8, u8)> {
        let index = self.deep.binary_search_by_key(&key, |e| e.0).ok()?;
        Some(self.deep[index])
    }

    /// Whether the book has a layer past its frontier (see
    /// [`Book::with_deep`]).
    #[must_use]
    pub fn has_deep(&self) -> bool {
        self.depth > 0
    }

    /// The number of layers past the frontier (see [`Book::with_deep`]).
    #[must_use]
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The positions of the `layer`th layer past the frontier: those with
    /// `plies + layer` stones that the book stores, reached from the empty
    /// board by any moves, except that the side to move there played each
    /// of its moves from `plies - 4` stones on as the book plays them
    /// ([`Book::best_move`]; the layers before this one give the moves
    /// past the frontier). One per mirror pair, each with the first move
    /// string (columns from 1) that reaches it, in the order of those
    /// strings. Empty for a layer the layers before it cannot reach (the
    /// book has fewer than `layer - 2`).
    ///
    /// # Panics
    /// If the board does not fit `B` (see [`Connect4Of::new`]).
    #[must_use]
    pub fn deep_positions<B: Bitboard>(&self, layer: u32) -> Vec<(Connect4Of<B>, String)> {
        let target = self.plies + layer;
        let from = self.plies.saturating_sub(OPENING_BELOW_PLIES);
        let mut reached = vec![(Connect4Of::<B>::new(self.size), String::new())];
        for ply in 0..target {
            let book_plays = ply >= from && ply % 2 == target % 2;
            let mut seen = std::collections::HashSet::new();
            let mut next = Vec::new();
            for (position, moves) in &reached {
                let choices: Vec<Column> = if book_plays {
                    self.best_move(position).into_iter().collect()
                } else {
                    position.legal_moves().into_iter().collect()
                };
                for mv in choices {
                    let mut child = *position;
                    child.play_unchecked(mv);
                    if child.outcome().is_none() && seen.insert(child.key()) {
                        next.push((child, format!("{moves}{}", move_string([mv]))));
                    }
                }
            }
            reached = next;
        }
        reached.retain(|(p, _)| is_stored(p));
        reached.sort_by(|a, b| a.1.cmp(&b.1));
        let mut seen = std::collections::HashSet::new();
        reached.retain(|(p, _)| seen.insert(canonical_key(p)));
        reached
    }

    /// This book with one more layer past the frontier, its `depth() + 1`th:
    /// for each of its [`Book::deep_positions`], a move string that reaches
    /// it, its exact score and a best move there (a column in that
    /// position, `None` where it loses). [`Book::check`] refuses a layer
    /// that misses one.
    ///
    /// # Errors
    /// A move string that does not reach a position with the layer's
    /// stones, or a column that is not a legal move there; no entries.
    pub fn with_deep<'m>(
        &self,
        entries: impl IntoIterator<Item = (&'m str, i32, Option<Column>)>,
    ) -> Result<Book, BookError> {
        let mut book = self.clone();
        book.depth += 1;
        let mut deep = HashMap::new();
        for (line, score, col) in entries {
            let (key, stored) = if self.size.fits_u64() {
                self.deep_move::<u64>(line, col)?
            } else {
                self.deep_move::<u128>(line, col)?
            };
            let score = i8::try_from(score)
                .ok()
                .filter(|&s| i32::from(s).abs() <= score_limit(self.size))
                .ok_or_else(|| line_error(line, LineProblem::ImpossibleScore(score)))?;
            deep.insert(key, (score, stored));
        }
        if deep.is_empty() {
            // A file could not tell an empty layer from none.
            return Err(BookError::EmptyLayer);
        }
        book.deep
            .extend(deep.into_iter().map(|(k, (s, m))| (k, s, m)));
        book.deep.sort_unstable();
        Ok(book)
    }

    /// The canonical key of a move string's position in the next layer past
    /// the frontier, and `col` stored in the key's orientation.
    fn deep_move<B: Bitboard>(
        &self,
        line: &str,
        col: Option<Column>,
    ) -> Result<(u128, u8), BookError> {
        let position = Connect4Of::<B>::from_move_string(self.size, line)
            .map_err(|e| line_error(line, LineProblem::Moves(e)))?;
        let stones = self.plies + self.depth + 1;
        if position.ply() != stones {
            return Err(line_error(line, LineProblem::Stones(stones)));
        }
        let stored = match col {
            Some(col) if !position.is_legal(col) => {
                return Err(line_error(line, LineProblem::ColumnFull(col)))
            }
            Some(col) => self.stored_column(&position, col).0,
            None => NO_MOVE,
        };
        Ok((canonical_key(&position), stored))
    }

    /// The board size.
    #[must_use]
    pub fn size(&self) -> Size {
        self.size
    }

    /// Every position with this many stones or fewer is in the book.
    #[must_use]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The number of entries, the layers past the frontier's included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len() + self.deep.len()
    }

    /// Whether the book has no entries.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entries, by increasing canonical key up to the book's plies and
    /// then those of the layers past the frontier: the key and the score.
    pub fn entries(&self) -> impl Iterator<Item = (u128, i32)> + '_ {
        self.keys
            .iter()
            .zip(&self.scores)
            .map(|(&k, &s)| (k, i32::from(s)))
            .chain(self.deep.iter().map(|&(k, s, _)| (k, i32::from(s))))
    }

    /// Whether the book covers `position`: its size, and no more stones
    /// than the book's plies (more with layers past the frontier, which hold
    /// some of those positions).
    #[must_use]
    pub fn covers<B: Bitboard>(&self, position: &Connect4Of<B>) -> bool {
        position.size() == self.size && position.ply() <= self.plies + self.depth
    }

    /// Pons's exact score of `position` if the book holds it.
    #[must_use]
    pub fn probe<B: Bitboard>(&self, position: &Connect4Of<B>) -> Option<i32> {
        if !self.covers(position) {
            return None;
        }
        self.probe_key(canonical_key(position))
    }

    /// The score stored under a canonical key.
    #[must_use]
    pub fn probe_key(&self, key: u128) -> Option<i32> {
        match self.keys.binary_search(&key) {
            Ok(i) => Some(i32::from(self.scores[i])),
            Err(_) => self.deep_entry(key).map(|(_, s, _)| i32::from(s)),
        }
    }

    /// The exact score of `position` from the rules or the book.
    #[must_use]
    pub fn score<B: Bitboard>(&self, position: &Connect4Of<B>) -> Option<i32> {
        crate::score::rule_score(position).or_else(|| self.probe(position))
    }

    /// The book as a file's bytes (see the module docs).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let key_bytes = key_bytes(self.size);
        let version = if self.depth > 1 {
            VERSION_LAYERS
        } else if self.has_deep() {
            VERSION_DEEP
        } else if self.has_moves() {
            VERSION_MOVES
        } else {
            VERSION
        };
        let with_moves = version != VERSION;
        let entry_bytes = key_bytes + if with_moves { 2 } else { 1 };
        let mut bytes = Vec::with_capacity(HEADER_BYTES + self.len() * entry_bytes + 12);
        bytes.extend_from_slice(MAGIC);
        bytes.push(version);
        bytes.push(self.size.width() as u8);
        bytes.push(self.size.height() as u8);
        bytes.push(self.plies as u8);
        bytes.extend_from_slice(&(self.keys.len() as u32).to_le_bytes());
        bytes.push(key_bytes as u8);
        let entry = |bytes: &mut Vec<u8>, key: u128, score: i8, mv: u8| {
            bytes.extend_from_slice(&key.to_le_bytes()[..key_bytes]);
            bytes.push(score as u8);
            if with_moves {
                bytes.push(mv);
            }
        };
        for ((&key, &score), &mv) in self.keys.iter().zip(&self.scores).zip(&self.moves) {
            entry(&mut bytes, key, score, mv);
        }
        if version == VERSION_LAYERS {
            bytes.push(self.depth as u8);
        }
        if version >= VERSION_DEEP {
            bytes.extend_from_slice(&(self.deep.len() as u32).to_le_bytes());
            for &(key, score, mv) in &self.deep {
                entry(&mut bytes, key, score, mv);
            }
        }
        let hash = fnv1a(&bytes);
        bytes.extend_from_slice(&hash.to_le_bytes());
        bytes
    }

    /// Reads a book file's bytes, checking everything that can be checked
    /// without a solver: the header, the hash, that the keys increase and
    /// that each is a canonical key of a position the book may hold.
    ///
    /// # Errors
    /// A clear reason if the bytes are not such a book.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        Self::read_bytes(bytes, true)
    }

    /// [`Book::from_bytes`], the hash checked only with `check_hash`: the
    /// bytes built into the binary skip it (a third of the time to read
    /// them, at start-up), the tests reading them with it.
    fn read_bytes(bytes: &[u8], check_hash: bool) -> Result<Book, BookError> {
        if bytes.len() < HEADER_BYTES + 8 || &bytes[..8] != MAGIC {
            return Err(FileError::NotABook.into());
        }
        let version = bytes[8];
        if !(VERSION..=VERSION_LAYERS).contains(&version) {
            return Err(FileError::Version(version).into());
        }
        let with_moves = version != VERSION;
        let (body, hash) = bytes.split_at(bytes.len() - 8);
        let stored = u64::from_le_bytes(hash.try_into().expect("8 bytes"));
        if check_hash && fnv1a(body) != stored {
            return Err(FileError::Checksum.into());
        }
        let size =
            Size::new(usize::from(bytes[9]), usize::from(bytes[10])).map_err(FileError::Size)?;
        let plies = u32::from(bytes[11]);
        if plies > size.cells() {
            return Err(FileError::PliesExceedBoard.into());
        }
        let count = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes")) as usize;
        let key_bytes = usize::from(bytes[16]);
        if key_bytes != self::key_bytes(size) {
            return Err(FileError::KeyWidth.into());
        }
        let entry_bytes = key_bytes + if with_moves { 2 } else { 1 };
        let length = || BookError::File(FileError::Length);
        let main_bytes = count.checked_mul(entry_bytes).ok_or_else(length)?;
        let rest = body.get(HEADER_BYTES..).ok_or_else(length)?;
        if rest.len() < main_bytes {
            return Err(length());
        }
        let (main, rest) = rest.split_at(main_bytes);
        let (depth, rest) = match version {
            VERSION_LAYERS => {
                let (&depth, rest) = rest.split_first().ok_or_else(length)?;
                if depth < 2 {
                    // Written as version 3 or below: a file has one encoding.
                    return Err(FileError::FewLayers(depth).into());
                }
                (u32::from(depth), rest)
            }
            VERSION_DEEP => (1, rest),
            _ => (0, rest),
        };
        if plies + depth > size.cells() {
            return Err(FileError::LayersExceedBoard.into());
        }
        let deep_bytes = if depth > 0 {
            let (m, rest) = rest.split_first_chunk::<4>().ok_or_else(length)?;
            let m = u32::from_le_bytes(*m) as usize;
            if m == 0 {
                // Written as version 2 or 1: a file has one encoding.
                return Err(FileError::NoLayer(version).into());
            }
            if Some(rest.len()) != m.checked_mul(entry_bytes) {
                return Err(length());
            }
            rest
        } else if rest.is_empty() {
            rest
        } else {
            return Err(length());
        };
        let limit = score_limit(size);
        let read = |chunk: &[u8], last: Option<u128>| -> Result<(u128, i8, u8), BookError> {
            let mut word = [0u8; 16];
            word[..key_bytes].copy_from_slice(&chunk[..key_bytes]);
            let key = u128::from_le_bytes(word);
            let score = chunk[key_bytes] as i8;
            if last.is_some_and(|last| last >= key) {
                return Err(FileError::KeyOrder.into());
            }
            if i32::from(score).abs() > limit {
                return Err(FileError::ImpossibleScore(score).into());
            }
            let mv = if with_moves {
                chunk[key_bytes + 1]
            } else {
                NO_MOVE
            };
            if mv != NO_MOVE && u32::from(mv) >= size.width() {
                return Err(FileError::MoveOffBoard(mv).into());
            }
            Ok((key, score, mv))
        };
        let mut keys = Vec::with_capacity(count);
        let mut scores = Vec::with_capacity(count);
        let mut moves = Vec::with_capacity(count);
        for chunk in main.chunks_exact(entry_bytes) {
            let (key, score, mv) = read(chunk, keys.last().copied())?;
            keys.push(key);
            scores.push(score);
            moves.push(mv);
        }
        let mut deep: Vec<(u128, i8, u8)> = Vec::with_capacity(deep_bytes.len() / entry_bytes);
        // Both lists increase: one walk along the keys finds a repeat.
        let mut below = keys.iter().peekable();
        for chunk in deep_bytes.chunks_exact(entry_bytes) {
            let entry = read(chunk, deep.last().map(|e| e.0))?;
            while below.next_if(|&&key| key < entry.0).is_some() {}
            if below.peek() == Some(&&entry.0) {
                return Err(FileError::LayerAtFrontier.into());
            }
            deep.push(entry);
        }
        if version == VERSION_MOVES && moves.iter().all(|&m| m == NO_MOVE) {
            // Written as version 1: a file has one encoding.
            return Err(FileError::NoMoves.into());
        }
        Ok(Book {
            size,
            plies,
            keys,
            scores,
            moves,
            depth,
            deep,
        })
    }

    /// Checks every entry against the others and the rules: the book holds
    /// exactly the positions it should, each with fewer than `plies` stones
    /// scores the best of its children, and moves stand where they should
    /// (with moves, on every frontier entry that does not lose and nowhere
    /// else, legal, and not a loss by the rules), and each layer past the
    /// frontier holds exactly its [`Book::deep_positions`], each scoring no
    /// better than the position before it allows, with a move where it does
    /// not lose. Returns the entries whose
    /// scores and moves only a solver can check: the frontier's (`plies`
    /// stones), then each layer's, each in the order of their move strings.
    ///
    /// # Errors
    /// The first disagreement found.
    pub fn check(&self) -> Result<Vec<FrontierEntry>, BookError> {
        if self.size.fits_u64() {
            self.check_on::<u64>()
        } else {
            self.check_on::<u128>()
        }
    }

    fn check_on<B: Bitboard>(&self) -> Result<Vec<FrontierEntry>, BookError> {
        let layers = positions::<B>(self.size, self.plies);
        let with_moves = self.has_moves();
        let mut expected = 0usize;
        let mut frontier = Vec::new();
        for (ply, layer) in layers.iter().enumerate() {
            for (position, moves) in layer.iter().filter(|(p, _)| is_stored(p)) {
                expected += 1;
                let score = self
                    .probe(position)
                    .ok_or_else(|| CheckError::Missing(moves.clone()))?;
                let best = self.best_move(position);
                if ply as u32 == self.plies {
                    self.check_move(position, moves, score, best, with_moves)?;
                    frontier.push(FrontierEntry {
                        moves: moves.clone(),
                        score,
                        best,
                        layer: 0,
                    });
                    continue;
                }
                let index = self.keys.binary_search(&canonical_key(position));
                if index.is_ok_and(|i| self.moves[i] != NO_MOVE) {
                    return Err(CheckError::MoveBelowFrontier(moves.clone()).into());
                }
                let from_children = score_from_children(position, |key| self.probe_key(key))
                    .ok_or_else(|| CheckError::ChildMissing(moves.clone()))?;
                if from_children != score {
                    return Err(CheckError::Children {
                        moves: moves.clone(),
                        score,
                        from_children,
                    }
                    .into());
                }
            }
        }
        if expected != self.keys.len() {
            return Err(CheckError::Entries {
                entries: self.keys.len(),
                plies: self.plies,
                expected,
            }
            .into());
        }
        if self.has_deep() {
            self.check_deep::<B>(&mut frontier)?;
        }
        Ok(frontier)
    }

    /// Checks the layers past the frontier: they hold exactly their
    /// [`Book::deep_positions`], each scoring no better than its parent
    /// allows, with a move where it does not lose; adds their entries to
    /// `entries`, layer by layer.
    fn check_deep<B: Bitboard>(&self, entries: &mut Vec<FrontierEntry>) -> Result<(), BookError> {
        // Layer by layer, stopping as soon as there are too many: each layer
        // follows the book's moves in the ones before, so a damaged book
        // claiming many layers stops early.
        let mut layers = Vec::new();
        let mut expected = 0;
        for layer in 1..=self.depth {
            if expected > self.deep.len() {
                break;
            }
            let positions = self.deep_positions::<B>(layer);
            expected += positions.len();
            layers.push(positions);
        }
        let cut_short = layers.len() != self.depth as usize;
        if expected != self.deep.len() || cut_short {
            return Err(CheckError::LayerEntries {
                depth: self.depth,
                entries: self.deep.len(),
                expected,
                cut_short,
            }
            .into());
        }
        for (layer, (position, moves)) in (1..)
            .zip(layers)
            .flat_map(|(n, positions)| positions.into_iter().map(move |entry| (n, entry)))
        {
            let score = self
                .probe(&position)
                .ok_or_else(|| CheckError::MissingFromLayer {
                    moves: moves.clone(),
                    layer,
                })?;
            // The position one stone back (its last move taken back) scores
            // at least what that move leaves it.
            let parent = Connect4Of::<B>::from_move_string(self.size, &moves[..moves.len() - 1])
                .map_err(|error| CheckError::Parent {
                    moves: moves.clone(),
                    error,
                })?;
            if let Some(parent_score) = self.score(&parent) {
                if -score > parent_score {
                    return Err(CheckError::BetterThanParent {
                        moves,
                        score,
                        parent_score,
                    }
                    .into());
                }
            }
            let best = self.best_move(&position);
            self.check_move(&position, &moves, score, best, true)?;
            entries.push(FrontierEntry {
                moves,
                score,
                best,
                layer,
            });
        }
        Ok(())
    }

    /// Checks a frontier entry's move as far as the rules can.
    fn check_move<B: Bitboard>(
        &self,
        position: &Connect4Of<B>,
        moves: &str,
        score: i32,
        best: Option<Column>,
        with_moves: bool,
    ) -> Result<(), BookError> {
        let moves = moves.to_owned();
        let problem = match best {
            None if with_moves && score >= 0 => CheckError::NoMove(moves),
            Some(_) if score < 0 => CheckError::LosingMove(moves),
            Some(column) if !position.is_legal(column) => CheckError::MoveFull { moves, column },
            Some(column) => {
                let mut child = *position;
                child.play_unchecked(column);
                match crate::score::rule_score(&child) {
                    Some(child_score) if -child_score != score => CheckError::MoveScore {
                        moves,
                        score,
                        column,
                        by_rules: -child_score,
                    },
                    _ => return Ok(()),
                }
            }
            None => return Ok(()),
        };
        Err(problem.into())
    }
}

/// The columns of `size` from the centre out, the left one first of two as
/// far from it: the order in which the book's move is chosen below the
/// frontier, and the solver tries moves the book does not order.
pub fn centre_out(size: Size) -> impl Iterator<Item = Column> {
    let width = size.width() as i32;
    let mut columns: Vec<u8> = (0..size.width() as u8).collect();
    columns.sort_by_key(|&col| (2 * i32::from(col) - (width - 1)).abs());
    columns.into_iter().map(Column)
}

/// The best score of `position`'s moves, each scored by the rules or by
/// `lookup` on the child's canonical key; `None` if a child is not found.
fn score_from_children<B: Bitboard>(
    position: &Connect4Of<B>,
    lookup: impl Fn(u128) -> Option<i32>,
) -> Option<i32> {
    if let Some(score) = crate::score::rule_score(position) {
        return Some(score);
    }
    let mut best = i32::MIN;
    for mv in position.legal_moves() {
        let mut child = *position;
        child.play_unchecked(mv);
        let score = match crate::score::rule_score(&child) {
            Some(score) => score,
            None => lookup(canonical_key(&child))?,
        };
        best = best.max(-score);
    }
    Some(best)
}

/// The largest score a position of `size` can have, either way.
fn score_limit(size: Size) -> i32 {
    size.cells() as i32 / 2 + 1
}

/// The bytes a key of `size` takes in a file.
fn key_bytes(size: Size) -> usize {
    size.key_bits().div_ceil(8) as usize
}

/// The 64-bit FNV-1a hash.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;
    use inarow_games::Connect4;

    fn small_book(size: Size, plies: u32) -> Book {
        let mut solver = Solver::new(size, 16);
        let scores = frontier::<u64>(size, plies)
            .into_iter()
            .map(|(p, _)| (canonical_key(&p), solver.solve(&p, false)))
            .collect();
        Book::from_frontier(size, plies, &scores).expect("every frontier position solved")
    }

    #[test]
    fn every_entry_agrees_with_the_solver() {
        let size = Size::new(5, 4).unwrap();
        let book = small_book(size, 4);
        assert!(book.check().is_ok());
        let mut solver = Solver::new(size, 16);
        for layer in positions::<u64>(size, 4) {
            for (position, moves) in layer {
                let expected = solver.solve(&position, false);
                assert_eq!(book.score(&position), Some(expected), "{moves}");
            }
        }
    }

    #[test]
    fn bytes_round_trip_and_damage_is_caught() {
        let size = Size::new(5, 4).unwrap();
        let book = small_book(size, 3);
        let bytes = book.to_bytes();
        assert_eq!(Book::from_bytes(&bytes).as_ref(), Ok(&book));
        let mut flipped = bytes.clone();
        flipped[HEADER_BYTES + 2] ^= 1;
        assert!(Book::from_bytes(&flipped)
            .unwrap_err()
            .to_string()
            .contains("corrupt"));
        assert!(Book::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(Book::from_bytes(b"hello").is_err());
        let mut version = bytes;
        version[8] = 9;
        assert!(Book::from_bytes(&version)
            .unwrap_err()
            .to_string()
            .contains("version"));
    }

    #[test]
    fn a_wrong_score_is_found() {
        let size = Size::new(5, 4).unwrap();
        let mut book = small_book(size, 3);
        book.scores[0] += 1;
        assert!(
            book.check().is_err() || {
                // A frontier entry: only a solver can tell.
                let frontier = book.check().unwrap();
                frontier.iter().any(|e| {
                    let p = Connect4::from_move_string(size, &e.moves).unwrap();
                    Solver::new(size, 16).solve(&p, false) != e.score
                })
            }
        );
    }

    /// A book of a board past 64 bits: keys of nine bytes and more, written,
    /// read and checked as any other. (The frontier's scores here are made
    /// up, a function of the key: the checks that need no solver hold for
    /// any frontier; 13x4 itself is unsolved.)
    #[test]
    fn books_on_wide_boards() {
        let size = Size::new(13, 4).unwrap();
        assert!(!size.fits_u64());
        let plies = 2;
        let frontier = frontier::<u128>(size, plies);
        let scores: HashMap<u128, i32> = frontier
            .iter()
            .map(|(p, _)| (canonical_key(p), (canonical_key(p) % 7) as i32 - 3))
            .collect();
        let book = Book::from_frontier(size, plies, &scores).unwrap();
        assert_eq!(book.check().map(|f| f.len()), Ok(frontier.len()));
        let bytes = book.to_bytes();
        assert_eq!(bytes[16], 9, "65-bit keys take 9 bytes");
        assert_eq!(Book::from_bytes(&bytes).as_ref(), Ok(&book));
        let (position, _) = &frontier[0];
        assert_eq!(
            book.probe(position),
            scores.get(&canonical_key(position)).copied()
        );
        let mut wrong = book.clone();
        wrong.scores[0] += 1;
        assert!(wrong.check().is_err() || wrong.check().unwrap() != book.check().unwrap());
    }

    #[test]
    fn mirror_images_share_an_entry() {
        let size = Size::STANDARD;
        let a = Connect4::from_move_string(size, "12").unwrap();
        let b = Connect4::from_move_string(size, "76").unwrap();
        assert_eq!(canonical_key(&a), canonical_key(&b));
    }

    /// A best move of every frontier position that does not lose, each
    /// found by the solver's best move of the position seen from its move
    /// string.
    fn with_best_moves(book: &Book) -> Book {
        let frontier = book.check().unwrap();
        let mut solver = Solver::new(book.size(), 16);
        solver.set_book(Some(Arc::new(book.clone())));
        let moves: Vec<(String, Column)> = frontier
            .iter()
            .filter(|e| e.score >= 0)
            .map(|e| {
                let p = Connect4::from_move_string(book.size(), &e.moves).unwrap();
                let (mv, score) = solver
                    .best_move_within(&p, &crate::SolveLimits::default())
                    .unwrap();
                assert_eq!(score, e.score, "{}", e.moves);
                (e.moves.clone(), mv)
            })
            .collect();
        book.with_moves(moves.iter().map(|(m, c)| (m.as_str(), *c)))
            .unwrap()
    }

    #[test]
    fn frontier_moves_keep_the_score_in_both_mirror_images() {
        let size = Size::new(5, 4).unwrap();
        let plain = small_book(size, 3);
        let book = with_best_moves(&plain);
        assert!(book.has_moves() && !plain.has_moves());
        assert_eq!(book.without_moves(), plain);
        let frontier = book.check().unwrap();
        let mut solver = Solver::new(size, 16);
        let mirror = |moves: &str| -> String {
            moves
                .chars()
                .map(|c| char::from_digit(6 - c.to_digit(10).unwrap(), 10).unwrap())
                .collect()
        };
        for entry in &frontier {
            for moves in [entry.moves.clone(), mirror(&entry.moves)] {
                let position = Connect4::from_move_string(size, &moves).unwrap();
                let best = book.best_move(&position);
                assert_eq!(best.is_some(), entry.score >= 0, "{moves}");
                if let Some(col) = best {
                    let mut child = position;
                    child.play_unchecked(col);
                    assert_eq!(-solver.solve(&child, false), entry.score, "{moves}");
                }
            }
        }
        // A book without moves has none to give (a fuzzing find: asking
        // one overflowed).
        let position = Connect4::from_move_string(size, &frontier[0].moves).unwrap();
        assert_eq!(plain.best_move(&position), None);
        // Below the frontier the book's move is the first from the centre
        // out that keeps the score, with or without moves stored.
        let shallow = Connect4::from_move_string(size, "11").unwrap();
        let score = book.probe(&shallow).unwrap();
        let col = book.best_move(&shallow).unwrap();
        assert_eq!(plain.best_move(&shallow), Some(col));
        let mut child = shallow;
        child.play_unchecked(col);
        assert_eq!(book.score(&child), Some(-score));
        for earlier in centre_out(size).take_while(|&c| c != col) {
            let mut child = shallow;
            if child.play(earlier).is_ok() {
                assert_ne!(book.score(&child), Some(-score));
            }
        }
        // The bytes: version 2, one more byte an entry, read back the same;
        // without moves, version 1 as before.
        let bytes = book.to_bytes();
        assert_eq!(bytes[8], 2);
        assert_eq!(bytes.len(), plain.to_bytes().len() + book.len());
        assert_eq!(Book::from_bytes(&bytes).as_ref(), Ok(&book));
        assert_eq!(plain.to_bytes()[8], 1);
    }

    /// A fuzzing find: a version 2 file without a move read, and wrote
    /// back as version 1. It is refused now: one encoding a book.
    #[test]
    fn version_2_without_moves_is_refused() {
        let mut bytes = b"INAROWBK\x02\x01\x18\x01\x00\x00\x00\x00\x04".to_vec();
        let hash = fnv1a(&bytes);
        bytes.extend_from_slice(&hash.to_le_bytes());
        assert!(Book::from_bytes(&bytes)
            .unwrap_err()
            .to_string()
            .contains("no moves"));
        let size = Size::new(5, 4).unwrap();
        let book = with_best_moves(&small_book(size, 3));
        let mut bytes = book.to_bytes();
        let entry = key_bytes(size) + 2;
        for i in 0..book.len() {
            bytes[HEADER_BYTES + i * entry + entry - 1] = NO_MOVE;
        }
        let body = bytes.len() - 8;
        let hash = fnv1a(&bytes[..body]);
        bytes[body..].copy_from_slice(&hash.to_le_bytes());
        assert!(Book::from_bytes(&bytes)
            .unwrap_err()
            .to_string()
            .contains("no moves"));
    }

    #[test]
    fn wrong_or_missing_moves_are_found() {
        let size = Size::new(5, 4).unwrap();
        let book = with_best_moves(&small_book(size, 4));
        let frontier = book.check().unwrap();
        let winning = frontier.iter().find(|e| e.score > 0).unwrap();
        let losing = frontier.iter().find(|e| e.score < 0).unwrap();
        let index_of = |moves: &str| {
            let p = Connect4::from_move_string(size, moves).unwrap();
            book.keys.binary_search(&canonical_key(&p)).unwrap()
        };
        // A move missing where the position does not lose.
        let mut missing = book.clone();
        missing.moves[index_of(&winning.moves)] = NO_MOVE;
        assert!(missing.check().unwrap_err().to_string().contains("no move"));
        // A move where the position loses.
        let mut extra = book.clone();
        extra.moves[index_of(&losing.moves)] = 0;
        assert!(extra
            .check()
            .unwrap_err()
            .to_string()
            .contains("loses but has a move"));
        // A move off the board is refused when read.
        let mut bytes = book.to_bytes();
        let at =
            HEADER_BYTES + index_of(&winning.moves) * (key_bytes(size) + 2) + key_bytes(size) + 1;
        bytes[at] = 9;
        let body = bytes.len() - 8;
        let hash = fnv1a(&bytes[..body]);
        bytes[body..].copy_from_slice(&hash.to_le_bytes());
        assert!(Book::from_bytes(&bytes)
            .unwrap_err()
            .to_string()
            .contains("off the board"));
        // A move string that is not on the frontier.
        assert!(book.with_moves([("11", Column(0))]).is_err());
    }

    /// The layer past the frontier of a book, each position solved.
    /// Every move that the side to move at the end of `moves` played (a
    /// book of 4 plies: all of them) is `book`'s move.
    fn assert_movers_moves_are_the_books(book: &Book, moves: &str) {
        let stones = moves.len();
        for at in (stones % 2..stones).step_by(2) {
            let before = Connect4::from_move_string(book.size(), &moves[..at]).unwrap();
            let played = moves.as_bytes()[at] - b'1';
            assert_eq!(book.best_move(&before), Some(Column(played)), "{moves}");
        }
    }

    /// `book` with its next layer past the frontier, solved.
    fn with_layer(book: &Book) -> Book {
        let mut solver = Solver::new(book.size(), 16);
        let entries: Vec<(String, i32, Option<Column>)> = book
            .deep_positions::<u64>(book.depth() + 1)
            .into_iter()
            .map(|(p, moves)| {
                let (mv, score) = solver
                    .best_move_within(&p, &crate::SolveLimits::default())
                    .unwrap();
                (moves, score, (score >= 0).then_some(mv))
            })
            .collect();
        book.with_deep(entries.iter().map(|(m, s, c)| (m.as_str(), *s, *c)))
            .unwrap()
    }

    #[test]
    fn the_layer_past_the_frontier_is_checked_and_read() {
        let size = Size::new(5, 4).unwrap();
        let plain = small_book(size, 4);
        let book = with_layer(&plain);
        assert!(book.has_deep() && !plain.has_deep());
        let entries = book.check().unwrap();
        let deep: Vec<&FrontierEntry> = entries.iter().filter(|e| e.layer > 0).collect();
        assert_eq!(deep.len(), book.len() - plain.len());
        assert!(!deep.is_empty());
        // The positions: five stones, the second player's moves at one and
        // three stones the book's.
        let mut solver = Solver::new(size, 16);
        for entry in &deep {
            let position = Connect4::from_move_string(size, &entry.moves).unwrap();
            assert_eq!(position.ply(), 5);
            assert_movers_moves_are_the_books(&book, &entry.moves);
            assert_eq!(book.probe(&position), Some(solver.solve(&position, false)));
            if let Some(col) = book.best_move(&position) {
                let mut child = position;
                child.play_unchecked(col);
                assert_eq!(-solver.solve(&child, false), entry.score, "{}", entry.moves);
            }
        }
        // Positions one stone deeper that are not in the layer are unknown.
        let elsewhere = Connect4::from_move_string(size, "11223").unwrap();
        assert!(!deep.iter().any(|e| e.moves == "11223"));
        assert_eq!(book.probe(&elsewhere), None);
        // The bytes: version 3, read back the same; the layer is gone
        // without moves.
        let bytes = book.to_bytes();
        assert_eq!(bytes[8], 3);
        assert_eq!(Book::from_bytes(&bytes).as_ref(), Ok(&book));
        assert_eq!(book.without_moves(), plain);
        // Version 3 without a layer is refused: one encoding a book.
        let count_at = HEADER_BYTES + plain.len() * (key_bytes(size) + 2);
        let mut empty = bytes[..count_at].to_vec();
        empty.extend_from_slice(&[0u8; 4]);
        let hash = fnv1a(&empty);
        empty.extend_from_slice(&hash.to_le_bytes());
        assert!(Book::from_bytes(&empty)
            .unwrap_err()
            .to_string()
            .contains("no layer"));
        // Nor may the layer repeat a key of the plies below it.
        let mut repeated = book.clone();
        repeated.deep[0].0 = repeated.keys[0];
        repeated.deep.sort_unstable();
        assert!(Book::from_bytes(&repeated.to_bytes())
            .unwrap_err()
            .to_string()
            .contains("holds a position of the book's plies"));
    }

    #[test]
    fn a_wrong_layer_is_found() {
        let size = Size::new(5, 4).unwrap();
        let book = with_layer(&small_book(size, 4));
        // A position missing.
        let mut missing = book.clone();
        missing.deep.pop();
        assert!(missing
            .check()
            .unwrap_err()
            .to_string()
            .contains("layers past the frontier have"));
        // A score its parent does not allow: above what the parent's
        // score leaves it.
        let deep = book.deep_positions::<u64>(1);
        let (position, moves) = &deep[0];
        let parent = Connect4::from_move_string(size, &moves[..moves.len() - 1]).unwrap();
        let parent_score = book.score(&parent).unwrap();
        let index = book
            .deep
            .binary_search_by_key(&canonical_key(position), |e| e.0)
            .unwrap();
        let mut low = book.clone();
        low.deep[index].1 = (-parent_score - 1) as i8;
        low.deep[index].2 = NO_MOVE;
        let error = low.check().unwrap_err().to_string();
        assert!(
            error.contains("before it") || error.contains("has a move"),
            "{error}"
        );
        // A move where the position does not lose, missing.
        if let Some(winning) = book.deep.iter().position(|e| e.1 >= 0) {
            let mut no_move = book.clone();
            no_move.deep[winning].2 = NO_MOVE;
            assert!(no_move.check().unwrap_err().to_string().contains("no move"));
        }
        // A move string outside the layer; no entries at all.
        assert!(book.with_deep([("1234", 0, None)]).is_err());
        assert!(book.with_deep([]).is_err());
    }

    #[test]
    fn layers_past_the_layer_follow_the_book_and_its_layers() {
        let size = Size::new(5, 4).unwrap();
        // The first player's move at the frontier is the book's in layer 2.
        let one = with_layer(&with_best_moves(&small_book(size, 4)));
        let two = with_layer(&one);
        let three = with_layer(&two);
        assert_eq!((one.depth(), two.depth(), three.depth()), (1, 2, 3));
        let entries = three.check().unwrap();
        let mut solver = Solver::new(size, 16);
        for layer in 1..=3 {
            let these: Vec<&FrontierEntry> = entries.iter().filter(|e| e.layer == layer).collect();
            assert!(!these.is_empty(), "layer {layer}: {}", entries.len());
            for entry in these {
                let stones = entry.moves.len();
                assert_eq!(stones, 4 + layer as usize);
                // Every move of the side to move is the book's: the
                // first player's in layer 2, the second's (the last from
                // layer 1) in layer 3.
                assert_movers_moves_are_the_books(&three, &entry.moves);
                let position = Connect4::from_move_string(size, &entry.moves).unwrap();
                assert_eq!(
                    entry.score,
                    solver.solve(&position, false),
                    "{}",
                    entry.moves
                );
            }
        }
        // Three layers cover seven stones; a book of two, six.
        let seven = Connect4::from_move_string(size, &entries.last().unwrap().moves).unwrap();
        assert!(three.covers(&seven) && !two.covers(&seven));
        // The bytes: version 4 past one layer, read back the same.
        for book in [&two, &three] {
            let bytes = book.to_bytes();
            assert_eq!(bytes[8], 4);
            assert_eq!(Book::from_bytes(&bytes).as_ref(), Ok(book));
        }
        // Version 4 with one layer is refused: one encoding a book.
        let depth_at = HEADER_BYTES + one.keys.len() * (key_bytes(size) + 2);
        let mut bytes = two.to_bytes();
        bytes[depth_at] = 1;
        bytes.truncate(bytes.len() - 8);
        let hash = fnv1a(&bytes);
        bytes.extend_from_slice(&hash.to_le_bytes());
        assert!(Book::from_bytes(&bytes)
            .unwrap_err()
            .to_string()
            .contains("version 4 but has 1 layer"));
        // A layer's entry missing, or a layer claimed that is not there.
        let mut short = three.clone();
        short.deep.pop();
        assert!(short.check().unwrap_err().to_string().contains("expected"));
        let mut claimed = two.clone();
        claimed.depth = 3;
        assert!(claimed
            .check()
            .unwrap_err()
            .to_string()
            .contains("expected"));
    }
}
