//! The integers a board's bits live in: [`Bitboard`] is `u64` for every
//! Connect-Four board up to 64 bits and `u128` for those up to 128, and the
//! rules, the search and the solver are written once over it. Each use is
//! monomorphised, so a 64-bit board runs exactly the code it ran before.
//!
//! Bit `i` of a bitboard is one cell (or sentinel) of the board; which cell
//! is the game's layout, drawn at the top of its file.

use std::fmt::{Binary, Debug};
use std::hash::Hash;
use std::ops::{
    Add, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr, Sub,
};

/// An unsigned integer used as a set of board cells.
pub trait Bitboard:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Binary
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Add<Output = Self>
    + Sub<Output = Self>
{
    /// No cell.
    const ZERO: Self;
    /// Bit 0.
    const ONE: Self;
    /// The number of bits.
    const BITS: u32;

    /// The number of cells in the set.
    fn count_ones(self) -> u32;
    /// The index of the lowest cell (`BITS` for the empty set).
    fn trailing_zeros(self) -> u32;
    /// The number of zero bits above the highest cell.
    fn leading_zeros(self) -> u32;
    /// Two's complement negation: `x & x.wrapping_neg()` is the lowest cell.
    fn wrapping_neg(self) -> Self;
    /// Multiplication modulo `2^BITS`.
    fn wrapping_mul(self, other: Self) -> Self;
    /// Subtraction modulo `2^BITS`.
    fn wrapping_sub(self, other: Self) -> Self;
    /// The value of a `u64`.
    fn from_u64(value: u64) -> Self;
    /// The low 64 bits.
    fn low_u64(self) -> u64;
    /// The value as a `u128`.
    fn to_u128(self) -> u128;
    /// The low `BITS` bits of a `u128`.
    fn from_u128(value: u128) -> Self;

    /// Whether the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }

    /// The set of cell `i` alone.
    #[inline]
    fn bit(i: u32) -> Self {
        Self::ONE << i
    }

    /// The cells `0..n`: every bit when `n` is `BITS` (no shift by the full
    /// width, which overflows).
    #[inline]
    fn low_bits(n: u32) -> Self {
        if n >= Self::BITS {
            !Self::ZERO
        } else {
            (Self::ONE << n) - Self::ONE
        }
    }

    /// The set without its lowest cell.
    #[inline]
    fn without_lowest(self) -> Self {
        self & self.wrapping_sub(Self::ONE)
    }

    /// The lowest cell alone.
    #[inline]
    fn lowest(self) -> Self {
        self & self.wrapping_neg()
    }
}

macro_rules! bitboard {
    ($t:ty) => {
        impl Bitboard for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const BITS: u32 = <$t>::BITS;

            #[inline]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline]
            fn wrapping_neg(self) -> Self {
                <$t>::wrapping_neg(self)
            }
            #[inline]
            fn wrapping_mul(self, other: Self) -> Self {
                <$t>::wrapping_mul(self, other)
            }
            #[inline]
            fn wrapping_sub(self, other: Self) -> Self {
                <$t>::wrapping_sub(self, other)
            }
            #[inline]
            fn from_u64(value: u64) -> Self {
                value as $t
            }
            #[inline]
            fn low_u64(self) -> u64 {
                self as u64
            }
            #[inline]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline]
            fn from_u128(value: u128) -> Self {
                value as $t
            }
        }
    };
}

bitboard!(u64);
bitboard!(u128);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn low_bits_reach_the_full_width() {
        assert_eq!(<u64 as Bitboard>::low_bits(0), 0);
        assert_eq!(<u64 as Bitboard>::low_bits(3), 0b111);
        assert_eq!(<u64 as Bitboard>::low_bits(64), u64::MAX);
        assert_eq!(<u128 as Bitboard>::low_bits(64), u128::from(u64::MAX));
        assert_eq!(<u128 as Bitboard>::low_bits(128), u128::MAX);
        assert_eq!(0b1100u64.lowest(), 0b100);
        assert_eq!(0b1100u128.without_lowest(), 0b1000);
    }
}
