//! The set of workers of one pool: their shared queues, sleep state, bookkeeping and how
//! outside threads hand work to them.

use crate::blocking::Spares;
use crate::builder::{
    ErrorKind, PanicHandler, StartHandler, ThreadBuilder, ThreadNamer, ThreadPoolBuildError,
    ThreadPoolBuilder, ThreadSpawn,
};
use crate::handoff::Baton;
use crate::job::{JobRef, StackJob};
use crate::latch::SpinLatch;
use crate::metrics::{Metrics, SlotCounters};
use crate::sleep::Sleep;
use crate::unwind;
use crate::worker::{self, WorkerThread};
use crossbeam_deque::{Injector, Stealer, Worker};
use crossbeam_utils::CachePadded;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};

/// What other threads may touch of a worker slot.
pub(crate) struct ThreadInfo {
    /// Steals from the slot's deque.
    pub(crate) stealer: Stealer<JobRef>,
    /// Jobs only this slot may run (broadcasts).
    pub(crate) broadcasts: Injector<JobRef>,
    /// Written by the slot's current holder only.
    pub(crate) counters: CachePadded<SlotCounters>,
    /// Who waits to take the slot back after `blocking`.
    pub(crate) baton: Baton,
}

/// A worker slot's holder-only state, boxed so that its address is stable while it moves
/// between threads (see `blocking`).
struct SlotBox(*mut WorkerThread);

// SAFETY: the box is only dereferenced by the thread holding the slot (handed over through
// the baton, which synchronises) and freed in `Registry::drop`, when no thread can hold it.
unsafe impl Send for SlotBox {}
// SAFETY: as above.
unsafe impl Sync for SlotBox {}

/// One pool: N worker slots, an injector for outside work, the sleep state and the spare
/// threads of `blocking`.
pub(crate) struct Registry {
    pub(crate) thread_infos: Vec<ThreadInfo>,
    slots: Vec<SlotBox>,
    pub(crate) sleep: Sleep,
    injector: Injector<JobRef>,
    /// Handles keeping the pool alive: `ThreadPool`s plus detached jobs not yet run.
    handles: AtomicUsize,
    terminating: AtomicBool,
    panic_handler: Option<Box<PanicHandler>>,
    start_handler: Option<Box<StartHandler>>,
    exit_handler: Option<Box<StartHandler>>,
    thread_namer: Mutex<Option<Box<ThreadNamer>>>,
    pub(crate) stack_size: Option<usize>,
    pub(crate) spares: Spares,
    live_threads: Mutex<usize>,
    all_exited: Condvar,
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Registry")
            .field("num_threads", &self.num_threads())
            .field("terminating", &self.terminating())
            .finish_non_exhaustive()
    }
}

static GLOBAL: OnceLock<Arc<Registry>> = OnceLock::new();

/// The global pool, built with the defaults on first use.
///
/// # Panics
///
/// If the global pool cannot be built (no thread could be spawned).
pub(crate) fn global_registry() -> &'static Arc<Registry> {
    GLOBAL.get_or_init(|| {
        Registry::new(ThreadPoolBuilder::new())
            .unwrap_or_else(|e| panic!("weft: could not build the global pool: {e}"))
    })
}

pub(crate) fn init_global<S: ThreadSpawn>(
    builder: ThreadPoolBuilder<S>,
) -> Result<(), ThreadPoolBuildError> {
    if GLOBAL.get().is_some() {
        return Err(ThreadPoolBuildError::new(
            ErrorKind::GlobalPoolAlreadyInitialized,
        ));
    }
    let registry = Registry::new(builder)?;
    GLOBAL.set(registry).map_err(|lost| {
        lost.release_handle();
        ThreadPoolBuildError::new(ErrorKind::GlobalPoolAlreadyInitialized)
    })
}

/// The pool the current thread works for, else the global pool.
pub(crate) fn current_registry() -> Arc<Registry> {
    match WorkerThread::current_ref() {
        Some(worker) => worker.registry_arc(),
        None => global_registry().clone(),
    }
}

/// Runs `op` on a worker thread: here if this is one, else on the global pool.
#[inline]
pub(crate) fn in_worker<OP, R>(op: OP) -> R
where
    OP: FnOnce(&WorkerThread, bool) -> R + Send,
    R: Send,
{
    match WorkerThread::current_ref() {
        Some(worker) => op(worker, false),
        None => global_registry().in_worker_cold(op),
    }
}

impl Registry {
    pub(crate) fn new<S: ThreadSpawn>(
        mut builder: ThreadPoolBuilder<S>,
    ) -> Result<Arc<Registry>, ThreadPoolBuildError> {
        let n = builder.resolved_num_threads()?;
        let deques: Vec<Worker<JobRef>> = (0..n).map(|_| Worker::new_lifo()).collect();
        let registry = Arc::new_cyclic(|weak| {
            let me: *const Registry = weak.as_ptr();
            let thread_infos = deques
                .iter()
                .map(|w| ThreadInfo {
                    stealer: w.stealer(),
                    broadcasts: Injector::new(),
                    counters: CachePadded::new(SlotCounters::default()),
                    baton: Baton::new(),
                })
                .collect();
            let slots = deques
                .into_iter()
                .enumerate()
                .map(|(i, w)| SlotBox(Box::into_raw(Box::new(WorkerThread::new(w, i, n, me)))))
                .collect();
            Registry {
                thread_infos,
                slots,
                sleep: Sleep::new(),
                injector: Injector::new(),
                handles: AtomicUsize::new(1),
                terminating: AtomicBool::new(false),
                panic_handler: builder.panic_handler.take(),
                start_handler: builder.start_handler.take(),
                exit_handler: builder.exit_handler.take(),
                thread_namer: Mutex::new(builder.get_thread_name.take()),
                stack_size: builder.stack_size,
                spares: Spares::new(builder.keep_alive, builder.max_blocking_threads),
                live_threads: Mutex::new(0),
                all_exited: Condvar::new(),
            }
        });
        let first = usize::from(builder.use_current_thread);
        for index in first..n {
            let thread = ThreadBuilder {
                name: registry.thread_name(index),
                stack_size: registry.stack_size,
                registry: registry.clone(),
                index,
            };
            *registry.live_threads.lock().unwrap() += 1;
            if let Err(e) = builder.spawn_handler.spawn(thread) {
                registry.thread_exited();
                registry.release_handle();
                return Err(ThreadPoolBuildError::new(ErrorKind::IOError(e)));
            }
        }
        if builder.use_current_thread {
            worker::adopt_current_thread(&registry, 0);
        }
        Ok(registry)
    }

    pub(crate) fn num_threads(&self) -> usize {
        self.slots.len()
    }

    /// The slot's holder-only state.
    pub(crate) fn slot(&self, index: usize) -> *const WorkerThread {
        self.slots[index].0
    }

    pub(crate) fn thread_name(&self, index: usize) -> Option<String> {
        self.thread_namer.lock().unwrap().as_mut().map(|f| f(index))
    }

    /// Queues a job any worker may take, and wakes one if nobody is searching.
    pub(crate) fn inject(&self, job: JobRef) {
        self.injector.push(job);
        self.sleep.new_work();
    }

    /// Pushes on the current worker's deque if it belongs to this pool, else injects.
    pub(crate) fn inject_or_push(&self, job: JobRef) {
        match WorkerThread::current_ref() {
            Some(worker) if std::ptr::eq(worker.registry(), self) => worker.push(job),
            _ => self.inject(job),
        }
    }

    /// Queues one job on each slot's broadcast lane and wakes each slot's sleeper.
    pub(crate) fn inject_broadcast(&self, jobs: impl ExactSizeIterator<Item = JobRef>) {
        assert_eq!(jobs.len(), self.num_threads());
        for (info, job) in self.thread_infos.iter().zip(jobs) {
            info.broadcasts.push(job);
        }
        for index in 0..self.num_threads() {
            self.sleep.wake_index(index);
        }
    }

    /// Injected jobs wait here; a job is taken in a batch by a searching worker.
    pub(crate) fn injector(&self) -> &Injector<JobRef> {
        &self.injector
    }

    /// Whether any queue that any worker may take from holds a job.
    pub(crate) fn has_pending_work(&self) -> bool {
        !self.injector.is_empty() || self.thread_infos.iter().any(|t| !t.stealer.is_empty())
    }

    /// Runs `op` on a worker of this pool and returns its result.
    pub(crate) fn in_worker<OP, R>(self: &Arc<Self>, op: OP) -> R
    where
        OP: FnOnce(&WorkerThread, bool) -> R + Send,
        R: Send,
    {
        match WorkerThread::current_ref() {
            Some(worker) if std::ptr::eq(worker.registry(), &**self) => op(worker, false),
            Some(worker) => self.in_worker_cross(worker, op),
            None => self.in_worker_cold(op),
        }
    }

    /// From a thread outside every pool: inject `op` and park until it is done.
    #[cold]
    pub(crate) fn in_worker_cold<OP, R>(&self, op: OP) -> R
    where
        OP: FnOnce(&WorkerThread, bool) -> R + Send,
        R: Send,
    {
        let parker = worker::current_parker();
        let job = StackJob::new(
            |injected| {
                let worker = WorkerThread::current_ref().expect("weft: injected job off-pool");
                op(worker, injected)
            },
            SpinLatch::new(Arc::as_ptr(&parker)),
        );
        // SAFETY: the job lives on this stack until its latch is set, which we wait for.
        self.inject(unsafe { job.as_job_ref() });
        job.latch.core().wait_parked(&parker);
        job.into_result()
    }

    /// From a worker of another pool: inject `op` here and keep working there meanwhile.
    #[cold]
    fn in_worker_cross<OP, R>(&self, current: &WorkerThread, op: OP) -> R
    where
        OP: FnOnce(&WorkerThread, bool) -> R + Send,
        R: Send,
    {
        let job = StackJob::new(
            |injected| {
                let worker = WorkerThread::current_ref().expect("weft: injected job off-pool");
                op(worker, injected)
            },
            SpinLatch::new(current.parker()),
        );
        // SAFETY: the job lives on this stack until its latch is set, which we wait for.
        self.inject(unsafe { job.as_job_ref() });
        current.wait_until(job.latch.core());
        job.into_result()
    }

    /// One more reason to stay alive (a pool handle, a detached job).
    pub(crate) fn retain_handle(&self) {
        self.handles.fetch_add(1, Ordering::Relaxed);
    }

    /// One reason fewer; at zero the pool terminates: every thread exits once idle.
    pub(crate) fn release_handle(&self) {
        // AcqRel: the last release must see every job's completion before terminating.
        if self.handles.fetch_sub(1, Ordering::AcqRel) == 1 {
            // Release: pairs with the Acquire in `terminating`.
            self.terminating.store(true, Ordering::Release);
            self.sleep.wake_all();
            self.spares.shut_down();
        }
    }

    pub(crate) fn terminating(&self) -> bool {
        // Acquire: pairs with the Release store in `release_handle`.
        self.terminating.load(Ordering::Acquire)
    }

    /// Runs a detached job's body, routing a panic to the panic handler.
    pub(crate) fn catch_unwind(&self, f: impl FnOnce()) {
        if let Err(payload) = unwind::halt_unwinding(f) {
            let abort = unwind::AbortIfPanic;
            match &self.panic_handler {
                Some(handler) => handler(payload),
                None => eprintln!("weft: a spawned task panicked: {}", describe(&*payload)),
            }
            abort.disarm();
        }
    }

    pub(crate) fn thread_started(&self, index: usize) {
        if let Some(h) = &self.start_handler {
            h(index);
        }
    }

    /// Called by the thread that spawned a pool thread whose spawn failed, or by each pool
    /// thread as its very last touch of the registry.
    pub(crate) fn thread_exited(&self) {
        let mut live = self.live_threads.lock().unwrap();
        *live -= 1;
        if *live == 0 {
            self.all_exited.notify_all();
        }
    }

    pub(crate) fn call_exit_handler(&self, index: usize) {
        if let Some(h) = &self.exit_handler {
            h(index);
        }
    }

    /// Counts a thread about to be spawned (worker or spare).
    pub(crate) fn thread_spawning(&self) {
        *self.live_threads.lock().unwrap() += 1;
    }

    /// Blocks until every thread of the pool has exited.
    pub(crate) fn wait_until_stopped(&self) {
        let mut live = self.live_threads.lock().unwrap();
        while *live > 0 {
            live = self.all_exited.wait(live).unwrap();
        }
    }

    pub(crate) fn metrics(&self) -> Metrics {
        let mut m = Metrics::default();
        for info in &self.thread_infos {
            info.counters.add_to(&mut m);
        }
        m.wakeups = self.sleep.wakeups();
        m.parks = self.sleep.parks();
        self.spares.counters().add_to(&mut m);
        m
    }
}

impl Drop for Registry {
    fn drop(&mut self) {
        for slot in &self.slots {
            // SAFETY: allocated by `Box::into_raw` in `new`; no thread holds a slot once the
            // last reference to the registry is gone.
            drop(unsafe { Box::from_raw(slot.0) });
        }
    }
}

/// Best-effort text of a panic payload.
pub(crate) fn describe(payload: &(dyn std::any::Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("<non-string panic payload>")
}
