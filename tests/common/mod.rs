//! Helpers shared by the integration tests.
#![allow(dead_code, reason = "each test binary uses a different part")]

use std::collections::HashMap;
use std::path::PathBuf;

use inarow_games::{Game, Outcome, Player};

/// Where Debian's `fairy-stockfish` package installs the engine.
pub const FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";

/// Pons's benchmark sets, from `$INAROW_PONS_DIR`, else `../shared/data/pons`;
/// `None` if they are missing (see [`require`]).
pub fn pons_sets(test: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("INAROW_PONS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/pons"));
    require(
        test,
        dir.is_dir().then_some(dir),
        "Pons's sets",
        "set INAROW_PONS_DIR or put them in ../shared/data/pons",
    )
}

/// Fairy-Stockfish's program; `None` if it is not installed (see [`require`]).
pub fn fairy_stockfish(test: &str) -> Option<PathBuf> {
    let program = PathBuf::from(FAIRY_STOCKFISH);
    require(
        test,
        program.is_file().then_some(program),
        FAIRY_STOCKFISH,
        "install the fairy-stockfish package; test.sh does",
    )
}

/// The one policy for what a test needs from outside the repository: `found`
/// if there; else, with `CI` set, the test fails; without, it says on stderr
/// that it was skipped (and the caller returns).
///
/// # Panics
/// When `found` is `None` and `CI` is set.
pub fn require(test: &str, found: Option<PathBuf>, what: &str, how: &str) -> Option<PathBuf> {
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{test}: {what} not found, and CI is set ({how})"
        );
        eprintln!("skipped {test}: {what} not found ({how})");
    }
    found
}

/// A small deterministic random generator (xorshift64*), so tests need no crate.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// What a run of the `inarow` binary printed.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub success: bool,
}

/// Runs the `inarow` binary with `args`, `input` on stdin and `NO_COLOR` set.
pub fn run_inarow(args: &[&str], input: &str) -> Run {
    run_inarow_with(args, input, &[])
}

/// [`run_inarow`] with the environment variables `vars` set as well.
pub fn run_inarow_with(args: &[&str], input: &str, vars: &[(&str, &str)]) -> Run {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_inarow"))
        .args(args)
        .env("NO_COLOR", "1")
        .envs(vars.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // A binary that stops early (an engine that cannot start, say) may exit
    // before it reads all its input: the pipe then breaks, and what it
    // printed and its exit status are what the caller checks.
    if let Err(error) = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
    {
        assert_eq!(
            error.kind(),
            std::io::ErrorKind::BrokenPipe,
            "the binary reads its input"
        );
    }
    let output = child.wait_with_output().expect("the binary runs");
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        success: output.status.success(),
    }
}

/// Pons's score straight from its definition, by exhaustive minimax with a
/// memo: a win scores 1 plus the winner's unplayed share, a loss the negative
/// of the opponent's win, a draw 0. On any bitboard.
pub fn brute_force<G: Game>(position: &G, memo: &mut HashMap<G::Key, i32>) -> i32 {
    if let Some(&score) = memo.get(&position.key()) {
        return score;
    }
    let score = match position.outcome() {
        Some(Outcome::Draw) => 0,
        Some(Outcome::Win(winner)) => {
            let (cells, ply) = (position.max_ply(), position.ply());
            let (share, played) = match winner {
                Player::First => (cells.div_ceil(2), ply.div_ceil(2)),
                Player::Second => (cells / 2, ply / 2),
            };
            -(1 + share as i32 - played as i32)
        }
        None => position
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = position.clone();
                child.play_unchecked(mv);
                -brute_force(&child, memo)
            })
            .max()
            .expect("a game not over has moves"),
    };
    memo.insert(position.key(), score);
    score
}
