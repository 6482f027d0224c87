//! How a worker waits: it runs other work until what it waits for has happened, then searches
//! for a few microseconds, then sleeps (see `sleep/README.md` for who wakes it).
//!
//! A worker waits in three places: a join whose second half was stolen, a scope or broadcast
//! whose tasks still run, a job injected into another pool (`Until::Latch`); and its top level,
//! between jobs (`Until::TopLevel`), which ends when the pool terminates or when this thread is
//! one too many for its seat and steps aside (see `handoff.rs`). Before any wait the worker
//! publishes its private forks, so that the work it cannot get to is stealable.

use crate::fence;
use crate::job::JobRef;
use crate::latch::CoreLatch;
use crate::worker::{current_parker, WorkerThread};
use std::time::Duration;

/// Rounds of stealing with exponential backoff before a searching worker sleeps: round `k`
/// spins `2^k` times, so the whole search lasts a few microseconds.
const SPIN_ROUNDS: u32 = 7;

/// How long the first sleep of a search lasts before the worker looks at every fork stack
/// again after a heavy fence (see `search`).
const RECHECK_AFTER: Duration = Duration::from_millis(1);

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
        let sleep = &self.registry().sleep;
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
            let found = self.search(until);
            if sleep.stop_searching() {
                // We were the last searcher: if more work waits, pass the search on.
                sleep.wake_one_if(|| self.work_visible());
            }
            match found {
                // SAFETY: a stolen job is live and runs once.
                Some(job) => unsafe { self.execute(job) },
                None => return,
            }
        }
    }

    /// Searches (the caller counts as searching) until a job turns up or `until` is done.
    ///
    /// Public queues first, spinning with backoff; then, about to sleep, a cold steal of a
    /// busy worker's oldest fork. The first sleep is timed: an owner that pushed a fork just
    /// as we registered as a sleeper may have missed us (its look at the sleep counters is
    /// relaxed: `fork.rs`), and we may have missed its fork. After that sleep, a heavy fence
    /// settles it: from then on either we see its fork or it sees us (`fence.rs`), so later
    /// sleeps of this search may last until someone wakes us.
    fn search(&self, until: Until<'_>) -> Option<JobRef> {
        let mut round = 0;
        let mut slept = false;
        let mut fenced = false;
        loop {
            if self.done(until) {
                return None;
            }
            if let Some(job) = self.steal() {
                return Some(job);
            }
            if round < SPIN_ROUNDS {
                for _ in 0..1u32 << round {
                    std::hint::spin_loop();
                }
                round += 1;
                continue;
            }
            if slept && !fenced {
                fence::heavy();
                fenced = true;
            }
            if let Some(job) = self.steal_fork() {
                return Some(job);
            }
            let parker = current_parker();
            let timeout = (!fenced).then_some(RECHECK_AFTER);
            self.registry()
                .sleep
                .sleep(self.index(), &parker, timeout, || self.still_idle(until));
            slept = true;
            round = 0;
        }
    }

    /// Re-checks, after registering as a sleeper, everything that should keep us awake.
    fn still_idle(&self, until: Until<'_>) -> bool {
        if self.work_visible() {
            return false;
        }
        match until {
            Until::Latch(latch) => latch.get_sleepy(),
            Until::TopLevel => !self.registry().terminating() && !self.seat().has_surplus(),
        }
    }

    /// Runs one local job, if any (`yield_local`).
    pub(crate) fn yield_local(&self) -> bool {
        self.publish_forks();
        match self.take_local_job() {
            Some(job) => {
                // SAFETY: jobs in our deque are live and run once.
                unsafe { self.execute(job) };
                true
            }
            None => false,
        }
    }

    /// Runs one job from anywhere, if any (`yield_now`).
    pub(crate) fn yield_now(&self) -> bool {
        self.publish_forks();
        match self.take_local_job().or_else(|| self.steal()) {
            Some(job) => {
                // SAFETY: a popped or stolen job is live and runs once.
                unsafe { self.execute(job) };
                true
            }
            None => false,
        }
    }
}
