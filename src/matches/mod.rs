//! `inarow match`: engine-vs-engine matches with Elo, pentanomial statistics,
//! the SPRT, PGN output and resumable runs.
//!
//! - [`cli`]: the command line, checked into a [`cli::Config`].
//! - [`clock`]: time controls and clocks (cutechess semantics).
//! - [`openings`]: openings and the pairing schedule.
//! - [`runner`]: the games: engine processes, referee, clocks, adjudication.
//! - [`pgn`]: PGN out, and back in to resume.
//! - [`stats`]: the Elo model, error bars, LOS, pentanomial, SPRT.
//! - [`report`]: progress and the final report.
//!
//! Before any game, each engine is started once, so a missing program, an
//! option it lacks or a variant it does not play is one clear error.

mod cli;
mod clock;
mod openings;
pub mod pgn;
mod report;
mod runner;
mod stats;

use std::fs::{File, OpenOptions};
use std::io::{self, ErrorKind, Write};
use std::path::Path;
use std::time::Instant;

use inarow_protocol::client::start_fen;
use inarow_protocol::input::{self, FileError};

use cli::Config;
pub use cli::MatchArgs;
use openings::Schedule;
use report::{final_report, Progress, Summary, Tally};
use runner::{AfterGame, Settings, Termination};

/// Runs a match and prints the report on stdout; progress goes to stderr.
///
/// # Errors
/// One line saying what is wrong with the command line, or why the match
/// could not go on (the report of the games played is printed first).
pub fn run(args: &MatchArgs) -> Result<(), String> {
    let started = Instant::now();
    let config = checked_config(args)?;
    let schedule = Schedule::new(&config.openings, config.repeat, config.seed, config.games)?;
    let names = [
        config.engines[0].setup.name.as_str(),
        config.engines[1].setup.name.as_str(),
    ];
    let mut tally = Tally::default();
    let (mut pgn, pending) = resume(&config, &schedule, names, &mut tally)?;
    announce(&config, names, &tally, pending.len());
    let played = play(&config, &schedule, pending, pgn.as_mut(), &mut tally);
    let variant = config.variant.uci_variant();
    let summary = Summary {
        names,
        variant: &variant,
        limits: config.engines.clone().map(|e| e.limits_text()),
        planned: config.games,
        concurrency: config.concurrency,
        paired: config.repeat,
        sprt: config.sprt,
        wall_time: started.elapsed(),
    };
    let printed = write!(io::stdout().lock(), "{}", final_report(&tally, &summary))
        .map_err(|e| format!("writing the report to stdout: {e}"));
    played?;
    printed
}

/// The configuration, with both engines started once and told apart by name.
fn checked_config(args: &MatchArgs) -> Result<Config, String> {
    let mut config = args.config()?;
    for engine in 0..2 {
        check_engine(&mut config, engine)?;
    }
    if config.engines[0].setup.name == config.engines[1].setup.name {
        config.engines[1].setup.name.push_str(" (2)");
    }
    Ok(config)
}

/// Opens the PGN file, if any, counting the games it holds with `--resume`;
/// the file and the games still to play (none once the SPRT has decided).
fn resume(
    config: &Config,
    schedule: &Schedule,
    names: [&str; 2],
    tally: &mut Tally,
) -> Result<(Option<File>, Vec<usize>), String> {
    let mut finished = vec![false; config.games];
    let pgn = match &config.pgnout {
        Some(path) => Some(open_pgn(
            path,
            config,
            schedule,
            names,
            tally,
            &mut finished,
        )?),
        None => None,
    };
    let decided = config
        .sprt
        .as_ref()
        .is_some_and(|sprt| tally.verdict(sprt, config.repeat).is_some());
    let pending = if decided {
        Vec::new()
    } else {
        (0..config.games).filter(|&i| !finished[i]).collect()
    };
    Ok((pgn, pending))
}

/// The match's first line on stderr.
fn announce(config: &Config, names: [&str; 2], tally: &Tally, pending: usize) {
    eprintln!(
        "Match {} vs {}: {}, {} games{}, concurrency {}",
        names[0],
        names[1],
        config.variant,
        config.games,
        if tally.games() > 0 {
            format!(" ({} played before, {pending} to play)", tally.games())
        } else {
            String::new()
        },
        config.concurrency
    );
}

/// Plays the `pending` games: each finished one goes to the PGN file and the
/// tally at once, and the match stops when the SPRT decides.
///
/// # Errors
/// Why the match could not go on, or the PGN file could not be written.
fn play(
    config: &Config,
    schedule: &Schedule,
    pending: Vec<usize>,
    mut pgn: Option<&mut File>,
    tally: &mut Tally,
) -> Result<(), String> {
    let settings = Settings {
        engines: config.engines.clone(),
        variant: config.variant,
        concurrency: config.concurrency.min(pending.len().max(1)),
        time_margin: config.time_margin,
        stall_timeout: config.stall_timeout,
        draw: config.draw,
        resign: config.resign,
        log_io: config.log_io,
    };
    let mut progress = Progress::new(config.games, config.rating_interval);
    let mut write_error = None;
    let outcome = runner::run(&settings, schedule, pending, |record| {
        if let Some(file) = pgn.as_mut() {
            let text = pgn::write_game(&record, &config.event, config.variant);
            if let Err(e) = file.write_all(text.as_bytes()) {
                write_error = Some(format!("cannot write the PGN file: {e}"));
                return AfterGame::Stop;
            }
            if let Err(e) = file.sync_data() {
                log::warn!("cannot sync the PGN file: {e}");
            }
        }
        tally.add(record.index, record.half_points(0), record.termination);
        progress.update(tally);
        let verdict = config
            .sprt
            .as_ref()
            .and_then(|sprt| tally.verdict(sprt, config.repeat));
        if verdict.is_some() {
            AfterGame::Stop
        } else {
            AfterGame::Continue
        }
    });
    progress.finish();
    outcome?;
    write_error.map_or(Ok(()), Err)
}

/// Starts an engine once before the match: a missing program, a missing
/// option or variant, or a broken handshake is an error now rather than a lost
/// game later. Fills in the name from `id name` when none was given.
fn check_engine(config: &mut Config, engine: usize) -> Result<(), String> {
    let spec = &config.engines[engine];
    let id = runner::check(spec, config.variant, config.log_io, config.stall_timeout)?;
    if !config.named[engine] {
        if let Some(name) = id.name.filter(|name| !name.trim().is_empty()) {
            config.engines[engine].setup.name = name;
        }
    }
    Ok(())
}

/// Opens the PGN file for appending. With `--resume`, counts the games it
/// holds (checking they belong to this run's schedule) and marks them
/// finished; a game cut short at the end is removed. Without, the file must
/// be new or empty, so two runs never mix.
fn open_pgn(
    path: &Path,
    config: &Config,
    schedule: &Schedule,
    names: [&str; 2],
    tally: &mut Tally,
    finished: &mut [bool],
) -> Result<File, String> {
    let shown = path.display();
    let text = match input::read_file(path, input::MAX_TEXT_BYTES) {
        Ok(bytes) => String::from_utf8(bytes)
            .map_err(|_| format!("'{shown}' is not a text file (invalid UTF-8)"))?,
        Err(FileError::Io(e)) if e.kind() == ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("cannot read '{shown}': {e}")),
    };
    if !config.resume && !text.trim().is_empty() {
        return Err(format!(
            "'{shown}' already holds games: give --resume to continue that run, or another --pgnout"
        ));
    }
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot open '{shown}' for writing: {e}"))?;
    if !config.resume {
        return Ok(file);
    }

    let recorded = inarow_protocol::pgn::read(&text);
    let tail = &text[recorded.complete_bytes..];
    if !tail.trim().is_empty() {
        if tail.matches("[Event ").count() > 1 {
            return Err(format!(
                "'{shown}' cannot be read past byte {}: fix or remove what follows",
                recorded.complete_bytes
            ));
        }
        log::warn!("{shown}: removing a game cut short at the end");
        file.set_len(recorded.complete_bytes as u64)
            .and_then(|()| file.write_all(b"\n\n"))
            .map_err(|e| format!("cannot truncate '{shown}': {e}"))?;
    }
    for (n, game) in recorded.games.iter().enumerate() {
        let (index, half_points, termination) = check_recorded(game, schedule, names)
            .map_err(|e| format!("--resume: '{shown}', game {} of the file: {e}", n + 1))?;
        if finished[index] {
            return Err(format!(
                "--resume: '{shown}' holds round {} twice",
                index + 1
            ));
        }
        finished[index] = true;
        tally.add(index, half_points, termination);
    }
    Ok(file)
}

/// Checks a recorded game against the schedule; its index, the first
/// engine's half points and the termination.
fn check_recorded(
    game: &inarow_protocol::pgn::PgnGame,
    schedule: &Schedule,
    names: [&str; 2],
) -> Result<(usize, u8, Termination), String> {
    let round: usize = game
        .tag("Round")
        .and_then(|round| round.parse().ok())
        .filter(|&round| round > 0)
        .ok_or("no Round tag with a game number")?;
    let plan = schedule.plan(round - 1).ok_or_else(|| {
        format!(
            "round {round} is beyond the {} games of this run: ask for at least as many games \
             as the interrupted run",
            schedule.len()
        )
    })?;
    let (white, black) = (names[plan.first], names[1 - plan.first]);
    let (got_white, got_black) = (
        game.tag("White").unwrap_or("?"),
        game.tag("Black").unwrap_or("?"),
    );
    let expected_fen = start_fen(&plan.start);
    let mismatch = if (got_white, got_black) != (white, black) {
        Some(format!(
            "{got_white} vs {got_black}, but this run pairs {white} vs {black}"
        ))
    } else if game.tag("FEN") != expected_fen.as_deref() {
        Some(format!(
            "it starts from {}, but this run starts round {round} from {}",
            game.tag("FEN").unwrap_or("the start position"),
            expected_fen.as_deref().unwrap_or("the start position")
        ))
    } else {
        None
    };
    if let Some(mismatch) = mismatch {
        return Err(format!(
            "round {round} was {mismatch}: resume with the same engines, names, openings, seed and --repeat"
        ));
    }
    let outcome = game
        .result
        .parse::<inarow_games::Outcome>()
        .ok()
        .ok_or_else(|| format!("round {round} has no result ('{}')", game.result))?;
    let half_points = runner::half_points(outcome, plan.first, 0);
    let termination = game
        .tag("Termination")
        .and_then(Termination::from_tag)
        .unwrap_or(Termination::Normal);
    Ok((plan.index, half_points, termination))
}
