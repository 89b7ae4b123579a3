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
//!
//! - `words`: shell words, for the command that starts an engine.
//! - `lines`: the capped line reader and the parsers of the engine's lines.
//! - `process`: the engine process and the commands of a session with it.
//! - `error`: what can go wrong, by kind.

mod error;
mod lines;
mod process;
mod words;

pub use error::ClientError;
pub use lines::{BestMove, EngineId, EngineInfo, EngineOption};
pub use process::{Dialect, Engine, Line};
pub use words::{split_words, EngineCommand};

/// The `log` target of engine I/O lines (`engine_io`).
pub const IO_LOG_TARGET: &str = "engine_io";
