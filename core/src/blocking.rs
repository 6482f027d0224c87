//! `blocking`: keep every core computing while a task blocks, on cached spare threads.
//!
//! A worker about to block lends its slot (its deque and its place among the N computing
//! threads) to a spare thread: one from the cache if any waits there, else a new one. The
//! spare runs the slot's top-level loop, so the pool keeps N threads computing and the
//! blocked worker's queued jobs stay reachable. When the blocking call returns, its thread
//! reclaims the slot through the slot's [`Baton`](crate::handoff::Baton): the current holder
//! hands it back at its next top level (after its current job) and goes to the cache, or, if
//! it is only waiting inside a join or scope, lends it and waits off-slot (its wait may be for
//! the very work the claimant is doing). A cached thread waits for a keep-alive (60 s by
//! default) and then exits.

use crate::handoff::Claim;
use crate::metrics::SpareCounters;
use crate::registry::Registry;
use crate::unwind;
use crate::worker::{current_parker, Exit, WorkerThread};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Runs `f`, which may block (I/O, a lock, a sleep), without costing the pool a core.
///
/// Called on a pool worker, the worker's slot is handed to a spare thread (reused from the
/// cache, else spawned) for as long as `f` runs, so the pool's other work goes on at full
/// width; when `f` returns, this thread takes its slot back once the spare finishes the job it
/// is running. Inside `f` the thread is not a pool worker: pool calls made there (a `join`,
/// a nested `blocking`) behave as from outside any pool.
///
/// Called outside any pool, it just runs `f`. When the cache is empty and the pool already has
/// `max_blocking_threads` threads beyond its N, or no thread can be spawned, it runs `f` in
/// place and the worker is lost to the pool while it blocks.
///
/// # Panics
///
/// A panic in `f` propagates to the caller after the slot is taken back; the pool keeps its N
/// computing threads.
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
pub fn blocking<F, R>(f: F) -> R
where
    F: FnOnce() -> R,
{
    let Some(worker) = WorkerThread::current_ref() else {
        return f();
    };
    let registry = worker.registry_arc();
    let spares = &registry.spares;
    SpareCounters::bump(&spares.counters.blocking_calls);
    let index = worker.index();
    WorkerThread::clear_current();
    if !spares.dispatch(&registry, index) {
        // SAFETY: nobody else was given the slot; we take it straight back.
        unsafe { WorkerThread::set_current(registry.slot(index)) };
        return f();
    }
    let result = unwind::halt_unwinding(f);
    reclaim(&registry, index).wait();
    // SAFETY: the baton passed us the slot; its previous holder has let go of it.
    unsafe { WorkerThread::set_current(registry.slot(index)) };
    match result {
        Ok(value) => value,
        Err(payload) => unwind::resume_unwinding(payload),
    }
}

/// Files a claim on slot `index` and wakes its holder if it sleeps.
pub(crate) fn reclaim(registry: &Registry, index: usize) -> Arc<Claim> {
    let claim = registry.thread_infos[index].baton.request(current_parker());
    registry.sleep.wake_index(index);
    claim
}

/// Holds slot `first`, then whatever slots this thread is handed, until the pool terminates
/// or the thread has idled in the cache for the keep-alive.
pub(crate) fn serve(registry: &Arc<Registry>, first: usize) {
    let mut index = first;
    loop {
        let slot = registry.slot(index);
        // SAFETY: this thread was given slot `index` (by the builder or a dispatch) and nobody
        // else holds it.
        unsafe { WorkerThread::set_current(slot) };
        // SAFETY: we hold the slot; the registry keeps it alive.
        let exit = unsafe { &*slot }.run_top_level();
        WorkerThread::clear_current();
        if exit == Exit::Terminate {
            return;
        }
        let passed = registry.thread_infos[index].baton.pass();
        debug_assert!(passed, "slot {index} left for a reclaim that was not there");
        match registry.spares.wait_for_slot() {
            Some(next) => index = next,
            None => return,
        }
    }
}

/// A cached thread's mailbox: the slot it is handed, if any.
#[derive(Debug, Default)]
struct Seat {
    assigned: Mutex<Option<usize>>,
    cv: Condvar,
}

/// The cache of spare threads, and how many threads the pool has beyond its N.
///
/// Every thread of the pool either holds a slot or waits in the cache (or is inside
/// `blocking`, about to claim one back), so the threads beyond N are exactly as many as were
/// spawned as spares and have not retired: `extra` counts them, under `max_extra`.
#[derive(Debug)]
pub(crate) struct Spares {
    idle: Mutex<Vec<Arc<Seat>>>,
    extra: AtomicUsize,
    max_extra: usize,
    keep_alive: Duration,
    shut_down: AtomicBool,
    pub(crate) counters: SpareCounters,
}

impl Spares {
    pub(crate) fn new(keep_alive: Duration, max_extra: usize) -> Self {
        Spares {
            idle: Mutex::new(Vec::new()),
            extra: AtomicUsize::new(0),
            max_extra,
            keep_alive,
            shut_down: AtomicBool::new(false),
            counters: SpareCounters::default(),
        }
    }

    pub(crate) fn counters(&self) -> &SpareCounters {
        &self.counters
    }

    /// Gives slot `index` to a cached thread, else to a new one. False if the cache is empty
    /// and the cap is reached, or no thread could be spawned.
    fn dispatch(&self, registry: &Arc<Registry>, index: usize) -> bool {
        let seat = self.idle.lock().unwrap().pop();
        if let Some(seat) = seat {
            *seat.assigned.lock().unwrap() = Some(index);
            seat.cv.notify_one();
            SpareCounters::bump(&self.counters.reused);
            return true;
        }
        let reserved = self
            .extra
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                (n < self.max_extra).then_some(n + 1)
            });
        if reserved.is_err() {
            return false;
        }
        let mut builder = std::thread::Builder::new();
        if let Some(name) = registry.thread_name(index) {
            builder = builder.name(name);
        }
        if let Some(size) = registry.stack_size {
            builder = builder.stack_size(size);
        }
        registry.thread_spawning();
        let r = registry.clone();
        let spawned = builder.spawn(move || {
            r.thread_started(index);
            serve(&r, index);
            r.call_exit_handler(index);
            r.thread_exited();
        });
        match spawned {
            Ok(_) => {
                SpareCounters::bump(&self.counters.started);
                true
            }
            Err(_) => {
                registry.thread_exited();
                self.extra.fetch_sub(1, Ordering::Relaxed);
                false
            }
        }
    }

    /// Waits in the cache for a slot. `None` after the keep-alive, or when the pool shuts down.
    fn wait_for_slot(&self) -> Option<usize> {
        let seat = Arc::new(Seat::default());
        {
            let mut idle = self.idle.lock().unwrap();
            if self.shut_down.load(Ordering::Relaxed) {
                return None;
            }
            idle.push(seat.clone());
        }
        let deadline = Instant::now() + self.keep_alive;
        // Set once our seat has left the cache: a dispatcher (or `shut_down`) took it, so we
        // wait without a deadline for what it sends.
        let mut taken = false;
        let mut assigned = seat.assigned.lock().unwrap();
        loop {
            if let Some(index) = assigned.take() {
                return Some(index);
            }
            if self.shut_down.load(Ordering::Relaxed) {
                return None;
            }
            let now = Instant::now();
            if taken {
                assigned = seat.cv.wait(assigned).unwrap();
            } else if now >= deadline {
                drop(assigned);
                let mut idle = self.idle.lock().unwrap();
                if let Some(pos) = idle.iter().position(|s| Arc::ptr_eq(s, &seat)) {
                    idle.swap_remove(pos);
                    self.extra.fetch_sub(1, Ordering::Relaxed);
                    SpareCounters::bump(&self.counters.retired);
                    return None;
                }
                drop(idle);
                taken = true;
                assigned = seat.assigned.lock().unwrap();
            } else {
                assigned = seat.cv.wait_timeout(assigned, deadline - now).unwrap().0;
            }
        }
    }

    /// Tells every cached thread to exit (the pool terminates).
    pub(crate) fn shut_down(&self) {
        let seats: Vec<Arc<Seat>> = {
            let mut idle = self.idle.lock().unwrap();
            self.shut_down.store(true, Ordering::Relaxed);
            idle.drain(..).collect()
        };
        for seat in seats {
            let _guard = seat.assigned.lock().unwrap();
            seat.cv.notify_one();
        }
    }
}
