//! What the calling thread can ask about the pool it runs in.

use crate::pool::metrics::Metrics;
use crate::pool::registry;
use crate::worker::thread_state::WorkerThread;

/// The number of threads of the current pool (the one this thread works for, else the
/// global pool).
///
/// # Examples
///
/// ```
/// assert!(weft_core::current_num_threads() >= 1);
/// ```
pub fn current_num_threads() -> usize {
    match WorkerThread::current_ref() {
        Some(worker) => worker.registry().num_threads(),
        None => registry::global_registry().num_threads(),
    }
}

/// The current thread's worker index in its pool, or `None` outside every pool.
///
/// # Examples
///
/// ```
/// assert_eq!(weft_core::current_thread_index(), None);
/// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// assert!(pool.install(weft_core::current_thread_index).unwrap() < 2);
/// ```
pub fn current_thread_index() -> Option<usize> {
    WorkerThread::current_ref().map(WorkerThread::index)
}

/// Whether the current thread is a pool worker with jobs of its own queued (`None` outside
/// every pool).
///
/// # Examples
///
/// ```
/// assert_eq!(weft_core::current_thread_has_pending_tasks(), None);
/// let pool = weft_core::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
/// assert_eq!(pool.install(weft_core::current_thread_has_pending_tasks), Some(false));
/// ```
pub fn current_thread_has_pending_tasks() -> Option<bool> {
    WorkerThread::current_ref().map(WorkerThread::has_local_work)
}

/// The counters of the current pool (the one this thread works for, else the global pool).
///
/// # Examples
///
/// ```
/// weft_core::join(|| (), || ());
/// assert!(weft_core::metrics().jobs_executed >= 1);
/// ```
pub fn metrics() -> Metrics {
    registry::current_registry().metrics()
}

/// What [`yield_now`] or [`yield_local`] did.
///
/// # Examples
///
/// ```
/// assert_eq!(weft_core::yield_now(), None); // not on a worker
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Yield {
    /// A pending job was run.
    Executed,
    /// No job was waiting.
    Idle,
}

impl Yield {
    pub(crate) fn from_ran(ran: bool) -> Self {
        if ran {
            Yield::Executed
        } else {
            Yield::Idle
        }
    }
}

/// On a worker, runs one pending job from anywhere in its pool (if any) and says which;
/// `None` outside every pool. Lets long-running work cooperate.
///
/// # Examples
///
/// ```
/// let pool = weft_core::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
/// assert!(pool.install(weft_core::yield_now).is_some());
/// ```
pub fn yield_now() -> Option<Yield> {
    WorkerThread::current_ref().map(|w| Yield::from_ran(w.yield_now()))
}

/// Like [`yield_now`], but only from the current worker's own deque.
///
/// # Examples
///
/// ```
/// let pool = weft_core::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
/// assert_eq!(pool.install(weft_core::yield_local), Some(weft_core::Yield::Idle));
/// ```
pub fn yield_local() -> Option<Yield> {
    WorkerThread::current_ref().map(|w| Yield::from_ran(w.yield_local()))
}
