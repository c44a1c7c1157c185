//! What the threads of one search share (Lazy SMP): the table, the stop flags, the node count,
//! the limits, and a table of the nodes being searched right now, so that threads spread out
//! instead of repeating each other.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use super::eval::network::NetworkChoice;
use super::eval::Weights;
use super::params::{LmrTable, SearchParams};
use super::time::TimeManager;
use super::tt::Tt;
use super::worker::RootMove;
use super::SearchConfig;

/// What all threads of one search share.
pub struct Shared<'a> {
    /// The table.
    pub tt: &'a Tt,
    /// The caller's stop flag.
    pub stop: &'a AtomicBool,
    /// Set by the main thread when it is done, to stop the helpers.
    pub abort: AtomicBool,
    /// Nodes of all threads (flushed every few hundred nodes). On a cache line of its own: the
    /// threads write it often, and the fields they read at every node must not share its line.
    pub nodes: CacheLine<AtomicU64>,
    /// The time budget.
    pub time: TimeManager<'a>,
    /// Node budget.
    pub node_limit: Option<u64>,
    /// Pruning switches.
    pub config: SearchConfig,
    /// The search's numbers...
    pub params: SearchParams,
    /// ...and the late move reductions made from them.
    pub(crate) lmr: &'a LmrTable,
    /// Evaluation weights.
    pub weights: Weights,
    /// The networks that evaluate in place of the weights, where one fits the game.
    pub networks: &'a NetworkChoice,
    /// The deepest iteration a helper thread completed, with its root moves (best first).
    pub helper_best: Mutex<Option<(u32, u32, Vec<RootMove>)>>,
    /// The depth limit: the first thread to complete it ends the search.
    pub max_depth: u32,
    /// Number of search threads.
    pub threads: usize,
    /// Hashes of nodes some thread is searching now (a slot per hash's low bits; empty with
    /// one thread). Lazy SMP's threads otherwise walk the same tree in the same order, one
    /// repeating what the other is doing; a thread that meets a move whose position another
    /// thread is busy with puts it off to the end of its list (as in ABDADA), and by the time it
    /// comes back the table usually holds the result. A slot overwritten by another node only
    /// loses a hint: the marks order moves, never change a result.
    pub busy: Box<[AtomicU64]>,
}

/// Slots of the busy table (a power of two).
pub const BUSY_SLOTS: usize = 1 << 14;
impl Shared<'_> {
    #[inline]
    fn busy_slot(&self, hash: u64) -> &AtomicU64 {
        &self.busy[(hash as usize) & (self.busy.len() - 1)]
    }

    /// Marks `hash` busy; false if another thread already had it (it then stays theirs).
    #[inline]
    pub(super) fn mark_busy(&self, hash: u64) -> bool {
        let slot = self.busy_slot(hash);
        if slot.load(Ordering::Relaxed) == hash {
            return false;
        }
        slot.store(hash, Ordering::Relaxed);
        true
    }

    /// Clears the mark of `hash` if the slot still holds it.
    #[inline]
    pub(super) fn unmark_busy(&self, hash: u64) {
        let _ =
            self.busy_slot(hash)
                .compare_exchange(hash, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Whether some thread is searching `hash` now.
    #[inline]
    pub(super) fn is_busy(&self, hash: u64) -> bool {
        self.busy_slot(hash).load(Ordering::Relaxed) == hash
    }
}

/// A value alone on its (128-byte, adjacent-line prefetch included) cache line.
#[repr(align(128))]
#[derive(Default, Debug)]
pub struct CacheLine<T>(pub T);

impl<T> std::ops::Deref for CacheLine<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}
