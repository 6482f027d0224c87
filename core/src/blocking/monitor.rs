//! The monitor thread of a pool: it looks for workers blocked in `blocking` and has their
//! seats served by spares (the protocol is in `blocking/handoff.rs`).

use crate::blocking::handoff::{self, Announce, MonitorState};
use crate::os;
use crate::pool::metrics::SpareCounters;
use crate::pool::registry::Registry;
use crate::sync::lock;
use crate::worker::thread_state::ThreadShared;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How often the monitor looks for blocked workers while any `blocking` call is in flight.
pub(crate) const POLL_INTERVAL: Duration = Duration::from_micros(50);
/// Scans in a row without a blocked worker after which the monitor parks (about 10 ms).
const QUIET_POLLS: u32 = 200;

/// The monitor of one pool: its state, tick and thread.
///
/// Memory ordering: `tick` is written by the monitor only and Relaxed (a stale tick at most
/// lends a seat one interval early); `state` is [`MonitorState`]'s.
#[derive(Debug)]
pub(crate) struct Monitor {
    state: MonitorState,
    tick: AtomicU64,
    thread: Mutex<Option<std::thread::Thread>>,
}

impl Monitor {
    pub(crate) fn new() -> Self {
        Monitor {
            state: MonitorState::new(),
            tick: AtomicU64::new(1),
            thread: Mutex::new(None),
        }
    }

    /// The monitor's tick now: what a `blocking` call is stamped with.
    #[inline]
    pub(crate) fn tick(&self) -> u64 {
        self.tick.load(Ordering::Relaxed)
    }

    /// Makes sure the monitor polls (after a stamp was stored).
    #[inline]
    pub(crate) fn ensure_polling(&self, registry: &Arc<Registry>) {
        match self.state.announce() {
            Announce::Nothing => {}
            Announce::Unpark => self.unpark(),
            Announce::Start => {
                if !start(registry) {
                    self.state.start_failed();
                }
            }
        }
    }

    fn unpark(&self) {
        if let Some(thread) = &*lock(&self.thread) {
            thread.unpark();
        }
    }

    /// Wakes the monitor so that it sees the pool terminate.
    pub(crate) fn shut_down(&self) {
        self.unpark();
    }
}

/// Starts the monitor thread. False if it could not be spawned.
fn start(registry: &Arc<Registry>) -> bool {
    registry.thread_spawning();
    let r = registry.clone();
    let spawned = os::thread::spawn(
        Some("weft-monitor".into()),
        None,
        Box::new(move || {
            run(&r);
            r.thread_exited();
        }),
    );
    if spawned.is_err() {
        registry.thread_exited();
    }
    spawned.is_ok()
}

/// The monitor's loop (see `blocking/handoff.rs`).
fn run(registry: &Arc<Registry>) {
    let monitor = &registry.monitor;
    *lock(&monitor.thread) = Some(std::thread::current());
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
        if !monitor.state.try_park(|| any_stamped(registry)) {
            continue;
        }
        let parked_at = Instant::now();
        let keep_alive = registry.cache.keep_alive();
        while !registry.terminating() && monitor.state.parked() {
            let idle = parked_at.elapsed();
            if idle >= keep_alive {
                if monitor.state.try_exit() {
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
        // Relaxed: ordered after the PARKED store by `try_park`'s fence (`blocking/handoff.rs`).
        .any(|m| handoff::stamped_since(m.blocking.load(Ordering::Relaxed)).is_some())
}

/// Lends the seat of every worker blocked since before the previous tick. Returns whether
/// any worker is stamped (blocked, not yet lent).
fn lend_overdue(registry: &Arc<Registry>, tick: u64) -> bool {
    let mut any = false;
    for member in registry.members.snapshot().iter() {
        // Relaxed: a stamp seen late is lent one tick later.
        let word = member.blocking.load(Ordering::Relaxed);
        let Some(since) = handoff::stamped_since(word) else {
            continue;
        };
        any = true;
        if since + 1 < tick {
            lend(registry, member, word);
        }
    }
    any
}

/// Gives `member`'s seat to a spare if `member` is still blocked with stamp `word`.
fn lend(registry: &Arc<Registry>, member: &ThreadShared, word: u64) {
    let seat = member.seat;
    let Some(spare) = registry.cache.reserve(registry, seat) else {
        return;
    };
    if handoff::lend(&member.blocking, word) {
        SpareCounters::bump(&registry.cache.counters().handoffs);
        crate::trace::mark(crate::trace::Mark::Handoff);
        registry.cache.assign(spare);
    } else {
        registry.cache.put_back(spare);
    }
}
