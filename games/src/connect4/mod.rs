//! Connect Four on any board of width 1..=16 whose columns, each with one
//! sentinel bit on top, fit in 128 bits: `width * (height + 1) <= 128`.
//! Boards of at most 64 bits are played on `u64` bitboards, the others on
//! `u128`, with the same code.
//!
//! One thing a file: `geometry.rs` the board size, its bit layout and the
//! line tests; `rules.rs` the position and its [`Game`](crate::Game) impl;
//! `move_string.rs` Pons move strings (`4453`); `fen.rs` the FEN of a position;
//! `two_words.rs` the line tests on boards of two words, word by word.

pub(crate) mod fen;
mod geometry;
mod move_string;
mod rules;
mod two_words;

pub use geometry::{
    has_line, has_rows, line_completions, line_completions_many, non_losing_moves, Size, MAX_BITS,
    MAX_WIDTH,
};
pub use move_string::{char_column, column_char, from_zero_based, is_move_string, move_string};
pub use rules::{Column, Connect4, Connect4Of, Connect4U128};
