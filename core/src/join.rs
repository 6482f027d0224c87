//! `join`: run two closures, potentially in parallel, on the caller's stack.
//!
//! The caller pushes `b` on its deque (stealable), runs `a`, then pops `b` back and runs it
//! inline if nobody stole it: that path touches no latch and allocates nothing. If `b` was
//! stolen, the caller waits on `b`'s latch, running other work meanwhile (see `worker`).

use crate::job::StackJob;
use crate::latch::SpinLatch;
use crate::registry;
use crate::unwind;

/// Tells a closure run by [`join_context`] whether it migrated to another thread.
///
/// # Examples
///
/// ```
/// let (a, _) = weft_core::join_context(|ctx| ctx.migrated(), |_| ());
/// // `a` runs on the calling worker; it migrated only if the call came from outside the pool.
/// let _ = a;
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
/// `oper_a` runs on the calling thread; `oper_b` is offered to other workers and run here too
/// if nobody takes it first (on a pool of one thread it is not offered at all: nobody could
/// take it). Called outside any pool, the whole join is injected into the
/// global pool and the caller parks until it is done.
///
/// # Panics
///
/// If either closure panics, the panic propagates to the caller once the other closure has
/// finished (if both panic, `oper_a`'s panic wins). The pool is unaffected.
///
/// # Blocking
///
/// Closures should not block on I/O or locks: a blocked worker is a core the pool loses.
/// Wrap such calls in [`blocking`](crate::blocking) to have a spare thread compute meanwhile.
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
/// let (a, b) = weft_core::join_context(|_| 1, |ctx| if ctx.migrated() { 2 } else { 2 });
/// assert_eq!((a, b), (1, 2));
/// ```
pub fn join_context<A, B, RA, RB>(oper_a: A, oper_b: B) -> (RA, RB)
where
    A: FnOnce(FnContext) -> RA + Send,
    B: FnOnce(FnContext) -> RB + Send,
    RA: Send,
    RB: Send,
{
    registry::in_worker(|worker, injected| {
        if worker.alone() {
            return join_alone(oper_a, oper_b, injected);
        }
        let job_b = StackJob::new(
            move |migrated| oper_b(FnContext::new(migrated)),
            SpinLatch::new(worker.parker()),
        );
        // SAFETY: `job_b` stays on this stack until it is popped back or its latch is set;
        // both are awaited below before returning (also when `oper_a` panics).
        let job_b_ref = unsafe { job_b.as_job_ref() };
        let job_b_id = job_b_ref.id();
        worker.push(job_b_ref);

        let result_a = match unwind::halt_unwinding(move || oper_a(FnContext::new(injected))) {
            Ok(value) => value,
            Err(payload) => {
                // Let `b` finish (run it here if still queued) before unwinding past it.
                worker.wait_until(job_b.latch.core());
                unwind::resume_unwinding(payload)
            }
        };

        while !job_b.latch.probe() {
            match worker.take_local_job() {
                Some(job) if job.id() == job_b_id => {
                    let result_b = job_b.run_inline(injected);
                    return (result_a, result_b);
                }
                // SAFETY: a job from our own deque is live and runs once.
                Some(job) => unsafe { worker.execute(job) },
                None => {
                    worker.wait_until(job_b.latch.core());
                    break;
                }
            }
        }
        (result_a, job_b.into_result())
    })
}

/// `join` on a pool of one thread: nobody could steal `b`, so publishing it would be pure
/// cost. Runs `a` then `b`; a panic in either propagates after both have run, as in `join`.
#[inline]
fn join_alone<A, B, RA, RB>(oper_a: A, oper_b: B, injected: bool) -> (RA, RB)
where
    A: FnOnce(FnContext) -> RA,
    B: FnOnce(FnContext) -> RB,
{
    let result_a = unwind::halt_unwinding(|| oper_a(FnContext::new(injected)));
    let result_b = unwind::halt_unwinding(|| oper_b(FnContext::new(injected)));
    match (result_a, result_b) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(payload), _) | (_, Err(payload)) => unwind::resume_unwinding(payload),
    }
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
