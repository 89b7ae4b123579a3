//! The transposition table: a fixed number of 64-byte buckets, each a header
//! and five or seven packed entries, shared by every search thread.
//!
//! A position's key (below `2^key_bits`) is mixed by multiplying with an odd
//! constant modulo `2^key_bits`, a bijection, so two positions never share a
//! mix. The top bits of the mix choose the bucket; an entry keeps the rest as
//! its check, and a probe trusts an entry only if bucket and check together
//! give back the whole mix. So a stored entry is never used for another
//! position, on any board and with any table size. The layouts:
//!
//! - **Compact**, seven entries, each with the low 32 bits of the mix as its
//!   check. Used when the bucket index has at least `key_bits - 32` bits (7x6
//!   keys have 49 bits: tables of 8 MiB and more), where those 32 bits are all
//!   of the mix the index does not give.
//! - **Narrow**, the compact layout with 40-bit checks and 8-bit values, for
//!   a table told that its values fit (the exact solver's): used where the
//!   index has fewer than `key_bits - 32` bits but at least `key_bits - 40`
//!   (on 7x6 keys, tables of 32 KiB up to 8 MiB), so that small tables keep
//!   seven entries a bucket.
//! - **Full-check**, five entries, each with the whole 64-bit mix as its check: the
//!   low 32 bits in the entry and the high 32 in the header. Used for wider
//!   keys and smaller tables (9x5 has 54-bit keys, 8x7 64-bit ones).
//!
//! - **Huge**, three entries, each with the whole 128-bit mix as its check:
//!   32 bits in the entry, 64 in a word of its own, 32 in the header or the
//!   last word. Used for every key wider than 64 bits (Connect-Four boards of
//!   65 to 128 bits, keys of `width * (height + 1)` bits), on every table size:
//!   an entry matches a probe only if its check equals the probe's whole mix,
//!   and the mix is a bijection of the key, so only the key it was stored
//!   for finds it; the bucket index is not needed for the argument, so no
//!   table size, however small, can break it. The key type chooses the
//!   layout at compile time ([`TableKey`]): 64-bit keys never see it.
//!
//! A 32-bit check alone is not enough beyond that: the low 32 bits of a
//! product depend only on the low 32 bits of the key, so positions that agree
//! on their first columns share a check, and met in the same bucket they were
//! taken for each other (wrong "exact" scores on 9x5).
//!
//! **Threads.** Every word is an atomic, so threads probe and store through a
//! shared reference (Lazy SMP). A compact entry is one word, check and data
//! together, so it is read and written whole: it cannot tear. A full-check entry is
//! two words (its data, and its high check in the header), so its bucket
//! carries a version: a writer makes it odd, writes, and makes it even again
//! (one writer at a time), and a probe that sees an odd version, or a version
//! that changed while it read, finds nothing. A torn full-check entry is detected,
//! never trusted.
//!
//! `clear()` is O(1): it moves the table to a new epoch, and a bucket whose
//! header holds an old epoch counts as empty and is wiped on its first store
//! (its entries are zeroed before the new epoch is published).
//!
//! ```text
//! word:            0                              1..=7
//! compact bucket:  epoch:16 0:16 unused:32      | entry 0 | entry 1 | ... | entry 6
//!
//! word:            0                              1            2            3..=7
//! full-check bucket: epoch:16 version:16 high 0:32 | high 1, 2  | high 3, 4  | entry 0 | ... | entry 4
//!
//! word:            0                              1..=3               4..=6               7
//! huge bucket:     epoch:16 version:16 top 0:32  | entry 0, 1, 2      | middle 0, 1, 2      | top 1, top 2
//!                  (middle: mix bits 32..96; top: mix bits 96..128)
//!
//! entry:   63..60  59..56   55..54  53..48  47..32  31..0
//!          age     move+1   bound   depth   value   check (low 32 bits of the mix)
//!
//! narrow:  63..60  59..56   55..54  53..48  47..40  39..0
//!          age     move+1   bound   depth   value   check (low 40 bits of the mix)
//! ```

use std::mem::size_of;
use std::sync::atomic::{fence, AtomicU64, Ordering};

use inarow_games::Bitboard;

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

/// One cache line of eight words, read in either layout; the table decides
/// which when it is configured, and every bucket is read the same way until
/// the next clear.
#[repr(C, align(64))]
#[derive(Default)]
struct Bucket {
    words: [AtomicU64; 8],
}

const _: () = assert!(size_of::<Bucket>() == 64);

impl Bucket {
    #[inline]
    fn word(&self, i: usize) -> u64 {
        self.words[i].load(Ordering::Relaxed)
    }

    #[inline]
    fn set_word(&self, i: usize, value: u64) {
        self.words[i].store(value, Ordering::Relaxed);
    }

    /// Zeroes every word but the header.
    #[inline]
    fn wipe_entries(&self) {
        for word in &self.words[1..] {
            word.store(0, Ordering::Relaxed);
        }
    }
}

/// The epoch in a header word.
#[inline]
fn epoch_of(header: u64) -> u16 {
    header as u16
}

/// The version in a header word (odd while a writer holds the bucket).
#[inline]
fn version_of(header: u64) -> u16 {
    (header >> 16) as u16
}

/// A header word with `epoch` and `version`, keeping the high check in the top half.
#[inline]
fn with_stamp(header: u64, epoch: u16, version: u16) -> u64 {
    (header & !0xFFFF_FFFF) | u64::from(version) << 16 | u64::from(epoch)
}

/// The entries of a bucket in one layout: where the checks live, and how a
/// writer keeps readers from trusting a half-written entry.
trait Layout {
    /// The mix of a key: `u64`, or `u128` for keys wider than 64 bits.
    type Mix: Bitboard;
    /// Entries per bucket.
    const ENTRIES: usize;
    /// The word of entry 0.
    const FIRST: usize;
    /// The bits of the mix an entry's data word keeps as its check, the
    /// lowest; its value takes the bits from there up to bit 48.
    const CHECK_BITS: u32 = 32;

    /// Whether entry `i`, holding `data`, is in use and belongs to the
    /// position with this mix. `header` is the bucket's word 0 as read.
    fn matches(bucket: &Bucket, header: u64, i: usize, data: u64, mixed: Self::Mix) -> bool;

    /// The entry stored for `mixed` in `bucket`, if its epoch is `epoch`.
    fn find(bucket: &Bucket, epoch: u16, mixed: Self::Mix) -> Option<u64>;

    /// Runs `write` with the bucket wiped if its epoch is old, and returns
    /// with the header holding `epoch`. `write` gets the header to write
    /// through (the full-check layout keeps a high check in it).
    fn write(bucket: &Bucket, epoch: u16, write: impl FnOnce(&mut u64));

    /// Writes entry `i` for the position with this mix.
    fn set(bucket: &Bucket, header: &mut u64, i: usize, mixed: Self::Mix, data: u64);
}

/// Seven entries with `CHECK` bits of the mix as their check: each entry is
/// one word, so it is read and written whole. `Compact<32>` keeps 16-bit
/// values; `Compact<40>`, the narrow layout, 8-bit ones.
struct Compact<const CHECK: u32>;

impl<const CHECK: u32> Layout for Compact<CHECK> {
    type Mix = u64;
    const ENTRIES: usize = 7;
    const FIRST: usize = 1;
    const CHECK_BITS: u32 = CHECK;

    #[inline]
    fn matches(_bucket: &Bucket, _header: u64, _i: usize, data: u64, mixed: u64) -> bool {
        const { assert!(CHECK == 32 || CHECK == 40) };
        // The low 32 bits as the compact layout compares them, then the
        // narrow layout's 8 more: faster than one comparison under a 40-bit
        // mask.
        let check = data as u32 == mixed as u32
            && (CHECK == 32 || (data >> 32) as u8 == (mixed >> 32) as u8);
        check && bound_bits(data) != 0
    }

    #[inline]
    fn find(bucket: &Bucket, epoch: u16, mixed: u64) -> Option<u64> {
        // Acquire: a bucket seen in this epoch shows its wiped entries.
        let header = bucket.words[0].load(Ordering::Acquire);
        if epoch_of(header) != epoch {
            return None;
        }
        let entries: [u64; 7] = std::array::from_fn(|i| bucket.word(Self::FIRST + i));
        entries
            .into_iter()
            .find(|&data| Self::matches(bucket, header, 0, data, mixed))
    }

    #[inline]
    fn write(bucket: &Bucket, epoch: u16, write: impl FnOnce(&mut u64)) {
        let mut header = bucket.words[0].load(Ordering::Acquire);
        if epoch_of(header) != epoch {
            // Zero the old entries, then publish the epoch. Another thread
            // wiping at once can only lose entries, never revive old ones.
            bucket.wipe_entries();
            header = u64::from(epoch);
            bucket.words[0].store(header, Ordering::Release);
        }
        write(&mut header);
    }

    #[inline]
    fn set(bucket: &Bucket, _header: &mut u64, i: usize, _mixed: u64, data: u64) {
        bucket.set_word(Self::FIRST + i, data);
    }
}

/// Five entries with 64-bit checks: the high halves sit in the header, so a
/// writer holds the bucket's version odd while it writes.
struct FullCheck;

impl FullCheck {
    /// The high check of entry `i`: 32-bit slot `i + 1` of words 0..=2.
    #[inline]
    fn high(bucket: &Bucket, header: u64, i: usize) -> u32 {
        let slot = i + 1;
        let word = if slot < 2 {
            header
        } else {
            bucket.word(slot / 2)
        };
        (word >> (32 * (slot % 2))) as u32
    }
}

impl Layout for FullCheck {
    type Mix = u64;
    const ENTRIES: usize = 5;
    const FIRST: usize = 3;

    #[inline]
    fn matches(bucket: &Bucket, header: u64, i: usize, data: u64, mixed: u64) -> bool {
        data as u32 == mixed as u32
            && bound_bits(data) != 0
            && Self::high(bucket, header, i) == (mixed >> 32) as u32
    }

    #[inline]
    fn find(bucket: &Bucket, epoch: u16, mixed: u64) -> Option<u64> {
        find_versioned::<Self>(bucket, epoch, mixed)
    }

    #[inline]
    fn write(bucket: &Bucket, epoch: u16, write: impl FnOnce(&mut u64)) {
        write_versioned(bucket, epoch, write);
    }

    #[inline]
    fn set(bucket: &Bucket, header: &mut u64, i: usize, mixed: u64, data: u64) {
        bucket.set_word(Self::FIRST + i, data);
        let slot = i + 1;
        let shift = 32 * (slot % 2);
        let high = (mixed >> 32) << shift;
        let keep = !(0xFFFF_FFFF << shift);
        if slot < 2 {
            *header = (*header & keep) | high;
            // The header is published when the writer lets the bucket go.
        } else {
            let word = bucket.word(slot / 2);
            bucket.set_word(slot / 2, (word & keep) | high);
        }
    }
}

/// The entry stored for `mixed` in `bucket`, for the layouts whose entries
/// span several words: trusted only if the bucket is of `epoch` and no
/// writer held it while it was read.
#[inline]
fn find_versioned<L: Layout>(bucket: &Bucket, epoch: u16, mixed: L::Mix) -> Option<u64> {
    let header = bucket.words[0].load(Ordering::Acquire);
    if epoch_of(header) != epoch || version_of(header) % 2 == 1 {
        return None;
    }
    let found = (0..L::ENTRIES).find_map(|i| {
        let data = bucket.word(L::FIRST + i);
        L::matches(bucket, header, i, data, mixed).then_some(data)
    })?;
    // Trust what was read only if no writer touched the bucket meanwhile.
    fence(Ordering::Acquire);
    let after = bucket.words[0].load(Ordering::Relaxed);
    (after as u32 == header as u32).then_some(found)
}

/// Runs `write` holding `bucket` for the layouts whose entries span several
/// words: its version is odd while the writer works, so no reader trusts a
/// half-written entry. The bucket is wiped first if its epoch is old, and
/// given back with the header holding `epoch`.
#[inline]
fn write_versioned(bucket: &Bucket, epoch: u16, write: impl FnOnce(&mut u64)) {
    {
        // Take the bucket: make its version odd.
        let mut header = bucket.words[0].load(Ordering::Relaxed);
        loop {
            let version = version_of(header);
            if version % 2 == 1 {
                std::hint::spin_loop();
                header = bucket.words[0].load(Ordering::Relaxed);
                continue;
            }
            let locked = with_stamp(header, epoch_of(header), version.wrapping_add(1));
            match bucket.words[0].compare_exchange_weak(
                header,
                locked,
                Ordering::Acquire,
                Ordering::Relaxed,
            ) {
                Ok(_) => {
                    header = locked;
                    break;
                }
                Err(now) => header = now,
            }
        }
        // Readers that see any write below also see the odd version after it.
        fence(Ordering::Release);
        if epoch_of(header) != epoch {
            bucket.wipe_entries();
            header = with_stamp(0, epoch_of(header), version_of(header));
        }
        write(&mut header);
        let version = version_of(header).wrapping_add(1);
        bucket.words[0].store(with_stamp(header, epoch, version), Ordering::Release);
    }
}

/// Three entries with the whole 128-bit mix as their check, for keys wider
/// than 64 bits: the low 32 bits in the entry's data word, the next 64 in a
/// word of their own, the top 32 in the header (entry 0) or word 7 (entries
/// 1 and 2). Written under the bucket's version, as the full-check layout is.
struct Huge;

impl Huge {
    /// The word holding bits 32..96 of entry `i`'s check.
    const MIDDLE: usize = 4;

    /// The top 32 bits of entry `i`'s check.
    #[inline]
    fn top(bucket: &Bucket, header: u64, i: usize) -> u32 {
        match i {
            0 => (header >> 32) as u32,
            _ => (bucket.word(7) >> (32 * (i - 1))) as u32,
        }
    }
}

impl Layout for Huge {
    type Mix = u128;
    const ENTRIES: usize = 3;
    const FIRST: usize = 1;

    #[inline]
    fn matches(bucket: &Bucket, header: u64, i: usize, data: u64, mixed: u128) -> bool {
        data as u32 == mixed as u32
            && bound_bits(data) != 0
            && bucket.word(Self::MIDDLE + i) == (mixed >> 32) as u64
            && Self::top(bucket, header, i) == (mixed >> 96) as u32
    }

    #[inline]
    fn find(bucket: &Bucket, epoch: u16, mixed: u128) -> Option<u64> {
        find_versioned::<Self>(bucket, epoch, mixed)
    }

    #[inline]
    fn write(bucket: &Bucket, epoch: u16, write: impl FnOnce(&mut u64)) {
        write_versioned(bucket, epoch, write);
    }

    #[inline]
    fn set(bucket: &Bucket, header: &mut u64, i: usize, mixed: u128, data: u64) {
        bucket.set_word(Self::FIRST + i, data);
        bucket.set_word(Self::MIDDLE + i, (mixed >> 32) as u64);
        let top = u64::from((mixed >> 96) as u32);
        if i == 0 {
            *header = (*header & 0xFFFF_FFFF) | top << 32;
        } else {
            let shift = 32 * (i as u32 - 1);
            let word = bucket.word(7) & !(0xFFFF_FFFF << shift);
            bucket.set_word(7, word | top << shift);
        }
    }
}

/// A key the table can hold: `u64` (the compact and full-check layouts) or `u128`
/// (the huge layout). The layout is chosen per key type at compile time, so
/// a 64-bit game's probes run the code they always ran.
pub trait TableKey: Bitboard {
    /// An odd multiplier: multiplying by it modulo `2^key_bits` is a bijection.
    const MIX: Self;

    /// The entry stored for `key` in `table`, if any.
    fn probe(table: &TranspositionTableOf<Self>, key: Self) -> Option<TtEntry>;

    /// Stores a result for `key` in `table`.
    fn store(
        table: &TranspositionTableOf<Self>,
        key: Self,
        value: i32,
        depth: u8,
        bound: Bound,
        best: Option<u8>,
    );

    /// Entries per thousand in use by the current search, from a sample.
    fn hashfull(table: &TranspositionTableOf<Self>) -> u32;
}

impl TableKey for u64 {
    const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

    #[inline]
    fn probe(table: &TranspositionTableOf<u64>, key: u64) -> Option<TtEntry> {
        if table.full_check {
            table.probe_in::<FullCheck>(key)
        } else if table.narrow {
            table.probe_in::<Compact<40>>(key)
        } else {
            table.probe_in::<Compact<32>>(key)
        }
    }

    #[inline]
    fn store(
        table: &TranspositionTableOf<u64>,
        key: u64,
        value: i32,
        depth: u8,
        bound: Bound,
        best: Option<u8>,
    ) {
        if table.full_check {
            table.store_in::<FullCheck>(key, value, depth, bound, best);
        } else if table.narrow {
            table.store_in::<Compact<40>>(key, value, depth, bound, best);
        } else {
            table.store_in::<Compact<32>>(key, value, depth, bound, best);
        }
    }

    fn hashfull(table: &TranspositionTableOf<u64>) -> u32 {
        if table.full_check {
            table.hashfull_in::<FullCheck>()
        } else if table.narrow {
            table.hashfull_in::<Compact<40>>()
        } else {
            table.hashfull_in::<Compact<32>>()
        }
    }
}

impl TableKey for u128 {
    const MIX: u128 = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835;

    #[inline]
    fn probe(table: &TranspositionTableOf<u128>, key: u128) -> Option<TtEntry> {
        table.probe_in::<Huge>(key)
    }

    #[inline]
    fn store(
        table: &TranspositionTableOf<u128>,
        key: u128,
        value: i32,
        depth: u8,
        bound: Bound,
        best: Option<u8>,
    ) {
        table.store_in::<Huge>(key, value, depth, bound, best);
    }

    fn hashfull(table: &TranspositionTableOf<u128>) -> u32 {
        table.hashfull_in::<Huge>()
    }
}

/// A transposition table of a fixed size in MiB for 64-bit keys: every game
/// on a board of at most 64 bits.
pub type TranspositionTable = TranspositionTableOf<u64>;

/// A transposition table of a fixed size in MiB, for keys of type `K`.
pub struct TranspositionTableOf<K: TableKey> {
    buckets: Buckets,
    key_bits: u32,
    key_mask: K,
    index_shift: u32,
    index_mask: u64,
    /// Whether buckets are read in the full-check layout (see the module docs).
    full_check: bool,
    /// Whether buckets are read in the narrow layout (see the module docs).
    narrow: bool,
    /// Whether the full-check layout is used even where the compact one is sound.
    full_keys: bool,
    /// Whether every value stored fits in 8 bits, so that the narrow layout
    /// may be used.
    narrow_values: bool,
    /// The current epoch: buckets stamped with another are empty.
    epoch: u16,
    age: u8,
}

impl<K: TableKey> TranspositionTableOf<K> {
    /// A table of at most `mib` MiB (at least one bucket), for keys of `key_bits` bits.
    #[must_use]
    pub fn new(mib: usize, key_bits: u32) -> Self {
        Self::with_bytes(mib.saturating_mul(1 << 20), key_bits)
    }

    /// A table of at most `bytes` bytes (at least one bucket).
    #[must_use]
    pub fn with_bytes(bytes: usize, key_bits: u32) -> Self {
        let mut table = TranspositionTableOf {
            buckets: Buckets::empty(),
            key_bits: 0,
            key_mask: K::ZERO,
            index_shift: 0,
            index_mask: 0,
            full_check: false,
            narrow: false,
            full_keys: false,
            narrow_values: false,
            epoch: 1,
            age: 0,
        };
        table.key_bits = key_bits.clamp(1, K::BITS);
        table.resize_bytes(bytes);
        table
    }

    /// The bytes a table made with [`TranspositionTable::with_bytes`] of
    /// `bytes` uses (when the memory is there).
    #[must_use]
    pub fn with_bytes_len(bytes: usize) -> usize {
        Self::bucket_count(bytes) * size_of::<Bucket>()
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
            self.buckets = Buckets::empty();
            self.buckets = loop {
                match Buckets::zeroed(count) {
                    Some(buckets) => break buckets,
                    None if count > 1 => count /= 2,
                    None => break Buckets::empty(),
                }
            };
            if count < Self::bucket_count(bytes) {
                log::warn!(
                    "cannot allocate a {} MiB table; using {} MiB",
                    bytes >> 20,
                    (count * size_of::<Bucket>()) >> 20
                );
            }
            self.epoch = 1;
        }
        self.clear();
        self.configure();
    }

    /// Faults the table's memory in now, unchanged, so that no search pays
    /// for touching a page first. A new table's memory comes from the kernel
    /// page by page as searches first write it: start-up stays fast with any
    /// size, but the first searches wait on the kernel zeroing pages (on a
    /// virtual machine here, up to 0.1 s within the first solve with 64 MiB,
    /// and seconds over 1 GiB). Pons's solver and c4 fill their tables when
    /// they make them; a batch of timed solves populates first.
    pub fn populate(&mut self) {
        self.buckets.populate();
    }

    /// The memory the table uses, in bytes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * size_of::<Bucket>()
    }

    /// Sets the number of significant key bits; clears the table if it changes
    /// (keys of different games or board sizes do not mix).
    pub fn set_key_bits(&mut self, key_bits: u32) {
        let key_bits = key_bits.clamp(1, K::BITS);
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
        self.key_mask = K::low_bits(self.key_bits);
        let index_bits = self.buckets.len().ilog2();
        let shift = self.key_bits.saturating_sub(index_bits);
        // With one bucket the shift is the key's whole width, which `>>`
        // refuses (an overflow); the mask is then 0, so any shift gives 0.
        self.index_shift = shift.min(K::BITS - 1);
        self.index_mask = self.buckets.len() as u64 - 1;
        // The index gives the top `index_bits` bits of the mix; the check
        // must give all the others: 32 bits in the compact layout, else 40 in
        // the narrow one where the values allow, else the whole mix in the
        // full-check one. (Keys wider than 64 bits have the huge layout whatever
        // this says.)
        self.narrow =
            K::BITS <= 64 && !self.full_keys && self.narrow_values && (33..=40).contains(&shift);
        self.full_check = !self.narrow && (self.full_keys || shift > 32);
    }

    /// Makes every entry keep the whole 64-bit mix of its key, whatever the
    /// key and table size (slower: five entries a bucket instead of seven).
    /// For verifying the compact layout. Empties the table.
    pub fn set_full_keys(&mut self, full_keys: bool) {
        self.full_keys = full_keys;
        self.clear();
        self.configure();
    }

    /// Promises (or withdraws the promise) that every value stored fits in 8
    /// bits, as the exact solver's scores on boards of up to 64 bits do: where
    /// a 32-bit check is too short, the table may then keep 40 bits of the mix
    /// as each entry's check (the narrow layout), and so seven entries a
    /// bucket down to smaller sizes (on 7x6 keys from 32 KiB rather than 8
    /// MiB). Empties the table.
    pub fn set_narrow_values(&mut self, narrow_values: bool) {
        self.narrow_values = narrow_values;
        self.clear();
        self.configure();
    }

    /// Whether compact entries keep 40 bits of the mix as their check and 8-bit
    /// values (the narrow layout) rather than 32 bits and 16-bit values.
    #[must_use]
    pub fn is_narrow(&self) -> bool {
        self.narrow
    }

    /// Whether every entry keeps the whole mix of its key (see
    /// [`TranspositionTable::set_full_keys`]).
    #[must_use]
    pub fn full_keys(&self) -> bool {
        self.full_keys
    }

    /// Whether entries keep the whole 64-bit mix as their check (the full-check
    /// layout, five entries a bucket) rather than 32 bits of it (seven).
    #[must_use]
    pub fn has_full_checks(&self) -> bool {
        self.full_check
    }

    /// Forgets every entry, in O(1).
    pub fn clear(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // Once in 65,535 clears, really wipe, so no old epoch comes back.
            for bucket in self.buckets.iter_mut() {
                *bucket = Bucket::default();
            }
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
    fn locate(&self, key: K) -> (usize, K) {
        let mixed = key.wrapping_mul(K::MIX) & self.key_mask;
        let index = ((mixed >> self.index_shift).low_u64() & self.index_mask) as usize;
        (index, mixed)
    }

    /// Starts loading `key`'s bucket into the cache, so a later probe or store
    /// does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: K) {
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
    pub fn probe(&self, key: K) -> Option<TtEntry> {
        K::probe(self, key)
    }

    #[inline]
    fn probe_in<L: Layout<Mix = K>>(&self, key: K) -> Option<TtEntry> {
        let (index, mixed) = self.locate(key);
        // SAFETY: `locate` masks the index with `len - 1`, and `len` is a power of two.
        let bucket = unsafe { self.buckets.get_unchecked(index) };
        L::find(bucket, self.epoch, mixed).map(unpack::<L>)
    }

    /// Stores a result for `key`. The same position's entry is overwritten,
    /// unless it is proven and the new one is not; otherwise the shallowest,
    /// oldest entry of the bucket makes room.
    #[inline]
    pub fn store(&self, key: K, value: i32, depth: u8, bound: Bound, best: Option<u8>) {
        K::store(self, key, value, depth, bound, best);
    }

    #[inline]
    fn store_in<L: Layout<Mix = K>>(
        &self,
        key: K,
        value: i32,
        depth: u8,
        bound: Bound,
        best: Option<u8>,
    ) {
        let (index, mixed) = self.locate(key);
        let age = self.age;
        // SAFETY: as in `probe_in`.
        let bucket = unsafe { self.buckets.get_unchecked(index) };
        L::write(bucket, self.epoch, |header| {
            let mut victim = 0;
            let mut victim_worth = i32::MAX;
            let words: [u64; 8] = std::array::from_fn(|i| bucket.word(i));
            for i in 0..L::ENTRIES {
                let data = words[L::FIRST + i];
                if bound_bits(data) == 0 {
                    victim = i;
                    break;
                }
                if L::matches(bucket, *header, i, data, mixed) {
                    let old = unpack::<L>(data);
                    if old.is_proven() && depth != TtEntry::PROVEN {
                        return;
                    }
                    // Keep the old best move when the new result has none.
                    let best = best.or(old.best);
                    L::set(
                        bucket,
                        header,
                        i,
                        mixed,
                        pack::<L>(mixed.low_u64(), value, depth, bound, best, age),
                    );
                    return;
                }
                let entry_age = i32::from(age.wrapping_sub((data >> 60) as u8) & 15);
                let worth = i32::from(depth_bits(data)) - 8 * entry_age;
                if worth < victim_worth {
                    victim_worth = worth;
                    victim = i;
                }
            }
            L::set(
                bucket,
                header,
                victim,
                mixed,
                pack::<L>(mixed.low_u64(), value, depth, bound, best, age),
            );
        });
    }

    /// Entries per thousand in use by the current search, from a sample.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        K::hashfull(self)
    }

    fn hashfull_in<L: Layout>(&self) -> u32 {
        let sample = self.buckets.len().min(1000 / L::ENTRIES + 1);
        let mut used = 0;
        let mut total = 0;
        for bucket in &self.buckets[..sample] {
            let current = epoch_of(bucket.word(0)) == self.epoch;
            for i in 0..L::ENTRIES {
                let data = bucket.word(L::FIRST + i);
                total += 1;
                if current && bound_bits(data) != 0 && (data >> 60) as u8 == self.age {
                    used += 1;
                }
            }
        }
        (used * 1000 / total.max(1)) as u32
    }
}

/// The buckets' memory, zeroed (an all-zero bucket is empty). On Unix it is
/// mapped straight from the kernel, whose fresh pages are zero: a table costs
/// no time until a search touches it (start-up and the first search stay fast
/// with any `Hash`), unless [`TranspositionTable::populate`] faults it all in
/// first. Elsewhere it is an ordinary zeroed allocation.
struct Buckets {
    ptr: std::ptr::NonNull<Bucket>,
    len: usize,
}

// SAFETY: `Buckets` owns its memory like a `Vec<Bucket>`, and `Bucket` is
// `Send` and `Sync` (it holds only atomics).
unsafe impl Send for Buckets {}
// SAFETY: as above.
unsafe impl Sync for Buckets {}

impl Buckets {
    /// No buckets.
    fn empty() -> Self {
        Buckets {
            ptr: std::ptr::NonNull::dangling(),
            len: 0,
        }
    }

    /// `len` zeroed buckets, or `None` if the memory cannot be had.
    #[cfg(unix)]
    fn zeroed(len: usize) -> Option<Self> {
        let bytes = len.checked_mul(size_of::<Bucket>())?;
        if bytes == 0 {
            return Some(Self::empty());
        }
        // SAFETY: an anonymous private mapping of `bytes` bytes, not backed
        // by a file; the kernel chooses the address.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                bytes,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if ptr == libc::MAP_FAILED {
            return None;
        }
        advise_huge_pages(ptr, bytes);
        // Mappings are page-aligned, so aligned for `Bucket`, and zero.
        let ptr = std::ptr::NonNull::new(ptr.cast::<Bucket>())?;
        Some(Buckets { ptr, len })
    }

    /// `len` zeroed buckets, or `None` if the memory cannot be had.
    #[cfg(not(unix))]
    fn zeroed(len: usize) -> Option<Self> {
        let layout = std::alloc::Layout::array::<Bucket>(len).ok()?;
        if layout.size() == 0 {
            return Some(Self::empty());
        }
        // SAFETY: the layout has a non-zero size.
        let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
        let ptr = std::ptr::NonNull::new(ptr.cast::<Bucket>())?;
        Some(Buckets { ptr, len })
    }
}

impl Buckets {
    /// Faults every page in writable, leaving the contents as they are (see
    /// [`TranspositionTable::populate`]).
    fn populate(&mut self) {
        let bytes = self.len * size_of::<Bucket>();
        if bytes == 0 {
            return;
        }
        #[cfg(target_os = "linux")]
        {
            // SAFETY: the range is the mapping this value owns, and
            // MADV_POPULATE_WRITE only faults its pages in: the contents stay.
            let populated = unsafe {
                libc::madvise(self.ptr.as_ptr().cast(), bytes, libc::MADV_POPULATE_WRITE)
            };
            if populated == 0 {
                return;
            }
            log::debug!("madvise(MADV_POPULATE_WRITE) failed; touching each page instead");
        }
        self.touch_each_page();
    }

    /// Elsewhere, and on kernels before Linux 5.14: writes a byte of every
    /// page back as it is.
    fn touch_each_page(&mut self) {
        let bytes = self.len * size_of::<Bucket>();
        let base = self.ptr.as_ptr().cast::<u8>();
        for offset in (0..bytes).step_by(4096) {
            // SAFETY: within the allocation, which `&mut self` holds alone;
            // the byte read is written back unchanged.
            unsafe {
                let byte = base.add(offset);
                std::ptr::write_volatile(byte, std::ptr::read_volatile(byte));
            }
        }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        if self.len == 0 {
            return;
        }
        #[cfg(unix)]
        // SAFETY: the mapping made in `zeroed`, of exactly this size, unmapped
        // once.
        unsafe {
            libc::munmap(self.ptr.as_ptr().cast(), self.len * size_of::<Bucket>());
        }
        #[cfg(not(unix))]
        // SAFETY: the allocation made in `zeroed`, with the same layout.
        unsafe {
            std::alloc::dealloc(
                self.ptr.as_ptr().cast(),
                std::alloc::Layout::array::<Bucket>(self.len).expect("allocated before"),
            );
        }
    }
}

impl std::ops::Deref for Buckets {
    type Target = [Bucket];

    fn deref(&self) -> &[Bucket] {
        // SAFETY: `len` initialised (zeroed) buckets at an aligned pointer that
        // this value owns (dangling but aligned when empty).
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl std::ops::DerefMut for Buckets {
    fn deref_mut(&mut self) -> &mut [Bucket] {
        // SAFETY: as in `deref`, and `&mut self` is the only reference.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

/// Asks the kernel to back the table with huge pages: probes land all over
/// the table, and 4 KiB pages make nearly every one a TLB miss (measured:
/// solves 10-15% faster). Call before the memory is first written.
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: *mut libc::c_void, bytes: usize) {
    // SAFETY: the range is a mapping of our own, and MADV_HUGEPAGE only
    // advises the kernel: it changes no contents.
    let result = unsafe { libc::madvise(start, bytes, libc::MADV_HUGEPAGE) };
    if result != 0 {
        log::debug!("madvise(MADV_HUGEPAGE) failed; the table uses normal pages");
    }
}

#[cfg(all(unix, not(target_os = "linux")))]
fn advise_huge_pages(_start: *mut libc::c_void, _bytes: usize) {}

#[inline]
fn bound_bits(data: u64) -> u64 {
    (data >> 54) & 3
}

#[inline]
fn depth_bits(data: u64) -> u8 {
    ((data >> 48) & 63) as u8
}

/// An entry of layout `L`: the low `L::CHECK_BITS` bits of `mixed` as its
/// check, `value` in the bits above them up to bit 48.
#[inline]
fn pack<L: Layout>(
    mixed: u64,
    value: i32,
    depth: u8,
    bound: Bound,
    best: Option<u8>,
    age: u8,
) -> u64 {
    let check_bits = L::CHECK_BITS;
    let value_bits = 48 - check_bits;
    debug_assert!(
        (value << (32 - value_bits)) >> (32 - value_bits) == value,
        "{value} does not fit the layout's {value_bits}-bit values"
    );
    let best = best.map_or(0, |m| u64::from(m) + 1) & 15;
    let value = (value as u64) & ((1 << value_bits) - 1);
    (mixed & ((1 << check_bits) - 1))
        | value << check_bits
        | u64::from(depth.min(TtEntry::PROVEN)) << 48
        | (bound as u64) << 54
        | best << 56
        | u64::from(age) << 60
}

/// The entry that `pack::<L>` packed.
#[inline]
fn unpack<L: Layout>(data: u64) -> TtEntry {
    let best = ((data >> 56) & 15) as u8;
    TtEntry {
        // The value's bits, from `L::CHECK_BITS` to 48, sign-extended.
        value: ((data << 16) as i64 >> (16 + L::CHECK_BITS)) as i32,
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

    /// Keys wider than 64 bits keep their whole mix: keys that agree on any
    /// 64 bits, stored in tables from one bucket up, never find each other.
    #[test]
    fn populating_keeps_what_is_stored() {
        let mut tt = TranspositionTable::new(4, 49);
        let keys: Vec<u64> = (0..5_000u64).map(|i| i * 0x9E37_79B9 % (1 << 49)).collect();
        for (i, &k) in keys.iter().enumerate() {
            tt.store(k, i as i32 % 30, 1, Bound::Exact, None);
        }
        let stored = |tt: &TranspositionTable| -> Vec<Option<i32>> {
            keys.iter().map(|&k| tt.probe(k).map(|e| e.value)).collect()
        };
        let before = stored(&tt);
        assert!(before.iter().filter(|v| v.is_some()).count() > 4_000);
        tt.populate();
        assert_eq!(stored(&tt), before);
        // The way without the kernel's help, too.
        tt.buckets.touch_each_page();
        assert_eq!(stored(&tt), before);
        // A fresh table stays empty.
        let mut fresh = TranspositionTable::new(4, 49);
        fresh.populate();
        fresh.buckets.touch_each_page();
        assert!(keys.iter().all(|&k| fresh.probe(k).is_none()));
        // And a table smaller than a page (one bucket).
        let mut tiny = TranspositionTable::with_bytes(0, 49);
        tiny.populate();
        tiny.store(7, 3, 1, Bound::Exact, None);
        tiny.populate();
        assert_eq!(tiny.probe(7).map(|e| e.value), Some(3));
    }

    /// The share of the table's pages in memory, as the kernel tells it.
    #[cfg(target_os = "linux")]
    fn resident_share(tt: &TranspositionTable) -> f64 {
        let pages = tt.bytes().div_ceil(4096);
        let mut resident = vec![0u8; pages];
        // SAFETY: the table's own mapping, page-aligned, and a vector of one
        // byte a page for the answer.
        let status = unsafe {
            libc::mincore(
                tt.buckets.ptr.as_ptr().cast(),
                tt.bytes(),
                resident.as_mut_ptr().cast(),
            )
        };
        assert_eq!(status, 0, "mincore failed");
        resident.iter().filter(|&&r| r & 1 == 1).count() as f64 / pages as f64
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn populating_brings_every_page_in() {
        let mut tt = TranspositionTable::new(8, 49);
        assert!(
            resident_share(&tt) < 0.5,
            "a new table is faulted in lazily"
        );
        tt.populate();
        assert_eq!(resident_share(&tt), 1.0);
        let mut touched = TranspositionTable::new(8, 49);
        touched.buckets.touch_each_page();
        assert_eq!(resident_share(&touched), 1.0);
    }

    #[test]
    fn huge_keys_match_only_themselves() {
        for key_bits in [65, 72, 81, 128] {
            let mask = <u128 as Bitboard>::low_bits(key_bits);
            // Distinct keys sharing their low bits (all but the top ten), and
            // keys sharing their high bits.
            let low: Vec<u128> = (0..300u128)
                .map(|i| (i << (key_bits - 10) | 0xABCD) & mask)
                .collect();
            let high: Vec<u128> = (0..300u128).map(|i| (mask & !0xFFFF) | i).collect();
            for bytes in [64, 4096, 1 << 20] {
                for keys in [&low, &high] {
                    let tt = TranspositionTableOf::<u128>::with_bytes(bytes, key_bits);
                    for (i, &k) in keys.iter().enumerate() {
                        tt.store(k, i as i32, 1, Bound::Exact, Some((i % 15) as u8));
                        let found = tt.probe(k).expect("just stored");
                        assert_eq!(found.value, i as i32, "{key_bits} bits, {bytes} bytes");
                    }
                    for (i, &k) in keys.iter().enumerate() {
                        if let Some(e) = tt.probe(k) {
                            assert_eq!(e.value, i as i32, "{key_bits} bits, {bytes} bytes");
                        }
                    }
                }
            }
        }
        // Entries are kept and replaced as in the other layouts.
        let tt = TranspositionTableOf::<u128>::new(1, 100);
        tt.store(1 << 99, 7, TtEntry::PROVEN, Bound::Lower, Some(14));
        let e = tt.probe(1 << 99).unwrap();
        assert_eq!((e.value, e.bound, e.best), (7, Bound::Lower, Some(14)));
        assert!(e.is_proven());
        tt.store(1 << 99, 9, 3, Bound::Exact, None);
        assert_eq!(tt.probe(1 << 99).unwrap().value, 7, "proven stays");
        assert_eq!(tt.probe(1 << 98), None);
    }

    #[test]
    fn never_confuses_keys_when_exact() {
        // 2^14 buckets, 40-bit keys: 26 bits beyond the index, all in the check.
        let tt = TranspositionTable::new(1, 40);
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

    /// Keys that agree on their low `shared` bits, as positions that agree on
    /// their first columns do: they share the low `shared` bits of their mix.
    fn keys_sharing_low_bits(key_bits: u32, shared: u32, count: u64) -> Vec<u64> {
        let high_bits = key_bits - shared;
        let top = if high_bits >= 64 {
            u64::MAX
        } else {
            (1 << high_bits) - 1
        };
        let low = 0x12_3456_789A & ((1 << shared) - 1);
        let mut seen = std::collections::HashSet::new();
        (0..count)
            .map(|i| ((i.wrapping_mul(0x2545_F491_4F6C_DD1D) & top) << shared) | low)
            .filter(|&k| seen.insert(k))
            .collect()
    }

    #[test]
    fn never_confuses_keys_that_share_low_bits() {
        // Every key width a board can have past 32 bits, on tables from 64 KiB
        // (far too small for a 32-bit check) to 8 MiB; narrow tables with keys
        // that share 40 low bits too, past their 40-bit checks.
        for key_bits in 33..=64 {
            for bytes in [64 << 10, 1 << 20, 8 << 20] {
                for (narrow, shared) in [(false, 32), (true, 32), (true, 40)] {
                    if shared >= key_bits {
                        continue;
                    }
                    let mut tt = TranspositionTable::with_bytes(bytes, key_bits);
                    tt.set_narrow_values(narrow);
                    let both = keys_sharing_low_bits(key_bits, shared, 40_000);
                    let (keys, absent) = both.split_at(both.len() / 2);
                    // Values that fit in 8 bits, for the narrow layout.
                    let value = |i: usize| (i % 200) as i32 - 100;
                    for (i, &k) in keys.iter().enumerate() {
                        tt.store(k, value(i), 1, Bound::Exact, None);
                    }
                    let case = format!("{key_bits} bits, {bytes} bytes, narrow {narrow}");
                    for (i, &k) in keys.iter().enumerate() {
                        if let Some(e) = tt.probe(k) {
                            assert_eq!(e.value, value(i), "{case}");
                        }
                    }
                    // A key never stored is never found.
                    for &k in absent {
                        assert_eq!(tt.probe(k), None, "{case}");
                    }
                }
            }
        }
    }

    #[test]
    fn narrow_entries_keep_every_value_that_fits() {
        let mut tt = TranspositionTable::new(1, 49);
        tt.set_narrow_values(true);
        assert!(tt.is_narrow());
        for (key, value) in [
            (1, -128),
            (2, -33),
            (3, -1),
            (4, 0),
            (5, 1),
            (6, 32),
            (7, 127),
        ] {
            tt.store(key, value, 5, Bound::Lower, Some(3));
            let entry = tt.probe(key).expect("just stored");
            assert_eq!(
                (entry.value, entry.depth, entry.bound, entry.best),
                (value, 5, Bound::Lower, Some(3))
            );
        }
    }

    #[test]
    fn layout_follows_key_and_table_size() {
        // 7x6 keys have 49 bits: 2^17 buckets (8 MiB) leave 32 for the check.
        assert!(!TranspositionTable::new(8, 49).has_full_checks());
        assert!(!TranspositionTable::new(64, 49).has_full_checks());
        assert!(TranspositionTable::new(4, 49).has_full_checks());
        assert!(TranspositionTable::new(1024, 64).has_full_checks());
        assert!(!TranspositionTable::new(1, 9).has_full_checks());
        let mut tt = TranspositionTable::new(64, 49);
        tt.store(7, 1, 1, Bound::Exact, None);
        tt.set_key_bits(64);
        assert!(tt.has_full_checks());
        assert_eq!(tt.probe(7), None, "a new layout starts empty");
        tt.store(7, 2, 1, Bound::Exact, None);
        assert_eq!(tt.probe(7).map(|e| e.value), Some(2));
        tt.set_key_bits(49);
        assert_eq!(tt.probe(7), None);
        tt.set_full_keys(true);
        assert!(tt.has_full_checks());
        // Told its values fit in 8 bits, a table too small for 32-bit checks
        // keeps 40-bit ones, seven entries a bucket, from 2^9 buckets (32
        // KiB) on 49-bit keys.
        let mut small = TranspositionTable::with_bytes(32 << 10, 49);
        assert!(small.has_full_checks() && !small.is_narrow());
        small.set_narrow_values(true);
        assert!(small.is_narrow() && !small.has_full_checks());
        let mut tiny = TranspositionTable::with_bytes(16 << 10, 49);
        tiny.set_narrow_values(true);
        assert!(tiny.has_full_checks() && !tiny.is_narrow());
        // Where 32 bits are enough, the compact layout stays.
        let mut big = TranspositionTable::new(8, 49);
        big.set_narrow_values(true);
        assert!(!big.is_narrow() && !big.has_full_checks());
        // 64-bit keys in 2^20 buckets leave 44 bits: wide all the same.
        let mut wide = TranspositionTable::new(64, 64);
        wide.set_narrow_values(true);
        assert!(wide.has_full_checks() && !wide.is_narrow());
        // Full keys come first.
        small.set_full_keys(true);
        assert!(small.has_full_checks() && !small.is_narrow());
    }

    /// Threads storing and probing the same few buckets, in both layouts:
    /// a probe finds a key's own value or nothing. Small enough for Miri
    /// (`cargo +nightly miri test -p inarow-engine tt::tests::shared`),
    /// which also checks the accesses for data races.
    #[test]
    fn shared_between_threads() {
        // 4 buckets: 64-bit keys (wide) and 9-bit keys (compact).
        for key_bits in [64, 9] {
            let table = TranspositionTable::with_bytes(256, key_bits);
            let mask = if key_bits == 64 {
                u64::MAX
            } else {
                (1 << key_bits) - 1
            };
            let value_of = |key: u64| (key % 1000) as i32;
            std::thread::scope(|scope| {
                for thread in 0..2u64 {
                    let table = &table;
                    scope.spawn(move || {
                        for i in 0..200u64 {
                            let key = ((i.wrapping_mul(0x9E37_79B9) ^ thread) % 61 * 0x1_0000_0001)
                                & mask;
                            if (i + thread) % 2 == 0 {
                                table.store(key, value_of(key), 1, Bound::Exact, None);
                            } else if let Some(entry) = table.probe(key) {
                                assert_eq!(entry.value, value_of(key));
                            }
                        }
                    });
                }
            });
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
