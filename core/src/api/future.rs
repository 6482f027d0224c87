//! `spawn_future`: CPU work on the pool, awaited from async code on any executor.
//!
//! # Protocol
//!
//! The job and its [`SpawnFuture`] share one [`Mutex`]-guarded [`State`]; nobody runs user
//! code (the closure, a waker, a destructor of the result) while holding the lock:
//!
//! * [`State::Waiting`]: the job has not finished; it holds the waker of the latest poll.
//!   `poll` stores its waker here (replacing one that would not wake the same task).
//! * [`State::Ready`]: the job finished and left its result (or its panic's payload); the
//!   job took the waker out with the same lock and wakes it after unlocking, so a poll that
//!   stored a waker either sees `Ready` or is woken.
//! * [`State::Gone`]: the future was dropped, or took the result. A job that finds `Gone`
//!   before it starts drops the closure unrun; one that finishes after the future was dropped
//!   drops the result. Either way every value is dropped exactly once: the state lives in an
//!   `Arc` the job and the future share, freed by whichever lets go last.
//!
//! A lock is cheap next to the work it guards here (a task worth sending to a pool), and it
//! needs no memory-ordering argument of its own. Poisoning cannot happen (no user code runs
//! under the lock) and would be harmless anyway: every transition leaves a valid state, so a
//! poisoned lock is entered as usual.

use crate::api::spawn::spawn_in;
use crate::pool::registry::{self, Registry};
use crate::sync::unwind::{self, Payload};
use std::fmt;
use std::future::Future;
use std::mem;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll, Waker};

/// Queues `func` on the current pool (or the global pool) and returns a future of its result.
///
/// The future is `Send + 'static` and needs no particular executor: await it from tokio,
/// async-std, or a hand-written `block_on`. Awaiting it never blocks the executor's thread;
/// the job wakes the awaiting task when it is done. As with [`spawn`](crate::spawn), queueing
/// never waits for a worker.
///
/// Dropping the future before the job finishes is allowed and leaks nothing: a job that has
/// not started yet is dropped unrun, one that is running finishes and its result is dropped.
/// Use [`spawn`](crate::spawn) for work that must run even if nobody waits for it.
///
/// For the other direction, see "Calling async code from a pool thread" below.
///
/// # Calling async code from a pool thread
///
/// A pool worker that waits for a future (a network call, a timer) blocks: wrap the wait in
/// [`blocking`](fn@crate::blocking), which lends the worker's place in the pool to a spare thread
/// while it waits, so the pool keeps computing at full width. With tokio, that is
/// `weft::blocking(|| handle.block_on(fut))` with a `tokio::runtime::Handle` of a runtime whose
/// own threads drive its timers and I/O (a multi-thread runtime); never call `block_on` from
/// one of that runtime's own threads.
///
/// ```
/// use std::time::Duration;
///
/// let rt = tokio::runtime::Builder::new_multi_thread()
///     .worker_threads(1)
///     .enable_time()
///     .build()
///     .unwrap();
/// let handle = rt.handle().clone();
/// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// let answer = pool.install(|| {
///     // While this thread waits on the runtime, a spare thread computes in its place.
///     weft_core::blocking(|| {
///         handle.block_on(async {
///             tokio::time::sleep(Duration::from_millis(1)).await;
///             42
///         })
///     })
/// });
/// assert_eq!(answer, 42);
/// ```
///
/// # Panics
///
/// A panic in `func` is caught on the worker and resumed in the task that awaits the future
/// (at its `.await`); the pool goes on. Polling the future again after it returned
/// `Poll::Ready` panics.
///
/// # Examples
///
/// ```
/// # use std::future::Future;
/// # use std::sync::Arc;
/// # use std::task::{Context, Poll, Wake};
/// # fn block_on<F: Future>(fut: F) -> F::Output {
/// #     struct Unpark(std::thread::Thread);
/// #     impl Wake for Unpark {
/// #         fn wake(self: Arc<Self>) { self.0.unpark() }
/// #     }
/// #     let waker = Arc::new(Unpark(std::thread::current())).into();
/// #     let mut cx = Context::from_waker(&waker);
/// #     let mut fut = std::pin::pin!(fut);
/// #     loop {
/// #         match fut.as_mut().poll(&mut cx) {
/// #             Poll::Ready(v) => return v,
/// #             Poll::Pending => std::thread::park(),
/// #         }
/// #     }
/// # }
/// let sum = weft_core::spawn_future(|| (1..=1_000u64).sum::<u64>());
/// assert_eq!(block_on(sum), 500_500); // any executor; here a minimal one
/// ```
///
/// A panic reaches the awaiting task:
///
/// ```
/// # use std::future::Future;
/// # use std::sync::Arc;
/// # use std::task::{Context, Poll, Wake};
/// # fn block_on<F: Future>(fut: F) -> F::Output {
/// #     struct Unpark(std::thread::Thread);
/// #     impl Wake for Unpark {
/// #         fn wake(self: Arc<Self>) { self.0.unpark() }
/// #     }
/// #     let waker = Arc::new(Unpark(std::thread::current())).into();
/// #     let mut cx = Context::from_waker(&waker);
/// #     let mut fut = std::pin::pin!(fut);
/// #     loop {
/// #         match fut.as_mut().poll(&mut cx) {
/// #             Poll::Ready(v) => return v,
/// #             Poll::Pending => std::thread::park(),
/// #         }
/// #     }
/// # }
/// let fut = weft_core::spawn_future(|| -> u32 { panic!("bad input") });
/// let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| block_on(fut)));
/// assert!(caught.is_err());
/// ```
pub fn spawn_future<F, R>(func: F) -> SpawnFuture<R>
where
    F: FnOnce() -> R + Send + 'static,
    R: Send + 'static,
{
    spawn_future_in(func, &registry::current_registry())
}

/// [`spawn_future`] on `registry`.
pub(crate) fn spawn_future_in<F, R>(func: F, registry: &Arc<Registry>) -> SpawnFuture<R>
where
    F: FnOnce() -> R + Send + 'static,
    R: Send + 'static,
{
    let shared = Arc::new(Shared {
        state: Mutex::new(State::Waiting(None)),
    });
    let job_side = shared.clone();
    spawn_in(move || job_side.run(func), registry);
    SpawnFuture { shared }
}

/// The future of [`spawn_future`] and
/// [`ThreadPool::spawn_future`](crate::ThreadPool::spawn_future): resolves to the job's result once
/// it has run on the pool.
///
/// `Send`, `Unpin` and `'static`, so any executor can own it. Dropping it early is allowed
/// (see [`spawn_future`]).
///
/// # Examples
///
/// ```
/// fn needs_send_static<T: Send + Unpin + 'static>(_: &T) {}
/// let fut: weft_core::SpawnFuture<u64> = weft_core::spawn_future(|| 6 * 7);
/// needs_send_static(&fut);
/// drop(fut); // allowed: the result, when it comes, is dropped
/// ```
#[must_use = "futures do nothing unless awaited; use `spawn` for fire-and-forget work"]
pub struct SpawnFuture<R> {
    shared: Arc<Shared<R>>,
}

/// What a job and its future share.
struct Shared<R> {
    state: Mutex<State<R>>,
}

/// Where a [`spawn_future`] job stands (see the module's protocol).
enum State<R> {
    /// Not finished; the waker of the latest poll, if polled.
    Waiting(Option<Waker>),
    /// Finished: the result, or the payload of the panic.
    Ready(Result<R, Payload>),
    /// The future was dropped or took the result.
    Gone,
}

impl<R> Shared<R> {
    fn lock(&self) -> MutexGuard<'_, State<R>> {
        // No user code runs under the lock, and each transition is one assignment: a poisoned
        // lock still holds a valid state.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The job: runs `func` unless the future is already gone, then hands the result over.
    fn run<F: FnOnce() -> R>(&self, func: F) {
        if matches!(*self.lock(), State::Gone) {
            return; // nobody waits: drop `func` unrun
        }
        let result = unwind::halt_unwinding(func);
        let mut state = self.lock();
        match mem::replace(&mut *state, State::Gone) {
            State::Waiting(waker) => {
                *state = State::Ready(result);
                drop(state);
                if let Some(waker) = waker {
                    waker.wake();
                }
            }
            // The future was dropped while `func` ran: `result` drops here, unlocked.
            State::Gone => drop(state),
            State::Ready(_) => unreachable!("weft: a spawn_future job finished twice"),
        }
    }
}

impl<R> Future for SpawnFuture<R> {
    type Output = R;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<R> {
        let mut state = self.shared.lock();
        match &mut *state {
            State::Waiting(Some(waker)) if waker.will_wake(cx.waker()) => Poll::Pending,
            State::Waiting(slot) => {
                // The old waker (if any) is dropped after the lock is released.
                let old = slot.replace(cx.waker().clone());
                drop(state);
                drop(old);
                Poll::Pending
            }
            State::Ready(_) => {
                let State::Ready(result) = mem::replace(&mut *state, State::Gone) else {
                    unreachable!()
                };
                drop(state);
                match result {
                    Ok(value) => Poll::Ready(value),
                    Err(payload) => unwind::resume_unwinding(payload),
                }
            }
            State::Gone => panic!("weft: SpawnFuture polled after it completed"),
        }
    }
}

impl<R> Drop for SpawnFuture<R> {
    fn drop(&mut self) {
        // Whatever was here (a waker, an untaken result) is dropped after unlocking.
        let old = mem::replace(&mut *self.shared.lock(), State::Gone);
        drop(old);
    }
}

impl<R> fmt::Debug for SpawnFuture<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = match *self.shared.lock() {
            State::Waiting(_) => "waiting",
            State::Ready(_) => "ready",
            State::Gone => "gone",
        };
        f.debug_struct("SpawnFuture")
            .field("state", &state)
            .finish()
    }
}
