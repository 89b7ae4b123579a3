//! Driving an external UCI engine process: used by `inarow match` and by
//! `inarow play --engine`.
//!
//! A reader thread turns the engine's stdout into lines on a channel, so no
//! read blocks forever: every wait has a deadline, and a hang, a crash (end of
//! output) and a protocol error are told apart.

use std::error::Error;
use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::command::Go;
use crate::response::UciScore;

/// How to start an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    /// The program.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
    /// The directory to start it in, if not the current one.
    pub dir: Option<PathBuf>,
}

impl EngineCommand {
    /// Splits a command line such as `"/usr/games/fairy-stockfish"` or
    /// `"target/release/inarow uci"` on whitespace (quotes group words).
    ///
    /// # Errors
    /// A message if the command is empty or a quote is not closed.
    pub fn parse(line: &str) -> Result<Self, String> {
        let words = split_words(line)?;
        let (program, args) = words
            .split_first()
            .ok_or_else(|| "the engine command is empty".to_owned())?;
        Ok(EngineCommand {
            program: PathBuf::from(program),
            args: args.to_vec(),
            dir: None,
        })
    }
}

impl fmt::Display for EngineCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.program.display())?;
        for arg in &self.args {
            write!(f, " {arg}")?;
        }
        Ok(())
    }
}

fn split_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut in_word = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(format!("unclosed quote in '{line}'"));
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// What went wrong with an engine.
#[derive(Debug)]
pub enum ClientError {
    /// The program could not be started.
    Spawn {
        /// The command.
        command: String,
        /// Why.
        source: io::Error,
    },
    /// The engine's output ended: it exited or crashed.
    Crashed,
    /// No expected answer before the deadline.
    Timeout {
        /// What was awaited.
        waiting_for: &'static str,
    },
    /// Writing to the engine failed (it is gone).
    Write(io::Error),
    /// The engine said something that breaks the protocol.
    Protocol(String),
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Spawn { command, source } => {
                write!(f, "cannot start '{command}': {source}")
            }
            ClientError::Crashed => f.write_str("the engine exited"),
            ClientError::Timeout { waiting_for } => write!(f, "no {waiting_for} in time"),
            ClientError::Write(e) => write!(f, "cannot write to the engine: {e}"),
            ClientError::Protocol(message) => write!(f, "protocol error: {message}"),
        }
    }
}

impl Error for ClientError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ClientError::Spawn { source, .. } => Some(source),
            ClientError::Write(e) => Some(e),
            _ => None,
        }
    }
}

/// What an engine said about itself in answer to `uci`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineId {
    /// `id name`, if given.
    pub name: Option<String>,
    /// `id author`, if given.
    pub author: Option<String>,
    /// The names of the options it declared.
    pub options: Vec<String>,
}

/// The search progress an engine reported (the last `info` line with a score).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineInfo {
    /// `depth`.
    pub depth: Option<u32>,
    /// `score cp|mate`.
    pub score: Option<UciScore>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `time`.
    pub time: Option<Duration>,
    /// `pv`.
    pub pv: Vec<String>,
}

impl EngineInfo {
    /// Reads the fields of an `info` line; `None` if it is not one or has no score.
    #[must_use]
    pub fn parse(line: &str) -> Option<EngineInfo> {
        let mut tokens = line.split_whitespace();
        if tokens.next() != Some("info") {
            return None;
        }
        let mut info = EngineInfo::default();
        while let Some(token) = tokens.next() {
            match token {
                "depth" => info.depth = tokens.next().and_then(|t| t.parse().ok()),
                "nodes" => info.nodes = tokens.next().and_then(|t| t.parse().ok()),
                "time" => {
                    info.time = tokens
                        .next()
                        .and_then(|t| t.parse().ok())
                        .map(Duration::from_millis);
                }
                "score" => {
                    let kind = tokens.next();
                    let value: Option<i32> = tokens.next().and_then(|t| t.parse().ok());
                    info.score = match (kind, value) {
                        (Some("cp"), Some(v)) => Some(UciScore::Cp(v)),
                        (Some("mate"), Some(v)) => Some(UciScore::Mate(v)),
                        _ => None,
                    };
                }
                "pv" => {
                    info.pv = tokens.by_ref().map(str::to_owned).collect();
                }
                // The rest of an `info string` is text.
                "string" => return None,
                _ => {}
            }
        }
        info.score.is_some().then_some(info)
    }
}

/// The answer to a `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    /// The move as the engine wrote it; `None` for `0000` or `(none)`.
    pub best: Option<String>,
    /// The expected reply, if given.
    pub ponder: Option<String>,
    /// The last `info` line with a score.
    pub info: Option<EngineInfo>,
    /// How long the engine took, measured here.
    pub elapsed: Duration,
}

/// A running engine process.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    label: String,
    log_io: bool,
}

impl Engine {
    /// Starts the engine. `label` names it in logs; with `log_io` every line
    /// to and from it is logged (at info level, to stderr).
    ///
    /// # Errors
    /// [`ClientError::Spawn`] if the program cannot be started.
    pub fn spawn(
        command: &EngineCommand,
        label: &str,
        log_io: bool,
    ) -> Result<Engine, ClientError> {
        let mut process = Process::new(&command.program);
        process
            .args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &command.dir {
            process.current_dir(dir);
        }
        let mut child = process.spawn().map_err(|source| ClientError::Spawn {
            command: command.to_string(),
            source,
        })?;
        let stdin = child.stdin.take().ok_or(ClientError::Crashed)?;
        let stdout = child.stdout.take().ok_or(ClientError::Crashed)?;
        let (sender, lines) = mpsc::channel();
        std::thread::Builder::new()
            .name(format!("{label} reader"))
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            })
            .map_err(|source| ClientError::Spawn {
                command: command.to_string(),
                source,
            })?;
        Ok(Engine {
            child,
            stdin,
            lines,
            label: label.to_owned(),
            log_io,
        })
    }

    /// Sends one line.
    ///
    /// # Errors
    /// [`ClientError::Write`] if the engine is gone.
    pub fn send(&mut self, line: &str) -> Result<(), ClientError> {
        if self.log_io {
            log::info!("{} << {line}", self.label);
        }
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(ClientError::Write)
    }

    /// The next line, waiting until `deadline` at most.
    ///
    /// # Errors
    /// [`ClientError::Timeout`] past the deadline, [`ClientError::Crashed`] if
    /// the output ended.
    pub fn read_line(
        &mut self,
        deadline: Instant,
        waiting_for: &'static str,
    ) -> Result<String, ClientError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                if self.log_io {
                    log::info!("{} >> {line}", self.label);
                }
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(ClientError::Timeout { waiting_for }),
            Err(RecvTimeoutError::Disconnected) => Err(ClientError::Crashed),
        }
    }

    /// `uci` → `uciok`, collecting the engine's id and options.
    ///
    /// # Errors
    /// As [`Engine::read_line`].
    pub fn handshake(&mut self, timeout: Duration) -> Result<EngineId, ClientError> {
        self.send("uci")?;
        let deadline = Instant::now() + timeout;
        let mut id = EngineId::default();
        loop {
            let line = self.read_line(deadline, "uciok")?;
            let line = line.trim();
            if line == "uciok" {
                return Ok(id);
            }
            if let Some(name) = line.strip_prefix("id name ") {
                id.name = Some(name.trim().to_owned());
            } else if let Some(author) = line.strip_prefix("id author ") {
                id.author = Some(author.trim().to_owned());
            } else if let Some(option) = line.strip_prefix("option name ") {
                let name = option.split(" type ").next().unwrap_or(option);
                id.options.push(name.trim().to_owned());
            }
        }
    }

    /// `setoption name <name> value <value>`.
    ///
    /// # Errors
    /// [`ClientError::Write`] if the engine is gone.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), ClientError> {
        self.send(&format!("setoption name {name} value {value}"))
    }

    /// `isready` → `readyok`.
    ///
    /// # Errors
    /// As [`Engine::read_line`].
    pub fn is_ready(&mut self, timeout: Duration) -> Result<(), ClientError> {
        self.send("isready")?;
        let deadline = Instant::now() + timeout;
        loop {
            if self.read_line(deadline, "readyok")?.trim() == "readyok" {
                return Ok(());
            }
        }
    }

    /// `position startpos|fen <fen> [moves ...]`.
    ///
    /// # Errors
    /// [`ClientError::Write`] if the engine is gone.
    pub fn position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), ClientError> {
        let mut line = match fen {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_owned(),
        };
        if !moves.is_empty() {
            line.push_str(" moves ");
            line.push_str(&moves.join(" "));
        }
        self.send(&line)
    }

    /// Sends `go` and waits for `bestmove` until `timeout` has passed.
    ///
    /// # Errors
    /// [`ClientError::Timeout`] if no `bestmove` comes in time, [`ClientError::Crashed`]
    /// if the engine exits, [`ClientError::Protocol`] for a `bestmove` line without a move.
    pub fn go(&mut self, go: &Go, timeout: Duration) -> Result<BestMove, ClientError> {
        let start = Instant::now();
        self.send(&go.to_string())?;
        self.wait_best_move(start, start + timeout)
    }

    /// Waits for the `bestmove` of a search started at `start`.
    ///
    /// # Errors
    /// As [`Engine::go`].
    pub fn wait_best_move(
        &mut self,
        start: Instant,
        deadline: Instant,
    ) -> Result<BestMove, ClientError> {
        let mut info = None;
        loop {
            let line = self.read_line(deadline, "bestmove")?;
            if let Some(parsed) = EngineInfo::parse(&line) {
                info = Some(parsed);
                continue;
            }
            let mut tokens = line.split_whitespace();
            if tokens.next() != Some("bestmove") {
                continue;
            }
            let best = tokens
                .next()
                .ok_or_else(|| ClientError::Protocol(format!("'{line}' names no move")))?;
            let ponder = match (tokens.next(), tokens.next()) {
                (Some("ponder"), Some(reply)) => Some(reply.to_owned()),
                _ => None,
            };
            let best = match best {
                "0000" | "(none)" => None,
                mv => Some(mv.to_owned()),
            };
            return Ok(BestMove {
                best,
                ponder,
                info,
                elapsed: start.elapsed(),
            });
        }
    }

    /// Asks the engine to quit, waits up to `grace`, then kills it.
    pub fn quit(mut self, grace: Duration) {
        let _ = self.send("quit");
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }

    /// Kills the process at once.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Whether the process has exited.
    pub fn has_exited(&mut self) -> bool {
        !matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if !self.has_exited() {
            self.kill();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_commands() {
        let c = EngineCommand::parse("  /usr/bin/engine uci 'two words' x").unwrap();
        assert_eq!(c.program, PathBuf::from("/usr/bin/engine"));
        assert_eq!(c.args, vec!["uci", "two words", "x"]);
        assert!(EngineCommand::parse("").is_err());
        assert!(EngineCommand::parse("a 'b").is_err());
    }

    #[test]
    fn reads_info_lines() {
        let info = EngineInfo::parse(
            "info depth 7 seldepth 9 score mate -3 nodes 120 time 15 pv P@d1 P@d2",
        )
        .unwrap();
        assert_eq!(info.depth, Some(7));
        assert_eq!(info.score, Some(UciScore::Mate(-3)));
        assert_eq!(info.time, Some(Duration::from_millis(15)));
        assert_eq!(info.pv, vec!["P@d1", "P@d2"]);
        assert_eq!(EngineInfo::parse("info string score cp 3"), None);
        assert_eq!(EngineInfo::parse("info depth 3"), None);
        assert_eq!(EngineInfo::parse("bestmove P@d1"), None);
    }
}
