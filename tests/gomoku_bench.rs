//! The frozen gomoku measuring sets of `bench/gomoku/`: each openings file is
//! what its seeded command prints, and every tactics position is a game in
//! progress that its line describes truly (stones on the board and distinct,
//! Black first, the side to move the one it names, no five on the board), and
//! every renju position has Black to move, no five, and its forbidden points
//! on empty cells.

use std::collections::HashSet;
use std::process::Command;

fn repo_file(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// `x,y, x,y, ...` offsets from the centre, as c-gomoku-cli reads them.
fn offsets(text: &str) -> Vec<(i32, i32)> {
    text.split(", ")
        .map(|stone| {
            let (x, y) = stone
                .split_once(',')
                .unwrap_or_else(|| panic!("{stone:?} is not x,y"));
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

#[test]
fn each_openings_file_is_what_its_seeded_command_prints() {
    for (file, seed, count) in [
        ("openings-15x15.txt", 15, 50),
        ("openings-20x20.txt", 20, 20),
    ] {
        let output = Command::new("bash")
            .arg(repo_file("bench/gomoku/openings.sh"))
            .args(["--seed", &seed.to_string(), "--count", &count.to_string()])
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let committed =
            std::fs::read_to_string(repo_file(&format!("bench/gomoku/{file}"))).unwrap();
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            committed,
            "{file}"
        );
        for line in committed.lines() {
            let stones = offsets(line);
            assert_eq!(stones.len(), 3, "{line}");
            assert!(
                stones.iter().all(|&(x, y)| x.abs() <= 2 && y.abs() <= 2),
                "{line}"
            );
            assert_eq!(stones.iter().collect::<HashSet<_>>().len(), 3, "{line}");
        }
    }
}

/// Whether `stones` (Black first, alternating) hold five or more in a row of one colour.
fn has_five(stones: &[(i32, i32)]) -> bool {
    let black: HashSet<_> = stones.iter().step_by(2).copied().collect();
    let white: HashSet<_> = stones.iter().skip(1).step_by(2).copied().collect();
    [black, white].iter().any(|side| {
        side.iter().any(|&(x, y)| {
            [(1, 0), (0, 1), (1, 1), (1, -1)]
                .iter()
                .any(|&(dx, dy)| (0..5).all(|i| side.contains(&(x + i * dx, y + i * dy))))
        })
    })
}

#[test]
fn every_tactics_position_is_a_game_in_progress_as_its_line_says() {
    let text = std::fs::read_to_string(repo_file("bench/gomoku/tactics-15x15.txt")).unwrap();
    let mut ids = HashSet::new();
    let mut positions = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let [id, size, to_move, win_in, moves] = fields[..] else {
            panic!("{line:?} has not five fields");
        };
        assert!(ids.insert(id), "{id} twice");
        let size: i32 = size.parse().unwrap();
        let win_in: u32 = win_in.parse().unwrap();
        assert!(
            win_in % 2 == 1,
            "{id}: a win in {win_in} plies is not the winner's own ply"
        );
        let stones = offsets(moves);
        let half = size / 2;
        assert!(
            stones
                .iter()
                .all(|&(x, y)| (0..size).contains(&(x + half)) && (0..size).contains(&(y + half))),
            "{id}: a stone off the board"
        );
        assert_eq!(
            stones.iter().collect::<HashSet<_>>().len(),
            stones.len(),
            "{id}: a stone twice"
        );
        let black_to_move = stones.len() % 2 == 0;
        assert_eq!(
            to_move,
            if black_to_move { "black" } else { "white" },
            "{id}"
        );
        let ply: usize = id.rsplit_once("-p").unwrap().1.parse().unwrap();
        assert_eq!(ply, stones.len() + 1, "{id}: its ply is not the next stone");
        assert!(!has_five(&stones), "{id}: the game is over");
        positions += 1;
    }
    assert!(positions >= 30, "only {positions} positions");
}

#[test]
fn every_renju_position_has_equal_stones_and_its_forbidden_points_on_empty_cells() {
    let text =
        std::fs::read_to_string(repo_file("bench/gomoku/renju-forbidden-15x15.txt")).unwrap();
    let list = |field: &str| {
        if field == "-" {
            Vec::new()
        } else {
            offsets(field)
        }
    };
    let (mut positions, mut forbidden) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [id, black, white, points] = fields[..] else {
            panic!("{line:?} has not four fields");
        };
        let (black, white, points) = (list(black), list(white), list(points));
        assert_eq!(black.len(), white.len(), "{id}: Black is not to move");
        let alternating: Vec<_> = black
            .iter()
            .zip(&white)
            .flat_map(|(&b, &w)| [b, w])
            .collect();
        assert!(!has_five(&alternating), "{id}: the game is over");
        let occupied: HashSet<_> = alternating.iter().collect();
        assert_eq!(occupied.len(), alternating.len(), "{id}: a stone twice");
        assert!(
            alternating
                .iter()
                .chain(&points)
                .all(|&(x, y)| x.abs() <= 7 && y.abs() <= 7),
            "{id}: off the 15x15 board"
        );
        assert!(
            points.iter().all(|p| !occupied.contains(p)),
            "{id}: a forbidden point on a stone"
        );
        positions += 1;
        forbidden += usize::from(!points.is_empty());
    }
    assert_eq!(positions, 1000);
    assert!(
        forbidden >= 300,
        "only {forbidden} positions with a forbidden point"
    );
}
