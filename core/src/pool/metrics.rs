//! Pool counters, cheap enough to leave on: what tests and benchmarks need to see.

use crate::trace::{self, Mark};
use std::sync::atomic::{AtomicU64, Ordering};

/// A snapshot of a pool's counters since it was built.
///
/// All counts are monotonic. `wakeups` counts sleeping workers woken for work (or for a
/// broadcast or a reclaim), which is what weft economises: with the wake-one policy a dispatch
/// of `n` tasks from inside the pool adds at most `n - 1` to it.
///
/// # Examples
///
/// ```
/// let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// let before = pool.metrics();
/// pool.install(|| weft_core::join(|| 1, || 2));
/// let after = pool.metrics();
/// assert!(after.jobs_executed >= before.jobs_executed);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Metrics {
    /// Jobs executed from a queue (stolen, injected, spawned, or popped after the owner
    /// moved on); a join half taken back and run inline does not count.
    pub jobs_executed: u64,
    /// Jobs taken from another worker's deque.
    pub steals: u64,
    /// Sleeping workers unparked for work.
    pub wakeups: u64,
    /// Times a worker parked because it found nothing to do.
    pub parks: u64,
    /// Spare threads spawned for `blocking`.
    pub spares_started: u64,
    /// Times a cached spare thread was reused for `blocking`.
    pub spares_reused: u64,
    /// Spare threads that exited after their keep-alive.
    pub spares_retired: u64,
    /// Calls of `blocking` on a worker of this pool.
    pub blocking_calls: u64,
    /// `blocking` calls whose seat was passed on while they blocked: lent to a spare thread by
    /// the monitor, or taken over by a worker already serving the seat beside them.
    pub handoffs: u64,
    /// Private forks published to a worker's stealable deque (because another worker was
    /// idle, or before a wait, a spawn or a `blocking` call). A busy pool promotes almost
    /// nothing: its forks stay private.
    pub promotions: u64,
    /// Heavy fences (`membarrier` system calls, Linux) issued so far by the weft pools of the
    /// whole process, not only this one: each interrupts every CPU that runs a thread of the
    /// process. Issued by an idle worker before it sleeps until woken, and by a cold steal
    /// from an owner whose forks use light fences (`sync/fence.rs`); none while a pool is idle
    /// or every worker is busy. Not summed by pool: every pool reports the same count.
    pub heavy_fences: u64,
}

impl Metrics {
    /// Adds `other`'s counts to these.
    pub(crate) fn add(&mut self, other: &Metrics) {
        self.jobs_executed += other.jobs_executed;
        self.steals += other.steals;
        self.wakeups += other.wakeups;
        self.parks += other.parks;
        self.spares_started += other.spares_started;
        self.spares_reused += other.spares_reused;
        self.spares_retired += other.spares_retired;
        self.blocking_calls += other.blocking_calls;
        self.handoffs += other.handoffs;
        self.promotions += other.promotions;
        // The process's count, not a share: the later of the two.
        self.heavy_fences = self.heavy_fences.max(other.heavy_fences);
    }
}

/// Counters written by one worker thread only.
///
/// Memory ordering: one writer, so increments are a Relaxed load and store, not a locked
/// read-modify-write; readers may lag slightly.
#[derive(Debug, Default)]
pub(crate) struct ThreadCounters {
    jobs_executed: AtomicU64,
    steals: AtomicU64,
    promotions: AtomicU64,
    blocking_calls: AtomicU64,
    handoffs: AtomicU64,
}

impl ThreadCounters {
    #[inline]
    fn bump(counter: &AtomicU64) {
        counter.store(counter.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
    }

    #[inline]
    pub(crate) fn job_executed(&self) {
        Self::bump(&self.jobs_executed);
    }

    #[inline]
    pub(crate) fn stolen(&self) {
        Self::bump(&self.steals);
        trace::mark(Mark::Steal);
    }

    #[inline]
    pub(crate) fn promoted(&self) {
        Self::bump(&self.promotions);
        trace::mark(Mark::Promote);
    }

    #[inline]
    pub(crate) fn blocking_call(&self) {
        Self::bump(&self.blocking_calls);
    }

    /// A `blocking` call left its seat to a worker already serving it.
    #[inline]
    pub(crate) fn handed_off(&self) {
        Self::bump(&self.handoffs);
        trace::mark(Mark::Handoff);
    }

    /// Moves the counts into `m`, leaving zeros (called by the writer itself, when it leaves
    /// its pool: counting it again when it rejoins must not count twice).
    pub(crate) fn move_to(&self, m: &mut Metrics) {
        self.add_to(m);
        for counter in [
            &self.jobs_executed,
            &self.steals,
            &self.promotions,
            &self.blocking_calls,
            &self.handoffs,
        ] {
            counter.store(0, Ordering::Relaxed);
        }
    }

    pub(crate) fn add_to(&self, m: &mut Metrics) {
        m.jobs_executed += self.jobs_executed.load(Ordering::Relaxed);
        m.steals += self.steals.load(Ordering::Relaxed);
        m.promotions += self.promotions.load(Ordering::Relaxed);
        m.blocking_calls += self.blocking_calls.load(Ordering::Relaxed);
        m.handoffs += self.handoffs.load(Ordering::Relaxed);
    }
}

/// Counters of the blocking machinery (cold paths: plain atomic increments).
#[derive(Debug, Default)]
pub(crate) struct SpareCounters {
    pub(crate) started: AtomicU64,
    pub(crate) reused: AtomicU64,
    pub(crate) retired: AtomicU64,
    pub(crate) handoffs: AtomicU64,
}

impl SpareCounters {
    pub(crate) fn bump(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn add_to(&self, m: &mut Metrics) {
        m.spares_started += self.started.load(Ordering::Relaxed);
        m.spares_reused += self.reused.load(Ordering::Relaxed);
        m.spares_retired += self.retired.load(Ordering::Relaxed);
        m.handoffs += self.handoffs.load(Ordering::Relaxed);
    }
}
