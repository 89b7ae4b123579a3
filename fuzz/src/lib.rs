//! What the fuzz targets share: the games they play on, and the properties
//! every parsed position must have.
//!
//! Each target reads the fuzzer's bytes as a selector byte (which game, which
//! endpoint) and UTF-8 text; invalid UTF-8 is read with replacement
//! characters, as inarow's own readers of files do.

use std::time::Duration;

use inarow_games::{AnyGame, Game, Variant};
use inarow_protocol::piskvork::{self, Info};
use inarow_protocol::Command;

/// The games the targets play on, spelled as users spell them: every named
/// variant, Connect Four from the smallest board to the widest (1x63 fills a
/// 64-bit column; 9x7 and 16x7 take 128 bits), and members of the family with
/// and without gravity, with exact and free lines.
pub const VARIANTS: [&str; 16] = [
    "cfour",
    "tictactoe",
    "gomoku",
    "gomokufreestyle",
    "cfour 4x4",
    "cfour 1x63",
    "cfour 9x7",
    "cfour 16x7",
    "cfour 8x8",
    "connect 7x6 k5",
    "connect 9x7 k5",
    "connect 4x4 k3",
    "mnk 3x3 k3",
    "mnk 4x4 k3 exact",
    "mnk 19x19 k5",
    "connect 20x20 k6",
];

/// The variant a selector byte picks.
#[must_use]
pub fn variant(selector: u8) -> Variant {
    VARIANTS[usize::from(selector) % VARIANTS.len()]
        .parse()
        .expect("every listed variant reads")
}

/// The selector byte and the first line of the text after it (FENs, moves
/// and variants reach inarow as lines: of UCI, of a file, of the command
/// line); `None` for empty input.
#[must_use]
pub fn split(data: &[u8]) -> Option<(u8, String)> {
    let (&selector, rest) = data.split_first()?;
    let text = String::from_utf8_lossy(rest);
    Some((selector, text.lines().next().unwrap_or("").to_owned()))
}

/// A position's FEN reads back to the same position, and writes the same FEN.
///
/// # Panics
/// If it does not: the finding.
pub fn assert_fen_round_trip(position: &AnyGame) {
    let fen = position.fen();
    let again = match AnyGame::from_fen(position.variant(), &fen) {
        Ok(again) => again,
        Err(e) => panic!(
            "{}: its own FEN '{fen}' does not read: {e}",
            position.variant()
        ),
    };
    assert_eq!(&again, position, "FEN '{fen}' reads to another position");
    assert_eq!(again.fen(), fen);
}

/// An error message is one line, and says something. It may quote the
/// input it refuses, so a carriage return the input held may be in it: the
/// protocols' writers turn those into spaces ([`inarow_protocol::Response`]).
///
/// # Panics
/// If it is empty or holds a line feed.
pub fn assert_one_line(message: &str) {
    assert!(!message.trim().is_empty(), "an empty error message");
    assert!(
        !message.contains('\n'),
        "an error of more than one line: {message:?}"
    );
}

/// A UCI line as a fuzzed session gets it: searches and perft bounded,
/// tables small; `None` for a line left out (one that reads a file or runs
/// the benchmark).
#[must_use]
pub fn bounded_uci_line(line: &str) -> Option<String> {
    let Ok(command) = line.parse::<Command>() else {
        return Some(line.to_owned());
    };
    let small = |value: &Option<String>, most: u64| {
        value
            .as_deref()
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map(|n| n.min(most).to_string())
    };
    match command {
        Command::Go(mut go) => {
            go.infinite = false;
            go.ponder = false;
            go.nodes = Some(go.nodes.unwrap_or(300).min(300));
            go.depth = go.depth.map(|d| d.min(6));
            go.movetime = go.movetime.map(|t| t.min(Duration::from_millis(5)));
            Some(Command::Go(go).to_string())
        }
        Command::Perft(depth) => Some(Command::Perft(depth.min(2)).to_string()),
        Command::Bench { .. } => None,
        Command::SetOption { name, value } => {
            let name_lower = name.to_ascii_lowercase();
            match name_lower.as_str() {
                "bookfile" => None,
                "hash" => Some(match small(&value, 2) {
                    Some(mib) => format!("setoption name {name} value {mib}"),
                    None => line.to_owned(),
                }),
                "threads" => Some(match small(&value, 1) {
                    Some(threads) => format!("setoption name {name} value {threads}"),
                    None => line.to_owned(),
                }),
                _ => Some(line.to_owned()),
            }
        }
        _ => Some(line.to_owned()),
    }
}

/// A Piskvork line as a fuzzed session gets it: limits on time, nodes and
/// threads lowered to what a fuzz run affords.
#[must_use]
pub fn bounded_piskvork_line(line: &str) -> String {
    let info = match line.trim().parse::<piskvork::Command>() {
        Ok(piskvork::Command::Info(info)) => info,
        _ => return line.to_owned(),
    };
    match info {
        Info::TimeoutTurn(ms) => format!("INFO timeout_turn {}", ms.min(5)),
        Info::TimeoutMatch(ms) => format!("INFO timeout_match {}", ms.clamp(1, 50)),
        Info::TimeLeft(ms) => format!("INFO time_left {}", ms.min(50)),
        Info::MaxNode(nodes) => format!("INFO max_node {}", nodes.min(300)),
        Info::ThreadNum(_) => "INFO thread_num 1".to_owned(),
        _ => line.to_owned(),
    }
}
