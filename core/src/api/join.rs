//! `join`: run two closures, potentially in parallel, on the caller's stack.
//!
//! The caller keeps `b` in its private fork stack, runs `a`, then takes `b` back and runs it
//! inline if it is still private: that path is a few plain stores, with no atomic
//! read-modify-write, no fence and no allocation. `b` is published to the caller's stealable
//! deque only when another worker is idle (see `worker/fork.rs`); if it was published, the caller
//! pops it back if nobody stole it, or waits on `b`'s latch, running other work meanwhile (see
//! `worker/wait.rs`).

use crate::pool::registry;
use crate::sync::job::{Fork, StackJob};
use crate::sync::latch::ForkLatch;
use crate::sync::unwind;

/// Tells a closure run by [`join_context`] whether it migrated to another thread.
///
/// # Examples
///
/// ```
/// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// let (a, b) = pool.install(|| weft_core::join_context(|ctx| ctx.migrated(), |_| 7));
/// assert!(!a); // `a` runs on the calling worker
/// assert_eq!(b, 7);
/// ```
#[derive(Debug)]
pub struct FnContext {
    migrated: bool,
}

impl FnContext {
    #[inline]
    fn new(migrated: bool) -> Self {
        FnContext { migrated }
    }

    /// True if the closure runs on a different thread than the one that called `join_context`
    /// (it was stolen, or the call was injected from outside the pool). Adaptive splitters use
    /// this to split a stolen piece further.
    #[inline]
    pub fn migrated(&self) -> bool {
        self.migrated
    }
}

/// Runs `oper_a` and `oper_b`, potentially in parallel, and returns both results.
///
/// `oper_a` runs on the calling thread; `oper_b` is offered to other workers when one is idle,
/// and runs here too if nobody takes it first. Called outside any pool, the whole join is
/// injected into the global pool and the caller parks until it is done.
///
/// # Panics
///
/// If either closure panics, the panic propagates to the caller once the other closure has
/// finished (if both panic, `oper_a`'s panic wins). The pool is unaffected.
///
/// # Blocking
///
/// Closures should not block on I/O or locks: a blocked worker is a core the pool loses.
/// Wrap such calls in [`blocking`](fn@crate::blocking) to have a spare thread compute meanwhile.
///
/// # Examples
///
/// ```
/// fn fib(n: u32) -> u64 {
///     if n < 2 {
///         return n as u64;
///     }
///     let (a, b) = weft_core::join(|| fib(n - 1), || fib(n - 2));
///     a + b
/// }
/// assert_eq!(fib(20), 6765);
/// ```
pub fn join<A, B, RA, RB>(oper_a: A, oper_b: B) -> (RA, RB)
where
    A: FnOnce() -> RA + Send,
    B: FnOnce() -> RB + Send,
    RA: Send,
    RB: Send,
{
    join_context(|_| oper_a(), |_| oper_b())
}

/// [`join`], with each closure told through [`FnContext`] whether it migrated.
///
/// # Panics
///
/// As [`join`].
///
/// # Examples
///
/// ```
/// // From outside the pool the join is injected: `a` runs on a worker, so it migrated.
/// let (a_migrated, _) = weft_core::join_context(|ctx| ctx.migrated(), |_| ());
/// assert!(a_migrated);
/// // On a worker, `a` runs where it was called.
/// let pool = weft_core::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
/// let (a_migrated, _) = pool.install(|| weft_core::join_context(|ctx| ctx.migrated(), |_| ()));
/// assert!(!a_migrated);
/// ```
pub fn join_context<A, B, RA, RB>(oper_a: A, oper_b: B) -> (RA, RB)
where
    A: FnOnce(FnContext) -> RA + Send,
    B: FnOnce(FnContext) -> RB + Send,
    RA: Send,
    RB: Send,
{
    registry::in_worker(|worker, injected| {
        // The latch is armed only if the fork leaves the fork stack (`sync/latch.rs`).
        let job_b = StackJob::new(
            move |migrated| oper_b(FnContext::new(migrated)),
            ForkLatch::unarmed(),
        );
        // SAFETY: `job_b` stays on this stack until it is taken back or its latch is set;
        // both are awaited below before returning (also when `oper_a` panics).
        let fork_b = unsafe { Fork::new(&job_b) };
        let pos = worker.push_fork(fork_b);

        let result_a = match unwind::halt_unwinding(move || oper_a(FnContext::new(injected))) {
            Ok(value) => value,
            Err(payload) => {
                // Let `b` finish before unwinding past it; `a`'s panic wins over `b`'s.
                if worker.pop_fork(pos) {
                    // SAFETY: popped back from our fork stack: nobody else can run it.
                    let _ = unwind::halt_unwinding(|| unsafe { job_b.run_inline(injected) });
                } else {
                    // SAFETY: the fork left the stack, so its latch was armed (`sync/latch.rs`).
                    worker.wait_until(unsafe { job_b.latch.core() });
                    // SAFETY: the latch is set: `b` was executed elsewhere. Its outcome, a
                    // panic included, is dropped: `a`'s panic wins.
                    drop(unsafe { job_b.take_result() });
                }
                unwind::resume_unwinding(payload)
            }
        };

        if worker.pop_fork(pos) {
            // Nobody needed `b`: the whole fork was a few plain stores.
            // SAFETY: popped back from our fork stack: nobody else can run it.
            return (result_a, unsafe { job_b.run_inline(injected) });
        }
        // `b` was published or stolen, so its latch is armed (`sync/latch.rs`): take it back if
        // nobody stole it, else wait for it.
        // SAFETY: armed, as just said.
        let latch = unsafe { job_b.latch.core() };
        if worker.take_back(fork_b.job(), latch) {
            // SAFETY: taken back from our deque or lane: nobody else can run it.
            return (result_a, unsafe { job_b.run_inline(injected) });
        }
        worker.wait_until(latch);
        // SAFETY: the latch is set: `b` was executed elsewhere.
        (result_a, unsafe { job_b.into_result() })
    })
}

#[cfg(test)]
mod tests {
    use crate::ThreadPoolBuilder;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn fib(n: u32) -> u64 {
        if n < 2 {
            return n as u64;
        }
        let (a, b) = super::join(|| fib(n - 1), || fib(n - 2));
        a + b
    }

    /// Small enough for Miri, which checks the job, latch and scope pointers for UB.
    #[test]
    fn join_scope_spawn_and_broadcast_on_a_small_pool() {
        let pool = ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        let n = if cfg!(miri) { 7 } else { 16 };
        let expected = (0..n).fold((0u64, 1u64), |(a, b), _| (b, a + b)).0;
        assert_eq!(pool.install(|| fib(n)), expected);
        let count = AtomicUsize::new(0);
        pool.scope(|s| {
            for _ in 0..8 {
                s.spawn(|_| {
                    count.fetch_add(1, Ordering::Relaxed);
                });
            }
        });
        assert_eq!(count.load(Ordering::Relaxed), 8);
        assert_eq!(pool.broadcast(|ctx| ctx.index()), [0, 1]);
        let (tx, rx) = std::sync::mpsc::channel();
        pool.spawn(move || tx.send(3).unwrap());
        assert_eq!(rx.recv().unwrap(), 3);
        pool.wait_until_stopped();
    }
}
