//! The line tests of `geometry` on boards of two 64-bit words (65 to 128
//! bits): each stone set is split into its low and its high word, and every
//! shift along a line moves both words and the bits that cross between them.
//!
//! Bit layout: Pons's, as `geometry` draws it, across two words. On 10x6
//! (stride 7) the low word holds columns a to i and the first bit of j,
//! the high word the rest of j:
//!
//! ```text
//!   .  .  .  .  .  .  .  .  .  .     <- sentinel row: never set
//!   5 12 19 26 33 40 47 54 61  4     <- j's cells 64..68 are high bits 0..4
//!   4 11 18 25 32 39 46 53 60  3
//!   3 10 17 24 31 38 45 52 59  2
//!   2  9 16 23 30 37 44 51 58  1
//!   1  8 15 22 29 36 43 50 57  0
//!   0  7 14 21 28 35 42 49 56 63     <- j's bottom cell is low bit 63
//!   a  b  c  d  e  f  g  h  i  j
//! ```
//!
//! Why: `u128 << s` with `s` known only at run time compiles to a test of
//! `s` against 64 and two conditional moves on top of the two shifts, and
//! arrays of `u128` do not go into vector lanes. Here every shift is by less
//! than 64 (a stride is at most 33 where a board has rows, and two or three
//! strides are taken one at a time), so a word's shift needs no test, and
//! the `N` low words and the `N` high words each fill vector lanes.

use std::array::from_fn;

use crate::bitboard::Bitboard;

/// `N` stone sets as their low and high words.
#[derive(Clone, Copy)]
struct Halves<const N: usize> {
    lo: [u64; N],
    hi: [u64; N],
}

impl<const N: usize> Halves<N> {
    #[inline(always)]
    fn of<B: Bitboard>(sets: [B; N]) -> Self {
        debug_assert_eq!(B::WORDS, 2);
        Halves {
            lo: sets.map(|s| s.word(0)),
            hi: sets.map(|s| s.word(1)),
        }
    }

    #[inline(always)]
    fn into_sets<B: Bitboard>(self) -> [B; N] {
        from_fn(|k| B::from_u128(u128::from(self.lo[k]) | u128::from(self.hi[k]) << 64))
    }

    /// Every set shifted towards higher bits by `s`, 1 to 63.
    #[inline(always)]
    fn up(self, s: u32) -> Self {
        debug_assert!((1..64).contains(&s));
        Halves {
            lo: from_fn(|k| self.lo[k] << s),
            hi: from_fn(|k| self.hi[k] << s | self.lo[k] >> (64 - s)),
        }
    }

    /// Every set shifted towards lower bits by `s`, 1 to 63.
    #[inline(always)]
    fn down(self, s: u32) -> Self {
        debug_assert!((1..64).contains(&s));
        Halves {
            lo: from_fn(|k| self.lo[k] >> s | self.hi[k] << (64 - s)),
            hi: from_fn(|k| self.hi[k] >> s),
        }
    }

    #[inline(always)]
    fn and(self, other: Self) -> Self {
        Halves {
            lo: from_fn(|k| self.lo[k] & other.lo[k]),
            hi: from_fn(|k| self.hi[k] & other.hi[k]),
        }
    }

    #[inline(always)]
    fn or(self, other: Self) -> Self {
        Halves {
            lo: from_fn(|k| self.lo[k] | other.lo[k]),
            hi: from_fn(|k| self.hi[k] | other.hi[k]),
        }
    }

    #[inline(always)]
    fn any(self) -> bool {
        (0..N).any(|k| self.lo[k] | self.hi[k] != 0)
    }
}

/// `geometry::line_completions_many` on a board of two words with rows
/// (`has_rows`: `h1` at most 32).
#[inline(always)]
pub(super) fn line_completions_many<B: Bitboard, const N: usize>(sets: [B; N], h1: u32) -> [B; N] {
    debug_assert!(h1 <= 32);
    let p = Halves::of(sets);
    // Up a column: three stones under the cell.
    let mut r = p.up(1).and(p.up(2)).and(p.up(3));
    for shift in [h1, h1 - 1, h1 + 1] {
        let up1 = p.up(shift);
        let up2 = up1.up(shift);
        let down1 = p.down(shift);
        let down2 = down1.down(shift);
        let up = up1.and(up2);
        let down = down1.and(down2);
        r = r
            .or(up.and(up2.up(shift)))
            .or(up.and(down1))
            .or(down.and(up1))
            .or(down.and(down2.down(shift)));
    }
    r.into_sets()
}

/// `geometry::has_line` on a board of two words with rows (`h1` at most 32).
#[inline(always)]
pub(super) fn has_line<B: Bitboard>(pos: B, h1: u32) -> bool {
    debug_assert!(h1 <= 32);
    let p = Halves::of([pos]);
    let m = p.and(p.down(1));
    if m.and(m.down(2)).any() {
        return true;
    }
    for shift in [h1, h1 - 1, h1 + 1] {
        let m = p.and(p.down(shift));
        if m.and(m.down(shift).down(shift)).any() {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::geometry::{has_line, line_completions, line_completions_many, Size};

    /// The lines of four on `size`, each as its cells, found cell by cell,
    /// and whether it is vertical.
    fn lines(size: Size) -> Vec<(u128, bool)> {
        let (w, h) = (size.width() as i32, size.height() as i32);
        let mut lines = Vec::new();
        for col in 0..w {
            for row in 0..h {
                for (dc, dr) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let cells: Option<u128> = (0..4)
                        .map(|i| (col + i * dc, row + i * dr))
                        .map(|(c, r)| {
                            ((0..w).contains(&c) && (0..h).contains(&r))
                                .then(|| size.cell::<u128>(c as u32, r as u32))
                        })
                        .sum();
                    lines.extend(cells.map(|cells| (cells, dc == 0)));
                }
            }
        }
        lines
    }

    #[test]
    fn two_word_line_tests_agree_with_the_lines_cell_by_cell() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for (width, height) in [(10, 6), (9, 7), (16, 7), (8, 8), (13, 8), (4, 31), (5, 20)] {
            let size = Size::new(width, height).unwrap();
            let h1 = size.height() + 1;
            let cells: u128 = size.board_mask();
            let lines = lines(size);
            for _ in 0..2000 {
                // About half the cells, so that lines are neither rare nor everywhere.
                let stones = (u128::from(random()) | u128::from(random()) << 64)
                    & (u128::from(random()) | u128::from(random()) << 64)
                    & cells;
                let holds = lines.iter().any(|&(line, _)| line & stones == line);
                assert_eq!(has_line(stones, h1), holds, "{size} {stones:#x}");
                // A vertical line is completed only on top of its three
                // stones, as gravity fills it.
                let completes = lines
                    .iter()
                    .map(|&(line, vertical)| (line & !stones, line, vertical))
                    .filter(|&(missing, line, vertical)| {
                        missing.count_ones() == 1 && (!vertical || missing > line ^ missing)
                    })
                    .fold(0, |acc, (missing, _, _)| acc | missing);
                let found = line_completions(stones, h1) & cells & !stones;
                assert_eq!(found, completes, "{size} {stones:#x}");
                let many = line_completions_many([stones, !stones & cells, 0], h1);
                assert_eq!(many[0], line_completions(stones, h1));
                assert_eq!(many[1], line_completions(!stones & cells, h1));
                assert_eq!(many[2] & cells, 0);
            }
        }
    }
}
