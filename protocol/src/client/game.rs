//! Playing games with an engine: the one sequence `inarow match` and
//! `inarow play --engine` both follow.
//!
//! 1. [`Engine::launch`]: start the program, shake hands, check that it has
//!    the options asked for and plays the variant, set the options, and select
//!    the variant through `UCI_Variant` when the engine declares it.
//! 2. [`Engine::begin_game`]: `ucinewgame`, then `isready`.
//! 3. [`Engine::set_position`]: `position startpos` only for the standard start
//!    of the standard board (see [`start_fen`]), else `position fen`, with the
//!    moves played since.
//! 4. [`Engine::go`] and [`Engine::wait_best_move`] (or [`Engine::search`] for
//!    both), [`Engine::stop`].

use std::error::Error;
use std::fmt;
use std::time::Duration;

use inarow_games::{AnyGame, Drop, Game, Variant};

use super::{ClientError, Dialect, Engine, EngineCommand};
use crate::command::Command;

/// How long an engine has to answer `uci` (or `ugi`).
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long an engine has to answer `isready`.
pub const READY_TIMEOUT: Duration = Duration::from_secs(10);

/// How to start an engine and set it up for games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSetup {
    /// The engine's name in messages.
    pub name: String,
    /// How to start it.
    pub command: EngineCommand,
    /// UCI or UGI.
    pub dialect: Dialect,
    /// Options to set, in order, after the handshake.
    pub options: Vec<(String, String)>,
}

/// Why an engine could not be made ready for games.
#[derive(Debug)]
pub enum LaunchError {
    /// It cannot play as asked: the program cannot be started, or it lacks an
    /// option or the variant. Trying again will not help.
    Fatal(String),
    /// It misbehaved on the way (crashed, hung, broke the protocol); a new
    /// process may do better.
    Failed(ClientError),
}

impl fmt::Display for LaunchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LaunchError::Fatal(message) => f.write_str(message),
            LaunchError::Failed(error) => error.fmt(f),
        }
    }
}

impl Error for LaunchError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            LaunchError::Fatal(_) => None,
            LaunchError::Failed(error) => Some(error),
        }
    }
}

impl Engine {
    /// Starts the engine of `setup` for games of `variant`: spawns it (named
    /// `label` in logs, every line logged with `log_io`), shakes hands within
    /// [`HANDSHAKE_TIMEOUT`], checks its options, sets them, and selects the
    /// variant.
    ///
    /// # Errors
    /// [`LaunchError::Fatal`] if the program cannot be started, lacks one of
    /// the options, or declares a `UCI_Variant` without the variant (and no
    /// `VariantPath` is given to define it); [`LaunchError::Failed`] if it
    /// crashed or hung on the way.
    pub fn launch(
        setup: &EngineSetup,
        variant: Variant,
        label: &str,
        log_io: bool,
    ) -> Result<Engine, LaunchError> {
        Self::launch_within(setup, variant, label, log_io, HANDSHAKE_TIMEOUT)
    }

    /// [`Engine::launch`], with `timeout` for the handshake.
    ///
    /// # Errors
    /// As [`Engine::launch`].
    pub fn launch_within(
        setup: &EngineSetup,
        variant: Variant,
        label: &str,
        log_io: bool,
        timeout: Duration,
    ) -> Result<Engine, LaunchError> {
        let mut engine =
            Engine::spawn(&setup.command, label, log_io).map_err(|error| match error {
                ClientError::Spawn { .. } => {
                    LaunchError::Fatal(format!("engine '{}': {error}", setup.name))
                }
                other => LaunchError::Failed(other),
            })?;
        engine
            .handshake(setup.dialect, timeout)
            .map_err(LaunchError::Failed)?;
        engine.check_options(setup)?;
        engine.check_variant(setup, variant)?;
        for (name, value) in &setup.options {
            engine
                .set_option(name, Some(value))
                .map_err(LaunchError::Failed)?;
        }
        engine
            .select_variant(&variant.uci_variant())
            .map_err(LaunchError::Failed)?;
        Ok(engine)
    }

    /// Every option of `setup` was declared in the handshake.
    fn check_options(&self, setup: &EngineSetup) -> Result<(), LaunchError> {
        let id = self.id();
        let Some((missing, _)) = setup
            .options
            .iter()
            .find(|(name, _)| id.option(name).is_none())
        else {
            return Ok(());
        };
        let known: Vec<&str> = id.options.iter().map(|o| o.name.as_str()).collect();
        Err(LaunchError::Fatal(format!(
            "engine '{}' has no option '{missing}' (its options: {})",
            setup.name,
            if known.is_empty() {
                "none".to_owned()
            } else {
                known.join(", ")
            }
        )))
    }

    /// The engine plays `variant`: it declares no `UCI_Variant` (it plays one
    /// game), or lists the variant, or lists none, or is given a variants file.
    /// A member of the family that no cutechess name settles (`connect 7x6
    /// k5`) cannot be listed in a combo: it is sent as inarow spells it, and
    /// an engine that does not read it fails at its first move.
    fn check_variant(&self, setup: &EngineSetup, variant: Variant) -> Result<(), LaunchError> {
        let id = self.id();
        let Some(option) = id.option("UCI_Variant") else {
            return Ok(());
        };
        let listed = option.vars.iter().any(|v| *v == variant.uci_variant())
            || !Variant::NAMES.contains(&variant.name());
        let has_path = setup
            .options
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("VariantPath"));
        if listed || has_path || option.vars.is_empty() {
            return Ok(());
        }
        Err(LaunchError::Fatal(format!(
            "engine '{}' does not list variant {} in its UCI_Variant option{}",
            setup.name,
            variant.name(),
            if id.option("VariantPath").is_some() {
                "; give it a variants file with option.VariantPath=FILE \
                 (tests/data/variants.ini defines cfour and tictactoe)"
            } else {
                ""
            }
        )))
    }

    /// A new game: `ucinewgame` (or `uginewgame`), then `isready` →
    /// `readyok` within [`READY_TIMEOUT`].
    ///
    /// # Errors
    /// As [`Engine::new_game`] and [`Engine::is_ready`].
    pub fn begin_game(&mut self) -> Result<(), ClientError> {
        self.begin_game_within(READY_TIMEOUT)
    }

    /// [`Engine::begin_game`], with `timeout` for `readyok`.
    ///
    /// # Errors
    /// As [`Engine::begin_game`].
    pub fn begin_game_within(&mut self, timeout: Duration) -> Result<(), ClientError> {
        self.new_game()?;
        self.is_ready(timeout)
    }

    /// `position startpos|fen <fen> [moves ...]` for the game that began at
    /// `start` and went on with `moves`; [`start_fen`] decides between the two.
    ///
    /// # Errors
    /// [`ClientError::Crashed`] if the engine is gone.
    pub fn set_position(&mut self, start: &AnyGame, moves: &[Drop]) -> Result<(), ClientError> {
        self.send_command(&Command::Position {
            fen: start_fen(start),
            moves: moves.iter().map(Drop::to_string).collect(),
        })
    }
}

/// The FEN to send for a game that starts at `start`, or `None` to send
/// `startpos`: only the standard start of the standard board (7x6 for
/// `cfour`), since `startpos` means that board to every engine, whatever size
/// inarow plays.
#[must_use]
pub fn start_fen(start: &AnyGame) -> Option<String> {
    let variant = start.variant();
    // The variant's name alone is its standard board.
    let standard = variant.name().parse().unwrap_or(variant);
    (*start != AnyGame::new(standard)).then(|| start.fen())
}

#[cfg(test)]
mod tests {
    use inarow_games::Size;

    use super::*;

    /// A scripted engine declaring `Hash` and a `UCI_Variant` of cfour only.
    fn setup(options: &[(&str, &str)]) -> EngineSetup {
        let script = r#"
            while read -r line; do
                case "$line" in
                    uci) echo "option name Hash type spin default 16 min 1 max 64"
                         echo "option name UCI_Variant type combo default cfour var cfour"
                         echo uciok ;;
                    isready) echo readyok ;;
                    quit) exit 0 ;;
                esac
            done"#;
        EngineSetup {
            name: "scripted".to_owned(),
            command: EngineCommand {
                program: "sh".into(),
                args: vec!["-c".to_owned(), script.to_owned()],
                dir: None,
            },
            dialect: Dialect::Uci,
            options: options
                .iter()
                .map(|&(name, value)| (name.to_owned(), value.to_owned()))
                .collect(),
        }
    }

    #[test]
    fn launch_checks_options_and_variant() {
        let cfour = Variant::Connect4(Size::STANDARD);
        let mut engine = Engine::launch(&setup(&[("hash", "32")]), cfour, "ok", false).unwrap();
        engine.begin_game().unwrap();
        engine.quit(Duration::from_secs(1));

        let error = Engine::launch(&setup(&[("Threads", "2")]), cfour, "opt", false).unwrap_err();
        assert!(matches!(error, LaunchError::Fatal(_)), "{error:?}");
        assert_eq!(
            error.to_string(),
            "engine 'scripted' has no option 'Threads' (its options: Hash, UCI_Variant)"
        );

        let error = Engine::launch(&setup(&[]), Variant::TicTacToe, "var", false).unwrap_err();
        assert_eq!(
            error.to_string(),
            "engine 'scripted' does not list variant tictactoe in its UCI_Variant option"
        );

        let mut missing = setup(&[]);
        missing.command = EngineCommand::parse("/nonexistent/engine").unwrap();
        let error = Engine::launch(&missing, cfour, "missing", false).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("engine 'scripted': cannot start '/nonexistent/engine'"),
            "{error}"
        );
    }

    #[test]
    fn start_positions_are_sent_as_startpos_only_when_standard() {
        let cfour = Variant::Connect4(Size::STANDARD);
        assert_eq!(start_fen(&AnyGame::new(cfour)), None);
        assert_eq!(start_fen(&AnyGame::new(Variant::TicTacToe)), None);
        let small = Variant::Connect4("6x5".parse().unwrap());
        assert_eq!(
            start_fen(&AnyGame::new(small)).as_deref(),
            Some("6/6/6/6/6[PPPPPPPPPPPPPPPppppppppppppppp] w - - 0 1")
        );
        let mut opened = AnyGame::new(cfour);
        opened.play_text("4").unwrap();
        assert!(start_fen(&opened).is_some());
        let mut opened = AnyGame::new(Variant::TicTacToe);
        opened.play_text("b2").unwrap();
        assert!(start_fen(&opened).is_some());
    }
}
