//! PGN as cutechess writes it, and a reader for resuming, for `inarow review`
//! and for tests.
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

use std::fmt::Write as _;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use inarow_games::{Game, Outcome, Player, Variant};

use super::runner::GameRecord;
use inarow_protocol::client::start_fen;

/// The PGN text of a finished game, ending with a blank line.
#[must_use]
pub fn write_game(record: &GameRecord, event: &str, variant: Variant) -> String {
    let result = record.outcome.to_string();
    // The client's rule, which also decides what engines are sent, so the
    // PGN and the engines never differ.
    let setup = start_fen(&record.start);
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", event.to_owned()),
        ("Site", "?".to_owned()),
        ("Date", date(record.started)),
        ("Round", (record.index + 1).to_string()),
        ("White", record.players[0].clone()),
        ("Black", record.players[1].clone()),
        ("Result", result.clone()),
    ];
    if let Some(fen) = &setup {
        tags.push(("FEN", fen.clone()));
    }
    tags.push(("GameDuration", clock_time(record.duration)));
    tags.push(("PlyCount", record.moves.len().to_string()));
    if setup.is_some() {
        tags.push(("SetUp", "1".to_owned()));
    }
    tags.push(("Termination", record.termination.tag().to_owned()));
    let [white_tc, black_tc] = &record.time_controls;
    if white_tc == black_tc {
        tags.push(("TimeControl", white_tc.clone()));
    } else {
        tags.push(("BlackTimeControl", black_tc.clone()));
        tags.push(("WhiteTimeControl", white_tc.clone()));
    }
    // The whole spelling where the name alone does not settle the game.
    tags.push(("Variant", variant.uci_variant()));

    let moves: Vec<(String, Option<String>)> = record
        .moves
        .iter()
        .map(|played| (played.drop.to_string(), Some(played.comment.clone())))
        .collect();
    layout(
        &tags,
        record.start.ply(),
        &moves,
        Some(&record.reason),
        &result,
    )
}

/// The PGN text of a game: the tags in the order given, then the moves
/// numbered from `first_ply` (the stones of the start position) each with its
/// comment if it has one, the result comment and the result, on lines under
/// 80 characters; it ends with a blank line. Comments are made safe to write.
fn layout(
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

/// `hh:mm:ss`.
fn clock_time(duration: Duration) -> String {
    let secs = duration.as_secs();
    format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// The UTC date as PGN writes it: `2026.11.22`.
fn date(time: SystemTime) -> String {
    let Ok(since_epoch) = time.duration_since(UNIX_EPOCH) else {
        return "????.??.??".to_owned();
    };
    let (year, month, day) = civil_from_days((since_epoch.as_secs() / 86_400) as i64);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The proleptic Gregorian date of a day counted from 1970-01-01
/// (H. Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// A game read from a PGN file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// The tags, in file order.
    pub tags: Vec<(String, String)>,
    /// The moves, as written.
    pub moves: Vec<String>,
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
            .map(|(played, comment)| (played.clone(), comment.clone()))
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
                game.moves.push(text);
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
                    if word == "*" || word.parse::<Outcome>().is_ok() {
                        return Some(Token::Result(word));
                    }
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
                    if !mv.is_empty() && !"}])".contains(mv) {
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
                    '\\' => {
                        if let Some((_, escaped)) = chars.next() {
                            value.push(escaped);
                        }
                    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::runner::{PlayedMove, Termination};
    use inarow_games::{AnyGame, Size};

    const CFOUR: Variant = Variant::Connect4(Size::STANDARD);

    fn record(start: AnyGame, moves: &[&str]) -> GameRecord {
        let mut position = start;
        let moves = moves
            .iter()
            .enumerate()
            .map(|(i, text)| PlayedMove {
                drop: position.play_text(text).unwrap(),
                comment: format!("+0.{i:02}/{} 0.050s", i + 1),
            })
            .collect();
        GameRecord {
            index: 4,
            players: ["inarow \"dev\"".to_owned(), "Fairy-Stockfish".to_owned()],
            first: 1,
            start,
            moves,
            outcome: Outcome::Win(Player::First),
            termination: Termination::Normal,
            reason: "White wins with four in a row".to_owned(),
            time_controls: ["1+0.01".to_owned(), "1+0.01".to_owned()],
            // 2026-11-22 12:00 UTC.
            started: UNIX_EPOCH + Duration::from_secs(1_795_348_800),
            duration: Duration::from_secs(3725),
        }
    }

    #[test]
    fn writes_as_cutechess_does() {
        let game = record(AnyGame::new(CFOUR), &["4", "4", "3", "3", "2", "2", "5"]);
        let text = write_game(&game, "test", CFOUR);
        let expected = "[Event \"test\"]\n[Site \"?\"]\n[Date \"2026.11.22\"]\n[Round \"5\"]\n\
            [White \"inarow \\\"dev\\\"\"]\n[Black \"Fairy-Stockfish\"]\n[Result \"1-0\"]\n\
            [GameDuration \"01:02:05\"]\n[PlyCount \"7\"]\n[Termination \"normal\"]\n\
            [TimeControl \"1+0.01\"]\n[Variant \"cfour\"]\n\n\
            1. P@d1 {+0.00/1 0.050s} P@d2 {+0.01/2 0.050s} 2. P@c1 {+0.02/3 0.050s}\n\
            P@c2 {+0.03/4 0.050s} 3. P@b1 {+0.04/5 0.050s} P@b2 {+0.05/6 0.050s}\n\
            4. P@e1 {+0.06/7 0.050s} {White wins with four in a row} 1-0\n\n";
        assert_eq!(text, expected);
        assert!(text.lines().all(|line| line.len() < 80));
    }

    #[test]
    fn set_up_positions_start_with_the_right_move_number() {
        let mut start = AnyGame::new(CFOUR);
        start.play_text("4").unwrap();
        let game = record(start, &["4", "3"]);
        let text = write_game(&game, "test", CFOUR);
        assert!(text.contains("[SetUp \"1\"]"));
        assert!(text.contains(&format!("[FEN \"{}\"]", start.fen())));
        assert!(
            text.contains("\n1... P@d2 {+0.00/1 0.050s} 2. P@c1 {"),
            "{text}"
        );
    }

    #[test]
    fn reads_back_what_it_writes() {
        let mut start = AnyGame::new(Variant::TicTacToe);
        start.play_text("b2").unwrap();
        let mut game = record(start, &["a1", "c3", "a3"]);
        game.outcome = Outcome::Draw;
        game.termination = Termination::Adjudication;
        game.reason = "Draw by adjudication".to_owned();
        game.time_controls = ["0.1/move".to_owned(), "10+0.1".to_owned()];
        let mut text = write_game(&game, "e", Variant::TicTacToe);
        text.push_str(&write_game(&record(AnyGame::new(CFOUR), &[]), "e", CFOUR));
        let file = read(&text);
        assert_eq!(file.complete_bytes, text.trim_end().len());
        assert_eq!(file.games.len(), 2);
        let first = &file.games[0];
        assert_eq!(first.tag("White"), Some("inarow \"dev\""));
        assert_eq!(first.tag("Round"), Some("5"));
        assert_eq!(first.tag("Termination"), Some("adjudication"));
        assert_eq!(first.tag("WhiteTimeControl"), Some("0.1/move"));
        assert_eq!(first.tag("FEN"), Some(start.fen().as_str()));
        assert_eq!(first.moves, ["P@a1", "P@c3", "P@a3"]);
        assert_eq!(first.comments[2].as_deref(), Some("+0.02/3 0.050s"));
        assert_eq!(first.result, "1/2-1/2");
        assert_eq!(
            first.result_comment.as_deref(),
            Some("Draw by adjudication")
        );
        let second = &file.games[1];
        assert!(second.moves.is_empty());
        assert_eq!(
            second.result_comment.as_deref(),
            Some("White wins with four in a row")
        );
        assert_eq!(
            second.result.parse::<Outcome>().ok(),
            Some(Outcome::Win(Player::First))
        );
    }

    #[test]
    fn stops_at_a_game_cut_short() {
        let whole = write_game(&record(AnyGame::new(CFOUR), &["4", "4"]), "e", CFOUR);
        let mut text = whole.repeat(2);
        let complete = text.trim_end().len();
        for cut in [20, whole.len() - 6, whole.len() - 3] {
            text.truncate(2 * whole.len());
            text.push_str(&whole[..cut]);
            let file = read(&text);
            assert_eq!(file.games.len(), 2, "cut at {cut}");
            assert_eq!(file.complete_bytes, complete);
        }
        assert_eq!(read("").games.len(), 0);
        assert_eq!(read("[Event \"x").games.len(), 0);
        let unclosed = "[Event \"x\"]\n[White \"a\n[Black \"b\"]\n\n1. P@d1 *\n";
        assert_eq!(read(unclosed).games.len(), 0);
    }

    #[test]
    fn reads_other_writers_forms() {
        let text = "% escaped line\n[Event \"x\"]\n[Result \"0-1\"]\n\n\
                    1.P@d1 $1 (1. P@a1 {side line}) P@d2 ; rest of line\n2. P@c1 {c} *\n";
        let file = read(text);
        assert_eq!(file.games.len(), 1);
        let game = &file.games[0];
        assert_eq!(game.moves, ["P@d1", "P@d2", "P@c1"]);
        assert_eq!(game.comments[1].as_deref(), Some("rest of line"));
        assert_eq!(game.result, "*");
        assert_eq!("*".parse::<Outcome>().ok(), None);
    }

    #[test]
    fn suffix_annotations_are_not_part_of_the_move() {
        let text = "[Event \"x\"]\n\n1. P@d1! {c} P@d2?? 2. P@c1?! P@c2 ?? *\n";
        let file = read(text);
        assert_eq!(file.games[0].moves, ["P@d1", "P@d2", "P@c1", "P@c2"]);
        assert_eq!(file.games[0].comments[0].as_deref(), Some("c"));
    }

    #[test]
    fn writes_back_what_it_reads() {
        let mut start = AnyGame::new(CFOUR);
        start.play_text("4").unwrap();
        let mut game = record(start, &["4", "4", "4", "1", "1", "7", "7", "2"]);
        game.reason = "a long reason, to wrap the line".to_owned();
        let text = write_game(&game, "e", CFOUR);
        let read_back = read(&text);
        let first = &read_back.games[0];
        assert_eq!(first.to_pgn(start.ply()), text);
        // Moves without comments, a missing result comment, annotations.
        let mut changed = first.clone();
        changed.comments[1] = None;
        changed.moves[2].push_str("??");
        changed.result_comment = None;
        let again = read(&changed.to_pgn(start.ply()));
        assert!(again.games[0].to_pgn(start.ply()).contains("1... P@d2 {"));
        assert_eq!(again.games[0].moves, first.moves);
        assert_eq!(again.games[0].comments[1], None);
        assert_eq!(again.games[0].result_comment, None);
        assert_eq!(again.games[0].result, "1-0");
    }

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_779), (2026, 11, 22));
        assert_eq!(date(UNIX_EPOCH), "1970.01.01");
        assert_eq!(clock_time(Duration::from_secs(59)), "00:00:59");
    }
}
