//! Commands a GUI sends, parsed into types before anything acts on them.
//!
//! Tokens are separated by any whitespace. Unknown `go` parameters are skipped,
//! as the UCI specification requires; everything else that is not understood
//! is an error that says why.
//!
//! A command also writes its line (`Display`, and [`Command::to_ugi_string`]
//! in UGI's words), which parses back to it: the client drives other engines
//! with the same type, so the grammar has one owner.

use std::error::Error;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// One line from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify, list the options, `uciok`.
    Uci,
    /// `ugi`: as `uci`, ending with `ugiok`.
    Ugi,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: answered with `readyok` at once, even mid-search.
    IsReady,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// Its new value; `None` for a button.
        value: Option<String>,
    },
    /// `ucinewgame` / `uginewgame`.
    NewGame,
    /// `position startpos|fen <fen> [moves ...]`.
    Position {
        /// The FEN, or `None` for the start position.
        fen: Option<String>,
        /// Moves to play from there, as sent.
        moves: Vec<String>,
    },
    /// `go ...`.
    Go(Go),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d`: draw the board, with FEN, move string and side to move.
    Display,
    /// `eval`: the static evaluation.
    Eval,
    /// `perft <depth>`.
    Perft(u32),
    /// `bench [depth [hash [threads]]]`: the search benchmark to `depth`
    /// plies with a table of `hash` MiB on `threads` threads. The arguments
    /// are positional: a line gives `hash` only after `depth`, and `threads`
    /// only after `hash`.
    Bench {
        /// The depth, in plies.
        depth: Option<u32>,
        /// The table size, in MiB.
        hash: Option<usize>,
        /// Search threads.
        threads: Option<usize>,
    },
    /// UGI `query gameover|p1turn|result`.
    Query(Query),
}

/// What a UGI `query` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// Whether the game is over.
    GameOver,
    /// Whether the first player is to move.
    P1Turn,
    /// The result so far: `p1win`, `p2win`, `draw` or `none`.
    Result,
}

/// The parameters of `go`. UGI's `p1time p2time p1inc p2inc` are the same as
/// `wtime btime winc binc`: the first player is white.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// The first player's clock.
    pub wtime: Option<Duration>,
    /// The second player's clock.
    pub btime: Option<Duration>,
    /// The first player's increment.
    pub winc: Option<Duration>,
    /// The second player's increment.
    pub binc: Option<Duration>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Think exactly this long.
    pub movetime: Option<Duration>,
    /// Search to this depth.
    pub depth: Option<u32>,
    /// Search this many nodes.
    pub nodes: Option<u64>,
    /// Look for a win in this many moves.
    pub mate: Option<u32>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Think on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
}

impl fmt::Display for Go {
    /// The `go` line that asks for this search.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

impl Go {
    /// Writes the `go` line, the clocks in UGI's words (`p1time p2time p1inc
    /// p2inc`) if `ugi`.
    fn write(&self, f: &mut fmt::Formatter<'_>, ugi: bool) -> fmt::Result {
        f.write_str("go")?;
        let [wtime, btime, winc, binc] = if ugi {
            ["p1time", "p2time", "p1inc", "p2inc"]
        } else {
            ["wtime", "btime", "winc", "binc"]
        };
        let times = [
            (wtime, self.wtime),
            (btime, self.btime),
            (winc, self.winc),
            (binc, self.binc),
            ("movetime", self.movetime),
        ];
        for (name, time) in times {
            if let Some(time) = time {
                write!(f, " {name} {}", time.as_millis())?;
            }
        }
        let counts = [
            ("movestogo", self.movestogo.map(u64::from)),
            ("depth", self.depth.map(u64::from)),
            ("nodes", self.nodes),
            ("mate", self.mate.map(u64::from)),
        ];
        for (name, count) in counts {
            if let Some(count) = count {
                write!(f, " {name} {count}")?;
            }
        }
        if self.infinite {
            f.write_str(" infinite")?;
        }
        if self.ponder {
            f.write_str(" ponder")?;
        }
        Ok(())
    }
}

impl fmt::Display for Query {
    /// The word after `query`: `gameover`, `p1turn` or `result`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Query::GameOver => "gameover",
            Query::P1Turn => "p1turn",
            Query::Result => "result",
        })
    }
}

impl fmt::Display for Command {
    /// The canonical UCI line of the command, which parses back to it.
    ///
    /// Every command a line parses to is written so; beyond those, a line
    /// cannot say everything a value can hold. Parsing joins words with one
    /// space, so a name, value, FEN or move with other whitespace (or a move
    /// that is empty) comes back changed, as does an option name holding the
    /// word `value` or a FEN holding `moves`. `go` writes whole milliseconds.
    /// `bench`'s arguments are positional, so the line stops at the first
    /// absent one: a `hash` without a `depth` is not written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

impl Command {
    /// The line in UGI's words, which parses back to the command too:
    /// `uginewgame` for [`Command::NewGame`], and `go`'s clocks as `p1time
    /// p2time p1inc p2inc`. Every other command is written as
    /// [`Display`](fmt::Display) writes it (`uci` and `ugi` are two commands).
    #[must_use]
    pub fn to_ugi_string(&self) -> String {
        struct Ugi<'a>(&'a Command);
        impl fmt::Display for Ugi<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write(f, true)
            }
        }
        Ugi(self).to_string()
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, ugi: bool) -> fmt::Result {
        match self {
            Command::Uci => f.write_str("uci"),
            Command::Ugi => f.write_str("ugi"),
            Command::Debug(on) => write!(f, "debug {}", if *on { "on" } else { "off" }),
            Command::IsReady => f.write_str("isready"),
            Command::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value {
                    Some(value) => write!(f, " value {value}"),
                    None => Ok(()),
                }
            }
            Command::NewGame if ugi => f.write_str("uginewgame"),
            Command::NewGame => f.write_str("ucinewgame"),
            Command::Position { fen, moves } => {
                match fen {
                    Some(fen) => write!(f, "position fen {fen}")?,
                    None => f.write_str("position startpos")?,
                }
                if !moves.is_empty() {
                    f.write_str(" moves")?;
                    for mv in moves {
                        write!(f, " {mv}")?;
                    }
                }
                Ok(())
            }
            Command::Go(go) => go.write(f, ugi),
            Command::Stop => f.write_str("stop"),
            Command::PonderHit => f.write_str("ponderhit"),
            Command::Quit => f.write_str("quit"),
            Command::Display => f.write_str("d"),
            Command::Eval => f.write_str("eval"),
            Command::Perft(depth) => write!(f, "perft {depth}"),
            Command::Bench {
                depth,
                hash,
                threads,
            } => {
                f.write_str("bench")?;
                // Each argument counts only after the one before it.
                if let Some(depth) = depth {
                    write!(f, " {depth}")?;
                    if let Some(hash) = hash {
                        write!(f, " {hash}")?;
                        if let Some(threads) = threads {
                            write!(f, " {threads}")?;
                        }
                    }
                }
                Ok(())
            }
            Command::Query(query) => write!(f, "query {query}"),
        }
    }
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError(String);

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Error for CommandError {}

fn error<T>(message: impl Into<String>) -> Result<T, CommandError> {
    Err(CommandError(message.into()))
}

impl FromStr for Command {
    type Err = CommandError;

    fn from_str(line: &str) -> Result<Self, Self::Err> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, rest)) = tokens.split_first() else {
            return error("empty line");
        };
        let no_arguments = |command: Command| {
            if rest.is_empty() {
                Ok(command)
            } else {
                error(format!("'{name}' takes no arguments"))
            }
        };
        match name {
            "uci" => no_arguments(Command::Uci),
            "ugi" => no_arguments(Command::Ugi),
            "isready" => no_arguments(Command::IsReady),
            "ucinewgame" | "uginewgame" => no_arguments(Command::NewGame),
            "stop" => no_arguments(Command::Stop),
            "ponderhit" => no_arguments(Command::PonderHit),
            "quit" => no_arguments(Command::Quit),
            "d" => no_arguments(Command::Display),
            "eval" => no_arguments(Command::Eval),
            "debug" => match rest {
                ["on"] => Ok(Command::Debug(true)),
                ["off"] => Ok(Command::Debug(false)),
                _ => error("usage: debug on|off"),
            },
            "setoption" => parse_setoption(rest),
            "position" => parse_position(rest),
            "go" => parse_go(rest).map(Command::Go),
            "perft" => match rest {
                [depth] => Ok(Command::Perft(number(depth, "perft depth")?)),
                _ => error("usage: perft <depth>"),
            },
            "bench" => match rest {
                [] => Ok(Command::Bench {
                    depth: None,
                    hash: None,
                    threads: None,
                }),
                [depth] => Ok(Command::Bench {
                    depth: Some(number(depth, "bench depth")?),
                    hash: None,
                    threads: None,
                }),
                [depth, hash] => Ok(Command::Bench {
                    depth: Some(number(depth, "bench depth")?),
                    hash: Some(number(hash, "bench hash")?),
                    threads: None,
                }),
                [depth, hash, threads] => Ok(Command::Bench {
                    depth: Some(number(depth, "bench depth")?),
                    hash: Some(number(hash, "bench hash")?),
                    threads: Some(number(threads, "bench threads")?),
                }),
                _ => error("usage: bench [depth [hash [threads]]]"),
            },
            "query" => match rest {
                ["gameover"] => Ok(Command::Query(Query::GameOver)),
                ["p1turn"] => Ok(Command::Query(Query::P1Turn)),
                ["result"] => Ok(Command::Query(Query::Result)),
                _ => error("usage: query gameover|p1turn|result"),
            },
            other => error(format!("unknown command '{other}'")),
        }
    }
}

fn number<T: FromStr>(text: &str, what: &str) -> Result<T, CommandError> {
    text.parse()
        .map_err(|_| CommandError(format!("{what} '{text}' is not a valid number")))
}

fn millis(text: &str, what: &str) -> Result<Duration, CommandError> {
    // Clocks can run negative when a GUI is late; treat that as no time left.
    let ms: i64 = number(text, what)?;
    Ok(Duration::from_millis(ms.max(0) as u64))
}

fn parse_setoption(rest: &[&str]) -> Result<Command, CommandError> {
    let ["name", words @ ..] = rest else {
        return error("usage: setoption name <name> [value <value>]");
    };
    let (name, value) = match words.iter().position(|&w| w == "value") {
        Some(at) => (&words[..at], Some(words[at + 1..].join(" "))),
        None => (words, None),
    };
    if name.is_empty() {
        return error("setoption: missing option name");
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(rest: &[&str]) -> Result<Command, CommandError> {
    let (fen, after) = match rest {
        ["startpos", after @ ..] => (None, after),
        ["fen", after @ ..] => {
            let end = after
                .iter()
                .position(|&w| w == "moves")
                .unwrap_or(after.len());
            if end == 0 {
                return error("position fen: missing FEN");
            }
            (Some(after[..end].join(" ")), &after[end..])
        }
        _ => return error("usage: position startpos|fen <fen> [moves <move>...]"),
    };
    let moves = match after {
        [] => Vec::new(),
        ["moves", moves @ ..] => moves.iter().map(|&m| m.to_owned()).collect(),
        [other, ..] => return error(format!("position: expected 'moves', found '{other}'")),
    };
    Ok(Command::Position { fen, moves })
}

fn parse_go(rest: &[&str]) -> Result<Go, CommandError> {
    let mut go = Go::default();
    let mut tokens = rest.iter();
    while let Some(&token) = tokens.next() {
        let mut value = |what: &str| {
            tokens
                .next()
                .copied()
                .ok_or_else(|| CommandError(format!("go {what}: missing value")))
        };
        match token {
            "wtime" | "p1time" => go.wtime = Some(millis(value(token)?, token)?),
            "btime" | "p2time" => go.btime = Some(millis(value(token)?, token)?),
            "winc" | "p1inc" => go.winc = Some(millis(value(token)?, token)?),
            "binc" | "p2inc" => go.binc = Some(millis(value(token)?, token)?),
            "movestogo" => go.movestogo = Some(number(value(token)?, token)?),
            "movetime" => go.movetime = Some(millis(value(token)?, token)?),
            "depth" => go.depth = Some(number(value(token)?, token)?),
            "nodes" => go.nodes = Some(number(value(token)?, token)?),
            "mate" => go.mate = Some(number(value(token)?, token)?),
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            // `searchmoves` and anything unknown are skipped, as UCI asks.
            _ => {}
        }
    }
    Ok(go)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Command, CommandError> {
        line.parse()
    }

    #[test]
    fn reads_every_command() {
        assert_eq!(parse("uci"), Ok(Command::Uci));
        assert_eq!(parse("  ugi \t"), Ok(Command::Ugi));
        assert_eq!(parse("uginewgame"), Ok(Command::NewGame));
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert_eq!(
            parse("setoption name UCI_Variant value cfour"),
            Ok(Command::SetOption {
                name: "UCI_Variant".into(),
                value: Some("cfour".into())
            })
        );
        assert_eq!(
            parse("position fen 3/3/3[PPPPPpppp] w - - 0 1 moves b2 P@a1"),
            Ok(Command::Position {
                fen: Some("3/3/3[PPPPPpppp] w - - 0 1".into()),
                moves: vec!["b2".into(), "P@a1".into()]
            })
        );
        assert_eq!(
            parse("position startpos"),
            Ok(Command::Position {
                fen: None,
                moves: vec![]
            })
        );
        let Ok(Command::Go(go)) =
            parse("go wtime 2050 btime -5 winc 50 binc 50 searchmoves a1 foo infinite")
        else {
            panic!()
        };
        assert_eq!(go.wtime, Some(Duration::from_millis(2050)));
        assert_eq!(go.btime, Some(Duration::ZERO));
        assert!(go.infinite);
        let Ok(Command::Go(go)) = parse("go p1time 100 p2time 200 p1inc 1 p2inc 2 movestogo 5")
        else {
            panic!()
        };
        assert_eq!(
            (go.wtime, go.binc, go.movestogo),
            (
                Some(Duration::from_millis(100)),
                Some(Duration::from_millis(2)),
                Some(5)
            )
        );
        assert_eq!(parse("query result"), Ok(Command::Query(Query::Result)));
        assert_eq!(
            parse("bench 5"),
            Ok(Command::Bench {
                depth: Some(5),
                hash: None,
                threads: None
            })
        );
        assert_eq!(
            parse("bench 5 16"),
            Ok(Command::Bench {
                depth: Some(5),
                hash: Some(16),
                threads: None
            })
        );
        assert_eq!(
            parse("bench 5 16 2"),
            Ok(Command::Bench {
                depth: Some(5),
                hash: Some(16),
                threads: Some(2)
            })
        );
        assert_eq!(parse("perft 3"), Ok(Command::Perft(3)));
    }

    #[test]
    fn go_prints_what_it_parses() {
        for line in [
            "go wtime 1000 btime 900 winc 10 binc 10 movestogo 5",
            "go movetime 50",
            "go depth 3 nodes 100 mate 2 infinite ponder",
        ] {
            let Ok(Command::Go(go)) = parse(line) else {
                panic!("{line}")
            };
            assert_eq!(go.to_string(), line);
        }
    }

    /// Every variant, written and read back: the canonical lines are written
    /// as they are, and every value comes back the same.
    #[test]
    fn every_command_writes_what_it_reads() {
        let canonical = [
            "uci",
            "ugi",
            "debug on",
            "debug off",
            "isready",
            "setoption name Hash value 32",
            "setoption name Clear Hash",
            "setoption name Move Overhead value 100",
            "setoption name UCI_Variant value cfour 6x5",
            "setoption name BookFile value <empty>",
            "ucinewgame",
            "position startpos",
            "position startpos moves P@d1 4 b2",
            "position fen 3/3/3[PPPPPpppp] w - - 0 1",
            "position fen 3/3/3[PPPPPpppp] w - - 0 1 moves b2 P@a1",
            "go",
            "go wtime 1000 btime 900 winc 10 binc 10 movestogo 5",
            "go movetime 50 depth 3 nodes 100 mate 2 infinite ponder",
            "stop",
            "ponderhit",
            "quit",
            "d",
            "eval",
            "perft 3",
            "bench",
            "bench 5",
            "bench 5 16",
            "bench 5 16 2",
            "query gameover",
            "query p1turn",
            "query result",
        ];
        for line in canonical {
            let command = parse(line).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(command.to_string(), line);
            assert_eq!(parse(&command.to_ugi_string()), Ok(command));
        }
        // Other spellings of the same commands are written canonically.
        for (line, written) in [
            (
                "  setoption   name  Clear   Hash ",
                "setoption name Clear Hash",
            ),
            ("uginewgame", "ucinewgame"),
            ("go p1time 5 p2inc 1 searchmoves a1", "go wtime 5 binc 1"),
            ("position startpos moves", "position startpos"),
            (
                "setoption name BookFile value",
                "setoption name BookFile value ",
            ),
        ] {
            let command = parse(line).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(command.to_string(), written, "{line}");
            assert_eq!(parse(&command.to_string()), Ok(command));
        }
        // Values made by hand, as the client makes them.
        let made = [
            Command::SetOption {
                name: "Skill Level".into(),
                value: Some("a b c".into()),
            },
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None,
            },
            Command::SetOption {
                name: "BookFile".into(),
                value: Some(String::new()),
            },
            Command::Position {
                fen: Some(
                    "7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] w - - 0 1".into(),
                ),
                moves: vec!["P@d1".into(), "P@d2".into()],
            },
            Command::Position {
                fen: None,
                moves: Vec::new(),
            },
            Command::Go(Go {
                wtime: Some(Duration::from_millis(2050)),
                btime: Some(Duration::ZERO),
                nodes: Some(u64::MAX),
                ..Go::default()
            }),
            Command::Debug(false),
            Command::Perft(u32::MAX),
            Command::Bench {
                depth: Some(0),
                hash: Some(usize::MAX),
                threads: Some(1),
            },
            Command::Query(Query::P1Turn),
        ];
        for command in made {
            assert_eq!(parse(&command.to_string()), Ok(command.clone()));
            assert_eq!(parse(&command.to_ugi_string()), Ok(command));
        }
    }

    #[test]
    fn writes_ugi_words() {
        let go = Command::Go(Go {
            wtime: Some(Duration::from_millis(1000)),
            btime: Some(Duration::from_millis(900)),
            winc: Some(Duration::from_millis(10)),
            binc: Some(Duration::from_millis(10)),
            movestogo: Some(5),
            ..Go::default()
        });
        assert_eq!(
            go.to_string(),
            "go wtime 1000 btime 900 winc 10 binc 10 movestogo 5"
        );
        assert_eq!(
            go.to_ugi_string(),
            "go p1time 1000 p2time 900 p1inc 10 p2inc 10 movestogo 5"
        );
        assert_eq!(Command::NewGame.to_ugi_string(), "uginewgame");
        assert_eq!(Command::Uci.to_ugi_string(), "uci");
        assert_eq!(Command::Ugi.to_string(), "ugi");
    }

    #[test]
    fn rejects_what_it_does_not_understand() {
        for bad in [
            "",
            "   ",
            "xyzzy",
            "uci now",
            "position",
            "position fen",
            "position startpos 4",
            "position middle",
            "setoption",
            "setoption name",
            "setoption value 3",
            "go depth",
            "go depth x",
            "go nodes -1",
            "perft",
            "perft x",
            "bench 1 2 3 4",
            "bench 1 2 x",
            "query",
            "query foo",
            "debug",
            "debug maybe",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} parsed");
        }
    }
}
