//! `inarow play`: a game in the terminal against the engine (or any UCI engine).

mod board;
mod hints;
mod opponent;

use std::io::{self, BufRead, IsTerminal, Write};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::{Args, ValueEnum};
use inarow_games::{AnyGame, Drop, Game, Outcome, Player};
use inarow_protocol::client::{Dialect, EngineCommand, EngineSetup};
use inarow_protocol::Go;

use crate::position::PositionArgs;
use board::Style;
use hints::Hints;
use inarow_engine::Strength;
use opponent::{Builtin, External, Opponent};

/// Who makes the first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You.
    Human,
    /// The engine.
    Engine,
}

/// Options of `inarow play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Who moves first.
    #[arg(long, value_enum, default_value = "human")]
    first: First,
    /// The engine's thinking time per move, in milliseconds.
    #[arg(long, value_name = "MS", conflicts_with_all = ["depth", "level"])]
    movetime: Option<u64>,
    /// The engine's search depth, in plies.
    #[arg(long, conflicts_with = "level")]
    depth: Option<u32>,
    /// A weaker built-in engine: 1 (weakest) to 10 (full strength).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10), conflicts_with = "engine")]
    level: Option<u8>,
    /// Play a UCI engine instead, e.g. "/usr/games/fairy-stockfish" or "inarow uci".
    #[arg(long, value_name = "COMMAND ARGS")]
    engine: Option<String>,
    /// An option for the --engine, NAME=VALUE (repeatable), e.g. VariantPath=variants.ini.
    #[arg(long = "engine-option", value_name = "NAME=VALUE")]
    engine_options: Vec<String>,
    /// The built-in engine's table size in MiB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// The seed of the weaker levels' choices (default: the clock).
    #[arg(long)]
    seed: Option<u64>,
}

/// Runs `inarow play` on stdin and stdout.
pub fn run(args: &PlayArgs) -> Result<(), String> {
    let start = args.position.position()?;
    let style = if io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none() {
        Style::Colour
    } else {
        Style::Ascii
    };
    let opponent = opponent(args, &start)?;
    let human = match args.first {
        First::Human => start.side_to_move(),
        First::Engine => start.side_to_move().other(),
    };
    let mut game = Play {
        start,
        moves: Vec::new(),
        human,
        opponent,
        hints: Hints::new(args.hash.max(1)),
        style,
        announced: false,
        shown: None,
        interactive: io::stdin().is_terminal(),
        out: io::stdout(),
    };
    game.run(io::stdin().lock())
}

fn opponent(args: &PlayArgs, start: &AnyGame) -> Result<Opponent, String> {
    if let Some(command) = &args.engine {
        let command = EngineCommand::parse(command)?;
        let options = args
            .engine_options
            .iter()
            .map(|o| {
                o.split_once('=')
                    .map(|(n, v)| (n.to_owned(), v.to_owned()))
                    .ok_or_else(|| format!("--engine-option '{o}' is not NAME=VALUE"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let go = match (args.movetime, args.depth) {
            (_, Some(depth)) => Go {
                depth: Some(depth),
                ..Go::default()
            },
            (movetime, None) => Go {
                movetime: Some(Duration::from_millis(movetime.unwrap_or(1000))),
                ..Go::default()
            },
        };
        let setup = EngineSetup {
            name: command.to_string(),
            command,
            dialect: Dialect::Uci,
            options,
        };
        return External::start(setup, start.variant(), go)
            .map(|e| Opponent::External(Box::new(e)));
    }
    let strength = match (args.movetime, args.depth, args.level) {
        (Some(ms), _, _) => Strength::MoveTime(Duration::from_millis(ms)),
        (_, Some(depth), _) => Strength::Depth(depth),
        (_, _, Some(level)) => Strength::Level(level),
        _ => Strength::default(),
    };
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    Ok(Opponent::Builtin(Box::new(Builtin::new(
        strength,
        args.hash.max(1),
        seed,
    ))))
}

/// A game in progress.
struct Play<W: Write> {
    start: AnyGame,
    /// The moves played from `start`.
    moves: Vec<Drop>,
    human: Player,
    opponent: Opponent,
    /// `hint all`'s tables.
    hints: Hints,
    style: Style,
    /// Whether the end of this game was announced.
    announced: bool,
    /// The number of moves when the board was last shown.
    shown: Option<usize>,
    /// Whether a person types the input (stdin is a terminal).
    interactive: bool,
    out: W,
}

/// What a line of input asks for.
enum Input {
    Move(Drop),
    Undo,
    Hint,
    HintAll,
    New,
    Swap,
    Moves,
    Fen,
    Help,
    Quit,
}

impl<W: Write> Play<W> {
    fn position(&self) -> AnyGame {
        let mut position = self.start;
        for drop in &self.moves {
            position
                .play_text(&drop.to_string())
                .expect("moves in the list were checked when played");
        }
        position
    }

    fn say(&mut self, text: &str) -> Result<(), String> {
        writeln!(self.out, "{text}").map_err(|e| format!("writing to stdout: {e}"))
    }

    /// How a person names a move here.
    fn accepted(&self) -> &'static str {
        if self.start.variant().gravity() {
            "a column number"
        } else {
            "a square such as b2"
        }
    }

    fn run(&mut self, input: impl BufRead) -> Result<(), String> {
        let variant = self.start.variant().title();
        let intro = format!(
            "{variant} against {}. You play {} ({}). Type {}, or help.",
            self.opponent.name(),
            board::stone_name(self.human, self.style),
            if self.human == Player::First {
                "first"
            } else {
                "second"
            },
            self.accepted()
        );
        self.say(&intro)?;
        let mut lines = input.lines();
        loop {
            let position = self.position();
            if board::to_move(&position, self.human.other()) {
                self.engine_move(&position)?;
                continue;
            }
            self.show_board(&position)?;
            if position.outcome().is_some() && !self.announced {
                self.announce(&position)?;
            }
            let prompt = if position.outcome().is_some() {
                "Game over. new, undo, moves, fen or quit: "
            } else {
                "Your move: "
            };
            write!(self.out, "{prompt}")
                .and_then(|()| self.out.flush())
                .map_err(|e| e.to_string())?;
            let Some(line) = lines.next() else {
                self.say("")?;
                return Ok(());
            };
            let line = line.map_err(|e| format!("reading stdin: {e}"))?;
            if !self.interactive {
                // Without a person typing, show what was read after the prompt.
                self.say(line.trim())?;
            }
            if line.trim().is_empty() {
                continue;
            }
            match self.parse(&line, &position) {
                Err(message) => self.say(&message)?,
                Ok(Input::Quit) => return Ok(()),
                Ok(command) => self.execute(command, &position)?,
            }
        }
    }

    fn parse(&self, line: &str, position: &AnyGame) -> Result<Input, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let command = match words.as_slice() {
            ["undo"] => Input::Undo,
            ["hint"] => Input::Hint,
            ["hint", "all"] => Input::HintAll,
            ["new"] => Input::New,
            ["swap"] => Input::Swap,
            ["moves"] => Input::Moves,
            ["fen"] => Input::Fen,
            ["help"] | ["?"] => Input::Help,
            ["quit"] | ["exit"] => Input::Quit,
            [text] => {
                if position.outcome().is_some() {
                    return Err("The game is over: type new, undo or quit.".to_owned());
                }
                let drop = position
                    .parse_move(text)
                    .map_err(|e| format!("{e}. Type {}, or help.", self.accepted()))?;
                Input::Move(drop)
            }
            _ => {
                return Err(format!(
                    "'{}' is not a move or a command. Type {}, or help.",
                    line.trim(),
                    self.accepted()
                ))
            }
        };
        Ok(command)
    }

    fn execute(&mut self, command: Input, position: &AnyGame) -> Result<(), String> {
        match command {
            Input::Move(drop) => self.moves.push(drop),
            Input::Undo => self.undo()?,
            Input::Hint => match self.opponent.hint(&self.start, &self.moves, position) {
                Ok(t) => {
                    let text = format!(
                        "Hint: {}: {}{}.",
                        board::move_name(position, t.mv),
                        t.verdict,
                        t.depth.map_or(String::new(), |d| format!(", depth {d}"))
                    );
                    self.say(&text)?;
                }
                Err(e) => self.say(&format!("error: {e}"))?,
            },
            Input::HintAll => self.hint_all(position)?,
            Input::New => {
                self.moves.clear();
                self.announced = false;
                self.shown = None;
                if let Err(e) = self.opponent.new_game() {
                    self.say(&format!("error: {e}"))?;
                }
                self.say("New game.")?;
            }
            Input::Swap => {
                self.human = self.human.other();
                let text = format!(
                    "You now play {}.",
                    board::stone_name(self.human, self.style)
                );
                self.say(&text)?;
            }
            Input::Moves => {
                let text = position.moves_text(&self.moves);
                let text = match (&self.start, text.is_empty()) {
                    (start, _) if *start != AnyGame::new(start.variant()) => {
                        format!(
                            "From {}: {}",
                            start.fen(),
                            if text.is_empty() { "-" } else { &text }
                        )
                    }
                    (_, true) => "-".to_owned(),
                    (_, false) => text,
                };
                self.say(&text)?;
            }
            Input::Fen => {
                let fen = position.fen();
                self.say(&fen)?;
            }
            Input::Help => self.help()?,
            Input::Quit => {}
        }
        Ok(())
    }

    fn undo(&mut self) -> Result<(), String> {
        // Take back the person's last move and everything after it (the reply).
        let mut position = self.start;
        let mut last_own = None;
        for (i, drop) in self.moves.iter().enumerate() {
            if position.side_to_move() == self.human {
                last_own = Some(i);
            }
            position
                .play_text(&drop.to_string())
                .expect("moves in the list were checked when played");
        }
        let Some(at) = last_own else {
            return self.say("There is no move of yours to take back.");
        };
        self.moves.truncate(at);
        self.announced = false;
        self.shown = None;
        self.say("Took back your last move.")
    }

    fn engine_move(&mut self, position: &AnyGame) -> Result<(), String> {
        self.show_board(position)?;
        let thought = self.opponent.think(&self.start, &self.moves, position)?;
        let text = format!(
            "{} plays {}: {}{}, {:.2} s.",
            self.opponent.name(),
            board::move_name(position, thought.mv),
            thought.verdict,
            thought
                .depth
                .map_or(String::new(), |d| format!(", depth {d}")),
            thought.time.as_secs_f64()
        );
        self.moves.push(thought.mv);
        self.say(&text)
    }

    fn show_board(&mut self, position: &AnyGame) -> Result<(), String> {
        if self.shown == Some(self.moves.len()) {
            return Ok(());
        }
        self.shown = Some(self.moves.len());
        let line = match position.outcome() {
            Some(Outcome::Win(winner)) => board::winning_line(position, winner).unwrap_or_default(),
            _ => Vec::new(),
        };
        let text = board::draw(position, self.moves.last().copied(), &line, self.style);
        self.say(text.trim_end_matches('\n'))
    }

    fn announce(&mut self, position: &AnyGame) -> Result<(), String> {
        self.announced = true;
        let text = match position.outcome() {
            Some(Outcome::Win(winner)) => {
                let line = board::winning_line(position, winner)
                    .unwrap_or_default()
                    .iter()
                    .map(|d| d.square_name())
                    .collect::<Vec<_>>()
                    .join(" ");
                if winner == self.human {
                    format!("You win! The winning line: {line}.")
                } else {
                    format!("{} wins. The winning line: {line}.", self.opponent.name())
                }
            }
            Some(Outcome::Draw) => "Draw: the board is full.".to_owned(),
            None => return Ok(()),
        };
        self.say(&text)
    }

    fn hint_all(&mut self, position: &AnyGame) -> Result<(), String> {
        let text = self.hints.all_moves(position);
        self.say(&text)
    }

    fn help(&mut self) -> Result<(), String> {
        let text = format!(
            "Type {} to move, or:\n  undo      take back your last move and the reply\n  hint      the engine's best move for you\n  hint all  the exact score of every move (small enough positions)\n  new       a new game\n  swap      switch sides with the engine\n  moves     the moves so far\n  fen       the position as FEN\n  help      this\n  quit      leave",
            self.accepted()
        );
        self.say(&text)
    }
}
