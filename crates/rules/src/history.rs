//! The positions a game has passed through, for rule 7 (no return to an earlier position).
//!
//! Positions are compared by their 64-bit Zobrist hash. Membership is asked for every move of
//! every node of a search, so it must cost about the same whether the game is 10 plies long
//! or 4,000:
//!
//! - Most answers are "no". A counting filter indexed by the hash's low bits gives them with
//!   one read. It grows with the game, so that it stays at most an eighth full and says "maybe"
//!   for an absent position rarely.
//! - A "maybe" is settled exactly. The most recent positions (a few hundred: the search path
//!   and the moves just played) are scanned as a short list; older ones move, a block at a
//!   time, into an exact hash table (open addressing, a count per hash, at most half full), so
//!   finding a position from far back is one or two probes, not a scan of the whole game.
//!
//! In play and in search, positions are pushed and popped at the recent end, so the table
//! changes only when the game grows by a block or is taken back past one; a short game never
//! uses it. (Two different positions sharing a 64-bit hash is possible in principle; at the few
//! million positions a game and its search visit, the chance is below one in a billion.)

/// Slots of the filter for a short game (a power of two); it doubles as the game grows.
const MIN_FILTER_SLOTS: usize = 1 << 14;

/// Recent positions kept as a list; once there are more, the oldest [`BLOCK`] move to the
/// table. Larger than the deepest search path (the search's ply limit plus quiescence), so a
/// search from a position moves few positions in or out, however deep it goes.
const RECENT_MAX: usize = 192;
/// How many positions move to the table at a time.
const BLOCK: usize = 64;

/// A stack of position hashes with a fast membership test.
#[derive(Clone)]
pub struct History {
    /// Every position, oldest first.
    hashes: Vec<u64>,
    /// How many of the oldest `hashes` are in `older`; the rest are the recent list.
    settled: usize,
    /// The settled positions.
    older: CountedSet,
    /// How many of `hashes` fall on each slot, by the hash's low bits.
    filter: Box<[u16]>,
}

impl Default for History {
    fn default() -> History {
        History::new()
    }
}

impl History {
    /// An empty history.
    pub fn new() -> History {
        History {
            hashes: Vec::with_capacity(256),
            settled: 0,
            older: CountedSet::default(),
            filter: vec![0u16; MIN_FILTER_SLOTS].into_boxed_slice(),
        }
    }

    #[inline(always)]
    fn filter_slot(&self, hash: u64) -> usize {
        hash as usize & (self.filter.len() - 1)
    }

    /// Records a position.
    #[inline]
    pub fn push(&mut self, hash: u64) {
        let i = self.filter_slot(hash);
        // A saturated slot stays saturated: it then only costs a scan, never a wrong answer.
        self.filter[i] = self.filter[i].saturating_add(1);
        self.hashes.push(hash);
        if self.hashes.len() - self.settled > RECENT_MAX {
            self.settle();
        }
    }

    /// Moves the oldest recent positions into the table, and keeps the filter at most an
    /// eighth full.
    #[cold]
    fn settle(&mut self) {
        for &hash in &self.hashes[self.settled..self.settled + BLOCK] {
            self.older.insert(hash);
        }
        self.settled += BLOCK;
        if 8 * self.hashes.len() > self.filter.len() {
            let mut filter = vec![0u16; 2 * self.filter.len()].into_boxed_slice();
            let mask = filter.len() - 1;
            for &hash in &self.hashes {
                let slot = &mut filter[hash as usize & mask];
                *slot = slot.saturating_add(1);
            }
            self.filter = filter;
        }
    }

    /// Forgets the most recent position.
    #[inline]
    pub fn pop(&mut self) {
        let Some(hash) = self.hashes.pop() else {
            return;
        };
        let i = self.filter_slot(hash);
        if self.filter[i] != u16::MAX {
            self.filter[i] -= 1;
        }
        if self.hashes.len() < self.settled {
            // Taken back past the recent list: the position leaves the table.
            self.older.remove(hash);
            self.settled -= 1;
        }
    }

    /// Whether a position with this hash has occurred.
    #[inline(always)]
    pub fn contains(&self, hash: u64) -> bool {
        self.filter[self.filter_slot(hash)] != 0 && self.surely_contains(hash)
    }

    /// [`History::contains`] past the filter: the exact answer. Kept out of line so that the
    /// filter test, the common case, stays small enough to inline into every move loop.
    #[inline(never)]
    fn surely_contains(&self, hash: u64) -> bool {
        self.hashes[self.settled..].iter().rev().any(|&h| h == hash)
            || (self.settled > 0 && self.older.contains(hash))
    }

    /// Number of positions recorded.
    pub fn len(&self) -> usize {
        self.hashes.len()
    }

    /// Whether nothing is recorded.
    pub fn is_empty(&self) -> bool {
        self.hashes.is_empty()
    }

    /// The recorded hashes, oldest first.
    pub fn hashes(&self) -> &[u64] {
        &self.hashes
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        *self = History::new();
    }
}

/// A multiset of hashes by open addressing with linear probing: each slot holds a hash and how
/// many times it was inserted. A hash whose count falls to zero leaves by backward shift, so no
/// tombstones pile up. The hash 0 marks an empty slot, so the hash 0 itself is counted apart.
#[derive(Clone, Default)]
struct CountedSet {
    slots: Vec<(u64, u32)>,
    /// Slots in use.
    used: usize,
    /// How many times the hash 0 was inserted.
    zero: u32,
}

impl CountedSet {
    /// Where `hash` would sit with no collision: by its high bits (the filter uses the low).
    #[inline]
    fn home(&self, hash: u64) -> usize {
        (hash >> 40) as usize & (self.slots.len() - 1)
    }

    /// The slot holding `hash`, or the empty slot where it would go.
    #[inline]
    fn find(&self, hash: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = self.home(hash);
        loop {
            let h = self.slots[i].0;
            if h == hash || h == 0 {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    fn contains(&self, hash: u64) -> bool {
        if hash == 0 {
            return self.zero > 0;
        }
        !self.slots.is_empty() && self.slots[self.find(hash)].0 == hash
    }

    fn insert(&mut self, hash: u64) {
        if hash == 0 {
            self.zero += 1;
            return;
        }
        if 2 * (self.used + 1) > self.slots.len() {
            self.grow();
        }
        let i = self.find(hash);
        if self.slots[i].0 == 0 {
            self.slots[i].0 = hash;
            self.used += 1;
        }
        self.slots[i].1 += 1;
    }

    /// Doubles the table (at least 256 slots).
    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(256);
        let old = std::mem::replace(&mut self.slots, vec![(0, 0); size]);
        for (hash, count) in old.into_iter().filter(|s| s.0 != 0) {
            let i = self.find(hash);
            self.slots[i] = (hash, count);
        }
    }

    fn remove(&mut self, hash: u64) {
        if hash == 0 {
            self.zero -= 1;
            return;
        }
        let mut i = self.find(hash);
        debug_assert_eq!(self.slots[i].0, hash);
        self.slots[i].1 -= 1;
        if self.slots[i].1 > 0 {
            return;
        }
        // Empty the slot, then move back each later entry of the run that would no longer be
        // found past the gap (its home is not between the gap and itself).
        self.used -= 1;
        let mask = self.slots.len() - 1;
        let mut j = i;
        loop {
            self.slots[i] = (0, 0);
            loop {
                j = (j + 1) & mask;
                let h = self.slots[j].0;
                if h == 0 {
                    return;
                }
                let home = self.home(h);
                let reachable = if i <= j {
                    i < home && home <= j
                } else {
                    i < home || home <= j
                };
                if !reachable {
                    break;
                }
            }
            self.slots[i] = self.slots[j];
            i = j;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Rng;

    #[test]
    fn push_pop_contains() {
        let mut h = History::new();
        h.push(5);
        h.push(5 + MIN_FILTER_SLOTS as u64);
        assert!(h.contains(5));
        assert!(!h.contains(6));
        h.pop();
        assert!(h.contains(5));
        assert!(!h.contains(5 + MIN_FILTER_SLOTS as u64));
        h.pop();
        assert!(!h.contains(5));
        assert!(h.is_empty());
    }

    #[test]
    fn long_histories_answer_as_a_plain_scan_would() {
        // Thousands of positions, taken back and played again past the block boundaries, with
        // repeats, the hash 0 and hashes that share home slots: every answer is that of
        // scanning the list.
        let mut rng = Rng::new(9);
        let mut h = History::new();
        let mut plain: Vec<u64> = Vec::new();
        let random_hash = |rng: &mut Rng| match rng.below(20) {
            0 => 0,
            1 => 12345,
            2 => (rng.next_u64() % 8) << 40,
            _ => (rng.next_u64() % 50_000).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        };
        for step in 0..40_000 {
            if rng.below(4) < 3 || plain.is_empty() {
                let x = random_hash(&mut rng);
                h.push(x);
                plain.push(x);
            } else {
                // Now and then a long take-back, past several blocks.
                let n = if rng.below(500) == 0 { 300 } else { 1 };
                for _ in 0..n.min(plain.len()) {
                    h.pop();
                    plain.pop();
                }
            }
            if step % 7 == 0 {
                for _ in 0..5 {
                    let q = random_hash(&mut rng);
                    assert_eq!(h.contains(q), plain.contains(&q), "{q} at step {step}");
                }
            }
        }
        assert_eq!(h.hashes(), &plain[..]);
        assert!(h.len() > 4 * RECENT_MAX, "{}", h.len());
        assert!(h.filter.len() > MIN_FILTER_SLOTS, "the filter grew");
    }
}
