//! The precomputed books, built by inarow's own commands and checked
//! against the solver: the Connect-Four opening book ([`opening`]) and the
//! line books of the family's members ([`lines`]).

pub mod lines;
pub mod opening;
