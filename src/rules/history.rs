//! The positions a game has passed through, for rule 7 (no return to an earlier position).
//!
//! Positions are compared by their 64-bit Zobrist hash. A counting filter indexed by the hash's
//! low bits answers "certainly not seen" with one memory read; only a filter hit scans the list.
//! That keeps the check cheap enough to run on every move of every node, even late in long games.
//! (Two different positions sharing a 64-bit hash is possible in principle; at the few million
//! positions a game and its search visit, the chance is below one in a billion.)

const FILTER_BITS: u32 = 14;
const FILTER_MASK: u64 = (1 << FILTER_BITS) - 1;

/// A stack of position hashes with a fast membership test.
#[derive(Clone)]
pub struct History {
    hashes: Vec<u64>,
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
            filter: vec![0u16; 1 << FILTER_BITS].into_boxed_slice(),
        }
    }

    /// Records a position.
    #[inline]
    pub fn push(&mut self, hash: u64) {
        let slot = &mut self.filter[(hash & FILTER_MASK) as usize];
        // A saturated slot stays saturated: it then only costs a scan, never a wrong answer.
        *slot = slot.saturating_add(1);
        self.hashes.push(hash);
    }

    /// Forgets the most recent position.
    #[inline]
    pub fn pop(&mut self) {
        if let Some(hash) = self.hashes.pop() {
            let slot = &mut self.filter[(hash & FILTER_MASK) as usize];
            if *slot != u16::MAX {
                *slot -= 1;
            }
        }
    }

    /// Whether a position with this hash has occurred.
    #[inline(always)]
    pub fn contains(&self, hash: u64) -> bool {
        self.filter[(hash & FILTER_MASK) as usize] != 0
            && self.hashes.iter().rev().any(|&h| h == hash)
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
        self.hashes.clear();
        self.filter.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_pop_contains() {
        let mut h = History::new();
        h.push(5);
        h.push(5 + (1 << FILTER_BITS));
        assert!(h.contains(5));
        assert!(!h.contains(6));
        h.pop();
        assert!(h.contains(5));
        assert!(!h.contains(5 + (1 << FILTER_BITS)));
        h.pop();
        assert!(!h.contains(5));
        assert!(h.is_empty());
    }
}
