//! How a worker waits: it runs other work until what it waits for has happened, then searches
//! for a few microseconds, dozes, asks for forks, and sleeps (see `search`, and
//! `sleep/README.md` for who wakes it).
//!
//! A worker waits in three places: a join whose second half was stolen, a scope or broadcast
//! whose tasks still run, a job injected into another pool (`Until::Latch`); and its top level,
//! between jobs (`Until::TopLevel`), which ends when the pool terminates or when this thread is
//! one too many for its seat and steps aside (see `blocking/handoff.rs`). Before any wait the worker
//! publishes its private forks, so that the work it cannot get to is stealable.
//!
//! # What a waiting worker runs
//!
//! A wait for a latch runs, in this order of precedence:
//!
//! 1. **Past the stack mark** (more than half the thread's stack in use, `worker/stack.rs`): only
//!    what the wait itself waits for, in the order the sequential program would run it on
//!    this stack: the tasks of its own scope (jobs whose owner is its latch, `sync/job.rs`: each
//!    runs where the scope's body would have run it), its own join's other half (taken back
//!    by [`take_back`](WorkerThread::take_back)), and, outside a region, its seat's
//!    broadcasts, which no other thread may run. It looks for them on its own queues only:
//!    its deque, or inside a region its lane and the region's queue; other jobs met there are
//!    handed on to the pool, never run here. With none left it parks until its latch is set
//!    or a broadcast for its seat arrives. It keeps its seat: a wait never depends on a
//!    spare thread, so it completes where no thread can be spawned.
//! 2. **Inside an isolated region** (`isolate/mod.rs`): only the region's jobs (its own lane for
//!    the region first, then the region's queue, then other workers' lanes for the region);
//!    with none left it sleeps on the region's waiters' list, keeping its seat.
//! 3. **Otherwise**: anything of its own pool: its deque, its seat's broadcasts, other
//!    workers' deques and lanes, the regions' queues (each job run in its region), the
//!    injector, and as a last resort another worker's private forks.
//!
//! A worker waiting on **another pool** (`install`, `scope`, `broadcast` across pools) waits
//! the same way: while its stack is below the mark it runs work of its own pool (of its
//! region, inside `isolate`), and past the mark only its seat's broadcasts (the work it waits
//! for runs in the other pool). So a wait never piles unrelated work onto a stack past the
//! mark (rayon#751), and a wait inside `isolate` never runs work from outside.
//!
//! The top-level loop is always 3: it has the whole stack, and no region.

use crate::isolate::region::Region;
use crate::sync::backoff::Backoff;
use crate::sync::fence;
use crate::sync::job::retry;
use crate::sync::job::{JobRef, Owner, DETACHED, NO_OWNER};
use crate::sync::latch::CoreLatch;
use crate::worker::thread_state::{current_parker, ForkAge, Stolen, WorkerThread};
use std::time::{Duration, Instant};

/// How long a worker that found no public work dozes before it asks for forks (see
/// `search`): the least time between two of its requests.
const DOZE: Duration = Duration::from_micros(100);

/// How long a taker's first sleep lasts before it issues the heavy fence that settles a race
/// with a fork it may have missed (see `search`).
const RECHECK_AFTER: Duration = Duration::from_millis(1);

/// Where a search stands once its spinning is spent (see `search`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Not yet dozed.
    Awake,
    /// Dozed, not yet a taker.
    Dozed,
    /// A taker, not yet fenced.
    Taking,
    /// A taker that issued the heavy fence.
    Fenced,
}

/// What a wait past the stack mark does with a job on top of its own queue (rule 1 of the
/// module docs). The jobs below it were made by frames that enclose the wait, so the look
/// stops at the first job such a frame will take back.
enum Deep {
    /// A task of the wait's own scope; or of a scope another thread waits for, made here by
    /// one of its tasks (no frame of this thread will take it back, and its waiter may be
    /// past its own mark, taking nothing from others): run it.
    Run,
    /// Detached work, which no frame waits for: hand it to the pool.
    HandOn,
    /// An enclosing frame's work (a join's other half, a task of an enclosing scope): leave
    /// it where that frame will find it, and look no further.
    Keep,
}

/// What a worker's loop waits for.
#[derive(Clone, Copy)]
enum Until<'a> {
    /// A latch (a join's stolen half, a scope, a broadcast, a cross-pool job).
    Latch(&'a CoreLatch),
    /// The top level: termination, or stepping aside.
    TopLevel,
}

/// Why a thread left its top-level loop.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Exit {
    /// The pool is shutting down.
    Terminate,
    /// This thread is surplus for its seat: it goes to the spare cache.
    StepAside,
}

impl WorkerThread {
    /// Runs other work until `latch` is set: local jobs, stolen jobs, and when none is left,
    /// a short search and then sleep.
    #[inline]
    pub(crate) fn wait_until(&self, latch: &CoreLatch) {
        if !latch.probe() {
            self.wait_until_cold(Until::Latch(latch));
        }
    }

    /// The thread's top-level loop: runs jobs until the pool terminates or the thread steps
    /// aside.
    pub(crate) fn run_top_level(&self) -> Exit {
        self.wait_until_cold(Until::TopLevel);
        if self.registry().terminating() {
            Exit::Terminate
        } else {
            Exit::StepAside
        }
    }

    /// Whether the loop waiting for `until` should return.
    fn done(&self, until: Until<'_>) -> bool {
        match until {
            Until::Latch(latch) => latch.probe(),
            Until::TopLevel => self.registry().terminating() || self.seat().take_surplus(),
        }
    }

    #[cold]
    fn wait_until_cold(&self, until: Until<'_>) {
        self.publish_forks();
        if let Until::Latch(latch) = until {
            if self.stack_passed() {
                return self.wait_deep(latch);
            }
            if let Some(region) = self.region() {
                return self.wait_isolated(region, latch);
            }
        }
        let sleep = &self.registry().sleep;
        // Whether the last job this loop found by searching was a piece of another worker's
        // work that ran a doze or longer: then forks here are worth taking at once, and the
        // next search skips the doze (see `search`).
        let mut eager = false;
        // When this loop's searching last went past its spinning (after the doze or sleep, if
        // any): whether the work since then lasted a doze or longer decides how an idle pool
        // waits (see `search`).
        let mut awake_since = None;
        loop {
            if self.done(until) {
                return;
            }
            if let Some(job) = self.take_local_job() {
                // SAFETY: jobs in our deque are live and run once.
                unsafe { self.execute(job) };
                continue;
            }
            sleep.start_searching();
            let found = self.search(until, eager, &mut awake_since);
            if sleep.stop_searching() {
                // We were the last searcher: if more work waits, pass the search on.
                sleep.wake_one_if(|| self.work_visible(true));
            }
            match found {
                Some(Stolen { job, region, piece }) => {
                    let start = piece.then(Instant::now);
                    // SAFETY: a stolen job is live and runs once.
                    unsafe { self.execute_in(job, region) };
                    eager = start.is_some_and(|start| start.elapsed() >= DOZE);
                }
                None => return,
            }
        }
    }

    /// Rule 1 of the module docs: past the stack mark, runs only what this wait itself waits
    /// for, and parks until `latch` is set or its seat gets a broadcast.
    fn wait_deep(&self, latch: &CoreLatch) {
        let owner = latch as *const CoreLatch as Owner;
        let parker = current_parker();
        loop {
            if latch.probe() {
                return;
            }
            if let Some(job) = self.take_own_job(owner) {
                // SAFETY: a job of this wait's, or of its seat's, taken from a queue: live,
                // and it runs once.
                unsafe { self.execute(job) };
                continue;
            }
            // Broadcasts for the seat wake a worker waiting here (`Seat::listen`); its
            // latch's setter does too. Outside a region only: a region's wait runs none.
            let seat = self.seat();
            let listening = self.region().is_none();
            if listening {
                seat.listen(&parker);
            }
            if !(listening && seat.has_broadcast()) && latch.get_sleepy() {
                parker.park();
            }
            if listening {
                seat.unlisten(&parker);
            }
        }
    }

    /// A job for a wait past the stack mark (rule 1) whose latch is at `owner`: a task of its
    /// own scope, from this worker's own queues — its deque, or inside a region its lane and
    /// the region's queue — or, outside a region, one of its seat's broadcasts, which no other
    /// thread may run. The deque's top is looked at as [`Deep`] says; the region's queue is
    /// looked through once, its other jobs put back.
    fn take_own_job(&self, owner: Owner) -> Option<JobRef> {
        let Some(region) = self.region() else {
            if let Some(job) = retry(|| self.seat().broadcasts.steal()) {
                return Some(job);
            }
            // A breadth-first pool's deque pops its oldest job first: there the look goes
            // once round the whole deque, keeping the enclosing frames' jobs in their order.
            let fifo = self.registry().breadth_first();
            for _ in 0..self.local_jobs() {
                let job = self.take_local_job()?;
                match self.deep_verdict(&job, owner) {
                    Deep::Run => return Some(job),
                    Deep::HandOn => {
                        self.registry().inject(job);
                    }
                    Deep::Keep => {
                        self.put_back_local(job);
                        if !fifo {
                            return None;
                        }
                    }
                }
            }
            return None;
        };
        if let Some(job) = self.take_lane_job() {
            match self.deep_verdict(&job, owner) {
                Deep::Run => return Some(job),
                Deep::HandOn => region.push(job, &self.registry().sleep),
                Deep::Keep => self.put_back_lane(job),
            }
        }
        for _ in 0..region.queued() {
            let job = region.take()?;
            // SAFETY: just taken: live and not yet run.
            if unsafe { job.owner() } == owner {
                return Some(job);
            }
            region.put_back(job);
        }
        None
    }

    /// What a wait past the stack mark whose latch is at `owner` does with a job it popped
    /// from its own queue (rule 1 of the module docs).
    fn deep_verdict(&self, job: &JobRef, owner: Owner) -> Deep {
        // SAFETY: just popped: live and not yet run.
        match unsafe { job.owner() } {
            mine if mine == owner => Deep::Run,
            DETACHED => Deep::HandOn,
            NO_OWNER => Deep::Keep,
            enclosing if self.stack_encloses(enclosing) => Deep::Keep,
            _ => Deep::Run,
        }
    }

    /// Rule 2 of the module docs: runs `region`'s jobs until `latch` is set; with none
    /// left, searches the region's queue, then sleeps among the region's waiters (the
    /// protocol and why no wake-up is lost: `isolate/mod.rs`).
    fn wait_isolated(&self, region: &Region, latch: &CoreLatch) {
        loop {
            if latch.probe() {
                return;
            }
            if let Some(job) = self.take_region_job(region) {
                // SAFETY: a job of our region is live and runs once.
                unsafe { self.execute(job) };
                continue;
            }
            let pool = &self.registry().sleep;
            region.sleep.start_searching();
            self.start_taking();
            let found = self.search_region(region, latch);
            pool.stop_taking();
            if region.sleep.stop_searching() {
                // We were the region's last searcher: pass the search on if work waits.
                region.sleep.wake_one_if(|| self.region_has_work(region));
            }
            match found {
                // SAFETY: as above.
                Some(job) => unsafe { self.execute(job) },
                None => return,
            }
        }
    }

    /// Searches `region`'s jobs (the caller counts as the region's searcher) until one turns
    /// up or `latch` is set, sleeping among the region's waiters once its backoff is spent.
    fn search_region(&self, region: &Region, latch: &CoreLatch) -> Option<JobRef> {
        let mut backoff = Backoff::new();
        loop {
            if latch.probe() {
                return None;
            }
            if let Some(job) = self.take_region_job(region) {
                return Some(job);
            }
            if backoff.spin() {
                continue;
            }
            let parker = current_parker();
            region.sleep.sleep(self.index(), &parker, None, || {
                !self.region_has_work(region) && latch.get_sleepy()
            });
            backoff.reset();
        }
    }

    /// After a join's second half (`half`) was published: runs jobs of this worker's own
    /// queue until that half comes back (true: the caller runs it inline) or the queue is
    /// empty or `latch` set (false: the caller waits for the latch).
    ///
    /// The own queue is the deque, or the lane inside a region (`isolate/lane.rs`). Past the stack
    /// mark, other jobs met there are not run but handed on: to the pool's injector from the
    /// deque, or to the region's queue from the lane.
    pub(crate) fn take_back(&self, half: JobRef, latch: &CoreLatch) -> bool {
        let id = half.id();
        let passed = self.stack_passed();
        let region = self.region();
        while !latch.probe() {
            let job = match region {
                None => self.take_local_job(),
                Some(_) => self.take_lane_job(),
            };
            let Some(job) = job else {
                return false;
            };
            if job.id() == id {
                return true;
            }
            // Past the mark, only jobs no enclosing frame takes back run here: those of a
            // scope another thread waits for (rule 1; nothing of an enclosing frame lies
            // above this join's half).
            let owner = latch as *const CoreLatch as Owner;
            if passed && !matches!(self.deep_verdict(&job, owner), Deep::Run) {
                match region {
                    None => {
                        self.registry().inject(job);
                    }
                    Some(region) => region.push(job, &self.registry().sleep),
                }
                continue;
            }
            // SAFETY: a job from our own deque or lane is live and runs once.
            unsafe { self.execute(job) };
        }
        false
    }

    /// Searches (the caller counts as searching) until a job turns up or `until` is done.
    /// Each phase first spins on the public queues with backoff, then:
    ///
    /// 1. [`Phase::Awake`]: a *doze*, a sleep of at most [`DOZE`], during which owners keep
    ///    their forks private (the re-check ignores them). The dozer stays counted as
    ///    searching, so forks and moved work meanwhile wake nobody; a spawn or an injection
    ///    may wake it (`sleep/README.md`, rule "dozers count as searching"). No doze, and
    ///    straight to 3, when this worker worked a doze or longer since its search last went
    ///    past its spinning (`ran_long`, from `awake_since`) and the pool is idle
    ///    (`pool_idle`: every worker searches, dozes or sleeps, and no fork exists): nobody
    ///    runs whose forks could age, and the work here was long enough to share. The
    ///    length of that work keeps a pool dozing between the short calls of a caller
    ///    outside it (a 2,000-element sum every 50 µs): a taker there would have every
    ///    call's fork published and a sleeper woken for a microsecond of work.
    /// 2. [`Phase::Dozed`]: if other workers have private forks but each one's oldest fork
    ///    is newer than the doze (`age_forks`, which looked before the doze and looks again
    ///    now), a *rest*, twice as long as the last (at least two dozes, at most
    ///    [`RECHECK_AFTER`]), and back to 1: the next judgement again takes two looks one
    ///    doze apart, so the age that makes a fork worth taking stays one doze however long
    ///    the worker rested. Otherwise (a fork as old as the doze, or no fork anywhere) the
    ///    worker becomes a *taker* (`Sleep::start_taking`): an owner publishes its oldest fork
    ///    at its next fork.
    /// 3. [`Phase::Taking`]: a cold steal of a busy worker's oldest fork (for an owner that
    ///    does not fork again, blocked or in a long leaf), then a sleep of at most
    ///    [`RECHECK_AFTER`]: an owner that forked just as we became a taker may have missed
    ///    us (its look at the counters is relaxed), and we may have missed its fork. After
    ///    that sleep a heavy fence settles it (`sleep/README.md`, rule "forks vs. takers").
    ///    If the pool is idle and `ran_long`, the heavy fence comes at once instead, and then
    ///    4: the timed sleep would end in the same fence, and its expiry costs more CPU (19-39
    ///    µs on a 2-vCPU VM) than the whole rest of an idle spell. After short work the timed
    ///    sleep stays: a pool called every millisecond or so for small jobs is woken by the
    ///    next call within it, and pays neither the expiry nor the fence (a `membarrier`,
    ///    which costs about as much on that VM).
    /// 4. [`Phase::Fenced`]: a cold steal, then a deep sleep until woken.
    ///
    /// A taker woken by a waker, or back from its deep sleep, that finds no work starts over
    /// at 1, no longer a taker. A search after a job it found that ran a doze or longer
    /// (`eager`) starts at 3: that job showed that the forks here live long enough to share.
    /// Only a piece of another worker's work counts ([`Stolen::piece`]): a whole job from
    /// outside the pool (an `install`, a scope's body) that runs long says nothing about
    /// anyone's forks. Measured, not derived: with the rule applied to such jobs too, a loop
    /// of scopes of 10,000 tiny spawns on a 2-vCPU VM settled into a pattern where the
    /// helper shared the spawner's CPU, stole one job, dozed and was woken again 20-50 times
    /// a scope, preempting the spawner each time (1.4-1.9x rayon's time; one or two
    /// wake-ups a scope and 0.6-0.8x without). The price: the runner of a long injected job
    /// dozes once before it takes forks, one timed wake-up more per idle spell.
    ///
    /// So work that ends within a doze is not shared: not the fork of a busy owner's short
    /// job (a 1,000-node tree summed in 4 µs, over and over, is never stolen from), and an
    /// oldest fork that has waited a doze has a sibling that ran that long, so it is likely
    /// a piece worth a steal. An idle worker asks for a fork at most once per doze, the rate
    /// a heartbeat would give, without a heartbeat thread; and a pool whose forks are all
    /// short wakes it ever less often (twice per rest, a rest of up to [`RECHECK_AFTER`]).
    /// A loop of pieces that each last a few dozes (800 µs of 50 µs leaves, over and over)
    /// is shared on both counts: a look pair one doze apart finds a fork that old, and the
    /// thief, back from its piece, takes the next one at once. A
    /// worker that stays idle pays one `membarrier`, as before the doze existed, and one that
    /// is woken often pays none. An owner that forks while a taker sleeps publishes at once:
    /// `join(spin, spin)` on an idle pool takes one spin, not two.
    fn search(
        &self,
        until: Until<'_>,
        eager: bool,
        awake_since: &mut Option<Instant>,
    ) -> Option<Stolen> {
        let sleep = &self.registry().sleep;
        let ran_long = awake_since.is_some_and(|since| since.elapsed() >= DOZE);
        let mut backoff = Backoff::new();
        let mut phase = if eager {
            self.start_taking();
            Phase::Taking
        } else {
            Phase::Awake
        };
        let mut rest = DOZE;
        let found = loop {
            if self.done(until) {
                break None;
            }
            if let Some(job) = self.steal() {
                break Some(job);
            }
            if backoff.spin() {
                continue;
            }
            backoff.reset();
            if let Until::TopLevel = until {
                // An idle pool thread, off every caller's path, has the process registered
                // for the heavy fence (`sync/fence.rs`; a relaxed load once that is under way).
                fence::register_soon();
            }
            let parker = current_parker();
            phase = match phase {
                Phase::Awake if ran_long && self.pool_idle() => {
                    // Nobody runs and nobody holds a fork: no fork will age meanwhile, and
                    // work can only come from outside, which wakes us.
                    self.start_taking();
                    Phase::Taking
                }
                Phase::Awake => {
                    self.age_forks();
                    sleep.doze(self.index(), &parker, DOZE, || {
                        self.still_idle(until, false)
                    });
                    Phase::Dozed
                }
                Phase::Dozed if self.age_forks() == ForkAge::Young => {
                    // Every fork out there is younger than our doze: work that may well end
                    // before a thief could help. Rest, longer each time, then judge the forks
                    // by two fresh looks a doze apart: a fork is worth taking once it is a
                    // doze old however long we rested, so a stream of forks that each live a
                    // few doses (a loop of 400 µs pieces) is shared.
                    rest = (rest * 2).min(RECHECK_AFTER);
                    sleep.sleep(self.index(), &parker, Some(rest), || {
                        self.still_idle(until, false)
                    });
                    Phase::Awake
                }
                Phase::Dozed => {
                    self.start_taking();
                    Phase::Taking
                }
                Phase::Taking if ran_long && self.pool_idle() && self.fence_before_deep_sleep() => {
                    // Nobody runs to fork: the timed sleep would only expire (tens of
                    // microseconds of CPU on a VM) before the same fence. Fence now, and
                    // sleep until woken (unless the fence was refused: then the timed sleep).
                    Phase::Fenced
                }
                Phase::Taking | Phase::Fenced => {
                    if let Some(found) = self.steal_fork() {
                        break Some(found);
                    }
                    let timeout = (phase == Phase::Taking).then_some(RECHECK_AFTER);
                    let woken = sleep.sleep(self.index(), &parker, timeout, || {
                        self.still_idle(until, true)
                    });
                    if phase == Phase::Taking && !woken {
                        if self.done(until) {
                            break None;
                        }
                        if self.fence_before_deep_sleep() {
                            Phase::Fenced
                        } else {
                            Phase::Taking
                        }
                    } else {
                        // Woken for work (the loop looks for it first), which may be gone by
                        // now: a wake-up that finds nothing does not keep us a taker, or
                        // every fork of a busy owner would publish and wake us.
                        sleep.stop_taking();
                        rest = DOZE;
                        Phase::Awake
                    }
                }
            };
            *awake_since = Some(Instant::now());
        };
        if matches!(phase, Phase::Taking | Phase::Fenced) {
            sleep.stop_taking();
        }
        found
    }

    /// Re-checks, after registering as a sleeper, everything that should keep us awake.
    /// `forks`: whether other workers' private forks count as work.
    fn still_idle(&self, until: Until<'_>, forks: bool) -> bool {
        if self.work_visible(forks) {
            return false;
        }
        match until {
            Until::Latch(latch) => latch.get_sleepy(),
            Until::TopLevel => !self.registry().terminating() && !self.seat().has_surplus(),
        }
    }

    /// Runs one local job, if any (`yield_local`): from the deque, or inside a region from
    /// the region's queue. Past the stack mark, none (rule 1 of the module docs).
    pub(crate) fn yield_local(&self) -> bool {
        self.publish_forks();
        if self.stack_passed() {
            return false;
        }
        let job = match self.region() {
            Some(_) => self.take_lane_job(),
            None => self.take_local_job(),
        };
        match job {
            Some(job) => {
                // SAFETY: jobs in our own queue are live and run once.
                unsafe { self.execute(job) };
                true
            }
            None => false,
        }
    }

    /// Runs one job from anywhere, if any (`yield_now`); inside a region, one of the
    /// region's. Past the stack mark, none (rule 1 of the module docs).
    pub(crate) fn yield_now(&self) -> bool {
        self.publish_forks();
        if self.stack_passed() {
            return false;
        }
        if let Some(region) = self.region() {
            return match self.take_region_job(region) {
                Some(job) => {
                    // SAFETY: a job of our region is live and runs once.
                    unsafe { self.execute(job) };
                    true
                }
                None => false,
            };
        }
        let found = match self.take_local_job() {
            Some(job) => Some((job, crate::isolate::region::NO_REGION)),
            None => self.steal().map(|s| (s.job, s.region)),
        };
        match found {
            Some((job, region)) => {
                // SAFETY: a popped or stolen job is live and runs once.
                unsafe { self.execute_in(job, region) };
                true
            }
            None => false,
        }
    }
}
