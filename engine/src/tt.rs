//! The transposition table: a fixed number of 64-byte buckets, each a header
//! and seven packed entries.
//!
//! A position's key (below `2^key_bits`) is mixed by multiplying with an odd
//! constant modulo `2^key_bits`, a bijection. The top bits of the mix choose the
//! bucket and the low 32 bits are stored as the check. When `key_bits` is at
//! most 32 more than the bucket index bits (7x6 keys have 49 bits, a 64 MiB
//! table 2^20 buckets), bucket and check together give back the whole mix, so
//! a match is never a different position. Larger keys fall back to a 32-bit
//! check, as chess engines do with fewer.
//!
//! `clear()` is O(1): it moves the table to a new epoch, and a bucket whose
//! header holds an old epoch counts as empty and is wiped on its first store.
//!
//! Entry bits:
//! ```text
//!  63..60  59..56   55..54  53..48  47..32  31..0
//!  age     move+1   bound   depth   value   check
//! ```

use std::mem::size_of;

/// Which side of the true value a stored value bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the stored one (the search failed low).
    Upper = 1,
    /// The true value is at least the stored one (the search failed high).
    Lower = 2,
    /// The stored value is the true value.
    Exact = 3,
}

/// What a probe finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// The stored value (relative to the stored node, as the caller stored it).
    pub value: i32,
    /// The depth it was searched to; [`TtEntry::PROVEN`] if it holds at any depth.
    pub depth: u8,
    /// How the value bounds the true value.
    pub bound: Bound,
    /// The best move's index, if one was stored.
    pub best: Option<u8>,
}

impl TtEntry {
    /// The depth of a value that rests only on finished games: it holds at any depth.
    pub const PROVEN: u8 = 63;

    /// Whether the value holds whatever the depth.
    #[must_use]
    pub const fn is_proven(&self) -> bool {
        self.depth == Self::PROVEN
    }
}

const ENTRIES: usize = 7;
const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket {
    epoch: u32,
    _pad: u32,
    entries: [u64; ENTRIES],
}

const _: () = assert!(size_of::<Bucket>() == 64);

/// A transposition table of a fixed size in MiB.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    key_bits: u32,
    key_mask: u64,
    index_shift: u32,
    index_mask: u64,
    epoch: u32,
    age: u8,
}

impl TranspositionTable {
    /// A table of at most `mib` MiB (at least one bucket), for keys of `key_bits` bits.
    #[must_use]
    pub fn new(mib: usize, key_bits: u32) -> Self {
        Self::with_bytes(mib.saturating_mul(1 << 20), key_bits)
    }

    /// A table of at most `bytes` bytes (at least one bucket).
    #[must_use]
    pub fn with_bytes(bytes: usize, key_bits: u32) -> Self {
        let mut table = TranspositionTable {
            buckets: Vec::new(),
            key_bits: 0,
            key_mask: 0,
            index_shift: 0,
            index_mask: 0,
            epoch: 1,
            age: 0,
        };
        table.key_bits = key_bits.clamp(1, 64);
        table.resize_bytes(bytes);
        table
    }

    /// The largest number of buckets, a power of two, that fits in `bytes`.
    fn bucket_count(bytes: usize) -> usize {
        let buckets = (bytes / size_of::<Bucket>()).max(1);
        1 << buckets.ilog2()
    }

    /// Resizes to at most `mib` MiB and empties the table.
    pub fn resize(&mut self, mib: usize) {
        self.resize_bytes(mib.saturating_mul(1 << 20));
    }

    /// Resizes to at most `bytes` bytes (less if the memory cannot be had) and
    /// empties the table.
    pub fn resize_bytes(&mut self, bytes: usize) {
        let mut count = Self::bucket_count(bytes);
        if count != self.buckets.len() {
            // Free the old table before allocating the new one; if the memory
            // is not there, halve the table rather than abort.
            self.buckets = Vec::new();
            while self.buckets.try_reserve_exact(count).is_err() && count > 1 {
                count /= 2;
            }
            if count < Self::bucket_count(bytes) {
                log::warn!(
                    "cannot allocate a {} MiB table; using {} MiB",
                    bytes >> 20,
                    (count * size_of::<Bucket>()) >> 20
                );
            }
            advise_huge_pages(&mut self.buckets);
            self.buckets.resize(count, Bucket::default());
            self.epoch = 1;
        }
        self.clear();
        self.configure();
    }

    /// The memory the table uses, in bytes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * size_of::<Bucket>()
    }

    /// Sets the number of significant key bits; clears the table if it changes
    /// (keys of different games or board sizes do not mix).
    pub fn set_key_bits(&mut self, key_bits: u32) {
        let key_bits = key_bits.clamp(1, 64);
        if key_bits == self.key_bits {
            return;
        }
        self.clear();
        self.key_bits = key_bits;
        self.configure();
    }

    fn configure(&mut self) {
        self.key_mask = if self.key_bits >= 64 {
            u64::MAX
        } else {
            (1 << self.key_bits) - 1
        };
        let index_bits = self.buckets.len().ilog2();
        self.index_shift = self.key_bits.saturating_sub(index_bits);
        self.index_mask = self.buckets.len() as u64 - 1;
    }

    /// The key bits the table is set up for.
    #[must_use]
    pub fn key_bits(&self) -> u32 {
        self.key_bits
    }

    /// Forgets every entry, in O(1).
    pub fn clear(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // Once in four billion clears, really wipe, so no old epoch comes back.
            self.buckets.fill(Bucket::default());
            self.epoch = 1;
        }
        self.age = 0;
    }

    /// Marks the start of a new search: older entries are replaced first.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & 15;
    }

    #[inline]
    fn locate(&self, key: u64) -> (usize, u32) {
        let mixed = key.wrapping_mul(MIX) & self.key_mask;
        let index = ((mixed >> self.index_shift) & self.index_mask) as usize;
        (index, mixed as u32)
    }

    /// Starts loading `key`'s bucket into the cache, so a later probe or store
    /// does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let (index, _) = self.locate(key);
            let bucket: *const Bucket = &self.buckets[index];
            // SAFETY: prefetching is a hint; it reads nothing and any address is allowed.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    bucket.cast::<i8>(),
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let (index, check) = self.locate(key);
        // SAFETY: `locate` masks the index with `len - 1`, and `len` is a power of two.
        let bucket = unsafe { self.buckets.get_unchecked(index) };
        if bucket.epoch != self.epoch {
            return None;
        }
        for &data in &bucket.entries {
            if data as u32 == check && bound_bits(data) != 0 {
                return Some(unpack(data));
            }
        }
        None
    }

    /// Stores a result for `key`. The same position's entry is overwritten,
    /// unless it is proven and the new one is not; otherwise the shallowest,
    /// oldest entry of the bucket makes room.
    #[inline]
    pub fn store(&mut self, key: u64, value: i32, depth: u8, bound: Bound, best: Option<u8>) {
        let (index, check) = self.locate(key);
        let epoch = self.epoch;
        let age = self.age;
        // SAFETY: as in `probe`.
        let bucket = unsafe { self.buckets.get_unchecked_mut(index) };
        if bucket.epoch != epoch {
            *bucket = Bucket {
                epoch,
                ..Bucket::default()
            };
        }
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (i, &data) in bucket.entries.iter().enumerate() {
            if bound_bits(data) == 0 {
                victim = i;
                break;
            }
            if data as u32 == check {
                let old = unpack(data);
                if old.is_proven() && depth != TtEntry::PROVEN {
                    return;
                }
                // Keep the old best move when the new result has none.
                let best = best.or(old.best);
                bucket.entries[i] = pack(check, value, depth, bound, best, age);
                return;
            }
            let entry_age = i32::from(age.wrapping_sub((data >> 60) as u8) & 15);
            let worth = i32::from(depth_bits(data)) - 8 * entry_age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        bucket.entries[victim] = pack(check, value, depth, bound, best, age);
    }

    /// Entries per thousand in use by the current search, from a sample.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(1000 / ENTRIES + 1);
        let mut used = 0;
        let mut total = 0;
        for bucket in &self.buckets[..sample] {
            for &data in &bucket.entries {
                total += 1;
                if bucket.epoch == self.epoch
                    && bound_bits(data) != 0
                    && (data >> 60) as u8 == self.age
                {
                    used += 1;
                }
            }
        }
        (used * 1000 / total.max(1)) as u32
    }
}

/// Asks the kernel to back the table with huge pages: probes land all over
/// the table, and 4 KiB pages make nearly every one a TLB miss (measured:
/// solves 10-15% faster). Call before the memory is first written.
#[cfg(target_os = "linux")]
fn advise_huge_pages(buckets: &mut Vec<Bucket>) {
    const PAGE: usize = 4096;
    let start = buckets.as_mut_ptr() as usize;
    let end = start + buckets.capacity() * size_of::<Bucket>();
    let (start, end) = ((start + PAGE - 1) & !(PAGE - 1), end & !(PAGE - 1));
    if end > start {
        // SAFETY: the range lies inside the vector's own allocation, and
        // MADV_HUGEPAGE only advises the kernel: it changes no contents.
        let result =
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
        if result != 0 {
            log::debug!("madvise(MADV_HUGEPAGE) failed; the table uses normal pages");
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_buckets: &mut Vec<Bucket>) {}

#[inline]
fn bound_bits(data: u64) -> u64 {
    (data >> 54) & 3
}

#[inline]
fn depth_bits(data: u64) -> u8 {
    ((data >> 48) & 63) as u8
}

#[inline]
fn pack(check: u32, value: i32, depth: u8, bound: Bound, best: Option<u8>, age: u8) -> u64 {
    debug_assert!(i32::from(value as i16) == value);
    let best = best.map_or(0, |m| u64::from(m) + 1) & 15;
    u64::from(check)
        | u64::from(value as i16 as u16) << 32
        | u64::from(depth.min(TtEntry::PROVEN)) << 48
        | (bound as u64) << 54
        | best << 56
        | u64::from(age) << 60
}

#[inline]
fn unpack(data: u64) -> TtEntry {
    let best = ((data >> 56) & 15) as u8;
    TtEntry {
        value: i32::from((data >> 32) as u16 as i16),
        depth: depth_bits(data),
        bound: match bound_bits(data) {
            1 => Bound::Upper,
            2 => Bound::Lower,
            _ => Bound::Exact,
        },
        best: best.checked_sub(1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let mut tt = TranspositionTable::new(1, 49);
        assert_eq!(tt.bytes(), 1 << 20);
        assert_eq!(tt.probe(12345), None);
        tt.store(12345, -29_990, 7, Bound::Lower, Some(3));
        let e = tt.probe(12345).unwrap();
        assert_eq!(
            (e.value, e.depth, e.bound, e.best),
            (-29_990, 7, Bound::Lower, Some(3))
        );
        tt.store(12345, 5, TtEntry::PROVEN, Bound::Exact, None);
        let e = tt.probe(12345).unwrap();
        assert_eq!((e.value, e.bound, e.best), (5, Bound::Exact, Some(3)));
        assert!(e.is_proven());
        // A proven entry is not replaced by an unproven one.
        tt.store(12345, 9, 10, Bound::Exact, None);
        assert_eq!(tt.probe(12345).unwrap().value, 5);
        tt.clear();
        assert_eq!(tt.probe(12345), None);
    }

    #[test]
    fn never_confuses_keys_when_exact() {
        // 2^14 buckets, 40-bit keys: 26 bits beyond the index, all in the check.
        let mut tt = TranspositionTable::new(1, 40);
        let keys: Vec<u64> = (0..200_000u64)
            .map(|i| i.wrapping_mul(0x2545_F491) & ((1 << 40) - 1))
            .collect();
        for &k in &keys {
            tt.store(k, (k % 1000) as i32, 1, Bound::Exact, None);
        }
        for &k in &keys {
            if let Some(e) = tt.probe(k) {
                assert_eq!(e.value, (k % 1000) as i32);
            }
        }
    }

    #[test]
    fn size_is_honoured() {
        for mib in [1, 3, 64, 100] {
            let tt = TranspositionTable::new(mib, 49);
            assert!(tt.bytes() <= mib << 20);
            assert!(tt.bytes() > (mib << 20) / 2);
        }
    }
}
