//! Reading the engine's lines: a capped line reader, and the parsers of the
//! lines an engine sends (`option`, `id`, `info`, `bestmove`).

use std::io::{self, BufRead};
use std::time::Duration;

use super::ClientError;
use crate::response::UciScore;

/// Lines of an engine longer than this many bytes are cut (the rest is
/// dropped), so an engine printing without end cannot exhaust memory.
pub const MAX_ENGINE_LINE_BYTES: usize = 64 * 1024;

/// An `option` an engine declared in answer to `uci`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineOption {
    /// Its name (may contain spaces).
    pub name: String,
    /// Its type: `check`, `spin`, `combo`, `button` or `string`.
    pub kind: String,
    /// Its default value, if declared.
    pub default: Option<String>,
    /// The choices of a `combo`.
    pub vars: Vec<String>,
}

impl EngineOption {
    /// Reads the part of an `option` line after `option `; `None` if it has no name.
    #[must_use]
    pub fn parse(declaration: &str) -> Option<EngineOption> {
        #[derive(Clone, Copy)]
        enum Field {
            None,
            Name,
            Kind,
            Default,
            Var,
        }
        let mut option = EngineOption::default();
        let mut field = Field::None;
        let mut words: Vec<&str> = Vec::new();
        let flush = |field: Field, words: &mut Vec<&str>, option: &mut EngineOption| {
            let text = words.join(" ");
            words.clear();
            match field {
                Field::None => {}
                Field::Name => option.name = text,
                Field::Kind => option.kind = text,
                Field::Default => option.default = Some(text),
                Field::Var => option.vars.push(text),
            }
        };
        for word in declaration.split_whitespace() {
            let next = match word {
                "name" => Field::Name,
                "type" => Field::Kind,
                "default" => Field::Default,
                "var" => Field::Var,
                // min and max are not kept; their values are skipped.
                "min" | "max" => Field::None,
                _ => {
                    words.push(word);
                    continue;
                }
            };
            flush(field, &mut words, &mut option);
            field = next;
        }
        flush(field, &mut words, &mut option);
        (!option.name.is_empty()).then_some(option)
    }
}

/// What an engine said about itself in answer to `uci`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineId {
    /// `id name`, if given.
    pub name: Option<String>,
    /// `id author`, if given.
    pub author: Option<String>,
    /// The options it declared.
    pub options: Vec<EngineOption>,
}

impl EngineId {
    /// The declared option of this name; UCI option names ignore ASCII case.
    #[must_use]
    pub fn option(&self, name: &str) -> Option<&EngineOption> {
        self.options
            .iter()
            .find(|option| option.name.eq_ignore_ascii_case(name))
    }
}

/// One `info` line of search progress (fields the engine left out are `None`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineInfo {
    /// `depth`.
    pub depth: Option<u32>,
    /// `seldepth`.
    pub seldepth: Option<u32>,
    /// `score cp|mate`, from the side to move's point of view.
    pub score: Option<UciScore>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `time`.
    pub time: Option<Duration>,
    /// `pv`.
    pub pv: Vec<String>,
}

impl EngineInfo {
    /// Reads the fields of an `info` line; `None` if it is not one, or is an
    /// `info string`. Fields that cannot be read are left out.
    #[must_use]
    pub fn parse(line: &str) -> Option<EngineInfo> {
        let mut tokens = line.split_whitespace();
        if tokens.next() != Some("info") {
            return None;
        }
        let mut info = EngineInfo::default();
        while let Some(token) = tokens.next() {
            match token {
                "depth" => info.depth = tokens.next().and_then(|t| t.parse().ok()),
                "seldepth" => info.seldepth = tokens.next().and_then(|t| t.parse().ok()),
                "nodes" => info.nodes = tokens.next().and_then(|t| t.parse().ok()),
                "time" => {
                    info.time = tokens
                        .next()
                        .and_then(|t| t.parse().ok())
                        .map(Duration::from_millis);
                }
                "score" => {
                    let kind = tokens.next();
                    let value: Option<i32> = tokens.next().and_then(|t| t.parse().ok());
                    info.score = match (kind, value) {
                        (Some("cp"), Some(v)) => Some(UciScore::Cp(v)),
                        (Some("mate"), Some(v)) => Some(UciScore::Mate(v)),
                        _ => None,
                    };
                }
                "pv" => info.pv = tokens.by_ref().map(str::to_owned).collect(),
                // The rest of an `info string` is text for the user.
                "string" => return None,
                _ => {}
            }
        }
        Some(info)
    }
}

/// The answer to a `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    /// The move as the engine wrote it; `None` for `0000` or `(none)`.
    pub best: Option<String>,
    /// The expected reply, if given.
    pub ponder: Option<String>,
    /// The last `info` line that had a score.
    pub info: Option<EngineInfo>,
    /// From sending `go` to the arrival of `bestmove`, measured here.
    pub elapsed: Duration,
}

impl BestMove {
    /// Reads a `bestmove` line; `None` if the line is not one.
    ///
    /// # Errors
    /// [`ClientError::Protocol`] if the line names no move.
    pub fn parse(
        line: &str,
        info: Option<EngineInfo>,
        elapsed: Duration,
    ) -> Option<Result<Self, ClientError>> {
        let mut tokens = line.split_whitespace();
        if tokens.next() != Some("bestmove") {
            return None;
        }
        let Some(best) = tokens.next() else {
            return Some(Err(ClientError::Protocol(format!(
                "'{}' names no move",
                line.trim()
            ))));
        };
        let ponder = match (tokens.next(), tokens.next()) {
            (Some("ponder"), Some(reply)) => Some(reply.to_owned()),
            _ => None,
        };
        let best = match best {
            "0000" | "(none)" => None,
            mv => Some(mv.to_owned()),
        };
        Some(Ok(BestMove {
            best,
            ponder,
            info,
            elapsed,
        }))
    }
}

/// Reads one line of at most [`MAX_ENGINE_LINE_BYTES`] (the rest of a longer line is
/// dropped), without its line ending; invalid UTF-8 is replaced. `None` at the
/// end of the output or on a read error.
pub fn read_capped_line(reader: &mut impl BufRead) -> Option<String> {
    let mut bytes = Vec::new();
    let mut any = false;
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        };
        if buffer.is_empty() {
            // End of output: a last line without a newline still counts.
            return any.then(|| finish_line(bytes));
        }
        any = true;
        let (chunk, found_end) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (&buffer[..end], true),
            None => (buffer, false),
        };
        let room = MAX_ENGINE_LINE_BYTES.saturating_sub(bytes.len());
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len() + usize::from(found_end);
        reader.consume(used);
        if found_end {
            return Some(finish_line(bytes));
        }
    }
}

fn finish_line(mut bytes: Vec<u8>) -> String {
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads all of `reader` as capped lines (for tests of the reader).
    fn read_all_lines(reader: impl io::Read) -> Vec<String> {
        let mut reader = io::BufReader::new(reader);
        std::iter::from_fn(|| read_capped_line(&mut reader)).collect()
    }

    #[test]
    fn reads_info_lines() {
        let info = EngineInfo::parse(
            "info depth 7 seldepth 9 score mate -3 nodes 120 time 15 pv P@d1 P@d2",
        )
        .unwrap();
        assert_eq!(info.depth, Some(7));
        assert_eq!(info.seldepth, Some(9));
        assert_eq!(info.score, Some(UciScore::Mate(-3)));
        assert_eq!(info.nodes, Some(120));
        assert_eq!(info.time, Some(Duration::from_millis(15)));
        assert_eq!(info.pv, vec!["P@d1", "P@d2"]);
        let bounded = EngineInfo::parse("info depth 3 score cp -20 lowerbound nodes 5").unwrap();
        assert_eq!(bounded.score, Some(UciScore::Cp(-20)));
        assert_eq!(bounded.nodes, Some(5));
        let broken = EngineInfo::parse("info depth x score cp abc time -1").unwrap();
        assert_eq!(broken, EngineInfo::default());
        assert_eq!(EngineInfo::parse("info string score cp 3"), None);
        assert_eq!(EngineInfo::parse("bestmove P@d1"), None);
        assert_eq!(EngineInfo::parse(""), None);
    }

    #[test]
    fn reads_option_declarations() {
        let combo =
            EngineOption::parse("name UCI Variant type combo default cfour var cfour var tic tac")
                .unwrap();
        assert_eq!(combo.name, "UCI Variant");
        assert_eq!(combo.kind, "combo");
        assert_eq!(combo.default.as_deref(), Some("cfour"));
        assert_eq!(combo.vars, vec!["cfour", "tic tac"]);
        let spin = EngineOption::parse("name Hash type spin default 16 min 1 max 1024").unwrap();
        assert_eq!(
            (spin.kind.as_str(), spin.default.as_deref()),
            ("spin", Some("16"))
        );
        assert!(spin.vars.is_empty());
        let path = EngineOption::parse("name VariantPath type string default <empty>").unwrap();
        assert_eq!(path.default.as_deref(), Some("<empty>"));
        assert_eq!(EngineOption::parse("type button"), None);
    }

    #[test]
    fn reads_long_and_broken_lines() {
        let mut input = b"uciok\r\nbad \xff\xfe bytes\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 3 * MAX_ENGINE_LINE_BYTES));
        input.extend(b"\nlast without newline");
        let lines = read_all_lines(input.as_slice());
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0], "uciok");
        assert_eq!(lines[1], "bad \u{fffd}\u{fffd} bytes");
        assert_eq!(lines[2].len(), MAX_ENGINE_LINE_BYTES);
        assert_eq!(lines[3], "last without newline");
        assert!(read_all_lines(&b""[..]).is_empty());
    }
}
