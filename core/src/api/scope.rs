//! Scopes: spawn tasks that may borrow from the enclosing stack; the scope returns only once
//! every task has finished.
//!
//! A scope is a [`CountLatch`] (one count for the body, one per task) plus the first panic.
//! Tasks are pushed on the spawning worker's deque (LIFO for `scope`, through the worker's
//! FIFO lane for `scope_fifo`), or injected when spawned from outside the pool. A scope made
//! inside an isolated region belongs to it (`isolate/mod.rs`): its tasks go to the region's queue
//! (FIFO), from whichever thread they are spawned.

use crate::isolate::region::RegionRef;
use crate::pool::registry::{self, Registry};
use crate::sync::job::{HeapJob, JobFifo, JobRef, Owner};
use crate::sync::latch::{CountLatch, Latch};
use crate::sync::parker::Parker;
use crate::sync::unwind::{self, Payload};
use crate::trace;
use crate::worker::thread_state::{current_parker, WorkerThread};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::Arc;
use std::{fmt, ptr};

/// A scope in which tasks borrowing from the enclosing stack may be spawned (see [`scope`]).
pub struct Scope<'scope> {
    base: ScopeBase<'scope>,
}

/// A scope whose tasks start in the order they were spawned, per thread (see [`scope_fifo`]).
pub struct ScopeFifo<'scope> {
    base: ScopeBase<'scope>,
    /// One FIFO lane per worker of the pool, so that this scope's order is its own.
    fifos: Vec<JobFifo>,
}

pub(crate) struct ScopeBase<'scope> {
    registry: Arc<Registry>,
    /// The isolated region the scope was made in, whose work its tasks are.
    region: RegionRef,
    /// The first panic of a task, boxed and leaked into the pointer.
    panic: AtomicPtr<Payload>,
    latch: CountLatch,
    /// The parker of the thread that waits for the scope, which `latch` unparks.
    parker: Arc<Parker>,
    /// Invariant in `'scope`, like the closures spawned in it.
    marker: PhantomData<ScopeTask<'scope>>,
}

/// The shape of a task spawned in a scope (for variance only).
type ScopeTask<'scope> = Box<dyn FnOnce(&Scope<'scope>) + Send + Sync + 'scope>;

/// Creates a scope on the current pool (or the global pool), runs `op` in it on a worker,
/// and returns once `op` and every task spawned in the scope have finished.
///
/// # Panics
///
/// If `op` or a task panics, the panic propagates to the caller after all tasks have finished
/// (`op`'s panic first, else the first task panic).
///
/// # Examples
///
/// ```
/// let mut a = vec![1, 2, 3];
/// let mut b = vec![4, 5];
/// weft_core::scope(|s| {
///     s.spawn(|_| a.push(4));
///     s.spawn(|_| b.push(6));
/// });
/// assert_eq!((a.len(), b.len()), (4, 3));
/// ```
pub fn scope<'scope, OP, R>(op: OP) -> R
where
    OP: FnOnce(&Scope<'scope>) -> R + Send,
    R: Send,
{
    registry::in_worker(|owner, _| run_scope(Some(owner), None, op))
}

/// Like [`scope`], but tasks spawned from the same thread start in FIFO order.
///
/// # Panics
///
/// As [`scope`].
///
/// # Examples
///
/// ```
/// use std::sync::Mutex;
/// let order = Mutex::new(Vec::new());
/// weft_core::ThreadPoolBuilder::new().num_threads(1).build().unwrap().install(|| {
///     weft_core::scope_fifo(|s| {
///         for i in 0..4 {
///             let order = &order;
///             s.spawn_fifo(move |_| order.lock().unwrap().push(i));
///         }
///     });
/// });
/// assert_eq!(order.into_inner().unwrap(), [0, 1, 2, 3]);
/// ```
pub fn scope_fifo<'scope, OP, R>(op: OP) -> R
where
    OP: FnOnce(&ScopeFifo<'scope>) -> R + Send,
    R: Send,
{
    registry::in_worker(|owner, _| run_scope(Some(owner), None, op))
}

/// Like [`scope`], but `op` runs on the calling thread even outside the pool (so it need not
/// be `Send`); tasks run on the current pool or the global pool.
///
/// # Panics
///
/// As [`scope`].
///
/// # Examples
///
/// ```
/// let data = std::rc::Rc::new(5); // not Send: fine, `op` stays on this thread
/// let x = *data;
/// let mut y = 0;
/// weft_core::in_place_scope(|s| s.spawn(|_| y = x * 2));
/// assert_eq!(y, 10);
/// ```
pub fn in_place_scope<'scope, OP, R>(op: OP) -> R
where
    OP: FnOnce(&Scope<'scope>) -> R,
{
    do_in_place_scope(None, op)
}

/// Like [`scope_fifo`], with `op` on the calling thread (see [`in_place_scope`]).
///
/// # Panics
///
/// As [`scope`].
///
/// # Examples
///
/// ```
/// let mut v = Vec::new();
/// weft_core::in_place_scope_fifo(|s| s.spawn_fifo(|_| v.push(1)));
/// assert_eq!(v, [1]);
/// ```
pub fn in_place_scope_fifo<'scope, OP, R>(op: OP) -> R
where
    OP: FnOnce(&ScopeFifo<'scope>) -> R,
{
    do_in_place_scope(None, op)
}

/// `in_place_scope` and `in_place_scope_fifo`, on `registry` or the current pool.
pub(crate) fn do_in_place_scope<'scope, S, OP, R>(registry: Option<&Arc<Registry>>, op: OP) -> R
where
    S: ScopeKind<'scope>,
    OP: FnOnce(&S) -> R,
{
    run_scope(WorkerThread::current_ref(), registry, op)
}

/// Makes a scope of kind `S`, runs `op` in it, and waits for its tasks.
fn run_scope<'scope, S, OP, R>(
    owner: Option<&WorkerThread>,
    registry: Option<&Arc<Registry>>,
    op: OP,
) -> R
where
    S: ScopeKind<'scope>,
    OP: FnOnce(&S) -> R,
{
    let scope = S::new(owner, registry);
    scope.base().complete(owner, || op(&scope))
}

/// What `Scope` and `ScopeFifo` share: a base, and how they are made.
pub(crate) trait ScopeKind<'scope>: Sync + Sized {
    fn new(owner: Option<&WorkerThread>, registry: Option<&Arc<Registry>>) -> Self;
    fn base(&self) -> &ScopeBase<'scope>;
}

impl<'scope> ScopeKind<'scope> for Scope<'scope> {
    fn new(owner: Option<&WorkerThread>, registry: Option<&Arc<Registry>>) -> Self {
        Scope {
            base: ScopeBase::new(owner, registry),
        }
    }

    fn base(&self) -> &ScopeBase<'scope> {
        &self.base
    }
}

impl<'scope> ScopeKind<'scope> for ScopeFifo<'scope> {
    fn new(owner: Option<&WorkerThread>, registry: Option<&Arc<Registry>>) -> Self {
        let base = ScopeBase::new(owner, registry);
        let fifos = (0..base.registry.num_threads())
            .map(|_| JobFifo::default())
            .collect();
        ScopeFifo { base, fifos }
    }

    fn base(&self) -> &ScopeBase<'scope> {
        &self.base
    }
}

/// Boxes `body` as a task of `scope`: counted in now, run once with its panic recorded,
/// counted out when done.
fn task_job<'scope, S, BODY>(scope: &S, body: BODY) -> JobRef
where
    S: ScopeKind<'scope>,
    BODY: FnOnce(&S) + Send + 'scope,
{
    let scope_ptr = ScopePtr(scope);
    scope.base().increment();
    let job = HeapJob::owned(scope.base().owner(), move || {
        // SAFETY: the scope waits for this task (its count) before it is freed.
        let scope = unsafe { scope_ptr.as_ref() };
        // SAFETY: as above; this is the task's one run.
        unsafe { ScopeBase::execute_job(scope.base(), move || body(scope)) };
    });
    // SAFETY: the body borrows only what outlives the scope, which outlives the job.
    unsafe { job.into_job_ref() }
}

/// Queues one task per thread of `scope`'s pool, each running `body` with the thread's
/// broadcast context (`spawn_broadcast` of both scope kinds).
fn spawn_broadcast_in<'scope, S, BODY>(scope: &S, body: BODY)
where
    S: ScopeKind<'scope>,
    BODY: Fn(&S, crate::BroadcastContext<'_>) + Send + Sync + 'scope,
{
    let body = Arc::new(body);
    let registry = &scope.base().registry;
    let jobs: Vec<JobRef> = (0..registry.num_threads())
        .map(|_| {
            let body = body.clone();
            task_job(scope, move |scope| {
                crate::api::broadcast::with_context(|ctx| body(scope, ctx))
            })
        })
        .collect();
    registry.inject_broadcast(jobs.into_iter());
}

impl<'scope> Scope<'scope> {
    /// Spawns a task in the scope. It may borrow anything that outlives the scope, and may
    /// spawn more tasks through the `&Scope` it receives.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// let count = AtomicUsize::new(0);
    /// weft_core::scope(|s| {
    ///     for _ in 0..10 {
    ///         s.spawn(|s| {
    ///             count.fetch_add(1, Ordering::Relaxed);
    ///             s.spawn(|_| { count.fetch_add(1, Ordering::Relaxed); });
    ///         });
    ///     }
    /// });
    /// assert_eq!(count.into_inner(), 20);
    /// ```
    pub fn spawn<BODY>(&self, body: BODY)
    where
        BODY: FnOnce(&Scope<'scope>) + Send + 'scope,
    {
        let job_ref = task_job(self, body);
        match self.base.region.get() {
            Some(region) => region.push(job_ref, &self.base.registry.sleep),
            None => self.base.registry.inject_or_push(job_ref),
        }
    }

    /// Spawns `op` once on each thread of the scope's pool, with its [`BroadcastContext`].
    ///
    /// [`BroadcastContext`]: crate::BroadcastContext
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
    /// let hits = AtomicUsize::new(0);
    /// pool.scope(|s| s.spawn_broadcast(|_, _| { hits.fetch_add(1, Ordering::Relaxed); }));
    /// assert_eq!(hits.into_inner(), 3);
    /// ```
    pub fn spawn_broadcast<BODY>(&self, body: BODY)
    where
        BODY: Fn(&Scope<'scope>, crate::BroadcastContext<'_>) + Send + Sync + 'scope,
    {
        spawn_broadcast_in(self, body);
    }
}

impl<'scope> ScopeFifo<'scope> {
    /// Spawns a task in the scope; tasks spawned by one thread start in FIFO order.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut v = vec![0; 4];
    /// weft_core::scope_fifo(|s| {
    ///     for (i, x) in v.iter_mut().enumerate() {
    ///         s.spawn_fifo(move |_| *x = i);
    ///     }
    /// });
    /// assert_eq!(v, [0, 1, 2, 3]);
    /// ```
    pub fn spawn_fifo<BODY>(&self, body: BODY)
    where
        BODY: FnOnce(&ScopeFifo<'scope>) + Send + 'scope,
    {
        let job_ref = task_job(self, body);
        if let Some(region) = self.base.region.get() {
            // The region's queue is first in, first out already.
            return region.push(job_ref, &self.base.registry.sleep);
        }
        match WorkerThread::current_ref() {
            Some(worker) if Arc::ptr_eq(worker.registry(), &self.base.registry) => {
                // SAFETY: the lane lives in the scope, which outlives its tasks.
                let lane = unsafe { self.fifos[worker.index()].push(job_ref, self.base.owner()) };
                worker.push(lane);
            }
            _ => {
                self.base.registry.inject(job_ref);
            }
        }
    }

    /// Spawns `op` once on each thread of the scope's pool (see [`Scope::spawn_broadcast`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// let hits = AtomicUsize::new(0);
    /// pool.scope_fifo(|s| s.spawn_broadcast(|_, _| { hits.fetch_add(1, Ordering::Relaxed); }));
    /// assert_eq!(hits.into_inner(), 2);
    /// ```
    pub fn spawn_broadcast<BODY>(&self, body: BODY)
    where
        BODY: Fn(&ScopeFifo<'scope>, crate::BroadcastContext<'_>) + Send + Sync + 'scope,
    {
        spawn_broadcast_in(self, body);
    }
}

impl<'scope> ScopeBase<'scope> {
    fn new(owner: Option<&WorkerThread>, registry: Option<&Arc<Registry>>) -> Self {
        let registry = match (registry, owner) {
            (Some(r), _) => r.clone(),
            (None, Some(w)) => w.registry().clone(),
            (None, None) => registry::global_registry().clone(),
        };
        // The scope keeps its waiter's parker alive while its latch may unpark through it.
        let parker = current_parker();
        ScopeBase {
            region: RegionRef::new(owner.and_then(|w| w.scope_region(&registry))),
            registry,
            panic: AtomicPtr::new(ptr::null_mut()),
            latch: CountLatch::new(Arc::as_ptr(&parker)),
            parker,
            marker: PhantomData,
        }
    }

    fn increment(&self) {
        self.latch.increment();
    }

    /// What the scope's tasks record as the wait they belong to: its latch, which
    /// [`complete`](Self::complete) waits on (a wait past its stack mark runs only its own
    /// jobs: `worker/wait.rs`).
    fn owner(&self) -> Owner {
        self.latch.core().owner()
    }

    /// Runs the scope's body, releases its count, waits for every task, then returns the
    /// body's result or propagates the first panic.
    fn complete<R>(&self, owner: Option<&WorkerThread>, func: impl FnOnce() -> R) -> R {
        let result = unwind::halt_unwinding(func);
        // SAFETY: the latch is ours and live; the body's count is released exactly once.
        unsafe { Latch::set(&self.latch) };
        // A worker waits serving its own pool, even when the scope's tasks run on another
        // (in_place_scope across pools): its own seat keeps being served.
        match owner {
            Some(worker) => worker.wait_until(self.latch.core()),
            None => trace::waiting(|| self.latch.core().wait_parked(&self.parker)),
        }
        let task_panic = self.panic.swap(ptr::null_mut(), Ordering::Acquire);
        let task_panic = (!task_panic.is_null()).then(|| {
            // SAFETY: created by `Box::into_raw` in `record_panic`, taken once by the swap.
            *unsafe { Box::from_raw(task_panic) }
        });
        match (result, task_panic) {
            (Err(payload), _) | (Ok(_), Some(payload)) => unwind::resume_unwinding(payload),
            (Ok(value), None) => value,
        }
    }

    /// Runs one task, recording a panic, and releases its count.
    ///
    /// # Safety
    ///
    /// `this` must be live: it is, until its latch's count reaches zero.
    unsafe fn execute_job(this: *const Self, func: impl FnOnce()) {
        // SAFETY: live per the caller until the latch set below.
        let base = unsafe { &*this };
        if let Err(payload) = unwind::halt_unwinding(func) {
            base.record_panic(payload);
        }
        // SAFETY: live until this set; not touched afterwards.
        unsafe { Latch::set(&base.latch) };
    }

    /// Keeps a task's panic for [`complete`](Self::complete) to resume, unless an earlier one
    /// was kept.
    fn record_panic(&self, payload: Payload) {
        let boxed = Box::into_raw(Box::new(payload));
        // Release: pairs with the Acquire swap in `complete`. Only the first panic stays.
        if self
            .panic
            .compare_exchange(ptr::null_mut(), boxed, Ordering::Release, Ordering::Relaxed)
            .is_err()
        {
            // SAFETY: ours, not published.
            drop(unsafe { Box::from_raw(boxed) });
        }
    }
}

impl fmt::Debug for Scope<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Scope").finish_non_exhaustive()
    }
}

impl fmt::Debug for ScopeFifo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScopeFifo")
            .field("fifos", &self.fifos.len())
            .finish_non_exhaustive()
    }
}

/// A scope pointer that tasks may carry to other threads.
struct ScopePtr<T>(*const T);

impl<T> Clone for ScopePtr<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for ScopePtr<T> {}

// SAFETY: the scopes are Sync (their state is atomic or immutable) and outlive their tasks.
unsafe impl<T: Sync> Send for ScopePtr<T> {}
// SAFETY: as above.
unsafe impl<T: Sync> Sync for ScopePtr<T> {}

impl<T> ScopePtr<T> {
    /// # Safety
    ///
    /// The scope must still be live.
    unsafe fn as_ref(&self) -> &T {
        // SAFETY: forwarded to the caller.
        unsafe { &*self.0 }
    }
}
