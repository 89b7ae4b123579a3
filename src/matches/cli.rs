//! The `inarow match` command line, with cutechess-cli's names where it has a
//! counterpart, checked and turned into a [`Config`] before any game starts.

use std::path::PathBuf;
use std::time::Duration;

use clap::{ArgAction, Args};
use inarow_games::Variant;
use inarow_protocol::client::{split_words, Dialect, EngineCommand, EngineSetup};

use super::clock::{parse_seconds, TimeControl};
use super::openings::{read_book, Openings, Order, PlyRange};
use super::runner::{DrawAdjudication, EngineSpec, ResignAdjudication};
use super::stats::Sprt;

/// Options of `inarow match`.
#[derive(Args, Debug, Clone)]
#[command(after_help = "\
ENGINE SETTINGS (for --engine and --each), as KEY=VALUE words:
  cmd=PATH             the engine program (required for each engine)
  args=\"ARGS\"          its arguments, split on spaces (quotes group words)
  name=NAME            its name in the PGN and the report (default: its id name)
  dir=DIR              the directory to start it in
  proto=uci|ugi        the protocol (default uci)
  option.NAME=VALUE    a UCI option to set, e.g. option.Hash=64
  tc=TC st=SECONDS depth=N nodes=N
                       its own limits, overriding --tc, --st, --depth, --nodes

EXAMPLES:
  inarow match --engine cmd=target/release/inarow args=uci name=inarow \\
      --engine cmd=/usr/games/fairy-stockfish name=fsf option.VariantPath=$PWD/tests/data/variants.ini \\
      --games 200 --repeat --concurrency 2 --tc 1+0.01 --pgnout games.pgn
  inarow match --engine cmd=./new name=new --engine cmd=./old name=old --each depth=8 \\
      --rounds 500 --repeat --sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 --pgnout sprt.pgn --resume")]
pub struct MatchArgs {
    /// The engines.
    #[command(flatten)]
    pub engines: EngineArgs,
    /// Settings for both engines, as for --engine; an engine's own win.
    #[arg(long, value_name = "KEY=VALUE", num_args = 1..)]
    pub each: Vec<String>,
    /// The game: cfour (Connect Four), tictactoe, gomoku (15x15, exactly
    /// five), gomokufreestyle (five or more), or any member of the family as
    /// "connect WxH kK" (gravity) or "mnk WxH kK" (none), "exact" for exactly k.
    #[arg(long, default_value = "cfour")]
    pub variant: Variant,
    /// The board size, WxH (the engines must accept `position fen`).
    #[arg(long, value_name = "WxH")]
    pub size: Option<inarow_games::Dimensions>,
    /// The number of games.
    #[arg(long, conflicts_with = "rounds")]
    pub games: Option<usize>,
    /// The number of rounds: one game each, or a game pair with --repeat.
    #[arg(long)]
    pub rounds: Option<usize>,
    /// Games played at once, each with its own engine processes.
    #[arg(long, default_value_t = 1, value_name = "K")]
    pub concurrency: usize,
    /// Time control for both engines: [moves/]seconds[+increment], as 10+0.1 or 40/60.
    #[arg(long, value_name = "TC")]
    pub tc: Option<TimeControl>,
    /// A fixed time per move, in seconds (go movetime).
    #[arg(long, value_name = "SECONDS", conflicts_with = "tc")]
    pub st: Option<String>,
    /// A depth limit for every move (go depth).
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// A node limit for every move (go nodes).
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Openings, one a line: a move string (4453), moves (P@d1 P@d2), a FEN or an EPD line.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// The order in which the openings file is used.
    #[arg(long, value_enum, default_value = "sequential")]
    pub order: Order,
    /// Without an openings file: random openings of MIN-MAX plies.
    #[arg(long, value_name = "MIN-MAX", default_value = "2-4")]
    pub opening_plies: PlyRange,
    /// The seed of random openings and of --order random.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play each opening twice, colours swapped (a game pair).
    #[arg(long)]
    pub repeat: bool,
    /// Stop when a sequential probability ratio test decides: elo0=E elo1=E [alpha=A] [beta=B].
    #[arg(long, value_name = "KEY=VALUE", num_args = 1..)]
    pub sprt: Option<Vec<String>>,
    /// Append every finished game to this PGN file, flushed at once.
    #[arg(long, value_name = "FILE")]
    pub pgnout: Option<PathBuf>,
    /// Continue the run recorded in --pgnout to the requested number of games.
    #[arg(long, requires = "pgnout")]
    pub resume: bool,
    /// Adjudicate a draw: movenumber=N movecount=M score=CP (both engines within CP
    /// of zero for M moves each, from move N on).
    #[arg(long, alias = "draw", value_name = "KEY=VALUE", num_args = 1..)]
    pub draw_adjudication: Option<Vec<String>>,
    /// Adjudicate a loss: movecount=M score=CP (an engine's own score at or
    /// below -CP for M moves in a row).
    #[arg(long, alias = "resign", value_name = "KEY=VALUE", num_args = 1..)]
    pub resign_adjudication: Option<Vec<String>>,
    /// How far past its time an engine may answer before it loses on time.
    #[arg(long, value_name = "MS", default_value_t = 50)]
    pub timemargin: u64,
    /// Without clock or move time: how long a move may take before the engine is
    /// taken for hung, killed and restarted.
    #[arg(long, value_name = "SECONDS", default_value = "60")]
    pub stall_timeout: String,
    /// When stderr is not a terminal: print the standings every N games.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub ratinginterval: usize,
    /// The PGN Event tag.
    #[arg(long, default_value = "inarow match")]
    pub event: String,
    /// Log every line to and from the engines on stderr.
    #[arg(long)]
    pub log_engine_io: bool,
}

/// The `--engine` options, each a group of `KEY=VALUE` words.
///
/// clap's derive keeps the words of repeated options apart only behind an
/// unstable feature, so this one argument is wired by hand.
#[derive(Clone, Debug, Default)]
pub struct EngineArgs {
    /// One group of words per `--engine`.
    pub groups: Vec<Vec<String>>,
}

const ENGINE_ID: &str = "engine";

impl clap::FromArgMatches for EngineArgs {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let groups = matches
            .get_occurrences::<String>(ENGINE_ID)
            .map(|groups| groups.map(|group| group.cloned().collect()).collect())
            .unwrap_or_default();
        Ok(EngineArgs { groups })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for EngineArgs {
    fn augment_args(command: clap::Command) -> clap::Command {
        command.arg(
            clap::Arg::new(ENGINE_ID)
                .long("engine")
                .value_name("KEY=VALUE")
                .num_args(1..)
                .action(ArgAction::Append)
                .required(true)
                .help("An engine, as KEY=VALUE words (see below); give exactly two"),
        )
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        Self::augment_args(command)
    }
}

/// A checked match configuration.
#[derive(Clone, Debug)]
pub struct Config {
    /// The engines; a name not given with `name=` is filled in from the
    /// engine's `id name` when it first starts.
    pub engines: [EngineSpec; 2],
    /// Whether each engine's name was given.
    pub named: [bool; 2],
    /// The game.
    pub variant: Variant,
    /// The number of games.
    pub games: usize,
    /// Games at once.
    pub concurrency: usize,
    /// Game pairs.
    pub repeat: bool,
    /// Where openings come from.
    pub openings: Openings,
    /// The seed.
    pub seed: u64,
    /// The SPRT, if any.
    pub sprt: Option<Sprt>,
    /// The PGN file.
    pub pgnout: Option<PathBuf>,
    /// Continue the run in the PGN file.
    pub resume: bool,
    /// Draw adjudication.
    pub draw: Option<DrawAdjudication>,
    /// Resign adjudication.
    pub resign: Option<ResignAdjudication>,
    /// The time margin.
    pub time_margin: Duration,
    /// The hang timeout without a time limit.
    pub stall_timeout: Duration,
    /// Log engine I/O.
    pub log_io: bool,
    /// Progress lines every this many games, off a terminal.
    pub rating_interval: usize,
    /// The PGN Event tag.
    pub event: String,
}

impl MatchArgs {
    /// Checks the options and reads the openings file.
    ///
    /// # Errors
    /// One line saying what is wrong.
    pub fn config(&self) -> Result<Config, String> {
        let variant = crate::position::sized(self.variant, self.size)?;
        let (engines, named) = self.engine_specs()?;
        if self.concurrency == 0 {
            return Err("--concurrency must be at least 1".to_owned());
        }
        let games = self.game_count()?;
        let openings = self.openings(variant)?;
        let sprt = self.sprt.as_deref().map(parse_sprt).transpose()?;
        let draw = self
            .draw_adjudication
            .as_deref()
            .map(parse_draw)
            .transpose()?;
        let resign = self
            .resign_adjudication
            .as_deref()
            .map(parse_resign)
            .transpose()?;
        let stall_timeout =
            parse_seconds(&self.stall_timeout).map_err(|e| format!("--stall-timeout: {e}"))?;
        if stall_timeout.is_zero() {
            return Err("--stall-timeout must be above 0".to_owned());
        }
        Ok(Config {
            engines,
            named,
            variant,
            games,
            concurrency: self.concurrency,
            repeat: self.repeat,
            openings,
            seed: self.seed,
            sprt,
            pgnout: self.pgnout.clone(),
            resume: self.resume,
            draw,
            resign,
            time_margin: Duration::from_millis(self.timemargin),
            stall_timeout,
            log_io: self.log_engine_io,
            rating_interval: self.ratinginterval.max(1),
            event: self.event.clone(),
        })
    }

    /// The two engines, each with its own settings over `--each` over the
    /// global limits, and whether each was given a name.
    fn engine_specs(&self) -> Result<([EngineSpec; 2], [bool; 2]), String> {
        let groups = &self.engines.groups;
        if groups.len() != 2 {
            return Err(format!(
                "give exactly two engines with --engine (got {})",
                groups.len()
            ));
        }
        let global = Parts {
            control: match (&self.tc, &self.st) {
                (Some(tc), _) => Some(*tc),
                (None, Some(st)) => Some(move_time(st)?),
                (None, None) => None,
            },
            depth: self.depth,
            nodes: self.nodes,
            ..Parts::default()
        };
        let each = Parts::parse(&self.each, "--each")?;
        let mut engines = Vec::with_capacity(2);
        let mut named = [false; 2];
        for (i, words) in groups.iter().enumerate() {
            let what = format!("engine {}", i + 1);
            let own = Parts::parse(words, &what)?;
            let parts = own.over(&each).over(&global);
            named[i] = parts.name.is_some();
            engines.push(parts.spec(&what)?);
        }
        let engines: [EngineSpec; 2] = engines
            .try_into()
            .map_err(|_| "give exactly two engines with --engine".to_owned())?;
        Ok((engines, named))
    }

    /// `--games`, or `--rounds` (a pair each with `--repeat`), or one round.
    fn game_count(&self) -> Result<usize, String> {
        let pair = if self.repeat { 2 } else { 1 };
        let games = match (self.games, self.rounds) {
            (Some(games), _) => games,
            (None, Some(rounds)) => rounds * pair,
            (None, None) => pair,
        };
        if games == 0 {
            return Err("the match has no games: give --games or --rounds above 0".to_owned());
        }
        Ok(games)
    }

    /// The openings file, read now, or random openings.
    fn openings(&self, variant: Variant) -> Result<Openings, String> {
        Ok(match &self.openings {
            Some(path) => Openings::Book {
                positions: read_book(path, variant)?,
                order: self.order,
            },
            None => Openings::Random {
                variant,
                plies: self.opening_plies,
            },
        })
    }
}

fn move_time(text: &str) -> Result<TimeControl, String> {
    let time = parse_seconds(text).map_err(|e| format!("st: {e}"))?;
    if time.is_zero() {
        return Err("st: the time per move must be above 0".to_owned());
    }
    Ok(TimeControl::MoveTime(time))
}

/// Engine settings as given, before defaults are applied.
#[derive(Clone, Debug, Default)]
struct Parts {
    cmd: Option<String>,
    args: Option<Vec<String>>,
    name: Option<String>,
    dir: Option<PathBuf>,
    proto: Option<Dialect>,
    options: Vec<(String, String)>,
    control: Option<TimeControl>,
    depth: Option<u32>,
    nodes: Option<u64>,
}

impl Parts {
    fn parse(words: &[String], what: &str) -> Result<Parts, String> {
        let mut parts = Parts::default();
        for word in words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("{what}: '{word}' is not KEY=VALUE"))?;
            let bad = |e: String| format!("{what}: {key}: {e}");
            let number = |v: &str| format!("{what}: {key}: '{v}' is not a number");
            match key {
                "cmd" => parts.cmd = Some(value.to_owned()),
                "args" => parts.args = Some(split_words(value).map_err(bad)?),
                "name" => parts.name = Some(value.to_owned()),
                "dir" => parts.dir = Some(PathBuf::from(value)),
                "proto" => parts.proto = Some(value.parse().map_err(bad)?),
                "tc" | "st" => {
                    if parts.control.is_some() {
                        return Err(format!("{what}: give one of tc= and st="));
                    }
                    parts.control = Some(if key == "tc" {
                        value.parse().map_err(bad)?
                    } else {
                        move_time(value).map_err(bad)?
                    });
                }
                "depth" => parts.depth = Some(value.parse().map_err(|_| number(value))?),
                "nodes" => parts.nodes = Some(value.parse().map_err(|_| number(value))?),
                _ => match key.strip_prefix("option.") {
                    Some(name) if !name.is_empty() => {
                        parts.options.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
                        parts.options.push((name.to_owned(), value.to_owned()));
                    }
                    _ => {
                        return Err(format!(
                            "{what}: unknown setting '{key}' (known: cmd, args, name, dir, \
                             proto, option.NAME, tc, st, depth, nodes)"
                        ))
                    }
                },
            }
        }
        Ok(parts)
    }

    /// These settings, with `base`'s where these have none.
    fn over(self, base: &Parts) -> Parts {
        let mut options = base.options.clone();
        for (name, value) in self.options {
            options.retain(|(n, _)| !n.eq_ignore_ascii_case(&name));
            options.push((name, value));
        }
        Parts {
            cmd: self.cmd.or_else(|| base.cmd.clone()),
            args: self.args.or_else(|| base.args.clone()),
            name: self.name.or_else(|| base.name.clone()),
            dir: self.dir.or_else(|| base.dir.clone()),
            proto: self.proto.or(base.proto),
            options,
            control: self.control.or(base.control),
            depth: self.depth.or(base.depth),
            nodes: self.nodes.or(base.nodes),
        }
    }

    fn spec(self, what: &str) -> Result<EngineSpec, String> {
        let cmd = self
            .cmd
            .filter(|cmd| !cmd.is_empty())
            .ok_or_else(|| format!("{what}: no program: give cmd=PATH"))?;
        let mut program = PathBuf::from(&cmd);
        // As in cutechess, a relative path with a directory part is relative to dir=.
        if let Some(dir) = &self.dir {
            if program.is_relative() && program.components().count() > 1 {
                program = dir.join(program);
            }
        }
        let control = self.control.unwrap_or(TimeControl::Unlimited);
        if control == TimeControl::Unlimited && self.depth.is_none() && self.nodes.is_none() {
            return Err(format!(
                "{what} has no limit: give --tc, --st, --depth or --nodes (or tc=, st=, depth=, nodes=)"
            ));
        }
        let name = self.name.unwrap_or_else(|| {
            program
                .file_stem()
                .map_or_else(|| cmd.clone(), |stem| stem.to_string_lossy().into_owned())
        });
        Ok(EngineSpec {
            setup: EngineSetup {
                name,
                command: EngineCommand {
                    program,
                    args: self.args.unwrap_or_default(),
                    dir: self.dir,
                },
                dialect: self.proto.unwrap_or_default(),
                options: self.options,
            },
            control,
            depth: self.depth,
            nodes: self.nodes,
        })
    }
}

/// Reads `KEY=VALUE` words into numbers, rejecting unknown keys.
fn key_values<'a>(
    words: &'a [String],
    what: &str,
    known: &[&str],
) -> Result<Vec<(&'a str, f64)>, String> {
    words
        .iter()
        .map(|word| {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("{what}: '{word}' is not KEY=VALUE"))?;
            if !known.contains(&key) {
                return Err(format!(
                    "{what}: unknown key '{key}' (known: {})",
                    known.join(", ")
                ));
            }
            let value: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("{what}: {key}: '{value}' is not a number"))?;
            Ok((key, value))
        })
        .collect()
}

fn lookup(values: &[(&str, f64)], key: &str) -> Option<f64> {
    values
        .iter()
        .rev()
        .find(|(k, _)| *k == key)
        .map(|&(_, v)| v)
}

fn parse_sprt(words: &[String]) -> Result<Sprt, String> {
    let values = key_values(words, "--sprt", &["elo0", "elo1", "alpha", "beta"])?;
    let required = |key| lookup(&values, key).ok_or_else(|| format!("--sprt: give {key}="));
    Sprt::new(
        required("elo0")?,
        required("elo1")?,
        lookup(&values, "alpha").unwrap_or(0.05),
        lookup(&values, "beta").unwrap_or(0.05),
    )
}

/// A whole, non-negative number from an adjudication setting.
fn count(values: &[(&str, f64)], key: &str, what: &str) -> Result<Option<u32>, String> {
    lookup(values, key)
        .map(|v| {
            if v >= 0.0 && v.fract() == 0.0 && v <= f64::from(u32::MAX) {
                Ok(v as u32)
            } else {
                Err(format!(
                    "{what}: {key} must be a whole number of at least 0"
                ))
            }
        })
        .transpose()
}

fn parse_draw(words: &[String]) -> Result<DrawAdjudication, String> {
    let what = "--draw-adjudication";
    let values = key_values(words, what, &["movenumber", "movecount", "score"])?;
    Ok(DrawAdjudication {
        move_number: count(&values, "movenumber", what)?.unwrap_or(0),
        move_count: count(&values, "movecount", what)?
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("{what}: give movecount= (at least 1)"))?,
        score: count(&values, "score", what)?
            .ok_or_else(|| format!("{what}: give score= (centipawns)"))? as i32,
    })
}

fn parse_resign(words: &[String]) -> Result<ResignAdjudication, String> {
    let what = "--resign-adjudication";
    let values = key_values(words, what, &["movecount", "score"])?;
    Ok(ResignAdjudication {
        move_count: count(&values, "movecount", what)?
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("{what}: give movecount= (at least 1)"))?,
        score: count(&values, "score", what)?
            .ok_or_else(|| format!("{what}: give score= (centipawns)"))? as i32,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: MatchArgs,
    }

    fn config(line: &str) -> Result<Config, String> {
        let words = std::iter::once("match".to_owned()).chain(split_words(line).unwrap());
        Cli::try_parse_from(words)
            .map_err(|e| e.to_string())?
            .args
            .config()
    }

    #[test]
    fn reads_engines_cutechess_style() {
        let config = config(
            "--engine cmd=/bin/a args='uci --fast' name=A option.Hash=64 option.hash=32 depth=3 \
             --engine cmd=engines/b dir=/opt proto=ugi tc=40/60+0.5 \
             --each option.Threads=1 nodes=1000 --tc 10+0.1 --games 4",
        )
        .unwrap();
        let [a, b] = &config.engines;
        let (a_setup, b_setup) = (&a.setup, &b.setup);
        assert_eq!(a_setup.name, "A");
        assert_eq!(a_setup.command.program, PathBuf::from("/bin/a"));
        assert_eq!(a_setup.command.args, ["uci", "--fast"]);
        assert_eq!(
            a_setup.options,
            [
                ("Threads".to_owned(), "1".to_owned()),
                ("hash".to_owned(), "32".to_owned())
            ]
        );
        assert_eq!((a.depth, a.nodes), (Some(3), Some(1000)));
        assert_eq!(a.control, "10+0.1".parse().unwrap());
        assert_eq!(b_setup.name, "b");
        assert_eq!(b_setup.command.program, PathBuf::from("/opt/engines/b"));
        assert_eq!(b_setup.dialect, Dialect::Ugi);
        assert_eq!(b.control, "40/60+0.5".parse().unwrap());
        assert_eq!(config.named, [true, false]);
        assert_eq!(config.games, 4);
    }

    #[test]
    fn counts_games_and_rounds() {
        let engines = "--engine cmd=a --engine cmd=b --depth 2";
        assert_eq!(config(&format!("{engines} --rounds 5")).unwrap().games, 5);
        assert_eq!(
            config(&format!("{engines} --rounds 5 --repeat"))
                .unwrap()
                .games,
            10
        );
        assert_eq!(
            config(&format!("{engines} --games 7 --repeat"))
                .unwrap()
                .games,
            7
        );
        assert_eq!(config(engines).unwrap().games, 1);
        let st = config(&format!("{engines} --st 0.25")).unwrap();
        assert_eq!(
            st.engines[0].control,
            TimeControl::MoveTime(Duration::from_millis(250))
        );
    }

    #[test]
    fn reads_sprt_and_adjudication() {
        let config = config(
            "--engine cmd=a --engine cmd=b --depth 2 --sprt elo0=-5 elo1=5 alpha=0.1 \
             --draw-adjudication movenumber=10 movecount=3 score=5 --resign movecount=2 score=900",
        )
        .unwrap();
        let sprt = config.sprt.unwrap();
        assert_eq!(
            (sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta),
            (-5.0, 5.0, 0.1, 0.05)
        );
        assert_eq!(
            config.draw,
            Some(DrawAdjudication {
                move_number: 10,
                move_count: 3,
                score: 5
            })
        );
        assert_eq!(
            config.resign,
            Some(ResignAdjudication {
                move_count: 2,
                score: 900
            })
        );
    }

    #[test]
    fn rejects_bad_command_lines_with_one_clear_line() {
        let cases = [
            ("--engine cmd=a --depth 2", "exactly two engines"),
            (
                "--engine cmd=a --engine cmd=b --engine cmd=c --depth 2",
                "exactly two engines",
            ),
            (
                "--engine cmd=a --engine name=b --depth 2",
                "engine 2: no program",
            ),
            ("--engine cmd=a --engine cmd=b", "engine 1 has no limit"),
            (
                "--engine cmd=a foo --engine cmd=b --depth 2",
                "'foo' is not KEY=VALUE",
            ),
            (
                "--engine cmd=a colour=red --engine cmd=b --depth 2",
                "unknown setting 'colour'",
            ),
            (
                "--engine cmd=a tc=x --engine cmd=b --depth 2",
                "bad time control",
            ),
            (
                "--engine cmd=a depth=deep --engine cmd=b --depth 2",
                "'deep' is not a number",
            ),
            (
                "--engine cmd=a proto=xboard --engine cmd=b --depth 2",
                "unknown protocol",
            ),
            (
                "--engine cmd=a --engine cmd=b --depth 2 --sprt elo0=0",
                "give elo1=",
            ),
            (
                "--engine cmd=a --engine cmd=b --depth 2 --sprt elo0=5 elo1=0",
                "must be below",
            ),
            (
                "--engine cmd=a --engine cmd=b --depth 2 --sprt elo=5",
                "unknown key 'elo'",
            ),
            (
                "--engine cmd=a --engine cmd=b --depth 2 --draw score=5",
                "give movecount=",
            ),
            (
                "--engine cmd=a --engine cmd=b --depth 2 --games 0",
                "no games",
            ),
            (
                "--engine cmd=a --engine cmd=b --depth 2 --concurrency 0",
                "at least 1",
            ),
            (
                "--engine cmd=a --engine cmd=b --depth 2 --openings /nonexistent",
                "cannot read",
            ),
            ("--engine cmd=a --engine cmd=b --depth 2 --st 0", "above 0"),
            (
                "--engine cmd=a --engine cmd=b --variant tictactoe --size 6x5 --depth 2",
                "does not apply to tictactoe",
            ),
        ];
        for (line, expected) in cases {
            let error = config(line).unwrap_err();
            assert!(error.contains(expected), "{line}: {error}");
            assert_eq!(error.lines().count(), 1, "{line}: {error}");
        }
        assert!(config("--engine cmd=a --engine cmd=b --depth 2 --resume").is_err());
        assert!(config("--engine cmd=a --engine cmd=b --tc 1 --st 1").is_err());
    }
}
