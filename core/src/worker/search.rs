//! How an idle worker searches: spin on the public queues, doze, ask for forks, sleep (the
//! heuristics; the waits that call it are `wait.rs`, who wakes it `sleep/README.md`).

use crate::sync::backoff::Backoff;
use crate::sync::fence::{self, Heavy};
use crate::worker::thread_state::{ForkAge, Stolen, WorkerThread};
use crate::worker::wait::Until;
use std::cell::Cell;
use std::time::{Duration, Instant};

/// How long a worker that found no public work dozes before it asks for forks (see
/// `search`): the least time between two of its requests.
pub(super) const DOZE: Duration = Duration::from_micros(100);

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

impl WorkerThread {
    /// Searches (the caller counts as searching) until a job turns up or `until` is done.
    /// Each phase first spins on the public queues with backoff (only while `may_spin`), then:
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
    /// 3. [`Phase::Taking`]: a sleep of at most [`RECHECK_AFTER`], whose re-check ignores
    ///    private forks (as a doze's): an owner that forks meanwhile sees our poke, publishes
    ///    its oldest fork and wakes us. An owner that forked just as we became a taker may
    ///    have missed us (its look at the counters is relaxed), and we may have missed its
    ///    fork: after that sleep a heavy fence settles it (`sleep/README.md`, rule "forks
    ///    vs. takers"), and only then do we cold-steal (4).
    ///    If the pool is idle and `ran_long`, the heavy fence comes at once instead, and then
    ///    4: the timed sleep would end in the same fence, and a timer expiry costs a virtual
    ///    machine more CPU than the whole rest of an idle spell. After short work the timed
    ///    sleep stays: a pool called every millisecond or so for small jobs is woken by the
    ///    next call within it, and pays neither the expiry nor the fence.
    /// 4. [`Phase::Fenced`]: a cold steal of a busy worker's oldest fork (for an owner that
    ///    did not fork within our timed sleep: blocked, or in a long leaf), then a deep sleep
    ///    until woken. So a heavy fence (a `membarrier` where stacks use light fences) is
    ///    paid only by a taker that no fork reached within [`RECHECK_AFTER`], and a cold
    ///    steal's barrier only after it. It needs none where every other worker of the pool
    ///    idles at its top level (`sync/fence.rs`: idle owners; this search says so for
    ///    ours before it first parks, and unsays it before it returns). Takers share that
    ///    fence's barrier, and issue on average at most one per `BARRIER_GAP` in the process
    ///    (`sync/fence.rs`: sharing): one that must wait for the next stays at 3, timed until
    ///    it is due, cold-stealing only a fork as old as its last look. Where the kernel
    ///    refused the fence, the taker makes the cold steal and stays at 3, timed, instead
    ///    (`sync/fence.rs`: refusal).
    ///
    /// A taker woken by a waker, or back from its deep sleep, that finds no work starts over
    /// at 1, no longer a taker. A search after a job it found that ran a doze or longer
    /// (`eager`) starts at 3: that job showed that the forks here live long enough to share.
    /// Only a piece of another worker's work counts (by its [`Stolen::origin`]): a whole job
    /// from outside the pool (an `install`, a scope's body) that runs long says nothing about
    /// anyone's forks: with the rule applied to such jobs too, a loop of scopes of tiny
    /// spawns had the helper steal one job, doze and be woken again many times a scope,
    /// preempting the spawner each time (BENCHMARKS.md, the spawn loop in `forks`). The
    /// price: the runner of a long injected job dozes once before it takes forks, one timed
    /// wake-up more per idle spell. A search after its seat's share of a broadcast starts at
    /// 3 too, however short the share: the other seats got theirs at the same moment, so the
    /// pool holds no stream of short forks for a doze to wait out, only their shares and what
    /// those fork. (On an oversubscribed pool the dozes of the seats whose shares ended would
    /// expire in the middle of the broadcast's wake-ups, and take the CPUs from the seats not
    /// yet woken: BENCHMARKS.md, ramp-up.)
    ///
    /// Why an idle worker asks for forks at most once per doze, and only for a fork a doze
    /// old: `sleep/README.md`, "A search: spin, doze, take, sleep".
    pub(super) fn search(
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
        // A taker's next timed sleep: `RECHECK_AFTER`, or until the takers' next barrier is
        // due (`Heavy::NotYet`).
        let recheck = Cell::new(RECHECK_AFTER);
        // The heavy fence for a deep sleep: true if settled; if the takers' next barrier is
        // due later, the next timed sleep lasts until then.
        let fenced_for_deep_sleep = || match self.fence_before_deep_sleep() {
            Heavy::Settled => true,
            Heavy::NotYet(wait) => {
                recheck.set(wait);
                false
            }
            Heavy::Refused => false,
        };
        // Whether this search said our stack's owner idle (`sync/fence.rs`: idle owners):
        // at the top level only, where we hold no fork, before we first park.
        let top_level = matches!(until, Until::TopLevel);
        let mut said_idle = false;
        let found = loop {
            if self.done(until) {
                break None;
            }
            if let Some(job) = self.steal() {
                break Some(job);
            }
            if self.may_spin() && backoff.spin() {
                continue;
            }
            backoff.reset();
            if top_level && !said_idle {
                self.shared().forks.idle_owner();
                said_idle = true;
            }
            let parker = self.own_parker();
            phase = match phase {
                Phase::Awake if ran_long && self.pool_idle() => {
                    // Nobody runs and nobody holds a fork: no fork will age meanwhile, and
                    // work can only come from outside, which wakes us.
                    self.start_taking();
                    Phase::Taking
                }
                Phase::Awake => {
                    self.age_forks();
                    sleep.doze(self.index(), parker, DOZE, || self.still_idle(until, false));
                    Phase::Dozed
                }
                Phase::Dozed if self.age_forks() == ForkAge::Young => {
                    // Every fork out there is younger than our doze: work that may well end
                    // before a thief could help. Rest, longer each time, then judge the forks
                    // by two fresh looks a doze apart: a fork is worth taking once it is a
                    // doze old however long we rested, so a stream of forks that each live a
                    // few doses (a loop of 400 µs pieces) is shared.
                    rest = (rest * 2).min(RECHECK_AFTER);
                    sleep.sleep(self.index(), parker, Some(rest), || {
                        self.still_idle(until, false)
                    });
                    Phase::Awake
                }
                Phase::Dozed => {
                    self.start_taking();
                    Phase::Taking
                }
                Phase::Taking if ran_long && self.pool_idle() && fenced_for_deep_sleep() => {
                    // Nobody runs to fork: the timed sleep would only expire (a timer
                    // expiry's CPU) before the same fence. Fence now, and
                    // sleep until woken (unless the fence was refused: then the timed sleep).
                    Phase::Fenced
                }
                Phase::Taking | Phase::Fenced => {
                    // The cold steal, and private forks in the re-check, only after the heavy
                    // fence: an owner that forks within our timed sleep publishes for us
                    // (we are counted and poked it) and wakes us, with no fence on either
                    // side; one that does not (blocked, in a long leaf) is stolen from then.
                    let fenced = phase == Phase::Fenced;
                    if fenced {
                        if let Some(found) = self.steal_fork(false) {
                            break Some(found);
                        }
                    }
                    let timeout = (!fenced).then(|| recheck.replace(RECHECK_AFTER));
                    let woken = sleep.sleep(self.index(), parker, timeout, || {
                        self.still_idle(until, fenced)
                    });
                    if phase == Phase::Taking && !woken {
                        if self.done(until) {
                            break None;
                        }
                        match self.fence_before_deep_sleep() {
                            Heavy::Settled => Phase::Fenced,
                            heavy => {
                                // Not yet (the takers' next barrier is due within `wait`,
                                // ours or another's) or refused (`sync/fence.rs`): a timed
                                // sleep again, but the cold steal still comes, once per timed
                                // sleep, for an owner blocked beside its forks: not yet, of a
                                // fork as old as our last look (an owner that forks publishes
                                // for us); refused, of any fork. Its claim needs a barrier of
                                // its own, or the kernel's word that the owner is blocked.
                                let refused = heavy == Heavy::Refused;
                                if let Some(found) = self.steal_fork(!refused) {
                                    break Some(found);
                                }
                                if let Heavy::NotYet(wait) = heavy {
                                    recheck.set(wait);
                                }
                                Phase::Taking
                            }
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
            if phase == Phase::Taking && top_level {
                // A pool thread idle for a doze, off every caller's path, has the process
                // registered for the heavy fence (`sync/fence.rs`; a relaxed load once that is
                // under way). Not sooner: on a process's first call the other workers are
                // still starting, and the registrar's spawn would compete with them.
                fence::register_soon();
            }
            *awake_since = Some(Instant::now());
        };
        if matches!(phase, Phase::Taking | Phase::Fenced) {
            sleep.stop_taking();
        }
        if said_idle {
            self.shared().forks.busy_owner();
        }
        found
    }

    /// Whether this searcher may spin before it parks: only while no more workers search
    /// awake than the process may use CPUs (`Registry::spinners`). A spinner beyond them
    /// shares a CPU with a worker that has the work, or with the thread that will publish
    /// it: on one allowed CPU every spin only delays both, and a broadcast's woken workers on
    /// an oversubscribed pool would spin before the ones not yet woken run. Parking instead
    /// is always safe: the park re-checks every queue after its fence.
    fn may_spin(&self) -> bool {
        self.registry().sleep.awake_searchers() < self.registry().spinners
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
}
