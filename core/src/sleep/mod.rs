//! Coordinates idle workers: who searches, who sleeps, and whom new work wakes.
//!
//! The protocol, with the argument that no wake-up is lost, is in `README.md` beside this file.

mod counters;

use crate::loom::atomic::{fence, AtomicU32, AtomicU64, Ordering};
use crate::loom::{Arc, Mutex, MutexGuard};
use crate::sync::parker::Parker;
use counters::{
    Counters, ONE_SEARCHING, ONE_TAKER, SEARCHING_TO_SLEEPING, SLEEPING_TO_SEARCHING, TAKERS_MASK,
};
use std::time::Duration;

/// A registered sleeper: the slot it serves, the parker of the thread that sleeps there, and
/// whether it dozes (counted as searching, not sleeping: see [`Sleep::doze`]).
#[derive(Debug)]
struct Sleeper {
    index: usize,
    parker: Arc<Parker>,
    dozing: bool,
}

/// Whom new work may wake (README, rule "dozers count as searching").
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wake {
    /// Work made inside the pool: nobody while a worker searches or dozes.
    Inside,
    /// A job spawned or injected: nobody while a worker searches awake; a dozer may be woken.
    Job,
}

/// The idle-worker state of one pool.
///
/// Memory ordering: transitions of `counters` are SeqCst read-modify-writes followed, where a
/// decision depends on queues, by a SeqCst fence; producers fence between their push and their
/// load of `counters`. The sleeper list is guarded by its mutex, which also orders flag-based
/// wake-ups (termination, broadcasts, reclaims): see README.md.
#[derive(Debug)]
pub(crate) struct Sleep {
    counters: AtomicU64,
    sleepers: Mutex<Vec<Sleeper>>,
    /// How many of the `sleepers` doze. Written under their mutex, so exact there; read
    /// without it by a spawn or an injection, as a hint (README, rule "dozers count as
    /// searching").
    dozing: AtomicU32,
    wakeups: AtomicU64,
    parks: AtomicU64,
}

impl Sleep {
    pub(crate) fn new() -> Self {
        Self {
            counters: AtomicU64::new(0),
            sleepers: Mutex::new(Vec::new()),
            dozing: AtomicU32::new(0),
            wakeups: AtomicU64::new(0),
            parks: AtomicU64::new(0),
        }
    }

    fn counters(&self) -> Counters {
        Counters::from_word(self.counters.load(Ordering::SeqCst))
    }

    /// A worker with an empty deque starts looking for work (running -> searching).
    pub(crate) fn start_searching(&self) {
        // SeqCst: a producer that loads the counters after this must see us searching, or we
        // see its work (README, rule "searchers must not leave silently").
        self.counters.fetch_add(ONE_SEARCHING, Ordering::SeqCst);
    }

    /// A searching worker stops searching (searching -> running), because it found work or
    /// its wait ended. Returns true if it was the last searcher: the caller must then call
    /// [`Sleep::wake_one_if`] with a look at the queues (README, rule "searchers must not
    /// leave silently").
    #[must_use]
    pub(crate) fn stop_searching(&self) -> bool {
        // SeqCst + fence: orders this decrement before the caller's queue check, against a
        // producer's push + fence + load (README, rule "searchers must not leave silently").
        let old = Counters::from_word(self.counters.fetch_sub(ONE_SEARCHING, Ordering::SeqCst));
        debug_assert!(old.searching() > 0, "stop_searching with {old:?}");
        let last = old.searching() == 1;
        if last {
            fence(Ordering::SeqCst);
        }
        last
    }

    /// Work moved where any worker can take it (a promoted fork, a leaving worker's jobs, a
    /// region's jobs): wake one sleeper unless a worker is already searching or dozing.
    #[inline]
    pub(crate) fn new_work(&self) {
        self.new_work_for(Wake::Inside);
    }

    /// A job was spawned inside the pool or injected from outside it: wake one sleeper, a
    /// dozer included, unless a worker is searching awake (README, rule "dozers count as
    /// searching"). Returns whether a thread was woken.
    #[inline]
    pub(crate) fn new_job(&self) -> bool {
        self.new_work_for(Wake::Job)
    }

    #[inline]
    fn new_work_for(&self, wake: Wake) -> bool {
        // SeqCst fence: pairs with the fence in `sleep` / `stop_searching` (README, rule
        // "work vs. sleeper").
        fence(Ordering::SeqCst);
        let c = Counters::from_word(self.counters.load(Ordering::Relaxed));
        let dozing = self.wakeable_dozers(wake);
        c.searching() <= dozing && c.sleeping() + dozing > 0 && self.wake_one_for(wake)
    }

    /// Whether a worker searches awake right now (not dozing): a job queued now is likely
    /// taken within microseconds. A relaxed hint, for an outside caller's choice to linger
    /// (`pool/registry.rs`, `OUTSIDE_LINGER`).
    pub(crate) fn searching_awake(&self) -> bool {
        let c = Counters::from_word(self.counters.load(Ordering::Relaxed));
        c.searching() > self.dozing.load(Ordering::Relaxed)
    }

    /// How many dozers `wake` may wake (and so does not count as searching): all of them for
    /// a spawned or injected job, none for forks and moved work. Exact under the sleeper
    /// list's mutex, a hint outside it.
    fn wakeable_dozers(&self, wake: Wake) -> u32 {
        match wake {
            Wake::Job => self.dozing.load(Ordering::Relaxed),
            Wake::Inside => 0,
        }
    }

    /// How many workers are idle: searching, dozing or asleep. A hint for a search deciding
    /// whether anybody runs (`WorkerThread::pool_idle`).
    pub(crate) fn idle_workers(&self) -> u32 {
        let c = self.counters();
        c.searching() + c.sleeping()
    }

    /// How many workers doze (for the models' checks).
    #[cfg(weft_loom)]
    pub(crate) fn dozers(&self) -> u32 {
        self.dozing.load(Ordering::Relaxed)
    }

    /// Whether any worker takes forks (see [`start_taking`](Self::start_taking)): then a fork
    /// is worth publishing (`worker/fork.rs`). Asked on a fork's slow path only, which a taker's
    /// poke sends it down (README, rule "forks vs. takers"). SeqCst: against a poke that the owner
    /// overwrote when it settled its stack (`ForkStack::settle`), and against a worker that
    /// registers while a taker pokes (`WorkerThread::enter`).
    #[inline]
    pub(crate) fn forks_wanted(&self) -> bool {
        self.counters.load(Ordering::SeqCst) & TAKERS_MASK != 0
    }

    /// How many workers take forks, for an owner deciding whether its stack stays poked
    /// (`ForkStack::look`). SeqCst, as [`forks_wanted`](Self::forks_wanted).
    #[inline]
    pub(crate) fn takers(&self) -> u32 {
        self.counters().takers()
    }

    /// The caller, idle, wants other workers' forks published from now on (`worker/wait.rs`: a
    /// searcher back from its doze; `isolate/mod.rs`: a worker waiting inside an isolated region).
    /// It then pokes their fork stacks (`WorkerThread::start_taking`). SeqCst: an owner whose
    /// look at the counters follows a poke, or overwrote one, sees this (`ForkStack::settle`).
    pub(crate) fn start_taking(&self) {
        self.counters.fetch_add(ONE_TAKER, Ordering::SeqCst);
    }

    /// The taker of [`start_taking`](Self::start_taking) found work, or its wait ended, or it
    /// dozes again. Relaxed: a fork that still sees it only publishes once more than needed.
    pub(crate) fn stop_taking(&self) {
        let old = Counters::from_word(self.counters.fetch_sub(ONE_TAKER, Ordering::Relaxed));
        debug_assert!(old.takers() > 0, "stop_taking with {old:?}");
    }

    /// Wakes the most recently parked sleeper, which becomes a searcher, unless someone is
    /// already searching (for `wake`; see [`Wake`]). Returns whether a thread was woken.
    #[cold]
    fn wake_one_for(&self, wake: Wake) -> bool {
        self.wake_one_if_for(wake, || true)
    }

    /// The last searcher stopped: wake one sleeper if `work_pending()` still holds once the
    /// sleeper list is locked and nobody searches (README, rule "searchers must not leave
    /// silently"). Checking under the lock keeps a dispatch of n jobs from waking more than
    /// n - 1 helpers: a helper woken for a job counts as searching until it has taken a job.
    pub(crate) fn wake_one_if(&self, work_pending: impl FnOnce() -> bool) -> bool {
        self.wake_one_if_for(Wake::Inside, work_pending)
    }

    fn wake_one_if_for(&self, wake: Wake, work_pending: impl FnOnce() -> bool) -> bool {
        if self.counters().sleeping() + self.wakeable_dozers(wake) == 0 {
            return false;
        }
        let mut sleepers = self.sleepers.lock().unwrap();
        // Under the mutex, `dozing` is exact.
        let dozing = self.wakeable_dozers(wake);
        if self.counters().searching() > dozing || sleepers.is_empty() || !work_pending() {
            return false;
        }
        match sleepers.pop() {
            Some(sleeper) => self.wake(sleepers, sleeper),
            None => false,
        }
    }

    /// Wakes the sleeper serving `index`, if it sleeps (a broadcast for it, a reclaim).
    pub(crate) fn wake_index(&self, index: usize) -> bool {
        let mut sleepers = self.sleepers.lock().unwrap();
        match sleepers.iter().position(|s| s.index == index) {
            Some(pos) => {
                let sleeper = sleepers.swap_remove(pos);
                self.wake(sleepers, sleeper)
            }
            None => false,
        }
    }

    /// Wakes `sleeper`, just taken off the list (whose guard we still hold): it counts as
    /// searching from now on.
    fn wake(&self, sleepers: MutexGuard<'_, Vec<Sleeper>>, sleeper: Sleeper) -> bool {
        self.leave_list(&sleeper);
        drop(sleepers);
        self.wakeups.fetch_add(1, Ordering::Relaxed);
        crate::trace::mark(crate::trace::Mark::Wake);
        sleeper.parker.unpark();
        true
    }

    /// Counts `sleeper`, just taken off the list (whose guard the caller holds), as searching
    /// again: a sleeper moves from `sleeping`, a dozer only leaves `dozing`.
    fn leave_list(&self, sleeper: &Sleeper) {
        if sleeper.dozing {
            self.dozing.fetch_sub(1, Ordering::Relaxed);
        } else {
            self.counters
                .fetch_add(SLEEPING_TO_SEARCHING, Ordering::SeqCst);
        }
    }

    /// Wakes every sleeper (termination).
    pub(crate) fn wake_all(&self) {
        let mut sleepers = self.sleepers.lock().unwrap();
        let woken: Vec<Sleeper> = sleepers.drain(..).collect();
        for sleeper in &woken {
            self.leave_list(sleeper);
        }
        drop(sleepers);
        for sleeper in woken {
            sleeper.parker.unpark();
        }
    }

    /// A searching worker with nothing found falls asleep (searching -> sleeping), then wakes
    /// as a searcher again. Returns true if a waker (`wake_one`, `wake_index`, `wake_all`)
    /// woke it, false if it woke for another reason or did not park.
    ///
    /// `still_idle` runs after the worker is registered and the fence: it must re-check every
    /// source of work and every wake condition (latch, termination, stepping aside), and
    /// return false to cancel the sleep. The worker may also wake spuriously; callers loop.
    ///
    /// With a `timeout`, the worker parks at most that long (see `worker/wait.rs`: a rest between
    /// two judgements of the forks, and a taker's first sleep, after which it issues the heavy
    /// fence).
    pub(crate) fn sleep(
        &self,
        index: usize,
        parker: &Arc<Parker>,
        timeout: Option<Duration>,
        still_idle: impl FnOnce() -> bool,
    ) -> bool {
        self.park_registered(index, parker, timeout, false, still_idle)
    }

    /// A searching worker parks for at most `timeout` and stays counted as searching (a
    /// *doze*, `worker/wait.rs`): new work from inside the pool wakes nobody meanwhile, since the
    /// dozer looks at the queues again when its timeout ends (README, rule "dozers count as
    /// searching"). It is in the sleeper list all the same, so that termination, a broadcast
    /// for its seat, and a latch it waits for wake it at once. Returns as
    /// [`sleep`](Self::sleep).
    pub(crate) fn doze(
        &self,
        index: usize,
        parker: &Arc<Parker>,
        timeout: Duration,
        still_idle: impl FnOnce() -> bool,
    ) -> bool {
        self.park_registered(index, parker, Some(timeout), true, still_idle)
    }

    fn park_registered(
        &self,
        index: usize,
        parker: &Arc<Parker>,
        timeout: Option<Duration>,
        dozing: bool,
        still_idle: impl FnOnce() -> bool,
    ) -> bool {
        {
            let mut sleepers = self.sleepers.lock().unwrap();
            sleepers.push(Sleeper {
                index,
                parker: parker.clone(),
                dozing,
            });
            // SeqCst: see README, rule "work vs. sleeper". A dozer stays counted as
            // searching (rule "dozers count as searching").
            if dozing {
                self.dozing.fetch_add(1, Ordering::Relaxed);
            } else {
                self.counters
                    .fetch_add(SEARCHING_TO_SLEEPING, Ordering::SeqCst);
            }
        }
        // SeqCst fence: pairs with the producer's fence in `new_work` (README, rule "work
        // vs. sleeper").
        fence(Ordering::SeqCst);
        if still_idle() {
            self.parks.fetch_add(1, Ordering::Relaxed);
            crate::trace::mark(crate::trace::Mark::Park);
            match timeout {
                Some(timeout) => parker.park_timeout(timeout),
                None => parker.park(),
            }
        }
        let mut sleepers = self.sleepers.lock().unwrap();
        match sleepers.iter().position(|s| Arc::ptr_eq(&s.parker, parker)) {
            Some(pos) => {
                // Nobody woke us (a cancelled sleep, a timeout, a latch, a stale token): leave
                // the list and count ourselves as searching again.
                let sleeper = sleepers.swap_remove(pos);
                self.leave_list(&sleeper);
                false
            }
            // A waker took us off the list and moved the count already.
            None => true,
        }
    }

    /// Work wake-ups so far (sleepers unparked by `wake_one` / `wake_index`).
    pub(crate) fn wakeups(&self) -> u64 {
        self.wakeups.load(Ordering::Relaxed)
    }

    /// Times a worker parked.
    pub(crate) fn parks(&self) -> u64 {
        self.parks.load(Ordering::Relaxed)
    }
}
