//! The transposition table: a fixed number of 64-byte buckets, each a header
//! and five or seven packed entries.
//!
//! A position's key (below `2^key_bits`) is mixed by multiplying with an odd
//! constant modulo `2^key_bits`, a bijection, so two positions never share a
//! mix. The top bits of the mix choose the bucket; an entry keeps the rest as
//! its check, and a probe trusts an entry only if bucket and check together
//! give back the whole mix. So a stored entry is never used for another
//! position, on any board and with any table size. Two layouts:
//!
//! - **Compact**, seven entries, each with the low 32 bits of the mix as its
//!   check. Used when the bucket index has at least `key_bits - 32` bits (7x6
//!   keys have 49 bits: tables of 8 MiB and more), where those 32 bits are all
//!   of the mix the index does not give.
//! - **Wide**, five entries, each with the whole 64-bit mix as its check: the
//!   low 32 bits in the entry and the high 32 in the header. Used for wider
//!   keys and smaller tables (9x5 has 54-bit keys, 8x7 64-bit ones).
//!
//! A 32-bit check alone is not enough beyond that: the low 32 bits of a
//! product depend only on the low 32 bits of the key, so positions that agree
//! on their first columns share a check, and met in the same bucket they were
//! taken for each other (the wrong "exact" scores of issue 13 on 9x5).
//!
//! `clear()` is O(1): it moves the table to a new epoch, and a bucket whose
//! header holds an old epoch counts as empty and is wiped on its first store.
//!
//! ```text
//! compact bucket:  epoch:32 pad:32 | entry 0 | entry 1 | ... | entry 6
//! wide bucket:     epoch:32 | high check 0..4: 5 x 32 | entry 0 | ... | entry 4
//!
//! entry:   63..60  59..56   55..54  53..48  47..32  31..0
//!          age     move+1   bound   depth   value   check (low 32 bits of the mix)
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

const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// Seven entries with 32-bit checks.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Compact {
    epoch: u32,
    _pad: u32,
    entries: [u64; 7],
}

/// Five entries with 64-bit checks: the high halves sit in the header.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Wide {
    epoch: u32,
    high: [u32; 5],
    entries: [u64; 5],
}

/// One cache line, read in either layout; the table decides which when it is
/// configured and every bucket is read the same way until the next clear.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
union Bucket {
    compact: Compact,
    wide: Wide,
}

impl Default for Bucket {
    fn default() -> Self {
        Bucket {
            compact: Compact {
                epoch: 0,
                _pad: 0,
                entries: [0; 7],
            },
        }
    }
}

const _: () = assert!(size_of::<Bucket>() == 64);
const _: () = assert!(size_of::<Compact>() == 64 && size_of::<Wide>() == 64);

/// The entries of a bucket in one layout: where the checks live.
trait Layout: Copy {
    /// Entries per bucket.
    const ENTRIES: usize;
    /// The layout's view of a bucket.
    fn of(bucket: &Bucket) -> &Self;
    /// The layout's mutable view of a bucket.
    fn of_mut(bucket: &mut Bucket) -> &mut Self;
    /// The bucket's epoch.
    fn epoch(&self) -> u32;
    /// An empty bucket of `epoch`.
    fn empty(epoch: u32) -> Self;
    /// The data word of entry `i`.
    fn data(&self, i: usize) -> u64;
    /// Whether entry `i` is in use and belongs to the position with this mix.
    fn matches(&self, i: usize, mixed: u64) -> bool;
    /// Writes entry `i` for the position with this mix.
    fn set(&mut self, i: usize, mixed: u64, data: u64);
}

impl Layout for Compact {
    const ENTRIES: usize = 7;

    #[inline]
    fn of(bucket: &Bucket) -> &Self {
        // SAFETY: both layouts are plain integers of the same size, so any bits
        // read as either are valid.
        unsafe { &bucket.compact }
    }

    #[inline]
    fn of_mut(bucket: &mut Bucket) -> &mut Self {
        // SAFETY: as in `of`.
        unsafe { &mut bucket.compact }
    }

    #[inline]
    fn epoch(&self) -> u32 {
        self.epoch
    }

    #[inline]
    fn empty(epoch: u32) -> Self {
        Compact {
            epoch,
            _pad: 0,
            entries: [0; 7],
        }
    }

    #[inline]
    fn data(&self, i: usize) -> u64 {
        self.entries[i]
    }

    #[inline]
    fn matches(&self, i: usize, mixed: u64) -> bool {
        let data = self.entries[i];
        data as u32 == mixed as u32 && bound_bits(data) != 0
    }

    #[inline]
    fn set(&mut self, i: usize, _mixed: u64, data: u64) {
        self.entries[i] = data;
    }
}

impl Layout for Wide {
    const ENTRIES: usize = 5;

    #[inline]
    fn of(bucket: &Bucket) -> &Self {
        // SAFETY: as in `Compact::of`.
        unsafe { &bucket.wide }
    }

    #[inline]
    fn of_mut(bucket: &mut Bucket) -> &mut Self {
        // SAFETY: as in `Compact::of`.
        unsafe { &mut bucket.wide }
    }

    #[inline]
    fn epoch(&self) -> u32 {
        self.epoch
    }

    #[inline]
    fn empty(epoch: u32) -> Self {
        Wide {
            epoch,
            high: [0; 5],
            entries: [0; 5],
        }
    }

    #[inline]
    fn data(&self, i: usize) -> u64 {
        self.entries[i]
    }

    #[inline]
    fn matches(&self, i: usize, mixed: u64) -> bool {
        let data = self.entries[i];
        data as u32 == mixed as u32 && self.high[i] == (mixed >> 32) as u32 && bound_bits(data) != 0
    }

    #[inline]
    fn set(&mut self, i: usize, mixed: u64, data: u64) {
        self.entries[i] = data;
        self.high[i] = (mixed >> 32) as u32;
    }
}

/// A transposition table of a fixed size in MiB.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    key_bits: u32,
    key_mask: u64,
    index_shift: u32,
    index_mask: u64,
    /// Whether buckets are read in the wide layout (see the module docs).
    wide: bool,
    /// Whether the wide layout is used even where the compact one is sound.
    full_keys: bool,
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
            wide: false,
            full_keys: false,
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

    /// Derives the index and the layout from the key bits and the size. The
    /// caller has just cleared the table, so no bucket of the current epoch
    /// was written in the other layout.
    fn configure(&mut self) {
        self.key_mask = if self.key_bits >= 64 {
            u64::MAX
        } else {
            (1 << self.key_bits) - 1
        };
        let index_bits = self.buckets.len().ilog2();
        self.index_shift = self.key_bits.saturating_sub(index_bits);
        self.index_mask = self.buckets.len() as u64 - 1;
        // The index gives the top `index_bits` bits of the mix; a 32-bit check
        // must give all the others.
        self.wide = self.full_keys || self.index_shift > 32;
    }

    /// Makes every entry keep the whole 64-bit mix of its key, whatever the
    /// key and table size (slower: five entries a bucket instead of seven).
    /// For verifying the compact layout. Empties the table.
    pub fn set_full_keys(&mut self, full_keys: bool) {
        self.full_keys = full_keys;
        self.clear();
        self.configure();
    }

    /// Whether entries keep the whole 64-bit mix as their check (the wide
    /// layout, five entries a bucket) rather than 32 bits of it (seven).
    #[must_use]
    pub fn is_wide(&self) -> bool {
        self.wide
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

    /// The bucket index and the whole mix of `key`.
    #[inline]
    fn locate(&self, key: u64) -> (usize, u64) {
        let mixed = key.wrapping_mul(MIX) & self.key_mask;
        let index = ((mixed >> self.index_shift) & self.index_mask) as usize;
        (index, mixed)
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
        if self.wide {
            self.probe_in::<Wide>(key)
        } else {
            self.probe_in::<Compact>(key)
        }
    }

    #[inline]
    fn probe_in<L: Layout>(&self, key: u64) -> Option<TtEntry> {
        let (index, mixed) = self.locate(key);
        // SAFETY: `locate` masks the index with `len - 1`, and `len` is a power of two.
        let bucket = L::of(unsafe { self.buckets.get_unchecked(index) });
        if bucket.epoch() != self.epoch {
            return None;
        }
        (0..L::ENTRIES)
            .find(|&i| bucket.matches(i, mixed))
            .map(|i| unpack(bucket.data(i)))
    }

    /// Stores a result for `key`. The same position's entry is overwritten,
    /// unless it is proven and the new one is not; otherwise the shallowest,
    /// oldest entry of the bucket makes room.
    #[inline]
    pub fn store(&mut self, key: u64, value: i32, depth: u8, bound: Bound, best: Option<u8>) {
        if self.wide {
            self.store_in::<Wide>(key, value, depth, bound, best);
        } else {
            self.store_in::<Compact>(key, value, depth, bound, best);
        }
    }

    #[inline]
    fn store_in<L: Layout>(
        &mut self,
        key: u64,
        value: i32,
        depth: u8,
        bound: Bound,
        best: Option<u8>,
    ) {
        let (index, mixed) = self.locate(key);
        let epoch = self.epoch;
        let age = self.age;
        // SAFETY: as in `probe_in`.
        let bucket = L::of_mut(unsafe { self.buckets.get_unchecked_mut(index) });
        if bucket.epoch() != epoch {
            *bucket = L::empty(epoch);
        }
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for i in 0..L::ENTRIES {
            let data = bucket.data(i);
            if bound_bits(data) == 0 {
                victim = i;
                break;
            }
            if bucket.matches(i, mixed) {
                let old = unpack(data);
                if old.is_proven() && depth != TtEntry::PROVEN {
                    return;
                }
                // Keep the old best move when the new result has none.
                let best = best.or(old.best);
                bucket.set(i, mixed, pack(mixed, value, depth, bound, best, age));
                return;
            }
            let entry_age = i32::from(age.wrapping_sub((data >> 60) as u8) & 15);
            let worth = i32::from(depth_bits(data)) - 8 * entry_age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        bucket.set(victim, mixed, pack(mixed, value, depth, bound, best, age));
    }

    /// Entries per thousand in use by the current search, from a sample.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        if self.wide {
            self.hashfull_in::<Wide>()
        } else {
            self.hashfull_in::<Compact>()
        }
    }

    fn hashfull_in<L: Layout>(&self) -> u32 {
        let sample = self.buckets.len().min(1000 / L::ENTRIES + 1);
        let mut used = 0;
        let mut total = 0;
        for bucket in &self.buckets[..sample] {
            let bucket = L::of(bucket);
            for i in 0..L::ENTRIES {
                let data = bucket.data(i);
                total += 1;
                if bucket.epoch() == self.epoch
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
fn pack(mixed: u64, value: i32, depth: u8, bound: Bound, best: Option<u8>, age: u8) -> u64 {
    debug_assert!(i32::from(value as i16) == value);
    let best = best.map_or(0, |m| u64::from(m) + 1) & 15;
    u64::from(mixed as u32)
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

    /// Keys that agree on their low 32 bits, as positions that agree on their
    /// first columns do: they share the low 32 bits of their mix.
    fn keys_sharing_low_bits(key_bits: u32, count: u64) -> Vec<u64> {
        let high_bits = key_bits - 32;
        let top = if high_bits >= 64 {
            u64::MAX
        } else {
            (1 << high_bits) - 1
        };
        let mut seen = std::collections::HashSet::new();
        (0..count)
            .map(|i| ((i.wrapping_mul(0x2545_F491_4F6C_DD1D) & top) << 32) | 0x1234_5678)
            .filter(|&k| seen.insert(k))
            .collect()
    }

    #[test]
    fn never_confuses_keys_that_share_low_bits() {
        // Every key width a board can have past 32 bits, on tables from 64 KiB
        // (far too small for a 32-bit check) to 8 MiB.
        for key_bits in 33..=64 {
            for bytes in [64 << 10, 1 << 20, 8 << 20] {
                let mut tt = TranspositionTable::with_bytes(bytes, key_bits);
                let both = keys_sharing_low_bits(key_bits, 40_000);
                let (keys, absent) = both.split_at(both.len() / 2);
                for (i, &k) in keys.iter().enumerate() {
                    tt.store(k, i as i32 % 30_000, 1, Bound::Exact, None);
                }
                for (i, &k) in keys.iter().enumerate() {
                    if let Some(e) = tt.probe(k) {
                        assert_eq!(e.value, i as i32 % 30_000, "{key_bits} bits, {bytes} bytes");
                    }
                }
                // A key never stored is never found.
                for &k in absent {
                    assert_eq!(tt.probe(k), None, "{key_bits} bits, {bytes} bytes");
                }
            }
        }
    }

    #[test]
    fn layout_follows_key_and_table_size() {
        // 7x6 keys have 49 bits: 2^17 buckets (8 MiB) leave 32 for the check.
        assert!(!TranspositionTable::new(8, 49).is_wide());
        assert!(!TranspositionTable::new(64, 49).is_wide());
        assert!(TranspositionTable::new(4, 49).is_wide());
        assert!(TranspositionTable::new(1024, 64).is_wide());
        assert!(!TranspositionTable::new(1, 9).is_wide());
        let mut tt = TranspositionTable::new(64, 49);
        tt.store(7, 1, 1, Bound::Exact, None);
        tt.set_key_bits(64);
        assert!(tt.is_wide());
        assert_eq!(tt.probe(7), None, "a new layout starts empty");
        tt.store(7, 2, 1, Bound::Exact, None);
        assert_eq!(tt.probe(7).map(|e| e.value), Some(2));
        tt.set_key_bits(49);
        assert_eq!(tt.probe(7), None);
        tt.set_full_keys(true);
        assert!(tt.is_wide());
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
