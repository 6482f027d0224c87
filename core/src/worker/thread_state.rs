//! A worker: the state one OS thread keeps while it works for a pool, and its queues.
//!
//! Every thread that runs pool work owns one [`WorkerThread`]: its public deque (others steal
//! from it), its private fork stack (`worker/fork.rs`), and which of the pool's N seats it serves
//! (the index `current_thread_index()` reports). What other threads may touch of it is the
//! [`ThreadShared`] it registers with its pool. The thread-local `CURRENT` points at the
//! current thread's `WorkerThread`, if any.
//!
//! Deques belong to threads, not seats: a thread that blocks keeps its deque (still stealable
//! by everyone) while a spare serves its seat, and continues with it at once when it returns
//! (see `blocking/handoff.rs`).
//!
//! A worker also has a current isolated region (`isolate/mod.rs`): while it is in one, the forks
//! it publishes go to its lane for that region (`isolate/lane.rs`) instead of its deque, and its
//! deque keeps only work of no region.

use crate::isolate::lane::{OwnLanes, SharedLanes};
use crate::isolate::region::Region;
use crate::isolate::region::{RegionTag, NO_REGION};
use crate::pool::metrics::ThreadCounters;
use crate::pool::registry::{Registry, Roster, Seat};
use crate::sync::fence::{self, Heavy};
use crate::sync::job::{retry, Fork, JobRef, DETACHED};
use crate::sync::parker::Parker;
use crate::trace::{self, Span};
use crate::worker::fork::{ForkStack, Mark};
use crate::worker::stack::StackMark;
use crossbeam_deque::{Stealer, Worker};
use std::cell::{Cell, RefCell};
use std::ptr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

thread_local! {
    /// The worker of the current thread, or null. Has no destructor, so it can be read
    /// at any point of the thread's exit.
    static CURRENT: Cell<*const WorkerThread> = const { Cell::new(ptr::null()) };
    /// This thread's parking spot (workers, spares and outside threads alike).
    static PARKER: Arc<Parker> = Arc::new(Parker::new());
}

/// The calling thread's parker. Callers keep the `Arc` for as long as a latch may unpark
/// through it. Once `PARKER` is gone (weft called from a thread-local's destructor at the
/// thread's exit) it is a fresh parker of the same thread: any parker of a thread parks on,
/// and is unparked through, the thread's one std park token.
pub(crate) fn current_parker() -> Arc<Parker> {
    PARKER
        .try_with(Arc::clone)
        .unwrap_or_else(|_| Arc::new(Parker::new()))
}

/// What other threads may touch of a worker: registered with its pool while it serves.
#[derive(Debug)]
pub(crate) struct ThreadShared {
    /// Steals from the worker's public deque.
    pub(crate) stealer: Stealer<JobRef>,
    /// The worker's `blocking` state (see `blocking/handoff.rs`).
    pub(crate) blocking: AtomicU64,
    /// The seat the worker serves, for its whole life (read by the monitor that lends it).
    pub(crate) seat: usize,
    /// Counters written by this worker only.
    pub(crate) counters: ThreadCounters,
    /// The worker's forks: pushed and popped by the worker, promoted by it, and stolen by
    /// idle workers as a last resort (see `worker/fork.rs`).
    pub(crate) forks: ForkStack,
    /// The worker's parker: for the latches it waits on, and the one a thief arms a stolen
    /// fork's latch with (`sync/latch.rs`).
    parker: Arc<Parker>,
    /// The worker's lanes for the isolated regions it is in (see `isolate/lane.rs`).
    pub(crate) lanes: SharedLanes,
}

/// A pool's roster (its workers, its regions) as one worker last saw it.
struct View<T> {
    generation: u64,
    list: Arc<[Arc<T>]>,
}

impl<T: Send + Sync> View<T> {
    fn new() -> RefCell<Self> {
        RefCell::new(View {
            generation: u64::MAX,
            list: Arc::new([]),
        })
    }

    /// The roster's list, refreshed if it changed since we last looked. Out of line: one
    /// copy per list type, not one in each of the searches that read the list.
    #[inline(never)]
    fn refresh(&mut self, roster: &Roster<T>) -> &Arc<[Arc<T>]> {
        // Acquire: pairs with the Release increment in `Roster::add` / `remove`, so a fresh
        // list is read whenever one was published.
        let generation = roster.generation();
        if self.generation != generation {
            self.list = roster.snapshot();
            self.generation = generation;
        }
        &self.list
    }
}

/// One thread's state while it works for a pool.
pub(crate) struct WorkerThread {
    deque: Worker<JobRef>,
    shared: Arc<ThreadShared>,
    /// The seat this thread serves, for its whole life (`blocking/cache.rs`).
    seat: usize,
    registry: Arc<Registry>,
    rng: Cell<u64>,
    members: RefCell<View<ThreadShared>>,
    regions: RefCell<View<Region>>,
    /// The isolated region this thread is in, or `NO_REGION` (see `isolate/mod.rs`).
    region: Cell<RegionTag>,
    /// Where this thread publishes forks inside regions (see `isolate/lane.rs`).
    own_lanes: OwnLanes,
    /// Where this thread's stack is half used (see `worker/stack.rs`).
    stack: StackMark,
    /// What this thread saw of each member's fork stack at its last look: the member (its
    /// address) and the mark ([`WorkerThread::age_forks`]).
    fork_marks: RefCell<Vec<(usize, Option<Mark>)>>,
    /// Where this thread stood against the heavy fence's barriers when it last poked as a
    /// taker ([`fence::mark`]): a barrier started after it serves its deep sleep.
    taker_mark: Cell<u64>,
}

/// A job a worker took from outside its own queues ([`WorkerThread::steal`],
/// [`WorkerThread::steal_fork`]), with the region it belongs to.
pub(crate) struct Stolen {
    pub(crate) job: JobRef,
    pub(crate) region: RegionTag,
    /// Where the search found it, which decides how the next search starts.
    pub(crate) origin: Origin,
}

/// Where a search found its job: what the job says about the work left in the pool, which
/// decides how the next search starts (`worker/search.rs`, the search's eager start).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Origin {
    /// A piece of work already running in the pool (from another worker's deque, lanes or
    /// fork stack, or a region's queue): if it ran long, so do the forks of the worker it
    /// came from.
    Piece,
    /// A whole job from outside the pool (the injector): it says nothing about anyone's
    /// forks.
    Whole,
    /// This seat's share of a broadcast: every other seat got its own at the same moment,
    /// so what runs when ours ends is their shares and what they fork.
    Broadcast,
}

impl Stolen {
    fn piece(job: JobRef, region: RegionTag) -> Stolen {
        Stolen {
            job,
            region,
            origin: Origin::Piece,
        }
    }

    fn whole(job: JobRef, origin: Origin) -> Stolen {
        Stolen {
            job,
            region: NO_REGION,
            origin,
        }
    }
}

/// How old the other workers' private forks are, from two looks a doze or more apart
/// ([`WorkerThread::age_forks`]; ordered from the least to the most worth taking).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum ForkAge {
    /// No other worker has a private fork.
    None,
    /// Some have, but each oldest fork is newer than the previous look.
    Young,
    /// Some worker's oldest fork was its oldest at the previous look already.
    Old,
}

impl WorkerThread {
    /// A worker for `registry` that will serve `seat` once it [`enter`](Self::enter)s. Made on
    /// the thread it is for (it measures that thread's stack); `adopted` for a thread weft
    /// did not spawn (`use_current_thread`).
    pub(crate) fn new(registry: Arc<Registry>, seat: usize, adopted: bool) -> Self {
        let deque = if registry.breadth_first() {
            Worker::new_fifo()
        } else {
            Worker::new_lifo()
        };
        let shared = Arc::new(ThreadShared {
            stealer: deque.stealer(),
            blocking: AtomicU64::new(0),
            seat,
            counters: ThreadCounters::default(),
            forks: ForkStack::new(),
            parker: current_parker(),
            lanes: SharedLanes::default(),
        });
        let seed = Arc::as_ptr(&shared) as u64;
        WorkerThread {
            deque,
            shared,
            seat,
            rng: Cell::new(0x9E37_79B9_7F4A_7C15 ^ seed.wrapping_mul(0xA24B_AED4_963E_E407)),
            members: View::new(),
            regions: View::new(),
            region: Cell::new(NO_REGION),
            stack: StackMark::of_current_thread(registry.stack_size(), adopted),
            // Made last of what may unwind, so that no unwinding path here drops it: its drop
            // code is compiled once, in the worker's.
            own_lanes: OwnLanes::new(registry.breadth_first()),
            fork_marks: RefCell::new(Vec::new()),
            taker_mark: Cell::new(0),
            registry,
        }
    }

    /// The current thread's worker, if it has one.
    #[inline]
    pub(crate) fn current_ref<'a>() -> Option<&'a WorkerThread> {
        let ptr = CURRENT.with(Cell::get);
        // SAFETY: a non-null CURRENT points to the `WorkerThread` this thread owns; it is
        // cleared (`leave`) before that value is dropped, and only this thread reads it.
        unsafe { ptr.as_ref() }
    }

    /// Registers with the pool and becomes the current thread's worker.
    ///
    /// The worker must not move until [`leave`](Self::leave) (CURRENT points at it).
    pub(crate) fn enter(&self) {
        debug_assert!(CURRENT.with(Cell::get).is_null(), "thread already a worker");
        self.registry.members.add(self.shared.clone());
        // A taker that read the members before we were added did not poke our stack; we see
        // it counted (the fence pairs with the one in `start_taking`), and poke it ourselves.
        std::sync::atomic::fence(Ordering::SeqCst);
        if self.registry.sleep.forks_wanted() {
            self.shared.forks.poke();
        }
        CURRENT.with(|c| c.set(self));
        trace::enter_seat(Arc::as_ptr(&self.registry) as usize, self.seat);
    }

    /// Stops being the current thread's worker and unregisters. Jobs left on the public deque
    /// move to the injector, so that none is stranded.
    pub(crate) fn leave(&self) {
        debug_assert!(
            self.shared.forks.is_empty(),
            "a worker left with private forks"
        );
        let mut moved = false;
        while let Some(job) = self.deque.pop() {
            self.registry.injector().push(job);
            moved = true;
        }
        self.registry.members.remove(&self.shared);
        CURRENT.with(|c| c.set(ptr::null()));
        if moved {
            self.registry.sleep.new_work();
        }
    }

    /// Makes this worker current again without registering (exit handlers: the thread is
    /// still this pool's worker to user code while the handler runs).
    pub(crate) fn with_current<R>(&self, f: impl FnOnce() -> R) -> R {
        CURRENT.with(|c| c.set(self));
        let result = f();
        CURRENT.with(|c| c.set(ptr::null()));
        result
    }

    #[inline]
    pub(crate) fn registry(&self) -> &Arc<Registry> {
        &self.registry
    }

    /// The seat this worker serves: what `current_thread_index()` reports.
    #[inline]
    pub(crate) fn index(&self) -> usize {
        self.seat
    }

    #[inline]
    pub(crate) fn seat(&self) -> &Seat {
        self.registry.seat(self.seat)
    }

    #[inline]
    pub(crate) fn shared(&self) -> &ThreadShared {
        &self.shared
    }

    /// Whether this worker is inside a `blocking` call (only it stores anything but `LENT`).
    #[inline]
    pub(crate) fn in_blocking(&self) -> bool {
        self.shared.blocking.load(Ordering::Relaxed) != crate::blocking::handoff::RUNNING
    }

    /// Whether this thread's stack is more than half used at the caller's frame: then a wait
    /// takes no work (see `worker/stack.rs`).
    #[inline]
    pub(crate) fn stack_passed(&self) -> bool {
        self.stack.is_passed()
    }

    /// Whether `address` lies in a frame enclosing the caller's on this thread's stack.
    pub(crate) fn stack_encloses(&self, address: usize) -> bool {
        self.stack.encloses(address)
    }

    /// The isolated region this thread is in, if any.
    #[inline]
    pub(crate) fn region(&self) -> Option<&Region> {
        // SAFETY: a tag other than `NO_REGION` is the address of a live region: the thread
        // is inside that region's `isolate` call, or runs one of its jobs, which end before
        // the call does (`isolate/mod.rs`).
        unsafe { (self.region.get() as *const Region).as_ref() }
    }

    /// Makes `region` (not `NO_REGION`) this thread's current region and returns the
    /// previous one, for [`leave_region`](Self::leave_region). The fork stack must be empty:
    /// its forks all belong to the current region (`worker/fork.rs`).
    pub(crate) fn enter_region(&self, region: RegionTag) -> RegionTag {
        self.shared.forks.set_region(region);
        self.own_lanes.enter(region);
        self.region.replace(region)
    }

    /// Leaves the region [`enter_region`](Self::enter_region) entered, back to `outer`. The
    /// fork stack is empty again, and so is the region's lane (`isolate/lane.rs`).
    pub(crate) fn leave_region(&self, outer: RegionTag) {
        self.own_lanes.leave(&self.shared.lanes);
        self.shared.forks.set_region(outer);
        self.region.set(outer);
    }

    /// The worker's parker (as `Arc::as_ptr`), for latches this worker waits on.
    #[inline]
    pub(crate) fn parker(&self) -> *const Parker {
        Arc::as_ptr(&self.shared.parker)
    }

    /// The worker's parker, for its sleeps: borrowed, where `current_parker` would clone
    /// (and later drop) the thread's `Arc` at every sleep.
    pub(crate) fn own_parker(&self) -> &Arc<Parker> {
        &self.shared.parker
    }

    // ---- forks (see `worker/fork.rs`) ----

    /// Keeps a join's second half private; returns its position for
    /// [`pop_fork`](Self::pop_fork). Looks at the pool only when the fork stack says so (it is
    /// nearly full, or a taker poked it, or fences are real: `worker/fork.rs`).
    #[inline]
    pub(crate) fn push_fork(&self, fork: Fork) -> usize {
        let (pos, look) = self.shared.forks.push(fork.job());
        if look {
            self.after_fork_slow();
        }
        pos
    }

    /// The slow end of a fork: the real fence where one is needed (the owner's side of rule
    /// "forks vs. takers" then, `sleep/README.md`), room for the next fork, and the look at
    /// the sleep counters that decides whether to promote and whether the stack stays poked.
    #[cold]
    fn after_fork_slow(&self) {
        let forks = &self.shared.forks;
        forks.adapt_fences();
        forks.light_fence();
        while !forks.has_room() {
            if !self.promote_oldest() {
                // A thief's failing claim made the stack look full for a moment.
                std::hint::spin_loop();
            }
        }
        if forks.look(&self.registry.sleep) {
            self.offer_oldest();
        }
    }

    /// This worker starts taking forks (`worker/search.rs`: a searcher back from its doze; an idle
    /// waiter in an isolated region): it counts itself a taker, then pokes every other
    /// worker's fork stack, so that their next fork looks at the pool and publishes its
    /// oldest sibling (`worker/fork.rs`). The fence: a worker registering meanwhile either is seen
    /// here or sees this taker counted, and pokes itself (`enter`). Then it notes where it
    /// stands against the heavy fence's barriers, after the pokes (`sync/fence.rs`: sharing).
    pub(crate) fn start_taking(&self) {
        self.registry.sleep.start_taking();
        std::sync::atomic::fence(Ordering::SeqCst);
        self.with_members(|members| {
            for m in members.iter().filter(|m| !Arc::ptr_eq(m, &self.shared)) {
                m.forks.poke();
            }
        });
        self.taker_mark.set(fence::mark());
    }

    /// A worker takes forks (a searcher back from its doze, or a waiter in an isolated
    /// region): publishes the oldest private fork, unless one of ours is published already.
    /// One at a time is enough for a thief, and a woken sleeper that has not run yet must not
    /// make every fork promote.
    /// (If a sleeper sees that published fork instead of this one, it takes that.)
    fn offer_oldest(&self) {
        let nothing_published = if self.region.get() == NO_REGION {
            self.deque.is_empty()
        } else {
            self.own_lanes.is_empty()
        };
        if nothing_published {
            self.promote_oldest();
        }
    }

    /// Ends the join that pushed at `pos`: true if its job is still private (the caller runs
    /// it inline), false if it was published.
    #[inline]
    pub(crate) fn pop_fork(&self, pos: usize) -> bool {
        self.shared.forks.pop_if_private(pos)
    }

    /// Publishes the oldest private job and wakes a sleeper for it if nobody searches; false
    /// if there was none.
    #[cold]
    fn promote_oldest(&self) -> bool {
        let promoted = self.publish_oldest();
        if promoted {
            self.announce_published();
        }
        promoted
    }

    /// Publishes the oldest private job, unannounced; false if there was none. One copy for
    /// both callers, `promote_oldest` and `publish_forks_cold`.
    #[inline(never)]
    fn publish_oldest(&self) -> bool {
        self.shared.forks.promote_oldest(|job| self.publish(job))
    }

    /// Puts a fork of this thread, just off its fork stack, where others can take it: its
    /// deque, or its lane inside a region (`isolate/lane.rs`), its latch armed first. The caller
    /// then announces it.
    #[inline]
    fn publish(&self, job: JobRef) {
        // SAFETY: the job came off our fork stack, where only forks go, and has not run; it is
        // not published yet, so nobody else reaches its latch.
        unsafe { Fork::from_job(job).arm(self.parker()) };
        match self.region() {
            None => self.deque.push(job),
            Some(_) => (crate::isolate::paths().push_lane)(self, job),
        }
        self.shared.counters.promoted();
    }

    /// Wakes whoever can take the forks just published, unless someone searches.
    fn announce_published(&self) {
        match self.region() {
            None => self.registry.sleep.new_work(),
            Some(region) => region.new_work(&self.registry.sleep),
        }
    }

    /// Publishes every private job: before this thread waits, blocks, spawns or yields, so
    /// that no job is stranded behind it.
    #[inline]
    pub(crate) fn publish_forks(&self) {
        if !self.shared.forks.is_empty() {
            self.publish_forks_cold();
        }
    }

    #[cold]
    fn publish_forks_cold(&self) {
        while self.publish_oldest() {}
        self.announce_published();
    }

    // ---- the public deque ----

    /// Pushes a job of no region that others may steal (a spawn), after every private fork
    /// so that the order of local jobs is the order they were made in; wakes a sleeper, or a
    /// dozer, if nobody searches awake (`Sleep::new_job`).
    pub(crate) fn push(&self, job: JobRef) {
        self.publish_forks();
        self.deque.push(job);
        self.registry.sleep.new_job();
    }

    /// Pushes a job on this seat's FIFO lane (`spawn_fifo`).
    pub(crate) fn push_fifo(&self, job: JobRef) {
        // SAFETY: the lane lives in the registry, which outlives every job of the pool.
        let lane = unsafe { self.seat().fifo.push(job, DETACHED) };
        self.push(lane);
    }

    /// Pops the most recently published job of this worker's deque (work of no region).
    #[inline]
    pub(crate) fn take_local_job(&self) -> Option<JobRef> {
        let job = self.deque.pop()?;
        self.took_back();
        Some(job)
    }

    /// How many jobs this worker's deque holds.
    pub(crate) fn local_jobs(&self) -> usize {
        self.deque.len()
    }

    /// Puts a job just popped from this worker's deque back on top, unrun (a wait past the
    /// stack mark that found an enclosing frame's job: `worker/wait.rs`).
    pub(crate) fn put_back_local(&self, job: JobRef) {
        self.deque.push(job);
    }

    /// Puts a job just popped from this worker's lane back on top, unrun (as above).
    pub(crate) fn put_back_lane(&self, job: JobRef) {
        (crate::isolate::paths().push_lane)(self, job);
    }

    /// Pushes `job` on this worker's lane for its current region (`isolate/lane.rs`; reached
    /// through `isolate::paths`).
    pub(crate) fn push_lane_now(&self, job: JobRef) {
        self.own_lanes.push(&self.shared.lanes, job);
    }

    /// Pops the most recently published fork of this worker's lane for its current region.
    #[inline]
    pub(crate) fn take_lane_job(&self) -> Option<JobRef> {
        let job = self.own_lanes.pop()?;
        self.took_back();
        Some(job)
    }

    /// This worker got back a job it had published, which may be the fork its stack offered
    /// a lone taker before settling (`ForkStack::look`): the taker missed it, and may be
    /// asleep by now, so the owner's next fork must look at the pool again. Without this,
    /// forks made after the settle stayed private beside a sleeping taker, and a join whose
    /// `a` waits for its `b` outside weft hung (`tests/lazy_fork.rs`,
    /// `a_join_after_a_taken_back_offer_is_still_seen`; rule "pokes persist",
    /// `sleep/README.md`).
    #[inline]
    fn took_back(&self) {
        self.shared.forks.poke();
    }

    /// Takes a job of `region` (this worker's current one): from its own lane, the region's
    /// queue (scope tasks), or another worker's lane for the region.
    pub(crate) fn take_region_job(&self, region: &Region) -> Option<JobRef> {
        if let Some(job) = self.take_lane_job().or_else(|| region.take()) {
            return Some(job);
        }
        let tag = region.tag();
        let (job, _) = self.with_members(|members| {
            members
                .iter()
                .filter(|m| !Arc::ptr_eq(m, &self.shared))
                .find_map(|m| m.lanes.steal(Some(tag)))
        })?;
        self.shared.counters.stolen();
        Some(job)
    }

    /// Whether a job of `region` is queued anywhere (re-checked by the region's sleepers
    /// after their sleep fence).
    pub(crate) fn region_has_work(&self, region: &Region) -> bool {
        let tag = region.tag();
        region.has_work()
            || self.with_members(|members| members.iter().any(|m| m.lanes.has_work(Some(tag))))
    }

    /// Whether this worker has jobs of its own queued (private, on its deque, or on its lane
    /// for its current region).
    pub(crate) fn has_local_work(&self) -> bool {
        !self.shared.forks.is_empty() || !self.deque.is_empty() || !self.own_lanes.is_empty()
    }

    /// Runs a job taken from a queue of this worker's current region. Its trace slice begins
    /// here and is ended by the job itself, before it publishes its result (`sync/job.rs`).
    ///
    /// # Safety
    ///
    /// The job must be live and not yet executed.
    #[inline]
    pub(crate) unsafe fn execute(&self, job: JobRef) {
        self.shared.counters.job_executed();
        trace::begin(Span::Job);
        // SAFETY: forwarded to the caller.
        unsafe { job.execute() };
    }

    /// Runs a job of `region`, in that region (`isolate/mod.rs`). Only between jobs: the fork
    /// stack is empty.
    ///
    /// # Safety
    ///
    /// The job must be live and not yet executed.
    pub(crate) unsafe fn execute_in(&self, job: JobRef, region: RegionTag) {
        if region == self.region.get() {
            // SAFETY: forwarded to the caller.
            return unsafe { self.execute(job) };
        }
        // SAFETY: forwarded to the caller.
        unsafe { (crate::isolate::paths().execute_in)(self, job, region) }
    }

    /// [`execute_in`](Self::execute_in) for a job of another region than this worker's
    /// (reached through `isolate::paths`).
    ///
    /// # Safety
    ///
    /// As for `execute_in`.
    pub(crate) unsafe fn execute_in_region(&self, job: JobRef, region: RegionTag) {
        let outer = self.enter_region(region);
        // SAFETY: forwarded to the caller. A job does not unwind (it holds its own panics,
        // or aborts), so the region is always left.
        unsafe { self.execute(job) };
        self.leave_region(outer);
    }

    fn next_random(&self) -> usize {
        // xorshift64*
        let mut x = self.rng.get();
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.rng.set(x);
        (x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as usize
    }

    /// The pool's registered workers, refreshed when registration changed.
    fn with_members<R>(&self, f: impl FnOnce(&[Arc<ThreadShared>]) -> R) -> R {
        // Borrowed, not cloned: a clone of the list's `Arc` per steal would be a contended
        // read-modify-write on its count, shared by every searching worker.
        f(self
            .members
            .borrow_mut()
            .refresh(&self.registry.members.roster))
    }

    /// Runs `f` on the pool's isolated regions in progress, refreshed when they changed.
    fn with_regions<R>(&self, f: impl FnOnce(&[Arc<Region>]) -> R) -> R {
        f(self.regions.borrow_mut().refresh(&self.registry.regions))
    }

    /// Takes a job from somewhere other than this worker's own queues, with the region it
    /// belongs to: the seat's broadcast lane, another worker's deque (random start), another
    /// worker's lanes, the queues of the pool's isolated regions, then the injector. For a
    /// worker in no region (one inside a region takes only its region's jobs: `worker/wait.rs`).
    /// [`Stolen::origin`] says which of these it was.
    pub(crate) fn steal(&self) -> Option<Stolen> {
        debug_assert!(
            self.region().is_none(),
            "an isolated worker stealing at large"
        );
        if let Some(job) = retry(|| self.seat().broadcasts.steal()) {
            return Some(Stolen::whole(job, Origin::Broadcast));
        }
        let from_members = self.with_members(|members| {
            let n = members.len();
            if n < 2 {
                return None;
            }
            let start = self.next_random() % n;
            members[start..]
                .iter()
                .chain(&members[..start])
                // An empty deque is passed over on two loads: a steal pins crossbeam's
                // epoch, and every so many pins walk the list of all its threads.
                .filter(|other| !Arc::ptr_eq(other, &self.shared) && !other.stealer.is_empty())
                .find_map(|other| retry(|| other.stealer.steal()).map(|job| (job, NO_REGION)))
                .or_else(|| members.iter().find_map(|m| m.lanes.steal(None)))
        });
        if let Some((job, region)) = from_members {
            self.shared.counters.stolen();
            return Some(Stolen::piece(job, region));
        }
        let from_region = self.with_regions(|regions| {
            regions
                .iter()
                .find_map(|region| Some((region.take()?, region.tag())))
        });
        if let Some((job, region)) = from_region {
            self.shared.counters.stolen();
            return Some(Stolen::piece(job, region));
        }
        let injector = self.registry.injector();
        if injector.is_empty() {
            return None;
        }
        retry(|| injector.steal_batch_and_pop(&self.deque))
            .map(|job| Stolen::whole(job, Origin::Whole))
    }

    /// A taker's fence before it sleeps until woken (`worker/search.rs`): [`Heavy::Settled`] if
    /// its next look at the fork stacks is reliable; [`Heavy::NotYet`] if takers spent their
    /// barriers for now (it re-checks on a timer until the next is due); [`Heavy::Refused`]
    /// if it must re-check on a timer instead (`sync/fence.rs`: refusal). The thread that
    /// finds the refusal wakes every sleeper, so that each switches its own stack back here
    /// before it sleeps deeply again; this worker's own stack is empty of private forks (it
    /// published them before it waited) and switches at once, and the others' next forks
    /// take their slow paths.
    pub(crate) fn fence_before_deep_sleep(&self) -> Heavy {
        let refused_before = fence::state() == fence::REFUSED;
        if refused_before {
            self.shared.forks.use_real_fences();
        }
        let heavy = fence::heavy(self.taker_mark.get(), || {
            self.with_members(|members| {
                members
                    .iter()
                    .all(|m| Arc::ptr_eq(m, &self.shared) || m.forks.is_idle_owner())
            })
        });
        if heavy == Heavy::Refused && !refused_before {
            self.shared.forks.use_real_fences();
            // Every owner's next fork takes its slow path, where it switches.
            self.with_members(|members| members.iter().for_each(|m| m.forks.poke()));
            self.registry.sleep.wake_all();
        }
        heavy
    }

    /// Takes the oldest fork of another worker that keeps it private, with its region (a
    /// cold steal, with a heavy fence: for a worker about to sleep; see `worker/fork.rs`).
    /// With `only_old`, only a fork that was already the oldest of its stack at this worker's
    /// previous look ([`age_forks`](Self::age_forks), or this call's): its owner has not come
    /// back to it since (blocked, or in a long leaf), where one that forks publishes anyway.
    pub(crate) fn steal_fork(&self, only_old: bool) -> Option<Stolen> {
        let mut marks = self.fork_marks.borrow_mut();
        let found = self.with_members(|members| {
            marks.resize(members.len(), (0, None));
            members
                .iter()
                .zip(marks.iter_mut())
                .filter(|(m, _)| !Arc::ptr_eq(m, &self.shared))
                .find_map(|(m, seen)| {
                    if only_old {
                        let now = (Arc::as_ptr(m) as usize, m.forks.mark());
                        let old = now.1.is_some() && *seen == now;
                        *seen = now;
                        if !old {
                            return None;
                        }
                    }
                    m.forks.steal(
                        || m.stealer.is_empty() && !m.lanes.has_work(None),
                        // SAFETY: only forks go on a fork stack; this one was just claimed,
                        // under the stack's lock, and has not run.
                        |job| unsafe { Fork::from_job(job).arm(Arc::as_ptr(&m.parker)) },
                    )
                })
        })?;
        self.shared.counters.stolen();
        Some(Stolen::piece(found.0, found.1))
    }

    /// Looks at every other worker's fork stack and says how old the oldest private forks
    /// are since the previous call ([`ForkAge`]); remembers what it saw for the next call. A
    /// hint (`ForkStack::mark`), for the search's choice of when to take forks (`worker/wait.rs`).
    pub(crate) fn age_forks(&self) -> ForkAge {
        let mut marks = self.fork_marks.borrow_mut();
        self.with_members(|members| {
            marks.resize(members.len(), (0, None));
            let mut age = ForkAge::None;
            for (m, seen) in members.iter().zip(marks.iter_mut()) {
                if Arc::ptr_eq(m, &self.shared) {
                    continue;
                }
                let key = Arc::as_ptr(m) as usize;
                let now = m.forks.mark();
                if now.is_some() {
                    let same = *seen == (key, now);
                    age = age.max(if same { ForkAge::Old } else { ForkAge::Young });
                }
                *seen = (key, now);
            }
            age
        })
    }

    /// Whether every worker of the pool is idle (searching, dozing or asleep) and none holds
    /// a private fork: nobody runs who could fork or spawn. A hint for the search's choice of
    /// how to wait (`worker/wait.rs`), read without ordering against anything: a wrong answer costs
    /// a timed wake-up, or skips one before a heavy fence that settles the race anyway.
    pub(crate) fn pool_idle(&self) -> bool {
        let idle = self.registry.sleep.idle_workers() as usize;
        self.with_members(|members| {
            idle >= members.len() && members.iter().all(|m| m.forks.is_empty())
        })
    }

    /// Whether any queue this worker could take from holds a job (re-checked before
    /// sleeping, after the sleep fence): its seat's broadcasts, the injector, every worker's
    /// deque and lanes, every isolated region's queue, and with `forks` every other worker's
    /// private forks.
    pub(crate) fn work_visible(&self, forks: bool) -> bool {
        !self.seat().broadcasts.is_empty()
            || !self.registry.injector().is_empty()
            || self.with_members(|members| {
                members.iter().any(|m| {
                    !m.stealer.is_empty()
                        || m.lanes.has_work(None)
                        || (forks && !Arc::ptr_eq(m, &self.shared) && !m.forks.is_empty())
                })
            })
            || self.with_regions(|regions| regions.iter().any(|r| r.has_work()))
    }
}
