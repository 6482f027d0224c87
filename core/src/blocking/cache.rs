//! The cache of spare threads: threads that serve no seat now and wait, for a keep-alive, to
//! be handed theirs again by the monitor (`blocking/handoff.rs`).
//!
//! Every pool thread belongs to one seat for its whole life: the seat it was spawned for, whose
//! index its start handler was given, `current_thread_index()` reports, and its exit handler
//! gets. So per-seat set-up done in a start handler (pinning worker i to core i) holds on every
//! thread that ever serves seat i, and each idle thread's mailbox names its seat.
//!
//! A thread enters the cache when it is spawned as a spare, or when it steps aside as surplus
//! for its seat. It waits on its own [`Mailbox`]. The monitor [`reserve`](Cache::reserve)s a
//! mailbox of the seat to lend (an idle one, else a freshly spawned spare's), then either
//! [`assign`](Cache::assign)s it the seat or [`put_back`](Cache::put_back)s it. A thread
//! whose keep-alive runs out removes itself from the idle list and exits; if a reserver holds
//! its mailbox, it waits for that reserver's word instead, so a reserved thread never leaves.
//! `extra` counts the threads beyond the pool's N (the spares spawned and not yet retired), capped
//! by `max_blocking_threads`.

use crate::pool::metrics::SpareCounters;
use crate::pool::registry::Registry;
use crate::pool::thread::Start;
use crate::sync::{lock, poisoned};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// What a cached thread's mailbox holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mail {
    /// Nothing yet.
    Empty,
    /// Serve the mailbox's seat.
    Serve,
    /// The pool shuts down: exit.
    Exit,
}

/// One cached thread's mailbox.
#[derive(Debug)]
pub(crate) struct Mailbox {
    /// The seat the thread serves, for its whole life.
    seat: usize,
    mail: Mutex<Mail>,
    cv: Condvar,
}

impl Mailbox {
    pub(crate) fn new(seat: usize) -> Arc<Self> {
        Arc::new(Mailbox {
            seat,
            mail: Mutex::new(Mail::Empty),
            cv: Condvar::new(),
        })
    }

    /// The seat of the mailbox's thread.
    pub(crate) fn seat(&self) -> usize {
        self.seat
    }

    fn send(&self, mail: Mail) {
        *lock(&self.mail) = mail;
        self.cv.notify_one();
    }
}

/// A mailbox the monitor holds between `reserve` and `assign` / `put_back`.
#[derive(Debug)]
pub(crate) struct Reserved {
    mailbox: Arc<Mailbox>,
    /// Taken from the idle list (a reuse), not freshly spawned.
    reused: bool,
}

/// The spare threads of one pool (see the module docs).
///
/// Memory ordering: the idle lists and each mailbox are mutex-guarded; `extra` is only a
/// count under a cap and `shut_down` is re-read under the idle lists' mutex, so both are
/// Relaxed.
#[derive(Debug)]
pub(crate) struct Cache {
    /// The idle threads, of every seat (a few at most: a scan finds a seat's).
    idle: Mutex<Vec<Arc<Mailbox>>>,
    extra: AtomicUsize,
    max_extra: usize,
    keep_alive: Duration,
    shut_down: AtomicBool,
    /// When a spare's spawn last failed: the next try waits [`SPAWN_RETRY`] (the monitor
    /// would otherwise ask the OS for a thread at every tick while a worker blocks).
    spawn_failed: Mutex<Option<Instant>>,
    counters: SpareCounters,
}

/// How long after a failed spawn the cache asks the OS for a spare again.
const SPAWN_RETRY: Duration = Duration::from_millis(10);

/// What only threads in a cache need: their wait, and telling them to exit.
struct CachePaths {
    /// [`Cache::wait_in_cache`].
    wait: fn(&Cache, &Arc<Mailbox>, bool) -> bool,
    /// [`exit_all`].
    exit_all: fn(Vec<Arc<Mailbox>>),
}

/// Reached through this table, which the first `blocking` on a worker sets ([`enable`]), the
/// cache's waiting is not linked into a program that never blocks. Every thread that enters a
/// cache comes after it: a spare is spawned by the monitor, which a `blocking` call started;
/// a thread steps aside only from a seat whose worker called `blocking`, and is that worker or
/// a spare. And a mailbox is listed only by such a thread (or the monitor), under the idle
/// list's mutex, so whoever finds one listed there after it sees the table set.
static PATHS: OnceLock<CachePaths> = OnceLock::new();

/// Links the cache's waiting (see [`PATHS`]); called by `blocking` on a worker.
#[inline]
pub(crate) fn enable() {
    PATHS.get_or_init(|| CachePaths {
        wait: Cache::wait_in_cache,
        exit_all,
    });
}

/// Tells the threads of `mailboxes` to exit (their pool terminates).
fn exit_all(mailboxes: Vec<Arc<Mailbox>>) {
    for mailbox in mailboxes {
        mailbox.send(Mail::Exit);
    }
}

impl Cache {
    pub(crate) fn new(keep_alive: Duration, max_extra: usize) -> Self {
        Cache {
            idle: Mutex::new(Vec::new()),
            extra: AtomicUsize::new(0),
            max_extra,
            keep_alive,
            shut_down: AtomicBool::new(false),
            spawn_failed: Mutex::new(None),
            counters: SpareCounters::default(),
        }
    }

    pub(crate) fn counters(&self) -> &SpareCounters {
        &self.counters
    }

    pub(crate) fn keep_alive(&self) -> Duration {
        self.keep_alive
    }

    /// A thread of seat `index` ready to serve it once assigned: an idle one, else a new
    /// spare (spawned through the pool's spawn handler). `None` at the cap, or if no thread
    /// could be spawned.
    pub(crate) fn reserve(&self, registry: &Arc<Registry>, index: usize) -> Option<Reserved> {
        if let Some(mailbox) = take_if(&mut lock(&self.idle), |m| m.seat == index) {
            return Some(Reserved {
                mailbox,
                reused: true,
            });
        }
        let mut spawn_failed = lock(&self.spawn_failed);
        if spawn_failed.is_some_and(|at| at.elapsed() < SPAWN_RETRY) {
            return None;
        }
        self.extra
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                (n < self.max_extra).then_some(n + 1)
            })
            .ok()?;
        let mailbox = Mailbox::new(index);
        let spawned = registry.spawn_spare(index, Start::Spare(mailbox.clone()));
        *spawn_failed = (!spawned).then(Instant::now);
        if spawned {
            SpareCounters::bump(&self.counters.started);
            crate::trace::mark(crate::trace::Mark::Spare);
            Some(Reserved {
                mailbox,
                reused: false,
            })
        } else {
            self.extra.fetch_sub(1, Ordering::Relaxed);
            None
        }
    }

    /// Hands a reserved thread its seat.
    pub(crate) fn assign(&self, reserved: Reserved) {
        if reserved.reused {
            SpareCounters::bump(&self.counters.reused);
            crate::trace::mark(crate::trace::Mark::Spare);
        }
        reserved.mailbox.send(Mail::Serve);
    }

    /// Returns a reserved thread to the idle list, unused.
    pub(crate) fn put_back(&self, reserved: Reserved) {
        let mut idle = lock(&self.idle);
        if self.shut_down.load(Ordering::Relaxed) {
            drop(idle);
            reserved.mailbox.send(Mail::Exit);
        } else {
            idle.push(reserved.mailbox);
        }
    }

    /// Called by a thread entering the cache: waits to serve its seat again. False after the
    /// keep-alive, or when the pool shuts down: the thread then exits.
    ///
    /// `listed` says whether the mailbox must first be put on the idle list (a thread
    /// stepping aside) or is already in a reserver's hands (a freshly spawned spare).
    pub(crate) fn wait_for_seat(&self, mailbox: &Arc<Mailbox>, listed: bool) -> bool {
        // Set before any thread can get here (see `PATHS`).
        PATHS
            .get()
            .is_some_and(|paths| (paths.wait)(self, mailbox, listed))
    }

    /// [`wait_for_seat`](Self::wait_for_seat)'s body.
    fn wait_in_cache(&self, mailbox: &Arc<Mailbox>, listed: bool) -> bool {
        if listed {
            let mut idle = lock(&self.idle);
            if self.shut_down.load(Ordering::Relaxed) {
                return self.retire();
            }
            idle.push(mailbox.clone());
        }
        let mut deadline = Instant::now().checked_add(self.keep_alive);
        let mut mail = lock(&mailbox.mail);
        loop {
            match std::mem::replace(&mut *mail, Mail::Empty) {
                Mail::Serve => return true,
                Mail::Exit => return self.retire(),
                Mail::Empty => {}
            }
            let now = Instant::now();
            // A keep-alive past what the clock can count (`Duration::MAX`) never runs out.
            let left = deadline.map_or(Duration::MAX, |d| d.saturating_duration_since(now));
            if !left.is_zero() {
                mail = mailbox
                    .cv
                    .wait_timeout(mail, left)
                    .unwrap_or_else(|_| poisoned())
                    .0;
                continue;
            }
            drop(mail);
            let mut idle = lock(&self.idle);
            if take_if(&mut idle, |m| std::ptr::eq(m, &**mailbox)).is_some() {
                return self.retire();
            }
            // Not listed: a reserver holds our mailbox and is about to send word (a seat, or
            // back to the list). Wait for it.
            drop(idle);
            deadline = now.checked_add(self.keep_alive);
            mail = lock(&mailbox.mail);
        }
    }

    /// A cached thread leaves for good.
    fn retire(&self) -> bool {
        self.extra.fetch_sub(1, Ordering::Relaxed);
        SpareCounters::bump(&self.counters.retired);
        false
    }

    /// Tells every cached thread to exit (the pool terminates).
    pub(crate) fn shut_down(&self) {
        let mailboxes = {
            let mut idle = lock(&self.idle);
            self.shut_down.store(true, Ordering::Relaxed);
            std::mem::take(&mut *idle)
        };
        // Set if any mailbox was listed (see `PATHS`).
        if let Some(paths) = PATHS.get() {
            (paths.exit_all)(mailboxes);
        }
    }
}

/// Removes and returns the last listed (most recently cached) mailbox of `list` that `pick`
/// accepts.
fn take_if(list: &mut Vec<Arc<Mailbox>>, pick: impl Fn(&Mailbox) -> bool) -> Option<Arc<Mailbox>> {
    let pos = list.iter().rposition(|m| pick(m))?;
    Some(list.swap_remove(pos))
}
