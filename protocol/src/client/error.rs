//! What can go wrong with an engine, told apart by type.

use std::error::Error;
use std::fmt;
use std::io;
use std::process::ExitStatus;
use std::time::Duration;

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
    /// The engine wrote more lines in a second than the limit; it is read
    /// no more.
    Flooded {
        /// The limit, lines per second.
        limit: usize,
    },
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
            ClientError::Flooded { limit } => {
                write!(
                    f,
                    "the engine floods its output (more than {limit} lines in a second)"
                )
            }
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
