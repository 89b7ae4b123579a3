//! The Piskvork protocol, as the Gomocup manager, piskvork, c-gomoku-cli and
//! Yixin-Board speak it to a gomoku "brain": lines parsed into a typed
//! [`Command`] (or a [`BoardLine`] between `BOARD` and `DONE`), answers as a
//! typed [`Response`], and a [`PiskvorkSession`] that keeps the board and
//! searches when the brain is to move. `docs/PROTOCOL.md` is the contract.
//!
//! Coordinates are `x,y` from 0: `x` is the column from the left, `y` the row
//! from the **top**; inarow's [`Drop`] counts ranks from the bottom.
//!
//! The protocol is turn-based, so the session searches on the thread that
//! reads: a command is answered before the next line is read.

use std::error::Error;
use std::fmt;
use std::io::{BufRead, Write};
use std::str::FromStr;
use std::time::{Duration, Instant};

use inarow_engine::{max_threads, AnySearcher, Clock, Limits, Signals};
use inarow_games::{AnyGame, Drop, Game, Outcome, Player, Rules, Variant, WinRule};

use crate::input::{LineReader, MAX_LINE_BYTES};
use crate::session::Flow;

/// The engine's name in the answer to `ABOUT`.
pub const NAME: &str = "inarow";
/// The engine's version in the answer to `ABOUT`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// The line length that wins: gomoku's five.
pub const FIVE: usize = 5;

/// Rule bit: exactly five wins, a longer line does not (else five or more).
pub const RULE_EXACT_FIVE: u32 = 1;
/// Rule bit: continuous game (not supported).
pub const RULE_CONTINUOUS: u32 = 2;
/// Rule bit: renju.
pub const RULE_RENJU: u32 = 4;
/// Rule bit: caro.
pub const RULE_CARO: u32 = 8;

/// The rule an `INFO rule` bitmask asks for: 0 free-style, 1 exactly five,
/// 4 renju and 8 caro (with bit 1 too, as renju and caro are exactly five
/// already).
///
/// # Errors
/// What is not offered: a continuous game (bit 2), renju with caro, or
/// bits past 8.
pub fn win_rule(bits: u32) -> Result<WinRule, String> {
    let offered = "offered: 0 free-style, 1 exactly five, 4 renju, 8 caro";
    if bits & RULE_CONTINUOUS != 0 {
        return Err(format!(
            "rule {bits}: a continuous game (2) is not played ({offered})"
        ));
    }
    match bits & !RULE_EXACT_FIVE {
        0 if bits == 0 => Ok(WinRule::Freestyle),
        0 => Ok(WinRule::Standard),
        RULE_RENJU => Ok(WinRule::Renju),
        RULE_CARO => Ok(WinRule::Caro),
        _ => Err(format!("rule {bits}: not a rule inarow plays ({offered})")),
    }
}

/// A cell of the board: column `x` from the left, row `y` from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Point {
    /// The column, 0 at the left.
    pub x: u32,
    /// The row, 0 at the top.
    pub y: u32,
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl FromStr for Point {
    type Err = CommandError;

    /// Reads `x,y` (spaces around the numbers allowed).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || CommandError::Point(text.trim().to_owned());
        let (x, y) = text.split_once(',').ok_or_else(bad)?;
        Ok(Point {
            x: x.trim().parse().map_err(|_| bad())?,
            y: y.trim().parse().map_err(|_| bad())?,
        })
    }
}

/// Whose stone a line between `BOARD` and `DONE` gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// `1`: the brain's own stone.
    Own,
    /// `2`: the opponent's stone.
    Opponent,
    /// `3`: a stone of a winning line in a continuous game (not supported).
    Winning,
}

/// One line between `BOARD` and `DONE`: `x,y,field`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLine {
    /// The cell.
    pub point: Point,
    /// Whose stone is on it.
    pub field: Field,
}

impl FromStr for BoardLine {
    type Err = CommandError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let (point, field) = text
            .rsplit_once(',')
            .ok_or_else(|| CommandError::BoardLine(text.to_owned()))?;
        let point = point
            .parse()
            .map_err(|_| CommandError::BoardLine(text.to_owned()))?;
        let field = match field.trim() {
            "1" => Field::Own,
            "2" => Field::Opponent,
            "3" => Field::Winning,
            other => return Err(CommandError::Field(other.to_owned())),
        };
        Ok(BoardLine { point, field })
    }
}

/// `INFO key value`: what the manager tells the brain; never answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Info {
    /// `timeout_turn`: milliseconds per move at most; 0 = as fast as possible.
    TimeoutTurn(u64),
    /// `timeout_match`: milliseconds for the whole game; 0 = no limit.
    TimeoutMatch(u64),
    /// `time_left`: milliseconds left for the game (negative reads as 0).
    TimeLeft(u64),
    /// `max_memory`: bytes the brain may use; 0 = no limit.
    MaxMemory(u64),
    /// `game_type`: 0 human opponent, 1 brain, 2 tournament, 3 network tournament.
    GameType(u32),
    /// `rule`: a bitmask of `RULE_*`.
    Rule(u32),
    /// `evaluate x,y`: where the user's mouse is (ignored).
    Evaluate(String),
    /// `folder`: a directory for persistent files (ignored).
    Folder(String),
    /// `max_depth` (Yixin-Board's extension): plies to search at most.
    MaxDepth(u32),
    /// `max_node` (Yixin-Board's extension): nodes to search at most.
    MaxNode(u64),
    /// `thread_num` (Yixin-Board's extension): search threads.
    ThreadNum(usize),
    /// Any other key, ignored as the protocol asks.
    Other {
        /// The key.
        key: String,
        /// The rest of the line.
        value: String,
    },
}

/// One line from the manager (the lines of a `BOARD` are [`BoardLine`]s).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START n` (a square board) or `RECTSTART w,h`: a new game; answered `OK`.
    Start {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// `RESTART`: empty the board; answered `OK`.
    Restart,
    /// `BEGIN`: the brain opens; answered with its move.
    Begin,
    /// `TURN x,y`: the opponent's move; answered with the brain's.
    Turn(Point),
    /// `BOARD`: a whole position follows, line by line, up to `DONE`.
    Board,
    /// `YXBOARD` (Yixin-Board's extension): as `BOARD`, but the brain only
    /// takes the position and does not move.
    YxBoard,
    /// `YXSHOWFORBID` (Yixin-Board's extension): answered `FORBID` with the
    /// points the side to move may not play (under renju, Black's
    /// forbidden points), each as `xxyy`, then `.`.
    ShowForbid,
    /// `TAKEBACK x,y`: remove that stone; answered `OK`.
    Takeback(Point),
    /// `INFO key value`.
    Info(Info),
    /// `ABOUT`: answered with the brain's name, version, author and country.
    About,
    /// `END`: the brain exits.
    End,
    /// `YXSTOP` (Yixin-Board's extension): stop thinking. The session thinks
    /// before it reads on, so there is never anything to stop.
    Stop,
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// A command this brain does not know: answered `UNKNOWN`.
    Unknown(String),
    /// A known command with the wrong arguments.
    Usage {
        /// The command.
        command: &'static str,
        /// Its arguments, as they should be.
        usage: &'static str,
    },
    /// Not a coordinate pair `x,y`.
    Point(String),
    /// Not a number where one was due.
    Number {
        /// What the number is.
        what: String,
        /// The text given.
        text: String,
    },
    /// A line between `BOARD` and `DONE` that is not `x,y,field`.
    BoardLine(String),
    /// A field in a board line that is not 1, 2 or 3.
    Field(String),
    /// A number that makes no sense for its key (a negative time, no threads).
    Range {
        /// What the number is.
        what: &'static str,
        /// The text given.
        text: String,
        /// What it may be.
        expected: &'static str,
    },
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(line) => write!(f, "unknown command '{line}'"),
            CommandError::Usage { command, usage } => write!(f, "usage: {command} {usage}"),
            CommandError::Point(text) => write!(f, "'{text}' is not a point x,y"),
            CommandError::Number { what, text } => {
                write!(f, "{what}: '{text}' is not a valid number")
            }
            CommandError::BoardLine(text) => {
                write!(f, "'{text}' is not a board line x,y,field (or DONE)")
            }
            CommandError::Field(text) => write!(f, "field '{text}' is not 1, 2 or 3"),
            CommandError::Range {
                what,
                text,
                expected,
            } => write!(f, "{what}: '{text}' is out of range (expected {expected})"),
        }
    }
}

impl Error for CommandError {}

fn number<T: FromStr>(text: &str, what: &str) -> Result<T, CommandError> {
    text.trim().parse().map_err(|_| CommandError::Number {
        what: what.to_owned(),
        text: text.trim().to_owned(),
    })
}

/// Milliseconds left, where a late manager may send a negative number.
fn millis_left(text: &str, what: &str) -> Result<u64, CommandError> {
    let ms: i64 = number(text, what)?;
    Ok(ms.max(0) as u64)
}

/// Milliseconds of a time limit: 0 or more (0 has its own meaning).
fn millis(text: &str, what: &'static str) -> Result<u64, CommandError> {
    let ms: i64 = number(text, what)?;
    u64::try_from(ms).map_err(|_| CommandError::Range {
        what,
        text: text.trim().to_owned(),
        expected: "0 or more milliseconds",
    })
}

impl FromStr for Info {
    type Err = CommandError;

    /// Reads what follows `INFO`: a key and its value.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let (key, value) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let value = value.trim();
        if key.is_empty() {
            return Err(CommandError::Usage {
                command: "INFO",
                usage: "key value",
            });
        }
        Ok(match key.to_ascii_lowercase().as_str() {
            "timeout_turn" => Info::TimeoutTurn(millis(value, "timeout_turn")?),
            "timeout_match" => Info::TimeoutMatch(millis(value, "timeout_match")?),
            "time_left" => Info::TimeLeft(millis_left(value, "time_left")?),
            "max_memory" => Info::MaxMemory(number(value, "max_memory")?),
            "game_type" => Info::GameType(number(value, "game_type")?),
            "rule" => Info::Rule(number(value, "rule")?),
            "evaluate" => Info::Evaluate(value.to_owned()),
            "folder" => Info::Folder(value.to_owned()),
            "max_depth" => Info::MaxDepth(number(value, "max_depth")?),
            "max_node" => Info::MaxNode(number(value, "max_node")?),
            "thread_num" => match number(value, "thread_num")? {
                0 => {
                    return Err(CommandError::Range {
                        what: "thread_num",
                        text: value.to_owned(),
                        expected: "1 or more threads",
                    })
                }
                threads => Info::ThreadNum(threads),
            },
            _ => Info::Other {
                key: key.to_owned(),
                value: value.to_owned(),
            },
        })
    }
}

impl FromStr for Command {
    type Err = CommandError;

    /// Reads one line; command names in any case, as the protocol allows.
    fn from_str(line: &str) -> Result<Self, Self::Err> {
        let line = line.trim();
        let (name, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let name = name.to_ascii_uppercase();
        let bare = |command: Command, name: &'static str| {
            if rest.is_empty() {
                Ok(command)
            } else {
                Err(CommandError::Usage {
                    command: name,
                    usage: "(no arguments)",
                })
            }
        };
        let point = |command: &'static str| {
            rest.parse::<Point>().map_err(|_| CommandError::Usage {
                command,
                usage: "x,y (two numbers from 0)",
            })
        };
        match name.as_str() {
            "START" => {
                if rest.is_empty() || rest.contains(char::is_whitespace) {
                    return Err(CommandError::Usage {
                        command: "START",
                        usage: "size",
                    });
                }
                let size = number(rest, "START size")?;
                Ok(Command::Start {
                    width: size,
                    height: size,
                })
            }
            "RECTSTART" => {
                let (width, height) = rest.split_once(',').ok_or(CommandError::Usage {
                    command: "RECTSTART",
                    usage: "width,height",
                })?;
                Ok(Command::Start {
                    width: number(width, "RECTSTART width")?,
                    height: number(height, "RECTSTART height")?,
                })
            }
            "RESTART" => bare(Command::Restart, "RESTART"),
            "BEGIN" => bare(Command::Begin, "BEGIN"),
            "BOARD" => bare(Command::Board, "BOARD"),
            "YXBOARD" => bare(Command::YxBoard, "YXBOARD"),
            "YXSHOWFORBID" => bare(Command::ShowForbid, "YXSHOWFORBID"),
            "ABOUT" => bare(Command::About, "ABOUT"),
            "END" => bare(Command::End, "END"),
            "YXSTOP" => bare(Command::Stop, "YXSTOP"),
            "TURN" => Ok(Command::Turn(point("TURN")?)),
            "TAKEBACK" => Ok(Command::Takeback(point("TAKEBACK")?)),
            "INFO" => Ok(Command::Info(rest.parse()?)),
            _ => Err(CommandError::Unknown(line.to_owned())),
        }
    }
}

/// One line to the manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    /// `OK`.
    Ok,
    /// The brain's move, `x,y`.
    Move(Point),
    /// `ERROR message`: the command failed; the session goes on.
    Error(String),
    /// `UNKNOWN message`: a command the brain does not know.
    Unknown(String),
    /// `MESSAGE text`: for the user (the search's summary).
    Message(String),
    /// The answer to `ABOUT`.
    About,
    /// The answer to `YXSHOWFORBID`: `FORBID 0707 0809.`, or `FORBID .`
    /// where nothing is forbidden.
    Forbid(Vec<Point>),
}

impl fmt::Display for Response {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One line each: a message never carries a line break.
        let line = |text: &str| text.replace(['\r', '\n'], " ");
        match self {
            Response::Ok => f.write_str("OK"),
            Response::Move(point) => write!(f, "{point}"),
            Response::Error(text) => write!(f, "ERROR {}", line(text)),
            Response::Unknown(text) => write!(f, "UNKNOWN {}", line(text)),
            Response::Message(text) => write!(f, "MESSAGE {}", line(text)),
            Response::Forbid(points) => {
                f.write_str("FORBID ")?;
                for point in points {
                    write!(f, "{:02}{:02}", point.x, point.y)?;
                }
                f.write_str(".")
            }
            Response::About => write!(
                f,
                "name=\"{NAME}\", version=\"{VERSION}\", author=\"{}\", country=\"-\"",
                crate::session::ENGINE_AUTHOR
            ),
        }
    }
}

/// How the brain runs, from its command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Transposition table size in MiB (less if `INFO max_memory` asks).
    pub hash_mib: usize,
    /// Search threads (unless `INFO thread_num` says otherwise).
    pub threads: usize,
    /// Time per move when the manager sets no limit at all.
    pub default_turn: Duration,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            hash_mib: 64,
            threads: 1,
            default_turn: DEFAULT_TURN,
        }
    }
}

/// Time per move when neither `timeout_turn` nor `timeout_match` limits it.
pub const DEFAULT_TURN: Duration = Duration::from_secs(2);
/// Time per move for `timeout_turn 0`: "as fast as possible".
const FASTEST_TURN: Duration = Duration::from_millis(20);
/// Time kept back from `timeout_turn` for the answer to reach the manager.
const TURN_MARGIN: Duration = Duration::from_millis(30);
/// Time kept back per move from the game's clock.
const CLOCK_OVERHEAD: Duration = Duration::from_millis(50);

/// What the manager said about time and strength (`INFO`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// `timeout_turn` in ms.
    pub turn: Option<u64>,
    /// `timeout_match` in ms (0 = no limit).
    pub game: Option<u64>,
    /// `time_left` in ms.
    pub left: Option<u64>,
    /// `max_depth`.
    pub depth: Option<u32>,
    /// `max_node`.
    pub nodes: Option<u64>,
}

impl TimeControl {
    /// The limits of one search starting `now`: within `timeout_turn` less a
    /// margin, and, with a game clock, a share of what is left of it.
    #[must_use]
    pub fn limits(&self, default_turn: Duration, now: Instant) -> Limits {
        let turn = match self.turn {
            Some(0) => Some(FASTEST_TURN),
            Some(ms) => {
                let turn = Duration::from_millis(ms);
                // The margin: 30 ms, or a tenth of a short turn.
                Some(
                    turn.saturating_sub(TURN_MARGIN.min(turn / 10))
                        .max(Duration::from_millis(1)),
                )
            }
            None => None,
        };
        let clock = match self.game {
            Some(game) if game > 0 => Some(Clock {
                time: Duration::from_millis(self.left.unwrap_or(game)),
                increment: Duration::ZERO,
                moves_to_go: None,
            }),
            _ => None,
        };
        let mut limits = Limits {
            depth: self.depth.filter(|&d| d > 0),
            nodes: self.nodes.filter(|&n| n > 0),
            multipv: 1,
            ..Limits::default()
        };
        match (clock, turn) {
            (Some(clock), turn) => {
                limits.clock = Some(clock);
                limits.overhead = CLOCK_OVERHEAD;
                limits.deadline = turn.map(|turn| now + turn);
            }
            (None, Some(turn)) => limits.movetime = Some(turn),
            (None, None) if limits.depth.is_none() && limits.nodes.is_none() => {
                limits.movetime = Some(default_turn);
            }
            (None, None) => {}
        }
        limits
    }
}

/// Whose stone is on a cell, seen from the brain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Own,
    Opponent,
}

/// The board of the current game.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Board {
    width: usize,
    height: usize,
    /// Row by row from the top: `cells[y * width + x]`.
    cells: Vec<Option<Side>>,
    /// The stones in the order they came (renju's forbidden moves depend on
    /// it).
    order: Vec<Point>,
}

impl Board {
    fn new(width: usize, height: usize) -> Self {
        Board {
            width,
            height,
            cells: vec![None; width * height],
            order: Vec::new(),
        }
    }

    fn index(&self, point: Point) -> Result<usize, String> {
        let (x, y) = (point.x as usize, point.y as usize);
        if x < self.width && y < self.height {
            Ok(y * self.width + x)
        } else {
            Err(format!(
                "{point} is off the {}x{} board",
                self.width, self.height
            ))
        }
    }

    /// Puts a stone on an empty cell.
    fn place(&mut self, point: Point, side: Side) -> Result<(), String> {
        let index = self.index(point)?;
        if self.cells[index].is_some() {
            return Err(format!("{point} is not empty"));
        }
        self.cells[index] = Some(side);
        self.order.push(point);
        Ok(())
    }

    /// Takes the stone off `point`.
    fn take_back(&mut self, point: Point) -> Result<(), String> {
        let index = self.index(point)?;
        if self.cells[index].take().is_none() {
            return Err(format!("{point} is empty: nothing to take back"));
        }
        self.order.retain(|&p| p != point);
        Ok(())
    }

    /// The square of `point` (inarow's ranks count from the bottom).
    fn drop_of(&self, point: Point) -> Drop {
        Drop {
            file: point.x as u8,
            rank: (self.height - 1 - point.y as usize) as u8,
        }
    }

    /// Under renju, refuses a board where Black made a forbidden move: a
    /// stone that was forbidden on the stones that came before it.
    fn check_forbidden(&self, variant: Variant, own: Player) -> Result<(), String> {
        let stones: Vec<(Drop, Player)> = self
            .order
            .iter()
            .map(|&point| {
                let side = self.cells[point.y as usize * self.width + point.x as usize];
                let player = match side {
                    Some(Side::Own) => own,
                    _ => own.other(),
                };
                (self.drop_of(point), player)
            })
            .collect();
        match AnyGame::first_forbidden(variant, &stones) {
            Some((square, shape)) => Err(format!(
                "Black's stone on {} is forbidden under renju: it makes {shape}; \
                 the board is unchanged",
                self.point(square)
            )),
            None => Ok(()),
        }
    }

    fn count(&self, side: Side) -> usize {
        self.cells.iter().filter(|&&c| c == Some(side)).count()
    }

    /// Who is to move, judged by the counts: the brain, unless it has one
    /// stone more than the opponent; and which player the brain is.
    fn mover(&self) -> Result<(Side, Player), String> {
        let (own, opponent) = (self.count(Side::Own), self.count(Side::Opponent));
        if own == opponent {
            Ok((Side::Own, Player::First))
        } else if opponent == own + 1 {
            Ok((Side::Own, Player::Second))
        } else if own == opponent + 1 {
            Ok((Side::Opponent, Player::First))
        } else {
            Err(format!(
                "{own} own stones and {opponent} of the opponent's: moves do not alternate"
            ))
        }
    }

    /// The position for inarow's game of `variant`, and who is to move.
    fn position(&self, variant: Variant) -> Result<(AnyGame, Side), String> {
        let (mover, own) = self.mover()?;
        self.check_forbidden(variant, own)?;
        let player = |side| match side {
            Side::Own => own,
            Side::Opponent => own.other(),
        };
        // inarow's ranks count from the bottom.
        let cells = (0..self.height)
            .rev()
            .map(|y| {
                self.cells[y * self.width..(y + 1) * self.width]
                    .iter()
                    .map(|c| c.map(player))
                    .collect()
            })
            .collect();
        let position = AnyGame::from_cells(variant, cells).map_err(|e| e.to_string())?;
        match position.outcome() {
            Some(Outcome::Draw) => Err("the board is full".to_owned()),
            Some(Outcome::Win(winner)) => Err(format!(
                "the game is over: {} has five",
                if winner == player(Side::Own) {
                    "the brain"
                } else {
                    "the opponent"
                }
            )),
            None => Ok((position, mover)),
        }
    }

    fn point(&self, drop: Drop) -> Point {
        Point {
            x: u32::from(drop.file),
            y: (self.height - 1 - usize::from(drop.rank)) as u32,
        }
    }
}

/// A `BOARD` being read, up to `DONE`.
#[derive(Debug)]
struct Pending {
    stones: Vec<BoardLine>,
    /// The board's cells: no more lines than that are kept.
    cells: usize,
    /// The first bad line, reported at `DONE`.
    error: Option<String>,
    /// Whether the brain moves at `DONE` (`BOARD`), or only takes the
    /// position (`YXBOARD`).
    moves: bool,
}

impl Pending {
    fn new(cells: usize) -> Self {
        Pending {
            stones: Vec::new(),
            cells,
            error: None,
            moves: true,
        }
    }

    /// Takes one line of the board.
    fn add(&mut self, line: &str) {
        if self.error.is_some() {
            return;
        }
        if self.stones.len() == self.cells {
            self.error = Some(format!("more lines than the board's {} cells", self.cells));
            return;
        }
        match line.parse::<BoardLine>() {
            Ok(stone) => self.stones.push(stone),
            Err(e) => self.error = Some(e.to_string()),
        }
    }
}

/// A Piskvork brain writing its answers to `W`.
pub struct PiskvorkSession<W: Write> {
    out: W,
    settings: Settings,
    searcher: AnySearcher,
    hash_mib: usize,
    /// `None` before `START`.
    board: Option<Board>,
    pending: Option<Pending>,
    time: TimeControl,
    rule: WinRule,
}

impl<W: Write> PiskvorkSession<W> {
    /// A brain with no game yet (the manager starts one with `START`).
    pub fn new(out: W, settings: Settings) -> Self {
        let mut searcher = AnySearcher::new(settings.hash_mib);
        searcher.set_threads(settings.threads);
        PiskvorkSession {
            out,
            settings,
            searcher,
            hash_mib: settings.hash_mib,
            board: None,
            pending: None,
            time: TimeControl::default(),
            rule: WinRule::Freestyle,
        }
    }

    /// The writer the session answers to.
    pub fn output(&self) -> &W {
        &self.out
    }

    /// Reads and answers lines until `END` or the end of the input.
    ///
    /// Lines are read as bytes, at most [`MAX_LINE_BYTES`] each: a line that
    /// is longer or is not UTF-8 is answered with one `ERROR` line (inside a
    /// `BOARD`, it spoils the board, reported at `DONE`), and the session
    /// goes on.
    pub fn run<R: BufRead>(&mut self, input: R) {
        for line in LineReader::new(input, MAX_LINE_BYTES) {
            match line {
                Ok(line) => {
                    if self.handle_line(&line) == Flow::Quit {
                        return;
                    }
                }
                Err(e) if e.is_fatal() => {
                    log::warn!("{e}; exiting");
                    return;
                }
                Err(e) => match &mut self.pending {
                    Some(pending) => {
                        pending.error.get_or_insert_with(|| e.to_string());
                    }
                    None => self.send(&Response::Error(e.to_string())),
                },
            }
        }
    }

    /// Answers one line.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        log::debug!("<< {line}");
        let line = line.trim();
        if line.is_empty() {
            return Flow::Continue;
        }
        let command = line.parse::<Command>();
        if let Some(pending) = &mut self.pending {
            if line.eq_ignore_ascii_case("DONE") {
                self.board_done();
                return Flow::Continue;
            }
            // A line that is no command is a line of the board, good or bad:
            // a bad one is reported once, at DONE.
            if let Err(CommandError::Unknown(_)) = command {
                pending.add(line);
                return Flow::Continue;
            }
            // A command before DONE: the board is dropped, the command runs.
            self.pending = None;
            self.send(&Response::Error(
                "BOARD ended without DONE; the board is unchanged".to_owned(),
            ));
        }
        match command {
            Ok(command) => self.execute(command),
            Err(CommandError::Unknown(line)) => {
                self.send(&Response::Unknown(format!("command '{line}'")));
                Flow::Continue
            }
            Err(e) => {
                self.send(&Response::Error(e.to_string()));
                Flow::Continue
            }
        }
    }

    fn send(&mut self, response: &Response) {
        let text = response.to_string();
        log::debug!(">> {text}");
        if writeln!(self.out, "{text}")
            .and_then(|()| self.out.flush())
            .is_err()
        {
            log::warn!("cannot write to the manager");
        }
    }

    fn execute(&mut self, command: Command) -> Flow {
        let result = match command {
            Command::Start { width, height } => self.start(width, height),
            Command::Restart => self.game_mut().map(|board| {
                *board = Board::new(board.width, board.height);
                Some(Response::Ok)
            }),
            Command::Begin => self.game().cloned().and_then(|board| self.answer(board)),
            Command::Turn(point) => self.game().cloned().and_then(|mut board| {
                board.place(point, Side::Opponent)?;
                self.answer(board)
            }),
            Command::Board | Command::YxBoard => {
                self.game().map(|board| board.cells.len()).map(|cells| {
                    let mut pending = Pending::new(cells);
                    pending.moves = command == Command::Board;
                    self.pending = Some(pending);
                    None
                })
            }
            Command::ShowForbid => self.game().cloned().and_then(|board| {
                let variant = self.variant(board.width, board.height)?;
                let (position, _) = board.position(variant)?;
                let points = position
                    .forbidden_squares()
                    .into_iter()
                    .map(|(square, _)| board.point(square))
                    .collect();
                Ok(Some(Response::Forbid(points)))
            }),
            Command::Takeback(point) => self.game_mut().and_then(|board| {
                board.take_back(point)?;
                Ok(Some(Response::Ok))
            }),
            Command::Info(info) => {
                self.info(info);
                Ok(None)
            }
            Command::About => Ok(Some(Response::About)),
            Command::End => return Flow::Quit,
            Command::Stop => Ok(None),
        };
        match result {
            Ok(Some(response)) => self.send(&response),
            Ok(None) => {}
            Err(message) => self.send(&Response::Error(message)),
        }
        Flow::Continue
    }

    fn game(&self) -> Result<&Board, String> {
        self.board
            .as_ref()
            .ok_or_else(|| "no game: START (or RECTSTART) comes first".to_owned())
    }

    fn game_mut(&mut self) -> Result<&mut Board, String> {
        self.board
            .as_mut()
            .ok_or_else(|| "no game: START (or RECTSTART) comes first".to_owned())
    }

    fn variant(&self, width: usize, height: usize) -> Result<Variant, String> {
        Rules::new(width, height, FIVE, false, true)
            .and_then(|rules| rules.with_win_rule(self.rule))
            .map(Variant::from_rules)
            .map_err(|e| format!("unsupported board: {e}"))
    }

    fn start(&mut self, width: usize, height: usize) -> Result<Option<Response>, String> {
        self.variant(width, height)?;
        self.board = Some(Board::new(width, height));
        self.pending = None;
        self.searcher.clear();
        // The tables of this board are made ready before the first turn, so
        // that no turn pays for their memory on its clock.
        let variant = self.variant(width, height)?;
        self.searcher.populate(&AnyGame::new(variant));
        Ok(Some(Response::Ok))
    }

    fn info(&mut self, info: Info) {
        match info {
            Info::TimeoutTurn(ms) => self.time.turn = Some(ms),
            Info::TimeoutMatch(ms) => self.time.game = Some(ms),
            Info::TimeLeft(ms) => self.time.left = Some(ms),
            Info::MaxDepth(depth) => self.time.depth = Some(depth),
            Info::MaxNode(nodes) => self.time.nodes = Some(nodes),
            Info::MaxMemory(bytes) => {
                // The table gets at most half of the memory allowed.
                let mib = if bytes == 0 {
                    self.settings.hash_mib
                } else {
                    ((bytes >> 20) as usize / 2).clamp(1, self.settings.hash_mib)
                };
                if mib != self.hash_mib {
                    self.hash_mib = mib;
                    self.searcher.set_hash(mib);
                }
            }
            Info::ThreadNum(threads) => self.searcher.set_threads(threads.clamp(1, max_threads())),
            Info::Rule(bits) => match win_rule(bits) {
                Ok(rule) => self.rule = rule,
                Err(message) => {
                    let message = format!("{message}; the rule stays {}", self.rule);
                    log::warn!("{message}");
                    self.send(&Response::Error(message));
                }
            },
            Info::GameType(_) | Info::Evaluate(_) | Info::Folder(_) => {}
            Info::Other { key, value } => log::info!("INFO {key} {value}: ignored"),
        }
    }

    /// `DONE`: the board read since `BOARD` replaces the game's, and the side
    /// to move plays; a bad board changes nothing.
    fn board_done(&mut self) {
        let Some(pending) = self.pending.take() else {
            return;
        };
        let result = self.game().cloned().and_then(|board| {
            if let Some(error) = pending.error {
                return Err(format!("BOARD: {error}; the board is unchanged"));
            }
            let mut next = Board::new(board.width, board.height);
            for stone in &pending.stones {
                let side = match stone.field {
                    Field::Own => Side::Own,
                    Field::Opponent => Side::Opponent,
                    Field::Winning => {
                        return Err(format!(
                            "BOARD: {}: field 3 (continuous game) is not supported",
                            stone.point
                        ))
                    }
                };
                next.place(stone.point, side)
                    .map_err(|e| format!("BOARD: {e}; the board is unchanged"))?;
            }
            if pending.moves {
                return self.answer(next);
            }
            let variant = self.variant(next.width, next.height)?;
            next.position(variant)?;
            self.board = Some(next);
            Ok(None)
        });
        match result {
            Ok(Some(response)) => self.send(&response),
            Ok(None) => {}
            Err(message) => self.send(&Response::Error(message)),
        }
    }

    /// The brain moves on `board`, which becomes the game's with the move
    /// on it; on an error the game's board stays as it was.
    fn answer(&mut self, mut board: Board) -> Result<Option<Response>, String> {
        let variant = self.variant(board.width, board.height)?;
        let (position, mover) = board.position(variant)?;
        let limits = self.time.limits(self.settings.default_turn, Instant::now());
        let result = self
            .searcher
            .search(&position, &limits, &Signals::new(), |_| {});
        let best = result
            .best
            .filter(|&mv| position.is_legal(mv))
            .or_else(|| position.legal_moves().first().copied())
            .ok_or_else(|| "no move to play".to_owned())?;
        let point = board.point(best);
        board.place(point, mover)?;
        let info = result.info();
        let pv: Vec<String> = info
            .pv
            .iter()
            .map(|&mv| board.point(mv).to_string())
            .collect();
        self.send(&Response::Message(format!(
            "depth {}-{} score {} nodes {} nps {} time {} ms pv {}",
            info.depth,
            info.seldepth.max(info.depth),
            info.score,
            result.nodes,
            nps(result.nodes, result.elapsed),
            result.elapsed.as_millis(),
            if pv.is_empty() {
                board.point(best).to_string()
            } else {
                pv.join(" ")
            }
        )));
        self.board = Some(board);
        Ok(Some(Response::Move(point)))
    }
}

/// Nodes per second.
fn nps(nodes: u64, elapsed: Duration) -> u64 {
    (nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Command, CommandError> {
        line.parse()
    }

    #[test]
    fn reads_every_command() {
        assert_eq!(
            parse("START 15"),
            Ok(Command::Start {
                width: 15,
                height: 15
            })
        );
        assert_eq!(
            parse("RECTSTART 20,15\r"),
            Ok(Command::Start {
                width: 20,
                height: 15
            })
        );
        assert_eq!(parse("restart"), Ok(Command::Restart));
        assert_eq!(parse("BEGIN"), Ok(Command::Begin));
        assert_eq!(parse("TURN 10,7"), Ok(Command::Turn(Point { x: 10, y: 7 })));
        assert_eq!(parse("TURN 3, 4"), Ok(Command::Turn(Point { x: 3, y: 4 })));
        assert_eq!(parse("BOARD"), Ok(Command::Board));
        assert_eq!(
            parse("TAKEBACK 0,14"),
            Ok(Command::Takeback(Point { x: 0, y: 14 }))
        );
        assert_eq!(parse("ABOUT"), Ok(Command::About));
        assert_eq!(parse("END"), Ok(Command::End));
        assert_eq!(parse("YXSTOP"), Ok(Command::Stop));
    }

    #[test]
    fn reads_every_info() {
        let info = |line: &str| match parse(line) {
            Ok(Command::Info(info)) => info,
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(info("INFO timeout_turn 200"), Info::TimeoutTurn(200));
        assert_eq!(info("INFO timeout_match 0"), Info::TimeoutMatch(0));
        assert_eq!(info("INFO time_left -15"), Info::TimeLeft(0));
        assert_eq!(
            info("INFO max_memory 367001600"),
            Info::MaxMemory(367_001_600)
        );
        assert_eq!(info("INFO game_type 1"), Info::GameType(1));
        assert_eq!(info("INFO rule 1"), Info::Rule(1));
        assert_eq!(info("INFO evaluate 3,4"), Info::Evaluate("3,4".into()));
        assert_eq!(
            info("INFO folder C:\\My Brains"),
            Info::Folder("C:\\My Brains".into())
        );
        assert_eq!(info("INFO thread_num 2"), Info::ThreadNum(2));
        assert_eq!(info("INFO max_depth 6"), Info::MaxDepth(6));
        assert_eq!(info("INFO max_node 100000"), Info::MaxNode(100_000));
        assert_eq!(
            info("INFO colour red"),
            Info::Other {
                key: "colour".into(),
                value: "red".into()
            }
        );
    }

    #[test]
    fn says_why_a_line_is_not_a_command() {
        assert!(matches!(parse("FOO 1"), Err(CommandError::Unknown(l)) if l == "FOO 1"));
        assert!(matches!(parse("START"), Err(CommandError::Usage { .. })));
        assert!(matches!(parse("START x"), Err(CommandError::Number { .. })));
        assert!(matches!(
            parse("START 15 15"),
            Err(CommandError::Usage { .. })
        ));
        assert!(matches!(
            parse("RECTSTART 15"),
            Err(CommandError::Usage { .. })
        ));
        assert!(matches!(parse("TURN 10"), Err(CommandError::Usage { .. })));
        assert!(matches!(
            parse("TURN -1,3"),
            Err(CommandError::Usage { .. })
        ));
        assert!(matches!(
            parse("BEGIN now"),
            Err(CommandError::Usage { .. })
        ));
        assert!(matches!(parse("INFO"), Err(CommandError::Usage { .. })));
        assert!(matches!(
            parse("INFO timeout_turn soon"),
            Err(CommandError::Number { .. })
        ));
    }

    #[test]
    fn reads_board_lines() {
        assert_eq!(
            "7,7,1".parse(),
            Ok(BoardLine {
                point: Point { x: 7, y: 7 },
                field: Field::Own
            })
        );
        assert_eq!(
            "0, 14, 2".parse::<BoardLine>().map(|l| l.field),
            Ok(Field::Opponent)
        );
        assert_eq!(
            "1,2,3".parse::<BoardLine>().map(|l| l.field),
            Ok(Field::Winning)
        );
        assert!(matches!(
            "1,2,4".parse::<BoardLine>(),
            Err(CommandError::Field(_))
        ));
        assert!(matches!(
            "1,2".parse::<BoardLine>(),
            Err(CommandError::BoardLine(_))
        ));
    }

    #[test]
    fn writes_answers() {
        assert_eq!(Response::Move(Point { x: 7, y: 0 }).to_string(), "7,0");
        assert_eq!(Response::Error("a\nb".into()).to_string(), "ERROR a b");
        let about = Response::About.to_string();
        assert!(about.starts_with("name=\"inarow\", version=\""), "{about}");
    }

    #[test]
    fn keeps_to_the_turn_and_the_clock() {
        let now = Instant::now();
        let none = TimeControl::default();
        assert_eq!(none.limits(DEFAULT_TURN, now).movetime, Some(DEFAULT_TURN));
        let turn = TimeControl {
            turn: Some(200),
            game: Some(0),
            left: Some(2_147_483_647),
            ..TimeControl::default()
        };
        let limits = turn.limits(DEFAULT_TURN, now);
        assert_eq!(limits.movetime, Some(Duration::from_millis(180)));
        assert!(limits.clock.is_none());
        let fastest = TimeControl {
            turn: Some(0),
            ..TimeControl::default()
        };
        assert_eq!(
            fastest.limits(DEFAULT_TURN, now).movetime,
            Some(FASTEST_TURN)
        );
        let both = TimeControl {
            turn: Some(5_000),
            game: Some(60_000),
            left: Some(1_000),
            ..TimeControl::default()
        };
        let limits = both.limits(DEFAULT_TURN, now);
        assert_eq!(
            limits.clock.map(|c| c.time),
            Some(Duration::from_millis(1_000))
        );
        assert_eq!(limits.deadline, Some(now + Duration::from_millis(4_970)));
        assert!(limits.movetime.is_none());
    }

    fn session() -> PiskvorkSession<Vec<u8>> {
        PiskvorkSession::new(Vec::new(), Settings::default())
    }

    /// The lines written since the last call, without `MESSAGE`s.
    fn answers(session: &mut PiskvorkSession<Vec<u8>>) -> Vec<String> {
        let text = String::from_utf8(std::mem::take(&mut session.out)).expect("UTF-8");
        text.lines()
            .filter(|l| !l.starts_with("MESSAGE"))
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn a_bad_board_changes_nothing() {
        let mut s = session();
        for line in ["START 15", "INFO timeout_turn 50"] {
            s.handle_line(line);
        }
        assert_eq!(answers(&mut s), ["OK"]);
        s.handle_line("TURN 7,7");
        let reply = answers(&mut s);
        assert_eq!(reply.len(), 1);
        let before = s.board.clone();
        // Two stones on one cell.
        for line in ["BOARD", "1,1,1", "1,1,2", "DONE"] {
            s.handle_line(line);
        }
        let reply = answers(&mut s);
        assert!(
            reply.len() == 1 && reply[0].starts_with("ERROR"),
            "{reply:?}"
        );
        assert_eq!(s.board, before);
        // Counts that do not alternate.
        for line in ["BOARD", "1,1,2", "2,2,2", "3,3,2", "DONE"] {
            s.handle_line(line);
        }
        let reply = answers(&mut s);
        assert!(
            reply.len() == 1 && reply[0].starts_with("ERROR"),
            "{reply:?}"
        );
        assert_eq!(s.board, before);
        // A command before DONE.
        for line in ["BOARD", "1,1,2", "ABOUT"] {
            s.handle_line(line);
        }
        let reply = answers(&mut s);
        assert_eq!(reply.len(), 2, "{reply:?}");
        assert!(reply[0].starts_with("ERROR") && reply[1].starts_with("name="));
        assert_eq!(s.board, before);
        // A line that is no board line: one error, at DONE.
        for line in ["BOARD", "hello", "1,1,2", "DONE"] {
            s.handle_line(line);
        }
        assert_eq!(
            answers(&mut s),
            ["ERROR BOARD: 'hello' is not a board line x,y,field (or DONE); the board is unchanged"]
        );
        assert_eq!(s.board, before);
        // More lines than the board has cells.
        s.handle_line("BOARD");
        for _ in 0..=15 * 15 {
            s.handle_line("1,1,2");
        }
        s.handle_line("DONE");
        assert_eq!(
            answers(&mut s),
            ["ERROR BOARD: more lines than the board's 225 cells; the board is unchanged"]
        );
        assert_eq!(s.pending.as_ref().map(|p| p.stones.len()), None);
    }

    #[test]
    fn refuses_times_and_threads_that_make_no_sense() {
        let mut s = session();
        for line in [
            "INFO timeout_turn -5",
            "INFO timeout_match -1",
            "INFO thread_num 0",
            "INFO max_depth -1",
        ] {
            s.handle_line(line);
            let reply = answers(&mut s);
            assert!(
                reply.len() == 1 && reply[0].starts_with("ERROR"),
                "{line}: {reply:?}"
            );
        }
        assert_eq!(s.time, TimeControl::default());
        for line in [
            "INFO timeout_turn 0",
            "INFO timeout_match 0",
            "INFO time_left -3",
        ] {
            s.handle_line(line);
            assert_eq!(answers(&mut s), Vec::<String>::new(), "{line}");
        }
    }

    #[test]
    fn bytes_that_are_not_text_are_one_error_each() {
        let mut s = session();
        let mut input = b"START 9\nINFO folder C:\\J\xf6rg\n".to_vec();
        input.extend(vec![b'x'; MAX_LINE_BYTES + 1]);
        input.extend(b"\nBOARD\n4,4,\xff\nDONE\nINFO timeout_turn 30\nBEGIN\nEND\n");
        s.run(&input[..]);
        let reply = answers(&mut s);
        assert_eq!(reply.len(), 5, "{reply:?}");
        assert_eq!(reply[0], "OK");
        assert_eq!(
            reply[1],
            "ERROR the line is not UTF-8 (byte 17 is 0xf6); it is skipped"
        );
        assert_eq!(
            reply[2],
            format!(
                "ERROR the line is longer than {MAX_LINE_BYTES} bytes (the limit); it is skipped"
            )
        );
        assert!(
            reply[3].starts_with("ERROR BOARD: the line is not UTF-8"),
            "{reply:?}"
        );
        assert!(reply[4].parse::<Point>().is_ok(), "{reply:?}");
        // A line of exactly the limit is read (and is no command).
        let mut input = vec![b'x'; MAX_LINE_BYTES];
        input.push(b'\n');
        s.run(&input[..]);
        let reply = answers(&mut s);
        assert!(
            reply.len() == 1 && reply[0].starts_with("UNKNOWN command 'xxx"),
            "{} lines",
            reply.len()
        );
    }

    #[test]
    fn plays_on_the_cell_it_answers() {
        let mut s = session();
        for line in ["START 9", "INFO timeout_turn 30", "BEGIN"] {
            s.handle_line(line);
        }
        let reply = answers(&mut s);
        assert_eq!(reply[0], "OK");
        let point: Point = reply[1].parse().expect("a move");
        let board = s.board.as_ref().expect("a game");
        assert_eq!(
            board.cells[board.index(point).expect("on the board")],
            Some(Side::Own)
        );
        assert_eq!(board.count(Side::Own), 1);
    }

    /// Sends `lines`; the answers, without `MESSAGE`s.
    fn send(s: &mut PiskvorkSession<Vec<u8>>, lines: &[&str]) -> Vec<String> {
        for line in lines {
            s.handle_line(line);
        }
        answers(s)
    }

    /// A `BOARD` of Black's stones `black` and White's `white`, alternating
    /// from Black's first, with `black_field` the field of Black's stones.
    fn board_lines(black: &[&str], white: &[&str], black_field: u8) -> Vec<String> {
        let white_field = 3 - black_field;
        let mut lines = vec!["BOARD".to_owned()];
        for i in 0..black.len().max(white.len()) {
            if let Some(b) = black.get(i) {
                lines.push(format!("{b},{black_field}"));
            }
            if let Some(w) = white.get(i) {
                lines.push(format!("{w},{white_field}"));
            }
        }
        lines.push("DONE".to_owned());
        lines
    }

    #[test]
    fn reads_the_rule_bits_it_offers_and_refuses_the_others() {
        assert_eq!(win_rule(0), Ok(WinRule::Freestyle));
        assert_eq!(win_rule(1), Ok(WinRule::Standard));
        assert_eq!(win_rule(4), Ok(WinRule::Renju));
        assert_eq!(win_rule(5), Ok(WinRule::Renju));
        assert_eq!(win_rule(8), Ok(WinRule::Caro));
        assert_eq!(win_rule(9), Ok(WinRule::Caro));
        for bits in [2, 3, 6, 12, 16, 255] {
            assert!(win_rule(bits).is_err(), "{bits}");
        }
        let mut s = session();
        assert_eq!(send(&mut s, &["INFO rule 4"]), Vec::<String>::new());
        assert_eq!(s.rule, WinRule::Renju);
        assert_eq!(
            send(&mut s, &["INFO rule 12"]),
            [
                "ERROR rule 12: not a rule inarow plays (offered: 0 free-style, 1 exactly five, \
              4 renju, 8 caro); the rule stays renju"
            ]
        );
        let reply = send(&mut s, &["INFO rule 2"]);
        assert!(
            reply.len() == 1 && reply[0].starts_with("ERROR rule 2: a continuous game"),
            "{reply:?}"
        );
        assert_eq!(s.rule, WinRule::Renju);
        // The session goes on under the rule it had.
        assert_eq!(send(&mut s, &["START 15"]), ["OK"]);
        assert_eq!(s.variant(15, 15).map(|v| v.name()), Ok("renju"));
        assert_eq!(send(&mut s, &["INFO rule 8", "RESTART"]), ["OK"]);
        assert_eq!(s.variant(15, 15).map(|v| v.name()), Ok("caro"));
    }

    #[test]
    fn a_renju_board_with_a_forbidden_stone_is_one_error() {
        let mut s = session();
        assert_eq!(
            send(&mut s, &["INFO rule 4", "INFO timeout_turn 50", "START 15"]),
            ["OK"]
        );
        // Black (the opponent) plays 7,7 last: two open threes.
        let black = ["5,7", "6,7", "7,5", "7,6", "7,7"];
        let white = ["0,0", "0,2", "0,4", "0,6"];
        let lines = board_lines(&black, &white, 2);
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let before = s.board.clone();
        assert_eq!(
            send(&mut s, &refs),
            [
                "ERROR Black's stone on 7,7 is forbidden under renju: it makes a double three; \
              the board is unchanged"
            ]
        );
        assert_eq!(s.board, before);
        // Played first, the same stone was allowed: the brain answers.
        let early = ["7,7", "5,7", "6,7", "7,5", "7,6"];
        let lines = board_lines(&early, &white, 2);
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let reply = send(&mut s, &refs);
        assert!(
            reply.len() == 1 && reply[0].parse::<Point>().is_ok(),
            "{reply:?}"
        );
        // Free-style takes the first board.
        assert_eq!(send(&mut s, &["INFO rule 0", "RESTART"]), ["OK"]);
        let lines = board_lines(&black, &white, 2);
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let reply = send(&mut s, &refs);
        assert!(
            reply.len() == 1 && reply[0].parse::<Point>().is_ok(),
            "{reply:?}"
        );
    }

    #[test]
    fn a_forbidden_turn_is_refused_and_the_brain_as_black_never_plays_one() {
        let mut s = session();
        assert_eq!(
            send(
                &mut s,
                &["INFO rule 4", "INFO timeout_turn 100", "START 15"]
            ),
            ["OK"]
        );
        // The brain is Black (field 1): 7,7 would make two open threes.
        let black = ["5,7", "6,7", "7,5", "7,6"];
        let white = ["0,0", "0,2", "14,4", "14,6"];
        let lines = board_lines(&black, &white, 1);
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let reply = send(&mut s, &refs);
        assert_eq!(reply.len(), 1, "{reply:?}");
        assert_ne!(reply[0], "7,7", "a double three is forbidden to Black");
        assert!(reply[0].parse::<Point>().is_ok(), "{reply:?}");
        // The brain is White and must block Black's four at 14,0; then the
        // opponent's TURN makes the double three.
        assert_eq!(send(&mut s, &["RESTART"]), ["OK"]);
        let black = ["5,7", "6,7", "7,5", "7,6", "10,0", "11,0", "12,0", "13,0"];
        let white = ["9,0", "0,14", "2,14", "4,14", "6,14", "8,14", "10,14"];
        let lines = board_lines(&black, &white, 2);
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_eq!(send(&mut s, &refs), ["14,0"]);
        let before = s.board.clone();
        let reply = send(&mut s, &["TURN 7,7"]);
        assert_eq!(
            reply,
            [
                "ERROR Black's stone on 7,7 is forbidden under renju: it makes a double three; \
              the board is unchanged"
            ]
        );
        assert_eq!(s.board, before);
        let reply = send(&mut s, &["ABOUT"]);
        assert!(reply[0].starts_with("name="), "{reply:?}");
    }

    #[test]
    fn yxboard_takes_a_position_and_yxshowforbid_lists_the_forbidden_points() {
        let mut s = session();
        assert_eq!(send(&mut s, &["INFO rule 4", "START 15"]), ["OK"]);
        let black = ["5,7", "6,7", "7,5", "7,6"];
        let white = ["0,0", "0,2", "14,4", "14,6"];
        let mut lines = board_lines(&black, &white, 1);
        lines[0] = "YXBOARD".to_owned();
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_eq!(send(&mut s, &refs), Vec::<String>::new());
        assert_eq!(send(&mut s, &["YXSHOWFORBID"]), ["FORBID 0707."]);
        assert_eq!(send(&mut s, &["INFO rule 1", "YXSHOWFORBID"]), ["FORBID ."]);
        // White to move: nothing is forbidden.
        assert_eq!(
            send(&mut s, &["INFO rule 4", "TAKEBACK 14,6", "YXSHOWFORBID"]),
            ["OK", "FORBID ."]
        );
    }
}
