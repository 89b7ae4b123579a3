//! Which lines win, as the solver asks it: Connect Four's four in a row
//! written out for speed, and any `k` for the family's members with gravity.
//! Stones are bitboards in Pons's layout (see `board`).

use inarow_games::connect4::{has_line, has_rows, line_completions, line_completions_many};
use inarow_games::{Bitboard, Rules};

/// Which lines win, as the solver asks it: whether stones hold one, and
/// the cells (occupied or not) that would complete one. Connect Four's four
/// in a row is written out for speed; a member's [`Rules`] answer for any
/// `k`.
pub trait LineRule<B: Bitboard>: Copy + PartialEq + Send + Sync {
    /// Whether `stones` hold a winning line; `stride` is `height + 1`.
    fn has_line(self, stones: B, stride: u32) -> bool;

    /// The cells that would complete a line of `stones` (mask them with the
    /// empty cells).
    fn completions(self, stones: B, stride: u32) -> B;

    /// [`LineRule::completions`] of each of `N` stone sets.
    #[inline(always)]
    fn completions_many<const N: usize>(self, stones: [B; N], stride: u32) -> [B; N] {
        stones.map(|s| self.completions(s, stride))
    }

    /// Whether every line in `upper` lies above a line in `lower`: for each
    /// line of `upper`, `lower` holds a line within the `filled` cells and
    /// those below that line's cells in their columns, which must all be
    /// filled before the line is. `column_bottom` gives the bit of the
    /// bottom cell of each bit's column. `false` where the rule does not
    /// say (the default).
    #[inline]
    fn lines_above(
        self,
        _upper: B,
        _lower: B,
        _filled: B,
        _stride: u32,
        _column_bottom: &[u8],
    ) -> bool {
        false
    }

    /// Every line within `stones`, each as its cells, written to the start
    /// of `lines`: how many, or `None` where there are more than `lines`
    /// holds or the rule does not list them (the default).
    #[inline]
    fn lines_within(self, _stones: B, _stride: u32, _lines: &mut [B]) -> Option<usize> {
        None
    }
}

/// Four in a row: Connect Four's rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FourInARow;

impl<B: Bitboard> LineRule<B> for FourInARow {
    #[inline]
    fn has_line(self, stones: B, stride: u32) -> bool {
        has_line(stones, stride)
    }

    #[inline]
    fn completions(self, stones: B, stride: u32) -> B {
        line_completions(stones, stride)
    }

    #[inline(always)]
    fn completions_many<const N: usize>(self, stones: [B; N], stride: u32) -> [B; N] {
        line_completions_many(stones, stride)
    }

    /// Lines of four take one cell in each of four columns side by side,
    /// except a vertical one, which never lies above another: the cells
    /// below its top are its own.
    #[inline]
    fn lines_above(self, upper: B, lower: B, filled: B, stride: u32, column_bottom: &[u8]) -> bool {
        let up = upper & (upper >> 1);
        if !(up & (up >> 2)).is_empty() {
            return false;
        }
        // A board too tall for four columns in the bits has no other lines,
        // and shifts by three strides would overflow.
        if !has_rows::<B>(stride) {
            return true;
        }
        for shift in [stride, stride - 1, stride + 1] {
            let pairs = upper & (upper >> shift);
            // The first cell of each line of `upper` in this direction.
            let mut starts = pairs & (pairs >> (2 * shift));
            while !starts.is_empty() {
                let start = starts.lowest();
                starts ^= start;
                let line = start | start << shift | start << (2 * shift) | start << (3 * shift);
                let bottom = B::bit(u32::from(column_bottom[start.trailing_zeros() as usize]));
                let bottoms =
                    bottom | bottom << stride | bottom << (2 * stride) | bottom << (3 * stride);
                // Each cell less its column's bottom: the cells below it.
                let below = line - bottoms;
                if !has_line(lower & (filled | below), stride) {
                    return false;
                }
            }
        }
        true
    }

    #[inline]
    fn lines_within(self, stones: B, stride: u32, lines: &mut [B]) -> Option<usize> {
        // Only vertical lines where four columns overflow the bits (see
        // `lines_above`).
        let shifts = [1, stride, stride - 1, stride + 1];
        let directions = if has_rows::<B>(stride) { 4 } else { 1 };
        let mut count = 0;
        for shift in shifts.into_iter().take(directions) {
            let pairs = stones & (stones >> shift);
            let mut starts = pairs & (pairs >> (2 * shift));
            while !starts.is_empty() {
                let start = starts.lowest();
                starts ^= start;
                *lines.get_mut(count)? =
                    start | start << shift | start << (2 * shift) | start << (3 * shift);
                count += 1;
            }
        }
        Some(count)
    }
}

/// `k` or more in a row, for the family's members with gravity (the rules'
/// own stride is the board's).
impl<B: Bitboard> LineRule<B> for Rules {
    #[inline]
    fn has_line(self, stones: B, _stride: u32) -> bool {
        Rules::has_line(self, stones)
    }

    #[inline]
    fn completions(self, stones: B, _stride: u32) -> B {
        self.winning_cells(stones, !B::ZERO)
    }
}
