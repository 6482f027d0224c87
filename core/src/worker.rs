//! A worker: the state one OS thread keeps while it works for a pool, and its queues.
//!
//! Every thread that runs pool work owns one [`WorkerThread`]: its public deque (others steal
//! from it), its private fork stack (`fork.rs`), and which of the pool's N seats it serves
//! (the index `current_thread_index()` reports). What other threads may touch of it is the
//! [`ThreadShared`] it registers with its pool. The thread-local `CURRENT` points at the
//! current thread's `WorkerThread`, if any.
//!
//! Deques belong to threads, not seats: a thread that blocks keeps its deque (still stealable
//! by everyone) while a spare serves its seat, and continues with it at once when it returns
//! (see `handoff.rs`).

use crate::fence;
use crate::fork::ForkStack;
use crate::job::JobRef;
use crate::metrics::ThreadCounters;
use crate::parker::Parker;
use crate::registry::{Registry, Seat};
use crossbeam_deque::{Steal, Stealer, Worker};
use std::cell::{Cell, RefCell};
use std::ptr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

thread_local! {
    /// The worker of the current thread, or null.
    static CURRENT: Cell<*const WorkerThread> = const { Cell::new(ptr::null()) };
    /// This thread's parking spot (workers, spares and outside threads alike).
    static PARKER: Arc<Parker> = Arc::new(Parker::new());
}

/// The calling thread's parker.
pub(crate) fn current_parker() -> Arc<Parker> {
    PARKER.with(Arc::clone)
}

/// What other threads may touch of a worker: registered with its pool while it serves.
#[derive(Debug)]
pub(crate) struct ThreadShared {
    /// Steals from the worker's public deque.
    pub(crate) stealer: Stealer<JobRef>,
    /// The worker's `blocking` state (see `handoff.rs`).
    pub(crate) blocking: AtomicU64,
    /// The seat the worker serves; written by the worker before it registers, read by the
    /// monitor that lends the seat (the registration's mutex orders the two).
    pub(crate) seat: AtomicUsize,
    /// Counters written by this worker only.
    pub(crate) counters: ThreadCounters,
    /// The worker's forks: pushed and popped by the worker, promoted by it, and stolen by
    /// idle workers as a last resort (see `fork.rs`).
    pub(crate) forks: ForkStack,
}

/// The registered workers of a pool as one worker last saw them.
struct MembersView {
    generation: u64,
    members: Arc<[Arc<ThreadShared>]>,
}

/// One thread's state while it works for a pool.
pub(crate) struct WorkerThread {
    deque: Worker<JobRef>,
    shared: Arc<ThreadShared>,
    seat: Cell<usize>,
    registry: Arc<Registry>,
    rng: Cell<u64>,
    parker: Arc<Parker>,
    view: RefCell<MembersView>,
}

impl WorkerThread {
    /// A worker for `registry` that will serve `seat` once it [`enter`](Self::enter)s.
    pub(crate) fn new(registry: Arc<Registry>, seat: usize) -> Self {
        let deque = if registry.breadth_first() {
            Worker::new_fifo()
        } else {
            Worker::new_lifo()
        };
        let shared = Arc::new(ThreadShared {
            stealer: deque.stealer(),
            blocking: AtomicU64::new(0),
            seat: AtomicUsize::new(seat),
            counters: ThreadCounters::default(),
            forks: ForkStack::new(),
        });
        let seed = Arc::as_ptr(&shared) as u64;
        WorkerThread {
            deque,
            shared,
            seat: Cell::new(seat),
            rng: Cell::new(0x9E37_79B9_7F4A_7C15 ^ seed.wrapping_mul(0xA24B_AED4_963E_E407)),
            parker: current_parker(),
            view: RefCell::new(MembersView {
                generation: u64::MAX,
                members: Arc::new([]),
            }),
            registry,
        }
    }

    /// The current thread's worker, if it has one.
    #[inline]
    pub(crate) fn current_ref<'a>() -> Option<&'a WorkerThread> {
        let ptr = CURRENT.with(Cell::get);
        // SAFETY: a non-null CURRENT points to the `WorkerThread` this thread owns; it is
        // cleared (`leave`) before that value is dropped, and only this thread reads it.
        unsafe { ptr.as_ref() }
    }

    /// Registers with the pool and becomes the current thread's worker.
    ///
    /// The worker must not move until [`leave`](Self::leave) (CURRENT points at it).
    pub(crate) fn enter(&self) {
        debug_assert!(CURRENT.with(Cell::get).is_null(), "thread already a worker");
        self.shared.seat.store(self.seat.get(), Ordering::Relaxed);
        self.registry.members.add(self.shared.clone());
        CURRENT.with(|c| c.set(self));
    }

    /// Stops being the current thread's worker and unregisters. Jobs left on the public deque
    /// move to the injector, so that none is stranded.
    pub(crate) fn leave(&self) {
        debug_assert!(
            self.shared.forks.is_empty(),
            "a worker left with private forks"
        );
        let mut moved = false;
        while let Some(job) = self.deque.pop() {
            self.registry.injector().push(job);
            moved = true;
        }
        self.registry.members.remove(&self.shared);
        CURRENT.with(|c| c.set(ptr::null()));
        if moved {
            self.registry.sleep.new_work();
        }
    }

    /// Makes this worker current again without registering (exit handlers: the thread is
    /// still this pool's worker to user code while the handler runs).
    pub(crate) fn with_current<R>(&self, f: impl FnOnce() -> R) -> R {
        CURRENT.with(|c| c.set(self));
        let result = f();
        CURRENT.with(|c| c.set(ptr::null()));
        result
    }

    #[inline]
    pub(crate) fn registry(&self) -> &Arc<Registry> {
        &self.registry
    }

    /// The seat this worker serves: what `current_thread_index()` reports.
    #[inline]
    pub(crate) fn index(&self) -> usize {
        self.seat.get()
    }

    /// Serves another seat from now on (only between top-level jobs, while not registered).
    pub(crate) fn set_index(&self, seat: usize) {
        self.seat.set(seat);
    }

    #[inline]
    pub(crate) fn seat(&self) -> &Seat {
        self.registry.seat(self.seat.get())
    }

    #[inline]
    pub(crate) fn shared(&self) -> &ThreadShared {
        &self.shared
    }

    /// Whether this worker is inside a `blocking` call (only it stores anything but `LENT`).
    #[inline]
    pub(crate) fn in_blocking(&self) -> bool {
        self.shared.blocking.load(Ordering::Relaxed) != crate::handoff::RUNNING
    }

    /// The worker's parker (as `Arc::as_ptr`), for latches this worker waits on.
    #[inline]
    pub(crate) fn parker(&self) -> *const Parker {
        Arc::as_ptr(&self.parker)
    }

    // ---- forks (see `fork.rs`) ----

    /// Keeps a join's second half private; returns its position for
    /// [`pop_fork`](Self::pop_fork). Promotes the oldest private job if a worker is idle.
    #[inline]
    pub(crate) fn push_fork(&self, job: JobRef) -> usize {
        if self.shared.forks.is_full() {
            self.promote_oldest();
        }
        let pos = self.shared.forks.push(job);
        // The hot side of the Dekker pair with a sleeper's heavy re-check of the fork stacks
        // (`wait.rs`): it sees this fork, or we see it registered as sleeping.
        fence::light();
        if self.registry.sleep.anyone_idle() {
            self.promote_oldest();
        }
        pos
    }

    /// Ends the join that pushed at `pos`: true if its job is still private (the caller runs
    /// it inline), false if it was published.
    #[inline]
    pub(crate) fn pop_fork(&self, pos: usize) -> bool {
        self.shared.forks.pop_if_private(pos)
    }

    /// Publishes the oldest private job and wakes a sleeper for it if nobody searches.
    #[cold]
    fn promote_oldest(&self) {
        if let Some(job) = self.shared.forks.take_oldest() {
            self.deque.push(job);
            self.shared.counters.promoted();
            self.registry.sleep.new_work();
        }
    }

    /// Publishes every private job: before this thread waits, blocks, spawns or yields, so
    /// that no job is stranded behind it.
    #[inline]
    pub(crate) fn publish_forks(&self) {
        if !self.shared.forks.is_empty() {
            self.publish_forks_cold();
        }
    }

    #[cold]
    fn publish_forks_cold(&self) {
        while let Some(job) = self.shared.forks.take_oldest() {
            self.deque.push(job);
            self.shared.counters.promoted();
        }
        self.registry.sleep.new_work();
    }

    // ---- the public deque ----

    /// Pushes a job others may steal (a spawn), after every private fork so that the order
    /// of local jobs is the order they were made in; wakes a sleeper if nobody searches.
    pub(crate) fn push(&self, job: JobRef) {
        self.publish_forks();
        self.deque.push(job);
        self.registry.sleep.new_work();
    }

    /// Pushes a job on this seat's FIFO lane (`spawn_fifo`).
    pub(crate) fn push_fifo(&self, job: JobRef) {
        // SAFETY: the lane lives in the registry, which outlives every job of the pool.
        let lane = unsafe { self.seat().fifo.push(job) };
        self.push(lane);
    }

    /// Pops the most recently published local job.
    #[inline]
    pub(crate) fn take_local_job(&self) -> Option<JobRef> {
        self.deque.pop()
    }

    /// Whether this worker has jobs of its own queued (private or public).
    pub(crate) fn has_local_work(&self) -> bool {
        !self.shared.forks.is_empty() || !self.deque.is_empty()
    }

    /// Runs a job taken from a queue.
    ///
    /// # Safety
    ///
    /// The job must be live and not yet executed.
    #[inline]
    pub(crate) unsafe fn execute(&self, job: JobRef) {
        self.shared.counters.job_executed();
        // SAFETY: forwarded to the caller.
        unsafe { job.execute() };
    }

    fn next_random(&self) -> usize {
        // xorshift64*
        let mut x = self.rng.get();
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.rng.set(x);
        (x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as usize
    }

    /// The pool's registered workers, refreshed when registration changed.
    fn members(&self) -> Arc<[Arc<ThreadShared>]> {
        let members = &self.registry.members;
        let mut view = self.view.borrow_mut();
        // Acquire: pairs with the Release increment in `Members::add` / `remove`, so a fresh
        // list is read whenever one was published.
        let generation = members.generation();
        if view.generation != generation {
            view.members = members.snapshot();
            view.generation = generation;
        }
        view.members.clone()
    }

    /// Takes a job from somewhere other than this worker's own queues: the seat's broadcast
    /// lane, another worker's deque (random start), then the injector.
    pub(crate) fn steal(&self) -> Option<JobRef> {
        if let Some(job) = retry(|| self.seat().broadcasts.steal()) {
            return Some(job);
        }
        let members = self.members();
        let n = members.len();
        if n > 1 {
            let start = self.next_random() % n;
            for other in members[start..].iter().chain(&members[..start]) {
                if Arc::ptr_eq(other, &self.shared) {
                    continue;
                }
                if let Some(job) = retry(|| other.stealer.steal()) {
                    self.shared.counters.stolen();
                    return Some(job);
                }
            }
        }
        retry(|| self.registry.injector().steal_batch_and_pop(&self.deque))
    }

    /// Takes the oldest fork of another worker that keeps it private (a cold steal, with a
    /// heavy fence: for a worker about to sleep; see `fork.rs`).
    pub(crate) fn steal_fork(&self) -> Option<JobRef> {
        let members = self.members();
        let job = members
            .iter()
            .filter(|m| !Arc::ptr_eq(m, &self.shared))
            .find_map(|m| m.forks.steal())?;
        self.shared.counters.stolen();
        Some(job)
    }

    /// Whether any queue this worker could take from holds a job (re-checked before
    /// sleeping, after the sleep fence): its seat's broadcasts, the injector, and every
    /// worker's deque and forks.
    pub(crate) fn work_visible(&self) -> bool {
        !self.seat().broadcasts.is_empty()
            || !self.registry.injector().is_empty()
            || self.members().iter().any(|m| {
                !m.stealer.is_empty() || (!Arc::ptr_eq(m, &self.shared) && !m.forks.is_empty())
            })
    }
}

/// Retries a steal that lost a race (`Steal::Retry`) until it succeeds or finds nothing.
pub(crate) fn retry(mut steal: impl FnMut() -> Steal<JobRef>) -> Option<JobRef> {
    loop {
        match steal() {
            Steal::Success(job) => return Some(job),
            Steal::Empty => return None,
            Steal::Retry => std::hint::spin_loop(),
        }
    }
}
