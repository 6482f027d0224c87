//! `isolate`: waits that run only the work made inside them.
//!
//! A waiting worker runs other work on top of its stack (`wait.rs`). Usually that is what
//! keeps the pool busy, but a wait inside a critical section may then run a job that takes
//! the same lock, and deadlock (rayon#592): the job blocks on the lock, and the lock's holder
//! is the thread the job runs on. An **isolated region** fixes that: while a thread waits
//! inside [`isolate`], it runs only jobs made inside the region.
//!
//! # Regions
//!
//! A [`Region`] is made by each `isolate` call on a worker and registered with its pool
//! while the call lasts. Every thread has a current region (none outside `isolate`), and
//! every job belongs to one:
//!
//! * a fork (`join`'s second half) belongs to its thread's current region;
//! * a scope's tasks belong to the region the scope was made in, wherever they are spawned
//!   from (so a scope made inside a region is part of it, and one made outside is not);
//! * detached work (`spawn`, `spawn_fifo`, `spawn_future`, broadcasts) belongs to no region:
//!   it outlives any region, and runs anywhere.
//!
//! A thread runs a job in the job's region: it makes that region its current one for the
//! job's duration. So a job of region R, stolen by another worker, makes that worker part of
//! R while it runs: its forks, and its waits, are R's too. Region membership is transitive
//! and needs no bookkeeping beyond one pointer per thread.
//!
//! # Where a region's jobs wait
//!
//! crossbeam's deques cannot be filtered, so a region's jobs never share a queue with other
//! work. A thread whose current region is R publishes its forks to its **lane** for R
//! (`lane.rs`: a deque of its own, registered with its region so that others can steal from
//! it) instead of its deque; R's scope tasks, which any thread may spawn, go to R's own
//! queue (a FIFO injector). A thread's deque holds only work of no region; its private fork
//! stack holds only forks of its current region, which it records in the stack (`fork.rs`)
//! so that a cold steal runs the fork in the right region. A thread publishes its forks
//! before it changes region, so the forks it made before entering R go where they belong.
//!
//! Who takes a region's jobs:
//!
//! * a thread waiting inside R takes only R's: its own lane for R (where a join finds its
//!   published second half again), R's queue, other workers' lanes for R; never its deque,
//!   the injector, other workers' deques, broadcasts, or other regions, nested ones included;
//! * a worker that is in no region steals from every lane and every region's queue as well
//!   as from everything else, and runs what it takes in the job's region.
//!
//! Work outside the region thus keeps running on the other workers.
//!
//! # The isolated wait, and why no wake-up is lost
//!
//! A thread waiting inside R for a latch (`wait.rs`, `wait_isolated`) runs R's jobs while
//! there are any, then searches R's queue for a few microseconds, then sleeps on R's own
//! [`Sleep`]: the pool's sleep protocol (`sleep/README.md`), applied to R's waiters and R's
//! queue only. It keeps its seat while it sleeps (only `blocking` hands a seat over). It
//! wakes when:
//!
//! * **its latch is set**, e.g. by another worker that stole R's job and finished it there:
//!   the latch protocol (`latch.rs`) raises the latch to `SLEEPING` after the waiter
//!   registered, and the setter, swapping in `SET`, unparks it; the parker's token persists
//!   if that happens between the re-check and the park;
//! * **R gets a job**: whoever publishes one of R's jobs (a fork to its lane, a scope task to
//!   R's queue) then calls `new_work` on R's `Sleep` (rule "work vs. sleeper": the
//!   publisher's fence and the sleeper's registration-then-fence-then-re-check of R's queue
//!   and of every lane for R, so one sees the other), and R's last searcher to stop hands
//!   the search on (rule "searchers must not leave silently").
//!
//! A job queued in R while every R waiter sleeps, or is past its stack mark, or runs, is not
//! stranded: the publisher also calls `new_work` on the *pool's* `Sleep`, and every worker in
//! no region counts R's queue and lanes as work (`work_visible`, re-checked after its sleep
//! fence); and a waiter past its stack mark looks through R's queue for its own scope's
//! tasks (`wait.rs`, rule 1).
//!
//! An isolated waiter is never counted as searching or sleeping by the pool's `Sleep` (it
//! would absorb wake-ups meant for work it will not take); it is counted only in the
//! `takers` field that forks read as "someone wants forks published", so that forks made
//! inside R are published where R's idle waiters can take them.
//!
//! # What isolation does not cover
//!
//! A broadcast runs on every seat: a seat whose worker is waiting inside a region runs its
//! copy once that wait ends (the broadcasting thread's own copy runs inline, `broadcast.rs`),
//! so a region that waits for a broadcast's other copies while another seat's worker waits in
//! a region of its own for the first one deadlocks. Detached work the region waits for by
//! other means (a channel fed by a `spawn`) runs on the other workers.

use crate::fork::RegionTag;
use crate::job::JobRef;
use crate::registry::Registry;
use crate::sleep::Sleep;
use crate::worker::{retry, WorkerThread};
use crossbeam_deque::Injector;
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

/// One isolated region: its queue of scope tasks and its waiters (module docs; its forks are
/// in the lanes of the threads in it, `lane.rs`).
///
/// Memory ordering: the queue is crossbeam's; the waiters follow [`Sleep`]'s protocol.
#[derive(Debug)]
pub(crate) struct Region {
    /// Tasks of the scopes made in the region, and jobs handed on by a thread past its stack
    /// mark (`wait.rs`).
    queue: Injector<JobRef>,
    /// The region's waiters: those searching its queue and those asleep.
    pub(crate) sleep: Sleep,
}

impl Region {
    fn new() -> Self {
        Region {
            queue: Injector::new(),
            sleep: Sleep::new(),
        }
    }

    /// The tag of this region's forks (`fork.rs`).
    #[inline]
    pub(crate) fn tag(&self) -> RegionTag {
        self as *const Region as RegionTag
    }

    /// Queues a job of this region and tells its waiters and the pool's idle workers.
    pub(crate) fn push(&self, job: JobRef, registry: &Registry) {
        self.queue.push(job);
        self.new_work(registry);
    }

    /// Wakes a sleeping waiter of the region and a sleeping worker of the pool for the
    /// jobs just published, unless someone who can take them is searching (module docs).
    pub(crate) fn new_work(&self, registry: &Registry) {
        self.sleep.new_work();
        registry.sleep.new_work();
    }

    /// Takes the oldest job of the region's queue.
    pub(crate) fn take(&self) -> Option<JobRef> {
        retry(|| self.queue.steal())
    }

    /// How many jobs the region's queue holds (a wait past its stack mark looks through them
    /// once: `wait.rs`).
    pub(crate) fn queued(&self) -> usize {
        self.queue.len()
    }

    /// Queues a job taken from the region's queue again, unrun: it was queued, and its
    /// waiters told, already.
    pub(crate) fn put_back(&self, job: JobRef) {
        self.queue.push(job);
    }

    /// Whether the region's queue holds a job (its lanes are the workers': `lane.rs`).
    pub(crate) fn has_work(&self) -> bool {
        !self.queue.is_empty()
    }
}

/// A region a scope belongs to, or none: what a scope keeps of the region it was made in.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RegionRef(*const Region);

// SAFETY: a `Region` is `Sync` (its queue and its `Sleep` are), and a scope made inside a
// region ends before the region does (the `isolate` call waits for everything made in it),
// so the pointer is valid wherever the scope's handle travels.
unsafe impl Send for RegionRef {}
// SAFETY: as above.
unsafe impl Sync for RegionRef {}

impl RegionRef {
    /// The current region of `worker`, if `worker` serves `registry` (a scope of another pool
    /// belongs to no region: regions are per pool).
    pub(crate) fn of(worker: Option<&WorkerThread>, registry: &Arc<Registry>) -> Self {
        match worker {
            Some(w) if Arc::ptr_eq(w.registry(), registry) => {
                RegionRef(w.region().map_or(std::ptr::null(), |r| r as *const Region))
            }
            _ => RegionRef(std::ptr::null()),
        }
    }

    /// The region, if any.
    pub(crate) fn get(&self) -> Option<&Region> {
        // SAFETY: null, or a live region (see the `Send` impl).
        unsafe { self.0.as_ref() }
    }
}

impl WorkerThread {
    /// Runs `op` inside a new region of this worker's pool (see [`isolate`]).
    pub(crate) fn isolated<R>(&self, op: impl FnOnce() -> R) -> R {
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
