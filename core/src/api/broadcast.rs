//! Broadcasts: run an operation once on every thread of a pool.
//!
//! One job per worker slot goes on that slot's broadcast lane, which only its holder takes
//! from, and each slot's sleeper is woken: a broadcast is the one dispatch that wakes all. A
//! worker of the pool that broadcasts runs its own slot's copy itself, at once.

use crate::pool::registry::{self, Registry};
use crate::sync::job::{HeapJob, JobRef, JobResult, StackJob};
use crate::sync::latch::{CountLatch, LatchRef};
use crate::trace;
use crate::worker::thread_state::{current_parker, WorkerThread};
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

/// What a broadcast operation knows about the thread it runs on.
///
/// # Examples
///
/// ```
/// let pool = weft_core::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
/// let mut seen = pool.broadcast(|ctx| (ctx.index(), ctx.num_threads()));
/// seen.sort();
/// assert_eq!(seen, [(0, 3), (1, 3), (2, 3)]);
/// ```
pub struct BroadcastContext<'a> {
    worker: &'a WorkerThread,
    /// Neither Send nor Sync: it describes the current thread.
    _marker: PhantomData<&'a mut dyn Fn()>,
}

impl BroadcastContext<'_> {
    /// The index of the worker running this copy of the operation.
    pub fn index(&self) -> usize {
        self.worker.index()
    }

    /// The number of threads the broadcast runs on.
    pub fn num_threads(&self) -> usize {
        self.worker.registry().num_threads()
    }
}

impl fmt::Debug for BroadcastContext<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BroadcastContext")
            .field("index", &self.index())
            .field("num_threads", &self.num_threads())
            .finish()
    }
}

/// Runs `f` with the context of the worker slot the current thread holds.
pub(crate) fn with_context<R>(f: impl FnOnce(BroadcastContext<'_>) -> R) -> R {
    let worker = WorkerThread::current_ref().expect("weft: broadcast job ran off-pool");
    f(BroadcastContext {
        worker,
        _marker: PhantomData,
    })
}

/// Runs `op` once on each thread of the current pool (or the global pool) and returns the
/// results in worker-index order.
///
/// # Panics
///
/// If `op` panics on any thread, the panic propagates once every copy has finished.
///
/// # Examples
///
/// ```
/// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// let ids = pool.install(|| weft_core::broadcast(|ctx| ctx.index()));
/// assert_eq!(ids, [0, 1]);
/// ```
pub fn broadcast<OP, R>(op: OP) -> Vec<R>
where
    OP: Fn(BroadcastContext<'_>) -> R + Sync,
    R: Send,
{
    broadcast_in(op, &registry::current_registry())
}

/// Spawns `op` once on each thread of the current pool (or the global pool), detached.
/// Panics go to the pool's panic handler.
///
/// # Examples
///
/// ```
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// use std::sync::Arc;
/// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// let hits = Arc::new(AtomicUsize::new(0));
/// let h = hits.clone();
/// pool.install(|| weft_core::spawn_broadcast(move |_| { h.fetch_add(1, Ordering::SeqCst); }));
/// pool.wait_until_stopped();
/// assert_eq!(hits.load(Ordering::SeqCst), 2);
/// ```
pub fn spawn_broadcast<OP>(op: OP)
where
    OP: Fn(BroadcastContext<'_>) + Send + Sync + 'static,
{
    spawn_broadcast_in(op, &registry::current_registry())
}

pub(crate) fn broadcast_in<OP, R>(op: OP, registry: &Arc<Registry>) -> Vec<R>
where
    OP: Fn(BroadcastContext<'_>) -> R + Sync,
    R: Send,
{
    let n = registry.num_threads();
    // A worker (of this pool or another) waits serving its own pool; others park.
    let current = WorkerThread::current_ref();
    let parker = current_parker();
    let owner = current.map_or(Arc::as_ptr(&parker), WorkerThread::parker);
    let latch = CountLatch::with_count(n, owner);
    let op = &op;
    let jobs: Vec<_> = (0..n)
        .map(|_| StackJob::new(move |_| with_context(op), LatchRef(&latch)))
        .collect();
    // A worker of this pool runs its own seat's copy itself, rather than wait for a worker
    // of its seat (it may be waiting inside an isolated region, which takes no broadcast).
    let own = current
        .filter(|w| Arc::ptr_eq(w.registry(), registry))
        .map(|w| (w, w.index()));
    // SAFETY: the jobs stay in `jobs` until the latch says all of them ran.
    let job_ref = |job: &StackJob<_, _, _>| unsafe { job.as_job_ref() };
    registry.inject_broadcast_to(
        (0..n)
            .filter(|&i| own.map(|(_, index)| index) != Some(i))
            .map(|i| (i, job_ref(&jobs[i]))),
    );
    if let Some((worker, index)) = own {
        // SAFETY: as above; this seat's copy was queued nowhere else, so it runs once.
        unsafe { worker.execute(job_ref(&jobs[index])) };
    }
    match current {
        Some(worker) => worker.wait_until(latch.core()),
        None => trace::waiting(|| latch.core().wait_parked(&parker)),
    }
    // Every outcome is taken before the first panic resumes, so the others are dropped.
    let results: Vec<_> = jobs
        .into_iter()
        // SAFETY: the latch is set: every job was executed.
        .map(|job| unsafe { job.take_result() })
        .collect();
    results
        .into_iter()
        .map(JobResult::into_return_value)
        .collect()
}

pub(crate) fn spawn_broadcast_in<OP>(op: OP, registry: &Arc<Registry>)
where
    OP: Fn(BroadcastContext<'_>) + Send + Sync + 'static,
{
    let op = Arc::new(op);
    let jobs: Vec<JobRef> = (0..registry.num_threads())
        .map(|_| {
            let op = op.clone();
            let r = registry.clone();
            r.retain_handle();
            let job = HeapJob::new(move || {
                r.catch_unwind(|| with_context(|ctx| op(ctx)));
                r.release_handle();
            });
            // SAFETY: the job owns everything it uses ('static).
            unsafe { job.into_job_ref() }
        })
        .collect();
    registry.inject_broadcast(jobs.into_iter());
}
