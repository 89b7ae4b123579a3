//! The busy marks of the solver's threads: which positions some thread is
//! searching, so that another defers them (simplified ABDADA).

use inarow_games::Bitboard;

use std::sync::atomic::{AtomicU64, Ordering};

/// The positions the threads are searching, by a hash of their key: a slot
/// holds the key of the last position entered there. Races only lose or
/// keep a mark a little too long: a deferred move is still searched.
pub(super) struct Busy {
    pub(super) slots: Box<[AtomicU64]>,
}

impl Busy {
    pub(super) const BITS: u32 = 14;

    pub(super) fn new() -> Self {
        Busy {
            slots: (0..1 << Self::BITS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// A key folded to 64 bits (the key itself on boards of 64 bits).
    #[inline]
    pub(super) fn fold<B: Bitboard>(key: B) -> u64 {
        let key = key.to_u128();
        (key as u64) ^ (key >> 64) as u64
    }

    #[inline]
    pub(super) fn slot(&self, key: u64) -> &AtomicU64 {
        let index = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - Self::BITS);
        &self.slots[index as usize]
    }

    #[inline]
    pub(super) fn is_busy<B: Bitboard>(&self, key: B) -> bool {
        let key = Self::fold(key);
        self.slot(key).load(Ordering::Relaxed) == key
    }

    #[inline]
    pub(super) fn enter<B: Bitboard>(&self, key: B) {
        let key = Self::fold(key);
        self.slot(key).store(key, Ordering::Relaxed);
    }

    #[inline]
    pub(super) fn leave<B: Bitboard>(&self, key: B) {
        let key = Self::fold(key);
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}
