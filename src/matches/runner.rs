//! Playing the games: engine processes, the referee, clocks, adjudication and
//! concurrency.
//!
//! Each of `--concurrency` worker threads owns one process of each engine and
//! takes the next game of the schedule until none is left or the match is
//! stopped. Every move is checked by inarow's own rules, which alone decide the
//! game. An engine that breaks the rules or the protocol loses the game, and
//! one that crashed or hung is killed and started afresh for the next game.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime};

use inarow_engine::Score;
use inarow_games::{AnyGame, Drop, Game, MoveError, Outcome, Player, Variant};
use inarow_protocol::client::game::{HANDSHAKE_TIMEOUT, READY_TIMEOUT};
use inarow_protocol::client::{
    BestMove, ClientError, Engine, EngineId, EngineInfo, EngineSetup, LaunchError,
};
use inarow_protocol::{Go, UciScore};

use super::clock::{ChessClock, TimeControl};
use super::openings::{GamePlan, Schedule};

/// How long an engine that overran its time has to answer `stop` before it
/// is taken for hung and killed.
const STOP_GRACE: Duration = Duration::from_secs(1);

/// How long an engine has to exit after `quit`.
const QUIT_GRACE: Duration = Duration::from_secs(1);

/// One engine of the match and how it plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// How to start it and set it up; its name is the one in the PGN and the
    /// report.
    pub setup: EngineSetup,
    /// Its time control.
    pub control: TimeControl,
    /// A depth limit for each move.
    pub depth: Option<u32>,
    /// A node limit for each move.
    pub nodes: Option<u64>,
}

impl EngineSpec {
    /// Its limits in words: `1+0.01`, `depth 6`, `0.1/move, nodes 5000`.
    #[must_use]
    pub fn limits_text(&self) -> String {
        let mut parts = Vec::new();
        if self.control != TimeControl::Unlimited {
            parts.push(self.control.to_string());
        }
        if let Some(depth) = self.depth {
            parts.push(format!("depth {depth}"));
        }
        if let Some(nodes) = self.nodes {
            parts.push(format!("nodes {nodes}"));
        }
        parts.join(", ")
    }
}

/// Draw adjudication, as cutechess's `-draw`: a draw once both engines' scores
/// have stayed within `score` centipawns of zero for `move_count` moves each,
/// after at least `move_number` full moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawAdjudication {
    /// The first full move number at which a draw may be adjudicated.
    pub move_number: u32,
    /// Consecutive moves of each engine.
    pub move_count: u32,
    /// The largest score, in centipawns, that counts as level.
    pub score: i32,
}

/// Resign adjudication, as cutechess's `-resign`: an engine loses once its own
/// score has been at least `score` centipawns below zero for `move_count`
/// consecutive moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignAdjudication {
    /// Consecutive moves of the losing engine.
    pub move_count: u32,
    /// The score, in centipawns, at or below minus which an engine is lost.
    pub score: i32,
}

/// What the runner needs to play games.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The two engines.
    pub engines: [EngineSpec; 2],
    /// The game.
    pub variant: Variant,
    /// Games played at once.
    pub concurrency: usize,
    /// How far an engine may overrun its time before it loses on time.
    pub time_margin: Duration,
    /// How long a move with neither clock nor move time may take before the
    /// engine is taken for hung.
    pub stall_timeout: Duration,
    /// Draw adjudication, if any.
    pub draw: Option<DrawAdjudication>,
    /// Resign adjudication, if any.
    pub resign: Option<ResignAdjudication>,
    /// Log every line to and from the engines.
    pub log_io: bool,
}

impl Settings {
    /// How long an engine has to answer the handshake or `isready`: the
    /// client's own limit (`limit`), or the stall timeout if shorter.
    fn answer_timeout(&self, limit: Duration) -> Duration {
        limit.min(self.stall_timeout)
    }
}

/// How a game ended, as the PGN `Termination` tag says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Termination {
    /// By the rules: a line, or a full board.
    Normal,
    /// By draw or resign adjudication.
    Adjudication,
    /// An engine played an illegal move, a malformed one, or none.
    IllegalMove,
    /// An engine overran its time by more than the margin.
    TimeForfeit,
    /// An engine crashed or disconnected.
    Abandoned,
    /// An engine stopped answering (`isready`, or `go` without a time limit).
    StalledConnection,
}

impl Termination {
    /// Every termination, in the order reports list them.
    pub const ALL: [Termination; 6] = [
        Termination::Normal,
        Termination::Adjudication,
        Termination::IllegalMove,
        Termination::TimeForfeit,
        Termination::Abandoned,
        Termination::StalledConnection,
    ];

    /// The PGN tag value, as cutechess writes it.
    #[must_use]
    pub const fn tag(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::IllegalMove => "illegal move",
            Termination::TimeForfeit => "time forfeit",
            Termination::Abandoned => "abandoned",
            Termination::StalledConnection => "stalled connection",
        }
    }

    /// The termination with the given tag value.
    #[must_use]
    pub fn from_tag(tag: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.tag() == tag)
    }
}

/// A move as played, with what its engine said about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The move.
    pub drop: Drop,
    /// The PGN comment: score from the mover's side, depth and time
    /// (`+0.12/10 0.051s`).
    pub comment: String,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's number in the schedule, from 0.
    pub index: usize,
    /// The names of the engines that moved first and second.
    pub players: [String; 2],
    /// The engine (0 or 1) that moved first.
    pub first: usize,
    /// The start position.
    pub start: AnyGame,
    /// The moves.
    pub moves: Vec<PlayedMove>,
    /// The result.
    pub outcome: Outcome,
    /// How it came about.
    pub termination: Termination,
    /// The result in words, for the PGN (`White makes an illegal move: P@a9`).
    pub reason: String,
    /// The PGN `TimeControl` of each side.
    pub time_controls: [String; 2],
    /// When the game started.
    pub started: SystemTime,
    /// How long it took.
    pub duration: Duration,
}

impl GameRecord {
    /// The half points engine `engine` (0 or 1) took: 2 for a win, 1 for a draw.
    #[must_use]
    pub fn half_points(&self, engine: usize) -> u8 {
        half_points(self.outcome, self.first, engine)
    }
}

/// The engine (0 or 1) that plays `side` in a game engine `first` starts.
#[must_use]
pub fn engine_of(side: Player, first: usize) -> usize {
    match side {
        Player::First => first,
        Player::Second => 1 - first,
    }
}

/// The half points engine `engine` (0 or 1) took from a game that engine
/// `first` started and that ended in `outcome`: 2 for a win, 1 for a draw,
/// 0 for a loss.
#[must_use]
pub fn half_points(outcome: Outcome, first: usize, engine: usize) -> u8 {
    match outcome {
        Outcome::Draw => 1,
        Outcome::Win(side) if engine_of(side, first) == engine => 2,
        Outcome::Win(_) => 0,
    }
}

/// Whether the match goes on after a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterGame {
    /// Play on.
    Continue,
    /// Stop: start no new game and abandon the games under way.
    Stop,
}

/// What a worker tells the match.
enum Event {
    Finished(Box<GameRecord>),
    Fatal(String),
}

/// Plays the games `pending` of `schedule`, `settings.concurrency` at a
/// time, handing each finished game to `on_game` as soon as it ends.
///
/// # Errors
/// A message if the match cannot go on: an engine can no longer be started,
/// or neither engine can play a game.
pub fn run(
    settings: &Settings,
    schedule: &Schedule,
    pending: Vec<usize>,
    mut on_game: impl FnMut(GameRecord) -> AfterGame,
) -> Result<(), String> {
    let queue = Mutex::new(
        pending
            .into_iter()
            .collect::<std::collections::VecDeque<_>>(),
    );
    let stop = AtomicBool::new(false);
    let (sender, events) = mpsc::channel();
    let mut fatal = None;
    std::thread::scope(|scope| {
        for worker in 0..settings.concurrency.max(1) {
            let sender = sender.clone();
            let (queue, stop) = (&queue, &stop);
            let spawned = std::thread::Builder::new()
                .name(format!("match worker {worker}"))
                .spawn_scoped(scope, move || {
                    Worker::new(settings, worker).run(schedule, queue, stop, &sender);
                });
            if let Err(e) = spawned {
                fatal = Some(format!("cannot start a worker thread: {e}"));
                stop.store(true, Ordering::Relaxed);
                break;
            }
        }
        drop(sender);
        for event in events {
            match event {
                Event::Finished(record) => {
                    if on_game(*record) == AfterGame::Stop {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Event::Fatal(message) => {
                    stop.store(true, Ordering::Relaxed);
                    fatal.get_or_insert(message);
                }
            }
        }
    });
    fatal.map_or(Ok(()), Err)
}

/// Starts an engine once, checks that it gets ready, and lets it go: what it
/// said about itself.
///
/// # Errors
/// A message saying what went wrong.
/// The handshake and `isready` each get `stall_timeout` if it is shorter
/// than the client's own limits.
pub fn check(
    spec: &EngineSpec,
    variant: Variant,
    log_io: bool,
    stall_timeout: Duration,
) -> Result<EngineId, String> {
    let name = &spec.setup.name;
    let label = format!("{name} (check)");
    let failed = |e: ClientError| format!("engine '{name}' failed at its first start: {e}");
    let handshake = HANDSHAKE_TIMEOUT.min(stall_timeout);
    let mut engine = match Engine::launch_within(&spec.setup, variant, &label, log_io, handshake) {
        Ok(engine) => engine,
        Err(LaunchError::Fatal(message)) => return Err(message),
        // An engine that floods is no broken setup: it loses its games
        // (a stalled connection) as it floods in each.
        Err(LaunchError::Failed(error @ ClientError::Flooded { .. })) => {
            log::warn!("{}", failed(error));
            return Ok(EngineId::default());
        }
        Err(LaunchError::Failed(error)) => return Err(failed(error)),
    };
    engine
        .is_ready(READY_TIMEOUT.min(stall_timeout))
        .map_err(failed)?;
    let id = engine.id().clone();
    engine.quit(QUIT_GRACE);
    Ok(id)
}

/// An engine's failure in a game: how the game ends, and what happened in words.
struct Fault {
    termination: Termination,
    /// The words after the side's name: `makes an illegal move: P@a9`.
    what: String,
    /// Whether the engine must be killed and restarted.
    restart: bool,
}

impl Fault {
    fn from_client(error: &ClientError, waiting_for_move: bool) -> Fault {
        match error {
            ClientError::Crashed { .. } | ClientError::Spawn { .. } => Fault {
                termination: Termination::Abandoned,
                what: format!("disconnects ({error})"),
                restart: true,
            },
            ClientError::Timeout { .. } => Fault {
                termination: Termination::StalledConnection,
                what: format!("'s connection stalls ({error})"),
                restart: true,
            },
            ClientError::Flooded { .. } => Fault {
                termination: Termination::StalledConnection,
                what: format!("'s connection stalls ({error})"),
                restart: true,
            },
            ClientError::Protocol(message) if waiting_for_move => Fault {
                termination: Termination::IllegalMove,
                what: format!("sends a malformed bestmove ({message})"),
                restart: false,
            },
            ClientError::Protocol(message) => Fault {
                termination: Termination::Abandoned,
                what: format!("breaks the protocol ({message})"),
                restart: true,
            },
        }
    }
}

/// One engine process slot of a worker.
struct Seat {
    engine: Option<Engine>,
    label: String,
}

/// A worker thread: plays games one after another with its own engines.
struct Worker<'a> {
    settings: &'a Settings,
    seats: [Seat; 2],
}

impl<'a> Worker<'a> {
    fn new(settings: &'a Settings, worker: usize) -> Self {
        let seat = |engine: usize| Seat {
            engine: None,
            label: format!("{}#{}", settings.engines[engine].setup.name, worker + 1),
        };
        Worker {
            settings,
            seats: [seat(0), seat(1)],
        }
    }

    fn run(
        mut self,
        schedule: &Schedule,
        queue: &Mutex<std::collections::VecDeque<usize>>,
        stop: &AtomicBool,
        events: &mpsc::Sender<Event>,
    ) {
        while !stop.load(Ordering::Relaxed) {
            let next = queue
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .pop_front();
            let Some(plan) = next.and_then(|index| schedule.plan(index)) else {
                break;
            };
            let event = match self.play(plan, stop) {
                Ok(Some(record)) => Event::Finished(Box::new(record)),
                Ok(None) => break,
                Err(message) => Event::Fatal(message),
            };
            let fatal = matches!(event, Event::Fatal(_));
            if events.send(event).is_err() || fatal {
                break;
            }
        }
        for seat in self.seats {
            if let Some(engine) = seat.engine {
                engine.quit(QUIT_GRACE);
            }
        }
    }

    /// Gets engine `e` ready for a new game, starting it if needed.
    fn prepare(&mut self, e: usize) -> Result<Result<(), Fault>, String> {
        let settings = self.settings;
        let seat = &mut self.seats[e];
        if seat.engine.is_none() {
            match Engine::launch_within(
                &settings.engines[e].setup,
                settings.variant,
                &seat.label,
                settings.log_io,
                settings.answer_timeout(HANDSHAKE_TIMEOUT),
            ) {
                Ok(engine) => seat.engine = Some(engine),
                Err(LaunchError::Fatal(message)) => return Err(message),
                Err(LaunchError::Failed(error)) => {
                    return Ok(Err(Fault::from_client(&error, false)))
                }
            }
        }
        let Some(engine) = seat.engine.as_mut() else {
            return Err(format!(
                "engine '{}' is not running",
                settings.engines[e].setup.name
            ));
        };
        match engine.begin_game_within(settings.answer_timeout(READY_TIMEOUT)) {
            Ok(()) => Ok(Ok(())),
            Err(error) => {
                seat.engine = None;
                let mut fault = Fault::from_client(&error, false);
                if matches!(error, ClientError::Timeout { .. }) {
                    fault.what = format!("'s connection stalls (no answer to isready: {error})");
                }
                Ok(Err(fault))
            }
        }
    }

    /// Plays one game; `None` if the match was stopped during it.
    fn play(&mut self, plan: &GamePlan, stop: &AtomicBool) -> Result<Option<GameRecord>, String> {
        let settings = self.settings;
        // The engines by colour: the one that moves first, then the other.
        let specs = [Player::First, Player::Second]
            .map(|side| &settings.engines[engine_of(side, plan.first)]);
        let mut game = LiveGame::new(plan, specs);
        let began = Instant::now();
        if let Some((side, fault)) = self.prepare_both(plan, specs)? {
            game.forfeit(side, &fault);
            return Ok(Some(game.finish(began)));
        }
        if !self.play_moves(plan, specs, &mut game, stop)? {
            return Ok(None);
        }
        Ok(Some(game.finish(began)))
    }

    /// Gets both engines ready for the game. The side that could not be made
    /// ready, if one could not; an error if neither could.
    fn prepare_both(
        &mut self,
        plan: &GamePlan,
        specs: [&EngineSpec; 2],
    ) -> Result<Option<(Player, Fault)>, String> {
        let mut faults = Vec::new();
        for side in [Player::First, Player::Second] {
            if let Err(fault) = self.prepare(engine_of(side, plan.first))? {
                faults.push((side, fault));
            }
        }
        match faults.len() {
            0 => Ok(None),
            1 => Ok(faults.pop()),
            _ => {
                let details: Vec<String> = faults
                    .iter()
                    .map(|(side, fault)| {
                        format!("{} {}", specs[side.index()].setup.name, fault.what)
                    })
                    .collect();
                Err(format!(
                    "neither engine could start game {}: {}",
                    plan.index + 1,
                    details.join("; ")
                ))
            }
        }
    }

    /// Asks the engines for moves in turn until the game ends, by the rules,
    /// by adjudication or by a fault. Whether it ended (`false`: the match
    /// was stopped).
    fn play_moves(
        &mut self,
        plan: &GamePlan,
        specs: [&EngineSpec; 2],
        game: &mut LiveGame,
        stop: &AtomicBool,
    ) -> Result<bool, String> {
        let settings = self.settings;
        loop {
            if stop.load(Ordering::Relaxed) {
                return Ok(false);
            }
            if let Some(outcome) = game.position.outcome() {
                game.end_by_rules(outcome);
                return Ok(true);
            }
            let side = game.position.side_to_move();
            let spec = specs[side.index()];
            let seat = &mut self.seats[engine_of(side, plan.first)];
            let Some(engine) = seat.engine.as_mut() else {
                return Err(format!("engine '{}' is not running", spec.setup.name));
            };
            match game.turn(engine, spec, settings) {
                Ok(()) => {
                    if game.adjudicate(settings) {
                        return Ok(true);
                    }
                }
                Err(fault) => {
                    if fault.restart {
                        log::warn!(
                            "game {}: {} {}; restarting it",
                            plan.index + 1,
                            spec.setup.name,
                            fault.what
                        );
                        seat.engine = None;
                    }
                    game.forfeit(side, &fault);
                    return Ok(true);
                }
            }
        }
    }
}

/// The side's name in result texts, as cutechess writes it.
fn side_name(side: Player) -> &'static str {
    match side {
        Player::First => "White",
        Player::Second => "Black",
    }
}

/// A game under way.
struct LiveGame {
    record: GameRecord,
    position: AnyGame,
    drops: Vec<Drop>,
    clocks: [ChessClock; 2],
    /// Consecutive plies whose mover scored within the draw adjudication bound.
    level_plies: u32,
    /// Per side, consecutive own moves scored at or below minus the resign bound.
    losing_moves: [u32; 2],
}

impl LiveGame {
    /// The game of `plan` between `specs` (by colour), before its first move.
    fn new(plan: &GamePlan, specs: [&EngineSpec; 2]) -> LiveGame {
        LiveGame {
            record: GameRecord {
                index: plan.index,
                players: specs.map(|spec| spec.setup.name.clone()),
                first: plan.first,
                start: plan.start,
                moves: Vec::new(),
                outcome: Outcome::Draw,
                termination: Termination::Normal,
                reason: String::new(),
                time_controls: specs.map(|spec| spec.control.to_string()),
                started: SystemTime::now(),
                duration: Duration::ZERO,
            },
            position: plan.start,
            drops: Vec::new(),
            clocks: specs.map(|spec| ChessClock::new(spec.control)),
            level_plies: 0,
            losing_moves: [0, 0],
        }
    }

    /// Asks the side to move's engine for a move and plays it.
    fn turn(
        &mut self,
        engine: &mut Engine,
        spec: &EngineSpec,
        settings: &Settings,
    ) -> Result<(), Fault> {
        let side = self.position.side_to_move();
        let answer = self.ask(engine, side, spec, settings)?;
        let Some(text) = answer.best else {
            return Err(Fault {
                termination: Termination::IllegalMove,
                what: "claims to have no legal move (bestmove 0000)".to_owned(),
                restart: false,
            });
        };
        let drop = self.position.play_text(&text).map_err(|error| Fault {
            termination: Termination::IllegalMove,
            what: match error {
                MoveError::Parse(e) => format!("sends a malformed move: {e}"),
                MoveError::Illegal(e) => format!("makes an illegal move: {text} ({e})"),
            },
            restart: false,
        })?;
        self.clocks[side.index()].punch(answer.elapsed);
        self.drops.push(drop);
        self.note_score(side, answer.info.as_ref(), settings);
        self.record.moves.push(PlayedMove {
            drop,
            comment: move_comment(answer.info.as_ref(), answer.elapsed),
        });
        Ok(())
    }

    /// Sends the position and `go` to the engine of `side` and waits for its
    /// answer, within its time and the margin.
    fn ask(
        &self,
        engine: &mut Engine,
        side: Player,
        spec: &EngineSpec,
        settings: &Settings,
    ) -> Result<BestMove, Fault> {
        let go = self.go(side, spec);
        engine
            .set_position(&self.record.start, &self.drops)
            .map_err(|e| Fault::from_client(&e, true))?;
        let sent = engine.go(&go).map_err(|e| Fault::from_client(&e, true))?;
        let allowance = self.clocks[side.index()].allowance();
        let wait = allowance.map_or(settings.stall_timeout, |a| a + settings.time_margin);
        let answer = match engine.wait_best_move(sent, sent + wait, |_| {}) {
            Ok(answer) => answer,
            Err(ClientError::Timeout { .. }) => {
                let restart = !recover_after_stop(engine);
                return Err(no_answer(allowance, settings, restart));
            }
            Err(error) => return Err(Fault::from_client(&error, true)),
        };
        match allowance {
            Some(allowance) if answer.elapsed > allowance + settings.time_margin => Err(Fault {
                termination: Termination::TimeForfeit,
                what: format!(
                    "loses on time ({} ms for a move with {} ms left)",
                    answer.elapsed.as_millis(),
                    allowance.as_millis()
                ),
                restart: false,
            }),
            _ => Ok(answer),
        }
    }

    /// The `go` for the side to move: its clock and the opponent's, or its
    /// move time, and its depth and node limits.
    fn go(&self, side: Player, spec: &EngineSpec) -> Go {
        let mut go = Go {
            depth: spec.depth,
            nodes: spec.nodes,
            ..Go::default()
        };
        let own = &self.clocks[side.index()];
        match own.control() {
            TimeControl::Clock { .. } => {
                // An opponent without a clock is shown as having the mover's.
                let time = |clock: &ChessClock| clock.time_left().or(own.time_left());
                let inc = |clock: &ChessClock| {
                    clock
                        .increment()
                        .or(own.increment())
                        .filter(|i| !i.is_zero())
                };
                let [white, black] = &self.clocks;
                go.wtime = time(white);
                go.btime = time(black);
                go.winc = inc(white);
                go.binc = inc(black);
                go.movestogo = own.moves_to_go();
            }
            TimeControl::MoveTime(time) => go.movetime = Some(time),
            TimeControl::Unlimited => {}
        }
        go
    }

    /// Updates the adjudication counters with the mover's reported score.
    fn note_score(&mut self, side: Player, info: Option<&EngineInfo>, settings: &Settings) {
        let score = info.and_then(|info| info.score);
        if let Some(draw) = settings.draw {
            match score {
                Some(UciScore::Cp(cp)) if cp.abs() <= draw.score => self.level_plies += 1,
                _ => self.level_plies = 0,
            }
        }
        if let Some(resign) = settings.resign {
            let losing = match score {
                Some(UciScore::Cp(cp)) => cp <= -resign.score,
                Some(UciScore::Mate(moves)) => moves < 0,
                None => false,
            };
            let count = &mut self.losing_moves[side.index()];
            *count = if losing { *count + 1 } else { 0 };
        }
    }

    /// Ends the game by adjudication if its conditions hold; whether it did.
    fn adjudicate(&mut self, settings: &Settings) -> bool {
        if self.position.outcome().is_some() {
            return false;
        }
        if let Some(resign) = settings.resign {
            for side in [Player::First, Player::Second] {
                if self.losing_moves[side.index()] >= resign.move_count {
                    self.end(
                        Outcome::Win(side.other()),
                        Termination::Adjudication,
                        format!("{} wins by adjudication", side_name(side.other())),
                    );
                    return true;
                }
            }
        }
        if let Some(draw) = settings.draw {
            let full_moves = self.position.ply() / 2;
            if self.level_plies >= 2 * draw.move_count && full_moves >= draw.move_number {
                self.end(
                    Outcome::Draw,
                    Termination::Adjudication,
                    "Draw by adjudication".to_owned(),
                );
                return true;
            }
        }
        false
    }

    fn end_by_rules(&mut self, outcome: Outcome) {
        let line = self.position.variant().line_name();
        let reason = match outcome {
            Outcome::Win(side) => format!("{} wins with {line}", side_name(side)),
            Outcome::Draw => "Draw: the board is full".to_owned(),
        };
        self.end(outcome, Termination::Normal, reason);
    }

    fn forfeit(&mut self, side: Player, fault: &Fault) {
        let space = if fault.what.starts_with('\'') {
            ""
        } else {
            " "
        };
        self.end(
            Outcome::Win(side.other()),
            fault.termination,
            format!("{}{space}{}", side_name(side), fault.what),
        );
    }

    fn end(&mut self, outcome: Outcome, termination: Termination, reason: String) {
        self.record.outcome = outcome;
        self.record.termination = termination;
        self.record.reason = reason;
    }

    fn finish(mut self, began: Instant) -> GameRecord {
        self.record.duration = began.elapsed();
        self.record
    }
}

/// The fault of an engine that gave no move in time: with a clock
/// (`allowance`) it lost on time, without one its connection stalled.
/// `restart` says whether it must be restarted (it did not answer `stop`).
fn no_answer(allowance: Option<Duration>, settings: &Settings, restart: bool) -> Fault {
    match allowance {
        Some(allowance) => Fault {
            termination: Termination::TimeForfeit,
            what: format!(
                "loses on time (no move within {} ms{})",
                allowance.as_millis(),
                if restart {
                    "; it did not answer stop"
                } else {
                    ""
                }
            ),
            restart,
        },
        None => Fault {
            termination: Termination::StalledConnection,
            what: format!(
                "'s connection stalls (no bestmove within {} s)",
                settings.stall_timeout.as_secs_f64()
            ),
            restart,
        },
    }
}

/// After an engine overran its time: `stop`, and wait a grace period for
/// its `bestmove`. Whether it answered (and can play on).
fn recover_after_stop(engine: &mut Engine) -> bool {
    if engine.stop().is_err() {
        return false;
    }
    let now = Instant::now();
    engine.wait_best_move(now, now + STOP_GRACE, |_| {}).is_ok()
}

/// The PGN comment of a move: `+0.12/10 0.051s`, `-M3/7 0.120s`, or the time alone.
fn move_comment(info: Option<&EngineInfo>, elapsed: Duration) -> String {
    let time = format!("{:.3}s", elapsed.as_secs_f64());
    let Some(info) = info else { return time };
    let score = match info.score {
        // cutechess writes mates as `+M3`/`-M3`; a value as the words do.
        Some(cp @ UciScore::Cp(_)) => Score::from(cp).to_string(),
        Some(UciScore::Mate(moves)) if moves >= 0 => format!("+M{moves}"),
        Some(UciScore::Mate(moves)) => format!("-M{}", moves.unsigned_abs()),
        None => return time,
    };
    match info.depth {
        Some(depth) => format!("{score}/{depth} {time}"),
        None => format!("{score} {time}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminations_round_trip() {
        for termination in Termination::ALL {
            assert_eq!(Termination::from_tag(termination.tag()), Some(termination));
        }
        assert_eq!(Termination::from_tag("rules infraction"), None);
    }

    #[test]
    fn move_comments() {
        let info = EngineInfo {
            depth: Some(10),
            score: Some(UciScore::Cp(12)),
            ..EngineInfo::default()
        };
        let ms = Duration::from_millis;
        assert_eq!(move_comment(Some(&info), ms(51)), "+0.12/10 0.051s");
        let mate = EngineInfo {
            score: Some(UciScore::Mate(-3)),
            ..EngineInfo::default()
        };
        assert_eq!(move_comment(Some(&mate), ms(1200)), "-M3 1.200s");
        let draw = EngineInfo {
            depth: Some(1),
            score: Some(UciScore::Cp(0)),
            ..EngineInfo::default()
        };
        assert_eq!(move_comment(Some(&draw), ms(0)), "+0.00/1 0.000s");
        assert_eq!(move_comment(None, ms(5)), "0.005s");
    }

    #[test]
    fn half_points_follow_colours() {
        let record = |first, outcome| GameRecord {
            index: 0,
            players: ["a".into(), "b".into()],
            first,
            start: AnyGame::new(Variant::TicTacToe),
            moves: Vec::new(),
            outcome,
            termination: Termination::Normal,
            reason: String::new(),
            time_controls: ["-".into(), "-".into()],
            started: SystemTime::UNIX_EPOCH,
            duration: Duration::ZERO,
        };
        let white_wins = Outcome::Win(Player::First);
        assert_eq!(record(0, white_wins).half_points(0), 2);
        assert_eq!(record(0, white_wins).half_points(1), 0);
        assert_eq!(record(1, white_wins).half_points(0), 0);
        assert_eq!(record(1, white_wins).half_points(1), 2);
        assert_eq!(record(1, Outcome::Draw).half_points(0), 1);
    }
}
