//! Drawing the board for a person: coloured discs on a terminal, plain ASCII
//! otherwise, the last move and a winning line marked.

use inarow_games::{AnyGame, Drop, Game, Player};

/// How to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// ANSI colours and discs.
    Colour,
    /// Plain ASCII: `X`, `O`, `.`; the last move in brackets, a winning line in braces.
    Ascii,
}

/// The squares of a line of `player`'s stones long enough to win, if there is one.
pub fn winning_line(game: &AnyGame, player: Player) -> Option<Vec<Drop>> {
    let length = i32::from(game.variant().line_length());
    let (files, ranks) = game.variant().dimensions();
    for file in 0..files as i32 {
        for rank in 0..ranks as i32 {
            for (df, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                let cells: Vec<Drop> = (0..length)
                    .map(|k| (file + df * k, rank + dr * k))
                    .filter(|&(f, r)| f >= 0 && r >= 0 && f < files as i32 && r < ranks as i32)
                    .map(|(f, r)| Drop {
                        file: f as u8,
                        rank: r as u8,
                    })
                    .collect();
                if cells.len() == length as usize
                    && cells
                        .iter()
                        .all(|c| game.stone_at(c.file, c.rank) == Some(player))
                {
                    return Some(cells);
                }
            }
        }
    }
    None
}

/// The board as text, ranks from the top; `last` is marked, and so is `line`.
pub fn draw(game: &AnyGame, last: Option<Drop>, line: &[Drop], style: Style) -> String {
    let (files, ranks) = game.variant().dimensions();
    let squares_named = !game.variant().gravity();
    let label = ranks.to_string().len();
    let mut text = String::new();
    for rank in (0..ranks).rev() {
        if squares_named {
            text.push_str(&format!("{:>label$} ", rank + 1));
        }
        for file in 0..files {
            let square = Drop { file, rank };
            let cell = game.stone_at(file, rank);
            let marked = last == Some(square);
            let in_line = line.contains(&square);
            text.push_str(&cell_text(cell, marked, in_line, style));
        }
        text.push('\n');
    }
    if squares_named {
        text.push_str(&" ".repeat(label + 1));
        for file in 0..files {
            text.push_str(&format!(" {} ", char::from(b'a' + file)));
        }
    } else {
        // Columns as move strings name them: 1 to 9, then A.
        for file in 0..files {
            let number = u32::from(file) + 1;
            text.push_str(&format!(
                " {} ",
                inarow_games::connect4::column_char(number)
            ));
        }
    }
    text.push('\n');
    text
}

fn cell_text(cell: Option<Player>, marked: bool, in_line: bool, style: Style) -> String {
    match style {
        Style::Ascii => {
            let c = match cell {
                None => '.',
                Some(Player::First) => 'X',
                Some(Player::Second) => 'O',
            };
            if in_line {
                format!("{{{c}}}")
            } else if marked {
                format!("[{c}]")
            } else {
                format!(" {c} ")
            }
        }
        Style::Colour => {
            let disc = match cell {
                None => "\x1b[2m·\x1b[0m".to_owned(),
                Some(Player::First) => "\x1b[1;31m●\x1b[0m".to_owned(),
                Some(Player::Second) => "\x1b[1;33m●\x1b[0m".to_owned(),
            };
            if in_line {
                format!("\x1b[42m {disc}\x1b[42m \x1b[0m")
            } else if marked {
                format!("\x1b[47m {disc}\x1b[47m \x1b[0m")
            } else {
                format!(" {disc} ")
            }
        }
    }
}

/// How a person names a player's stones in the current style.
pub fn stone_name(player: Player, style: Style) -> &'static str {
    match (player, style) {
        (Player::First, Style::Ascii) => "X",
        (Player::Second, Style::Ascii) => "O",
        (Player::First, Style::Colour) => "\x1b[1;31mred\x1b[0m",
        (Player::Second, Style::Colour) => "\x1b[1;33myellow\x1b[0m",
    }
}

/// How a person names a move: the column number in Connect Four, the square in tic-tac-toe.
pub fn move_name(game: &AnyGame, drop: Drop) -> String {
    if !game.variant().gravity() {
        drop.square_name()
    } else {
        format!("{} ({drop})", drop.file + 1)
    }
}

/// Whether the game's side to move is `player` and the game goes on.
pub fn to_move(game: &AnyGame, player: Player) -> bool {
    game.outcome().is_none() && game.side_to_move() == player
}
