//! The engine process and the commands of a session with it: the handshake,
//! options, `isready`, `position`, `go`, `stop`, `quit`.

use std::fmt;
use std::io::{self, BufReader, Write};
use std::process::{Child, ChildStdin, Command as Process, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::{Duration, Instant};

use super::lines::read_capped_line;
use super::{
    BestMove, ClientError, EngineCommand, EngineId, EngineInfo, EngineOption, IO_LOG_TARGET,
};
use crate::command::{Command, Go};

/// How long to wait, after an engine's output ends, for its exit status.
const EXIT_STATUS_WAIT: Duration = Duration::from_millis(200);

/// The lines read from an engine and not yet taken: past this the reader
/// waits, so an engine's unread output takes at most this many lines of
/// memory (each of at most 64 KiB).
const LINES_BUFFERED: usize = 256;

/// The most lines an engine may write in one second; an engine past it
/// floods, and is read no more ([`ClientError::Flooded`]). An engine's
/// `info` lines come by the iteration: hundreds a second at most.
pub const MAX_LINES_PER_SECOND: usize = 10_000;

/// What the reader thread hands on.
enum Read {
    Line(Line),
    /// More than [`MAX_LINES_PER_SECOND`] lines came in one second.
    Flooded,
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
    fn hello(self) -> (Command, &'static str) {
        match self {
            Dialect::Uci => (Command::Uci, "uciok"),
            Dialect::Ugi => (Command::Ugi, "ugiok"),
        }
    }

    /// The line of `command` in this dialect's words.
    fn line(self, command: &Command) -> String {
        match self {
            Dialect::Uci => command.to_string(),
            Dialect::Ugi => command.to_ugi_string(),
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
    lines: Receiver<Read>,
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
        let (sender, lines) = mpsc::sync_channel(LINES_BUFFERED);
        let reader = std::thread::Builder::new()
            .name(format!("{label} reader"))
            .spawn(move || read_lines(BufReader::new(stdout), &sender));
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

    /// Sends one command, in the words of the handshake's dialect.
    ///
    /// # Errors
    /// [`ClientError::Crashed`] if the engine no longer reads its input.
    pub fn send_command(&mut self, command: &Command) -> Result<(), ClientError> {
        let line = self.dialect.line(command);
        self.send(&line)
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
        // Past the deadline no line is taken, however many are waiting: an
        // engine that keeps writing is not answering.
        let received = if started >= deadline {
            Err(RecvTimeoutError::Timeout)
        } else {
            self.lines.recv_timeout(deadline - started)
        };
        match received {
            Ok(Read::Line(line)) => {
                if self.log_io {
                    log::info!(target: IO_LOG_TARGET, "{} > {}", self.label, line.text);
                }
                Ok(line)
            }
            Ok(Read::Flooded) => Err(ClientError::Flooded {
                limit: MAX_LINES_PER_SECOND,
            }),
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
        self.send_command(&hello)?;
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
        self.send_command(&Command::SetOption {
            name: name.to_owned(),
            value: value.map(str::to_owned),
        })
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
        self.send_command(&Command::NewGame)
    }

    /// `isready` → `readyok` within `timeout`. Other lines that arrive first
    /// (say, the `bestmove` of a search that was stopped) are read past.
    ///
    /// # Errors
    /// As [`Engine::read_line`].
    pub fn is_ready(&mut self, timeout: Duration) -> Result<(), ClientError> {
        self.send_command(&Command::IsReady)?;
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

    /// Sends `go` (clock words as the dialect writes them) and returns when it
    /// was sent, for [`Engine::wait_best_move`].
    ///
    /// # Errors
    /// [`ClientError::Crashed`] if the engine is gone.
    pub fn go(&mut self, go: &Go) -> Result<Instant, ClientError> {
        let line = self.dialect.line(&Command::Go(go.clone()));
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
        self.send_command(&Command::Stop)
    }

    /// Asks the engine to quit, waits up to `grace` for it to exit, then kills it.
    pub fn quit(mut self, grace: Duration) {
        let _ = self.send_command(&Command::Quit);
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

/// The reader thread: hands on each line of the engine's output until it
/// ends, the engine is dropped, or the engine writes more than
/// [`MAX_LINES_PER_SECOND`] lines in a second (then its output is left
/// unread: it is closed, and an engine writing on gets a broken pipe).
fn read_lines(mut stdout: impl std::io::BufRead, sender: &SyncSender<Read>) {
    let mut second = Instant::now();
    let mut in_second = 0usize;
    while let Some(text) = read_capped_line(&mut stdout) {
        let at = Instant::now();
        if at.duration_since(second) >= Duration::from_secs(1) {
            second = at;
            in_second = 0;
        }
        in_second += 1;
        if in_second > MAX_LINES_PER_SECOND {
            let _ = sender.send(Read::Flooded);
            return;
        }
        if sender.send(Read::Line(Line { text, at })).is_err() {
            return;
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

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use inarow_games::{AnyGame, Game, Variant};

    use crate::response::UciScore;

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
    fn writes_commands_in_both_dialects() {
        let go = Go {
            wtime: Some(Duration::from_millis(1000)),
            btime: Some(Duration::from_millis(900)),
            winc: Some(Duration::from_millis(10)),
            binc: Some(Duration::from_millis(10)),
            movestogo: Some(5),
            ..Go::default()
        };
        let go = Command::Go(go);
        assert_eq!(
            Dialect::Uci.line(&go),
            "go wtime 1000 btime 900 winc 10 binc 10 movestogo 5"
        );
        assert_eq!(
            Dialect::Ugi.line(&go),
            "go p1time 1000 p2time 900 p1inc 10 p2inc 10 movestogo 5"
        );
        assert_eq!(Dialect::Ugi.line(&Command::NewGame), "uginewgame");
        assert_eq!(Dialect::Uci.line(&Command::NewGame), "ucinewgame");
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
        let mut start = AnyGame::new(Variant::TicTacToe);
        let moves = [
            start.play_text("b2").unwrap(),
            start.play_text("a1").unwrap(),
        ];
        engine.set_position(&start, &moves).unwrap();
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
    fn a_flooding_engine_is_told_apart_and_read_no_more() {
        let started = Instant::now();
        let error = Engine::start(&script("yes"), "yes", false, Dialect::Uci, TIMEOUT).unwrap_err();
        assert!(
            matches!(
                error,
                ClientError::Flooded {
                    limit: MAX_LINES_PER_SECOND
                }
            ),
            "{error:?}"
        );
        assert!(started.elapsed() < TIMEOUT);
        // Lines that never end, and a steady stream of lines: the deadline
        // holds all the same.
        for body in ["cat /dev/zero", "while :; do echo y; sleep 0.001; done"] {
            let wait = Duration::from_millis(300);
            let started = Instant::now();
            let error =
                Engine::start(&script(body), "endless", false, Dialect::Uci, wait).unwrap_err();
            assert!(
                matches!(
                    error,
                    ClientError::Timeout {
                        waiting_for: "uciok",
                        ..
                    }
                ),
                "{body}: {error:?}"
            );
            assert!(
                started.elapsed() < wait * 4,
                "{body}: {:?}",
                started.elapsed()
            );
        }
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
