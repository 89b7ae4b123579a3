//! The PGN of a game `inarow match` played: its tags from the game's record,
//! laid out by [`inarow_protocol::pgn::layout`] as cutechess writes them.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use inarow_games::{Game, Variant};

use super::runner::GameRecord;
use inarow_protocol::client::start_fen;
use inarow_protocol::pgn::layout;

/// The PGN text of a finished game, ending with a blank line.
#[must_use]
pub fn write_game(record: &GameRecord, event: &str, variant: Variant) -> String {
    let result = record.outcome.to_string();
    // The client's rule, which also decides what engines are sent, so the
    // PGN and the engines never differ.
    let setup = start_fen(&record.start);
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", event.to_owned()),
        ("Site", "?".to_owned()),
        ("Date", date(record.started)),
        ("Round", (record.index + 1).to_string()),
        ("White", record.players[0].clone()),
        ("Black", record.players[1].clone()),
        ("Result", result.clone()),
    ];
    if let Some(fen) = &setup {
        tags.push(("FEN", fen.clone()));
    }
    tags.push(("GameDuration", clock_time(record.duration)));
    tags.push(("PlyCount", record.moves.len().to_string()));
    if setup.is_some() {
        tags.push(("SetUp", "1".to_owned()));
    }
    tags.push(("Termination", record.termination.tag().to_owned()));
    let [white_tc, black_tc] = &record.time_controls;
    if white_tc == black_tc {
        tags.push(("TimeControl", white_tc.clone()));
    } else {
        tags.push(("BlackTimeControl", black_tc.clone()));
        tags.push(("WhiteTimeControl", white_tc.clone()));
    }
    // The whole spelling where the name alone does not settle the game.
    tags.push(("Variant", variant.uci_variant()));

    let moves: Vec<(String, Option<String>)> = record
        .moves
        .iter()
        .map(|played| (played.drop.to_string(), Some(played.comment.clone())))
        .collect();
    layout(
        &tags,
        record.start.ply(),
        &moves,
        Some(&record.reason),
        &result,
    )
}

/// `hh:mm:ss`.
fn clock_time(duration: Duration) -> String {
    let secs = duration.as_secs();
    format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// The UTC date as PGN writes it: `2026.11.22`.
fn date(time: SystemTime) -> String {
    let Ok(since_epoch) = time.duration_since(UNIX_EPOCH) else {
        return "????.??.??".to_owned();
    };
    let (year, month, day) = civil_from_days((since_epoch.as_secs() / 86_400) as i64);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The proleptic Gregorian date of a day counted from 1970-01-01
/// (H. Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::runner::{PlayedMove, Termination};
    use inarow_games::{AnyGame, Outcome, Player, Size};
    use inarow_protocol::pgn::read;

    const CFOUR: Variant = Variant::Connect4(Size::STANDARD);

    fn record(start: AnyGame, moves: &[&str]) -> GameRecord {
        let mut position = start;
        let moves = moves
            .iter()
            .enumerate()
            .map(|(i, text)| PlayedMove {
                drop: position.play_text(text).unwrap(),
                comment: format!("+0.{i:02}/{} 0.050s", i + 1),
            })
            .collect();
        GameRecord {
            index: 4,
            players: ["inarow \"dev\"".to_owned(), "Fairy-Stockfish".to_owned()],
            first: 1,
            start,
            moves,
            outcome: Outcome::Win(Player::First),
            termination: Termination::Normal,
            reason: "White wins with four in a row".to_owned(),
            time_controls: ["1+0.01".to_owned(), "1+0.01".to_owned()],
            // 2026-11-22 12:00 UTC.
            started: UNIX_EPOCH + Duration::from_secs(1_795_348_800),
            duration: Duration::from_secs(3725),
        }
    }

    #[test]
    fn writes_as_cutechess_does() {
        let game = record(AnyGame::new(CFOUR), &["4", "4", "3", "3", "2", "2", "5"]);
        let text = write_game(&game, "test", CFOUR);
        let expected = "[Event \"test\"]\n[Site \"?\"]\n[Date \"2026.11.22\"]\n[Round \"5\"]\n\
            [White \"inarow \\\"dev\\\"\"]\n[Black \"Fairy-Stockfish\"]\n[Result \"1-0\"]\n\
            [GameDuration \"01:02:05\"]\n[PlyCount \"7\"]\n[Termination \"normal\"]\n\
            [TimeControl \"1+0.01\"]\n[Variant \"cfour\"]\n\n\
            1. P@d1 {+0.00/1 0.050s} P@d2 {+0.01/2 0.050s} 2. P@c1 {+0.02/3 0.050s}\n\
            P@c2 {+0.03/4 0.050s} 3. P@b1 {+0.04/5 0.050s} P@b2 {+0.05/6 0.050s}\n\
            4. P@e1 {+0.06/7 0.050s} {White wins with four in a row} 1-0\n\n";
        assert_eq!(text, expected);
        assert!(text.lines().all(|line| line.len() < 80));
    }

    #[test]
    fn set_up_positions_start_with_the_right_move_number() {
        let mut start = AnyGame::new(CFOUR);
        start.play_text("4").unwrap();
        let game = record(start, &["4", "3"]);
        let text = write_game(&game, "test", CFOUR);
        assert!(text.contains("[SetUp \"1\"]"));
        assert!(text.contains(&format!("[FEN \"{}\"]", start.fen())));
        assert!(
            text.contains("\n1... P@d2 {+0.00/1 0.050s} 2. P@c1 {"),
            "{text}"
        );
    }

    #[test]
    fn reads_back_what_it_writes() {
        let mut start = AnyGame::new(Variant::TicTacToe);
        start.play_text("b2").unwrap();
        let mut game = record(start, &["a1", "c3", "a3"]);
        game.outcome = Outcome::Draw;
        game.termination = Termination::Adjudication;
        game.reason = "Draw by adjudication".to_owned();
        game.time_controls = ["0.1/move".to_owned(), "10+0.1".to_owned()];
        let mut text = write_game(&game, "e", Variant::TicTacToe);
        text.push_str(&write_game(&record(AnyGame::new(CFOUR), &[]), "e", CFOUR));
        let file = read(&text);
        assert_eq!(file.complete_bytes, text.trim_end().len());
        assert_eq!(file.games.len(), 2);
        let first = &file.games[0];
        assert_eq!(first.tag("White"), Some("inarow \"dev\""));
        assert_eq!(first.tag("Round"), Some("5"));
        assert_eq!(first.tag("Termination"), Some("adjudication"));
        assert_eq!(first.tag("WhiteTimeControl"), Some("0.1/move"));
        assert_eq!(first.tag("FEN"), Some(start.fen().as_str()));
        let texts: Vec<&str> = first.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["P@a1", "P@c3", "P@a3"]);
        assert_eq!(first.comments[2].as_deref(), Some("+0.02/3 0.050s"));
        assert_eq!(first.result, "1/2-1/2");
        assert_eq!(
            first.result_comment.as_deref(),
            Some("Draw by adjudication")
        );
        let second = &file.games[1];
        assert!(second.moves.is_empty());
        assert_eq!(
            second.result_comment.as_deref(),
            Some("White wins with four in a row")
        );
        assert_eq!(
            second.result.parse::<Outcome>().ok(),
            Some(Outcome::Win(Player::First))
        );
    }

    #[test]
    fn stops_at_a_game_cut_short() {
        let whole = write_game(&record(AnyGame::new(CFOUR), &["4", "4"]), "e", CFOUR);
        let mut text = whole.repeat(2);
        let complete = text.trim_end().len();
        for cut in [20, whole.len() - 6, whole.len() - 3] {
            text.truncate(2 * whole.len());
            text.push_str(&whole[..cut]);
            let file = read(&text);
            assert_eq!(file.games.len(), 2, "cut at {cut}");
            assert_eq!(file.complete_bytes, complete);
        }
        assert_eq!(read("").games.len(), 0);
        assert_eq!(read("[Event \"x").games.len(), 0);
        let unclosed = "[Event \"x\"]\n[White \"a\n[Black \"b\"]\n\n1. P@d1 *\n";
        assert_eq!(read(unclosed).games.len(), 0);
    }

    #[test]
    fn writes_back_what_it_reads() {
        let mut start = AnyGame::new(CFOUR);
        start.play_text("4").unwrap();
        let mut game = record(start, &["4", "4", "4", "1", "1", "7", "7", "2"]);
        game.reason = "a long reason, to wrap the line".to_owned();
        let text = write_game(&game, "e", CFOUR);
        let read_back = read(&text);
        let first = &read_back.games[0];
        assert_eq!(first.to_pgn(start.ply()), text);
        // Moves without comments, a missing result comment, annotations.
        let mut changed = first.clone();
        changed.comments[1] = None;
        changed.moves[2].annotation = Some("??");
        changed.result_comment = None;
        let again = read(&changed.to_pgn(start.ply()));
        assert!(again.games[0].to_pgn(start.ply()).contains("1... P@d2 {"));
        assert_eq!(again.games[0].moves, first.moves);
        assert_eq!(again.games[0].comments[1], None);
        assert_eq!(again.games[0].result_comment, None);
        assert_eq!(again.games[0].result, "1-0");
    }

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_779), (2026, 11, 22));
        assert_eq!(date(UNIX_EPOCH), "1970.01.01");
        assert_eq!(clock_time(Duration::from_secs(59)), "00:00:59");
    }
}
