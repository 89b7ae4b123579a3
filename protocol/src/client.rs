//! Driving an external UCI (or UGI) engine process: used by `inarow match` and
//! by `inarow play --engine`.
//!
//! A reader thread turns the engine's stdout into timestamped lines on a
//! channel, so no read ever blocks forever: every wait has a deadline. What can
//! go wrong is told apart by type ([`ClientError`]): the program cannot be
//! started, it crashed (its output ended, with its exit status when known), it
//! hung (no awaited answer before the deadline), or it broke the protocol.
//!
//! A typical game turn:
//!
//! ```no_run
//! # use std::time::Duration;
//! # use inarow_protocol::Go;
//! # use inarow_protocol::client::{Dialect, Engine, EngineCommand};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let command = EngineCommand::parse("/usr/games/fairy-stockfish")?;
//! let mut engine = Engine::start(&command, "fsf", false, Dialect::Uci, Duration::from_secs(10))?;
//! engine.set_option("VariantPath", Some("tests/data/variants.ini"))?;
//! engine.set_option("UCI_Variant", Some("cfour"))?;
//! engine.new_game()?;
//! engine.is_ready(Duration::from_secs(5))?;
//! engine.position(None, &["P@d1"])?;
//! let go = Go { movetime: Some(Duration::from_millis(100)), ..Go::default() };
//! let best = engine.search(&go, Duration::from_secs(1), |_info| {})?;
//! println!("{:?} after {:?}", best.best, best.elapsed);
//! engine.quit(Duration::from_secs(1));
//! # Ok(())
//! # }
//! ```
//!
//! With I/O logging on, every line to and from the engine is logged at info
//! level under the target [`IO_LOG_TARGET`], so a binary can show exactly these
//! lines (`RUST_LOG=engine_io=info`) without the rest of its info logs.

use std::error::Error;
use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command as Process, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::command::Go;
use crate::response::UciScore;

/// The `log` target of engine I/O lines (`engine_io`).
pub const IO_LOG_TARGET: &str = "engine_io";

/// Lines longer than this many bytes are cut (the rest is dropped), so an
/// engine printing without end cannot exhaust memory.
const MAX_LINE_BYTES: usize = 64 * 1024;

/// How long to wait, after an engine's output ends, for its exit status.
const EXIT_STATUS_WAIT: Duration = Duration::from_millis(200);

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
    /// `"target/release/inarow uci"` into words on whitespace; single or double
    /// quotes group words.
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

/// Splits text into words on whitespace; single or double quotes group words.
///
/// # Errors
/// A message if a quote is not closed.
pub fn split_words(line: &str) -> Result<Vec<String>, String> {
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

/// The protocol dialect: UCI, or UGI (the same with `ugi`/`ugiok`,
/// `uginewgame` and `p1time`/`p2time` clocks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Dialect {
    /// `uci` → `uciok`, `ucinewgame`, `wtime`/`btime`.
    #[default]
    Uci,
    /// `ugi` → `ugiok`, `uginewgame`, `p1time`/`p2time`.
    Ugi,
}

impl Dialect {
    fn hello(self) -> (&'static str, &'static str) {
        match self {
            Dialect::Uci => ("uci", "uciok"),
            Dialect::Ugi => ("ugi", "ugiok"),
        }
    }
}

impl std::str::FromStr for Dialect {
    type Err = String;

    /// Reads `uci` or `ugi`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "uci" => Ok(Dialect::Uci),
            "ugi" => Ok(Dialect::Ugi),
            other => Err(format!("unknown protocol '{other}' (known: uci, ugi)")),
        }
    }
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
    /// The engine is gone: its output ended or it stopped reading its input.
    Crashed {
        /// How it exited, if it did so in time to tell.
        status: Option<ExitStatus>,
    },
    /// The engine hung: no expected answer before the deadline.
    Timeout {
        /// What was awaited (`uciok`, `readyok`, `bestmove`).
        waiting_for: &'static str,
        /// How long it was awaited.
        waited: Duration,
    },
    /// The engine said something that breaks the protocol.
    Protocol(String),
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Spawn { command, source } => {
                write!(f, "cannot start '{command}': {source}")
            }
            ClientError::Crashed {
                status: Some(status),
            } => {
                write!(f, "the engine exited ({status})")
            }
            ClientError::Crashed { status: None } => f.write_str("the engine closed its output"),
            ClientError::Timeout {
                waiting_for,
                waited,
            } => write!(f, "no {waiting_for} within {} ms", waited.as_millis()),
            ClientError::Protocol(message) => write!(f, "protocol error: {message}"),
        }
    }
}

impl Error for ClientError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ClientError::Spawn { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// An `option` an engine declared in answer to `uci`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineOption {
    /// Its name (may contain spaces).
    pub name: String,
    /// Its type: `check`, `spin`, `combo`, `button` or `string`.
    pub kind: String,
    /// Its default value, if declared.
    pub default: Option<String>,
    /// The choices of a `combo`.
    pub vars: Vec<String>,
}

impl EngineOption {
    /// Reads the part of an `option` line after `option `; `None` if it has no name.
    #[must_use]
    pub fn parse(declaration: &str) -> Option<EngineOption> {
        #[derive(Clone, Copy)]
        enum Field {
            None,
            Name,
            Kind,
            Default,
            Var,
        }
        let mut option = EngineOption::default();
        let mut field = Field::None;
        let mut words: Vec<&str> = Vec::new();
        let flush = |field: Field, words: &mut Vec<&str>, option: &mut EngineOption| {
            let text = words.join(" ");
            words.clear();
            match field {
                Field::None => {}
                Field::Name => option.name = text,
                Field::Kind => option.kind = text,
                Field::Default => option.default = Some(text),
                Field::Var => option.vars.push(text),
            }
        };
        for word in declaration.split_whitespace() {
            let next = match word {
                "name" => Field::Name,
                "type" => Field::Kind,
                "default" => Field::Default,
                "var" => Field::Var,
                // min and max are not kept; their values are skipped.
                "min" | "max" => Field::None,
                _ => {
                    words.push(word);
                    continue;
                }
            };
            flush(field, &mut words, &mut option);
            field = next;
        }
        flush(field, &mut words, &mut option);
        (!option.name.is_empty()).then_some(option)
    }
}

/// What an engine said about itself in answer to `uci`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineId {
    /// `id name`, if given.
    pub name: Option<String>,
    /// `id author`, if given.
    pub author: Option<String>,
    /// The options it declared.
    pub options: Vec<EngineOption>,
}

impl EngineId {
    /// The declared option of this name; UCI option names ignore ASCII case.
    #[must_use]
    pub fn option(&self, name: &str) -> Option<&EngineOption> {
        self.options
            .iter()
            .find(|option| option.name.eq_ignore_ascii_case(name))
    }
}

/// One `info` line of search progress (fields the engine left out are `None`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineInfo {
    /// `depth`.
    pub depth: Option<u32>,
    /// `seldepth`.
    pub seldepth: Option<u32>,
    /// `score cp|mate`, from the side to move's point of view.
    pub score: Option<UciScore>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `time`.
    pub time: Option<Duration>,
    /// `pv`.
    pub pv: Vec<String>,
}

impl EngineInfo {
    /// Reads the fields of an `info` line; `None` if it is not one, or is an
    /// `info string`. Fields that cannot be read are left out.
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
                "seldepth" => info.seldepth = tokens.next().and_then(|t| t.parse().ok()),
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
                "pv" => info.pv = tokens.by_ref().map(str::to_owned).collect(),
                // The rest of an `info string` is text for the user.
                "string" => return None,
                _ => {}
            }
        }
        Some(info)
    }
}

/// The answer to a `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    /// The move as the engine wrote it; `None` for `0000` or `(none)`.
    pub best: Option<String>,
    /// The expected reply, if given.
    pub ponder: Option<String>,
    /// The last `info` line that had a score.
    pub info: Option<EngineInfo>,
    /// From sending `go` to the arrival of `bestmove`, measured here.
    pub elapsed: Duration,
}

impl BestMove {
    /// Reads a `bestmove` line; `None` if the line is not one.
    ///
    /// # Errors
    /// [`ClientError::Protocol`] if the line names no move.
    fn parse(
        line: &str,
        info: Option<EngineInfo>,
        elapsed: Duration,
    ) -> Option<Result<Self, ClientError>> {
        let mut tokens = line.split_whitespace();
        if tokens.next() != Some("bestmove") {
            return None;
        }
        let Some(best) = tokens.next() else {
            return Some(Err(ClientError::Protocol(format!(
                "'{}' names no move",
                line.trim()
            ))));
        };
        let ponder = match (tokens.next(), tokens.next()) {
            (Some("ponder"), Some(reply)) => Some(reply.to_owned()),
            _ => None,
        };
        let best = match best {
            "0000" | "(none)" => None,
            mv => Some(mv.to_owned()),
        };
        Some(Ok(BestMove {
            best,
            ponder,
            info,
            elapsed,
        }))
    }
}

/// A line from the engine and when it arrived.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The text, without the line ending; invalid UTF-8 is replaced.
    pub text: String,
    /// When the reader thread received it.
    pub at: Instant,
}

/// A running engine process.
///
/// Dropping it kills the process if it is still running; [`Engine::quit`]
/// asks it to leave first.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Line>,
    label: String,
    log_io: bool,
    dialect: Dialect,
    id: EngineId,
}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine")
            .field("label", &self.label)
            .field("pid", &self.child.id())
            .field("dialect", &self.dialect)
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// Starts the program, without a handshake. `label` names it in logs; with
    /// `log_io` every line to and from it is logged (see [`IO_LOG_TARGET`]).
    /// Its stderr is discarded.
    ///
    /// # Errors
    /// [`ClientError::Spawn`] if the program cannot be started.
    pub fn spawn(
        command: &EngineCommand,
        label: &str,
        log_io: bool,
    ) -> Result<Engine, ClientError> {
        let spawn_error = |source| ClientError::Spawn {
            command: command.to_string(),
            source,
        };
        let mut process = Process::new(&command.program);
        process
            .args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &command.dir {
            process.current_dir(dir);
        }
        let mut child = process.spawn().map_err(spawn_error)?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(spawn_error(io::Error::other("no pipes to the engine")));
        };
        let (sender, lines) = mpsc::channel();
        let reader = std::thread::Builder::new()
            .name(format!("{label} reader"))
            .spawn(move || {
                let mut stdout = BufReader::new(stdout);
                while let Some(text) = read_capped_line(&mut stdout) {
                    let line = Line {
                        text,
                        at: Instant::now(),
                    };
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            });
        if let Err(source) = reader {
            let _ = child.kill();
            let _ = child.wait();
            return Err(spawn_error(source));
        }
        Ok(Engine {
            child,
            stdin,
            lines,
            label: label.to_owned(),
            log_io,
            dialect: Dialect::Uci,
            id: EngineId::default(),
        })
    }

    /// Starts the program and shakes hands ([`Engine::spawn`], then
    /// [`Engine::handshake`]).
    ///
    /// # Errors
    /// As [`Engine::spawn`] and [`Engine::handshake`].
    pub fn start(
        command: &EngineCommand,
        label: &str,
        log_io: bool,
        dialect: Dialect,
        timeout: Duration,
    ) -> Result<Engine, ClientError> {
        let mut engine = Engine::spawn(command, label, log_io)?;
        engine.handshake(dialect, timeout)?;
        Ok(engine)
    }

    /// The label given at the start, used in logs.
    #[must_use]
    pub fn label(&self) -> &str {
        &self.label
    }

    /// What the engine said about itself in the handshake.
    #[must_use]
    pub fn id(&self) -> &EngineId {
        &self.id
    }

    /// The dialect of the handshake.
    #[must_use]
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The process id.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends one line.
    ///
    /// # Errors
    /// [`ClientError::Crashed`] if the engine no longer reads its input.
    pub fn send(&mut self, line: &str) -> Result<(), ClientError> {
        if self.log_io {
            log::info!(target: IO_LOG_TARGET, "{} < {line}", self.label);
        }
        let written = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
        match written {
            Ok(()) => Ok(()),
            Err(e) => {
                log::debug!("{}: write failed: {e}", self.label);
                Err(ClientError::Crashed {
                    status: self.wait_exit_status(EXIT_STATUS_WAIT),
                })
            }
        }
    }

    /// The next line, waiting until `deadline` at most.
    ///
    /// # Errors
    /// [`ClientError::Timeout`] past the deadline (with the time this call
    /// waited), [`ClientError::Crashed`] if the output ended.
    pub fn read_line(
        &mut self,
        deadline: Instant,
        waiting_for: &'static str,
    ) -> Result<Line, ClientError> {
        let started = Instant::now();
        match self
            .lines
            .recv_timeout(deadline.saturating_duration_since(started))
        {
            Ok(line) => {
                if self.log_io {
                    log::info!(target: IO_LOG_TARGET, "{} > {}", self.label, line.text);
                }
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(ClientError::Timeout {
                waiting_for,
                waited: started.elapsed(),
            }),
            Err(RecvTimeoutError::Disconnected) => Err(ClientError::Crashed {
                status: self.wait_exit_status(EXIT_STATUS_WAIT),
            }),
        }
    }

    /// `uci` → `uciok` (or `ugi` → `ugiok`), collecting the engine's id and
    /// options, within `timeout`.
    ///
    /// # Errors
    /// As [`Engine::read_line`].
    pub fn handshake(
        &mut self,
        dialect: Dialect,
        timeout: Duration,
    ) -> Result<&EngineId, ClientError> {
        let (hello, ok) = dialect.hello();
        self.dialect = dialect;
        self.id = EngineId::default();
        self.send(hello)?;
        let start = Instant::now();
        let deadline = start + timeout;
        loop {
            let line = self.read_line(deadline, ok).map_err(|e| since(e, start))?;
            let line = line.text.trim();
            if line == ok {
                return Ok(&self.id);
            }
            if let Some(name) = line.strip_prefix("id name ") {
                self.id.name = Some(name.trim().to_owned());
            } else if let Some(author) = line.strip_prefix("id author ") {
                self.id.author = Some(author.trim().to_owned());
            } else if let Some(declaration) = line.strip_prefix("option ") {
                if let Some(option) = EngineOption::parse(declaration) {
                    self.id.options.push(option);
                }
            }
        }
    }

    /// `setoption name <name> value <value>`, or `setoption name <name>` for a
    /// button (`value` is `None`).
    ///
    /// # Errors
    /// [`ClientError::Crashed`] if the engine is gone.
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), ClientError> {
        match value {
            Some(value) => self.send(&format!("setoption name {name} value {value}")),
            None => self.send(&format!("setoption name {name}")),
        }
    }

    /// Selects a variant (`cfour`, `tictactoe`) through the `UCI_Variant`
    /// option, if the engine declared one; whether it did. An engine without
    /// the option plays one game only, and is told nothing.
    ///
    /// # Errors
    /// [`ClientError::Crashed`] if the engine is gone.
    pub fn select_variant(&mut self, variant: &str) -> Result<bool, ClientError> {
        let Some(option) = self.id.option("UCI_Variant") else {
            return Ok(false);
        };
        let name = option.name.clone();
        self.set_option(&name, Some(variant))?;
        Ok(true)
    }

    /// `ucinewgame` (or `uginewgame`).
    ///
    /// # Errors
    /// [`ClientError::Crashed`] if the engine is gone.
    pub fn new_game(&mut self) -> Result<(), ClientError> {
        self.send(match self.dialect {
            Dialect::Uci => "ucinewgame",
            Dialect::Ugi => "uginewgame",
        })
    }

    /// `isready` → `readyok` within `timeout`. Other lines that arrive first
    /// (say, the `bestmove` of a search that was stopped) are read past.
    ///
    /// # Errors
    /// As [`Engine::read_line`].
    pub fn is_ready(&mut self, timeout: Duration) -> Result<(), ClientError> {
        self.send("isready")?;
        let start = Instant::now();
        let deadline = start + timeout;
        loop {
            let line = self
                .read_line(deadline, "readyok")
                .map_err(|e| since(e, start))?;
            if line.text.trim() == "readyok" {
                return Ok(());
            }
        }
    }

    /// `position startpos|fen <fen> [moves ...]`.
    ///
    /// # Errors
    /// [`ClientError::Crashed`] if the engine is gone.
    pub fn position<M: fmt::Display>(
        &mut self,
        fen: Option<&str>,
        moves: &[M],
    ) -> Result<(), ClientError> {
        use std::fmt::Write as _;
        let mut line = match fen {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_owned(),
        };
        if !moves.is_empty() {
            line.push_str(" moves");
            for mv in moves {
                let _ = write!(line, " {mv}");
            }
        }
        self.send(&line)
    }

    /// Sends `go` (clock words as the dialect writes them) and returns when it
    /// was sent, for [`Engine::wait_best_move`].
    ///
    /// # Errors
    /// [`ClientError::Crashed`] if the engine is gone.
    pub fn go(&mut self, go: &Go) -> Result<Instant, ClientError> {
        let line = go_line(go, self.dialect);
        let sent = Instant::now();
        self.send(&line)?;
        Ok(sent)
    }

    /// Waits until `deadline` for the `bestmove` of a search whose `go` was sent
    /// at `sent`, calling `on_info` with every `info` line on the way.
    ///
    /// # Errors
    /// [`ClientError::Timeout`] if no `bestmove` comes in time,
    /// [`ClientError::Crashed`] if the engine exits, [`ClientError::Protocol`]
    /// for a `bestmove` line without a move.
    pub fn wait_best_move(
        &mut self,
        sent: Instant,
        deadline: Instant,
        mut on_info: impl FnMut(&EngineInfo),
    ) -> Result<BestMove, ClientError> {
        let mut scored = None;
        loop {
            let line = self
                .read_line(deadline, "bestmove")
                .map_err(|e| since(e, sent))?;
            if let Some(info) = EngineInfo::parse(&line.text) {
                on_info(&info);
                if info.score.is_some() {
                    scored = Some(info);
                }
                continue;
            }
            // Only a `bestmove` line takes the last score: an `info string`
            // may come between the two.
            if line.text.split_whitespace().next() != Some("bestmove") {
                continue;
            }
            let elapsed = line.at.saturating_duration_since(sent);
            if let Some(best) = BestMove::parse(&line.text, scored.take(), elapsed) {
                return best;
            }
        }
    }

    /// Sends `go` and waits up to `timeout` for `bestmove`, calling `on_info`
    /// with every `info` line on the way.
    ///
    /// # Errors
    /// As [`Engine::wait_best_move`].
    pub fn search(
        &mut self,
        go: &Go,
        timeout: Duration,
        on_info: impl FnMut(&EngineInfo),
    ) -> Result<BestMove, ClientError> {
        let sent = self.go(go)?;
        self.wait_best_move(sent, sent + timeout, on_info)
    }

    /// Sends `stop`; the `bestmove` still has to be read
    /// ([`Engine::wait_best_move`]).
    ///
    /// # Errors
    /// [`ClientError::Crashed`] if the engine is gone.
    pub fn stop(&mut self) -> Result<(), ClientError> {
        self.send("stop")
    }

    /// Asks the engine to quit, waits up to `grace` for it to exit, then kills it.
    pub fn quit(mut self, grace: Duration) {
        let _ = self.send("quit");
        if self.wait_exit_status(grace).is_none() {
            log::debug!("{}: did not quit within {grace:?}; killing it", self.label);
            self.kill();
        }
    }

    /// Kills the process at once and reaps it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The exit status, if the process has exited.
    pub fn exit_status(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// Waits up to `wait` for the process to exit.
    fn wait_exit_status(&mut self, wait: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + wait;
        loop {
            if let Some(status) = self.exit_status() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if self.exit_status().is_none() {
            self.kill();
        }
    }
}

/// A timeout counted from `start` rather than from the last read.
fn since(error: ClientError, start: Instant) -> ClientError {
    match error {
        ClientError::Timeout { waiting_for, .. } => ClientError::Timeout {
            waiting_for,
            waited: start.elapsed(),
        },
        other => other,
    }
}

/// The `go` line: UGI names the clocks `p1time p2time p1inc p2inc`.
fn go_line(go: &Go, dialect: Dialect) -> String {
    let line = go.to_string();
    match dialect {
        Dialect::Uci => line,
        Dialect::Ugi => line
            .split(' ')
            .map(|word| match word {
                "wtime" => "p1time",
                "btime" => "p2time",
                "winc" => "p1inc",
                "binc" => "p2inc",
                other => other,
            })
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// Reads one line of at most [`MAX_LINE_BYTES`] (the rest of a longer line is
/// dropped), without its line ending; invalid UTF-8 is replaced. `None` at the
/// end of the output or on a read error.
fn read_capped_line(reader: &mut impl BufRead) -> Option<String> {
    let mut bytes = Vec::new();
    let mut any = false;
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        };
        if buffer.is_empty() {
            // End of output: a last line without a newline still counts.
            return any.then(|| finish_line(bytes));
        }
        any = true;
        let (chunk, found_end) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (&buffer[..end], true),
            None => (buffer, false),
        };
        let room = MAX_LINE_BYTES.saturating_sub(bytes.len());
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len() + usize::from(found_end);
        reader.consume(used);
        if found_end {
            return Some(finish_line(bytes));
        }
    }
}

fn finish_line(mut bytes: Vec<u8>) -> String {
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }
}

/// Reads all of `reader` as capped lines (for tests of the reader).
#[cfg(test)]
fn read_all_lines(reader: impl io::Read) -> Vec<String> {
    let mut reader = BufReader::new(reader);
    std::iter::from_fn(|| read_capped_line(&mut reader)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An engine written as a shell script.
    fn script(body: &str) -> EngineCommand {
        EngineCommand {
            program: PathBuf::from("sh"),
            args: vec!["-c".to_owned(), body.to_owned()],
            dir: None,
        }
    }

    /// A well-behaved engine: answers the handshake, isready and go.
    const GOOD: &str = r#"
        while read -r line; do
            case "$line" in
                uci) echo "id name Scripted 1.0"; echo "id author Tests"
                     echo "option name Hash type spin default 16 min 1 max 1024"
                     echo "option name UCI_Variant type combo default cfour var cfour var tictactoe"
                     echo "option name Clear Hash type button"
                     echo uciok ;;
                ugi) echo "id name Scripted UGI"; echo ugiok ;;
                isready) echo readyok ;;
                go*) echo "info string thinking about $line"
                     echo "info depth 1 score cp 12 nodes 7 time 1 pv P@d1"
                     echo "info depth 2 seldepth 3 score mate -3 nodes 90 time 2 pv P@d1 P@d2"
                     echo "info currmove P@c1"
                     echo "info string the last scored line still counts"
                     echo "bestmove P@d1 ponder P@d2" ;;
                quit) exit 0 ;;
            esac
        done"#;

    const TIMEOUT: Duration = Duration::from_secs(5);

    #[test]
    fn splits_commands() {
        let c = EngineCommand::parse("  /usr/bin/engine uci 'two words' \"x y\"").unwrap();
        assert_eq!(c.program, PathBuf::from("/usr/bin/engine"));
        assert_eq!(c.args, vec!["uci", "two words", "x y"]);
        assert_eq!(c.to_string(), "/usr/bin/engine uci two words x y");
        assert!(EngineCommand::parse("").is_err());
        assert!(EngineCommand::parse("   ").is_err());
        assert!(EngineCommand::parse("a 'b").is_err());
    }

    #[test]
    fn reads_info_lines() {
        let info = EngineInfo::parse(
            "info depth 7 seldepth 9 score mate -3 nodes 120 time 15 pv P@d1 P@d2",
        )
        .unwrap();
        assert_eq!(info.depth, Some(7));
        assert_eq!(info.seldepth, Some(9));
        assert_eq!(info.score, Some(UciScore::Mate(-3)));
        assert_eq!(info.nodes, Some(120));
        assert_eq!(info.time, Some(Duration::from_millis(15)));
        assert_eq!(info.pv, vec!["P@d1", "P@d2"]);
        let bounded = EngineInfo::parse("info depth 3 score cp -20 lowerbound nodes 5").unwrap();
        assert_eq!(bounded.score, Some(UciScore::Cp(-20)));
        assert_eq!(bounded.nodes, Some(5));
        let broken = EngineInfo::parse("info depth x score cp abc time -1").unwrap();
        assert_eq!(broken, EngineInfo::default());
        assert_eq!(EngineInfo::parse("info string score cp 3"), None);
        assert_eq!(EngineInfo::parse("bestmove P@d1"), None);
        assert_eq!(EngineInfo::parse(""), None);
    }

    #[test]
    fn reads_option_declarations() {
        let combo =
            EngineOption::parse("name UCI Variant type combo default cfour var cfour var tic tac")
                .unwrap();
        assert_eq!(combo.name, "UCI Variant");
        assert_eq!(combo.kind, "combo");
        assert_eq!(combo.default.as_deref(), Some("cfour"));
        assert_eq!(combo.vars, vec!["cfour", "tic tac"]);
        let spin = EngineOption::parse("name Hash type spin default 16 min 1 max 1024").unwrap();
        assert_eq!(
            (spin.kind.as_str(), spin.default.as_deref()),
            ("spin", Some("16"))
        );
        assert!(spin.vars.is_empty());
        let path = EngineOption::parse("name VariantPath type string default <empty>").unwrap();
        assert_eq!(path.default.as_deref(), Some("<empty>"));
        assert_eq!(EngineOption::parse("type button"), None);
    }

    #[test]
    fn reads_long_and_broken_lines() {
        let mut input = b"uciok\r\nbad \xff\xfe bytes\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 3 * MAX_LINE_BYTES));
        input.extend(b"\nlast without newline");
        let lines = read_all_lines(input.as_slice());
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0], "uciok");
        assert_eq!(lines[1], "bad \u{fffd}\u{fffd} bytes");
        assert_eq!(lines[2].len(), MAX_LINE_BYTES);
        assert_eq!(lines[3], "last without newline");
        assert!(read_all_lines(&b""[..]).is_empty());
    }

    #[test]
    fn writes_go_in_both_dialects() {
        let go = Go {
            wtime: Some(Duration::from_millis(1000)),
            btime: Some(Duration::from_millis(900)),
            winc: Some(Duration::from_millis(10)),
            binc: Some(Duration::from_millis(10)),
            movestogo: Some(5),
            ..Go::default()
        };
        assert_eq!(
            go_line(&go, Dialect::Uci),
            "go wtime 1000 btime 900 winc 10 binc 10 movestogo 5"
        );
        assert_eq!(
            go_line(&go, Dialect::Ugi),
            "go p1time 1000 p2time 900 p1inc 10 p2inc 10 movestogo 5"
        );
    }

    #[test]
    fn plays_a_turn_with_a_good_engine() {
        let mut engine = Engine::start(&script(GOOD), "good", true, Dialect::Uci, TIMEOUT).unwrap();
        let id = engine.id();
        assert_eq!(id.name.as_deref(), Some("Scripted 1.0"));
        assert_eq!(id.author.as_deref(), Some("Tests"));
        assert_eq!(id.options.len(), 3);
        assert_eq!(
            id.option("uci_variant").unwrap().vars,
            ["cfour", "tictactoe"]
        );
        assert_eq!(id.option("clear hash").unwrap().kind, "button");
        assert!(id.option("Threads").is_none());
        assert!(engine.select_variant("tictactoe").unwrap());
        engine.set_option("Hash", Some("32")).unwrap();
        engine.set_option("Clear Hash", None).unwrap();
        engine.new_game().unwrap();
        engine.is_ready(TIMEOUT).unwrap();
        engine
            .position(Some("7/7/7/7/7/7 w"), &["P@d1", "P@d2"])
            .unwrap();
        let go = Go {
            depth: Some(2),
            ..Go::default()
        };
        let mut seen = Vec::new();
        let best = engine
            .search(&go, TIMEOUT, |info| seen.push(info.depth))
            .unwrap();
        assert_eq!(seen, vec![Some(1), Some(2), None]);
        assert_eq!(best.best.as_deref(), Some("P@d1"));
        assert_eq!(best.ponder.as_deref(), Some("P@d2"));
        let info = best.info.unwrap();
        assert_eq!(
            (info.depth, info.score),
            (Some(2), Some(UciScore::Mate(-3)))
        );
        assert!(best.elapsed < TIMEOUT);
        let started = Instant::now();
        engine.quit(TIMEOUT);
        assert!(
            started.elapsed() < TIMEOUT,
            "a willing engine quits at once"
        );
    }

    #[test]
    fn shakes_hands_in_ugi() {
        let mut engine = Engine::start(&script(GOOD), "ugi", false, Dialect::Ugi, TIMEOUT).unwrap();
        assert_eq!(engine.dialect(), Dialect::Ugi);
        assert_eq!(engine.id().name.as_deref(), Some("Scripted UGI"));
        assert!(
            !engine.select_variant("cfour").unwrap(),
            "no UCI_Variant declared"
        );
        engine.is_ready(TIMEOUT).unwrap();
    }

    #[test]
    fn tells_a_crash_from_a_hang() {
        let crashing = script("read -r line; echo uciok; read -r line; exit 3");
        let mut engine = Engine::start(&crashing, "crash", false, Dialect::Uci, TIMEOUT).unwrap();
        let error = engine.search(&Go::default(), TIMEOUT, |_| {}).unwrap_err();
        match error {
            ClientError::Crashed {
                status: Some(status),
            } => assert_eq!(status.code(), Some(3)),
            other => panic!("expected a crash with status 3, got {other:?}"),
        }
        assert!(matches!(
            engine.send("isready"),
            Err(ClientError::Crashed { .. })
        ));

        // Reads its input but never answers `go` or `isready`, and ignores `quit`.
        let hanging = script("read -r line; echo uciok; while read -r line; do :; done");
        let mut engine = Engine::start(&hanging, "hang", false, Dialect::Uci, TIMEOUT).unwrap();
        let wait = Duration::from_millis(150);
        let started = Instant::now();
        let error = engine.search(&Go::default(), wait, |_| {}).unwrap_err();
        assert!(started.elapsed() >= wait);
        assert!(
            matches!(
                error,
                ClientError::Timeout {
                    waiting_for: "bestmove",
                    ..
                }
            ),
            "{error:?}"
        );
        assert!(
            error.to_string().starts_with("no bestmove within 1"),
            "{error}"
        );
        assert!(matches!(
            engine.is_ready(wait),
            Err(ClientError::Timeout {
                waiting_for: "readyok",
                ..
            })
        ));
        let started = Instant::now();
        engine.quit(Duration::from_millis(100));
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "killed after the grace period"
        );
    }

    #[test]
    fn handshake_times_out_on_silence() {
        let silent = script("while read -r line; do :; done");
        let error = Engine::start(
            &silent,
            "silent",
            false,
            Dialect::Uci,
            Duration::from_millis(100),
        )
        .unwrap_err();
        assert!(matches!(
            error,
            ClientError::Timeout {
                waiting_for: "uciok",
                ..
            }
        ));
    }

    #[test]
    fn rejects_bestmove_without_a_move() {
        let engine = "read -r l; echo uciok; read -r l; echo 'bestmove'; read -r l";
        let mut engine =
            Engine::start(&script(engine), "bad", false, Dialect::Uci, TIMEOUT).unwrap();
        let error = engine.search(&Go::default(), TIMEOUT, |_| {}).unwrap_err();
        assert!(matches!(error, ClientError::Protocol(_)), "{error:?}");
        let none = "read -r l; echo uciok; read -r l; echo 'bestmove (none)'; read -r l";
        let mut engine =
            Engine::start(&script(none), "none", false, Dialect::Uci, TIMEOUT).unwrap();
        let best = engine.search(&Go::default(), TIMEOUT, |_| {}).unwrap();
        assert_eq!(best.best, None);
    }

    #[test]
    fn reports_a_missing_program() {
        let command = EngineCommand::parse("/nonexistent/engine --flag").unwrap();
        let error = Engine::spawn(&command, "missing", false).unwrap_err();
        assert!(matches!(error, ClientError::Spawn { .. }));
        assert!(error
            .to_string()
            .starts_with("cannot start '/nonexistent/engine --flag'"));
    }
}
