//! `ThreadPool`: a handle on a pool of worker threads.

use crate::api::broadcast::{self, BroadcastContext};
use crate::api::current::Yield;
use crate::api::scope::{self, Scope, ScopeFifo};
use crate::api::spawn;
use crate::pool::metrics::Metrics;
use crate::pool::registry::Registry;
use crate::pool::thread;
use crate::worker::thread_state::WorkerThread;
use std::fmt;
use std::sync::Arc;

/// A pool of worker threads. Work runs on it through [`install`](Self::install) and the
/// other methods; dropping the handle lets queued work finish, then the threads exit.
///
/// # Examples
///
/// ```
/// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// let (a, b) = pool.install(|| weft_core::join(|| 1 + 1, || 2 + 2));
/// assert_eq!((a, b), (2, 4));
/// ```
pub struct ThreadPool {
    registry: Arc<Registry>,
}

impl ThreadPool {
    pub(crate) fn from_registry(registry: Arc<Registry>) -> Self {
        ThreadPool { registry }
    }

    pub(crate) fn registry(&self) -> &Arc<Registry> {
        &self.registry
    }

    /// Runs `op` on a worker of this pool and returns its result; `join`, `scope` and
    /// parallel iterators inside it use this pool. Called from a worker of this pool it just
    /// runs `op` (re-entrant); from another pool's worker, that worker keeps working for its
    /// own pool while it waits, as in a `join`: only its region's work inside
    /// [`isolate`](fn@crate::isolate), and nothing once its stack is more than half used (it
    /// then parks, and a spare serves its seat), so waits never pile up work on its stack.
    ///
    /// # Panics
    ///
    /// A panic in `op` propagates to the caller; the pool survives.
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
    /// assert_eq!(pool.install(weft_core::current_num_threads), 3);
    /// ```
    pub fn install<OP, R>(&self, op: OP) -> R
    where
        OP: FnOnce() -> R + Send,
        R: Send,
    {
        self.registry.in_worker(|_, _| op())
    }

    /// Runs `op` on a worker of this pool inside an isolated region: while that worker waits
    /// inside `op`, it runs only work made inside `op` (see [`isolate`](fn@crate::isolate)).
    ///
    /// # Panics
    ///
    /// A panic in `op` propagates to the caller; the pool survives.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Mutex;
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// let log = Mutex::new(Vec::new());
    /// pool.scope(|s| {
    ///     for i in 0..4u64 {
    ///         let (log, pool) = (&log, &pool);
    ///         s.spawn(move |_| {
    ///             let mut log = log.lock().unwrap();
    ///             let (a, b) = pool.isolate(|| weft_core::join(|| i, || 10 * i));
    ///             log.push(a + b);
    ///         });
    ///     }
    /// });
    /// let mut log = log.into_inner().unwrap();
    /// log.sort();
    /// assert_eq!(log, [0, 11, 22, 33]);
    /// ```
    pub fn isolate<OP, R>(&self, op: OP) -> R
    where
        OP: FnOnce() -> R + Send,
        R: Send,
    {
        self.install(|| crate::isolate(op))
    }

    /// Runs `op` once on each thread of this pool; results in worker-index order.
    ///
    /// # Panics
    ///
    /// If `op` panics on any thread, after every copy has finished.
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// assert_eq!(pool.broadcast(|ctx| ctx.index()), [0, 1]);
    /// ```
    pub fn broadcast<OP, R>(&self, op: OP) -> Vec<R>
    where
        OP: Fn(BroadcastContext<'_>) -> R + Sync,
        R: Send,
    {
        broadcast::broadcast_in(op, &self.registry)
    }

    /// Spawns `op` once on each thread of this pool, detached.
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// pool.spawn_broadcast(|ctx| assert!(ctx.index() < 2));
    /// ```
    pub fn spawn_broadcast<OP>(&self, op: OP)
    where
        OP: Fn(BroadcastContext<'_>) + Send + Sync + 'static,
    {
        broadcast::spawn_broadcast_in(op, &self.registry)
    }

    /// The number of worker threads of this pool.
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(5).build().unwrap();
    /// assert_eq!(pool.current_num_threads(), 5);
    /// ```
    pub fn current_num_threads(&self) -> usize {
        self.registry.num_threads()
    }

    /// The current thread's worker index if it is a worker of this pool.
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    /// assert_eq!(pool.current_thread_index(), None);
    /// assert_eq!(pool.install(|| pool.current_thread_index()), Some(0));
    /// ```
    pub fn current_thread_index(&self) -> Option<usize> {
        self.current_worker().map(WorkerThread::index)
    }

    /// Whether the current thread is a worker of this pool with jobs queued on its deque.
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    /// assert_eq!(pool.current_thread_has_pending_tasks(), None);
    /// ```
    pub fn current_thread_has_pending_tasks(&self) -> Option<bool> {
        self.current_worker().map(WorkerThread::has_local_work)
    }

    fn current_worker(&self) -> Option<&WorkerThread> {
        match WorkerThread::current_ref() {
            Some(worker) if Arc::ptr_eq(worker.registry(), &self.registry) => Some(worker),
            _ => None,
        }
    }

    /// [`join`](crate::join) inside this pool.
    ///
    /// # Panics
    ///
    /// As [`join`](crate::join).
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// assert_eq!(pool.join(|| 1, || 2), (1, 2));
    /// ```
    pub fn join<A, B, RA, RB>(&self, oper_a: A, oper_b: B) -> (RA, RB)
    where
        A: FnOnce() -> RA + Send,
        B: FnOnce() -> RB + Send,
        RA: Send,
        RB: Send,
    {
        self.install(|| crate::join(oper_a, oper_b))
    }

    /// [`scope`](crate::scope) inside this pool.
    ///
    /// # Panics
    ///
    /// As [`scope`](crate::scope).
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// let mut x = 0;
    /// pool.scope(|s| s.spawn(|_| x = 1));
    /// assert_eq!(x, 1);
    /// ```
    pub fn scope<'scope, OP, R>(&self, op: OP) -> R
    where
        OP: FnOnce(&Scope<'scope>) -> R + Send,
        R: Send,
    {
        self.install(|| scope::scope(op))
    }

    /// [`scope_fifo`](crate::scope_fifo) inside this pool.
    ///
    /// # Panics
    ///
    /// As [`scope`](crate::scope).
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// let mut x = 0;
    /// pool.scope_fifo(|s| s.spawn_fifo(|_| x = 1));
    /// assert_eq!(x, 1);
    /// ```
    pub fn scope_fifo<'scope, OP, R>(&self, op: OP) -> R
    where
        OP: FnOnce(&ScopeFifo<'scope>) -> R + Send,
        R: Send,
    {
        self.install(|| scope::scope_fifo(op))
    }

    /// [`in_place_scope`](crate::in_place_scope) whose tasks run on this pool.
    ///
    /// # Panics
    ///
    /// As [`scope`](crate::scope).
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// let mut x = 0;
    /// pool.in_place_scope(|s| s.spawn(|_| x = 1));
    /// assert_eq!(x, 1);
    /// ```
    pub fn in_place_scope<'scope, OP, R>(&self, op: OP) -> R
    where
        OP: FnOnce(&Scope<'scope>) -> R,
    {
        scope::do_in_place_scope(Some(&self.registry), op)
    }

    /// [`in_place_scope_fifo`](crate::in_place_scope_fifo) whose tasks run on this pool.
    ///
    /// # Panics
    ///
    /// As [`scope`](crate::scope).
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// let mut x = 0;
    /// pool.in_place_scope_fifo(|s| s.spawn_fifo(|_| x = 1));
    /// assert_eq!(x, 1);
    /// ```
    pub fn in_place_scope_fifo<'scope, OP, R>(&self, op: OP) -> R
    where
        OP: FnOnce(&ScopeFifo<'scope>) -> R,
    {
        scope::do_in_place_scope(Some(&self.registry), op)
    }

    /// Queues `op` on this pool and returns at once (see [`spawn`](crate::spawn)).
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    /// let (tx, rx) = std::sync::mpsc::channel();
    /// pool.spawn(move || tx.send(1).unwrap());
    /// assert_eq!(rx.recv().unwrap(), 1);
    /// ```
    pub fn spawn<OP>(&self, op: OP)
    where
        OP: FnOnce() + Send + 'static,
    {
        spawn::spawn_in(op, &self.registry)
    }

    /// Queues `op` on this pool in FIFO order (see [`spawn_fifo`](crate::spawn_fifo)).
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    /// let (tx, rx) = std::sync::mpsc::channel();
    /// pool.spawn_fifo(move || tx.send(1).unwrap());
    /// assert_eq!(rx.recv().unwrap(), 1);
    /// ```
    pub fn spawn_fifo<OP>(&self, op: OP)
    where
        OP: FnOnce() + Send + 'static,
    {
        spawn::spawn_fifo_in(op, &self.registry)
    }

    /// Queues `op` on this pool and returns a future of its result, for any executor (see
    /// [`spawn_future`](crate::spawn_future)).
    ///
    /// # Panics
    ///
    /// A panic in `op` resumes in the task that awaits the future.
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
    /// let n = rt.block_on(pool.spawn_future(|| (1..=10u32).product::<u32>()));
    /// assert_eq!(n, 3_628_800);
    /// ```
    pub fn spawn_future<OP, R>(&self, op: OP) -> crate::SpawnFuture<R>
    where
        OP: FnOnce() -> R + Send + 'static,
        R: Send + 'static,
    {
        crate::api::future::spawn_future_in(op, &self.registry)
    }

    /// Runs one pending job if the current thread is a worker of this pool
    /// (see [`yield_now`](crate::yield_now)); `None` otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    /// assert_eq!(pool.yield_now(), None);
    /// ```
    pub fn yield_now(&self) -> Option<Yield> {
        self.current_worker()
            .map(|w| Yield::from_ran(w.yield_now()))
    }

    /// Runs one job from the current worker's own deque, if it belongs to this pool.
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    /// assert_eq!(pool.install(|| pool.yield_local()), Some(weft_core::Yield::Idle));
    /// ```
    pub fn yield_local(&self) -> Option<Yield> {
        self.current_worker()
            .map(|w| Yield::from_ran(w.yield_local()))
    }

    /// This pool's counters (see [`Metrics`]).
    ///
    /// # Examples
    ///
    /// ```
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// pool.install(|| weft_core::join(|| (), || ()));
    /// let m = pool.metrics();
    /// assert!(m.wakeups <= m.jobs_executed + 2);
    /// ```
    pub fn metrics(&self) -> Metrics {
        self.registry.metrics()
    }

    /// Drops this handle and blocks until the pool's threads have all exited, after finishing
    /// every queued job (the pool stays alive while other handles or queued jobs hold it).
    ///
    /// # Panics
    ///
    /// If called from one of this pool's own threads (it would wait for itself). The thread
    /// that built the pool with `use_current_thread` may call it: it leaves the pool first.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use std::sync::Arc;
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// let ran = Arc::new(AtomicBool::new(false));
    /// let r = ran.clone();
    /// pool.spawn(move || r.store(true, Ordering::SeqCst));
    /// pool.wait_until_stopped();
    /// assert!(ran.load(Ordering::SeqCst));
    /// ```
    pub fn wait_until_stopped(self) {
        // A thread adopted by `use_current_thread` leaves the pool first: it is not one of
        // the threads waited for.
        thread::release_adopted(&self.registry);
        assert!(
            self.current_worker().is_none(),
            "weft: wait_until_stopped called from a worker of the pool it waits for"
        );
        let registry = self.registry.clone();
        drop(self);
        registry.wait_until_stopped();
    }
}

impl Drop for ThreadPool {
    fn drop(&mut self) {
        thread::release_adopted(&self.registry);
        self.registry.release_handle();
    }
}

impl fmt::Debug for ThreadPool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ThreadPool")
            .field("num_threads", &self.current_num_threads())
            .finish_non_exhaustive()
    }
}
