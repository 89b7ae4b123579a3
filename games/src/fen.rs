//! cutechess / Fairy-Stockfish FEN with a pocket, shared by the games.
//!
//! `7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] w - - 0 1`: ranks from
//! the top, `P` the first player's stones, `p` the second's, digits for runs of
//! empty squares, the stones still in hand in brackets, then the side to move.
//! Castling, en passant and the clocks are read past; the pocket and the side
//! to move are optional, and checked against the stones when given.

use crate::error::FenError;
use crate::Player;

/// A FEN read into a grid, before any game checks it.
#[derive(Clone, Debug)]
pub(crate) struct FenBoard {
    pub width: usize,
    pub height: usize,
    /// `cells[rank][file]`, rank 0 at the bottom.
    pub cells: Vec<Vec<Option<Player>>>,
    /// Stones in hand of the first and the second player, if a pocket was given.
    pub pocket: Option<[u32; 2]>,
    /// The side to move, if given.
    pub side: Option<Player>,
}

impl FenBoard {
    /// A board given cell by cell, `cells[rank][file]` with rank 0 at the
    /// bottom, with no pocket and no side to move (the stones tell it).
    pub fn from_cells(cells: Vec<Vec<Option<Player>>>) -> Result<FenBoard, FenError> {
        let height = cells.len();
        let width = cells.last().map_or(0, Vec::len);
        if width == 0 {
            return Err(FenError::Empty);
        }
        // Ranks are counted from the top, as a FEN writes them.
        for (rank, row) in cells.iter().rev().enumerate() {
            if row.len() != width {
                return Err(FenError::RaggedRanks {
                    rank: rank + 1,
                    width: row.len(),
                    expected: width,
                });
            }
        }
        Ok(FenBoard {
            width,
            height,
            cells,
            pocket: None,
            side: None,
        })
    }

    /// The number of stones of `player` on the board.
    pub fn count(&self, player: Player) -> u32 {
        self.cells
            .iter()
            .flatten()
            .filter(|&&cell| cell == Some(player))
            .count() as u32
    }

    /// The side to move implied by the stone counts, checked against the side
    /// field and the pocket. `shares` is how many stones each player plays on a
    /// full board.
    pub fn checked_side(&self, shares: [u32; 2]) -> Result<Player, FenError> {
        let first = self.count(Player::First);
        let second = self.count(Player::Second);
        let side = if first == second {
            Player::First
        } else if first == second + 1 {
            Player::Second
        } else {
            return Err(FenError::ImpossibleCounts { first, second });
        };
        if let Some(given) = self.side {
            if given != side {
                return Err(FenError::BadSideToMove(format!(
                    "'{}' to move, but with {first} and {second} stones on the board it is {}'s turn",
                    if given == Player::First { 'w' } else { 'b' },
                    if side == Player::First { 'w' } else { 'b' },
                )));
            }
        }
        if let Some(pocket) = self.pocket {
            let left = [
                shares[0] - first.min(shares[0]),
                shares[1] - second.min(shares[1]),
            ];
            if pocket != left {
                return Err(FenError::BadPocket(format!(
                    "it holds {} P and {} p, but the players have {} and {} stones left to play",
                    pocket[0], pocket[1], left[0], left[1]
                )));
            }
        }
        Ok(side)
    }
}

/// Reads the fields of a FEN that the games use.
pub(crate) fn parse(fen: &str) -> Result<FenBoard, FenError> {
    let mut fields = fen.split_whitespace();
    let board_field = fields.next().ok_or(FenError::Empty)?;
    let (ranks_text, pocket_text) = match board_field.find('[') {
        Some(open) => {
            let rest = &board_field[open + 1..];
            let close = rest
                .find(']')
                .ok_or_else(|| FenError::BadPocket("no closing ']'".to_owned()))?;
            if close + 1 != rest.len() {
                return Err(FenError::BadPocket("text after ']'".to_owned()));
            }
            (&board_field[..open], Some(&rest[..close]))
        }
        None => (board_field, None),
    };
    if ranks_text.is_empty() {
        return Err(FenError::Empty);
    }

    let mut cells_from_top = Vec::new();
    for (index, rank_text) in ranks_text.split('/').enumerate() {
        let rank = parse_rank(rank_text).map_err(|reason| FenError::BadRank {
            rank: index + 1,
            reason,
        })?;
        if let Some(first) = cells_from_top.first() {
            let expected = Vec::len(first);
            if rank.len() != expected {
                return Err(FenError::RaggedRanks {
                    rank: index + 1,
                    width: rank.len(),
                    expected,
                });
            }
        }
        cells_from_top.push(rank);
    }
    let width = cells_from_top[0].len();
    let height = cells_from_top.len();
    cells_from_top.reverse();

    // An empty pocket (`[]`, `[-]`) says nothing: some writers leave it empty.
    let pocket = pocket_text
        .filter(|text| !text.is_empty() && *text != "-")
        .map(parse_pocket)
        .transpose()?;
    let side = match fields.next() {
        None => None,
        Some("w") => Some(Player::First),
        Some("b") => Some(Player::Second),
        Some(other) => return Err(FenError::BadSideToMove(format!("'{other}' is not w or b"))),
    };
    Ok(FenBoard {
        width,
        height,
        cells: cells_from_top,
        pocket,
        side,
    })
}

fn parse_rank(text: &str) -> Result<Vec<Option<Player>>, String> {
    let mut cells = Vec::new();
    let mut digits = 0usize;
    for c in text.chars() {
        match c {
            '0'..='9' => {
                digits = digits * 10 + (c as usize - '0' as usize);
                if digits > 64 {
                    return Err("run of empty squares too long".to_owned());
                }
            }
            'P' | 'p' => {
                flush(&mut cells, &mut digits);
                cells.push(Some(if c == 'P' {
                    Player::First
                } else {
                    Player::Second
                }));
            }
            other => return Err(format!("'{other}' is not P, p or a digit")),
        }
    }
    flush(&mut cells, &mut digits);
    if cells.is_empty() {
        return Err("empty rank".to_owned());
    }
    if cells.len() > 64 {
        return Err("too many files".to_owned());
    }
    Ok(cells)
}

fn flush(cells: &mut Vec<Option<Player>>, digits: &mut usize) {
    cells.extend(std::iter::repeat_n(None, *digits));
    *digits = 0;
}

fn parse_pocket(text: &str) -> Result<[u32; 2], FenError> {
    let mut pocket = [0u32; 2];
    for c in text.chars() {
        match c {
            'P' => pocket[0] += 1,
            'p' => pocket[1] += 1,
            other => return Err(FenError::BadPocket(format!("'{other}' is not P or p"))),
        }
    }
    Ok(pocket)
}

/// Writes a FEN. `cell(file, rank)` gives the stone on a square, rank 0 at the bottom.
pub(crate) fn write(
    width: usize,
    height: usize,
    cell: impl Fn(usize, usize) -> Option<Player>,
    pocket: [u32; 2],
    side: Player,
    ply: u32,
) -> String {
    let mut fen = String::new();
    for rank in (0..height).rev() {
        let mut empty = 0;
        for file in 0..width {
            match cell(file, rank) {
                None => empty += 1,
                Some(player) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(player.fen_char());
                }
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push('[');
    fen.extend(std::iter::repeat_n('P', pocket[0] as usize));
    fen.extend(std::iter::repeat_n('p', pocket[1] as usize));
    fen.push(']');
    fen.push_str(if side == Player::First { " w" } else { " b" });
    fen.push_str(&format!(" - - 0 {}", ply / 2 + 1));
    fen
}
