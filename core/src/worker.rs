//! A worker slot and the loop its holder runs: push, pop, steal, search, sleep.
//!
//! A slot (`WorkerThread`) is a deque plus the bookkeeping of one of the pool's N compute
//! places. Normally one OS thread holds it for the pool's life; `blocking` lends it to a spare
//! thread while its holder blocks. Whoever holds it is the only thread touching it; the
//! thread-local `CURRENT` points at the slot the thread holds, if any.

use crate::job::{JobFifo, JobRef};
use crate::latch::CoreLatch;
use crate::parker::Parker;
use crate::registry::Registry;
use crossbeam_deque::{Steal, Worker};
use std::cell::Cell;
use std::ptr;
use std::sync::Arc;

thread_local! {
    /// The slot this thread holds, or null.
    static CURRENT: Cell<*const WorkerThread> = const { Cell::new(ptr::null()) };
    /// This thread's parking spot (workers, spares and outside threads alike).
    static PARKER: Arc<Parker> = Arc::new(Parker::new());
    /// Keeps the pool alive for a thread adopted by `use_current_thread`.
    static ADOPTED: Cell<Option<Arc<Registry>>> = const { Cell::new(None) };
}

/// The calling thread's parker.
pub(crate) fn current_parker() -> Arc<Parker> {
    PARKER.with(Arc::clone)
}

/// Rounds of stealing with exponential backoff before a searching worker sleeps: round `k`
/// spins `2^k` times, so the whole search lasts a few microseconds.
const SPIN_ROUNDS: u32 = 7;

/// The holder-only state of one worker slot.
pub(crate) struct WorkerThread {
    worker: Worker<JobRef>,
    fifo: JobFifo,
    index: usize,
    /// The pool has this one slot: nobody else could ever steal from it.
    alone: bool,
    registry: *const Registry,
    rng: Cell<u64>,
    /// The holder's parker (as `Arc::as_ptr`), for latches created on this slot.
    parker: Cell<*const Parker>,
}

/// What a holder's loop waits for.
#[derive(Clone, Copy)]
enum Until<'a> {
    /// A latch (a join's stolen half, a scope, a cross-pool job).
    Latch(&'a CoreLatch),
    /// The top level: termination, or a reclaim of the slot by a thread back from `blocking`.
    TopLevel,
}

/// Why a holder left its top-level loop.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Exit {
    /// The pool is shutting down.
    Terminate,
    /// A thread back from `blocking` waits for this slot.
    Reclaimed,
}

impl WorkerThread {
    pub(crate) fn new(
        worker: Worker<JobRef>,
        index: usize,
        num_threads: usize,
        registry: *const Registry,
    ) -> Self {
        WorkerThread {
            worker,
            fifo: JobFifo::default(),
            index,
            alone: num_threads == 1,
            registry,
            rng: Cell::new(
                0x9E37_79B9_7F4A_7C15 ^ (index as u64 + 1).wrapping_mul(0xA24B_AED4_963E_E407),
            ),
            parker: Cell::new(ptr::null()),
        }
    }

    /// The slot the current thread holds, if any.
    #[inline]
    pub(crate) fn current_ref<'a>() -> Option<&'a WorkerThread> {
        let ptr = CURRENT.with(Cell::get);
        // SAFETY: a non-null CURRENT points to a slot of a live registry that this thread
        // holds; it is cleared before the slot is handed on.
        unsafe { ptr.as_ref() }
    }

    /// Makes the current thread the holder of `slot`.
    ///
    /// # Safety
    ///
    /// `slot` must belong to a live registry, and no other thread may hold it.
    pub(crate) unsafe fn set_current(slot: *const WorkerThread) {
        let parker = PARKER.with(Arc::as_ptr);
        // SAFETY: the caller guarantees exclusive, live access.
        unsafe { (*slot).parker.set(parker) };
        CURRENT.with(|c| c.set(slot));
    }

    /// The current thread stops holding its slot.
    pub(crate) fn clear_current() {
        CURRENT.with(|c| c.set(ptr::null()));
    }

    #[inline]
    pub(crate) fn registry(&self) -> &Registry {
        // SAFETY: a slot lives inside its registry, which outlives it.
        unsafe { &*self.registry }
    }

    /// A counted reference to this slot's registry.
    pub(crate) fn registry_arc(&self) -> Arc<Registry> {
        // SAFETY: `registry` came from an `Arc` (see `Registry::new`) that is alive while any
        // slot of it is held; we add a count for the new Arc.
        unsafe {
            Arc::increment_strong_count(self.registry);
            Arc::from_raw(self.registry)
        }
    }

    /// Whether this is the pool's only slot.
    #[inline]
    pub(crate) fn alone(&self) -> bool {
        self.alone
    }

    #[inline]
    pub(crate) fn index(&self) -> usize {
        self.index
    }

    /// The holder's parker, for latches this holder will wait on.
    #[inline]
    pub(crate) fn parker(&self) -> *const Parker {
        self.parker.get()
    }

    /// Pushes a job others may steal, waking a sleeper if nobody searches.
    #[inline]
    pub(crate) fn push(&self, job: JobRef) {
        self.worker.push(job);
        self.registry().sleep.new_local_work();
    }

    /// Pushes a job on this slot's FIFO lane (`spawn_fifo`).
    pub(crate) fn push_fifo(&self, job: JobRef) {
        // SAFETY: the fifo lives in the slot, which outlives every job of the pool.
        let lane = unsafe { self.fifo.push(job) };
        self.push(lane);
    }

    /// Pops the most recently pushed local job.
    #[inline]
    pub(crate) fn take_local_job(&self) -> Option<JobRef> {
        self.worker.pop()
    }

    /// Runs a job taken from a queue.
    ///
    /// # Safety
    ///
    /// The job must be live and not yet executed.
    #[inline]
    pub(crate) unsafe fn execute(&self, job: JobRef) {
        self.registry().thread_infos[self.index]
            .counters
            .job_executed();
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

    /// Takes a job from somewhere other than our own deque: our broadcast lane, another
    /// slot's deque (random start), then the injector.
    pub(crate) fn steal(&self) -> Option<JobRef> {
        let registry = self.registry();
        let infos = &registry.thread_infos;
        if let Some(job) = retry(|| infos[self.index].broadcasts.steal()) {
            return Some(job);
        }
        let n = infos.len();
        if n > 1 {
            let start = self.next_random() % n;
            for i in (start..n).chain(0..start) {
                if i == self.index {
                    continue;
                }
                if let Some(job) = retry(|| infos[i].stealer.steal()) {
                    infos[self.index].counters.stolen();
                    return Some(job);
                }
            }
        }
        retry(|| registry.injector().steal_batch_and_pop(&self.worker))
    }

    /// Runs other work until `latch` is set: local jobs, stolen jobs, and when none is left,
    /// a short search and then sleep.
    ///
    /// If a thread back from `blocking` claims this slot meanwhile, the slot is lent to it
    /// while we wait: the claimant may be the very work our latch waits for.
    #[inline]
    pub(crate) fn wait_until(&self, latch: &CoreLatch) {
        while !latch.probe() {
            self.wait_until_cold(Until::Latch(latch));
            if !latch.probe() {
                self.lend_while_waiting(latch);
            }
        }
    }

    /// The slot is claimed while we only wait for `latch`: pass the slot on, park until the
    /// latch is set, then take the slot back (see `handoff`). Holding on would deadlock when
    /// the claimant's continuation is what sets the latch.
    #[cold]
    fn lend_while_waiting(&self, latch: &CoreLatch) {
        let registry = self.registry_arc();
        let slot: *const WorkerThread = self;
        WorkerThread::clear_current();
        let passed = registry.thread_infos[self.index].baton.pass();
        debug_assert!(passed, "slot {} lent with no claim", self.index);
        latch.wait_parked(&current_parker());
        crate::blocking::reclaim(&registry, self.index).wait();
        // SAFETY: the baton handed the slot back to us; its previous holder let go of it.
        unsafe { WorkerThread::set_current(slot) };
    }

    /// The holder's top-level loop: runs jobs until the pool terminates or the slot is
    /// reclaimed (a claim wins: its claimant is inside a job and must get the slot back).
    pub(crate) fn run_top_level(&self) -> Exit {
        self.wait_until_cold(Until::TopLevel);
        if self.registry().thread_infos[self.index].baton.pending() {
            Exit::Reclaimed
        } else {
            Exit::Terminate
        }
    }

    /// Whether the loop waiting for `until` should return: the wait is over, or (whatever we
    /// wait for) a thread back from `blocking` claims this slot.
    fn done(&self, until: Until<'_>) -> bool {
        let registry = self.registry();
        registry.thread_infos[self.index].baton.pending()
            || match until {
                Until::Latch(latch) => latch.probe(),
                Until::TopLevel => registry.terminating(),
            }
    }

    #[cold]
    fn wait_until_cold(&self, until: Until<'_>) {
        let sleep = &self.registry().sleep;
        loop {
            if self.done(until) {
                return;
            }
            if let Some(job) = self.take_local_job() {
                // SAFETY: jobs in our deque are live and run once.
                unsafe { self.execute(job) };
                continue;
            }
            sleep.start_searching();
            let found = self.search(until);
            if sleep.stop_searching() {
                // We were the last searcher: if more work waits, pass the search on.
                sleep.wake_one_if(|| self.registry().has_pending_work());
            }
            match found {
                // SAFETY: a stolen job is live and runs once.
                Some(job) => unsafe { self.execute(job) },
                None => return,
            }
        }
    }

    /// Searches (the caller counts as searching) until a job turns up or `until` is done.
    fn search(&self, until: Until<'_>) -> Option<JobRef> {
        let registry = self.registry();
        let mut round = 0;
        loop {
            if self.done(until) {
                return None;
            }
            if let Some(job) = self.steal() {
                return Some(job);
            }
            if round < SPIN_ROUNDS {
                for _ in 0..1u32 << round {
                    std::hint::spin_loop();
                }
                round += 1;
                continue;
            }
            let parker = current_parker();
            registry
                .sleep
                .sleep(self.index, &parker, || self.still_idle(until));
            round = 0;
        }
    }

    /// Re-checks, after registering as a sleeper, everything that should keep us awake.
    fn still_idle(&self, until: Until<'_>) -> bool {
        let registry = self.registry();
        let info = &registry.thread_infos[self.index];
        if !info.broadcasts.is_empty() || info.baton.pending() || registry.has_pending_work() {
            return false;
        }
        match until {
            Until::Latch(latch) => latch.get_sleepy(),
            Until::TopLevel => !registry.terminating(),
        }
    }

    /// Runs one local job, if any (`yield_local`).
    pub(crate) fn yield_local(&self) -> bool {
        match self.take_local_job() {
            Some(job) => {
                // SAFETY: jobs in our deque are live and run once.
                unsafe { self.execute(job) };
                true
            }
            None => false,
        }
    }

    /// Runs one job from anywhere, if any (`yield_now`).
    pub(crate) fn yield_now(&self) -> bool {
        match self.take_local_job().or_else(|| self.steal()) {
            Some(job) => {
                // SAFETY: a popped or stolen job is live and runs once.
                unsafe { self.execute(job) };
                true
            }
            None => false,
        }
    }

    /// Whether this slot's deque holds jobs.
    pub(crate) fn has_local_work(&self) -> bool {
        !self.worker.is_empty()
    }
}

/// Retries a steal that lost a race (`Steal::Retry`) until it succeeds or finds nothing.
fn retry(mut steal: impl FnMut() -> Steal<JobRef>) -> Option<JobRef> {
    loop {
        match steal() {
            Steal::Success(job) => return Some(job),
            Steal::Empty => return None,
            Steal::Retry => std::hint::spin_loop(),
        }
    }
}

/// The body of each of a pool's original threads.
pub(crate) fn run_original_worker(registry: Arc<Registry>, index: usize) {
    registry.thread_started(index);
    crate::blocking::serve(&registry, index);
    registry.call_exit_handler(index);
    registry.thread_exited();
}

/// Makes the calling thread the holder of slot `index` for as long as it lives
/// (`use_current_thread`).
pub(crate) fn adopt_current_thread(registry: &Arc<Registry>, index: usize) {
    // SAFETY: slot `index` was reserved for this thread by the builder; the registry is kept
    // alive by ADOPTED below.
    unsafe { WorkerThread::set_current(registry.slot(index)) };
    ADOPTED.with(|a| a.set(Some(registry.clone())));
}

/// Ends the adoption if the calling thread holds a slot of `registry` (its pool is dropped).
pub(crate) fn release_adopted(registry: &Registry) {
    ADOPTED.with(|a| {
        let adopted = a.take();
        match &adopted {
            Some(r) if std::ptr::eq(&**r, registry) => WorkerThread::clear_current(),
            _ => a.set(adopted),
        }
    });
}
