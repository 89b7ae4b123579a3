//! inarow's renju rule against Rapfi's: on each of the 1,000 random positions
//! of `bench/gomoku/renju-forbidden-15x15.txt` (Black to move), Black's
//! forbidden points are the ones Rapfi answered to `YXSHOWFORBID`.

use std::collections::BTreeSet;

use inarow_games::{AnyGame, Player, Variant, WinRule};

/// The centre cell's index on 15x15: the file's offsets are from it.
const CENTRE: i32 = 7;

/// `x,y, x,y, ...` offsets from the centre, or `-` for none.
fn offsets(text: &str) -> Vec<(i32, i32)> {
    if text == "-" {
        return Vec::new();
    }
    text.split(", ")
        .map(|stone| {
            let (x, y) = stone.split_once(',').expect("x,y");
            (x.parse().expect("x"), y.parse().expect("y"))
        })
        .collect()
}

#[test]
fn inarow_forbids_black_the_points_rapfi_forbids() {
    let path = format!(
        "{}/bench/gomoku/renju-forbidden-15x15.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let renju = Variant::gomoku_rule(WinRule::Renju);
    let (mut positions, mut points) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [id, black, white, forbidden] = fields[..] else {
            panic!("{line:?} has not four fields");
        };
        // The offsets map to cells the same way as the forbidden points map
        // back, so the board's orientation does not matter.
        let mut cells = vec![vec![None; 15]; 15];
        for (stones, player) in [(black, Player::First), (white, Player::Second)] {
            for (x, y) in offsets(stones) {
                cells[(CENTRE + y) as usize][(CENTRE + x) as usize] = Some(player);
            }
        }
        let position = AnyGame::from_cells(renju, cells).unwrap_or_else(|e| panic!("{id}: {e}"));
        let ours: BTreeSet<(i32, i32)> = position
            .forbidden_squares()
            .into_iter()
            .map(|(square, _)| {
                (
                    i32::from(square.file) - CENTRE,
                    i32::from(square.rank) - CENTRE,
                )
            })
            .collect();
        let rapfi: BTreeSet<(i32, i32)> = offsets(forbidden).into_iter().collect();
        assert_eq!(
            ours, rapfi,
            "{id}: inarow's forbidden points against Rapfi's"
        );
        positions += 1;
        points += rapfi.len();
    }
    assert_eq!(positions, 1000);
    assert!(points >= 900, "only {points} forbidden points in the file");
}
