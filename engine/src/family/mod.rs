//! What the search knows of the k-in-a-row family, and its exact solver.
//!
//! **Evaluation.** Every window of `k` cells in a line is counted once per
//! direction: a window with no stone of the opponent's is open to the
//! player, and the more of the player's stones it holds the more it is
//! worth (a window one stone short is a threat). The stones of every
//! window are counted at once, bit-sliced: the `k` shifted boards are added
//! as binary numbers, one bitboard per bit of the count.
//!
//! **Candidates.** A move that lets the opponent make a line at once is
//! never a candidate: facing one threat the only candidate is to block it,
//! facing two there is none. On boards of more than 81 cells (gomoku's) the
//! search looks only at cells within two of a stone, as gomoku engines do;
//! the exact solver always looks at every cell.
//!
//! **Threat-space search.** At the search's horizon, a side with a line of
//! `k` one stone short somewhere looks for a victory by continuous fours
//! (VCF, Allis's threat-space search restricted to fours): a move that
//! makes a threat, the forced block, again, until a move makes two threats
//! at once or a line. Every move of such a line is forcing, so a win it finds
//! is a proven win.
//!
//! **Exact solving.** [`FamilySolver`] is negamax with alpha-beta on Pons's
//! scores (a win scores one plus the stones the winner has left), the
//! engine's transposition table and a null-window search on the score, as
//! Pons's solver does; it solves the small boards (3x3 to 5x5, 4x4 with
//! `k = 3`, 6x5 with `k = 4`) and Connect-k with gravity where the tree
//! allows. [`FamilyScorer`] gives the members with gravity and "k or
//! more" on a Connect-Four board to the Connect-Four solver instead, which
//! takes any `k` (see [`crate::LineRule`]).

mod candidates;
mod claimeven;
mod eval;
mod oracle;
mod scorer;
mod search_game;
mod solver;
mod symmetry;
#[cfg(test)]
mod tests;
mod vcf;

pub use scorer::FamilyScorer;
pub use solver::FamilySolver;
