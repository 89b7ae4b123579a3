//! The engine side of UCI / UGI: reads command lines, keeps the game, runs
//! searches on their own thread and writes the answers.
//!
//! Reading never stops while a search runs: `isready` is answered at once,
//! `stop` ends the search, and `position` only changes the position the next
//! search starts from. A `go`, `setoption` or `ucinewgame` that arrives during a
//! search first stops it (its `bestmove` is sent). After `go infinite` or
//! `go ponder`, `bestmove` waits for `stop` (or `ponderhit`), as UCI requires.

use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use inarow_engine::any::evaluate;
use inarow_engine::books::opening::{self, Book};
use inarow_engine::score::pons_score;
use inarow_engine::{
    max_threads, AnySearcher, Clock, Info, Limits, Score, SearchResult, SearchStats, Signals,
    Source,
};
use inarow_games::{AnyGame, Drop, Game, Outcome, Player, SetupError, Variant};

use crate::bench::{self, BenchLine, BenchReport, Benchmark};
use crate::command::{Command, Go, Query};
use crate::input::{self, LineReader, MAX_BOOK_BYTES, MAX_LINE_BYTES};
use crate::options::{self, Options, Setting};
use crate::response::{InfoLine, Response, UciScore};

/// The engine's name in `id name`.
pub const ENGINE_NAME: &str = concat!("inarow ", env!("CARGO_PKG_VERSION"));
/// The engine's authors in `id author`.
pub const ENGINE_AUTHOR: &str = "the inarow developers";

/// Whether the session goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep reading.
    Continue,
    /// `quit`: the session is over.
    Quit,
}

/// What the session and its search thread share.
struct Control {
    signals: Signals,
    /// Whether `bestmove` must wait: after `go infinite` or `go ponder`, until
    /// `stop` or `ponderhit`.
    hold: Mutex<bool>,
    released: Condvar,
}

impl Control {
    fn release(&self) {
        *lock(&self.hold) = false;
        self.released.notify_all();
    }

    fn wait_until_released(&self) {
        let mut held = lock(&self.hold);
        while *held {
            held = self
                .released
                .wait(held)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// Locks a mutex, carrying on if another thread panicked while holding it.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

struct Running {
    /// Gives back the searchers and the search's result (none if the game was over).
    handle: JoinHandle<(AnySearcher, Option<SearchResult<Drop>>)>,
    control: Arc<Control>,
}

/// A UCI / UGI engine session writing to `W`.
pub struct Session<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    variant: Variant,
    /// The start of the current game: `None` for the variant's start position.
    start_fen: Option<String>,
    position: AnyGame,
    /// Moves played from the start.
    moves: Vec<Drop>,
    options: Options,
    /// The searchers; a running search holds them.
    engines: Option<AnySearcher>,
    running: Option<Running>,
    debug: bool,
}

impl<W: Write + Send + 'static> Session<W> {
    /// A session writing its answers to `out`, with Connect Four 7x6 set up.
    pub fn new(out: W) -> Self {
        let options = Options::default();
        let engines = Some(fresh_engines(&options));
        Session {
            out: Arc::new(Mutex::new(out)),
            variant: Variant::default(),
            start_fen: None,
            position: AnyGame::new(Variant::default()),
            moves: Vec::new(),
            options,
            engines,
            running: None,
            debug: false,
        }
    }

    /// The writer the session answers to (for tests).
    pub fn output(&self) -> Arc<Mutex<W>> {
        Arc::clone(&self.out)
    }

    /// The position the next search starts from.
    pub fn position(&self) -> &AnyGame {
        &self.position
    }

    /// Reads and answers lines until `quit` or the end of the input; a running
    /// search is stopped first.
    ///
    /// Lines are read as bytes, at most [`MAX_LINE_BYTES`] each: a line that
    /// is longer or is not UTF-8 is answered with one error line, and the
    /// session goes on.
    pub fn run<R: BufRead>(&mut self, input: R) {
        for line in LineReader::new(input, MAX_LINE_BYTES) {
            match line {
                Ok(line) => {
                    if self.handle_line(&line) == Flow::Quit {
                        return;
                    }
                }
                Err(e) if e.is_fatal() => {
                    log::warn!("{e}; quitting");
                    break;
                }
                Err(e) => self.error(e),
            }
        }
        self.stop_search();
    }

    /// Answers one line.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        log::debug!("<< {line}");
        if line.trim().is_empty() {
            return Flow::Continue;
        }
        match line.parse::<Command>() {
            Ok(command) => self.execute(command),
            Err(e) => {
                self.send(Response::InfoString(format!("error: {e}")));
                Flow::Continue
            }
        }
    }

    fn send(&self, response: Response) {
        send(&self.out, &response);
    }

    fn error(&self, message: impl std::fmt::Display) {
        self.send(Response::InfoString(format!("error: {message}")));
    }

    fn execute(&mut self, command: Command) -> Flow {
        match command {
            Command::Uci | Command::Ugi => {
                self.send(Response::Id {
                    name: ENGINE_NAME.to_owned(),
                    author: ENGINE_AUTHOR.to_owned(),
                });
                for decl in options::declarations() {
                    self.send(Response::Option(decl));
                }
                self.send(if command == Command::Uci {
                    Response::UciOk
                } else {
                    Response::UgiOk
                });
            }
            Command::Debug(on) => self.debug = on,
            Command::IsReady => {
                // GUIs ask `isready` after setting up and before timed
                // searches: the tables of the game are made ready now, so
                // that no search pays for their memory on its clock.
                if self.running.is_none() {
                    if let Some(engines) = &mut self.engines {
                        engines.populate(&self.position);
                    }
                }
                self.send(Response::ReadyOk);
            }
            Command::SetOption { name, value } => {
                self.stop_search();
                if let Err(e) = self.set_option(&name, value.as_deref()) {
                    self.error(e);
                }
            }
            Command::NewGame => {
                self.stop_search();
                if let Some(engines) = &mut self.engines {
                    engines.clear();
                }
                self.start_fen = None;
                self.position = AnyGame::new(self.variant);
                self.moves.clear();
            }
            Command::Position { fen, moves } => {
                if let Err(e) = self.set_position(fen, &moves) {
                    self.error(e);
                }
            }
            Command::Go(go) => self.go(&go),
            Command::Stop => self.stop_search(),
            Command::PonderHit => {
                if let Some(running) = &self.running {
                    running.control.signals.set_ponder(false);
                    running.control.release();
                }
            }
            Command::Quit => {
                self.stop_search();
                return Flow::Quit;
            }
            Command::Display => self.display(),
            Command::Eval => self.eval(),
            Command::Perft(depth) => self.perft(depth),
            Command::Bench {
                depth,
                hash,
                threads,
            } => self.bench(depth, hash, threads),
            Command::Query(query) => self.query(query),
        }
        Flow::Continue
    }

    /// Sets an option: the table reads and checks the value, then the setting
    /// takes effect. On an error nothing has changed.
    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let (name, setting) = options::read(name, value)?;
        match setting {
            Setting::Variant(variant) => {
                self.variant = variant;
                self.start_fen = None;
                self.position = AnyGame::new(variant);
                self.moves.clear();
            }
            Setting::Hash(mib) => {
                self.options.hash_mib = mib;
                if let Some(engines) = &mut self.engines {
                    engines.set_hash(mib);
                    let got = engines.hash_bytes() >> 20;
                    if got * 2 < mib {
                        self.send(Response::InfoString(format!(
                            "{name}: only {got} MiB could be allocated of the {mib} MiB asked"
                        )));
                    }
                }
            }
            Setting::Threads(threads) => {
                self.options.threads = threads;
                if let Some(engines) = &mut self.engines {
                    engines.set_threads(threads);
                }
            }
            Setting::OwnBook(on) => {
                self.options.own_book = on;
                self.set_book();
            }
            Setting::BookFile(path) => {
                self.options.book = if path.is_empty() {
                    opening::embedded()
                } else {
                    let bytes = input::read_file(Path::new(&path), MAX_BOOK_BYTES)
                        .map_err(|e| format!("option {name}: cannot read {path}: {e}"))?;
                    let book = Book::from_bytes(&bytes)
                        .map_err(|e| format!("option {name}: {path}: {e}"))?;
                    Arc::new(book)
                };
                self.set_book();
            }
            Setting::ClearHash => {
                if let Some(engines) = &mut self.engines {
                    engines.clear();
                }
            }
            Setting::MultiPv(lines) => self.options.multipv = lines,
            Setting::MoveOverhead(overhead) => self.options.overhead = overhead,
            Setting::Ponder(on) => self.options.ponder = on,
        }
        Ok(())
    }

    /// Hands the book the options ask for to the searchers.
    fn set_book(&mut self) {
        if let Some(engines) = &mut self.engines {
            engines.set_book(self.options.book_in_use());
        }
    }

    fn set_position(&mut self, fen: Option<String>, moves: &[String]) -> Result<(), SetupError> {
        let mut position = AnyGame::from_setup(self.variant, fen.as_deref())?;
        let played = position.play_all(moves.iter().map(String::as_str))?;
        self.start_fen = fen;
        self.position = position;
        self.moves = played;
        Ok(())
    }

    fn go(&mut self, go: &Go) {
        self.stop_search();
        let Some(mut engines) = self.engines.take() else {
            self.error("no engine available");
            return;
        };
        let limits = self.limits(go);
        let hold = go.infinite || go.ponder;
        let control = Arc::new(Control {
            signals: Signals::new(),
            hold: Mutex::new(hold),
            released: Condvar::new(),
        });
        control.signals.set_ponder(go.ponder);
        let out = Arc::clone(&self.out);
        let position = self.position;
        let thread_control = Arc::clone(&control);
        let debug = self.debug;
        let spawned = std::thread::Builder::new()
            .name("search".to_owned())
            .spawn(move || {
                let result = think(
                    &mut engines,
                    &position,
                    &limits,
                    &thread_control,
                    debug,
                    &out,
                );
                (engines, result)
            });
        match spawned {
            Ok(handle) => self.running = Some(Running { handle, control }),
            Err(e) => {
                self.engines = Some(fresh_engines(&self.options));
                self.error(format!("cannot start the search: {e}"));
            }
        }
    }

    fn limits(&self, go: &Go) -> Limits {
        let (time, increment) = match self.position.side_to_move() {
            Player::First => (go.wtime, go.winc),
            Player::Second => (go.btime, go.binc),
        };
        let clock = time.map(|time| Clock {
            time,
            increment: increment.unwrap_or_default(),
            moves_to_go: go.movestogo,
        });
        Limits {
            depth: go.depth,
            nodes: go.nodes,
            start_depth: None,
            // The overhead is the GUI's share of the move time as it is of
            // the clock: the search ends that much sooner, so that the
            // answer arrives within the time asked.
            movetime: go.movetime.map(|movetime| {
                movetime
                    .saturating_sub(self.options.overhead)
                    .max(Duration::from_millis(1))
            }),
            clock: if go.infinite { None } else { clock },
            overhead: self.options.overhead,
            deadline: None,
            mate: go.mate,
            multipv: self.options.multipv,
        }
    }

    /// Stops a running search and waits for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some(running) = &self.running {
            running.control.signals.stop();
        }
        self.wait_for_search();
    }

    /// Waits for the running search to end by itself (it is not stopped: do
    /// not call this after `go infinite` without a stop) and returns its
    /// result, `None` if no search ran or the game was over. A held
    /// `bestmove` is let go, and the searchers come back to the session.
    pub fn wait_for_search(&mut self) -> Option<SearchResult<Drop>> {
        let running = self.running.take()?;
        running.control.release();
        match running.handle.join() {
            Ok((engines, result)) => {
                self.engines = Some(engines);
                result
            }
            Err(_) => {
                log::error!("the search thread panicked; starting afresh");
                self.engines = Some(fresh_engines(&self.options));
                self.send(Response::BestMove {
                    best: None,
                    ponder: None,
                });
                None
            }
        }
    }

    fn display(&self) {
        let mut text = self.position.to_string();
        text.push_str(&format!("Fen: {}\n", self.position.fen()));
        // From a FEN, a Connect-Four position is shown by a move string from
        // the empty board that reaches it, where one can be found.
        let moves = if self.start_fen.is_some() && self.variant.gravity() {
            self.position
                .move_string()
                .unwrap_or_else(|| "-".to_owned())
        } else {
            AnyGame::new(self.variant).moves_text(&self.moves)
        };
        text.push_str(&format!(
            "Moves: {}\n",
            if moves.is_empty() { "-" } else { &moves }
        ));
        let side = match self.position.outcome() {
            Some(outcome) => format!("none, the game is over ({})", outcome_text(outcome)),
            None => match self.position.side_to_move() {
                Player::First => "first player (P, white)".to_owned(),
                Player::Second => "second player (p, black)".to_owned(),
            },
        };
        text.push_str(&format!("Side to move: {side}"));
        self.send(Response::Text(text));
    }

    fn eval(&self) {
        let text = match (self.position.outcome(), evaluate(&self.position)) {
            (Some(outcome), _) => format!("The game is over: {}", outcome_text(outcome)),
            (None, None) => {
                "Static evaluation: the side to move wins with its next move".to_owned()
            }
            (None, Some(value)) => format!(
                "Static evaluation: cp {value} ({:+.2} stones) for the side to move",
                f64::from(value) / 100.0
            ),
        };
        self.send(Response::Text(text));
    }

    fn perft(&self, depth: u32) {
        let report = self.position.perft(depth, true);
        self.send(Response::Text(report.to_string()));
    }

    fn bench(&mut self, depth: Option<u32>, hash: Option<usize>, threads: Option<usize>) {
        self.stop_search();
        let depth = depth.unwrap_or(bench::DEFAULT_DEPTH).max(1);
        let hash = hash.unwrap_or(bench::DEFAULT_HASH_MIB);
        let threads = threads.unwrap_or(1);
        if !(1..=max_threads()).contains(&threads) {
            self.error(format!(
                "bench threads: {threads} is out of range 1..{}",
                max_threads()
            ));
            return;
        }
        let benchmark = Benchmark::new(depth, hash, threads);
        let report = run_bench(benchmark, |line| {
            self.send(Response::Text(line.to_string()))
        });
        for line in report.ordering_lines() {
            self.send(Response::Text(line));
        }
        self.send(Response::Text(report.to_string()));
    }

    fn query(&self, query: Query) {
        let answer = match query {
            Query::GameOver => self.position.outcome().is_some().to_string(),
            Query::P1Turn => (self.position.outcome().is_none()
                && self.position.side_to_move() == Player::First)
                .to_string(),
            Query::Result => match self.position.outcome() {
                None => "none",
                Some(Outcome::Win(Player::First)) => "p1win",
                Some(Outcome::Win(Player::Second)) => "p2win",
                Some(Outcome::Draw) => "draw",
            }
            .to_owned(),
        };
        self.send(Response::Response(answer));
    }
}

impl<W: Write + Send + 'static> std::ops::Drop for Session<W> {
    fn drop(&mut self) {
        self.stop_search();
    }
}

/// Runs the benchmark's commands in a session of its own, so that it neither
/// depends on this session's options and game nor changes them, calling
/// `each` with every position's line.
fn run_bench(benchmark: Benchmark, mut each: impl FnMut(&BenchLine)) -> BenchReport {
    let mut session = Session::new(std::io::sink());
    for command in benchmark.setup {
        session.execute(command);
    }
    let mut lines = Vec::with_capacity(benchmark.positions.len());
    for position in benchmark.positions {
        for command in position.commands {
            session.execute(command);
        }
        let waiting = Instant::now();
        let result = session.wait_for_search();
        let line = BenchLine::new(position.name, result, waiting.elapsed());
        each(&line);
        lines.push(line);
    }
    BenchReport::new(lines)
}

/// Writes one response and flushes.
fn send<W: Write>(out: &Mutex<W>, response: &Response) {
    let mut out = lock(out);
    let text = response.to_string();
    log::debug!(">> {text}");
    if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
        log::warn!("cannot write to the GUI");
    }
}

/// Searchers as the options ask for.
fn fresh_engines(options: &Options) -> AnySearcher {
    let mut engines = AnySearcher::new(options.hash_mib);
    engines.set_threads(options.threads);
    engines.set_book(options.book_in_use());
    engines
}

/// Searches on the search thread: `info` lines as it goes, then the final
/// `info` (with `debug on`, the ordering figures too), then (once released,
/// after `go infinite` or `go ponder`) `bestmove`.
fn think<W: Write>(
    searcher: &mut AnySearcher,
    position: &AnyGame,
    limits: &Limits,
    control: &Control,
    debug: bool,
    out: &Mutex<W>,
) -> Option<SearchResult<Drop>> {
    if let Some(outcome) = position.outcome() {
        let score = match outcome {
            Outcome::Draw => UciScore::Cp(0),
            Outcome::Win(_) => UciScore::Mate(0),
        };
        send(
            out,
            &Response::Info(InfoLine {
                depth: 0,
                seldepth: 0,
                multipv: 1,
                score,
                nodes: 0,
                time: Duration::ZERO,
                hashfull: 0,
                pv: Vec::new(),
            }),
        );
        send(
            out,
            &Response::InfoString(format!("the game is over: {}", outcome_text(outcome))),
        );
        control.wait_until_released();
        send(
            out,
            &Response::BestMove {
                best: None,
                ponder: None,
            },
        );
        return None;
    }
    let mut last_sent = None;
    let result = searcher.search(position, limits, &control.signals, |info| {
        let line = info_line(info, info.nodes, info.elapsed);
        send(out, &Response::Info(line.clone()));
        last_sent = Some(line);
    });
    final_report(position, &result, last_sent.as_ref(), out);
    if debug {
        for line in ordering_report(&result.stats) {
            send(out, &Response::InfoString(line));
        }
    }
    control.wait_until_released();
    send(
        out,
        &Response::BestMove {
            best: result.best,
            ponder: result.ponder,
        },
    );
    Some(result)
}

/// The last `info` line of a search, with the totals (unless the last line
/// sent already said all of it), and what is proven.
fn final_report<W: Write>(
    position: &AnyGame,
    result: &SearchResult<Drop>,
    last_sent: Option<&InfoLine>,
    out: &Mutex<W>,
) {
    let mut info = result.info();
    if info.pv.is_empty() {
        info.pv.extend(result.best);
    }
    let line = info_line(&info, result.nodes, result.elapsed);
    let repeated = last_sent.is_some_and(|last| {
        InfoLine {
            time: line.time,
            ..last.clone()
        } == line
    });
    if !repeated {
        send(out, &Response::Info(line));
    }
    send(
        out,
        &Response::InfoString(format!("move from the {}", result.source.name())),
    );
    if info.score == Score::Draw {
        send(out, &Response::InfoString("proven draw".to_owned()));
    }
    // A proof of a win bounds its distance; a draw is exact either way.
    let exact = result.source != Source::Proof || info.score == Score::Draw;
    if let Some(pons) = pons_score(position, info.score).filter(|_| exact) {
        send(
            out,
            &Response::InfoString(format!("exact score {pons} (Pons)")),
        );
    }
}

/// With `debug on`, after the final report: how well the search ordered its
/// moves (nothing if it did not search: a book or solver move).
fn ordering_report(stats: &SearchStats) -> Vec<String> {
    if stats.iterations.is_empty() {
        return Vec::new();
    }
    let factors: Vec<String> = stats
        .branching_factors()
        .iter()
        .map(|(depth, f)| format!("{depth}:{f:.2}"))
        .collect();
    let nodes: Vec<String> = stats
        .iterations
        .iter()
        .map(|i| format!("{}:{}", i.depth, i.nodes))
        .collect();
    vec![
        format!(
            "ordering cutoffs {} first {}",
            stats.cutoffs,
            bench::percent(stats.first_move_share())
        ),
        format!(
            "tt probes {} hits {} cutoffs {}",
            stats.tt_probes,
            bench::percent(stats.tt_hit_rate()),
            bench::percent(stats.tt_cutoff_rate())
        ),
        format!("iteration nodes {}", nodes.join(" ")),
        format!(
            "ebf {}",
            if factors.is_empty() {
                "-".to_owned()
            } else {
                factors.join(" ")
            }
        ),
    ]
}

fn info_line(info: &Info<Drop>, nodes: u64, elapsed: Duration) -> InfoLine {
    InfoLine {
        depth: info.depth,
        seldepth: info.seldepth,
        multipv: info.multipv,
        score: info.score.into(),
        nodes,
        time: elapsed,
        hashfull: info.hashfull,
        pv: info.pv.clone(),
    }
}

fn outcome_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(Player::First) => "the first player won",
        Outcome::Win(Player::Second) => "the second player won",
        Outcome::Draw => "a draw",
    }
}
