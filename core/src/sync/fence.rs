//! Asymmetric fences: a free fence for the hot side of a Dekker pair, a heavy one for the cold
//! side, and the protocol that switches between them while pools run.
//!
//! # The pairs
//!
//! Two threads that each store to one word and then load the other's (a fork pushing its job
//! and then loading its stack's `limit`, against a taker poking that `limit` and then reading
//! the fork stacks; an owner popping its fork against a thief claiming it, `worker/fork.rs`) need a
//! full fence on *both* sides, or both may read stale values. When one side runs a hundred
//! million times a second and the other rarely, the fence can be moved: the hot side issues
//! only a compiler fence ([`light`]), and the cold side a SeqCst fence followed by a
//! [`barrier`] that makes every other thread of the process execute a full memory barrier
//! (Linux's `membarrier(PRIVATE_EXPEDITED)`: an IPI to each CPU running one of our threads; a
//! thread that is not running passed a barrier when it was switched out). Either the cold
//! side then sees the hot side's store, or the hot side's later load sees the cold side's
//! store: the guarantee of two SeqCst fences.
//!
//! # Fence modes
//!
//! Whether a hot side may use a compiler fence is decided per fork stack, by its owner: the
//! stack's *mode* (`ForkStack::fences`) is [`REAL_FENCES`] (the owner issues SeqCst fences, a
//! cold side needs only its own SeqCst fence) or [`LIGHT_FENCES`] (the owner issues compiler
//! fences, a cold side must issue a barrier, and gives up where it cannot). Only the owner
//! writes its mode, so it never reads a stale one; the process as a whole moves through
//! [`UNREGISTERED`], [`REGISTERING`], [`REGISTERED`] and [`REFUSED`] ([`state`]).
//!
//! * **Registration, off every caller's path.** `membarrier` must be registered once per
//!   process before a barrier, and the registration waits for a kernel grace period (about as
//!   long as a few thousand forks, and far longer than building a pool). So no caller
//!   registers: the first pool thread idle for a doze in its top-level loop (a taker,
//!   `worker/search.rs`) starts a short-lived thread that does, or does it itself where no thread can be spawned (it has
//!   nothing else to do) ([`register_soon`]); until it is done every stack runs
//!   [`REAL_FENCES`]: correct, and each fork takes its slow path.
//! * **Real to light** (`ForkStack::use_light_fences`). An owner on a fork's slow path that
//!   reads [`REGISTERED`] (Acquire: pairs with the registrar's Release store) counts its
//!   stack in [`LIGHT_STACKS`], stores [`LIGHT_FENCES`], and issues a SeqCst fence; from then
//!   on its pops use compiler fences. A thief that claimed a fork (its store of `bottom`)
//!   issues a SeqCst fence and *then* reads the mode. If the owner's fence comes first in the
//!   fences' total order, the thief reads [`LIGHT_FENCES`] and issues a barrier, which covers
//!   every later pop; if the thief's comes first, the owner's later pops see the claim. So a
//!   fork pushed under real fences and popped under light ones is still taken once, and the
//!   owner may switch at any point of its own, forks on the stack or not. A taker's
//!   [`heavy`] fence reads [`LIGHT_STACKS`] after its SeqCst fence: zero means that every
//!   owner that switched did so after that fence, so its next push sees the taker's poke.
//! * **Sharing** (a taker's [`heavy`] fence). A taker about to sleep until woken needs a
//!   barrier that *started after its pokes*, not one of its own: when such a barrier
//!   returns, every owner either ran a full barrier after the pokes were visible (its next
//!   load of `limit` sees them) or had its pushes made visible to the issuer, and through
//!   the issuer's Release to the taker. Each barrier takes a ticket from [`STARTED`] (SeqCst)
//!   before it asks the kernel and raises [`COMPLETED`] (Release) after; a taker notes
//!   [`mark`] after its pokes (a SeqCst fence, then a SeqCst load of [`STARTED`]: a ticket
//!   above the mark was drawn after the fence). A taker whose mark is below [`COMPLETED`]
//!   (Acquire) is served, by another taker's barrier or a cold steal's. Otherwise it issues
//!   one, but takers issue at most one per [`BARRIER_GAP`] in the process on average, with
//!   bursts of up to [`BARRIER_BURST`] (a token bucket, [`NEXT_ALLOWED`]): one that may not
//!   yet re-checks on a timer until the next is due ([`Heavy::NotYet`]), and meanwhile
//!   cold-steals only a fork that was already the oldest of its stack at its last look (an
//!   owner that still forks publishes for it). So takers pay at most `1 / BARRIER_GAP`
//!   barriers a second for their deep sleeps, however many there are and however often
//!   they become takers (a pool where one worker forks and the rest keep stealing and
//!   idling); the burst lets the first workers of a pool that goes idle at once, which see
//!   the others still run (below: idle owners), sleep at once after a quiet spell rather
//!   than wait on a timer for the next barrier (a timer expiry costs an idle thread more
//!   than a barrier while the other threads are idle too). A blocked owner's fork is taken
//!   within the taker's timed sleep plus one gap at worst.
//! * **Idle owners** (a taker's [`heavy`] fence, before any barrier). An owner about to park
//!   in its top-level loop, where it holds no fork, says so on its stack; one that leaves
//!   it to run a job clears that, then issues a SeqCst fence, before its first fork
//!   (`ForkStack::idle_owner`, `busy_owner`). A taker that, after the SeqCst fence that
//!   followed its pokes, reads every other owner of its pool idle needs no barrier: each
//!   owner's fence comes after the taker's in their total order, so its next forks see the
//!   pokes and are published for the taker, and it holds none from before. So the workers
//!   of a pool that goes idle at once (after a parallel loop or a broadcast) need barriers
//!   only while others still run: the last ones sleep without one, and those that fenced
//!   on a timer find the rest idle by then.
//! * **Refusal** (a barrier fails after registration: a seccomp filter installed while the
//!   pools run, as sandboxed programs do). The thread whose barrier failed stores
//!   [`REFUSED`]; weft never aborts for it. A thief whose claim needed the barrier gives the
//!   fork back (the path it takes when it sees the owner's pop, always safe) and pokes the
//!   stack, unless the owner is blocked (below); a taker whose look at the stacks needed it
//!   does not sleep deeply on that look but re-checks on a timer, and wakes the sleepers so
//!   that each, on its way back to a deep sleep, switches its own (empty) stack back.
//! * **Light to real** (`ForkStack::use_real_fences`). An owner that reads [`REFUSED`] on a
//!   fork's slow path (the thief's poke sends it there) issues a SeqCst fence, stores
//!   [`REAL_FENCES`] with Release, pokes its stack for good and uncounts it (Release). A
//!   thief that reads [`REAL_FENCES`] (Acquire) sees every pop the owner made with a
//!   compiler fence, and the pops after the switch use SeqCst fences: a plain Dekker pair. A
//!   taker that reads zero [`LIGHT_STACKS`] (Acquire) likewise sees every push made before
//!   each switch, and every later push takes the slow path with its real fence. The owner's
//!   own store of the mode is its acknowledgement: there is no window in which a thief
//!   trusts a real fence the owner did not issue.
//!
//! A fork pushed on a [`LIGHT_FENCES`] stack that no thief claimed before the refusal, whose
//! owner then blocks outside weft on something only that fork's job provides
//! (`join(|| rx.recv(), || tx.send(()))`), never reaches weft code to switch. A thief whose
//! barrier is refused therefore asks the kernel whether the owner is blocked
//! (`os/thread.rs`): a blocked owner's answer carries a barrier's ordering for that one
//! thread, so the claim stands and the fork runs. Only where the kernel cannot say (no
//! `/proc`, a non-dumpable process) does such a join still wait for good. Every other fork
//! runs: its owner pops it, publishes it (no fence needed: promotions lock), or switches at
//! its next fork. And while any stack stays light (its owner blocked outside weft, or asleep
//! since before the refusal and not yet woken), idle takers re-check on a timer instead of
//! sleeping until woken.
//!
//! Where `membarrier` is unavailable (not Linux, a kernel before 4.14, a seccomp filter from
//! the start), and under Miri and loom, every stack stays [`REAL_FENCES`].

use crate::loom::atomic::{fence, Ordering};
use crate::os::clock;
use std::sync::atomic::{compiler_fence, AtomicU64, AtomicU8, AtomicUsize};
use std::time::Duration;

/// A fork stack's mode: its owner issues SeqCst fences (see the module docs).
pub(crate) const REAL_FENCES: u8 = 0;
/// A fork stack's mode: its owner issues compiler fences, and the cold side of each pair a
/// barrier (see the module docs).
pub(crate) const LIGHT_FENCES: u8 = 1;

/// The process state: nobody asked the kernel yet.
pub(crate) const UNREGISTERED: u8 = 0;
/// The process state: a registrar is asking the kernel ([`register_soon`]).
#[cfg_attr(
    not(all(target_os = "linux", not(miri), not(weft_loom))),
    allow(dead_code)
)]
pub(crate) const REGISTERING: u8 = 1;
/// The process state: registered; stacks may switch to [`LIGHT_FENCES`].
pub(crate) const REGISTERED: u8 = 2;
/// The process state, for good: the kernel refused the registration or a later barrier;
/// stacks switch back to [`REAL_FENCES`].
pub(crate) const REFUSED: u8 = 3;

/// The process state (module docs). Stored with Release by the registrar and by a thread
/// whose barrier failed; loaded with Acquire by owners that switch on it.
static STATE: AtomicU8 = AtomicU8::new(UNREGISTERED);

/// How many fork stacks are in [`LIGHT_FENCES`] mode: changed by their owners around a
/// switch, read by takers in [`heavy`] (module docs for the orderings).
static LIGHT_STACKS: AtomicUsize = AtomicUsize::new(0);

/// How many barriers (`membarrier` calls) were started, refused ones included: each takes
/// the next number as its ticket before it asks the kernel (module docs: sharing).
static STARTED: AtomicU64 = AtomicU64::new(0);

/// The highest ticket of a barrier that completed (module docs: sharing).
static COMPLETED: AtomicU64 = AtomicU64::new(0);

/// The takers' token bucket for barriers (module docs: sharing), as the time on
/// `os/clock.rs`'s clock at which it would be full again: each barrier moves it
/// [`BARRIER_GAP`] later (from now at the earliest), and a taker may issue one while it is
/// at most `BARRIER_BURST - 1` gaps ahead of now. Relaxed: a rate limit, not an ordering.
static NEXT_ALLOWED: AtomicU64 = AtomicU64::new(0);

/// How many barriers the process's pools issued so far (`Metrics::heavy_fences`). A barrier
/// interrupts every CPU that runs a thread of the process, whichever pool issued it, so the
/// count is the process's, not one pool's. Relaxed: a statistic.
pub(crate) fn barriers() -> u64 {
    STARTED.load(Ordering::Relaxed)
}

/// The process state: one of [`UNREGISTERED`], [`REGISTERING`], [`REGISTERED`], [`REFUSED`].
/// Acquire: pairs with the Release stores in `register_now` and [`barrier`].
#[inline]
pub(crate) fn state() -> u8 {
    STATE.load(Ordering::Acquire)
}

/// How many fork stacks are in [`LIGHT_FENCES`] mode (tests).
#[cfg(all(test, not(weft_loom)))]
pub(crate) fn light_stacks() -> usize {
    LIGHT_STACKS.load(Ordering::Relaxed)
}

/// An owner counts its stack before it switches it to [`LIGHT_FENCES`] (Relaxed: the
/// owner's SeqCst fence after the switch orders it before its later pushes, module docs).
pub(crate) fn count_light_stack() {
    LIGHT_STACKS.fetch_add(1, Ordering::Relaxed);
}

/// An owner uncounts its stack after it switched it back to [`REAL_FENCES`], or dropped it.
/// Release: pairs with the Acquire load in [`heavy`], so that a taker that reads zero sees
/// every push made before the switch.
pub(crate) fn uncount_light_stack() {
    LIGHT_STACKS.fetch_sub(1, Ordering::Release);
}

/// The hot side of a Dekker pair: a compiler fence in [`LIGHT_FENCES`] mode (`light`), a
/// SeqCst fence otherwise.
#[inline(always)]
pub(crate) fn light(light: bool) {
    if light {
        compiler_fence(Ordering::SeqCst);
    } else {
        full_fence();
    }
}

/// The hot side of a Dekker pair whose caller issues [`light`] on a slower path where fences
/// are real: a compiler fence only.
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

/// What a taker's heavy fence came to ([`heavy`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Heavy {
    /// The taker's next look at the fork stacks is reliable: no stack is on light fences, or
    /// a barrier that started after its [`mark`] has completed (its own or another's).
    Settled,
    /// A barrier is needed, and takers spent their [`BARRIER_BURST`]: the taker re-checks on
    /// a timer for at most this long, and asks again (module docs: sharing).
    NotYet(Duration),
    /// A barrier was needed and refused, now or before: the taker must re-check on a timer
    /// (module docs: refusal).
    Refused,
}

/// The average time between two barriers that takers issue for their deep sleeps: what
/// bounds the process's rate of them (module docs: sharing).
pub(crate) const BARRIER_GAP: Duration = Duration::from_millis(20);

/// How many barriers takers may issue back to back, after a quiet spell of that many gaps
/// (module docs: sharing).
pub(crate) const BARRIER_BURST: u64 = 4;

/// Where a taker stands against the barriers, taken after its pokes: a barrier counted in
/// [`STARTED`] after this value started after the pokes. The SeqCst fence orders the pokes
/// before the load; the SeqCst load, against the increment in [`barrier`], puts a
/// barrier that this load does not see after the fence (module docs: sharing).
pub(crate) fn mark() -> u64 {
    fence(Ordering::SeqCst);
    STARTED.load(Ordering::SeqCst)
}

/// The cold side of the pair with every fork stack's pushes, for a taker about to sleep
/// until woken, whose pokes were followed by `mark` ([`mark`]): a SeqCst fence, and unless no
/// stack is on light fences or `owners_idle` says that every other owner of the taker's pool
/// waits at its top level (module docs: idle owners), a barrier that started after `mark`,
/// its own or another taker's, at most one per [`BARRIER_GAP`] for all takers on average
/// (module docs: sharing).
#[must_use]
pub(crate) fn heavy(mark: u64, owners_idle: impl FnOnce() -> bool) -> Heavy {
    fence(Ordering::SeqCst);
    // Acquire: pairs with the Release decrement in `uncount_light_stack`. Read after the
    // fence: zero means every switch to light fences came after it (module docs).
    if LIGHT_STACKS.load(Ordering::Acquire) == 0 || owners_idle() {
        return Heavy::Settled;
    }
    shared_barrier(mark)
}

/// A barrier for a taker whose pokes came before `mark`: one that already ran will do.
fn shared_barrier(mark: u64) -> Heavy {
    // Acquire: pairs with the Release `fetch_max` in `barrier`: what every thread did
    // before that barrier's interrupt is visible to our look.
    if COMPLETED.load(Ordering::Acquire) > mark {
        return Heavy::Settled;
    }
    if state() != REGISTERED {
        return Heavy::Refused;
    }
    let gap = u64::try_from(BARRIER_GAP.as_nanos()).unwrap_or(u64::MAX);
    let now = clock::now();
    let mut full_at = NEXT_ALLOWED.load(Ordering::Relaxed);
    // Take a token: move the time the bucket is full again one gap on, unless that is more
    // than a burst ahead. Only one taker gets each token; the barrier's own ordering is
    // `STARTED`'s and `COMPLETED`'s.
    loop {
        let due = full_at.saturating_sub((BARRIER_BURST - 1) * gap);
        if now < due {
            return Heavy::NotYet(Duration::from_nanos(due - now));
        }
        match NEXT_ALLOWED.compare_exchange_weak(
            full_at,
            full_at.max(now).saturating_add(gap),
            Ordering::Relaxed,
            Ordering::Relaxed,
        ) {
            Ok(_) => break,
            Err(seen) => full_at = seen,
        }
    }
    if barrier() {
        Heavy::Settled
    } else {
        Heavy::Refused
    }
}

/// Makes every running thread of this process execute a full memory barrier, for the cold
/// side of a pair whose hot side is a stack in [`LIGHT_FENCES`] mode, after its own SeqCst
/// fence. False if that is not possible: never registered, or refused now or before (then
/// the process state becomes [`REFUSED`], and the caller must not rely on the hot side).
#[must_use]
pub(crate) fn barrier() -> bool {
    #[cfg(all(target_os = "linux", not(miri), not(weft_loom)))]
    if state() == REGISTERED {
        // SeqCst: against the load in `mark` (module docs: sharing).
        let ticket = STARTED.fetch_add(1, Ordering::SeqCst) + 1;
        if membarrier::process_wide_barrier() {
            // Release: pairs with the Acquire load in `shared_barrier`.
            COMPLETED.fetch_max(ticket, Ordering::Release);
            return true;
        }
        // Release: pairs with the Acquire loads in `state`.
        STATE.store(REFUSED, Ordering::Release);
    }
    false
}

/// Has the process registered for barriers soon, off the caller's path (module docs):
/// called by a pool thread idle for a doze in its top-level loop. The first such call
/// starts a registrar thread (or, if no thread can be spawned, registers on this idle pool
/// thread).
pub(crate) fn register_soon() {
    #[cfg(all(target_os = "linux", not(miri), not(weft_loom)))]
    if STATE.load(Ordering::Relaxed) == UNREGISTERED
        && STATE
            .compare_exchange(
                UNREGISTERED,
                REGISTERING,
                Ordering::Relaxed,
                Ordering::Relaxed,
            )
            .is_ok()
    {
        let spawned =
            crate::os::thread::spawn(Some("weft-membarrier".into()), None, Box::new(register_now));
        if spawned.is_err() {
            register_now();
        }
    }
}

/// Asks the kernel, and publishes the answer (the registrar's whole work).
#[cfg(all(target_os = "linux", not(miri), not(weft_loom)))]
fn register_now() {
    #[cfg(test)]
    tests::note_registrar();
    let state = if membarrier::register() {
        REGISTERED
    } else {
        REFUSED
    };
    // Release: pairs with the Acquire loads in `state`: an owner that reads REGISTERED
    // switches after the registration, so a thief that reads its stack's mode calls a
    // registered barrier.
    STATE.store(state, Ordering::Release);
}

#[cfg(all(target_os = "linux", not(miri), not(weft_loom)))]
mod membarrier {
    use crate::os::sys;
    use std::ffi::c_int;

    const MEMBARRIER_CMD_PRIVATE_EXPEDITED: c_int = 1 << 3;
    const MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED: c_int = 1 << 4;

    /// `membarrier(cmd, 0, 0) == 0`; false where the call is not known here (as if refused).
    fn membarrier(cmd: c_int) -> bool {
        let Some(number) = sys::SYS_MEMBARRIER else {
            return false;
        };
        // SAFETY: membarrier takes (cmd, flags, cpu_id) and touches no user memory.
        unsafe { sys::syscall(number, cmd, 0, 0) == 0 }
    }

    /// Registers the process for expedited barriers; false if the kernel refuses.
    pub(super) fn register() -> bool {
        membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED)
    }

    /// Makes every running thread of this process execute a full memory barrier; false if
    /// the kernel refuses (a seccomp filter installed since the registration).
    pub(super) fn process_wide_barrier() -> bool {
        membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED)
    }
}

#[cfg(all(test, not(weft_loom)))]
mod tests;
