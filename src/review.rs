//! `inarow review`: the exact verdict on every move of games read from PGN.
//!
//! For each move it finds the exact score of the position before the move and
//! the score of the move played, both from the mover's side in Pascal Pons's
//! convention (a win scores 1 plus the stones the winner has not yet played of
//! its share of a full board, a loss the negative, a draw 0), and labels it
//! (see [`Label`]): `best`, `score error` (the outcome kept, not the score: a
//! slower win, a faster loss) or `outcome error` (a win thrown to a draw or a
//! loss, a draw to a loss). A move whose scores could not be found within
//! `--budget` is `unsettled`: reported as such, never guessed.
//!
//! The scores come from the engine's exact [`Analyst`]: the solver for
//! Connect Four, an exact search of the whole tree for tic-tac-toe, in the
//! same convention, so a score error means the same in both.

use std::fmt;
use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::{Duration, Instant};

use clap::Args;
use inarow_engine::{Analyst, Signals, SolveLimits, DEFAULT_SOLVER_HASH_MIB};
use inarow_games::{AnyGame, Drop, Game, MoveError, Player};

use inarow_protocol::input::{self, MAX_TEXT_BYTES};
use inarow_protocol::pgn::{for_each_game, start_position, PgnGame, PgnMove};

/// Options of `inarow review`.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// PGN files as cutechess-cli and `inarow match` write them; stdin if
    /// none is given (or for `-`).
    #[arg(value_name = "GAMES.pgn")]
    files: Vec<PathBuf>,
    /// Review only this engine's moves: the first player's moves when the
    /// `White` tag names it, the second player's when `Black` does.
    #[arg(long, value_name = "NAME")]
    engine: Option<String>,
    /// Write the games to this PGN file with the verdict in a comment after
    /// each reviewed move, `?` after a score error and `??` after an outcome error.
    #[arg(long, value_name = "OUT.pgn")]
    annotate: Option<PathBuf>,
    /// The work allowed for each move's verdict: nodes (`50M`, `200K`, `1000`)
    /// or time (`500ms`, `2s`). Default: no limit.
    #[arg(long, value_name = "B")]
    budget: Option<Budget>,
    /// The Connect-Four solver's table size in MiB.
    #[arg(long, value_name = "MiB", default_value_t = DEFAULT_SOLVER_HASH_MIB)]
    hash: usize,
    /// Search threads, 1 to the number of cores: the scores do not depend on it.
    #[arg(long, default_value_t = 1, value_parser = crate::threads::parse)]
    threads: usize,
    /// Solve every position, without the opening book.
    #[arg(long)]
    no_book: bool,
    /// List this many errors, outcome errors first.
    #[arg(long, value_name = "K", default_value_t = 20)]
    errors: usize,
}

/// The work allowed for one move's verdict: the position's score, the played
/// move's and, after an error, the other moves' (to name the best).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Nodes searched. Each solve is given what is left of the budget; the
    /// solver looks at its limit every few thousand nodes.
    Nodes(u64),
    /// Time, from the start of the move's review.
    Time(Duration),
}

/// Reads `1000`, `200K`, `50M`, `2G` (nodes), `500ms`, `2s`, `0.5s` (time).
impl FromStr for Budget {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || {
            format!(
                "budget '{text}': expected a node count such as 50M or 200K, \
                 or a time such as 500ms or 2s, above zero"
            )
        };
        let budget = if let Some(millis) = text.strip_suffix("ms") {
            Budget::Time(Duration::from_millis(
                millis.parse::<u64>().map_err(|_| bad())?,
            ))
        } else if let Some(secs) = text.strip_suffix('s') {
            let secs = secs.parse::<f64>().map_err(|_| bad())?;
            Budget::Time(Duration::try_from_secs_f64(secs).map_err(|_| bad())?)
        } else {
            let (digits, scale) = match text.strip_suffix(['K', 'k']) {
                Some(digits) => (digits, 1_000),
                None => match text.strip_suffix('M') {
                    Some(digits) => (digits, 1_000_000),
                    None => match text.strip_suffix('G') {
                        Some(digits) => (digits, 1_000_000_000),
                        None => (text, 1),
                    },
                },
            };
            let count = digits.parse::<u64>().map_err(|_| bad())?;
            Budget::Nodes(count.checked_mul(scale).ok_or_else(bad)?)
        };
        match budget {
            Budget::Nodes(0) => Err(bad()),
            Budget::Time(time) if time.is_zero() => Err(bad()),
            budget => Ok(budget),
        }
    }
}

/// What a move did to the mover's exact score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Label {
    /// A win thrown to a draw or a loss, or a draw to a loss.
    OutcomeError,
    /// The outcome kept but not the score: a slower win, a faster loss.
    ScoreError,
    /// The best score kept.
    Best,
}

impl Label {
    /// The label of a move scoring `played` where the best move scores `best`.
    #[must_use]
    pub fn of(best: i32, played: i32) -> Label {
        if played >= best {
            Label::Best
        } else if played.signum() == best.signum() {
            Label::ScoreError
        } else {
            Label::OutcomeError
        }
    }

    /// The PGN suffix annotation: none, `?` or `??`.
    fn suffix(self) -> Option<&'static str> {
        match self {
            Label::Best => None,
            Label::ScoreError => Some("?"),
            Label::OutcomeError => Some("??"),
        }
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Label::Best => "best",
            Label::ScoreError => "score error",
            Label::OutcomeError => "outcome error",
        })
    }
}

/// A score as the report writes it: `+3`, `-1`, `0`.
fn signed(score: i32) -> String {
    if score == 0 {
        "0".to_owned()
    } else {
        format!("{score:+}")
    }
}

/// `1 game`, `2 games`.
fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A score that may be missing: `?` when unsettled.
fn signed_or_unknown(score: Option<i32>) -> String {
    score.map_or_else(|| "?".to_owned(), signed)
}

/// The engine's exact analyst as a review sets it up: the one place it is
/// built for the command line.
fn analyst(args: &ReviewArgs) -> Analyst {
    let mut analyst = Analyst::new(args.hash.max(1));
    analyst.set_threads(args.threads);
    analyst.set_book((!args.no_book).then(inarow_engine::books::opening::embedded));
    analyst
}

/// Limits on a whole review, beyond each move's budget: past them, every
/// move left is unsettled. The command line has none; `inarow serve` has.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stop<'a> {
    /// The review gives up at this instant.
    pub deadline: Option<Instant>,
    /// The review gives up when these signals ask a search to stop.
    pub signals: Option<&'a Signals>,
}

/// One move's share of `--budget`, as limits for each score asked for.
struct Allowance<'a> {
    /// The scorer's node count when the move's review began.
    nodes_at_start: u64,
    /// The scorer's node count at which the budget is spent.
    nodes_end: Option<u64>,
    deadline: Option<Instant>,
    signals: Option<&'a Signals>,
}

impl<'a> Allowance<'a> {
    fn start(budget: Option<Budget>, stop: Stop<'a>, nodes: u64) -> Self {
        let (nodes_end, deadline) = match budget {
            None => (None, None),
            Some(Budget::Nodes(n)) => (Some(nodes.saturating_add(n)), None),
            Some(Budget::Time(time)) => (None, Instant::now().checked_add(time)),
        };
        let deadline = match (deadline, stop.deadline) {
            (Some(own), Some(cap)) => Some(own.min(cap)),
            (own, cap) => own.or(cap),
        };
        Allowance {
            nodes_at_start: nodes,
            nodes_end,
            deadline,
            signals: stop.signals,
        }
    }

    fn limits(&self, nodes: u64) -> SolveLimits<'a> {
        SolveLimits {
            nodes: self.nodes_end.map(|end| end.saturating_sub(nodes)),
            deadline: self.deadline,
            signals: self.signals,
        }
    }
}

/// The mover's score of playing the legal move `mv` in `position`.
fn move_score(
    analyst: &mut Analyst,
    position: &AnyGame,
    mv: Drop,
    allowance: &Allowance<'_>,
) -> Option<i32> {
    let limits = allowance.limits(analyst.nodes());
    analyst.move_score(position, mv, &limits)
}

/// What the review found about one move.
#[derive(Clone, Debug)]
pub struct MoveNote {
    /// The stones on the board before the move.
    pub ply: u32,
    /// Who played it.
    pub mover: Player,
    /// The move.
    pub played: Drop,
    /// The position before the move.
    pub fen: String,
    /// The position's score (the best move's), if settled.
    pub best: Option<i32>,
    /// The played move's score, if settled.
    pub score: Option<i32>,
    /// After an error: the moves that keep the best score.
    pub best_moves: Vec<Drop>,
    /// Whether every other move was scored when looking for `best_moves`.
    pub best_moves_complete: bool,
}

impl MoveNote {
    /// The label; `None` if unsettled.
    pub fn label(&self) -> Option<Label> {
        Some(Label::of(self.best?, self.score?))
    }

    /// The PGN move number and the move: `12. P@d4`, `12... P@d4`.
    fn numbered(&self) -> String {
        let dots = match self.mover {
            Player::First => ".",
            Player::Second => "...",
        };
        format!("{}{dots} {}", self.ply / 2 + 1, self.played)
    }

    /// The comment `--annotate` writes.
    fn annotation(&self) -> String {
        let mut text = format!(
            "exact: best={} played={}",
            signed_or_unknown(self.best),
            signed_or_unknown(self.score)
        );
        match self.label() {
            None => text.push_str(" unsettled"),
            Some(Label::Best) => {}
            Some(label) => {
                text.push_str(&format!(" {label}"));
                if !self.best_moves.is_empty() {
                    let moves: Vec<String> = self.best_moves.iter().map(Drop::to_string).collect();
                    text.push_str(&format!(", best {}", moves.join(" ")));
                }
            }
        }
        text
    }
}

/// A move that stopped the review of a game: not a move, or not legal there.
pub struct BadMove {
    /// Its index among the game's moves.
    pub index: usize,
    /// The stones on the board before it.
    pub ply: u32,
    /// The move as the game gives it.
    pub text: String,
    /// Why it could not be played.
    pub error: MoveError,
}

impl BadMove {
    /// What went wrong, for a message after the game's place.
    pub fn describe(&self) -> String {
        let mover = Player::to_move_at(self.ply);
        let dots = if mover == Player::First { "." } else { "..." };
        format!(
            "ply {} ({}{dots} {}, move {} of the game): {}; \
             the moves before it are reviewed",
            self.ply + 1,
            self.ply / 2 + 1,
            self.text,
            self.index + 1,
            self.error
        )
    }
}

/// The review of one game's moves: a note for each reviewed move (in move
/// order, by index) and the move that could not be played, if any.
pub struct GameReview {
    /// The reviewed moves' notes, each with its index among the game's moves.
    pub notes: Vec<(usize, MoveNote)>,
    /// The move that stopped the review, if one did.
    pub bad_move: Option<BadMove>,
}

/// Reviews a game from `start`, the moves of the players `reviewed`
/// selects, each within `budget`, the whole within `stop`, with the exact
/// scores of `analyst` (which keeps what it learns from game to game).
/// `progress` is told each reviewed move's stones before it.
pub fn review_game(
    analyst: &mut Analyst,
    start: &AnyGame,
    moves: &[PgnMove],
    reviewed: [bool; 2],
    budget: Option<Budget>,
    stop: Stop<'_>,
    progress: &mut dyn FnMut(u32),
) -> GameReview {
    let mut review = GameReview {
        notes: Vec::new(),
        bad_move: None,
    };
    let mut position = *start;
    // The position's score, when the move before already settled it.
    let mut known: Option<i32> = None;
    for (index, played) in moves.iter().enumerate() {
        let ply = position.ply();
        let mv = match played.in_position(&position) {
            Ok(mv) => mv,
            Err(error) => {
                review.bad_move = Some(BadMove {
                    index,
                    ply,
                    text: played.text.clone(),
                    error,
                });
                break;
            }
        };
        let mover = position.side_to_move();
        if reviewed[mover.index()] {
            progress(ply);
            let allowance = Allowance::start(budget, stop, analyst.nodes());
            let best = known.or_else(|| {
                let limits = allowance.limits(analyst.nodes());
                analyst.score(&position, false, &limits)
            });
            let score = move_score(analyst, &position, mv, &allowance);
            let mut note = MoveNote {
                ply,
                mover,
                played: position.to_drop(mv),
                fen: position.fen(),
                best,
                score,
                best_moves: Vec::new(),
                best_moves_complete: true,
            };
            if let (Some(best), Some(Label::ScoreError | Label::OutcomeError)) =
                (best, note.label())
            {
                for other in position.legal_moves() {
                    match move_score(analyst, &position, other, &allowance) {
                        Some(s) if s == best => note.best_moves.push(position.to_drop(other)),
                        Some(_) => {}
                        None => note.best_moves_complete = false,
                    }
                }
            }
            log::debug!(
                "ply {}: best {} played {}, {} nodes",
                ply + 1,
                signed_or_unknown(best),
                signed_or_unknown(score),
                analyst.nodes() - allowance.nodes_at_start
            );
            known = if position.is_winning_move(mv) {
                None
            } else {
                score.map(|score| -score)
            };
            review.notes.push((index, note));
        } else {
            known = None;
        }
        position.play_unchecked(mv);
    }
    review
}

/// `name`'s counts among `tallies` (kept in order of appearance), new if absent.
pub fn tally_of<'a>(tallies: &'a mut Vec<(String, Tally)>, name: &str) -> &'a mut Tally {
    let at = match tallies.iter().position(|(known, _)| known == name) {
        Some(at) => at,
        None => {
            tallies.push((name.to_owned(), Tally::default()));
            tallies.len() - 1
        }
    };
    &mut tallies[at].1
}

/// The counts of one engine's moves.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Moves reviewed.
    pub moves: usize,
    /// Those that kept the best score.
    pub best: usize,
    /// Those that kept the outcome, not the score.
    pub score_errors: usize,
    /// Those that threw a win or a draw.
    pub outcome_errors: usize,
    /// Those not settled within the budget.
    pub unsettled: usize,
}

impl Tally {
    /// Counts a move with `label` (`None`: unsettled).
    pub fn add(&mut self, label: Option<Label>) {
        self.moves += 1;
        match label {
            None => self.unsettled += 1,
            Some(Label::Best) => self.best += 1,
            Some(Label::ScoreError) => self.score_errors += 1,
            Some(Label::OutcomeError) => self.outcome_errors += 1,
        }
    }

    /// `count` as a percentage of the settled moves.
    fn share(&self, count: usize) -> f64 {
        let settled = self.moves - self.unsettled;
        if settled == 0 {
            0.0
        } else {
            100.0 * count as f64 / settled as f64
        }
    }
}

/// An error found in a game, for the list.
struct Mistake {
    game: usize,
    round: Option<String>,
    name: String,
    note: MoveNote,
    label: Label,
}

/// Where a game came from, for messages: `FILE: game N (round R)`.
fn game_place(source: &str, number: usize, round: Option<&str>) -> String {
    match round {
        Some(round) => format!("{source}: game {number} (round {round})"),
        None => format!("{source}: game {number}"),
    }
}

/// One line on stderr that is updated in place, on a terminal only.
struct Progress {
    shown: bool,
    enabled: bool,
}

impl Progress {
    fn show(&mut self, text: &str) {
        if self.enabled {
            eprint!("\r{text:<60}");
            self.shown = true;
        }
    }

    fn clear(&mut self) {
        if self.shown {
            eprint!("\r{:<60}\r", "");
            self.shown = false;
        }
    }
}

/// The state of a whole review.
struct Review<'a> {
    args: &'a ReviewArgs,
    analyst: Analyst,
    /// Each engine's counts, in order of appearance.
    tallies: Vec<(String, Tally)>,
    mistakes: Vec<Mistake>,
    games: usize,
    /// Games, files and file ends that could not be read.
    failures: usize,
    /// Whether any game names the `--engine`.
    engine_seen: bool,
    annotated: Option<(File, PathBuf)>,
    progress: Progress,
}

impl Review<'_> {
    fn error(&mut self, message: &str) {
        self.progress.clear();
        eprintln!("error: {}", message.replace('\n', " "));
        self.failures += 1;
    }

    fn tally(&mut self, name: &str) -> &mut Tally {
        tally_of(&mut self.tallies, name)
    }

    /// Reviews the games of one PGN text from `source`. A game that cannot
    /// be read is reported, and reading resumes at the next `[Event` tag.
    fn file(&mut self, source: &str, text: &str) {
        let mut games = Vec::new();
        for_each_game(text, |item| games.push(item));
        for item in games {
            match item {
                Ok(game) => self.game(source, game),
                Err(reason) => self.error(&format!("{source}: {reason}")),
            }
        }
    }

    /// Reviews one game and writes it to `--annotate`.
    fn game(&mut self, source: &str, mut game: PgnGame) {
        self.games += 1;
        let number = self.games;
        let round = game.tag("Round").map(str::to_owned);
        let place = game_place(source, number, round.as_deref());
        let names = [
            game.tag("White").unwrap_or("?").to_owned(),
            game.tag("Black").unwrap_or("?").to_owned(),
        ];
        let reviewed = names.clone().map(|name| {
            self.args
                .engine
                .as_ref()
                .is_none_or(|engine| *engine == name)
        });
        self.engine_seen |= self.args.engine.is_none() || reviewed.contains(&true);
        let start = match start_position(&game) {
            Ok(start) => start,
            Err(reason) => {
                self.error(&format!("{place}: {reason}"));
                self.annotate(&game, 0);
                return;
            }
        };
        let progress = &mut self.progress;
        let mut show = |ply: u32| progress.show(&format!("game {number}, ply {}", ply + 1));
        let review = review_game(
            &mut self.analyst,
            &start,
            &game.moves,
            reviewed,
            self.args.budget,
            Stop::default(),
            &mut show,
        );
        for (index, note) in review.notes {
            let label = note.label();
            let name = names[note.mover.index()].clone();
            self.tally(&name).add(label);
            if let Some(label) = label {
                game.moves[index].annotation = label.suffix();
                if label != Label::Best {
                    self.mistakes.push(Mistake {
                        game: number,
                        round: round.clone(),
                        name,
                        note: note.clone(),
                        label,
                    });
                }
            }
            if let Some(comment) = game.comments.get_mut(index) {
                *comment = Some(annotated_comment(comment.as_deref(), &note.annotation()));
            }
        }
        if let Some(bad) = review.bad_move {
            self.error(&format!("{place}: {}", bad.describe()));
        }
        self.annotate(&game, start.ply());
    }

    /// Writes a game to `--annotate`, if given.
    fn annotate(&mut self, game: &PgnGame, first_ply: u32) {
        let Some((file, path)) = &mut self.annotated else {
            return;
        };
        let written = file
            .write_all(game.to_pgn(first_ply).as_bytes())
            .and_then(|()| file.flush());
        if let Err(e) = written {
            let message = format!(
                "cannot write '{}': {e}; no more games are written",
                path.display()
            );
            self.annotated = None;
            self.error(&message);
        }
    }

    /// The report, as stdout gets it.
    fn report(&self) -> String {
        let mut text = String::new();
        let reviewed: usize = self.tallies.iter().map(|(_, t)| t.moves).sum();
        text.push_str(&format!(
            "inarow review: {}, {} reviewed \
             (exact scores in Pons's convention, from the mover's side)\n\n",
            counted(self.games, "game"),
            counted(reviewed, "move")
        ));
        let width = self
            .tallies
            .iter()
            .map(|(name, _)| name.chars().count())
            .max()
            .unwrap_or(0)
            .max("engine".len());
        text.push_str(&format!(
            "{:<width$}  {:>5}  {:>5}  {:>12}  {:>14}  {:>9}  {:>13}  {:>15}\n",
            "engine",
            "moves",
            "best",
            "score-errors",
            "outcome-errors",
            "unsettled",
            "score-error-%",
            "outcome-error-%"
        ));
        for (name, t) in &self.tallies {
            text.push_str(&format!(
                "{name:<width$}  {:>5}  {:>5}  {:>12}  {:>14}  {:>9}  {:>13.1}  {:>15.1}\n",
                t.moves,
                t.best,
                t.score_errors,
                t.outcome_errors,
                t.unsettled,
                t.share(t.score_errors),
                t.share(t.outcome_errors)
            ));
        }
        text.push_str("(the shares are of the settled moves)\n");

        let mut mistakes: Vec<&Mistake> = self.mistakes.iter().collect();
        // Stable: in game order within each label.
        mistakes.sort_by_key(|m| m.label);
        let shown = mistakes.len().min(self.args.errors);
        text.push_str(&format!(
            "\nerrors: {}, {shown} shown, outcome errors first\n",
            mistakes.len()
        ));
        for mistake in &mistakes[..shown] {
            let note = &mistake.note;
            let colour = match note.mover {
                Player::First => "White",
                Player::Second => "Black",
            };
            let round = mistake
                .round
                .as_ref()
                .map_or_else(String::new, |round| format!(" (round {round})"));
            text.push_str(&format!(
                "\n{}: game {}{round}, ply {}, {} as {colour}: {}\n",
                mistake.label,
                mistake.game,
                note.ply + 1,
                mistake.name,
                note.numbered()
            ));
            text.push_str(&format!("  position: {}\n", note.fen));
            text.push_str(&format!(
                "  played:   {} ({})\n",
                note.played,
                signed_or_unknown(note.score)
            ));
            let moves: Vec<String> = note.best_moves.iter().map(Drop::to_string).collect();
            let others = if note.best_moves_complete {
                ""
            } else {
                ", other moves unsettled"
            };
            text.push_str(&format!(
                "  best:     {} ({}){others}\n",
                moves.join(" "),
                signed_or_unknown(note.best)
            ));
        }
        text
    }
}

/// A move's comment with the verdict: after the comment it had (without an
/// earlier verdict), separated by `; `.
fn annotated_comment(old: Option<&str>, verdict: &str) -> String {
    let old = old.unwrap_or("");
    let kept = match old.find("exact: ") {
        Some(0) => "",
        Some(at) if old[..at].ends_with("; ") => &old[..at - 2],
        _ => old,
    };
    if kept.trim().is_empty() {
        verdict.to_owned()
    } else {
        format!("{}; {verdict}", kept.trim())
    }
}

/// Reads one input: a file, or stdin for `-`, of at most [`MAX_TEXT_BYTES`].
/// Text that is not UTF-8 is read with replacement characters (PGN is often
/// Latin-1).
fn read_input(path: &Path) -> Result<String, String> {
    let bytes = if path == Path::new("-") {
        input::read_limited(io::stdin().lock(), MAX_TEXT_BYTES)
            .map_err(|e| format!("reading stdin: {e}"))?
    } else {
        input::read_file(path, MAX_TEXT_BYTES)
            .map_err(|e| format!("cannot read '{}': {e}", path.display()))?
    };
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Opens `--annotate`'s file, refusing one of the inputs.
fn open_annotated(path: &Path, inputs: &[PathBuf]) -> Result<File, String> {
    if let Ok(out) = path.canonicalize() {
        if inputs
            .iter()
            .any(|input| input.canonicalize().is_ok_and(|input| input == out))
        {
            return Err(format!(
                "--annotate '{}' is also an input: write the annotated games elsewhere",
                path.display()
            ));
        }
    }
    File::create(path).map_err(|e| format!("cannot create '{}': {e}", path.display()))
}

/// Runs `inarow review`: the report on stdout, one line on stderr for each
/// game or file that could not be read; fails at the end if there was one.
pub fn run(args: &ReviewArgs) -> Result<(), String> {
    let inputs = if args.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.files.clone()
    };
    let annotated = match &args.annotate {
        Some(path) => Some((open_annotated(path, &inputs)?, path.clone())),
        None => None,
    };
    let mut review = Review {
        args,
        analyst: analyst(args),
        tallies: Vec::new(),
        mistakes: Vec::new(),
        games: 0,
        failures: 0,
        engine_seen: false,
        annotated,
        progress: Progress {
            shown: false,
            enabled: io::stderr().is_terminal(),
        },
    };
    for input in &inputs {
        match read_input(input) {
            Ok(text) => {
                let source = if input == Path::new("-") {
                    "<stdin>".to_owned()
                } else {
                    input.display().to_string()
                };
                review.file(&source, &text);
            }
            Err(message) => review.error(&message),
        }
    }
    review.progress.clear();
    if let Some(engine) = args.engine.as_ref().filter(|_| !review.engine_seen) {
        log::warn!("no game names an engine '{engine}' as White or Black");
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    out.write_all(review.report().as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| format!("writing the report: {e}"))?;
    if review.failures > 0 {
        return Err(format!(
            "{} game(s) or file(s) could not be read in full (see above)",
            review.failures
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use inarow_games::Variant;

    #[test]
    fn labels() {
        assert_eq!(Label::of(3, 3), Label::Best);
        assert_eq!(Label::of(0, 0), Label::Best);
        assert_eq!(Label::of(-2, -2), Label::Best);
        assert_eq!(Label::of(5, 3), Label::ScoreError, "a slower win");
        assert_eq!(Label::of(-2, -4), Label::ScoreError, "a faster loss");
        assert_eq!(Label::of(5, 0), Label::OutcomeError, "win to draw");
        assert_eq!(Label::of(5, -1), Label::OutcomeError, "win to loss");
        assert_eq!(Label::of(0, -1), Label::OutcomeError, "draw to loss");
        assert!(Label::OutcomeError < Label::ScoreError, "listed first");
    }

    #[test]
    fn budgets() {
        assert_eq!("1000".parse(), Ok(Budget::Nodes(1000)));
        assert_eq!("200K".parse(), Ok(Budget::Nodes(200_000)));
        assert_eq!("200k".parse(), Ok(Budget::Nodes(200_000)));
        assert_eq!("50M".parse(), Ok(Budget::Nodes(50_000_000)));
        assert_eq!("2G".parse(), Ok(Budget::Nodes(2_000_000_000)));
        assert_eq!(
            "500ms".parse(),
            Ok(Budget::Time(Duration::from_millis(500)))
        );
        assert_eq!("2s".parse(), Ok(Budget::Time(Duration::from_secs(2))));
        assert_eq!(
            "0.25s".parse(),
            Ok(Budget::Time(Duration::from_millis(250)))
        );
        for bad in [
            "",
            "0",
            "0ms",
            "0s",
            "-1",
            "-1s",
            "1.5",
            "1.5M",
            "M",
            "ms",
            "s",
            "2m",
            "1e400s",
            "nans",
            "infs",
            "99999999999G",
            "5 s",
            "1h",
        ] {
            let parsed: Result<Budget, _> = bad.parse();
            let error = parsed.expect_err(bad);
            assert!(
                error.starts_with(&format!("budget '{bad}': expected")),
                "{error}"
            );
            assert!(!error.contains('\n'));
        }
    }

    #[test]
    fn comments_keep_their_text_and_lose_an_old_verdict() {
        let verdict = "exact: best=+3 played=+3";
        assert_eq!(annotated_comment(None, verdict), verdict);
        assert_eq!(
            annotated_comment(Some("+0.35/12 0.051s"), verdict),
            "+0.35/12 0.051s; exact: best=+3 played=+3"
        );
        assert_eq!(
            annotated_comment(Some("+0.35/12 0.051s; exact: best=0 played=-1"), verdict),
            "+0.35/12 0.051s; exact: best=+3 played=+3"
        );
        assert_eq!(
            annotated_comment(Some("exact: best=? played=?"), verdict),
            verdict
        );
    }

    /// Tic-tac-toe's known values in Pons's convention, through the
    /// analyst a review uses.
    #[test]
    fn tictactoe_scores() {
        let mut analyst = Analyst::new(1);
        let limits = SolveLimits::default();
        let position = |moves: &str| {
            let mut game = AnyGame::new(Variant::TicTacToe);
            crate::position::play_moves(&mut game, moves).unwrap();
            game
        };
        let mut score = |moves: &str| analyst.score(&position(moves), false, &limits);
        assert_eq!(score(""), Some(0));
        // An edge answer to the centre loses: X wins with its fourth stone
        // (5 - 4 + 1 = 2), O to move.
        assert_eq!(score("b2 a2"), Some(2));
        assert_eq!(score("b2 a1"), Some(0));
        // X to move wins at once at a2, with its third stone.
        assert_eq!(score("a1 b2 a3 c1"), Some(3));
        // A finished game: X has won with its third stone, O to move.
        assert_eq!(score("a1 b1 a2 b2 a3"), Some(-3));
        let one_node = SolveLimits {
            nodes: Some(1),
            ..SolveLimits::default()
        };
        assert_eq!(Analyst::new(1).score(&position(""), false, &one_node), None);
    }
}
