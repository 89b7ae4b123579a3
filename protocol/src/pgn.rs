//! PGN, the games' text: the layout cutechess writes, and the reader that
//! `inarow match --resume`, `inarow review` and the HTTP review API read
//! games with.
//!
//! ```text
//! [Event "inarow match"]
//! [Site "?"]
//! [Date "2026.11.22"]
//! [Round "1"]
//! [White "inarow"]
//! [Black "Fairy-Stockfish"]
//! [Result "1-0"]
//! [FEN "7/7/7/7/7/3P3[PPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppp] b - - 0 1"]
//! [GameDuration "00:00:02"]
//! [PlyCount "13"]
//! [SetUp "1"]
//! [Termination "normal"]
//! [TimeControl "1+0.01"]
//! [Variant "cfour"]
//!
//! 1... P@d2 {-0.35/12 0.051s} 2. P@c1 {+0.20/14 0.048s} P@e1 {-0.31/11 0.050s}
//! ...
//! {White wins with four in a row} 1-0
//! ```
//!
//! The seven-tag roster comes first, then the other tags in alphabetical
//! order; moves are drops with a comment of score (from the mover's side),
//! depth and time; the last comment gives the result in words. Lines are kept
//! under 80 characters.
//!
//! The reader takes what other writers write too: `%` escape lines, `;`
//! comments, numeric annotation glyphs, variations (skipped) and move
//! numbers glued to moves.

use std::error::Error;
use std::fmt::{self, Write as _};

use inarow_games::{
    AnyGame, FenError, Game, MoveError, MoveText, Outcome, ParseMoveError, ParseVariantError,
    Player, Variant,
};

/// The PGN text of a game: the tags in the order given, then the moves
/// numbered from `first_ply` (the stones of the start position) each with its
/// comment if it has one, the result comment and the result, on lines under
/// 80 characters; it ends with a blank line. Comments are made safe to write.
pub fn layout(
    tags: &[(&str, String)],
    first_ply: u32,
    moves: &[(String, Option<String>)],
    result_comment: Option<&str>,
    result: &str,
) -> String {
    let mut text = String::new();
    for (name, value) in tags {
        let _ = writeln!(text, "[{name} \"{}\"]", escape(value));
    }
    text.push('\n');

    let mut units = Vec::with_capacity(moves.len() + 1);
    for (ply, (i, (played, comment))) in (first_ply..).zip(moves.iter().enumerate()) {
        let number = match Player::to_move_at(ply) {
            Player::First => format!("{}. ", ply / 2 + 1),
            Player::Second if i == 0 => format!("{}... ", ply / 2 + 1),
            Player::Second => String::new(),
        };
        units.push(match comment {
            Some(comment) => format!("{number}{played} {{{}}}", sanitize(comment)),
            None => format!("{number}{played}"),
        });
    }
    units.push(match result_comment {
        Some(comment) => format!("{{{}}} {result}", sanitize(comment)),
        None => result.to_owned(),
    });
    let mut line_length = 0;
    for unit in units {
        if line_length > 0 && line_length + 1 + unit.len() >= 80 {
            text.push('\n');
            line_length = 0;
        }
        if line_length > 0 {
            text.push(' ');
            line_length += 1;
        }
        line_length += unit.len();
        text.push_str(&unit);
    }
    text.push_str("\n\n");
    text
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A comment cannot hold `}`.
fn sanitize(comment: &str) -> String {
    comment.replace('}', ")").replace('\n', " ")
}

/// A move of a game read from PGN: its text, read once into a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// The move as written, without suffix annotations: `P@d1`, `4`.
    pub text: String,
    /// The move the text names, before a position says whether it is legal;
    /// or why the text names none.
    pub parsed: Result<MoveText, ParseMoveError>,
    /// The suffix annotation written after it: `?` or `??` where a review
    /// found an error. The reader drops those it reads: they judge the
    /// move, they do not name it.
    pub annotation: Option<&'static str>,
}

impl PgnMove {
    /// The move written as `text`, read.
    #[must_use]
    pub fn new(text: &str) -> Self {
        PgnMove {
            text: text.to_owned(),
            parsed: text.parse(),
            annotation: None,
        }
    }

    /// The move in `position`.
    ///
    /// # Errors
    /// [`MoveError::Parse`] if the text names no move, [`MoveError::Illegal`]
    /// if the move cannot be played there.
    pub fn in_position<G: Game>(&self, position: &G) -> Result<G::Move, MoveError> {
        let parsed = self
            .parsed
            .as_ref()
            .map_err(|e| MoveError::Parse(e.clone()))?;
        Ok(position.move_from_text(parsed)?)
    }
}

impl fmt::Display for PgnMove {
    /// The move as written, with its annotation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)?;
        f.write_str(self.annotation.unwrap_or_default())
    }
}

/// A game read from a PGN file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// The tags, in file order.
    pub tags: Vec<(String, String)>,
    /// The moves, in order.
    pub moves: Vec<PgnMove>,
    /// The comment after each move, if any.
    pub comments: Vec<Option<String>>,
    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// The comment before the result token that follows a move's own comment
    /// (the result in words).
    pub result_comment: Option<String>,
}

impl PgnGame {
    /// The value of a tag.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// The game as PGN text, ending with a blank line: the tags in their
    /// order, then the moves as written, numbered from `first_ply` (the
    /// stones of the start position), with their comments.
    #[must_use]
    pub fn to_pgn(&self, first_ply: u32) -> String {
        let tags: Vec<(&str, String)> = self
            .tags
            .iter()
            .map(|(name, value)| (name.as_str(), value.clone()))
            .collect();
        let moves: Vec<(String, Option<String>)> = self
            .moves
            .iter()
            .zip(self.comments.iter().chain(std::iter::repeat(&None)))
            .map(|(played, comment)| (played.to_string(), comment.clone()))
            .collect();
        let result = if self.result.is_empty() {
            "*"
        } else {
            &self.result
        };
        layout(
            &tags,
            first_ply,
            &moves,
            self.result_comment.as_deref(),
            result,
        )
    }
}

/// The games of a PGN text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnFile {
    /// The complete games, in order.
    pub games: Vec<PgnGame>,
    /// The length in bytes of the part that holds them; what follows (if
    /// anything but whitespace) is an unfinished game.
    pub complete_bytes: usize,
}

/// Reads the complete games of a PGN text, stopping at the first game that has
/// no result token (a write cut short) or cannot be read.
#[must_use]
pub fn read(text: &str) -> PgnFile {
    let mut lexer = Lexer { text, at: 0 };
    let mut file = PgnFile::default();
    let mut game = PgnGame::default();
    while let Some(token) = lexer.next() {
        match token {
            Token::Tag(name, value) => {
                if !game.moves.is_empty() {
                    // Tags after moves: the game before had no result.
                    break;
                }
                game.tags.push((name, value));
            }
            Token::Comment(comment) => match game.comments.last_mut() {
                Some(slot @ None) => *slot = Some(comment),
                _ => game.result_comment = Some(comment),
            },
            Token::Move(text) => {
                // A comment that more moves follow (before the first move,
                // or a move's second) is not the result's: it is not kept.
                game.result_comment = None;
                game.moves.push(PgnMove::new(&text));
                game.comments.push(None);
            }
            Token::Result(result) => {
                game.result = result;
                file.games.push(std::mem::take(&mut game));
                file.complete_bytes = lexer.at;
            }
            Token::Broken => break,
        }
    }
    file
}

enum Token {
    Tag(String, String),
    Comment(String),
    Move(String),
    Result(String),
    /// Text that cannot be read (an unclosed tag or comment).
    Broken,
}

struct Lexer<'a> {
    text: &'a str,
    at: usize,
}

impl Lexer<'_> {
    fn rest(&self) -> &str {
        &self.text[self.at..]
    }

    fn skip_line(&mut self) {
        self.at = match self.rest().find('\n') {
            Some(end) => self.at + end + 1,
            None => self.text.len(),
        };
    }

    fn next(&mut self) -> Option<Token> {
        loop {
            let rest = self.rest();
            let skipped = rest.len() - rest.trim_start().len();
            self.at += skipped;
            let trimmed = self.rest();
            let at_line_start = self.at == 0 || self.text[..self.at].ends_with('\n');
            let c = trimmed.chars().next()?;
            match c {
                '%' if at_line_start => self.skip_line(),
                ';' => {
                    let start = self.at + 1;
                    self.skip_line();
                    return Some(Token::Comment(self.text[start..self.at].trim().to_owned()));
                }
                '[' => return Some(self.tag()),
                '{' => {
                    let Some(end) = trimmed.find('}') else {
                        return Some(Token::Broken);
                    };
                    let comment = trimmed[1..end].trim().to_owned();
                    self.at += end + 1;
                    return Some(Token::Comment(comment));
                }
                '(' => {
                    if !self.skip_variation() {
                        return Some(Token::Broken);
                    }
                }
                '$' => self.word(),
                _ => {
                    let word = self.word_text();
                    // Move numbers (`12.`, `12...`), possibly glued to a move.
                    let digits = word.trim_start_matches(|c: char| c.is_ascii_digit());
                    let mv = if digits.len() < word.len() && digits.starts_with('.') {
                        digits.trim_start_matches('.')
                    } else {
                        word.as_str()
                    };
                    // Suffix annotations (`?`, `??`, `!?`, ...) judge the
                    // move; they are not part of it.
                    let mv = mv.trim_end_matches(['?', '!']);
                    // The result, alone or (as the fuzz target found) glued
                    // to a move number or annotated: never a move.
                    if mv == "*" || mv.parse::<Outcome>().is_ok() {
                        return Some(Token::Result(mv.to_owned()));
                    }
                    // A glyph glued to a move number (`4.$1`) is a glyph.
                    if !mv.is_empty() && !"}])".contains(mv) && !mv.starts_with('$') {
                        return Some(Token::Move(mv.to_owned()));
                    }
                }
            }
        }
    }

    /// Skips a word; returns nothing.
    fn word(&mut self) {
        let _ = self.word_text();
    }

    fn word_text(&mut self) -> String {
        let rest = self.rest();
        let end = rest
            .find(|c: char| c.is_whitespace() || "{}[]();".contains(c))
            .unwrap_or(rest.len())
            .max(1.min(rest.len()));
        let word = rest[..end].to_owned();
        self.at += end;
        word
    }

    fn skip_variation(&mut self) -> bool {
        let mut depth = 0usize;
        let mut in_comment = false;
        for (i, c) in self.rest().char_indices() {
            match c {
                '{' if !in_comment => in_comment = true,
                '}' if in_comment => in_comment = false,
                '(' if !in_comment => depth += 1,
                ')' if !in_comment => {
                    depth -= 1;
                    if depth == 0 {
                        self.at += i + 1;
                        return true;
                    }
                }
                _ => {}
            }
        }
        false
    }

    fn tag(&mut self) -> Token {
        let rest = self.rest();
        // `[Name "value"]`, with `\"` and `\\` escapes in the value.
        let mut chars = rest.char_indices().skip(1).peekable();
        let mut name = String::new();
        while let Some(&(_, c)) = chars.peek() {
            if c.is_whitespace() || c == '"' || c == ']' {
                break;
            }
            name.push(c);
            chars.next();
        }
        while chars.peek().is_some_and(|&(_, c)| c.is_whitespace()) {
            chars.next();
        }
        let mut value = String::new();
        if chars.peek().is_some_and(|&(_, c)| c == '"') {
            chars.next();
            let mut closed = false;
            while let Some((_, c)) = chars.next() {
                match c {
                    // A backslash escapes the next character, but not
                    // the end of the line (the fuzz target found that).
                    '\\' => match chars.next() {
                        Some((_, '\n')) | None => break,
                        Some((_, escaped)) => value.push(escaped),
                    },
                    '"' => {
                        closed = true;
                        break;
                    }
                    // A value ends on its line: an unclosed one would
                    // swallow the tags that follow.
                    '\n' => break,
                    c => value.push(c),
                }
            }
            if !closed {
                return Token::Broken;
            }
        }
        for (i, c) in chars {
            if c == ']' {
                self.at += i + 1;
                return Token::Tag(name, value);
            }
            if c == '\n' {
                break;
            }
        }
        Token::Broken
    }
}

/// A part of a PGN text that cannot be read as a game: a game without a
/// result, or an unclosed tag, comment or variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnreadableGame {
    /// The line it starts on, from 1.
    pub line: usize,
    /// Its first characters, at most 40 of its first line.
    pub excerpt: String,
    /// The line of the next `[Event` tag, where reading resumes; `None` if
    /// the rest of the text holds none.
    pub resumes_at: Option<usize>,
}

impl fmt::Display for UnreadableGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}: cannot read the game from here ('{}'): \
             a game without a result, or an unclosed tag, comment or variation; ",
            self.line, self.excerpt
        )?;
        match self.resumes_at {
            Some(line) => write!(f, "reading resumes at line {line}"),
            None => f.write_str("the rest of the text is not reviewed"),
        }
    }
}

impl Error for UnreadableGame {}

/// Reads the games of a PGN text in order: each game, or why the text from
/// some line on cannot be read (then reading resumes at the next `[Event`
/// tag, if there is one, even in the middle of a line).
pub fn for_each_game(text: &str, mut each: impl FnMut(Result<PgnGame, UnreadableGame>)) {
    let line_of = |at: usize| text[..at].matches('\n').count() + 1;
    let mut at = 0;
    while at < text.len() {
        let rest = &text[at..];
        let file = read(rest);
        for game in file.games {
            each(Ok(game));
        }
        let tail = &rest[file.complete_bytes..];
        if tail.trim().is_empty() {
            break;
        }
        let start = at + file.complete_bytes + (tail.len() - tail.trim_start().len());
        let excerpt: String = text[start..]
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(40)
            .collect();
        // The next `[Event` tag after the one that failed, wherever it is
        // on its line: a game may follow garbage on the same line.
        let after = start + text[start..].chars().next().map_or(1, char::len_utf8);
        let next = text[after..].find("[Event ").map(|found| after + found);
        each(Err(UnreadableGame {
            line: line_of(start),
            excerpt,
            resumes_at: next.map(line_of),
        }));
        match next {
            Some(next) => at = next,
            None => break,
        }
    }
}

/// Why a game's start position cannot be set up from its tags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// The game has no `Variant` tag.
    NoVariant,
    /// The `Variant` tag names no game inarow plays.
    Variant(ParseVariantError),
    /// The `FEN` tag is not a position of the game.
    Fen {
        /// The tag's value.
        fen: String,
        /// Why it is not a position.
        error: FenError,
    },
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::NoVariant => write!(
                f,
                "no Variant tag: inarow reviews {} games",
                Variant::NAMES.join(" and ")
            ),
            StartError::Variant(error) => error.fmt(f),
            StartError::Fen { fen, error } => write!(f, "FEN '{fen}': {error}"),
        }
    }
}

impl Error for StartError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            StartError::NoVariant => None,
            StartError::Variant(error) => Some(error),
            StartError::Fen { error, .. } => Some(error),
        }
    }
}

/// The position a game starts from: its `Variant` tag, and its `FEN` tag if any.
///
/// # Errors
/// [`StartError`] if the tags give no position.
pub fn start_position(game: &PgnGame) -> Result<AnyGame, StartError> {
    let variant: Variant = game
        .tag("Variant")
        .ok_or(StartError::NoVariant)?
        .parse()
        .map_err(StartError::Variant)?;
    let fen = game.tag("FEN");
    AnyGame::from_setup(variant, fen).map_err(|error| StartError::Fen {
        fen: fen.unwrap_or_default().to_owned(),
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The moves of a game as written.
    fn texts(game: &PgnGame) -> Vec<&str> {
        game.moves.iter().map(|m| m.text.as_str()).collect()
    }

    #[test]
    fn reading_resumes_at_an_event_tag_after_garbage_on_its_line() {
        let text = "[Event \"a\"]\n1. P@d1 {open\ngarbage [Event \"b\"]\n\n1. P@d1 *\n";
        let mut games = Vec::new();
        let mut errors = Vec::new();
        for_each_game(text, |game| match game {
            Ok(game) => games.push(game),
            Err(e) => errors.push(e),
        });
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].to_string().ends_with("reading resumes at line 3"),
            "{errors:?}"
        );
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tag("Event"), Some("b"));
    }

    #[test]
    fn reads_other_writers_forms() {
        let text = "% escaped line\n[Event \"x\"]\n[Result \"0-1\"]\n\n\
                    1.P@d1 $1 (1. P@a1 {side line}) P@d2 ; rest of line\n2. P@c1 {c} *\n";
        let file = read(text);
        assert_eq!(file.games.len(), 1);
        let game = &file.games[0];
        assert_eq!(texts(game), ["P@d1", "P@d2", "P@c1"]);
        assert_eq!(game.comments[1].as_deref(), Some("rest of line"));
        assert_eq!(game.result, "*");
        assert_eq!("*".parse::<Outcome>().ok(), None);
    }

    #[test]
    fn a_comment_before_the_moves_is_not_the_result_comment() {
        // Found by the pgn fuzz target: it was kept as the result's comment,
        // written after the last move, and read back as that move's own.
        let file = read("[Event \"x\"]\n\n{a game comment} 1. P@d1 P@d2 *\n");
        let game = &file.games[0];
        assert_eq!(game.result_comment, None);
        assert_eq!(game.comments, [None, None]);
        let written = game.to_pgn(0);
        assert_eq!(read(&written).games[0], *game);
        // Found by the pgn fuzz target too: a glyph after a move number was
        // read as a move, and written back as a glyph.
        assert_eq!(
            texts(&read("1. P@d1 2.$1 P@d2 *").games[0]),
            ["P@d1", "P@d2"]
        );
        // A tag value does not go on past its line after a backslash.
        assert!(read("[Event \"a\\\n\"]\n1. P@d1 *").games.is_empty());
        // And a result glued to a move number was read as a move.
        let glued = read("1. P@d1 2.* 1. P@a1 1-0!");
        assert_eq!(glued.games.len(), 2);
        assert_eq!(glued.games[0].result, "*");
        assert_eq!(glued.games[1].result, "1-0");
        let second = read("1. P@d1 {a} {b} P@d2 *").games[0].clone();
        assert_eq!(second.comments, [Some("a".to_owned()), None]);
        assert_eq!(second.result_comment, None);
        let empty = read("[Event \"x\"]\n\n{White wins} 1-0\n");
        assert_eq!(empty.games[0].result_comment.as_deref(), Some("White wins"));
    }

    #[test]
    fn suffix_annotations_are_not_part_of_the_move() {
        let text = "[Event \"x\"]\n\n1. P@d1! {c} P@d2?? 2. P@c1?! P@c2 ?? *\n";
        let file = read(text);
        assert_eq!(texts(&file.games[0]), ["P@d1", "P@d2", "P@c1", "P@c2"]);
        assert_eq!(file.games[0].comments[0].as_deref(), Some("c"));
    }
}
