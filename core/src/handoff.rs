//! How a seat changes hands while its worker blocks (the lazy hand-off), and how the surplus
//! steps aside afterwards.
//!
//! # Protocol
//!
//! Each worker's `blocking` word ([`ThreadShared`]) is one of:
//!
//! * [`RUNNING`]: not inside `blocking`;
//! * a **stamp** (`tick << 2 | STAMP_TAG`): inside `blocking` since the monitor's tick `tick`,
//!   and still the worker its seat relies on;
//! * [`LENT`]: inside `blocking`, and another worker serves its seat.
//!
//! `blocking(f)` on a worker ([`begin`] / [`end`]):
//!
//! 1. publishes the worker's private forks, so that nothing is stranded behind it;
//! 2. if its seat already has a surplus worker (one came back from `blocking` earlier), takes
//!    that place: the word is [`LENT`] at once and no hand-off is needed;
//! 3. otherwise stores a stamp (SeqCst) and, if the monitor is parked, wakes it;
//! 4. runs `f`;
//! 5. swaps the stamp back to [`RUNNING`] with a compare-exchange: if nobody lent the seat,
//!    that is all (a call that does not block costs two atomic operations and a load). If the
//!    word is [`LENT`], a spare serves the seat: the thread sets [`RUNNING`], counts one
//!    surplus for its seat and **continues at once**. It never waits for the spare: the
//!    spare's job may need a lock this thread holds.
//!
//! The **monitor** (one thread per pool, started by the first `blocking` call) sleeps
//! [`POLL_INTERVAL`] and bumps its tick. It scans the pool's workers: one whose stamp is older
//! than the previous tick has been blocked for at least a whole interval. For it, the monitor
//! reserves a spare (a cached thread, else a new one through the spawn handler), then
//! compare-exchanges the stamp to [`LENT`]: on success the spare gets the seat; on failure (`f`
//! returned meanwhile) the spare goes back to the cache. So a seat is lent only while its
//! worker is still inside `f`, and the returning thread learns of it from the same word.
//!
//! A worker of a seat with a surplus **steps aside** at its next top-level job boundary
//! (`Seat::take_surplus`, `wait.rs`): it leaves the pool and waits in the cache. The pool's
//! compute width returns to N without anyone waiting on user code.
//!
//! After [`QUIET_POLLS`] scans without a blocked worker, the monitor parks; after a further
//! keep-alive it exits (a later `blocking` starts it again). Parking is a Dekker pair with
//! step 3: the monitor stores [`PARKED`] then re-scans every word, `blocking` stores its stamp
//! then loads the monitor's state, all SeqCst; one of them sees the other, so a blocked worker
//! is never left with the monitor asleep. An idle pool has no polling thread.
//!
//! If no spare can be had (the `max_blocking_threads` cap, or a failed spawn), the seat stays
//! with the blocked worker: its published work is still taken by the pool's other workers, and
//! the monitor tries again at every tick.

use crate::metrics::SpareCounters;
use crate::registry::Registry;
use crate::worker::{ThreadShared, WorkerThread};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Not inside `blocking`.
pub(crate) const RUNNING: u64 = 0;
/// Inside `blocking`, and another worker serves the seat.
pub(crate) const LENT: u64 = 1;
/// The low bits of a stamp (a stamp is never [`RUNNING`] or [`LENT`]).
const STAMP_TAG: u64 = 2;

/// How often the monitor looks for blocked workers while any `blocking` call is in flight.
pub(crate) const POLL_INTERVAL: Duration = Duration::from_micros(50);
/// Scans in a row without a blocked worker after which the monitor parks (about 10 ms).
const QUIET_POLLS: u32 = 200;

/// The monitor is not running (never started, or exited after idling).
const IDLE: u32 = 0;
/// The monitor polls.
const POLLING: u32 = 1;
/// The monitor is parked until a `blocking` call wakes it.
const PARKED: u32 = 2;

fn is_stamp(word: u64) -> bool {
    word & STAMP_TAG != 0
}

fn stamp_tick(word: u64) -> u64 {
    word >> 2
}

/// Called by `blocking` on a worker before `f`: steps 1 to 3 of the protocol. Returns the
/// word to hand to [`end`].
#[inline]
pub(crate) fn begin(worker: &WorkerThread) -> u64 {
    worker.publish_forks();
    let shared = worker.shared();
    if worker.seat().take_surplus() {
        shared.counters.handed_off();
        shared.blocking.store(LENT, Ordering::Relaxed);
        return LENT;
    }
    let registry = worker.registry();
    let stamp = registry.monitor.stamp();
    // SeqCst: the Dekker pair with the monitor's PARKED store and re-scan (module docs).
    shared.blocking.store(stamp, Ordering::SeqCst);
    registry.monitor.ensure_polling(registry);
    stamp
}

/// Called by `blocking` on a worker after `f` (also when `f` panicked): step 5.
#[inline]
pub(crate) fn end(worker: &WorkerThread, word: u64) {
    let shared = worker.shared();
    // Relaxed: the word only decides who owns the lending (the monitor's compare-exchange or
    // ours); no data travels through it.
    if word != LENT
        && shared
            .blocking
            .compare_exchange(word, RUNNING, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    {
        return;
    }
    shared.blocking.store(RUNNING, Ordering::Relaxed);
    worker.seat().add_surplus();
}

/// The monitor of one pool: its state, tick and thread (see the module docs).
///
/// Memory ordering: `state` transitions and the loads that decide on parking are SeqCst (the
/// Dekker pair with `begin`); `tick` is written by the monitor only and Relaxed (a stale tick
/// at most lends a seat one interval early).
#[derive(Debug)]
pub(crate) struct Monitor {
    state: AtomicU32,
    tick: AtomicU64,
    thread: Mutex<Option<std::thread::Thread>>,
}

impl Monitor {
    pub(crate) fn new() -> Self {
        Monitor {
            state: AtomicU32::new(IDLE),
            tick: AtomicU64::new(1),
            thread: Mutex::new(None),
        }
    }

    /// The stamp of a `blocking` call starting now.
    #[inline]
    fn stamp(&self) -> u64 {
        (self.tick.load(Ordering::Relaxed) << 2) | STAMP_TAG
    }

    /// Makes sure the monitor polls (after a stamp was stored).
    #[inline]
    fn ensure_polling(&self, registry: &Arc<Registry>) {
        // SeqCst: pairs with the monitor's SeqCst PARKED store (module docs).
        if self.state.load(Ordering::SeqCst) != POLLING {
            self.ensure_polling_cold(registry);
        }
    }

    #[cold]
    fn ensure_polling_cold(&self, registry: &Arc<Registry>) {
        loop {
            match self.state.load(Ordering::SeqCst) {
                POLLING => return,
                PARKED => {
                    if self
                        .state
                        .compare_exchange(PARKED, POLLING, Ordering::SeqCst, Ordering::SeqCst)
                        .is_ok()
                    {
                        if let Some(thread) = &*self.thread.lock().unwrap() {
                            thread.unpark();
                        }
                        return;
                    }
                }
                _ => {
                    if self
                        .state
                        .compare_exchange(IDLE, POLLING, Ordering::SeqCst, Ordering::SeqCst)
                        .is_ok()
                    {
                        if !start(registry) {
                            self.state.store(IDLE, Ordering::SeqCst);
                        }
                        return;
                    }
                }
            }
        }
    }

    /// Wakes the monitor so that it sees the pool terminate.
    pub(crate) fn shut_down(&self) {
        if let Some(thread) = &*self.thread.lock().unwrap() {
            thread.unpark();
        }
    }
}

/// Starts the monitor thread. False if it could not be spawned.
fn start(registry: &Arc<Registry>) -> bool {
    registry.thread_spawning();
    let r = registry.clone();
    let spawned = std::thread::Builder::new()
        .name("weft-monitor".into())
        .spawn(move || {
            run(&r);
            r.thread_exited();
        });
    if spawned.is_err() {
        registry.thread_exited();
    }
    spawned.is_ok()
}

/// The monitor's loop (see the module docs).
fn run(registry: &Arc<Registry>) {
    let monitor = &registry.monitor;
    *monitor.thread.lock().unwrap() = Some(std::thread::current());
    let mut quiet = 0;
    while !registry.terminating() {
        std::thread::sleep(POLL_INTERVAL);
        let tick = monitor.tick.load(Ordering::Relaxed) + 1;
        monitor.tick.store(tick, Ordering::Relaxed);
        if lend_overdue(registry, tick) {
            quiet = 0;
            continue;
        }
        quiet += 1;
        if quiet < QUIET_POLLS {
            continue;
        }
        quiet = 0;
        // SeqCst: the Dekker pair with `begin` (module docs).
        monitor.state.store(PARKED, Ordering::SeqCst);
        if any_stamped(registry) {
            // A call raced with us; whoever wins, the state is POLLING again.
            let _ =
                monitor
                    .state
                    .compare_exchange(PARKED, POLLING, Ordering::SeqCst, Ordering::SeqCst);
            continue;
        }
        let parked_at = Instant::now();
        let keep_alive = registry.cache.keep_alive();
        while !registry.terminating() && monitor.state.load(Ordering::SeqCst) == PARKED {
            let idle = parked_at.elapsed();
            if idle >= keep_alive {
                if monitor
                    .state
                    .compare_exchange(PARKED, IDLE, Ordering::SeqCst, Ordering::SeqCst)
                    .is_ok()
                {
                    return;
                }
                continue;
            }
            std::thread::park_timeout(keep_alive - idle);
        }
    }
}

/// Whether any worker's word is a stamp.
fn any_stamped(registry: &Registry) -> bool {
    registry
        .members
        .snapshot()
        .iter()
        // SeqCst: see `run`.
        .any(|m| is_stamp(m.blocking.load(Ordering::SeqCst)))
}

/// Lends the seat of every worker blocked since before the previous tick. Returns whether
/// any worker is stamped (blocked, not yet lent).
fn lend_overdue(registry: &Arc<Registry>, tick: u64) -> bool {
    let mut any = false;
    for member in registry.members.snapshot().iter() {
        // SeqCst: see `run`.
        let word = member.blocking.load(Ordering::SeqCst);
        if !is_stamp(word) {
            continue;
        }
        any = true;
        if stamp_tick(word) + 1 < tick {
            lend(registry, member, word);
        }
    }
    any
}

/// Gives `member`'s seat to a spare if `member` is still blocked with stamp `word`.
fn lend(registry: &Arc<Registry>, member: &ThreadShared, word: u64) {
    let seat = member.seat.load(Ordering::Relaxed);
    let Some(spare) = registry.cache.reserve(registry, seat) else {
        return;
    };
    match member
        .blocking
        .compare_exchange(word, LENT, Ordering::Relaxed, Ordering::Relaxed)
    {
        Ok(_) => {
            SpareCounters::bump(&registry.cache.counters().handoffs);
            registry.cache.assign(spare, seat);
        }
        Err(_) => registry.cache.put_back(spare),
    }
}
