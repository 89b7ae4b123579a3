//! The gomoku search's transposition table: two entries a bucket, one kept
//! for depth and one always replaced.
//!
//! An entry matches only its own position: the bucket is chosen by the
//! key's low bits and the entry holds the high 32 bits, so two positions
//! share an entry only if their 64-bit keys agree in both (the search
//! checks the stored move is an empty cell before playing it). Win and loss
//! values are stored relative to the node, not the root, so that the same
//! position reached at another ply reads the right distance.

use crate::score::WIN_MIN;

/// What a stored value bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The value is a lower bound (a beta cutoff).
    Lower,
    /// The value is an upper bound (no move reached alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    check: u32,
    value: i16,
    depth: i8,
    bound: u8,
    best: u16,
    age: u16,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The value, relative to the probing node's ply.
    pub value: i32,
    /// The depth it was searched to.
    pub depth: i32,
    /// What the value bounds.
    pub bound: Bound,
    /// The best move found, if any (0 for none).
    pub best: u16,
}

/// The table.
pub struct Table {
    buckets: Vec<[Entry; 2]>,
    age: u16,
}

impl Table {
    /// A table of about `bytes` bytes (at least one bucket).
    #[must_use]
    pub fn with_bytes(bytes: usize) -> Table {
        let bucket = std::mem::size_of::<[Entry; 2]>();
        let n = (bytes / bucket).max(1).next_power_of_two() / 2;
        Table {
            buckets: vec![[Entry::default(); 2]; n.max(1)],
            age: 0,
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.buckets.fill([Entry::default(); 2]);
        self.age = 0;
    }

    /// A new search begins: older entries give way first.
    pub fn next_age(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Per thousand, how many entries of the first thousand buckets are in
    /// use by this search.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let n = self.buckets.len().min(500);
        let used = self.buckets[..n]
            .iter()
            .flatten()
            .filter(|e| e.check != 0 && e.age == self.age)
            .count();
        (used * 1000 / (2 * n)) as u32
    }

    #[inline]
    fn slot(&self, key: u64) -> (usize, u32) {
        let index = (key as usize) & (self.buckets.len() - 1);
        (index, ((key >> 32) as u32) | 1)
    }

    /// The entry of `key`, its value made relative to `ply`.
    #[inline]
    #[must_use]
    pub fn probe(&self, key: u64, ply: u32) -> Option<Hit> {
        let (index, check) = self.slot(key);
        let e = self.buckets[index].iter().find(|e| e.check == check)?;
        Some(Hit {
            value: from_table(i32::from(e.value), ply),
            depth: i32::from(e.depth),
            bound: match e.bound {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            best: e.best,
        })
    }

    /// Stores a result of the node at `ply`.
    #[inline]
    pub fn store(&mut self, key: u64, ply: u32, value: i32, depth: i32, bound: Bound, best: u16) {
        let (index, check) = self.slot(key);
        let age = self.age;
        let bucket = &mut self.buckets[index];
        let entry = Entry {
            check,
            value: to_table(value, ply) as i16,
            depth: depth.clamp(-1, 127) as i8,
            bound: match bound {
                Bound::Exact => 0,
                Bound::Lower => 1,
                Bound::Upper => 2,
            },
            best,
            age,
        };
        let slot = if bucket[0].check == check
            || bucket[0].age != age
            || i32::from(bucket[0].depth) <= depth
        {
            0
        } else {
            1
        };
        let mut entry = entry;
        if entry.best == 0 && bucket[slot].check == check {
            entry.best = bucket[slot].best;
        }
        if slot == 0 && bucket[1].check == check {
            bucket[1] = Entry::default();
        }
        bucket[slot] = entry;
    }
}

/// A value from the root's point of view made relative to the node at `ply`.
fn to_table(value: i32, ply: u32) -> i32 {
    let ply = ply as i32;
    if value >= WIN_MIN {
        value + ply
    } else if value <= -WIN_MIN {
        value - ply
    } else {
        value
    }
}

/// A stored value made relative to the root again, for a node at `ply`.
fn from_table(value: i32, ply: u32) -> i32 {
    let ply = ply as i32;
    if value >= WIN_MIN {
        value - ply
    } else if value <= -WIN_MIN {
        value + ply
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::WIN;

    #[test]
    fn wins_keep_their_distance_from_the_node() {
        let mut t = Table::with_bytes(1 << 16);
        t.store(42, 3, WIN - 10, 5, Bound::Exact, 7);
        let hit = t.probe(42, 5).expect("stored");
        assert_eq!(hit.value, WIN - 12);
        assert_eq!(hit.best, 7);
        assert!(t.probe(43, 3).is_none());
    }
}
