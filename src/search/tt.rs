//! The transposition table: a fixed-size hash table of search results shared by all threads.
//!
//! Buckets of four entries fill one 64-byte cache line. Each entry is two `AtomicU64` words, the
//! key XOR the data and the data. Threads read and write them with relaxed atomics and no locks; a
//! torn entry (key word from one write, data word from another) fails the XOR check and reads as
//! a miss, so sharing never yields a wrong move or score for a position, only a lost entry.
//!
//! Data word layout: move bits 0-21, score bits 22-41 (offset by 2^19), depth 42-49, bound 50-51,
//! age 52-57. Replacement keeps, within a bucket, the entry of the same position, else overwrites
//! the one with the lowest `depth - 4 * age distance`: old searches' entries go first, then
//! shallow ones.

use std::alloc::Layout;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::rules::Move;

/// How a stored score relates to the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// No score stored (only a move).
    None = 0,
    /// The true score is at most this.
    Upper = 1,
    /// The true score is at least this.
    Lower = 2,
    /// The score is exact.
    Exact = 3,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The best or refuting move, if one was stored.
    pub mv: Option<Move>,
    /// The score relative to the stored node (mate scores not yet adjusted by ply).
    pub score: i32,
    /// Remaining depth of the search that produced it.
    pub depth: i32,
    /// Kind of score.
    pub bound: Bound,
    /// Whether the entry was written by the current search.
    pub current: bool,
}

#[derive(Default)]
struct Slot {
    key: AtomicU64,
    data: AtomicU64,
}

/// A huge page of x86-64 and most 64-bit Linux systems: a table this large or larger starts
/// on such a boundary, so that the system can map it in huge pages.
const HUGE_PAGE: usize = 2 << 20;

/// A bucket's alignment: one cache line, so that a probe reads one line.
const LINE: usize = 64;

/// The table's slots, in zeroed memory: the buckets on cache lines, a large table on huge-page
/// boundaries and, on Linux, in huge pages.
///
/// On Linux a table of a huge page or more is mapped straight from the system: its pages are
/// zero until first used, so making even a gigabyte table takes no time and writes nothing,
/// and memory is only committed as the search fills it. (From the allocator, a table freed and
/// made again, as `setoption Hash` or `bench` does, comes from reused memory that the allocator
/// zeroes whole: measured, 18% of `bench`'s instructions.) With 4 KiB pages that first use
/// costs a page fault per page, and most probes of a large table miss the TLB: Hash 1024
/// searched at half the speed of Hash 16. Huge pages, asked for with `madvise(MADV_HUGEPAGE)`,
/// make both 512 times rarer (see docs/benchmarks-history.md, "Big tables and long histories"). Smaller tables, and other systems, take
/// zeroed memory from the allocator.
struct Slots {
    /// Where the memory came from (`None` for no slots).
    memory: Option<Memory>,
    /// The first slot, aligned inside the memory.
    first: NonNull<Slot>,
    len: usize,
}

/// The memory behind the slots.
enum Memory {
    /// From the allocator, with its layout.
    Allocated(NonNull<u8>, Layout),
    /// Mapped from the system, with its length.
    #[cfg(target_os = "linux")]
    Mapped(NonNull<u8>, usize),
}

// SAFETY: `Slots` owns its memory like a `Box<[Slot]>`, and `Slot` is made of atomics, so
// sharing and sending it between threads is as safe as for `Box<[Slot]>`.
unsafe impl Send for Slots {}
unsafe impl Sync for Slots {}

impl Slots {
    /// `n` empty slots.
    fn new(n: usize) -> Slots {
        let empty = Slots {
            memory: None,
            first: NonNull::dangling(),
            len: 0,
        };
        if n == 0 {
            return empty;
        }
        let bytes = n
            .checked_mul(std::mem::size_of::<Slot>())
            .expect("table size fits in memory");
        let align = if bytes >= HUGE_PAGE { HUGE_PAGE } else { LINE };
        // The slots start at the first aligned address inside `bytes + align` bytes.
        let (base, memory) = Slots::zeroed(bytes + align);
        let offset = base.as_ptr().align_offset(align);
        // SAFETY: `offset < align`, so the slots' `bytes` lie inside the `bytes + align` bytes
        // obtained.
        let first = unsafe { base.add(offset) }.cast::<Slot>();
        advise_huge_pages(first.as_ptr().cast(), bytes);
        Slots {
            memory: Some(memory),
            first,
            len: n,
        }
    }

    /// `bytes` zeroed bytes (at least a huge page: mapped, on Linux).
    fn zeroed(bytes: usize) -> (NonNull<u8>, Memory) {
        #[cfg(target_os = "linux")]
        if bytes > HUGE_PAGE {
            // SAFETY: an anonymous private mapping of `bytes` bytes, asked of the system with
            // no address; it is unmapped only in `drop`.
            let p = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    bytes,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                )
            };
            if p != libc::MAP_FAILED {
                let base = NonNull::new(p.cast::<u8>()).expect("a mapping is not at address 0");
                return (base, Memory::Mapped(base, bytes));
            }
        }
        // The allocator's own alignment stays that of a slot: a larger one would have it write
        // the zeros even for fresh memory.
        let layout = Layout::from_size_align(bytes, std::mem::align_of::<Slot>())
            .expect("table size fits in memory");
        // SAFETY: `layout` has a non-zero size.
        let base = NonNull::new(unsafe { std::alloc::alloc_zeroed(layout) })
            .unwrap_or_else(|| std::alloc::handle_alloc_error(layout));
        (base, Memory::Allocated(base, layout))
    }

    /// Writes zeros over every slot.
    fn zero(&mut self) {
        // SAFETY: `first` points to `len` slots inside the memory, `&mut self` means no other
        // reference to them exists, and all-zero bytes are a valid `Slot`.
        unsafe { std::ptr::write_bytes(self.first.as_ptr(), 0, self.len) }
    }
}

impl std::ops::Deref for Slots {
    type Target = [Slot];

    fn deref(&self) -> &[Slot] {
        // SAFETY: `first` points to `len` slots inside the memory (or is dangling with `len`
        // 0), zeroed when made, and all-zero bytes are a valid `Slot` (two `AtomicU64` holding
        // 0); they live as long as `self`.
        unsafe { std::slice::from_raw_parts(self.first.as_ptr(), self.len) }
    }
}

impl Drop for Slots {
    fn drop(&mut self) {
        match self.memory.take() {
            // SAFETY: allocated in `Slots::zeroed` with this layout, and freed only here.
            Some(Memory::Allocated(base, layout)) => unsafe {
                std::alloc::dealloc(base.as_ptr(), layout)
            },
            #[cfg(target_os = "linux")]
            // SAFETY: mapped in `Slots::zeroed` with this length, and unmapped only here.
            Some(Memory::Mapped(base, bytes)) => unsafe {
                libc::munmap(base.as_ptr().cast(), bytes);
            },
            None => {}
        }
    }
}

/// Asks the system to back `bytes` bytes from `start` (on a huge-page boundary) with huge pages.
/// Only a hint: where huge pages are off, or not Linux, nothing changes.
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: *mut u8, bytes: usize) {
    if bytes < HUGE_PAGE {
        return;
    }
    // SAFETY: the range lies inside one allocation of this process; the advice changes how it
    // is backed, not its contents (it reads as zeros either way).
    let _ = unsafe { libc::madvise(start.cast(), bytes, libc::MADV_HUGEPAGE) };
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *mut u8, _bytes: usize) {}

const BUCKET: usize = 4;
const AGE_BITS: u32 = 6;
const SCORE_OFFSET: i32 = 1 << 19;

/// The shared table.
pub struct Tt {
    slots: Slots,
    buckets: usize,
    age: u64,
    /// Whether anything may have been stored since the table was made or cleared.
    used: AtomicBool,
}

impl Tt {
    /// A table of about `mib` MiB (one bucket for 0), committed to memory only as the search
    /// fills it.
    pub fn new(mib: usize) -> Tt {
        let bytes = mib * 1024 * 1024;
        let buckets = (bytes / (BUCKET * std::mem::size_of::<Slot>())).max(1);
        Tt {
            slots: Slots::new(buckets * BUCKET),
            buckets,
            age: 0,
            used: AtomicBool::new(false),
        }
    }

    /// Empties the table by writing zeros over it, keeping its memory: a new game (the
    /// protocol's `newgame`, before `readyok`) pays for the clearing, not the next search's
    /// clock, which would pay a page fault per page for fresh memory (on some machines a large
    /// table's first touch costs seconds). A table no search has used is empty already and is
    /// left untouched, so a new table still costs nothing until it is filled.
    pub fn clear(&mut self) {
        if *self.used.get_mut() {
            self.slots.zero();
        }
        self.age = 0;
        *self.used.get_mut() = false;
    }

    /// Marks the start of a new search: older entries become replaceable first and are trusted
    /// only for move ordering (see the rule 7 scheme in the search module).
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & ((1 << AGE_BITS) - 1);
    }

    #[inline(always)]
    fn bucket(&self, hash: u64) -> &[Slot] {
        let b = ((hash as u128 * self.buckets as u128) >> 64) as usize;
        &self.slots[b * BUCKET..b * BUCKET + BUCKET]
    }

    /// Starts loading the bucket of `hash` into the cache, for a probe soon after: a large
    /// table is mostly out of the cache, and the load then overlaps with making the move.
    #[inline(always)]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let line = self.bucket(hash).as_ptr().cast::<i8>();
            // SAFETY: a prefetch only hints the cache; it reads nothing and never faults.
            unsafe { _mm_prefetch(line, _MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// Looks `hash` up.
    #[inline]
    pub fn probe(&self, hash: u64) -> Option<Hit> {
        for slot in self.bucket(hash) {
            let data = slot.data.load(Ordering::Relaxed);
            let key = slot.key.load(Ordering::Relaxed) ^ data;
            if data != 0 && key == hash {
                let mv = Move::from_bits((data & 0x3F_FFFF) as u32).filter(|m| m.bits() != 0);
                let score = ((data >> 22) & 0xF_FFFF) as i32 - SCORE_OFFSET;
                let depth = ((data >> 42) & 0xFF) as i32;
                let bound = match (data >> 50) & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    3 => Bound::Exact,
                    _ => Bound::None,
                };
                let age = (data >> 52) & ((1 << AGE_BITS) - 1);
                return Some(Hit {
                    mv,
                    score,
                    depth,
                    bound,
                    current: age == self.age,
                });
            }
        }
        None
    }

    /// Stores a result for `hash`. A missing move keeps the move already stored for it.
    #[inline]
    pub fn store(&self, hash: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        // Read first: once set, the flag's cache line stays shared between the threads.
        if !self.used.load(Ordering::Relaxed) {
            self.used.store(true, Ordering::Relaxed);
        }
        let bucket = self.bucket(hash);
        let mut victim = 0;
        let mut victim_value = i32::MAX;
        let mut old_move = 0u64;
        for (i, slot) in bucket.iter().enumerate() {
            let data = slot.data.load(Ordering::Relaxed);
            let key = slot.key.load(Ordering::Relaxed) ^ data;
            if data == 0 {
                if victim_value > i32::MIN {
                    victim = i;
                    victim_value = i32::MIN;
                }
                continue;
            }
            if key == hash {
                victim = i;
                old_move = data & 0x3F_FFFF;
                let old_depth = ((data >> 42) & 0xFF) as i32;
                let old_age = (data >> 52) & ((1 << AGE_BITS) - 1);
                // Keep a deeper result of this search unless the new one is exact.
                if old_age == self.age && old_depth > depth + 2 && bound != Bound::Exact {
                    return;
                }
                break;
            }
            let age_gap = (self.age + (1 << AGE_BITS) - ((data >> 52) & ((1 << AGE_BITS) - 1)))
                & ((1 << AGE_BITS) - 1);
            let value = ((data >> 42) & 0xFF) as i32 - 4 * age_gap as i32;
            if value < victim_value {
                victim = i;
                victim_value = value;
            }
        }
        let move_bits = mv.map_or(old_move, |m| m.bits() as u64);
        let score = (score.clamp(-SCORE_OFFSET + 1, SCORE_OFFSET - 1) + SCORE_OFFSET) as u64;
        let data = move_bits
            | (score << 22)
            | ((depth.clamp(0, 255) as u64) << 42)
            | ((bound as u64) << 50)
            | (self.age << 52);
        let slot = &bucket[victim];
        slot.key.store(hash ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }

    /// Per mille of a sample of entries written by the current search.
    pub fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && (d >> 52) & ((1 << AGE_BITS) - 1) == self.age
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_lie_on_cache_lines_and_large_tables_on_huge_pages() {
        for mib in [0, 1, 2, 3, 16] {
            let mut tt = Tt::new(mib);
            for _ in 0..2 {
                let start = tt.slots.as_ptr() as usize;
                assert_eq!(start % LINE, 0, "{mib} MiB");
                let bytes = tt.slots.len() * std::mem::size_of::<Slot>();
                if bytes >= HUGE_PAGE {
                    assert_eq!(start % HUGE_PAGE, 0, "{mib} MiB");
                }
                assert!(tt.slots.iter().all(|s| s.data.load(Ordering::Relaxed) == 0));
                tt.store(7, None, 1, 1, Bound::Exact);
                tt.clear();
            }
        }
    }

    #[test]
    fn store_and_probe() {
        let tt = Tt::new(1);
        let mv = Move::from_bits((1 << 21) | 5 | (7 << 10)).unwrap();
        tt.store(0xDEAD_BEEF, Some(mv), -1234, 7, Bound::Lower);
        let hit = tt.probe(0xDEAD_BEEF).unwrap();
        assert_eq!(hit.mv, Some(mv));
        assert_eq!(hit.score, -1234);
        assert_eq!(hit.depth, 7);
        assert_eq!(hit.bound, Bound::Lower);
        assert!(hit.current);
        assert!(tt.probe(0xDEAD_BEEE).is_none());
        tt.store(0xDEAD_BEEF, None, 99, 9, Bound::Exact);
        assert_eq!(tt.probe(0xDEAD_BEEF).unwrap().mv, Some(mv));
    }
}
