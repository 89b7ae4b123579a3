//! Who the person plays: the built-in engine (at a chosen strength) or any UCI
//! engine, driven through the same client `inarow match` uses.

use std::time::{Duration, Instant};

use inarow_engine::{AnySearcher, Limits, Score, Signals};
use inarow_games::{AnyGame, Drop, Variant};
use inarow_protocol::client::{ClientError, Engine, EngineSetup, LaunchError};
use inarow_protocol::Go;

/// How hard the built-in engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// Full strength, thinking this long per move.
    MoveTime(Duration),
    /// Full strength, searching this many plies.
    Depth(u32),
    /// Levels 1 (weakest) to 10 (full strength with a one-second think).
    Level(u8),
}

/// A move and what the engine thought of it.
#[derive(Clone, Debug)]
pub struct Thought {
    /// The move.
    pub mv: Drop,
    /// Its verdict for the side that plays it: `wins in 4 moves`, `draw`, `+0.35`.
    pub verdict: String,
    /// The depth searched, if known.
    pub depth: Option<u32>,
    /// The time taken.
    pub time: Duration,
}

/// The opponent.
pub enum Opponent {
    /// inarow's own search.
    Builtin(Box<Builtin>),
    /// An external UCI engine.
    External(Box<External>),
}

impl Opponent {
    /// The opponent's move in `game`, reached by `moves` from `start`.
    pub fn think(
        &mut self,
        start: &AnyGame,
        moves: &[Drop],
        game: &AnyGame,
    ) -> Result<Thought, String> {
        match self {
            Opponent::Builtin(b) => Ok(b.choose(game, b.strength)),
            Opponent::External(e) => e.ask(start, moves, game),
        }
    }

    /// The best move for the side to move at full strength: a hint.
    pub fn hint(
        &mut self,
        start: &AnyGame,
        moves: &[Drop],
        game: &AnyGame,
    ) -> Result<Thought, String> {
        match self {
            Opponent::Builtin(b) => Ok(b.choose(game, b.full_strength())),
            Opponent::External(e) => e.ask(start, moves, game),
        }
    }

    /// Forgets the last game.
    pub fn new_game(&mut self) -> Result<(), String> {
        match self {
            Opponent::Builtin(b) => {
                b.searcher.clear();
                Ok(())
            }
            Opponent::External(e) => e.new_game(),
        }
    }

    /// The opponent's name.
    pub fn name(&self) -> String {
        match self {
            Opponent::Builtin(b) => match b.strength {
                Strength::Level(level) if level < 10 => format!("inarow (level {level})"),
                _ => "inarow".to_owned(),
            },
            Opponent::External(e) => e.name.clone(),
        }
    }
}

/// The built-in engine.
pub struct Builtin {
    searcher: AnySearcher,
    strength: Strength,
    rng: u64,
}

/// Depth and how far below the best a move may score and still be chosen, per level 1-9.
const LEVELS: [(u32, i32); 9] = [
    (1, 300),
    (2, 200),
    (3, 150),
    (4, 100),
    (6, 60),
    (8, 40),
    (10, 20),
    (12, 10),
    (16, 0),
];

impl Builtin {
    /// The built-in engine at `strength`, with `hash_mib` MiB of tables and a
    /// random seed for the weaker levels.
    pub fn new(strength: Strength, hash_mib: usize, seed: u64) -> Self {
        let mut searcher = AnySearcher::new(hash_mib);
        searcher.set_book(Some(inarow_engine::book::embedded()));
        Builtin {
            searcher,
            strength,
            rng: seed | 1,
        }
    }

    fn full_strength(&self) -> Strength {
        match self.strength {
            Strength::Level(_) => Strength::MoveTime(Duration::from_secs(1)),
            other => other,
        }
    }

    /// Its move in `game` at `strength`.
    fn choose(&mut self, game: &AnyGame, strength: Strength) -> Thought {
        let mut rng = self.rng;
        let thought = choose_move(&mut self.searcher, game, strength, &mut rng);
        self.rng = rng;
        thought
    }
}

fn next_random(rng: &mut u64) -> u64 {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    *rng
}

/// Searches `position` as `strength` asks and picks the move, at random
/// among the near-best ones for the weaker levels.
fn choose_move(
    searcher: &mut AnySearcher,
    position: &AnyGame,
    strength: Strength,
    rng: &mut u64,
) -> Thought {
    let start = Instant::now();
    let (limits, margin) = match strength {
        Strength::MoveTime(t) => (limits_with(|l| l.movetime = Some(t)), None),
        Strength::Depth(d) => (limits_with(|l| l.depth = Some(d)), None),
        Strength::Level(level) if level >= 10 => (
            limits_with(|l| l.movetime = Some(Duration::from_secs(1))),
            None,
        ),
        Strength::Level(level) => {
            let (depth, margin) = LEVELS[usize::from(level.clamp(1, 9)) - 1];
            (
                limits_with(|l| {
                    l.depth = Some(depth);
                    l.multipv = inarow_games::MAX_MOVES;
                }),
                Some(margin),
            )
        }
    };
    let result = searcher.search(position, &limits, &Signals::new(), |_| {});
    let (mv, score, depth) = match margin {
        // A weaker level picks at random among the moves close enough to the
        // best, but never misses a proven win nor walks into a proven loss
        // when it has a choice.
        Some(margin) => {
            let best = result.lines[0].score;
            let choices: Vec<_> = result
                .lines
                .iter()
                .filter(|l| match (best, l.score) {
                    (Score::Win(_), s) => matches!(s, Score::Win(_)),
                    (_, Score::Loss(_)) => matches!(best, Score::Loss(_)),
                    (b, s) => s.value() >= b.value() - margin,
                })
                .collect();
            let pick = choices[(next_random(rng) % choices.len() as u64) as usize];
            (pick.pv[0], pick.score, pick.depth)
        }
        None => {
            let info = result.info();
            (
                result.best.expect("a game not over has a move"),
                info.score,
                info.depth,
            )
        }
    };
    Thought {
        mv,
        verdict: score.to_string(),
        depth: Some(depth),
        time: start.elapsed(),
    }
}

fn limits_with(set: impl FnOnce(&mut Limits)) -> Limits {
    let mut limits = Limits::default();
    set(&mut limits);
    limits
}

/// An external UCI engine.
pub struct External {
    engine: Engine,
    setup: EngineSetup,
    variant: Variant,
    go: Go,
    name: String,
}

impl External {
    /// Starts the engine of `setup` for `variant`, ready for a game.
    pub fn start(setup: EngineSetup, variant: Variant, go: Go) -> Result<Self, String> {
        let engine = Self::launch(&setup, variant)?;
        let name = engine
            .id()
            .name
            .clone()
            .unwrap_or_else(|| setup.command.program.display().to_string());
        Ok(External {
            engine,
            setup,
            variant,
            go,
            name,
        })
    }

    fn launch(setup: &EngineSetup, variant: Variant) -> Result<Engine, String> {
        let failed = |e: ClientError| format!("engine '{}': {e}", setup.name);
        let mut engine = match Engine::launch(setup, variant, "engine", false) {
            Ok(engine) => engine,
            Err(LaunchError::Fatal(message)) => return Err(message),
            Err(LaunchError::Failed(error)) => return Err(failed(error)),
        };
        engine.begin_game().map_err(failed)?;
        Ok(engine)
    }

    fn new_game(&mut self) -> Result<(), String> {
        self.engine.begin_game().map_err(|e| e.to_string())
    }

    /// Asks for a move; a crashed or hung engine is restarted once.
    fn ask(&mut self, start: &AnyGame, moves: &[Drop], game: &AnyGame) -> Result<Thought, String> {
        match self.ask_once(start, moves, game) {
            Ok(thought) => Ok(thought),
            Err(first) => {
                self.engine = Self::launch(&self.setup, self.variant)
                    .map_err(|e| format!("{first}; restarting it failed: {e}"))?;
                self.ask_once(start, moves, game)
                    .map_err(|e| format!("{first}; after a restart: {e}"))
            }
        }
    }

    fn ask_once(
        &mut self,
        start: &AnyGame,
        moves: &[Drop],
        game: &AnyGame,
    ) -> Result<Thought, String> {
        self.engine
            .set_position(start, moves)
            .map_err(|e| format!("the engine: {e}"))?;
        let limit =
            self.go.movetime.unwrap_or(Duration::from_secs(5)) * 4 + Duration::from_secs(10);
        let answer = self
            .engine
            .search(&self.go, limit, |_| {})
            .map_err(|e| format!("the engine: {e}"))?;
        let text = answer.best.ok_or("the engine gave no move")?;
        let mv = game
            .parse_move(&text)
            .map_err(|e| format!("the engine played '{text}': {e}"))?;
        let info = answer.info.unwrap_or_default();
        let verdict = info
            .score
            .map_or_else(|| "no score".to_owned(), |s| Score::from(s).to_string());
        Ok(Thought {
            mv,
            verdict,
            depth: info.depth,
            time: answer.elapsed,
        })
    }
}
