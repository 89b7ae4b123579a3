//! Driving an external UCI (or UGI) engine process: used by `inarow match` and
//! by `inarow play --engine`.
//!
//! A reader thread turns the engine's stdout into timestamped lines on a
//! channel, so no read ever blocks forever: every wait has a deadline. What can
//! go wrong is told apart by type ([`ClientError`]): the program cannot be
//! started, it crashed (its output ended, with its exit status when known), it
//! hung (no awaited answer before the deadline), or it broke the protocol.
//!
//! A typical game turn, in the sequence [`game`] describes:
//!
//! ```no_run
//! # use std::time::Duration;
//! # use inarow_games::{AnyGame, Game, Variant};
//! # use inarow_protocol::Go;
//! # use inarow_protocol::client::{Dialect, Engine, EngineCommand, EngineSetup};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let setup = EngineSetup {
//!     name: "Fairy-Stockfish".to_owned(),
//!     command: EngineCommand::parse("/usr/games/fairy-stockfish")?,
//!     dialect: Dialect::Uci,
//!     options: vec![("VariantPath".to_owned(), "tests/data/variants.ini".to_owned())],
//! };
//! let start = AnyGame::new(Variant::default());
//! let mut engine = Engine::launch(&setup, start.variant(), "fsf", false)?;
//! engine.begin_game()?;
//! let mut position = start;
//! let moves = [position.play_text("P@d1")?];
//! engine.set_position(&start, &moves)?;
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
//!
//! - `words`: shell words, for the command that starts an engine.
//! - `lines`: the capped line reader and the parsers of the engine's lines.
//! - `process`: the engine process and the commands of a session with it.
//! - `error`: what can go wrong, by kind.
//! - [`game`]: the sequence for games, one way for `match` and `play`.

mod error;
pub mod game;
mod lines;
mod process;
mod words;

pub use error::ClientError;
pub use game::{start_fen, EngineSetup, LaunchError};
pub use lines::{
    read_capped_line, BestMove, EngineId, EngineInfo, EngineOption, MAX_ENGINE_LINE_BYTES,
};
pub use process::{Dialect, Engine, Line, MAX_LINES_PER_SECOND};
pub use words::{split_words, EngineCommand};

/// The `log` target of engine I/O lines (`engine_io`).
pub const IO_LOG_TARGET: &str = "engine_io";
