//! How a fork, a scope or an injected job is awaited: latches on one atomic word.
//!
//! # Protocol
//!
//! A [`CoreLatch`] is one `AtomicU32` that moves `UNSET -> (SLEEPING) -> SET` and never back:
//!
//! * the **setter** swaps in [`SET`] (Release, publishing the job's result) and, only when the
//!   old value was [`SLEEPING`], unparks the owner;
//! * the **owner** probes with an Acquire load. While it can find other work it never touches
//!   the word again. Only when it is about to park does it raise the word to [`SLEEPING`]
//!   (`get_sleepy`); if that finds [`SET`] it does not park.
//!
//! No wake-up is lost: the setter's swap and the owner's raise are read-modify-writes of the same
//! word, so one of them sees the other. If the owner raised first, the setter sees
//! [`SLEEPING`] and unparks; the parker keeps that token even if it arrives before `park`.
//!
//! A fork that is not stolen never touches its latch: the owner pops the job back and runs it.
//! It does not even write it: a join's [`ForkLatch`] is armed only when its fork leaves the
//! owner's fork stack.
//! A stolen fork costs the thief one swap (plus a parker reference count for the cold case).
//!
//! `set` takes a raw pointer: once the word says [`SET`], the owner may return and free the
//! latch, so the setter reads all it needs (the owner's parker) before publishing.

use crate::loom::atomic::{AtomicU32, AtomicUsize, Ordering};
use crate::loom::Arc;
use crate::sync::backoff::Backoff;
use crate::sync::job::Owner;
use crate::sync::parker::Parker;
use std::cell::UnsafeCell;
use std::mem::MaybeUninit;
use std::time::{Duration, Instant};

/// Not set; the owner is not parked.
const UNSET: u32 = 0;
/// Not set; the owner has parked or is about to, and must be unparked by the setter.
const SLEEPING: u32 = 1;
/// Set: the awaited work is complete and its result published.
const SET: u32 = 2;

/// Something that can be set once, from any thread.
pub(crate) trait Latch {
    /// Sets the latch and wakes its owner if it sleeps.
    ///
    /// # Safety
    ///
    /// `this` must point to a live latch. After this call's atomic publication the latch may be
    /// freed by its owner, so implementations read everything before publishing.
    unsafe fn set(this: *const Self);
}

/// The one-word state shared by every latch.
///
/// Memory ordering: `set` is Release and pairs with the Acquire of `probe` and `get_sleepy`.
#[derive(Debug)]
pub(crate) struct CoreLatch {
    state: AtomicU32,
}

impl CoreLatch {
    pub(crate) fn new() -> Self {
        Self {
            state: AtomicU32::new(UNSET),
        }
    }

    /// This latch as the [`Owner`] its waiter's jobs record: a wait past its stack mark runs
    /// only jobs whose owner is the latch it waits on (`worker/wait.rs`).
    #[inline]
    pub(crate) fn owner(&self) -> Owner {
        self as *const CoreLatch as Owner
    }

    /// True once set; everything the setter wrote before setting is then visible.
    #[inline]
    pub(crate) fn probe(&self) -> bool {
        // Acquire: pairs with the Release swap in `set`.
        self.state.load(Ordering::Acquire) == SET
    }

    /// Announces that the owner is about to park. Returns false if the latch is already set
    /// (then the owner must not park).
    #[inline]
    pub(crate) fn get_sleepy(&self) -> bool {
        // Acquire: pairs with the Release swap in `set`, for the case where we find it set.
        self.state.fetch_max(SLEEPING, Ordering::Acquire) != SET
    }

    /// Sets the word; true if the owner announced it sleeps and must be unparked.
    ///
    /// # Safety
    ///
    /// `this` must be live; it may be freed as soon as this returns.
    #[inline]
    pub(crate) unsafe fn set(this: *const Self) -> bool {
        // SAFETY: the caller guarantees `this` is live until the swap.
        let state = unsafe { &(*this).state };
        // Release: pairs with the Acquire of `probe` / `get_sleepy`.
        state.swap(SET, Ordering::Release) == SLEEPING
    }

    /// Waits as [`wait_parked`](Self::wait_parked), after probing with spin hints for up to
    /// `linger` (a thread outside the pool waiting for the short job it injected:
    /// `Registry::in_worker_cold`). A latch set within `linger` costs the setter no unpark and
    /// the owner no wake-up, and the owner is back in time to inject its next job before the
    /// worker that ran this one stops searching.
    pub(crate) fn wait_lingering(&self, parker: &Parker, linger: Duration) {
        if !linger.is_zero() {
            let start = Instant::now();
            while !self.probe() && start.elapsed() < linger {
                for _ in 0..16 {
                    std::hint::spin_loop();
                }
            }
        }
        self.wait_parked(parker);
    }

    /// Waits, parking on `parker`, until set. For threads that have nothing else to do.
    pub(crate) fn wait_parked(&self, parker: &Parker) {
        let mut backoff = Backoff::new();
        while !self.probe() {
            if !backoff.spin() {
                break;
            }
        }
        if self.get_sleepy() {
            while !self.probe() {
                parker.park();
            }
        }
    }
}

/// A latch owned by one waiting thread, which it wakes through that thread's parker.
///
/// Used by `join`, `install` and scopes, for workers and outside threads alike.
#[derive(Debug)]
pub(crate) struct SpinLatch {
    core: CoreLatch,
    owner: *const Parker,
}

// SAFETY: `owner` points into an `Arc<Parker>` that the owning thread keeps alive while it
// waits; it is only dereferenced by `set`, which clones that Arc before publishing.
unsafe impl Send for SpinLatch {}
// SAFETY: as above; the state itself is atomic.
unsafe impl Sync for SpinLatch {}

impl SpinLatch {
    /// A latch whose setter will unpark `owner`: `Arc::as_ptr` of the waiting thread's parker,
    /// whose `Arc` that thread keeps alive while it waits.
    #[inline]
    pub(crate) fn new(owner: *const Parker) -> Self {
        Self {
            core: CoreLatch::new(),
            owner,
        }
    }

    #[inline]
    pub(crate) fn core(&self) -> &CoreLatch {
        &self.core
    }
}

impl Latch for SpinLatch {
    #[inline]
    unsafe fn set(this: *const Self) {
        // SAFETY: the latch is live and not yet set, so its owner is still waiting and holds
        // its `Arc<Parker>`; taking our own reference keeps the parker alive after the swap,
        // when the owner may return, free the latch and even exit.
        let owner = unsafe {
            let ptr = (*this).owner;
            Arc::increment_strong_count(ptr);
            Arc::from_raw(ptr)
        };
        // SAFETY: `this` is live until this swap, as the caller guarantees.
        if unsafe { CoreLatch::set(&(*this).core) } {
            owner.unpark();
        }
    }
}

/// The latch of a join's second half: a [`SpinLatch`] written only once the fork leaves its
/// owner's fork stack.
///
/// A fork that nobody takes never touches its latch, so `join` does not even write one: an
/// unarmed latch is uninitialised memory. Whoever takes the fork off the stack *arms* it with
/// the owner's parker before the job can run anywhere else: the owner when it promotes the
/// fork (`worker/thread_state.rs`), a thief while it holds the stack's lock after its claim
/// (`worker/fork.rs`). The owner looks at the latch only after its pop found the fork gone, which
/// orders the arming before that look: program order after its own promotion, the stack's lock
/// after a steal.
pub(crate) struct ForkLatch(UnsafeCell<MaybeUninit<SpinLatch>>);

// SAFETY: as for `SpinLatch`, which is all it holds once armed; before that nobody but the
// thread arming it touches it (type docs).
unsafe impl Send for ForkLatch {}
// SAFETY: as above.
unsafe impl Sync for ForkLatch {}

impl ForkLatch {
    /// A latch not armed yet: no store at all.
    #[inline]
    pub(crate) fn unarmed() -> Self {
        ForkLatch(UnsafeCell::new(MaybeUninit::uninit()))
    }

    /// Arms the latch: its setter will unpark `owner` (as for [`SpinLatch::new`]).
    ///
    /// # Safety
    ///
    /// `this` is live and not armed yet, its fork has just left the fork stack and has not
    /// run, and no other thread touches the latch until this returns (type docs).
    pub(crate) unsafe fn arm(this: *const Self, owner: *const Parker) {
        // SAFETY: per the caller, this thread alone reaches the latch now.
        unsafe { (*(*this).0.get()).write(SpinLatch::new(owner)) };
    }

    /// The latch's word.
    ///
    /// # Safety
    ///
    /// The latch is armed.
    #[inline]
    pub(crate) unsafe fn core(&self) -> &CoreLatch {
        // SAFETY: armed, per the caller, and never written again.
        unsafe { (*self.0.get()).assume_init_ref().core() }
    }
}

impl Latch for ForkLatch {
    #[inline]
    unsafe fn set(this: *const Self) {
        // SAFETY: a fork's job runs only after its latch was armed (type docs), so the
        // `SpinLatch` is initialised; `MaybeUninit<SpinLatch>` has its layout.
        unsafe { SpinLatch::set((*this).0.get().cast::<SpinLatch>()) }
    }
}

/// A borrowed latch, for jobs that share one (a broadcast's count).
#[derive(Debug)]
pub(crate) struct LatchRef<'a, L>(pub(crate) &'a L);

impl<L: Latch> Latch for LatchRef<'_, L> {
    #[inline]
    unsafe fn set(this: *const Self) {
        // SAFETY: live per the caller; we read the reference before setting through it.
        let inner: *const L = unsafe { (*this).0 };
        // SAFETY: the borrowed latch outlives the job that holds the reference.
        unsafe { L::set(inner) };
    }
}

/// A latch set when a count of outstanding jobs reaches zero (scopes, broadcasts).
///
/// Memory ordering: each decrement is AcqRel, so the last one, which sets the inner latch,
/// has seen every other job's writes and republishes them through the inner latch's Release.
#[derive(Debug)]
pub(crate) struct CountLatch {
    count: AtomicUsize,
    inner: SpinLatch,
}

impl CountLatch {
    /// A latch with a count of one (the owner's own share), set when the count drops to zero.
    /// `owner` is as for [`SpinLatch::new`].
    pub(crate) fn new(owner: *const Parker) -> Self {
        Self::with_count(1, owner)
    }

    /// A latch set after `count` calls of `set` (`count` > 0).
    pub(crate) fn with_count(count: usize, owner: *const Parker) -> Self {
        Self {
            count: AtomicUsize::new(count),
            inner: SpinLatch::new(owner),
        }
    }

    /// Adds one outstanding job. Only called while the count is above zero.
    #[inline]
    pub(crate) fn increment(&self) {
        let old = self.count.fetch_add(1, Ordering::Relaxed);
        debug_assert!(old != 0, "CountLatch incremented after reaching zero");
    }

    pub(crate) fn core(&self) -> &CoreLatch {
        self.inner.core()
    }
}

impl Latch for CountLatch {
    #[inline]
    unsafe fn set(this: *const Self) {
        // SAFETY: live per the caller; the count is above zero so the owner still waits.
        let count = unsafe { &(*this).count };
        // AcqRel: the last decrement acquires every earlier job's writes (see type docs).
        if count.fetch_sub(1, Ordering::AcqRel) == 1 {
            // SAFETY: still live: only this call, the last, sets the inner latch.
            unsafe { Latch::set(&(*this).inner) };
        }
    }
}

#[cfg(all(test, not(weft_loom)))]
mod tests {
    use super::*;

    #[test]
    fn set_before_wait_does_not_park() {
        let parker = Arc::new(Parker::new());
        let latch = SpinLatch::new(Arc::as_ptr(&parker));
        // SAFETY: the latch is live.
        unsafe { Latch::set(&latch) };
        assert!(latch.core().probe());
        latch.core().wait_parked(&parker);
    }

    #[test]
    fn set_from_another_thread_wakes_the_parked_owner() {
        for _ in 0..if cfg!(miri) { 5 } else { 200 } {
            let parker = Arc::new(Parker::new());
            let latch = SpinLatch::new(Arc::as_ptr(&parker));
            std::thread::scope(|s| {
                s.spawn(|| {
                    // SAFETY: the latch outlives the scope.
                    unsafe { Latch::set(&latch) };
                });
                latch.core().wait_parked(&parker);
            });
            assert!(latch.core().probe());
        }
    }

    #[test]
    fn count_latch_sets_on_the_last_decrement() {
        let parker = Arc::new(Parker::new());
        let latch = CountLatch::new(Arc::as_ptr(&parker));
        latch.increment();
        latch.increment();
        for expected in [false, false, true] {
            // SAFETY: the latch is live.
            unsafe { Latch::set(&latch) };
            assert_eq!(latch.core().probe(), expected);
        }
    }
}
