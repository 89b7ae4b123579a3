//! cutechess-cli referees inarow against itself in `gomoku` and
//! `gomokufreestyle`, as Cute Chess defines them (15x15, drops, exactly five
//! and five or more), from random openings. Every game's moves are replayed
//! by inarow's rules, and the result cutechess gives must be the one they
//! give. Runs when cutechess-cli is found (`$INAROW_CUTECHESS_CLI`, else on
//! the PATH); CI has none, so the test says on stderr that it skipped.

mod common;

use std::path::PathBuf;
use std::process::Command;

use common::Rng;
use inarow_games::{AnyGame, Game, Outcome, Player, Variant};

fn cutechess() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("INAROW_CUTECHESS_CLI") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join("cutechess-cli"))
        .find(|p| p.is_file())
}

/// Openings of two to four random stones near the centre, as FENs.
fn openings(variant: Variant, count: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut lines = String::new();
    for _ in 0..count {
        let mut position = AnyGame::new(variant);
        let stones = 2 + rng.below(3);
        while (position.ply() as usize) < stones {
            let file = 4 + rng.below(7);
            let rank = 4 + rng.below(7);
            let _ = position.play_text(&format!("{}{}", char::from(b'a' + file as u8), rank + 1));
        }
        lines.push_str(&position.fen());
        lines.push('\n');
    }
    lines
}

/// The games of a PGN file: the FEN tag, the moves and the result tag.
fn games(pgn: &str) -> Vec<(Option<String>, Vec<String>, String)> {
    let mut games = Vec::new();
    let (mut fen, mut result, mut moves) = (None, String::new(), Vec::new());
    let mut in_moves = false;
    for line in pgn.lines() {
        if let Some(tag) = line.strip_prefix('[') {
            if in_moves {
                games.push((fen.take(), std::mem::take(&mut moves), result.clone()));
                in_moves = false;
            }
            let (name, value) = tag.split_once(' ').unwrap_or((tag, ""));
            let value = value.trim_end_matches(']').trim_matches('"').to_owned();
            match name {
                "FEN" => fen = Some(value),
                "Result" => result = value,
                _ => {}
            }
        } else if !line.trim().is_empty() {
            in_moves = true;
            // Comments in braces hold no moves.
            let mut text = String::new();
            let mut depth = 0;
            for c in line.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ if depth == 0 => text.push(c),
                    _ => {}
                }
            }
            moves.extend(
                text.split_whitespace()
                    .filter(|t| t.contains('@'))
                    .map(str::to_owned),
            );
        }
    }
    if in_moves {
        games.push((fen, moves, result));
    }
    games
}

fn play_match(cutechess: &PathBuf, variant_name: &str, games_count: usize) {
    let variant: Variant = variant_name.parse().unwrap();
    let dir = std::env::temp_dir().join(format!("inarow-cutechess-{variant_name}"));
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("openings.epd");
    std::fs::write(&book, openings(variant, games_count / 2, 29)).unwrap();
    let pgn = dir.join("games.pgn");
    let _ = std::fs::remove_file(&pgn);
    let inarow = env!("CARGO_BIN_EXE_inarow");
    let output = Command::new(cutechess)
        .args(["-variant", variant_name])
        .args(["-engine", "name=A", &format!("cmd={inarow}"), "proto=uci"])
        .args(["-engine", "name=B", &format!("cmd={inarow}"), "proto=uci"])
        .args(["-each", "tc=3+0.05", "option.Hash=16"])
        .args(["-games", &games_count.to_string(), "-repeat"])
        .args(["-concurrency", "2"])
        .args([
            "-openings",
            &format!("file={}", book.display()),
            "format=epd",
            "order=sequential",
        ])
        .args(["-pgnout", &pgn.display().to_string()])
        .output()
        .expect("cutechess-cli runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    for bad in [
        "illegal",
        "Illegal",
        "disconnect",
        "stall",
        "Unknown",
        "on time",
        "error",
    ] {
        assert!(
            !stdout.contains(bad),
            "{variant_name}: '{bad}' in\n{stdout}"
        );
    }
    let pgn = std::fs::read_to_string(&pgn).unwrap();
    let games = games(&pgn);
    assert_eq!(games.len(), games_count, "{pgn}");
    for (fen, moves, result) in games {
        let mut position = AnyGame::from_setup(variant, fen.as_deref()).unwrap();
        for mv in &moves {
            position
                .play_text(mv)
                .unwrap_or_else(|e| panic!("{variant_name}: {mv}: {e}\n{pgn}"));
        }
        let expected = match position.outcome() {
            Some(Outcome::Win(Player::First)) => "1-0",
            Some(Outcome::Win(Player::Second)) => "0-1",
            Some(Outcome::Draw) => "1/2-1/2",
            None => panic!("{variant_name}: a game ended with no result by the rules\n{pgn}"),
        };
        assert_eq!(result, expected, "{variant_name}: {moves:?}");
    }
    eprintln!("cutechess-cli, {variant_name}: {games_count} games, {stdout}");
}

#[test]
fn cutechess_referees_gomoku_between_two_inarows() {
    let Some(cutechess) = cutechess() else {
        eprintln!("cutechess-cli not found ($INAROW_CUTECHESS_CLI or PATH): skipped");
        return;
    };
    play_match(&cutechess, "gomoku", 20);
    play_match(&cutechess, "gomokufreestyle", 20);
}
