//! The solver's limits and tuned parameters, together. Each was chosen by
//! node counts and timings on Pons's sets; `docs/SOLVER.md` records the
//! values measured against each, and how to measure them again.

/// The most columns a board has.
pub(super) const MAX_COLUMNS: usize = inarow_games::connect4::MAX_WIDTH;

/// The most lines `Board::lines_bound` counts; with
/// more, claimeven and the odd threat bound by one line or threat alone.
pub(super) const MAX_CLAIMED_LINES: usize = 16;

/// The most stones a board holds: a ply of the search is below it.
pub(super) const MAX_PLIES: usize = inarow_games::connect4::MAX_BITS;

/// Limits are looked at every this many nodes.
pub(super) const CHECK_EVERY: u64 = 4096;

/// With threads, whether the window is still worth asking is looked at every
/// this many nodes.
pub(super) const CHECK_DONE_EVERY: u64 = 256;

/// With threads, each window of a solve is first searched by one thread for
/// this many nodes (about 2 ms); the first that takes longer hands the rest
/// of the solve to the threads. The other threads wait meanwhile, so that a
/// small window does not pay for starting them.
pub(super) const SOLO_NODES: u64 = 1 << 14;

/// With threads, nodes with this many empty cells or more defer moves
/// another thread is searching. Lower down, the subtrees are too small for
/// deferring to pay.
pub(super) const BUSY_MIN_EMPTIES: i32 = 20;

/// With this many empty cells or fewer, check whether a side can still make
/// any line at all: a cheap test that pays off near the end.
pub(super) const DRAW_CHECK_EMPTIES: i32 = 12;

/// With this many empty cells or more, claimeven one ply ahead also looks
/// when the node's alpha is already 1 or more, for a move after which the
/// second player's line below wins for it: it looks at every move, which
/// pays only where subtrees are large (9% fewer nodes on the first 20 of
/// Test_L1_R3 in 0.96x the time).
pub(super) const CLAIMEVEN_WIN_MIN_EMPTIES: i32 = 16;

/// With this many empty cells or more, look up every child in the table
/// before searching any (enhanced transposition cutoff). The children's
/// entries are already being loaded, so looking costs little.
pub(super) const ETC_MIN_EMPTIES: i32 = 14;

/// With this many empty cells or more, the enhanced transposition cutoff
/// also looks past a forced reply, at the position after it, whose entry is
/// not being loaded: worth it only for big subtrees. For keys of 64 bits;
/// see [`etc_reply_min_empties`].
pub(super) const ETC_REPLY_MIN_EMPTIES: i32 = 18;

/// [`ETC_REPLY_MIN_EMPTIES`] for keys wider than 64 bits. Their main table
/// is far larger than the caches (c4 needs 1,100 MiB on 10x6), so the look
/// past a forced reply waits on memory, and a subtree must be larger to
/// repay it: from 18 to 24, 2% more nodes in 0.95x the time on the first 20
/// of each of Steininger's 10x6 midgame sets, and 0.95x-0.99x on
/// `bench/sets/9x7.txt` (`docs/SOLVER.md`).
pub(super) const WIDE_ETC_REPLY_MIN_EMPTIES: i32 = 24;

/// The fewest empty cells at which the enhanced transposition cutoff looks
/// past a forced reply, for keys of `key_bits` bits: a constant for each key
/// type, as [`near_empties`] is.
#[inline(always)]
pub(super) const fn etc_reply_min_empties(key_bits: u32) -> i32 {
    by_key_bits(key_bits, ETC_REPLY_MIN_EMPTIES, WIDE_ETC_REPLY_MIN_EMPTIES)
}

/// `narrow` for keys of at most 64 bits, `wide` for wider ones: the
/// parameters that differ past 64 bits choose by it, a constant for each key
/// type.
#[inline(always)]
const fn by_key_bits<T: Copy>(key_bits: u32, narrow: T, wide: T) -> T {
    if key_bits <= 64 {
        narrow
    } else {
        wide
    }
}

/// An iteration asking whether the score is beyond `cells / FORCING_FRACTION`
/// (6 on 7x6) orders forcing moves first: a quick win or loss is a matter of
/// forcing moves.
pub(super) const FORCING_FRACTION: i32 = 7;

/// Positions with this many empty cells or fewer go to a small table of
/// their own: they are most of the nodes, and a table that fits the caches
/// answers them faster than a big one (on 7x6, 14% less time on L2_R2 and
/// 22% on L1_R3, for 5-7% more nodes). For keys of 64 bits; see
/// [`near_empties`].
pub(super) const NEAR_EMPTIES: i32 = 18;

/// [`NEAR_EMPTIES`] for keys wider than 64 bits. Their table entries are
/// in the huge layout, three to a bucket rather than seven, and their boards
/// have more positions of each number of empty cells: from 18 empty cells,
/// the near-end table overflows (on 10x6, 1.4x the positions visited), and
/// even in the larger [`WIDE_NEAR_TABLE_BYTES`] 12 visits fewer than 14.
pub(super) const WIDE_NEAR_EMPTIES: i32 = 12;

/// The most empty cells of a position in the near-end table, for keys of
/// `key_bits` bits: a constant for each key type, so that the 64-bit search
/// compares with [`NEAR_EMPTIES`] itself.
#[inline(always)]
pub(super) const fn near_empties(key_bits: u32) -> i32 {
    by_key_bits(key_bits, NEAR_EMPTIES, WIDE_NEAR_EMPTIES)
}

/// The size of the table of positions near the end (at most a quarter of the
/// budget) for keys of 64 bits: 2^15 buckets in the narrow layout, seven
/// entries each with 40-bit checks (see the `tt` module). Small enough to
/// stay in one core's share of a shared last-level cache, 4 to 8 MiB on the
/// machines measured. See [`near_table_bytes`].
pub(super) const NEAR_TABLE_BYTES: usize = 2 << 20;

/// [`NEAR_TABLE_BYTES`] for keys wider than 64 bits: 2^17 buckets of three
/// entries, about as many entries as 3.4 MiB of the narrow layout. On a
/// wide board the near-end positions are more, and too many for 2 MiB.
/// Within the default budget it still leaves the main table 64 MiB.
pub(super) const WIDE_NEAR_TABLE_BYTES: usize = 8 << 20;

/// The size of the near-end table on one thread, for keys of `key_bits`
/// bits, as [`near_empties`] chooses its positions.
pub(super) const fn near_table_bytes(key_bits: u32) -> usize {
    by_key_bits(key_bits, NEAR_TABLE_BYTES, WIDE_NEAR_TABLE_BYTES)
}

/// With a budget of at least [`MIDDLE_MIN_BUDGET`], positions with more
/// empty cells than [`near_empties`] gives and at most this many go to a
/// middle table of [`MIDDLE_TABLE_BYTES`]: they are most of the probes that
/// miss the near-end table, and a main table of a gigabyte or more is far
/// larger than the caches, so each of them waits on memory; in a table of
/// their own they come from the last-level cache. For keys of 64 bits (the
/// empty 7x6 board with 1 GiB: the same nodes and time, where the main
/// table's misses are few); see [`middle_empties`].
pub(super) const MIDDLE_EMPTIES: i32 = 28;

/// [`MIDDLE_EMPTIES`] for keys wider than 64 bits: on 10x6, 0.85x the time
/// on the first 20 of Steininger's midgame_L1 set (the same nodes) and on
/// the first 12 of midgame_L2 (9% more nodes); on `bench/sets/9x7.txt`'s
/// first 20, 0.65x the time in 0.5% more (`docs/SOLVER.md`).
pub(super) const WIDE_MIDDLE_EMPTIES: i32 = 26;

/// The most empty cells of a position in the middle table, for keys of
/// `key_bits` bits, when there is one.
#[inline(always)]
pub(super) const fn middle_empties(key_bits: u32) -> i32 {
    by_key_bits(key_bits, MIDDLE_EMPTIES, WIDE_MIDDLE_EMPTIES)
}

/// The size of the middle table: 2^21 buckets, of three entries in the huge
/// layout and of seven in the narrow one. Half the size holds too few of
/// a hard 10x6 position's (13% more nodes on midgame_L2's first 12).
pub(super) const MIDDLE_TABLE_BYTES: usize = 128 << 20;

/// The least budget with a middle table. Below it the main table is not
/// much larger than the caches, and halving it for the middle table would
/// cost more than the middle table saves.
pub(super) const MIDDLE_MIN_BUDGET: usize = 4 * MIDDLE_TABLE_BYTES;

/// The solver's default table budget in MiB: a 64 MiB table and the 2 MiB one
/// for positions near the end (69.2 MB; Pons's solver uses 84 MB), with room
/// for that one to grow to 8 MiB with threads.
pub const DEFAULT_SOLVER_HASH_MIB: usize = 72;
