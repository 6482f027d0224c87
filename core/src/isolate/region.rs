//! One isolated region: its queue of scope tasks, its waiters, and the tag its forks carry
//! (the concept: `isolate/mod.rs`).

use crate::sleep::Sleep;
use crate::sync::job::{retry, JobRef};
use crossbeam_deque::Injector;

/// The isolated region a fork belongs to: the region's address, or [`NO_REGION`].
pub(crate) type RegionTag = usize;

/// The tag of work outside every isolated region.
pub(crate) const NO_REGION: RegionTag = 0;

/// One isolated region: its queue of scope tasks and its waiters (module docs; its forks are
/// in the lanes of the threads in it, `isolate/lane.rs`).
///
/// Memory ordering: the queue is crossbeam's; the waiters follow [`Sleep`]'s protocol.
#[derive(Debug)]
pub(crate) struct Region {
    /// Tasks of the scopes made in the region, and jobs handed on by a thread past its stack
    /// mark (`worker/wait.rs`).
    queue: Injector<JobRef>,
    /// The region's waiters: those searching its queue and those asleep.
    pub(crate) sleep: Sleep,
}

impl Region {
    pub(crate) fn new() -> Self {
        Region {
            queue: Injector::new(),
            sleep: Sleep::new(1),
        }
    }

    /// The tag of this region's forks (`worker/fork.rs`).
    #[inline]
    pub(crate) fn tag(&self) -> RegionTag {
        self as *const Region as RegionTag
    }

    /// Queues a job of this region and tells its waiters and the pool's idle workers.
    pub(crate) fn push(&self, job: JobRef, pool: &Sleep) {
        self.queue.push(job);
        self.new_work(pool);
    }

    /// Wakes a sleeping waiter of the region and a sleeping worker of the pool for the
    /// jobs just published, unless someone who can take them is searching (module docs).
    pub(crate) fn new_work(&self, pool: &Sleep) {
        self.sleep.new_work();
        pool.new_work();
    }

    /// Takes the oldest job of the region's queue.
    pub(crate) fn take(&self) -> Option<JobRef> {
        retry(|| self.queue.steal())
    }

    /// How many jobs the region's queue holds (a wait past its stack mark looks through them
    /// once: `worker/wait.rs`).
    pub(crate) fn queued(&self) -> usize {
        self.queue.len()
    }

    /// Queues a job taken from the region's queue again, unrun: it was queued, and its
    /// waiters told, already.
    pub(crate) fn put_back(&self, job: JobRef) {
        self.queue.push(job);
    }

    /// Whether the region's queue holds a job (its lanes are the workers': `isolate/lane.rs`).
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
    /// A reference to `region`, or to none.
    pub(crate) fn new(region: Option<&Region>) -> Self {
        match region {
            Some(region) => RegionRef(region),
            None => RegionRef(std::ptr::null()),
        }
    }

    /// The region, if any.
    pub(crate) fn get(&self) -> Option<&Region> {
        // SAFETY: null, or a live region (see the `Send` impl).
        unsafe { self.0.as_ref() }
    }
}
