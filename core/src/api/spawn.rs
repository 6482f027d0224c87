//! Detached tasks: `spawn` and `spawn_fifo` queue a `'static` job and return at once.
//!
//! Submitting never waits: the job goes on the spawning worker's deque, or the pool's
//! injector from outside, however busy the workers are. Each queued job keeps its pool alive
//! until it has run.

use crate::pool::registry::{self, Registry};
use crate::sync::job::{HeapJob, JobRef};
use crate::worker::thread_state::WorkerThread;
use std::sync::Arc;

/// Queues `func` on the current pool (or the global pool) and returns at once.
///
/// # Panics
///
/// A panic in `func` goes to the pool's panic handler (default: printed to stderr); the pool
/// goes on.
///
/// # Examples
///
/// ```
/// use std::sync::mpsc::channel;
/// let (tx, rx) = channel();
/// weft_core::spawn(move || tx.send(21 * 2).unwrap());
/// assert_eq!(rx.recv().unwrap(), 42);
/// ```
pub fn spawn<F>(func: F)
where
    F: FnOnce() + Send + 'static,
{
    spawn_in(func, &registry::current_registry());
}

/// Like [`spawn`], but jobs spawned from one thread start in FIFO order.
///
/// # Panics
///
/// As [`spawn`].
///
/// # Examples
///
/// ```
/// use std::sync::mpsc::channel;
/// let (tx, rx) = channel();
/// weft_core::spawn_fifo(move || tx.send("done").unwrap());
/// assert_eq!(rx.recv().unwrap(), "done");
/// ```
pub fn spawn_fifo<F>(func: F)
where
    F: FnOnce() + Send + 'static,
{
    spawn_fifo_in(func, &registry::current_registry());
}

pub(crate) fn spawn_in<F>(func: F, registry: &Arc<Registry>)
where
    F: FnOnce() + Send + 'static,
{
    registry.inject_or_push(detached_job(func, registry));
}

pub(crate) fn spawn_fifo_in<F>(func: F, registry: &Arc<Registry>)
where
    F: FnOnce() + Send + 'static,
{
    let job = detached_job(func, registry);
    match WorkerThread::current_ref() {
        Some(worker) if Arc::ptr_eq(worker.registry(), registry) => worker.push_fifo(job),
        _ => {
            registry.inject(job);
        }
    }
}

/// Boxes `func` as a job that keeps `registry` alive until it has run.
fn detached_job<F>(func: F, registry: &Arc<Registry>) -> JobRef
where
    F: FnOnce() + Send + 'static,
{
    registry.retain_handle();
    let r = registry.clone();
    let job = HeapJob::new(move || {
        r.catch_unwind(func);
        r.release_handle();
    });
    // SAFETY: the job owns everything it uses ('static).
    unsafe { job.into_job_ref() }
}
