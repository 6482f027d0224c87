//! How a seat changes hands while its worker blocks (the lazy hand-off), and how the surplus
//! steps aside afterwards.
//!
//! # Protocol
//!
//! Each worker's `blocking` word ([`ThreadShared`](crate::worker::thread_state::ThreadShared)) is
//! one of:
//!
//! * [`RUNNING`]: not inside `blocking`;
//! * a **stamp** (`tick << 2 | STAMP_TAG`): inside `blocking` since the monitor's tick `tick`,
//!   and still the worker its seat relies on;
//! * [`LENT`]: inside `blocking`, and another worker serves its seat.
//!
//! `blocking(f)` on a worker ([`begin`] / [`end`]; the word's own steps are [`enter`],
//! [`leave`] and, for the monitor, [`lend`]):
//!
//! 1. publishes the worker's private forks, so that nothing is stranded behind it;
//! 2. if its seat already has a surplus worker (one came back from `blocking` earlier), takes
//!    that place: the word is [`LENT`] at once and no hand-off is needed;
//! 3. otherwise stores a stamp (SeqCst) and, if the monitor is parked, wakes it;
//! 4. runs `f`;
//! 5. swaps the stamp back to [`RUNNING`] with a compare-exchange: if nobody lent the seat,
//!    that is all (a call that does not block costs a store, a fence, a load and a
//!    compare-exchange). If the word is [`LENT`], a spare serves the seat: the thread sets
//!    [`RUNNING`], counts one surplus for its seat and **continues at once**. It never waits for
//!    the spare: the spare's job may need a lock this thread holds.
//!
//! The **monitor** (`blocking/monitor.rs`: one thread per pool, started by a `blocking` call
//! that finds it not running) sleeps `POLL_INTERVAL` and bumps its tick. It scans the pool's workers: one whose stamp is older
//! than the previous tick has been blocked for at least a whole interval. For it, the monitor
//! reserves a spare (a cached thread, else a new one through the spawn handler), then
//! compare-exchanges the stamp to [`LENT`]: on success the spare gets the seat; on failure (`f`
//! returned meanwhile) the spare goes back to the cache. So a seat is lent only while its
//! worker is still inside `f`, and the returning thread learns of it from the same word.
//!
//! A worker of a seat with a surplus **steps aside** at its next top-level job boundary
//! (`Seat::take_surplus`, `worker/wait.rs`): it leaves the pool and waits in the cache. The pool's
//! compute width returns to N without anyone waiting on user code.
//!
//! After `QUIET_POLLS` scans without a blocked worker, the monitor parks; after a further
//! keep-alive it exits (a later `blocking` starts it again). Parking is a Dekker pair with
//! step 3 ([`MonitorState`]): the monitor stores `PARKED`, fences, then re-scans every word;
//! `blocking` stores its stamp, fences, then loads the monitor's state (SeqCst fences on both
//! sides); one of them sees the other, so a blocked worker
//! is never left with the monitor asleep. An idle pool has no polling thread.
//!
//! If no spare can be had (the `max_blocking_threads` cap, or a failed spawn), the seat stays
//! with the blocked worker: its published work is still taken by the pool's other workers, and
//! the monitor tries again at later ticks (after a failed spawn, once `SPAWN_RETRY` has passed:
//! `blocking/cache.rs`).
//!
//! Only `blocking` hands a seat to another thread: a worker that waits in a join, a scope or
//! an isolated region keeps its seat, whatever it waits for (`worker/wait.rs`), so code that uses
//! only rayon's API never sees its seat change thread.

use crate::loom::atomic::{fence, AtomicU32, AtomicU64, Ordering};
#[cfg(not(weft_loom))]
use crate::worker::thread_state::WorkerThread;

/// Not inside `blocking`.
pub(crate) const RUNNING: u64 = 0;
/// Inside `blocking`, and another worker serves the seat.
pub(crate) const LENT: u64 = 1;
/// The bit every stamp has (a stamp is never [`RUNNING`] or [`LENT`]).
const STAMP_TAG: u64 = 2;

/// The word of a `blocking` call that started at the monitor's `tick`.
#[inline]
pub(crate) fn stamp(tick: u64) -> u64 {
    (tick << 2) | STAMP_TAG
}

/// Whether `word` is a stamp, and since which tick.
#[inline]
pub(crate) fn stamped_since(word: u64) -> Option<u64> {
    (word & STAMP_TAG != 0).then_some(word >> 2)
}

/// Step 3: the worker's word says it blocks, since `stamp`.
#[inline]
pub(crate) fn enter(word: &AtomicU64, stamp: u64) {
    word.store(stamp, Ordering::Relaxed);
    // SeqCst fence: the Dekker pair with the fence in `MonitorState::try_park` (module docs):
    // the monitor's re-scan sees this stamp, or our `announce` sees it parked.
    fence(Ordering::SeqCst);
}

/// Step 5: the call returned. True if the seat was lent meanwhile (the caller is now surplus
/// for it). `entered` is what [`enter`] stored, or [`LENT`] for a call that took a surplus
/// place.
#[inline]
pub(crate) fn leave(word: &AtomicU64, entered: u64) -> bool {
    // Relaxed: the word only decides who owns the lending (the monitor's compare-exchange or
    // ours); no data travels through it.
    if entered != LENT
        && word
            .compare_exchange(entered, RUNNING, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    {
        return false;
    }
    word.store(RUNNING, Ordering::Relaxed);
    true
}

/// The monitor's step: lends the seat if the worker still blocks with `stamp`. True if it
/// did: the reserved spare is then to serve the seat.
#[inline]
pub(crate) fn lend(word: &AtomicU64, stamp: u64) -> bool {
    // Relaxed: as in `leave`.
    word.compare_exchange(stamp, LENT, Ordering::Relaxed, Ordering::Relaxed)
        .is_ok()
}

/// Called by `blocking` on a worker before `f`: steps 1 to 3. Returns the word for [`end`].
#[cfg(not(weft_loom))]
#[inline]
pub(crate) fn begin(worker: &WorkerThread) -> u64 {
    crate::blocking::cache::enable();
    worker.publish_forks();
    let shared = worker.shared();
    if worker.seat().take_surplus() {
        shared.counters.handed_off();
        shared.blocking.store(LENT, Ordering::Relaxed);
        return LENT;
    }
    let registry = worker.registry();
    let stamp = stamp(registry.monitor.tick());
    enter(&shared.blocking, stamp);
    registry.monitor.ensure_polling(registry);
    stamp
}

/// Called by `blocking` on a worker after `f` (also when `f` panicked): step 5.
#[cfg(not(weft_loom))]
#[inline]
pub(crate) fn end(worker: &WorkerThread, entered: u64) {
    if leave(&worker.shared().blocking, entered) {
        worker.seat().add_surplus();
    }
}

/// The monitor is not running (never started, or exited after idling).
const IDLE: u32 = 0;
/// The monitor polls.
const POLLING: u32 = 1;
/// The monitor is parked until a `blocking` call wakes it.
const PARKED: u32 = 2;

/// What a `blocking` call must do about the monitor after [`enter`].
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Announce {
    /// Nothing: it polls, or another call is starting or waking it.
    Nothing,
    /// Unpark it: it was parked, and this call moved it back to polling.
    Unpark,
    /// Start its thread: it was not running, and this call moved it to polling.
    Start,
}

/// The monitor's state word (see the module docs).
///
/// Memory ordering: the Dekker pair with [`enter`] is two SeqCst fences (one there, one in
/// [`try_park`](Self::try_park)); the transitions themselves are SeqCst read-modify-writes.
#[derive(Debug)]
pub(crate) struct MonitorState {
    state: AtomicU32,
}

impl MonitorState {
    pub(crate) fn new() -> Self {
        MonitorState {
            state: AtomicU32::new(IDLE),
        }
    }

    /// Called by a `blocking` call after [`enter`].
    #[inline]
    pub(crate) fn announce(&self) -> Announce {
        // Relaxed: ordered after the stamp by the fence in `enter` (module docs).
        match self.state.load(Ordering::Relaxed) {
            POLLING => Announce::Nothing,
            _ => self.announce_cold(),
        }
    }

    #[cold]
    fn announce_cold(&self) -> Announce {
        let (from, action) = match self.state.load(Ordering::SeqCst) {
            PARKED => (PARKED, Announce::Unpark),
            IDLE => (IDLE, Announce::Start),
            _ => return Announce::Nothing,
        };
        match self
            .state
            .compare_exchange(from, POLLING, Ordering::SeqCst, Ordering::SeqCst)
        {
            Ok(_) => action,
            // Someone else moved it: it polls now, or is about to.
            Err(_) => Announce::Nothing,
        }
    }

    /// The monitor could not be started: back to not running.
    pub(crate) fn start_failed(&self) {
        self.state.store(IDLE, Ordering::SeqCst);
    }

    /// The monitor, idle for a while, parks unless `any_stamped()` (re-read after the PARKED
    /// store) finds a blocked worker. True if it parked: it then waits while
    /// [`parked`](Self::parked).
    pub(crate) fn try_park(&self, any_stamped: impl FnOnce() -> bool) -> bool {
        self.state.store(PARKED, Ordering::SeqCst);
        // SeqCst fence: the Dekker pair with the fence in `enter` (module docs).
        fence(Ordering::SeqCst);
        if any_stamped() {
            // A call raced with us; whoever wins, the state is POLLING again.
            let _ =
                self.state
                    .compare_exchange(PARKED, POLLING, Ordering::SeqCst, Ordering::SeqCst);
            return false;
        }
        true
    }

    /// Whether the monitor is still parked (no call woke it).
    pub(crate) fn parked(&self) -> bool {
        self.state.load(Ordering::SeqCst) == PARKED
    }

    /// A parked monitor that idled past the keep-alive exits, unless a call woke it just now.
    pub(crate) fn try_exit(&self) -> bool {
        self.state
            .compare_exchange(PARKED, IDLE, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    }
}
