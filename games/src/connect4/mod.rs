//! Connect Four on any board of width 1..=9 whose columns, each with one
//! sentinel bit on top, fit in 64 bits: `width * (height + 1) <= 64`.
//!
//! One thing a file: `geometry.rs` the board size, its bit layout and the
//! line tests; `rules.rs` the position and its [`Game`](crate::Game) impl;
//! `move_string.rs` Pons move strings (`4453`); `fen.rs` the FEN of a position.

pub(crate) mod fen;
mod geometry;
mod move_string;
mod rules;

pub use geometry::{has_line, line_completions, non_losing_moves, Size};
pub use move_string::move_string;
pub use rules::{Column, Connect4};
