//! Who the person plays: the built-in engine (at a chosen strength) or any UCI
//! engine, driven through the same client `inarow match` uses.

use std::time::{Duration, Instant};

use inarow_engine::strength::{self, LevelRng, Strength};
use inarow_engine::{AnySearcher, Score, Signals};
use inarow_games::{AnyGame, Drop, Game, Variant};
use inarow_protocol::client::{ClientError, Engine, EngineSetup, LaunchError};
use inarow_protocol::Go;

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
    rng: LevelRng,
}

impl Builtin {
    /// The built-in engine at `strength`, with `hash_mib` MiB of tables and a
    /// random seed for the weaker levels.
    pub fn new(strength: Strength, hash_mib: usize, seed: u64) -> Self {
        let mut searcher = AnySearcher::new(hash_mib);
        searcher.set_book(Some(inarow_engine::books::opening::embedded()));
        Builtin {
            searcher,
            strength,
            rng: LevelRng::new(seed),
        }
    }

    fn full_strength(&self) -> Strength {
        self.strength.full()
    }

    /// Its move in `game` at `strength`.
    fn choose(&mut self, game: &AnyGame, strength: Strength) -> Thought {
        let start = Instant::now();
        let choice = strength::choose(
            &mut self.searcher,
            game,
            strength,
            &Signals::new(),
            &mut self.rng,
        )
        .expect("a game not over has a move");
        Thought {
            mv: choice.mv,
            verdict: choice.line.score.to_string(),
            depth: Some(choice.line.depth),
            time: start.elapsed(),
        }
    }
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
