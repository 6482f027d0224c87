//! Asymmetric fences: a free fence for the hot side of a Dekker pair, a heavy one for the cold
//! side.
//!
//! Two threads that each store to one word and then load the other's (a fork pushing its job
//! and then loading the sleep counters, against a sleeper registering and then reading the
//! fork stacks; an owner popping its fork against a thief claiming it) need a full fence on
//! *both* sides, or both may read stale values. When one side runs a hundred million times a
//! second and the other rarely, the fence can be moved: the hot side issues only a compiler
//! fence ([`light`]), and the cold side a [`heavy`] fence that makes every other thread of the
//! process execute a full memory barrier (Linux's `membarrier(PRIVATE_EXPEDITED)`: an IPI to
//! each CPU running one of our threads; a thread that is not running has passed a barrier
//! when it was switched out). Either the cold side then sees the hot side's store, or the hot
//! side's later load sees the cold side's store — the same guarantee as two SeqCst fences.
//!
//! Where `membarrier` is unavailable (not Linux, a kernel before 4.14, a seccomp filter), and
//! under Miri and loom, both fences are plain SeqCst fences: correct, and the hot side pays
//! the fence it would have paid anyway.

use crate::loom::atomic::{fence, Ordering};
use std::sync::atomic::{compiler_fence, AtomicBool};

/// The hot side of a Dekker pair. `asymmetric` is what [`asymmetric`] said when the caller's
/// structure was made (a field read from a line the caller touches anyway is cheaper than
/// the process-wide flag).
#[inline(always)]
pub(crate) fn light(asymmetric: bool) {
    if asymmetric {
        compiler_fence(Ordering::SeqCst);
    } else {
        full_fence();
    }
}

/// The hot side of a Dekker pair whose caller already knows the fences are asymmetric (or
/// issues [`light`] on a slower path where they are not): a compiler fence only.
#[inline(always)]
pub(crate) fn compiler() {
    compiler_fence(Ordering::SeqCst);
}

/// A SeqCst fence out of line, so that the hot path falls through past it.
#[cold]
#[inline(never)]
fn full_fence() {
    fence(Ordering::SeqCst);
}

/// The cold side of a Dekker pair whose other side uses [`light`].
#[inline]
pub(crate) fn heavy() {
    fence(Ordering::SeqCst);
    #[cfg(all(target_os = "linux", not(miri), not(weft_loom)))]
    if asymmetric() {
        membarrier::process_wide_barrier();
    }
}

/// Whether [`light`] may be a compiler fence: set once by [`init`], before any pool thread
/// runs.
///
/// Relaxed: a thread that still reads `false` issues real fences, which is always correct;
/// one that reads `true` runs after `init` registered the process with the kernel.
static ASYMMETRIC: AtomicBool = AtomicBool::new(false);

/// Whether [`light`] may be a compiler fence (false until [`init`] succeeded; a structure
/// made earlier keeps issuing real fences, which is always correct).
#[inline(always)]
pub(crate) fn asymmetric() -> bool {
    ASYMMETRIC.load(Ordering::Relaxed)
}

/// Turns the asymmetric fences on if the kernel offers them (called when a pool is built).
pub(crate) fn init() {
    #[cfg(all(target_os = "linux", not(miri), not(weft_loom)))]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            if membarrier::register() {
                ASYMMETRIC.store(true, Ordering::Relaxed);
            }
        });
    }
}

#[cfg(all(target_os = "linux", not(miri), not(weft_loom)))]
mod membarrier {
    const MEMBARRIER_CMD_PRIVATE_EXPEDITED: libc::c_int = 1 << 3;
    const MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED: libc::c_int = 1 << 4;

    /// Registers the process for expedited barriers; false if the kernel refuses.
    pub(super) fn register() -> bool {
        // SAFETY: membarrier takes (cmd, flags, cpu_id) and touches no user memory.
        unsafe {
            libc::syscall(
                libc::SYS_membarrier,
                MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED,
                0,
                0,
            ) == 0
        }
    }

    /// Makes every running thread of this process execute a full memory barrier.
    pub(super) fn process_wide_barrier() {
        // SAFETY: as above; registration succeeded (`init`), so the command is allowed.
        let rc =
            unsafe { libc::syscall(libc::SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) };
        assert_eq!(rc, 0, "weft: membarrier failed after registering");
    }
}

#[cfg(all(test, not(weft_loom)))]
mod tests {
    #[test]
    fn both_fences_can_be_issued() {
        super::light(super::asymmetric());
        super::heavy();
        super::init();
        super::light(super::asymmetric());
        super::heavy();
    }
}
