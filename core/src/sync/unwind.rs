//! Panic plumbing: catching a job's panic, carrying it to the caller, and aborting where
//! unwinding would corrupt the scheduler.

use std::any::Any;
use std::panic::{self, AssertUnwindSafe};

/// A caught panic payload.
pub(crate) type Payload = Box<dyn Any + Send + 'static>;

/// Runs `f`, turning a panic into `Err(payload)`.
///
/// Unwind safety is the caller's business: every payload caught here is re-raised (or handed
/// to the panic handler) so that no broken invariant is observed silently.
#[inline]
pub(crate) fn halt_unwinding<F, R>(f: F) -> Result<R, Payload>
where
    F: FnOnce() -> R,
{
    panic::catch_unwind(AssertUnwindSafe(f))
}

/// Resumes a panic caught by [`halt_unwinding`] on the current thread.
pub(crate) fn resume_unwinding(payload: Payload) -> ! {
    panic::resume_unwind(payload)
}

/// Aborts the process if dropped while armed: held across code that must not unwind (running a
/// job, setting a latch, a thread's main loop) and disarmed with [`AbortIfPanic::disarm`].
pub(crate) struct AbortIfPanic;

impl AbortIfPanic {
    /// Leaves the protected region normally.
    #[inline]
    pub(crate) fn disarm(self) {
        std::mem::forget(self);
    }
}

impl Drop for AbortIfPanic {
    fn drop(&mut self) {
        eprintln!("weft: a panic unwound through the scheduler; aborting");
        std::process::abort();
    }
}
