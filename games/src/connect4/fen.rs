//! Connect Four in cutechess / Fairy-Stockfish FEN: the ranks set the board
//! size, and a position is accepted only if it can arise in play (no floating
//! stones, stone counts that fit the side to move, at most the last mover
//! with a line). The text itself is read and written by `crate::fen`.

use super::geometry::{has_line, Size};
use super::rules::Connect4Of;
use crate::bitboard::Bitboard;
use crate::error::FenError;
use crate::fen::FenBoard;
use crate::notation::Drop;
use crate::{Game, Player};

impl<B: Bitboard> Connect4Of<B> {
    /// The position a FEN gives; its ranks set the board size.
    ///
    /// # Errors
    /// [`FenError`] if the FEN cannot be read, its board does not fit `B`, or
    /// the position cannot arise in play.
    pub fn from_fen(fen: &str) -> Result<Self, FenError> {
        from_board(&crate::fen::parse(fen)?)
    }

    /// The position as FEN with a pocket ([`Game::fen`]).
    pub(super) fn fen_text(&self) -> String {
        write(self)
    }
}

/// The position as FEN with a pocket.
fn write<B: Bitboard>(position: &Connect4Of<B>) -> String {
    let size = position.size();
    let shares = size.shares();
    let first = position.stones(Player::First).count_ones();
    let second = position.stones(Player::Second).count_ones();
    crate::fen::write(
        size.width() as usize,
        size.height() as usize,
        |file, rank| position.stone_at(file as u32, rank as u32),
        [shares[0] - first, shares[1] - second],
        position.side_to_move(),
        position.ply(),
    )
}

/// The board size of a FEN's or a grid's board.
///
/// # Errors
/// [`FenError::BadSize`] if Connect Four is not played on it.
pub(crate) fn size_of(board: &FenBoard) -> Result<Size, FenError> {
    Size::new(board.width, board.height).map_err(|e| FenError::BadSize {
        width: board.width,
        height: board.height,
        reason: e.reason(),
    })
}

/// The position on a board read from a FEN or given cell by cell, checked.
pub(crate) fn from_board<B: Bitboard>(board: &FenBoard) -> Result<Connect4Of<B>, FenError> {
    let size = size_of(board)?;
    if size.key_bits() > B::BITS {
        return Err(FenError::BadSize {
            width: board.width,
            height: board.height,
            reason: "the board takes more bits than this position type holds",
        });
    }
    let mut stones = [B::ZERO; 2];
    for col in 0..board.width {
        let mut seen_empty = false;
        for row in 0..board.height {
            match board.cells[row][col] {
                None => seen_empty = true,
                Some(player) => {
                    if seen_empty {
                        return Err(FenError::FloatingStone {
                            square: Drop {
                                file: col as u8,
                                rank: row as u8,
                            }
                            .square_name(),
                        });
                    }
                    stones[player.index()] |= size.cell::<B>(col as u32, row as u32);
                }
            }
        }
    }
    let side = board.checked_side(size.shares())?;
    let h1 = size.height() + 1;
    let lines = [has_line(stones[0], h1), has_line(stones[1], h1)];
    if lines[0] && lines[1] {
        return Err(FenError::BothWon);
    }
    if lines[side.index()] {
        return Err(FenError::WinnerToMove);
    }
    Ok(Connect4Of::from_stones(size, stones, side))
}
