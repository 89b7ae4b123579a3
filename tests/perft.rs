//! Perft tables: known counts, and counts for other sizes checked against an
//! independent, deliberately plain Connect-Four implementation.

use inarow_games::perft::{divide, perft};
use inarow_games::{Connect4, Game, Size, TicTacToe};

#[test]
fn tictactoe_perft() {
    let expected = [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872, 0];
    for (depth, &count) in expected.iter().enumerate() {
        assert_eq!(
            perft(&TicTacToe::new(), depth as u32),
            count,
            "depth {depth}"
        );
    }
    // Every game of tic-tac-toe: 255,168 in all.
    let games: u64 = (5..=9).map(|d| games_ending_at(&TicTacToe::new(), d)).sum();
    assert_eq!(games, 255_168);
}

/// Move sequences of exactly `depth` plies that end the game on their last ply.
fn games_ending_at<G: Game>(position: &G, depth: u32) -> u64 {
    if depth == 0 {
        return u64::from(position.outcome().is_some());
    }
    position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            games_ending_at(&child, depth - 1)
        })
        .sum()
}

#[test]
fn connect4_7x6_perft() {
    let expected = [
        1, 7, 49, 343, 2401, 16807, 117649, 823536, 5673234, 39394572,
    ];
    let start = Connect4::default();
    for (depth, &count) in expected.iter().enumerate() {
        assert_eq!(perft(&start, depth as u32), count, "depth {depth}");
    }
    let split = divide(&start, 8);
    assert_eq!(split.len(), 7);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 5673234);
    // The board is symmetric: mirrored first moves have the same counts.
    for i in 0..3 {
        assert_eq!(split[i].1, split[6 - i].1);
    }
}

/// Counts derived with [`PlainBoard`] below, checked against the bitboard.
#[test]
fn connect4_other_sizes_perft() {
    let tables: [(&str, &[u64]); 3] = [
        ("6x5", &[1, 6, 36, 216, 1296, 7776, 46650, 279720, 1644750]),
        ("4x4", &[1, 4, 16, 64, 256, 1020, 4020, 15540, 57504]),
        (
            "9x6",
            &[1, 9, 81, 729, 6561, 59049, 531441, 4782960, 42569208],
        ),
    ];
    for (size, expected) in tables {
        let size: Size = size.parse().unwrap();
        for (depth, &count) in expected.iter().enumerate() {
            let depth = depth as u32;
            assert_eq!(
                perft(&Connect4::new(size), depth),
                count,
                "{size} depth {depth}"
            );
            if depth <= 7 {
                let plain = PlainBoard::new(size.width() as usize, size.height() as usize);
                assert_eq!(plain.perft(depth), count, "plain {size} depth {depth}");
            }
        }
    }
}

/// A Connect-Four board as a grid, with lines found by walking from every cell:
/// slow and obviously correct.
#[derive(Clone)]
struct PlainBoard {
    width: usize,
    height: usize,
    /// `cells[col][row]`: 0 empty, 1 first player, 2 second player.
    cells: Vec<Vec<u8>>,
    turn: u8,
}

impl PlainBoard {
    fn new(width: usize, height: usize) -> Self {
        PlainBoard {
            width,
            height,
            cells: vec![vec![0; height]; width],
            turn: 1,
        }
    }

    fn someone_won(&self) -> bool {
        let directions = [(1i32, 0i32), (0, 1), (1, 1), (1, -1)];
        for col in 0..self.width as i32 {
            for row in 0..self.height as i32 {
                let who = self.cells[col as usize][row as usize];
                if who == 0 {
                    continue;
                }
                for (dc, dr) in directions {
                    let all = (1..4).all(|k| {
                        let (c, r) = (col + dc * k, row + dr * k);
                        c >= 0
                            && r >= 0
                            && (c as usize) < self.width
                            && (r as usize) < self.height
                            && self.cells[c as usize][r as usize] == who
                    });
                    if all {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.someone_won() {
            return 0;
        }
        let mut total = 0;
        for col in 0..self.width {
            if let Some(row) = self.cells[col].iter().position(|&c| c == 0) {
                let mut child = self.clone();
                child.cells[col][row] = self.turn;
                child.turn = 3 - self.turn;
                total += child.perft(depth - 1);
            }
        }
        total
    }
}
