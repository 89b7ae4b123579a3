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

    /// The number of 64-bit words the integer holds.
    const WORDS: usize;

    /// Word `i` (bits `64 i .. 64 i + 64`), 0 past the last.
    fn word(self, i: usize) -> u64;

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
            const WORDS: usize = (<$t>::BITS / 64) as usize;
            #[inline]
            fn word(self, i: usize) -> u64 {
                if i < Self::WORDS {
                    (self >> (64 * i)) as u64
                } else {
                    0
                }
            }
        }
    };
}

bitboard!(u64);
bitboard!(u128);

/// A bitboard of `N` 64-bit words, bit `i` in word `i / 64`: the boards
/// past 128 bits (gomoku's 15x15 takes 240 bits, Gomocup's 20x20 420).
/// Shifts by a whole board or more give zero, as the games expect of a
/// board that has run off its edge.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Default for Wide<N> {
    fn default() -> Self {
        Wide([0; N])
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// As integers: the highest word decides first.
impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

impl<const N: usize> Debug for Wide<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Wide(")?;
        for word in self.0.iter().rev() {
            write!(f, "{word:016x}")?;
        }
        write!(f, ")")
    }
}

impl<const N: usize> Binary for Wide<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for word in self.0.iter().rev() {
            write!(f, "{word:064b}")?;
        }
        Ok(())
    }
}

macro_rules! wide_bitwise {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl<const N: usize> $trait for Wide<N> {
            type Output = Self;
            #[inline]
            fn $method(self, other: Self) -> Self {
                Wide(std::array::from_fn(|i| self.0[i] $op other.0[i]))
            }
        }
        impl<const N: usize> $assign for Wide<N> {
            #[inline]
            fn $assign_method(&mut self, other: Self) {
                for (word, other) in self.0.iter_mut().zip(other.0) {
                    *word = *word $op other;
                }
            }
        }
    };
}

wide_bitwise!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wide_bitwise!(BitOr, bitor, BitOrAssign, bitor_assign, |);
wide_bitwise!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<const N: usize> Not for Wide<N> {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        Wide(self.0.map(|word| !word))
    }
}

impl<const N: usize> Shl<u32> for Wide<N> {
    type Output = Self;
    #[inline]
    fn shl(self, n: u32) -> Self {
        let mut out = [0u64; N];
        if n >= Self::BITS {
            return Wide(out);
        }
        let (words, bits) = ((n / 64) as usize, n % 64);
        if bits == 0 {
            out[words..].copy_from_slice(&self.0[..N - words]);
        } else {
            out[words] = self.0[0] << bits;
            for (i, word) in out.iter_mut().enumerate().skip(words + 1) {
                *word = (self.0[i - words] << bits) | (self.0[i - words - 1] >> (64 - bits));
            }
        }
        Wide(out)
    }
}

impl<const N: usize> Shr<u32> for Wide<N> {
    type Output = Self;
    #[inline]
    fn shr(self, n: u32) -> Self {
        let mut out = [0u64; N];
        if n >= Self::BITS {
            return Wide(out);
        }
        let (words, bits) = ((n / 64) as usize, n % 64);
        if bits == 0 {
            out[..N - words].copy_from_slice(&self.0[words..]);
        } else {
            for (i, word) in out.iter_mut().enumerate().take(N - words - 1) {
                *word = (self.0[i + words] >> bits) | (self.0[i + words + 1] << (64 - bits));
            }
            out[N - words - 1] = self.0[N - 1] >> bits;
        }
        Wide(out)
    }
}

impl<const N: usize> Add for Wide<N> {
    type Output = Self;
    #[inline]
    fn add(self, other: Self) -> Self {
        let mut carry = false;
        Wide(std::array::from_fn(|i| {
            let (sum, c1) = self.0[i].overflowing_add(other.0[i]);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            carry = c1 || c2;
            sum
        }))
    }
}

impl<const N: usize> Sub for Wide<N> {
    type Output = Self;
    #[inline]
    fn sub(self, other: Self) -> Self {
        self.wrapping_sub(other)
    }
}

impl<const N: usize> Bitboard for Wide<N> {
    const ZERO: Self = Wide([0; N]);
    const ONE: Self = {
        let mut words = [0; N];
        words[0] = 1;
        Wide(words)
    };
    const BITS: u32 = 64 * N as u32;

    #[inline]
    fn count_ones(self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }

    #[inline]
    fn trailing_zeros(self) -> u32 {
        let mut zeros = 0;
        for word in self.0 {
            if word != 0 {
                return zeros + word.trailing_zeros();
            }
            zeros += 64;
        }
        zeros
    }

    #[inline]
    fn leading_zeros(self) -> u32 {
        let mut zeros = 0;
        for word in self.0.iter().rev() {
            if *word != 0 {
                return zeros + word.leading_zeros();
            }
            zeros += 64;
        }
        zeros
    }

    #[inline]
    fn wrapping_neg(self) -> Self {
        (!self) + Self::ONE
    }

    /// Schoolbook multiplication, modulo `2^(64 N)`.
    fn wrapping_mul(self, other: Self) -> Self {
        let mut product = [0u64; N];
        for i in 0..N {
            let mut carry = 0u128;
            for j in 0..N - i {
                let sum = u128::from(self.0[i]) * u128::from(other.0[j])
                    + u128::from(product[i + j])
                    + carry;
                product[i + j] = sum as u64;
                carry = sum >> 64;
            }
        }
        Wide(product)
    }

    #[inline]
    fn wrapping_sub(self, other: Self) -> Self {
        let mut borrow = false;
        Wide(std::array::from_fn(|i| {
            let (diff, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (diff, b2) = diff.overflowing_sub(u64::from(borrow));
            borrow = b1 || b2;
            diff
        }))
    }

    #[inline]
    fn from_u64(value: u64) -> Self {
        let mut words = [0; N];
        words[0] = value;
        Wide(words)
    }

    #[inline]
    fn low_u64(self) -> u64 {
        self.0[0]
    }

    #[inline]
    fn to_u128(self) -> u128 {
        u128::from(self.0[0]) | u128::from(self.0.get(1).copied().unwrap_or(0)) << 64
    }

    #[inline]
    fn from_u128(value: u128) -> Self {
        let mut words = [0; N];
        words[0] = value as u64;
        if N > 1 {
            words[1] = (value >> 64) as u64;
        }
        Wide(words)
    }

    const WORDS: usize = N;

    #[inline]
    fn word(self, i: usize) -> u64 {
        self.0.get(i).copied().unwrap_or(0)
    }
}

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

    /// `Wide<2>` is a `u128` in two words: every operation agrees with it.
    #[test]
    fn wide_agrees_with_u128() {
        let values: [u128; 6] = [
            0,
            1,
            0x8000_0000_0000_0000,
            0xDEAD_BEEF_0123_4567_89AB_CDEF_F00D_CAFE,
            u128::MAX,
            0x0000_0001_0000_0000_FFFF_FFFF_0000_0001,
        ];
        let w = Wide::<2>::from_u128;
        for &a in &values {
            for &b in &values {
                assert_eq!((w(a) + w(b)).to_u128(), a.wrapping_add(b));
                assert_eq!((w(a) - w(b)).to_u128(), a.wrapping_sub(b));
                assert_eq!(w(a).wrapping_mul(w(b)).to_u128(), a.wrapping_mul(b));
                assert_eq!((w(a) & w(b)).to_u128(), a & b);
                assert_eq!(w(a).cmp(&w(b)), a.cmp(&b));
            }
            for n in [0, 1, 5, 63, 64, 65, 100, 127, 128, 200] {
                assert_eq!(
                    (w(a) << n).to_u128(),
                    a.checked_shl(n).unwrap_or(0),
                    "{a:x} << {n}"
                );
                assert_eq!(
                    (w(a) >> n).to_u128(),
                    a.checked_shr(n).unwrap_or(0),
                    "{a:x} >> {n}"
                );
            }
            assert_eq!(w(a).count_ones(), a.count_ones());
            assert_eq!(w(a).trailing_zeros(), a.trailing_zeros());
            assert_eq!(w(a).leading_zeros(), a.leading_zeros());
            assert_eq!(w(a).wrapping_neg().to_u128(), a.wrapping_neg());
        }
        assert_eq!(Wide::<4>::low_bits(200).count_ones(), 200);
        assert_eq!(Wide::<4>::bit(255).leading_zeros(), 0);
    }
}
