//! How a worker enters and leaves an isolated region: the public [`isolate`] (the concept:
//! `isolate/mod.rs`; the isolated wait: `worker/wait.rs`).

use crate::isolate::region::{Region, RegionTag};
use crate::pool::registry::Registry;
use crate::worker::thread_state::WorkerThread;
use std::sync::Arc;

/// Runs `op` so that, while the calling thread waits inside it (in a `join`, a scope, a
/// parallel iterator, an `install` into another pool), it runs only work made inside `op`:
/// the forks and scope tasks `op` makes, transitively (also those made by other threads
/// while they run `op`'s stolen work). Work from outside keeps running on the pool's other
/// workers; a waiting isolated thread that has none of its own work parks rather than spin,
/// keeping its seat.
///
/// Use it around parallel work done while holding a lock that other jobs of the pool may
/// take: without it, the waiting thread may steal such a job, which then blocks on the lock
/// its own thread holds (rayon#592).
///
/// Called outside any pool, it just runs `op` (a thread that is no worker never runs other
/// work while it waits). Detached work (`spawn`, `spawn_fifo`, `spawn_future`) made inside
/// `op` is not part of the region: it runs like any other spawned job. A scope made outside
/// `op` stays outside it, even for tasks spawned from inside `op`.
///
/// # Panics
///
/// A panic in `op` propagates to the caller once `op`'s forks and scopes have finished; the
/// pool survives.
///
/// # Examples
///
/// ```
/// use std::sync::Mutex;
/// let total = Mutex::new(0u64);
/// let pool = weft_core::ThreadPoolBuilder::new().num_threads(4).build().unwrap();
/// pool.scope(|s| {
///     for _ in 0..8 {
///         s.spawn(|_| {
///             let mut total = total.lock().unwrap();
///             // While this thread waits for the halves, it takes no other task of the
///             // scope, so it never blocks on the lock it holds.
///             let (a, b) = weft_core::isolate(|| {
///                 weft_core::join(|| (0..500u64).sum::<u64>(), || (500..1000u64).sum::<u64>())
///             });
///             *total += a + b;
///         });
///     }
/// });
/// assert_eq!(total.into_inner().unwrap(), 8 * 499_500);
/// ```
pub fn isolate<OP, R>(op: OP) -> R
where
    OP: FnOnce() -> R,
{
    match WorkerThread::current_ref() {
        Some(worker) => worker.isolated(op),
        None => op(),
    }
}

impl WorkerThread {
    /// Runs `op` inside a new region of this worker's pool (see [`isolate`]).
    pub(crate) fn isolated<R>(&self, op: impl FnOnce() -> R) -> R {
        crate::isolate::enable();
        // The forks made so far belong to the outer region: publish them there first.
        self.publish_forks();
        let region = Arc::new(Region::new());
        self.registry().regions.add(region.clone());
        let outer = self.enter_region(region.tag());
        let _leave = Leave {
            worker: self,
            outer,
            region,
        };
        op()
    }

    /// The region a scope this worker makes for `registry` belongs to: its current region if
    /// it serves `registry` (a scope of another pool belongs to no region: regions are per
    /// pool).
    pub(crate) fn scope_region(&self, registry: &Arc<Registry>) -> Option<&Region> {
        if Arc::ptr_eq(self.registry(), registry) {
            self.region()
        } else {
            None
        }
    }
}

/// Leaves an isolated region when dropped, also when its `op` panics.
struct Leave<'a> {
    worker: &'a WorkerThread,
    outer: RegionTag,
    region: Arc<Region>,
}

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        // Every join and scope made inside has finished, so nothing of the region is left.
        debug_assert!(!self.region.has_work(), "a region ended with jobs queued");
        self.worker.leave_region(self.outer);
        self.worker.registry().regions.remove(&self.region);
    }
}
