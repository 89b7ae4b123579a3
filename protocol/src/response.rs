//! Lines the engine sends, as types with the exact text UCI expects.

use std::fmt;
use std::time::Duration;

use inarow_engine::Score;
use inarow_games::Drop;

/// A score as UCI prints it, from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciScore {
    /// `score cp N`: hundredths of a stone, or 0 for a proven draw.
    Cp(i32),
    /// `score mate N`: the side to move's own moves to its win (negative: to its loss).
    Mate(i32),
}

impl From<Score> for UciScore {
    fn from(score: Score) -> Self {
        match score.mate_moves() {
            Some(moves) => UciScore::Mate(moves),
            None => UciScore::Cp(score.value()),
        }
    }
}

impl From<UciScore> for Score {
    /// The score an engine reported, as inarow's: `mate N` becomes the win in
    /// the fewest plies that is N moves away, `cp` a heuristic value (an
    /// engine's `cp 0` proves no draw).
    fn from(score: UciScore) -> Self {
        match score {
            UciScore::Cp(cp) => Score::Heuristic(cp),
            UciScore::Mate(moves) if moves > 0 => Score::Win(2 * moves.unsigned_abs() - 1),
            UciScore::Mate(moves) => Score::Loss(2 * moves.unsigned_abs()),
        }
    }
}

impl fmt::Display for UciScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciScore::Cp(cp) => write!(f, "cp {cp}"),
            UciScore::Mate(moves) => write!(f, "mate {moves}"),
        }
    }
}

/// One `info` line of search progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfoLine {
    /// Depth of the finished iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which line, from 1.
    pub multipv: usize,
    /// The line's score.
    pub score: UciScore,
    /// Nodes searched.
    pub nodes: u64,
    /// Time searched.
    pub time: Duration,
    /// Transposition table use, per thousand.
    pub hashfull: u32,
    /// The principal variation in drop notation.
    pub pv: Vec<Drop>,
}

impl fmt::Display for InfoLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.time.as_millis();
        let nps = (self.nodes as f64 / self.time.as_secs_f64().max(1e-6)) as u64;
        write!(
            f,
            "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {}",
            self.depth, self.seldepth, self.multipv, self.score, self.nodes, nps, self.hashfull, ms
        )?;
        if !self.pv.is_empty() {
            f.write_str(" pv")?;
            for mv in &self.pv {
                write!(f, " {mv}")?;
            }
        }
        Ok(())
    }
}

/// The type of an option, with its default and range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A number.
    Spin {
        /// Default value.
        default: i64,
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// On or off.
    Check {
        /// Default value.
        default: bool,
    },
    /// One of a list.
    Combo {
        /// Default value.
        default: String,
        /// The choices.
        vars: Vec<String>,
    },
    /// An action.
    Button,
    /// Text, such as a file name.
    String {
        /// Default value (`<empty>` for none, as UCI writes it).
        default: String,
    },
}

/// An `option` line of the `uci` answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionDecl {
    /// The option's name.
    pub name: &'static str,
    /// Its type.
    pub kind: OptionKind,
}

impl fmt::Display for OptionDecl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type ", self.name)?;
        match &self.kind {
            OptionKind::Spin { default, min, max } => {
                write!(f, "spin default {default} min {min} max {max}")
            }
            OptionKind::Check { default } => write!(f, "check default {default}"),
            OptionKind::Combo { default, vars } => {
                write!(f, "combo default {default}")?;
                for var in vars {
                    write!(f, " var {var}")?;
                }
                Ok(())
            }
            OptionKind::Button => f.write_str("button"),
            OptionKind::String { default } => write!(f, "string default {default}"),
        }
    }
}

/// A line the engine sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    /// `id name ...` and `id author ...`.
    Id {
        /// The engine's name and version.
        name: String,
        /// Its authors.
        author: String,
    },
    /// An option declaration.
    Option(OptionDecl),
    /// `uciok`.
    UciOk,
    /// `ugiok`.
    UgiOk,
    /// `readyok`.
    ReadyOk,
    /// Search progress.
    Info(InfoLine),
    /// `info string ...`: text for the user.
    InfoString(String),
    /// `bestmove <move> [ponder <move>]`, `bestmove 0000` when there is none.
    BestMove {
        /// The move, in drop notation.
        best: Option<Drop>,
        /// The expected reply.
        ponder: Option<Drop>,
    },
    /// UGI `response ...`.
    Response(String),
    /// Free text, for the extensions (`d`, `perft`, `bench`).
    Text(String),
}

impl fmt::Display for Response {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Response::Id { name, author } => write!(f, "id name {name}\nid author {author}"),
            Response::Option(decl) => decl.fmt(f),
            Response::UciOk => f.write_str("uciok"),
            Response::UgiOk => f.write_str("ugiok"),
            Response::ReadyOk => f.write_str("readyok"),
            Response::Info(info) => info.fmt(f),
            // One line: text quoted from the GUI's own line may hold a
            // carriage return.
            Response::InfoString(text) => {
                write!(f, "info string {}", text.replace(['\r', '\n'], " "))
            }
            Response::BestMove { best, ponder } => {
                match best {
                    Some(best) => write!(f, "bestmove {best}")?,
                    None => f.write_str("bestmove 0000")?,
                }
                if let (Some(_), Some(ponder)) = (best, ponder) {
                    write!(f, " ponder {ponder}")?;
                }
                Ok(())
            }
            Response::Response(text) => write!(f, "response {text}"),
            Response::Text(text) => f.write_str(text.trim_end_matches('\n')),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_info_string_is_one_line() {
        // An error quoting a GUI's line that held a carriage return.
        let text = Response::InfoString("error: unknown command 'a\rb'".to_owned()).to_string();
        assert_eq!(text, "info string error: unknown command 'a b'");
    }

    #[test]
    fn formats_as_uci_expects() {
        assert_eq!(UciScore::from(Score::Win(3)).to_string(), "mate 2");
        assert_eq!(UciScore::from(Score::Loss(2)).to_string(), "mate -1");
        assert_eq!(UciScore::from(Score::Draw).to_string(), "cp 0");
        assert_eq!(UciScore::from(Score::Heuristic(-35)).to_string(), "cp -35");
        for score in [
            UciScore::Mate(2),
            UciScore::Mate(-1),
            UciScore::Mate(0),
            UciScore::Cp(-35),
        ] {
            assert_eq!(UciScore::from(Score::from(score)), score);
        }
        assert_eq!(
            Score::from(UciScore::Mate(2)).to_string(),
            "wins in 2 moves"
        );
        let best = Response::BestMove {
            best: Some(Drop { file: 3, rank: 0 }),
            ponder: Some(Drop { file: 3, rank: 1 }),
        };
        assert_eq!(best.to_string(), "bestmove P@d1 ponder P@d2");
        let none = Response::BestMove {
            best: None,
            ponder: None,
        };
        assert_eq!(none.to_string(), "bestmove 0000");
        let info = InfoLine {
            depth: 5,
            seldepth: 6,
            multipv: 1,
            score: UciScore::Cp(12),
            nodes: 1000,
            time: Duration::from_millis(10),
            hashfull: 3,
            pv: vec![Drop { file: 3, rank: 0 }, Drop { file: 3, rank: 1 }],
        };
        assert_eq!(
            info.to_string(),
            "info depth 5 seldepth 6 multipv 1 score cp 12 nodes 1000 nps 100000 hashfull 3 time 10 pv P@d1 P@d2"
        );
        let combo = OptionDecl {
            name: "UCI_Variant",
            kind: OptionKind::Combo {
                default: "cfour".into(),
                vars: vec!["cfour".into(), "tictactoe".into()],
            },
        };
        assert_eq!(
            combo.to_string(),
            "option name UCI_Variant type combo default cfour var cfour var tictactoe"
        );
    }
}
