//! `blocking`: keep every core computing while a task blocks.
//!
//! The mechanism — a monitor that lends a blocked worker's seat to a cached spare thread once
//! the call has blocked for a while, and the surplus stepping aside when it returns — is in
//! `blocking/handoff.rs` (the protocol) and `blocking/monitor.rs` (the thread); the spare threads'
//! cache in `blocking/cache.rs`.

#[cfg(not(weft_loom))]
pub(crate) mod cache;
pub(crate) mod handoff;
#[cfg(not(weft_loom))]
pub(crate) mod monitor;

#[cfg(not(weft_loom))]
use crate::worker::thread_state::WorkerThread;

/// Runs `f`, which may block (I/O, a lock, a sleep, a channel), without costing the pool a
/// core.
///
/// Called on a pool worker: if `f` is still running after a while (tens of microseconds, see
/// below), a spare thread — one
/// cached from earlier, else a new one made through the pool's spawn handler — takes over the
/// worker's seat, so the pool's other work goes on at full width and the jobs this worker
/// queued stay reachable. When `f` returns, this thread **continues at once**; it never waits
/// for the spare, whose job may need a lock this thread holds. For a moment the pool then runs
/// one thread more than its size, until one of the two reaches a job boundary and steps aside
/// to the cache. Spares wait in the cache for the pool's keep-alive
/// ([`ThreadPoolBuilder::keep_alive`](crate::ThreadPoolBuilder::keep_alive)), then exit.
///
/// A call that does not block costs a store, a SeqCst fence, a load and a compare-exchange, so
/// it is fine to wrap a call that only *might* block. A call may also start the monitor (when
/// it is not running) or wake it (when it is parked), which then polls for a while (below).
/// Inside `f` the thread is still the pool's worker (`current_thread_index()` does not change); a
/// nested `blocking` just runs its closure.
///
/// Called outside any pool, it just runs `f`. When no spare can be had (the pool already has
/// `max_blocking_threads` threads beyond its size, or none can be spawned) the worker keeps
/// its seat while it blocks: its queued jobs are still taken by the pool's other workers, and
/// the hand-off is retried until a spare frees up.
///
/// # How long is a while
///
/// A monitor thread checks blocked workers every 50 µs while any `blocking` call is in flight
/// and hands off a seat whose worker has been blocked across a whole check (one to two intervals,
/// plus the timer's slack); after about 10 ms without a blocked worker it parks, so an idle
/// pool burns nothing.
///
/// # Panics
///
/// A panic in `f` propagates to the caller; the pool keeps its width.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// let n = pool.install(|| {
///     weft_core::blocking(|| std::thread::sleep(Duration::from_millis(5)));
///     42
/// });
/// assert_eq!(n, 42);
/// assert_eq!(pool.metrics().blocking_calls, 1);
/// ```
#[cfg(not(weft_loom))]
pub fn blocking<F, R>(f: F) -> R
where
    F: FnOnce() -> R,
{
    match WorkerThread::current_ref() {
        Some(worker) if !worker.in_blocking() => {
            worker.shared().counters.blocking_call();
            let _end = End {
                worker,
                word: handoff::begin(worker),
            };
            f()
        }
        _ => f(),
    }
}

/// Ends a `blocking` call when dropped, also when `f` panics.
#[cfg(not(weft_loom))]
struct End<'a> {
    worker: &'a WorkerThread,
    word: u64,
}

#[cfg(not(weft_loom))]
impl Drop for End<'_> {
    #[inline]
    fn drop(&mut self) {
        handoff::end(self.worker, self.word);
    }
}
