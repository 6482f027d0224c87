//! The bottom layer: primitives that know nothing of pools or workers.
//!
//! What a job is (`job.rs`), how a fork is awaited (`latch.rs`), how a thread parks
//! (`parker.rs`) and spins first (`backoff.rs`), the asymmetric fences of the fork stack
//! (`fence.rs`), panic plumbing (`unwind.rs`), and [`lock`]. Nothing here imports a layer
//! above.

pub(crate) mod backoff;
pub(crate) mod fence;
pub(crate) mod job;
pub(crate) mod latch;
pub(crate) mod parker;
pub(crate) mod unwind;

use std::sync::{Mutex, MutexGuard};

/// Locks `mutex`, panicking as `lock().unwrap()` does if a panic poisoned it. The panic is
/// one function shared by every lock in the crate: an `unwrap` would copy its error path
/// (the call, the error's `Debug`) into each lock site, for each type locked. Out of line:
/// one copy per type locked, not the lock's fast path and poison check at every site.
#[inline(never)]
pub(crate) fn lock<T: ?Sized>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    match mutex.lock() {
        Ok(guard) => guard,
        Err(_) => poisoned(),
    }
}

/// The panic of [`lock`] (and of a wait on a poisoned lock's condition variable).
#[cold]
#[inline(never)]
pub(crate) fn poisoned() -> ! {
    panic!("a lock of weft's was poisoned: a thread panicked while it held it")
}
