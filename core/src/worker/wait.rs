//! How a worker waits: it runs other work until what it waits for has happened, then searches
//! for a few microseconds, dozes, asks for forks, and sleeps (`search.rs`, and
//! `sleep/README.md` for who wakes it).
//!
//! A worker waits in three places: a join whose second half was stolen, a scope or broadcast
//! whose tasks still run, a job injected into another pool (`Until::Latch`); and its top level,
//! between jobs (`Until::TopLevel`), which ends when the pool terminates or when this thread is
//! one too many for its seat and steps aside (see `blocking/handoff.rs`). Before any wait the
//! worker publishes its private forks, so that the work it cannot get to is stealable.
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
use crate::sync::job::{retry, JobRef, Owner, DETACHED, NO_OWNER};
use crate::sync::latch::CoreLatch;
use crate::trace;
use crate::worker::search::DOZE;
use crate::worker::thread_state::{Origin, Stolen, WorkerThread};
use std::time::Instant;

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
pub(super) enum Until<'a> {
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
            trace::waiting(|| self.wait_until_cold(Until::Latch(latch)));
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
    pub(super) fn done(&self, until: Until<'_>) -> bool {
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
                return (crate::isolate::paths().wait)(self, region, latch);
            }
        }
        let sleep = &self.registry().sleep;
        // Whether the last job this loop found by searching was a piece of another worker's
        // work that ran a doze or longer, or its seat's share of a broadcast: then forks here
        // are worth taking at once, and the next search skips the doze (see `search`).
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
                Some(Stolen {
                    job,
                    region,
                    origin,
                }) => {
                    let start = (origin == Origin::Piece).then(Instant::now);
                    // SAFETY: a stolen job is live and runs once.
                    unsafe { self.execute_in(job, region) };
                    eager = origin == Origin::Broadcast
                        || start.is_some_and(|start| start.elapsed() >= DOZE);
                }
                None => return,
            }
        }
    }

    /// Rule 1 of the module docs: past the stack mark, runs only what this wait itself waits
    /// for, and parks until `latch` is set or its seat gets a broadcast.
    fn wait_deep(&self, latch: &CoreLatch) {
        let owner = latch.owner();
        let parker = self.own_parker();
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
                seat.listen(parker);
            }
            if !(listening && seat.has_broadcast()) && latch.get_sleepy() {
                parker.park();
            }
            if listening {
                seat.unlisten(parker);
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
    pub(crate) fn wait_isolated(&self, region: &Region, latch: &CoreLatch) {
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
            let parker = self.own_parker();
            region.sleep.sleep(self.index(), parker, None, || {
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
            let owner = latch.owner();
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
