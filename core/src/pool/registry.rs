//! One pool: its N seats, the workers registered with it, the injector for outside work, the
//! sleep state, and how outside threads and other pools hand work to it.
//!
//! # Seats and workers
//!
//! A pool has N **seats**, its compute places: seat `i` is what `current_thread_index()`
//! reports as `i`, and owns the broadcast lane and FIFO lane of that index. A **worker** is
//! an OS thread serving a seat, with its own deques (`worker/thread_state.rs`). Normally each seat
//! has one worker. While a worker blocks inside `blocking`, a spare thread serves its seat; when
//! the blocked worker returns, both serve it until one reaches a job boundary and steps aside
//! (`blocking/handoff.rs`). Every serving worker is a **member**: its deque is stealable by all.
//!
//! # Shutdown
//!
//! A pool lives while it has handles: `ThreadPool`s, plus detached jobs (`spawn`,
//! `spawn_broadcast`) not yet run. When the last handle goes, the pool is *terminating*: every
//! worker finishes the job it runs, leaves its top-level loop, runs the exit handler and exits;
//! cached spares and the monitor exit. No job is lost: work still queued belongs to a running
//! job (a join's other half, a scope's task), whose caller holds a handle or is itself such a
//! job. [`Registry::wait_until_stopped`] returns once every thread of the pool (workers,
//! spares, the monitor) has exited. The registry itself is freed with its last `Arc`.

use crate::blocking::cache::Cache;
use crate::blocking::monitor::Monitor;
use crate::isolate::region::Region;
use crate::pool::config::{Config, Handlers};
use crate::pool::error::{ErrorKind, ThreadPoolBuildError};
use crate::pool::metrics::Metrics;
use crate::pool::spawn::{DefaultSpawn, ThreadBuilder, ThreadSpawn};
use crate::pool::thread::{self, SpareSpawner, Start};
use crate::sleep::Sleep;
use crate::sync::job::{JobFifo, JobRef, StackJob};
use crate::sync::latch::SpinLatch;
use crate::sync::parker::Parker;
use crate::sync::unwind;
use crate::sync::{lock, poisoned};
use crate::trace;
use crate::worker::thread_state::{current_parker, ThreadShared, WorkerThread};
use crossbeam_deque::Injector;
use crossbeam_epoch as epoch;
use std::mem::ManuallyDrop;
use std::ops::Deref;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock, PoisonError};
use std::time::Duration;

/// How long a thread outside the pool probes the latch of the job it injected before it parks
/// (`in_worker_cold`), about what a park and an unpark cost, when a worker searched awake as
/// the job was queued. A job done within it (an `install(|| join(a, b))` of two 1 µs closures)
/// costs no wake-up of the caller, and the caller injects its next job while the worker that
/// ran this one still searches, so that job costs none either (the narrow dispatch of
/// `benches/cpu.rs` and `benches/outside_caller.rs` show it). A longer job costs the caller at
/// most this much CPU more. A caller whose injection woke a thread, or found no worker
/// searching, parks at once: its spin would take a CPU from the woken or starting thread.
const OUTSIDE_LINGER: Duration = Duration::from_micros(20);

/// One of the pool's N compute places (see the module docs).
#[derive(Debug, Default)]
pub(crate) struct Seat {
    /// Jobs only a worker serving this seat may run (broadcasts).
    pub(crate) broadcasts: Injector<JobRef>,
    /// The `spawn_fifo` lane of this index.
    pub(crate) fifo: JobFifo,
    /// Workers serving this seat beyond the first: each is to step aside at a job boundary.
    /// Relaxed: a hint for width, never needed for correctness.
    surplus: AtomicUsize,
    /// Workers of this seat parked in a wait past their stack mark, which a broadcast for the
    /// seat must wake (`worker/wait.rs`, rule 1). The mutex orders a listener's registration before
    /// its look at `broadcasts` against a broadcaster's push before its look here: one of the
    /// two sees the other.
    listeners: Mutex<Vec<Arc<Parker>>>,
}

impl Seat {
    /// Whether a broadcast for this seat is queued.
    pub(crate) fn has_broadcast(&self) -> bool {
        !self.broadcasts.is_empty()
    }

    /// A worker of this seat is about to park in a deep wait: a broadcast wakes it.
    pub(crate) fn listen(&self, parker: &Arc<Parker>) {
        lock(&self.listeners).push(parker.clone());
    }

    /// The deep wait's park returned.
    pub(crate) fn unlisten(&self, parker: &Arc<Parker>) {
        let mut listeners = lock(&self.listeners);
        if let Some(pos) = listeners.iter().position(|p| Arc::ptr_eq(p, parker)) {
            listeners.swap_remove(pos);
        }
    }

    /// A broadcast was queued for this seat: wakes the deep waiters.
    fn wake_listeners(&self) {
        for parker in lock(&self.listeners).iter() {
            parker.unpark();
        }
    }

    /// One more worker serves this seat than should.
    pub(crate) fn add_surplus(&self) {
        self.surplus.fetch_add(1, Ordering::Relaxed);
    }

    /// Whether a worker of this seat should step aside.
    #[inline]
    pub(crate) fn has_surplus(&self) -> bool {
        self.surplus.load(Ordering::Relaxed) > 0
    }

    /// Claims one surplus place: true if the caller is to step aside (or, inside
    /// `blocking`, to block without a hand-off: another worker already serves the seat).
    #[inline]
    pub(crate) fn take_surplus(&self) -> bool {
        self.has_surplus() && self.claim_surplus()
    }

    /// [`take_surplus`](Self::take_surplus) once a surplus was seen: out of line, so that
    /// the many waits that check for one carry only the load.
    #[cold]
    #[inline(never)]
    fn claim_surplus(&self) -> bool {
        let mut n = self.surplus.load(Ordering::Relaxed);
        while n > 0 {
            match self
                .surplus
                .compare_exchange_weak(n, n - 1, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => return true,
                Err(now) => n = now,
            }
        }
        false
    }
}

/// A set of things registered with a pool (its workers, its isolated regions), published as
/// an immutable list that workers cache until `generation` changes.
///
/// Readers take no lock: the list is an epoch-managed pointer (crossbeam-epoch), replaced
/// by writers one at a time under `writer`; a replaced list is freed once no reader that
/// may have loaded it is still pinned. So a change (an `isolate` starts or ends, a worker
/// comes or goes) costs each of the N workers one pin and one reference count increment
/// when it next looks, not a turn at a mutex shared by all of them.
///
/// Memory ordering: a writer stores the new list with Release, then increments
/// `generation` with Release; a reader that loads `generation` (Acquire) and sees it new then
/// loads the list with Acquire: at least that list, each pairing with its Release store.
#[derive(Debug)]
pub(crate) struct Roster<T> {
    list: epoch::Atomic<Arc<[Arc<T>]>>,
    /// Held by the thread that replaces the list, and by a reader that must see the list
    /// and something changed with it at one instant (`Members::add_counters_to`).
    writer: Mutex<()>,
    generation: AtomicU64,
}

impl<T: Send + Sync> Roster<T> {
    fn new() -> Self {
        Roster {
            list: epoch::Atomic::new(Arc::new([])),
            writer: Mutex::new(()),
            generation: AtomicU64::new(0),
        }
    }

    pub(crate) fn add(&self, entry: Arc<T>) {
        self.replace(Some(entry), None, &|| {});
    }

    pub(crate) fn remove(&self, entry: &Arc<T>) {
        self.replace(None, Some(entry), &|| {});
    }

    /// Publishes the current list with `added` appended and `removed` left out, running
    /// `then` under `writer` before the new list is announced. One function for both changes,
    /// with a plain loop: each is a rare membership change, not worth a copy of its own.
    fn replace(&self, added: Option<Arc<T>>, removed: Option<&Arc<T>>, then: &dyn Fn()) {
        let _writer = lock(&self.writer);
        let guard = epoch::pin();
        // Relaxed: writers are ordered by `writer`.
        let old = self.list.load(Ordering::Relaxed, &guard);
        // SAFETY: the list is never null (made in `new`, replaced only here), and it stays
        // alive while we are pinned.
        let old_list = unsafe { old.deref() };
        let mut new = Vec::with_capacity(old_list.len() + 1);
        for entry in old_list.iter() {
            if !removed.is_some_and(|r| Arc::ptr_eq(entry, r)) {
                new.push(entry.clone());
            }
        }
        if let Some(entry) = added {
            new.push(entry);
        }
        let new = Arc::<[Arc<T>]>::from(new);
        // Release: pairs with the Acquire load in `snapshot`.
        let old = self
            .list
            .swap(epoch::Owned::new(new), Ordering::Release, &guard);
        // SAFETY: `old` is unreachable from the roster now; a reader that loaded it is pinned,
        // and the deferred drop waits for it to unpin (on whichever thread: `T` is Send and
        // Sync).
        unsafe { guard.defer_destroy(old) };
        then();
        // Release: pairs with the Acquire in `generation`.
        self.generation.fetch_add(1, Ordering::Release);
    }

    #[inline]
    pub(crate) fn generation(&self) -> u64 {
        // Acquire: pairs with the Release increments in `replace`.
        self.generation.load(Ordering::Acquire)
    }

    pub(crate) fn snapshot(&self) -> Arc<[Arc<T>]> {
        let guard = epoch::pin();
        // Acquire: pairs with the Release swap in `replace`.
        let list = self.list.load(Ordering::Acquire, &guard);
        // SAFETY: never null, and alive while we are pinned (see `replace`).
        unsafe { list.deref() }.clone()
    }
}

impl<T> Drop for Roster<T> {
    fn drop(&mut self) {
        // SAFETY: we hold the roster exclusively, so no reader is left to load the list.
        unsafe {
            let list = self.list.load(Ordering::Relaxed, epoch::unprotected());
            drop(list.into_owned());
        }
    }
}

/// The workers registered with a pool, and the counters of those that left.
#[derive(Debug)]
pub(crate) struct Members {
    pub(crate) roster: Roster<ThreadShared>,
    /// Counters of workers that left, so that `metrics` stays monotonic.
    departed: Mutex<Metrics>,
}

impl Members {
    fn new() -> Self {
        Members {
            roster: Roster::new(),
            departed: Mutex::new(Metrics::default()),
        }
    }

    pub(crate) fn add(&self, member: Arc<ThreadShared>) {
        self.roster.add(member);
    }

    pub(crate) fn remove(&self, member: &Arc<ThreadShared>) {
        self.roster.replace(None, Some(member), &|| {
            // The caller is `member`'s own thread, the counters' only writer.
            member.counters.move_to(&mut lock(&self.departed));
        });
    }

    pub(crate) fn snapshot(&self) -> Arc<[Arc<ThreadShared>]> {
        self.roster.snapshot()
    }

    fn add_counters_to(&self, m: &mut Metrics) {
        // Under `writer`, so a worker that leaves meanwhile is counted once: in the list or
        // among the departed (`remove`).
        let _writer = lock(&self.roster.writer);
        let list = self.roster.snapshot();
        let departed = lock(&self.departed);
        m.add(&departed);
        for member in list.iter() {
            member.counters.add_to(m);
        }
    }
}

/// One pool (see the module docs). Its [`State`] is dropped in one place, [`Registry`]'s
/// `drop`, so that the drop code of its many fields is compiled once rather than in every
/// codegen unit that drops a registry.
pub(crate) struct Registry(ManuallyDrop<State>);

impl Deref for Registry {
    type Target = State;

    #[inline]
    fn deref(&self) -> &State {
        &self.0
    }
}

impl Drop for Registry {
    #[inline(never)]
    fn drop(&mut self) {
        // SAFETY: the state is dropped here only, and never used after.
        unsafe { ManuallyDrop::drop(&mut self.0) }
    }
}

/// A pool's state (reached through [`Registry`]).
pub(crate) struct State {
    /// A `Vec` rather than a boxed slice: no shrinking to compile, one drop of seats fewer.
    seats: Vec<Seat>,
    pub(crate) members: Members,
    /// The isolated regions in progress (`isolate/mod.rs`), whose queues idle workers steal from.
    pub(crate) regions: Roster<Region>,
    injector: Injector<JobRef>,
    pub(crate) sleep: Sleep,
    pub(crate) monitor: Monitor,
    pub(crate) cache: Cache,
    spawner: Mutex<Option<Box<SpareSpawner>>>,
    handlers: Handlers,
    breadth_first: bool,
    /// How long a thread outside the pool probes the latch of the job it injected before it
    /// parks (`in_worker_cold`): [`OUTSIDE_LINGER`] where this process may use two CPUs or
    /// more, else zero (the caller's spin would take the CPU the job needs).
    outside_linger: Duration,
    /// How many of the pool's searchers may spin awake at once: the CPUs this process may
    /// use when the pool was built (`worker/search.rs`, `may_spin`). A spinner beyond them
    /// only takes a CPU from a thread that has work, or from one about to produce it.
    pub(crate) spinners: u32,
    /// Handles keeping the pool alive: `ThreadPool`s plus detached jobs not yet run.
    handles: AtomicUsize,
    terminating: AtomicBool,
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

/// The global pool, built with the defaults on first use (see [`default_global_registry`]).
///
/// # Panics
///
/// If the global pool cannot be built: not even one thread could be spawned, or the thread
/// count from the environment is more than `max_num_threads()`.
pub(crate) fn global_registry() -> &'static Arc<Registry> {
    GLOBAL.get_or_init(|| {
        default_global_registry()
            .unwrap_or_else(|e| panic!("weft: could not build the global pool: {e}"))
    })
}

/// How often [`default_global_registry`] tries a one-thread pool when the OS refuses its
/// thread: a thread of the pool given up just before may still count against the process's
/// limit for a moment after it said it exited.
const ONE_THREAD_TRIES: u32 = 10;
/// How long [`default_global_registry`] waits between two tries of a one-thread pool.
const RETRY_AFTER: Duration = Duration::from_millis(1);

/// The global pool with the defaults. Where the OS refuses some of its threads (a limit on a
/// user's or a cgroup's threads), it is built again, once the threads already started have
/// exited, with as many threads as started then (fewer than asked each time, at least one).
/// A pool built with [`ThreadPoolBuilder::build_global`](crate::ThreadPoolBuilder::build_global) or
/// `build` reports the refusal instead, as a [`ThreadPoolBuildError`].
fn default_global_registry() -> Result<Arc<Registry>, ThreadPoolBuildError> {
    let cpus = crate::os::topology::logical_cpus();
    let mut n = Config::new().resolved_num_threads(cpus)?;
    let mut one_thread_tries = 0;
    loop {
        let failure = match Registry::build(Config::new(), n, &mut DefaultSpawn, cpus) {
            Ok(registry) => return Ok(registry),
            Err(failure) => failure,
        };
        failure.half_built.wait_until_stopped();
        if n == 1 {
            one_thread_tries += 1;
            if one_thread_tries == ONE_THREAD_TRIES {
                return Err(failure.error);
            }
            std::thread::sleep(RETRY_AFTER);
        }
        n = failure.started.clamp(1, n.saturating_sub(1).max(1));
    }
}

/// Builds the global pool from `config`, unless it exists already.
pub(crate) fn init_global(
    config: Config,
    spawn_handler: &mut dyn ThreadSpawn,
) -> Result<(), ThreadPoolBuildError> {
    let already = || ThreadPoolBuildError::new(ErrorKind::GlobalPoolAlreadyInitialized);
    if GLOBAL.get().is_some() {
        return Err(already());
    }
    let registry = Registry::new(config, spawn_handler)?;
    GLOBAL.set(registry).map_err(|lost| {
        lost.release_handle();
        already()
    })
}

/// The pool the current thread works for, else the global pool.
pub(crate) fn current_registry() -> Arc<Registry> {
    match WorkerThread::current_ref() {
        Some(worker) => worker.registry().clone(),
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
    /// A pool built from `config`, its threads spawned by `spawn_handler`: a trait object, so
    /// that the build is compiled once, not once per spawn handler type.
    pub(crate) fn new(
        config: Config,
        spawn_handler: &mut dyn ThreadSpawn,
    ) -> Result<Arc<Registry>, ThreadPoolBuildError> {
        let cpus = crate::os::topology::logical_cpus();
        let n = config.resolved_num_threads(cpus)?;
        if config.use_current_thread && WorkerThread::current_ref().is_some() {
            return Err(ThreadPoolBuildError::new(
                ErrorKind::CurrentThreadAlreadyInPool,
            ));
        }
        let adopt = config.use_current_thread;
        let registry =
            Self::build(config, n, spawn_handler, cpus).map_err(|failure| failure.error)?;
        // Here rather than in `build`, so that a program that never adopts its thread (one
        // using only the global pool) does not link the adoption.
        if adopt {
            if let Err(e) = thread::adopt_current_thread(&registry) {
                registry.release_handle();
                return Err(ThreadPoolBuildError::new(ErrorKind::IOError(e)));
            }
        }
        Ok(registry)
    }

    /// As [`new`](Self::new), with `n` threads (`config.num_threads` is not read again) and
    /// seat 0 left to the caller under `use_current_thread`, for a process that may use `cpus`
    /// logical CPUs (read once per build: it costs a few system calls). A build that failed to
    /// spawn a thread also says how many had started, with the half-built pool, whose started
    /// threads are exiting.
    fn build(
        config: Config,
        n: usize,
        spawn_handler: &mut dyn ThreadSpawn,
        cpus: usize,
    ) -> Result<Arc<Registry>, BuildFailure> {
        // Spin-waiting by outside callers only pays with a CPU for the job beside the caller's
        // (and never under the models or Miri, which would step through every spin).
        let outside_linger = if cpus >= 2 && !cfg!(any(weft_loom, miri)) {
            OUTSIDE_LINGER
        } else {
            Duration::ZERO
        };
        let registry = Arc::new(Registry(ManuallyDrop::new(State {
            seats: (0..n).map(|_| Seat::default()).collect(),
            members: Members::new(),
            regions: Roster::new(),
            injector: Injector::new(),
            sleep: Sleep::new(n),
            monitor: Monitor::new(),
            cache: Cache::new(config.keep_alive, config.max_blocking_threads),
            spawner: Mutex::new(Some(spawn_handler.spare_spawner())),
            handlers: config.handlers,
            breadth_first: config.breadth_first,
            outside_linger,
            spinners: u32::try_from(cpus).unwrap_or(u32::MAX),
            handles: AtomicUsize::new(1),
            terminating: AtomicBool::new(false),
            live_threads: Mutex::new(0),
            all_exited: Condvar::new(),
        })));
        // Terminates the half-built pool if a spawn fails or a user callback (the spawn
        // handler, the thread namer) panics: the threads already started then exit.
        let terminate_on_failure = TerminateOnDrop(&registry);
        let first = usize::from(config.use_current_thread);
        for index in first..n {
            let thread =
                registry.thread_builder(index, registry.thread_name(index), Start::Seat(index));
            registry.thread_spawning();
            if let Err(e) = spawn_handler.spawn(thread) {
                registry.thread_exited();
                drop(terminate_on_failure);
                return Err(BuildFailure {
                    error: ThreadPoolBuildError::new(ErrorKind::IOError(e)),
                    started: index - first,
                    half_built: registry,
                });
            }
        }
        std::mem::forget(terminate_on_failure);
        Ok(registry)
    }

    /// What a new pool thread is told: its index, name, stack size and role.
    fn thread_builder(
        self: &Arc<Self>,
        index: usize,
        name: Option<String>,
        start: Start,
    ) -> ThreadBuilder {
        ThreadBuilder {
            name,
            stack_size: self.handlers.stack_size,
            registry: self.clone(),
            index,
            start,
        }
    }

    /// Spawns a spare thread through the pool's spawn handler (the monitor calls this).
    /// Fails when the pool terminates, the spawner was retired, or the spawn itself fails.
    pub(crate) fn spawn_spare(self: &Arc<Self>, index: usize, start: Start) -> bool {
        let mut spawner = lock(&self.spawner);
        let Some(spawner) = spawner.as_mut().filter(|_| !self.terminating()) else {
            return false;
        };
        // The namer is user code: a panic there goes to the panic handler, and the spare is
        // spawned unnamed rather than not at all.
        let name = unwind::halt_unwinding(|| self.thread_name(index)).unwrap_or_else(|payload| {
            self.handle_panic(payload);
            None
        });
        self.thread_spawning();
        match spawner(self.thread_builder(index, name, start)) {
            Ok(()) => true,
            Err(_) => {
                self.thread_exited();
                false
            }
        }
    }

    /// Drops the spare spawner: no thread is spawned through it after this returns (for
    /// `build_scoped`, whose spawner borrows the scope).
    pub(crate) fn retire_spawner(&self) {
        lock(&self.spawner).take();
    }

    /// The stack size the pool asks its threads to have, if the builder set one.
    pub(crate) fn stack_size(&self) -> Option<usize> {
        self.handlers.stack_size
    }

    pub(crate) fn num_threads(&self) -> usize {
        self.seats.len()
    }

    #[inline]
    pub(crate) fn seat(&self, index: usize) -> &Seat {
        &self.seats[index]
    }

    pub(crate) fn breadth_first(&self) -> bool {
        self.breadth_first
    }

    pub(crate) fn thread_name(&self, index: usize) -> Option<String> {
        // A namer that panicked poisoned the lock; it may still name later threads.
        let mut namer = self
            .handlers
            .namer
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        namer.as_mut().map(|f| f(index))
    }

    /// Queues a job any worker may take, and wakes one (a dozer too) if nobody searches awake.
    /// Returns whether a thread was woken for it.
    pub(crate) fn inject(&self, job: JobRef) -> bool {
        self.injector.push(job);
        self.sleep.new_job()
    }

    /// Pushes on the current worker's deque if it belongs to this pool, else injects.
    pub(crate) fn inject_or_push(&self, job: JobRef) {
        match WorkerThread::current_ref() {
            Some(worker) if std::ptr::eq(&**worker.registry(), self) => worker.push(job),
            _ => {
                self.inject(job);
            }
        }
    }

    /// Queues one job on each seat's broadcast lane and wakes a sleeper of each seat.
    pub(crate) fn inject_broadcast(&self, jobs: impl ExactSizeIterator<Item = JobRef>) {
        assert_eq!(jobs.len(), self.num_threads());
        self.inject_broadcast_to(jobs.enumerate());
    }

    /// Queues each `(seat, job)` on that seat's broadcast lane, then wakes a sleeper of every
    /// seat (in a tree: `Sleep::wake_seats`) and the deep waiters of those seats.
    pub(crate) fn inject_broadcast_to(&self, jobs: impl Iterator<Item = (usize, JobRef)>) {
        let seats: Vec<usize> = jobs
            .map(|(index, job)| {
                self.seats[index].broadcasts.push(job);
                index
            })
            .collect();
        self.sleep.wake_seats();
        for index in seats {
            self.seats[index].wake_listeners();
        }
    }

    /// Injected jobs wait here; a job is taken in a batch by a searching worker.
    pub(crate) fn injector(&self) -> &Injector<JobRef> {
        &self.injector
    }

    /// Runs `op` on a worker of this pool and returns its result.
    pub(crate) fn in_worker<OP, R>(self: &Arc<Self>, op: OP) -> R
    where
        OP: FnOnce(&WorkerThread, bool) -> R + Send,
        R: Send,
    {
        match WorkerThread::current_ref() {
            Some(worker) if std::ptr::eq(&**worker.registry(), &**self) => op(worker, false),
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
        let parker = current_parker();
        let job = StackJob::new(
            |injected| {
                let worker = WorkerThread::current_ref().expect("weft: injected job off-pool");
                op(worker, injected)
            },
            SpinLatch::new(Arc::as_ptr(&parker)),
        );
        // SAFETY: the job lives on this stack until its latch is set, which we wait for.
        let woke = self.inject(unsafe { job.as_job_ref() });
        // Linger only where a worker searches awake, and so takes the job within
        // microseconds. A thread woken for the job may be put on our CPU (wake-affine
        // schedulers), and threads still starting (a process's first call) need the CPUs
        // more than our spin: then we park at once.
        let linger = if !woke && self.sleep.searching_awake() {
            self.outside_linger
        } else {
            Duration::ZERO
        };
        trace::waiting(|| job.latch.core().wait_lingering(&parker, linger));
        // SAFETY: the latch is set: the injected job was executed.
        unsafe { job.into_result() }
    }

    /// From a worker of another pool: inject `op` here and keep serving that pool meanwhile.
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
        // SAFETY: the latch is set: the injected job was executed.
        unsafe { job.into_result() }
    }

    /// One more reason to stay alive (a pool handle, a detached job).
    pub(crate) fn retain_handle(&self) {
        self.handles.fetch_add(1, Ordering::Relaxed);
    }

    /// One reason fewer; at zero the pool terminates (see "Shutdown" in the module docs).
    pub(crate) fn release_handle(&self) {
        // AcqRel: the last release must see every job's completion before terminating.
        if self.handles.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.terminate();
        }
    }

    /// The last handle went: the pool terminates. Out of line: it runs once per pool, where
    /// `release_handle` runs for every detached job and is inlined where it is called.
    #[cold]
    #[inline(never)]
    fn terminate(&self) {
        // Release: pairs with the Acquire in `terminating`.
        self.terminating.store(true, Ordering::Release);
        self.sleep.wake_all();
        self.cache.shut_down();
        self.monitor.shut_down();
    }

    pub(crate) fn terminating(&self) -> bool {
        // Acquire: pairs with the Release store in `terminate`.
        self.terminating.load(Ordering::Acquire)
    }

    /// Routes a panic that has no caller to resume in (a detached job, a start or exit
    /// handler) to the panic handler, or prints it.
    pub(crate) fn handle_panic(&self, payload: unwind::Payload) {
        let abort = unwind::AbortIfPanic;
        match &self.handlers.panic {
            Some(handler) => handler(payload),
            None => eprintln!("weft: a pool task panicked: {}", describe(&*payload)),
        }
        abort.disarm();
    }

    /// Runs a detached job's body, routing a panic to the panic handler.
    pub(crate) fn catch_unwind(&self, f: impl FnOnce()) {
        if let Err(payload) = unwind::halt_unwinding(f) {
            self.handle_panic(payload);
        }
    }

    /// Runs the start handler for seat `index` (the caller is that seat's worker).
    pub(crate) fn call_start_handler(&self, index: usize) {
        if let Some(h) = &self.handlers.start {
            self.catch_unwind(|| h(index));
        }
    }

    /// Runs the exit handler for seat `index` (the caller is still that seat's worker).
    pub(crate) fn call_exit_handler(&self, index: usize) {
        if let Some(h) = &self.handlers.exit {
            self.catch_unwind(|| h(index));
        }
    }

    /// Counts a thread about to be spawned.
    pub(crate) fn thread_spawning(&self) {
        *lock(&self.live_threads) += 1;
    }

    /// Called by a pool thread as its very last touch of the registry, or for a spawn that
    /// failed.
    pub(crate) fn thread_exited(&self) {
        let mut live = lock(&self.live_threads);
        *live -= 1;
        if *live == 0 {
            self.all_exited.notify_all();
        }
    }

    /// Blocks until every thread of the pool has exited.
    pub(crate) fn wait_until_stopped(&self) {
        let mut live = lock(&self.live_threads);
        while *live > 0 {
            live = self.all_exited.wait(live).unwrap_or_else(|_| poisoned());
        }
    }

    pub(crate) fn metrics(&self) -> Metrics {
        let mut m = Metrics::default();
        self.members.add_counters_to(&mut m);
        m.wakeups = self.sleep.wakeups();
        m.parks = self.sleep.parks();
        m.heavy_fences = crate::sync::fence::barriers();
        self.cache.counters().add_to(&mut m);
        m
    }
}

/// Why [`Registry::build`] failed.
struct BuildFailure {
    error: ThreadPoolBuildError,
    /// How many of the pool's threads had been spawned when one could not be.
    started: usize,
    /// The pool whose thread could not be spawned, terminating.
    half_built: Arc<Registry>,
}

/// Releases the builder's handle if dropped, i.e. when building fails part way.
struct TerminateOnDrop<'a>(&'a Registry);

impl Drop for TerminateOnDrop<'_> {
    fn drop(&mut self) {
        self.0.release_handle();
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
