//! Coordinates idle workers: who searches, who sleeps, and whom new work wakes.
//!
//! The protocol, with the argument that no wake-up is lost, is in `README.md` beside this file.

mod counters;

use crate::loom::atomic::{fence, AtomicU32, AtomicU64, Ordering};
use crate::loom::{lock, Arc, Mutex};
use crate::sync::parker::Parker;
use counters::{
    Counters, ONE_SEARCHING, ONE_SLEEPING, ONE_TAKER, SEARCHING_TO_SLEEPING, SLEEPING_TO_SEARCHING,
    TAKERS_MASK,
};
use crossbeam_utils::CachePadded;
use std::mem::ManuallyDrop;
use std::time::Duration;

/// A registered sleeper: the slot it serves, the parker of the thread that sleeps there, and
/// whether it dozes (counted as searching, not sleeping: see [`Sleep::doze`]). A seat's
/// bucket holds at most a few: the worker, and for a moment a spare serving the same seat
/// (`blocking/mod.rs`).
#[derive(Debug)]
struct Sleeper {
    index: usize,
    parker: Arc<Parker>,
    dozing: bool,
}

/// A bucket: its registered sleepers and dozers, and the broadcast wake-ups owed below its
/// seat (README, rule "broadcasts wake in a tree").
#[derive(Debug)]
struct Bucket {
    sleepers: Vec<Sleeper>,
    /// Set when a broadcast took a sleeper off `sleepers` and left it to wake the seats below
    /// this one ([`Sleep::wake_tree`]); the first sleeper taken off the list to leave it
    /// ([`Sleep::delist`]) clears it and does. Set only with a sleeper taken off, so one is
    /// always on its way; one wake-up below after every broadcast that set it serves them all.
    chain: bool,
}

/// How a sleeper's park ended ([`Sleep::delist`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Woken {
    /// Nobody took it off its bucket's list.
    No,
    /// A waker did.
    Yes,
    /// A waker did, and a broadcast's wake-ups below its seat are left to it.
    Chain,
}

/// Whom new work may wake (README, rule "dozers count as searching").
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wake {
    /// Work made inside the pool: nobody while a worker searches or dozes.
    Inside,
    /// A job spawned or injected: nobody while a worker searches awake; a dozer may be woken.
    Job,
}

/// The idle-worker state of one pool (or of one isolated region's waiters).
///
/// Memory ordering: transitions of `counters` are SeqCst read-modify-writes followed, where a
/// decision depends on queues, by a SeqCst fence; producers fence between their push and their
/// load of `counters`. Sleepers register in the list of their seat's bucket, under that
/// bucket's mutex, which also orders flag-based wake-ups (termination, broadcasts, reclaims);
/// a waker of "any one sleeper" reserves its wake-up in `counters` first: see README.md.
#[derive(Debug)]
pub(crate) struct Sleep {
    counters: AtomicU64,
    /// The registered sleepers and dozers, by bucket: a pool has one bucket per seat (seat
    /// `i` in bucket `i`), so no mutex on the park and wake paths is shared by all workers;
    /// a region has one bucket. Padded: each is written by its own seat's threads. Dropped
    /// by [`Sleep`]'s `drop` only, so that their drop code is compiled once.
    buckets: ManuallyDrop<Box<[CachePadded<Mutex<Bucket>>]>>,
    /// One bit per bucket, set while its list holds a sleeper (not a dozer): where a waker
    /// looks, a word of 64 buckets at a time.
    sleeper_map: Box<[AtomicU64]>,
    /// One bit per bucket, set while its list holds a dozer.
    dozer_map: Box<[AtomicU64]>,
    /// How many of the registered sleepers doze. Written under their bucket's mutex; read
    /// without it by a spawn or an injection, as a hint (README, rule "dozers count as
    /// searching").
    dozing: AtomicU32,
    wakeups: AtomicU64,
    parks: AtomicU64,
}

impl Drop for Sleep {
    #[inline(never)]
    fn drop(&mut self) {
        // SAFETY: dropped here only, and never used after.
        unsafe { ManuallyDrop::drop(&mut self.buckets) }
    }
}

impl Sleep {
    /// The state for `buckets` buckets: a pool's seat count, or 1 (an isolated region,
    /// whose waiters are few).
    pub(crate) fn new(buckets: usize) -> Self {
        let buckets = buckets.max(1);
        let words = buckets.div_ceil(64);
        Self {
            counters: AtomicU64::new(0),
            sleeper_map: cleared_map(words),
            dozer_map: cleared_map(words),
            // Last of what may unwind, so that no unwinding path here drops them.
            buckets: ManuallyDrop::new(
                (0..buckets)
                    .map(|_| {
                        CachePadded::new(Mutex::new(Bucket {
                            sleepers: Vec::with_capacity(2),
                            chain: false,
                        }))
                    })
                    .collect(),
            ),
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

    /// How many workers search awake (not dozing): a relaxed hint, for a searcher deciding
    /// whether to spin (`WorkerThread::may_spin`).
    pub(crate) fn awake_searchers(&self) -> u32 {
        let c = Counters::from_word(self.counters.load(Ordering::Relaxed));
        c.searching()
            .saturating_sub(self.dozing.load(Ordering::Relaxed))
    }

    /// How many dozers `wake` may wake (and so does not count as searching): all of them for
    /// a spawned or injected job, none for forks and moved work. A hint.
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

    /// Wakes one sleeper, which becomes a searcher, unless someone is already searching (for
    /// `wake`; see [`Wake`]). Returns whether a thread was woken.
    #[cold]
    fn wake_one_for(&self, wake: Wake) -> bool {
        self.wake_one_if_for(wake, &|| true)
    }

    /// The last searcher stopped: wake one sleeper if `work_pending()` holds and nobody
    /// searches once this waker has counted the sleeper it will wake as searching (README,
    /// rule "searchers must not leave silently"). That count, taken by a compare-exchange
    /// that requires nobody else to search (rule "one waker at a time"), keeps a dispatch of
    /// n jobs from waking more than n - 1 helpers: a helper woken for a job counts as
    /// searching until it has taken a job.
    pub(crate) fn wake_one_if(&self, work_pending: impl Fn() -> bool) -> bool {
        self.wake_one_if_for(Wake::Inside, &work_pending)
    }

    /// Takes `work_pending` as a trait object, so that this is compiled once: the call through
    /// it comes only where a sleeper is counted, before an unpark that costs far more.
    fn wake_one_if_for(&self, wake: Wake, work_pending: &dyn Fn() -> bool) -> bool {
        if wake == Wake::Job {
            if let Some(dozer) = self.claim_from(&self.dozer_map, true) {
                // Counted as searching already: no reservation (rule "one waker at a
                // time": one dropped after its dozer ran would be a searcher leaving
                // silently).
                self.unpark(dozer);
                return true;
            }
        }
        loop {
            // SeqCst: the reservation below reads the counts with the sleeper's registration
            // (and so its bit in the maps) behind it (rule "one waker at a time").
            let mut word = self.counters.load(Ordering::SeqCst);
            loop {
                let c = Counters::from_word(word);
                let dozing = self.wakeable_dozers(wake);
                if c.searching() > dozing || c.sleeping() == 0 || !work_pending() {
                    return false;
                }
                // Reserve: the thread we are about to wake counts as searching from now on,
                // so no other waker wakes a second one for the same work.
                match self.counters.compare_exchange_weak(
                    word,
                    word + ONE_SEARCHING,
                    Ordering::SeqCst,
                    Ordering::SeqCst,
                ) {
                    Ok(_) => break,
                    Err(now) => word = now,
                }
            }
            if let Some(sleeper) = self.claim_from(&self.sleeper_map, false) {
                self.unpark(sleeper);
                return true;
            }
            // Every sleeper counted when we reserved left its list meanwhile, woken for
            // another reason, and searches (or searched) since: drop the reservation like
            // any searcher, and if it was the last, look again (rule "searchers must not
            // leave silently").
            if !self.stop_searching() {
                return false;
            }
        }
    }

    /// Unparks `sleeper`, just taken off its list by a waker of any one sleeper.
    fn unpark(&self, sleeper: Sleeper) {
        self.wakeups.fetch_add(1, Ordering::Relaxed);
        crate::trace::mark(crate::trace::Mark::Wake);
        sleeper.parker.unpark();
    }

    /// Takes one sleeper (or, with `dozer`, one dozer) off the list of the first bucket
    /// that `map` marks, and counts it as searching (a sleeper's count was reserved by the
    /// caller: it leaves `sleeping` only). `None` if none is left by the time we look.
    fn claim_from(&self, map: &[AtomicU64], dozer: bool) -> Option<Sleeper> {
        for (w, word) in map.iter().enumerate() {
            // Acquire: pairs with the AcqRel `fetch_or` in `mark`; a set bit is only a hint,
            // the bucket's list (under its mutex) decides.
            let mut bits = word.load(Ordering::Acquire);
            while bits != 0 {
                let bucket = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mut list = lock(&self.buckets[bucket]);
                if let Some(pos) = list.sleepers.iter().rposition(|s| s.dozing == dozer) {
                    let sleeper = list.sleepers.swap_remove(pos);
                    if dozer {
                        self.dozing.fetch_sub(1, Ordering::Relaxed);
                    } else {
                        // The reservation counted it as searching already.
                        self.counters.fetch_sub(ONE_SLEEPING, Ordering::SeqCst);
                    }
                    self.update_marks(bucket, &list.sleepers);
                    return Some(sleeper);
                }
            }
        }
        None
    }

    /// Wakes a sleeper (or dozer) of every seat, for a broadcast whose jobs are on the seats'
    /// lanes already: the caller wakes seat 0's, and each sleeper woken wakes those of the
    /// two seats below its own before it returns to look for its job: where every seat
    /// sleeps, the last is woken after two wake-ups per level of a binary tree, not N (README,
    /// rule "broadcasts wake in a tree"). A pool's buckets are its seats.
    pub(crate) fn wake_seats(&self) {
        self.wake_tree(0);
    }

    /// Wakes a sleeper of seat `index` and leaves it the seats below; where the seat has none
    /// (its worker is awake: searching, running a job, or waiting outside this `Sleep`), the
    /// caller goes on below it itself.
    fn wake_tree(&self, index: usize) {
        // The broadcast's jobs were pushed before the caller's first lock here, and every
        // link of the chain (a bucket's mutex, an unpark and its park) carries that on, so
        // this seat's job is pushed before we lock its bucket (README, rule "flags under the
        // mutex").
        let mut list = lock(&self.buckets[index]);
        match list.sleepers.iter().rposition(|s| s.index == index) {
            Some(pos) => {
                let sleeper = list.sleepers.swap_remove(pos);
                self.leave_list(&sleeper);
                list.chain = true;
                self.update_marks(index, &list.sleepers);
                drop(list);
                self.wakeups.fetch_add(1, Ordering::Relaxed);
                crate::trace::mark(crate::trace::Mark::Wake);
                sleeper.parker.unpark();
            }
            None => {
                drop(list);
                self.wake_below(index);
            }
        }
    }

    /// Wakes the seats below `index` in the broadcast's tree: `2 index + 1` and `2 index + 2`.
    /// Out of line: a broadcast's path, not copied into every `park_registered`.
    #[cold]
    #[inline(never)]
    fn wake_below(&self, index: usize) {
        for child in [2 * index + 1, 2 * index + 2] {
            if child < self.buckets.len() {
                self.wake_tree(child);
            }
        }
    }

    /// Counts `sleeper`, just taken off its bucket's list (whose guard the caller holds), as
    /// searching again: a sleeper moves from `sleeping`, a dozer only leaves `dozing`.
    fn leave_list(&self, sleeper: &Sleeper) {
        if sleeper.dozing {
            self.dozing.fetch_sub(1, Ordering::Relaxed);
        } else {
            self.counters
                .fetch_add(SLEEPING_TO_SEARCHING, Ordering::SeqCst);
        }
    }

    /// Wakes every sleeper (termination): each bucket once.
    pub(crate) fn wake_all(&self) {
        for (bucket, list) in self.buckets.iter().enumerate() {
            let mut list = lock(list);
            let woken = std::mem::take(&mut list.sleepers);
            for sleeper in &woken {
                self.leave_list(sleeper);
            }
            self.update_marks(bucket, &list.sleepers);
            drop(list);
            for sleeper in woken {
                sleeper.parker.unpark();
            }
        }
    }

    /// The bucket that the sleepers serving seat `index` use.
    fn bucket_of(&self, index: usize) -> usize {
        index % self.buckets.len()
    }

    /// Makes `bucket`'s bits in the two maps say whether `list` (its list, whose guard the
    /// caller holds) has a sleeper and a dozer. Written only under that guard, so a bit
    /// changes only with its list; it is read without it, as a hint of where to look. Out of
    /// line: one copy for the five places that change a list.
    #[inline(never)]
    fn update_marks(&self, bucket: usize, list: &[Sleeper]) {
        let (sleeper, dozer) = list
            .iter()
            .fold((false, false), |(s, d), e| (s || !e.dozing, d || e.dozing));
        mark(&self.sleeper_map, bucket, sleeper);
        mark(&self.dozer_map, bucket, dozer);
    }

    /// A searching worker with nothing found falls asleep (searching -> sleeping), then wakes
    /// as a searcher again. Returns true if a waker (`wake_one_if`, `wake_seats`, `wake_all`)
    /// woke it, false if it woke for another reason or did not park. A sleeper woken for a
    /// broadcast wakes the seats below its own first (`wake_seats`).
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
    /// searching"). It is in its seat's bucket all the same, so that termination, a broadcast
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
        // The generic part is the check alone: the rest is compiled once, not per caller.
        let bucket = self.enlist(index, parker, dozing);
        if still_idle() {
            self.park_now(parker, timeout);
        }
        let woken = self.delist(bucket, parker);
        if woken == Woken::Chain {
            self.wake_below(index);
        }
        woken != Woken::No
    }

    /// `park_registered`'s first half: joins the bucket's list and the counts, then fences;
    /// returns the bucket.
    fn enlist(&self, index: usize, parker: &Arc<Parker>, dozing: bool) -> usize {
        let bucket = self.bucket_of(index);
        {
            let mut list = lock(&self.buckets[bucket]);
            list.sleepers.push(Sleeper {
                index,
                parker: parker.clone(),
                dozing,
            });
            self.update_marks(bucket, &list.sleepers);
            // SeqCst: see README, rule "work vs. sleeper"; after the marks, so that a waker
            // whose reservation reads this count finds our bit (rule "one waker at a
            // time"). A dozer stays counted as searching (rule "dozers count as searching").
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
        bucket
    }

    /// Parks, still idle after `enlist`. Out of line, so that it is compiled once rather than
    /// in every `park_registered`: the park itself costs far more than the call.
    #[inline(never)]
    fn park_now(&self, parker: &Parker, timeout: Option<Duration>) {
        self.parks.fetch_add(1, Ordering::Relaxed);
        crate::trace::mark(crate::trace::Mark::Park);
        match timeout {
            Some(timeout) => parker.park_timeout(timeout),
            None => parker.park(),
        }
    }

    /// `park_registered`'s second half: whether a waker took us off the list (else leaves
    /// it), and if so whether we go on with a broadcast's wake-ups below our seat.
    fn delist(&self, bucket: usize, parker: &Arc<Parker>) -> Woken {
        let mut list = lock(&self.buckets[bucket]);
        match list
            .sleepers
            .iter()
            .position(|s| Arc::ptr_eq(&s.parker, parker))
        {
            Some(pos) => {
                // Nobody woke us (a cancelled sleep, a timeout, a latch, a stale token): leave
                // the list and count ourselves as searching again.
                let sleeper = list.sleepers.swap_remove(pos);
                self.leave_list(&sleeper);
                self.update_marks(bucket, &list.sleepers);
                Woken::No
            }
            // A waker took us off the list and moved the count already. Any sleeper taken off
            // may serve a chain left here: all serve this seat.
            None if std::mem::take(&mut list.chain) => Woken::Chain,
            None => Woken::Yes,
        }
    }

    /// Work wake-ups so far (sleepers unparked by `wake_one_if` / `wake_seats`).
    pub(crate) fn wakeups(&self) -> u64 {
        self.wakeups.load(Ordering::Relaxed)
    }

    /// Times a worker parked.
    pub(crate) fn parks(&self) -> u64 {
        self.parks.load(Ordering::Relaxed)
    }
}

/// A map of `words` words with no bucket marked.
fn cleared_map(words: usize) -> Box<[AtomicU64]> {
    (0..words).map(|_| AtomicU64::new(0)).collect()
}

/// Sets or clears `bucket`'s bit in `map`, with a read-modify-write only if it changes.
/// Called under the bucket's mutex, which is the only place its bit is written, so the
/// relaxed load sees the bit's latest value.
fn mark(map: &[AtomicU64], bucket: usize, set: bool) {
    let word = &map[bucket / 64];
    let bit = 1u64 << (bucket % 64);
    if (word.load(Ordering::Relaxed) & bit != 0) == set {
        return;
    }
    // AcqRel: pairs with the Acquire load in `Sleep::claim_from`.
    if set {
        word.fetch_or(bit, Ordering::AcqRel);
    } else {
        word.fetch_and(!bit, Ordering::AcqRel);
    }
}
