//! The protocol inarow speaks: UCI as cutechess-cli, the Cute Chess GUI and
//! Fairy-Stockfish speak it for the variants `cfour` and `tictactoe`, and its
//! UGI generalisation. `docs/PROTOCOL.md` is the contract.
//!
//! - [`command`]: lines from the GUI, parsed into a typed [`command::Command`]
//!   before anything acts on them; the client writes its lines from the same
//!   type.
//! - [`response`]: lines to the GUI, as types with their exact text.
//! - [`session`]: the engine side, generic over its input and output streams;
//!   its options are declared once, in one table (`options`).
//! - [`api`]: the requests of `inarow serve`'s HTTP API, read and checked
//!   without a socket.
//! - [`mod@bench`]: the search benchmark, as the commands that run it and the
//!   report of their results; the session runs it.
//! - [`client`]: driving an external engine process (for matches and play).
//! - [`pgn`]: PGN games, written as cutechess writes them and read back
//!   from any writer.
//! - [`input`]: lines and files read with a size limit, as bytes.
//! - [`piskvork`]: the Piskvork (Gomocup) protocol gomoku managers speak to
//!   a brain: its commands, answers and session.

pub mod api;
pub mod bench;
pub mod client;
pub mod command;
pub mod input;
mod options;
pub mod pgn;
pub mod piskvork;
pub mod response;
pub mod session;

pub use command::{Command, CommandError, Go, Query};
pub use piskvork::PiskvorkSession;
pub use response::{InfoLine, Response, UciScore};
pub use session::{Flow, Session};
