//! `isolate`: waits that run only the work made inside them.
//!
//! A waiting worker runs other work on top of its stack (`worker/wait.rs`). Usually that is what
//! keeps the pool busy, but a wait inside a critical section may then run a job that takes
//! the same lock, and deadlock (rayon#592): the job blocks on the lock, and the lock's holder
//! is the thread the job runs on. An **isolated region** fixes that: while a thread waits
//! inside [`isolate`](fn@crate::isolate), it runs only jobs made inside the region.
//!
//! # Regions
//!
//! A [`Region`](region::Region) is made by each `isolate` call on a worker and registered with its
//! pool while the call lasts. Every thread has a current region (none outside `isolate`), and
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
//! (`isolate/lane.rs`: a deque of its own, registered with its region so that others can steal from
//! it) instead of its deque; R's scope tasks, which any thread may spawn, go to R's own
//! queue (a FIFO injector). A thread's deque holds only work of no region; its private fork
//! stack holds only forks of its current region, which it records in the stack (`worker/fork.rs`)
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
//! A thread waiting inside R for a latch (`worker/wait.rs`, `wait_isolated`) runs R's jobs while
//! there are any, then searches R's queue for a few microseconds, then sleeps on R's own
//! [`Sleep`](crate::sleep::Sleep): the pool's sleep protocol (`sleep/README.md`), applied to R's
//! waiters and R's queue only. It keeps its seat while it sleeps (only `blocking` hands a seat
//! over). It wakes when:
//!
//! * **its latch is set**, e.g. by another worker that stole R's job and finished it there:
//!   the latch protocol (`sync/latch.rs`) raises the latch to `SLEEPING` after the waiter
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
//! tasks (`worker/wait.rs`, rule 1).
//!
//! An isolated waiter is never counted as searching or sleeping by the pool's `Sleep` (it
//! would absorb wake-ups meant for work it will not take); it is counted only in the
//! `takers` field that forks read as "someone wants forks published", so that forks made
//! inside R are published where R's idle waiters can take them.
//!
//! # What isolation does not cover
//!
//! A broadcast runs on every seat: a seat whose worker is waiting inside a region runs its
//! copy once that wait ends (the broadcasting thread's own copy runs inline, `api/broadcast.rs`),
//! so a region that waits for a broadcast's other copies while another seat's worker waits in
//! a region of its own for the first one deadlocks. Detached work the region waits for by
//! other means (a channel fed by a `spawn`) runs on the other workers.
//!
//! # Where it lives
//!
//! This folder holds what a region is: [`region::Region`] (its queue and waiters) and the tag
//! its forks carry, and the lanes a thread publishes a region's forks to (`isolate/lane.rs`). How a
//! worker enters and leaves a region, and the public `isolate`, are the worker's
//! (`worker/isolated.rs`); its isolated wait is `worker/wait.rs`'s `wait_isolated`. A worker
//! reaches its paths inside regions (that wait, running another region's job, pushing on a
//! lane) through [`paths`], which the first `isolate` sets: a program that never isolates does
//! not link them.

#[cfg(not(weft_loom))]
pub(crate) mod lane;
pub(crate) mod region;

#[cfg(not(weft_loom))]
use crate::sync::job::JobRef;
#[cfg(not(weft_loom))]
use crate::sync::latch::CoreLatch;
#[cfg(not(weft_loom))]
use crate::worker::thread_state::WorkerThread;
#[cfg(not(weft_loom))]
use region::{Region, RegionTag};
#[cfg(not(weft_loom))]
use std::sync::OnceLock;

/// A worker's paths inside regions, reached through [`paths`]: a program that never calls
/// `isolate` does not link them.
#[cfg(not(weft_loom))]
pub(crate) struct RegionPaths {
    /// Runs a job of another region than the worker's, in that region
    /// (`WorkerThread::execute_in_region`).
    pub(crate) execute_in: unsafe fn(&WorkerThread, JobRef, RegionTag),
    /// Waits for a latch inside a region (`WorkerThread::wait_isolated`).
    pub(crate) wait: fn(&WorkerThread, &Region, &CoreLatch),
    /// Pushes a job on the worker's lane for its region (`WorkerThread::push_lane_now`).
    pub(crate) push_lane: fn(&WorkerThread, JobRef),
}

/// Set by the first `isolate` ([`enable`]). A worker is inside a region, or meets a region's
/// job, only after some thread made that region, so after this was set: on that thread, or
/// through the queue or roster that carried the region's job or tag (their Release and
/// Acquire).
#[cfg(not(weft_loom))]
static PATHS: OnceLock<RegionPaths> = OnceLock::new();

/// Links the region paths (called by `isolate`).
#[cfg(not(weft_loom))]
#[inline]
pub(crate) fn enable() {
    PATHS.get_or_init(|| RegionPaths {
        execute_in: WorkerThread::execute_in_region,
        wait: WorkerThread::wait_isolated,
        push_lane: WorkerThread::push_lane_now,
    });
}

/// The region paths, for a worker inside a region or running a region's job.
#[cfg(not(weft_loom))]
pub(crate) fn paths() -> &'static RegionPaths {
    match PATHS.get() {
        Some(paths) => paths,
        None => not_enabled(),
    }
}

#[cfg(not(weft_loom))]
#[cold]
#[inline(never)]
fn not_enabled() -> ! {
    panic!("weft: a region path taken before any isolate")
}
