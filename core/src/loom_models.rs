//! loom models of the shipped protocols: the latch and parker, the count latch, the sleep
//! protocol as workers call it, the fork stack, the lazy hand-off, and the isolated wait
//! (`RUSTFLAGS="--cfg weft_loom" cargo test -p weft-core --release --lib`).
//!
//! Each model drives the real types (`SpinLatch`, `CountLatch`, `Parker`, `Sleep`,
//! `ForkStack`, the hand-off word's `enter` / `leave` / `lend` and `MonitorState`) on loom
//! threads; only the queues a worker searches are stood in for, by a counter.

use crate::blocking::handoff::{self, Announce, MonitorState};
use crate::loom::atomic::{AtomicU64, AtomicUsize, Ordering};
use crate::loom::Arc;
use crate::sleep::Sleep;
use crate::sync::job::{Job, JobRef};
use crate::sync::latch::{CountLatch, Latch, SpinLatch};
use crate::sync::parker::Parker;
use crate::worker::fork::ForkStack;
use loom::thread;
use std::time::Duration;

/// A latch set on one thread wakes its owner parked on another, and publishes what the
/// setter wrote before setting.
#[test]
fn latch_set_wakes_parked_owner() {
    loom::model(|| {
        let parker = Arc::new(Parker::new());
        let latch = Arc::new(SpinLatch::new(Arc::as_ptr(&parker)));
        let data = Arc::new(AtomicUsize::new(0));
        let setter = {
            let (latch, data) = (latch.clone(), data.clone());
            thread::spawn(move || {
                data.store(42, Ordering::Relaxed);
                // SAFETY: the latch is kept alive by the Arc.
                unsafe { Latch::set(&*latch) };
            })
        };
        latch.core().wait_parked(&parker);
        assert_eq!(data.load(Ordering::Relaxed), 42);
        setter.join().unwrap();
    });
}

/// A count latch of two jobs is set by the last one only, and its owner, parked, sees both
/// jobs' writes.
#[test]
fn count_latch_wakes_its_owner_after_the_last_job() {
    loom::model(|| {
        let parker = Arc::new(Parker::new());
        let latch = Arc::new(CountLatch::with_count(2, Arc::as_ptr(&parker)));
        let sum = Arc::new(AtomicUsize::new(0));
        let jobs: Vec<_> = (1..=2)
            .map(|i| {
                let (latch, sum) = (latch.clone(), sum.clone());
                thread::spawn(move || {
                    sum.fetch_add(i, Ordering::Relaxed);
                    // SAFETY: kept alive by the Arc.
                    unsafe { Latch::set(&*latch) };
                })
            })
            .collect();
        latch.core().wait_parked(&parker);
        assert_eq!(sum.load(Ordering::Relaxed), 3);
        for job in jobs {
            job.join().unwrap();
        }
    });
}

/// One worker's search as `worker/wait.rs` runs it, on the real `Sleep`: take a job from `queue` or
/// sleep, re-checking `queue` after registering (with `doze_first`, the first park of each
/// search is a doze, counted as searching; under loom its timeout is a spurious return); as
/// the last searcher to leave, pass the search on if work is still queued (`wake_one_if`);
/// then run the job: `run` gets how many were taken before it. Returns once `taken` reaches
/// `jobs`.
fn search(
    sleep: &Sleep,
    index: usize,
    queue: &AtomicUsize,
    taken: &AtomicUsize,
    jobs: usize,
    doze_first: bool,
    run: impl Fn(usize),
) {
    let parker = Arc::new(Parker::new());
    let idle = || queue.load(Ordering::SeqCst) == 0 && taken.load(Ordering::SeqCst) < jobs;
    loop {
        sleep.start_searching();
        let mut found = false;
        let mut dozed = !doze_first;
        while taken.load(Ordering::SeqCst) < jobs {
            if queue
                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
                .is_ok()
            {
                found = true;
                break;
            }
            if dozed {
                sleep.sleep(index, &parker, None, idle);
            } else {
                sleep.doze(index, &parker, Duration::from_micros(100), idle);
                dozed = true;
            }
        }
        if sleep.stop_searching() {
            sleep.wake_one_if(|| queue.load(Ordering::SeqCst) > 0);
        }
        if !found {
            return;
        }
        run(taken.fetch_add(1, Ordering::SeqCst));
    }
}

/// A counter at zero, shared by the threads of a model.
fn counter() -> Arc<AtomicUsize> {
    Arc::new(AtomicUsize::new(0))
}

/// Two workers search `queue` until two jobs are taken (`search`), running each with `run`;
/// with `first_dozes`, the first one's first park is a doze.
fn two_workers(
    sleep: &Arc<Sleep>,
    queue: &Arc<AtomicUsize>,
    taken: &Arc<AtomicUsize>,
    first_dozes: bool,
    run: impl Fn(usize) + Clone + Send + 'static,
) -> Vec<thread::JoinHandle<()>> {
    (0..2)
        .map(|index| {
            let (sleep, queue, taken, run) =
                (sleep.clone(), queue.clone(), taken.clone(), run.clone());
            let doze_first = first_dozes && index == 0;
            thread::spawn(move || search(&sleep, index, &queue, &taken, 2, doze_first, run))
        })
        .collect()
}

/// The only worker searches (dozing first if `doze_first`) while one job is queued and
/// announced with `publish`; returns the `Sleep` once the worker took it.
fn the_only_worker_takes_one_job(doze_first: bool, publish: fn(&Sleep)) -> Arc<Sleep> {
    let sleep = Arc::new(Sleep::new(2));
    let queue = Arc::new(AtomicUsize::new(0));
    let taken = Arc::new(AtomicUsize::new(0));
    let worker = {
        let (sleep, queue, taken) = (sleep.clone(), queue.clone(), taken.clone());
        thread::spawn(move || search(&sleep, 0, &queue, &taken, 1, doze_first, |_| ()))
    };
    queue.fetch_add(1, Ordering::SeqCst);
    publish(&sleep);
    worker.join().unwrap();
    assert_eq!(taken.load(Ordering::SeqCst), 1);
    sleep
}

/// Work published while the only worker falls asleep is never lost: the worker either sees
/// the job in its re-check or is woken for it.
#[test]
fn work_pushed_while_last_worker_falls_asleep_is_not_lost() {
    loom::model(|| {
        the_only_worker_takes_one_job(false, Sleep::new_work);
    });
}

/// A job pushed from inside the pool while the only worker dozes wakes nobody (the dozer
/// counts as searching), and is not lost: the dozer takes it when its doze ends, or, had it
/// gone on to sleep, its re-check or the producer's wake finds it. The counts end at zero.
#[test]
fn a_job_pushed_while_the_only_worker_dozes_is_taken_after_the_doze() {
    loom::model(|| {
        let sleep = the_only_worker_takes_one_job(true, Sleep::new_work);
        assert_eq!((sleep.idle_workers(), sleep.dozers()), (0, 0));
    });
}

/// A spawned or injected job may wake a dozer (it is in its bucket) and the dozer may
/// wake by its timeout at the same moment: whoever takes it off the list moves its count,
/// once. The job is taken, and the counts end at zero whichever way it went.
#[test]
fn a_new_job_wakes_a_dozer_and_the_counts_stay_exact() {
    loom::model(|| {
        let sleep = the_only_worker_takes_one_job(true, |sleep| {
            sleep.new_job();
        });
        assert_eq!((sleep.idle_workers(), sleep.dozers()), (0, 0));
        assert!(sleep.wakeups() <= 1);
    });
}

/// Two real workers and two jobs published one at a time (each wakes at most one sleeper,
/// none while someone searches): the last searcher's hand-on (`wake_one_if`) makes sure
/// both jobs are taken, each once, and that nobody is left asleep with work queued.
#[test]
fn the_last_searcher_chain_with_two_workers_takes_every_job() {
    loom::model(|| {
        let (sleep, queue, taken) = (Arc::new(Sleep::new(2)), counter(), counter());
        let workers = two_workers(&sleep, &queue, &taken, false, |_| ());
        for _ in 0..2 {
            queue.fetch_add(1, Ordering::SeqCst);
            sleep.new_work();
        }
        // The workers return once both jobs are taken; one may still sleep then: wake it.
        while taken.load(Ordering::SeqCst) < 2 {
            thread::yield_now();
        }
        sleep.wake_all();
        for w in workers {
            w.join().unwrap();
        }
        assert_eq!(taken.load(Ordering::SeqCst), 2);
        assert_eq!(queue.load(Ordering::SeqCst), 0);
    });
}

/// An injected job wakes a dozer while the other worker sleeps, and the dozer, running it,
/// publishes a second job that only the sleeper can run (the first waits for it, as a join
/// whose first half blocks on its second). The dozer is woken with no reservation in the
/// counts (rule "one waker at a time"): the second job's announcement sees the sleeper and
/// nobody searching, or the sleeper's re-check sees the job.
#[test]
fn a_dozer_woken_for_a_job_does_not_hide_the_sleeper_from_its_forks() {
    loom::model(|| {
        let (sleep, queue, taken) = (Arc::new(Sleep::new(2)), counter(), counter());
        let second_ran = Arc::new((AtomicUsize::new(0), loom::sync::Notify::new()));
        let run = {
            let (sleep, queue) = (sleep.clone(), queue.clone());
            move |before: usize| {
                let (ran, notify) = &*second_ran;
                if before == 0 {
                    queue.fetch_add(1, Ordering::SeqCst);
                    sleep.new_work();
                    // A loom `Notify` may wake spuriously.
                    while ran.load(Ordering::SeqCst) == 0 {
                        notify.wait();
                    }
                } else {
                    ran.store(1, Ordering::SeqCst);
                    notify.notify();
                    // Both jobs taken: release a worker still asleep (termination).
                    sleep.wake_all();
                }
            }
        };
        let workers = two_workers(&sleep, &queue, &taken, true, run);
        queue.fetch_add(1, Ordering::SeqCst);
        sleep.new_job();
        for w in workers {
            w.join().unwrap();
        }
        assert_eq!(taken.load(Ordering::SeqCst), 2);
        assert_eq!(sleep.idle_workers(), 0);
    });
}

/// Two wakers race for one piece of work while two workers sleep (rule "one waker at a
/// time"): the first reserves its wake-up in the counts, so the second sees a searcher and
/// wakes nobody; the sleepers sit in different buckets, so no lock orders the two. At most
/// one is woken, and once everyone is released the counts end at zero.
#[test]
fn two_wakers_for_one_job_wake_one_sleeper() {
    loom::model(|| {
        let sleep = Arc::new(Sleep::new(2));
        let done = Arc::new(AtomicUsize::new(0));
        let release: Arc<[loom::sync::Notify; 2]> =
            Arc::new([loom::sync::Notify::new(), loom::sync::Notify::new()]);
        let sleepers: Vec<_> = (0..2)
            .map(|index| {
                let (sleep, done, release) = (sleep.clone(), done.clone(), release.clone());
                thread::spawn(move || {
                    let parker = Arc::new(Parker::new());
                    sleep.start_searching();
                    if sleep.sleep(index, &parker, None, || done.load(Ordering::SeqCst) == 0) {
                        // Woken (for the work, or at the end): stay searching until the
                        // wakers are done (a loom `Notify` may wake spuriously).
                        while done.load(Ordering::SeqCst) == 0 {
                            release[index].wait();
                        }
                    }
                    let _ = sleep.stop_searching();
                })
            })
            .collect();
        let waker = {
            let sleep = sleep.clone();
            thread::spawn(move || sleep.wake_one_if(|| true))
        };
        let here = sleep.wake_one_if(|| true);
        let there = waker.join().unwrap();
        assert!(!(here && there), "two sleepers woken for one job");
        done.store(1, Ordering::SeqCst);
        sleep.wake_all();
        for r in release.iter() {
            r.notify();
        }
        for s in sleepers {
            s.join().unwrap();
        }
        assert_eq!(sleep.idle_workers(), 0);
    });
}

/// A job that counts its runs.
struct Counted(AtomicUsize);

impl Job for Counted {
    unsafe fn execute(this: *const Self) {
        // SAFETY: the models keep the job alive.
        unsafe { (*this).0.fetch_add(1, Ordering::SeqCst) };
    }
}

/// The owner pushes two forks and pops them, promoting the oldest once, while a thief makes
/// a cold steal: every fork is taken by exactly one of them (none lost, none run twice).
#[test]
fn fork_stack_pop_promotion_and_steal_take_each_fork_once() {
    loom::model(|| {
        let stack = Arc::new(ForkStack::new());
        let jobs: Arc<[Counted; 2]> =
            Arc::new([Counted(AtomicUsize::new(0)), Counted(AtomicUsize::new(0))]);
        let thief = {
            let stack = stack.clone();
            thread::spawn(move || {
                if let Some((job, _region)) = stack.steal(|| true, drop) {
                    // SAFETY: the jobs live in the Arc, held by the model until the end.
                    unsafe { job.execute() };
                }
            })
        };
        // SAFETY: as above.
        let refs = jobs
            .iter()
            .map(|j| unsafe { JobRef::new(j) })
            .collect::<Vec<_>>();
        let outer = stack.push_job(refs[0]);
        let inner = stack.push_job(refs[1]);
        // The owner publishes its oldest fork; running it here stands for its deque.
        // SAFETY: as above.
        stack.promote_oldest(|job| unsafe { job.execute() });
        for (pos, i) in [(inner, 1), (outer, 0)] {
            if stack.pop_if_private(pos) {
                // SAFETY: as above.
                unsafe { refs[i].execute() };
            }
        }
        thief.join().unwrap();
        for job in jobs.iter() {
            assert_eq!(job.0.load(Ordering::SeqCst), 1, "a fork lost or run twice");
        }
    });
}

/// A thief's cold steal of a fork that its owner pushes and then pops, switching its fences
/// (`switch`) in between (`sync/fence.rs`: fence modes): the fork runs exactly once.
fn steal_across_a_switch(stack: ForkStack, switch: impl FnOnce(&ForkStack)) {
    let stack = Arc::new(stack);
    let job = Arc::new(Counted(AtomicUsize::new(0)));
    let thief = {
        let stack = stack.clone();
        thread::spawn(move || {
            if let Some((job, _region)) = stack.steal(|| true, drop) {
                // SAFETY: the job lives in the Arc, held by the model until the end.
                unsafe { job.execute() };
            }
        })
    };
    // SAFETY: as above.
    let job_ref = unsafe { JobRef::new(&*job) };
    let pos = stack.push_job(job_ref);
    switch(&stack);
    if stack.pop_if_private(pos) {
        // SAFETY: as above.
        unsafe { job_ref.execute() };
    }
    thief.join().unwrap();
    assert_eq!(job.0.load(Ordering::SeqCst), 1, "a fork lost or run twice");
}

/// An owner switches its stack from real to light fences between a push and its pop, while
/// a thief claims that fork. Under loom a light fence is nothing and every barrier is
/// refused, so the thief takes the fork only where it read the real mode: then the owner's
/// fence after the switch and the thief's after its claim make the pop see the claim.
#[test]
fn a_switch_to_light_fences_keeps_each_fork_taken_once() {
    loom::model(|| {
        steal_across_a_switch(ForkStack::with_fences(false), ForkStack::use_light_fences)
    });
}

/// An owner whose barrier was refused switches from light to real fences between a push and
/// its pop, while a thief claims that fork: a thief that reads the light mode gives the
/// claim back (its barrier is refused), one that reads the real mode sees every pop made
/// before the switch, and pops after it fence.
#[test]
fn a_switch_to_real_fences_keeps_each_fork_taken_once() {
    loom::model(|| steal_across_a_switch(ForkStack::with_fences(true), ForkStack::use_real_fences));
}

/// A searching worker becomes a taker and pokes `stack`, as `WorkerThread::start_taking`.
fn become_taker(sleep: &Sleep, stack: &ForkStack) {
    sleep.start_searching();
    sleep.start_taking();
    loom::sync::atomic::fence(Ordering::SeqCst);
    stack.poke();
}

/// On a thread of its own, a worker becomes a taker of `stack`, fences as before a deep sleep
/// (reading the owner's idle flag if `owner_flag`, as `fence_before_deep_sleep` reads every
/// other owner's) and looks at the stack: what the fence came to, and whether it saw a fork.
fn taker_looks(
    sleep: &Arc<Sleep>,
    stack: &Arc<ForkStack>,
    owner_flag: bool,
) -> thread::JoinHandle<(crate::sync::fence::Heavy, bool)> {
    let (sleep, stack) = (sleep.clone(), stack.clone());
    thread::spawn(move || {
        become_taker(&sleep, &stack);
        let mark = crate::sync::fence::mark();
        let heavy = crate::sync::fence::heavy(mark, || owner_flag && stack.is_idle_owner());
        (heavy, !stack.is_empty())
    })
}

/// A worker becomes a taker of forks (`worker/wait.rs`, after its doze) while an owner forks: the
/// owner's slow path sees the taker (and publishes), or the taker's look at the fork stack
/// after its heavy fence sees the fork (and takes it, or stays awake). Never neither: that
/// fork could be stranded if its owner then blocked in `a`. (Under loom fences are real, so
/// every fork takes the slow path: the stack stays poked for good, as without `membarrier`.)
#[test]
fn a_fork_made_as_a_worker_becomes_a_taker_is_seen_by_one_side() {
    loom::model(|| {
        let sleep = Arc::new(Sleep::new(2));
        let stack = Arc::new(ForkStack::new());
        let taker = taker_looks(&sleep, &stack, false);
        let job = Counted(AtomicUsize::new(0));
        // SAFETY: the job outlives the model's use of the stack; it is never executed.
        let (_, look) = stack.push(unsafe { JobRef::new(&job) });
        assert!(
            look,
            "a stack without membarrier must send every fork to its slow path"
        );
        stack.light_fence();
        let owner_saw_taker = sleep.forks_wanted();
        let (_, taker_saw_fork) = taker.join().unwrap();
        assert!(
            owner_saw_taker || taker_saw_fork,
            "a fork nobody would publish or take"
        );
    });
}

/// A worker becomes a taker while an owner that was idle at its top level (`search`) leaves it
/// and forks on light fences: a taker that reads the owner idle skips the barrier
/// (`sync/fence.rs`: idle owners), and then the owner's push sees the poke (its slow path
/// publishes) or the taker's look sees the fork. A taker that reads it busy needs a barrier,
/// which loom refuses: it would re-check on a timer, and claims nothing here.
#[test]
fn a_taker_that_reads_an_owner_idle_misses_none_of_its_forks() {
    loom::model(|| {
        let sleep = Arc::new(Sleep::new(2));
        let stack = Arc::new(ForkStack::with_fences(true));
        stack.idle_owner();
        let taker = taker_looks(&sleep, &stack, true);
        stack.busy_owner();
        let job = Counted(AtomicUsize::new(0));
        // SAFETY: the job outlives the model's use of the stack; it is never executed.
        let (_, look) = stack.push(unsafe { JobRef::new(&job) });
        stack.light_fence();
        let (heavy, taker_saw_fork) = taker.join().unwrap();
        if heavy == crate::sync::fence::Heavy::Settled {
            assert!(
                look || taker_saw_fork,
                "a fork nobody would publish or take"
            );
        }
    });
}

/// An owner settles its fork stack (nobody took forks when it looked) while a worker becomes
/// a taker and pokes the stack: the stack ends poked, or the owner's look sees the taker and
/// offers it a fork. Never neither: the owner's forks would stay private while the taker
/// sleeps, and a join(spin, spin) would run its halves one after the other
/// (`worker/thread_state.rs`: `after_fork_slow`).
#[test]
fn a_poke_is_not_lost_to_the_owner_settling_its_stack() {
    loom::model(|| {
        let sleep = Arc::new(Sleep::new(2));
        let stack = Arc::new(ForkStack::with_fences(true));
        let taker = {
            let (sleep, stack) = (sleep.clone(), stack.clone());
            thread::spawn(move || become_taker(&sleep, &stack))
        };
        let offered = stack.look(&sleep);
        taker.join().unwrap();
        assert!(
            offered || stack.is_poked(),
            "a poke lost: the owner will not publish for this taker"
        );
    });
}

/// An owner that finds one taker offers it a fork and settles its stack, while a second
/// worker becomes a taker and pokes the stack: the second one's poke stays (or the owner saw
/// it and poked again), so the owner's next fork is offered to it too. A lost poke would
/// leave the second taker asleep beside an owner whose forks stay private.
#[test]
fn a_second_takers_poke_is_not_lost_to_a_settle_for_the_first() {
    loom::model(|| {
        let sleep = Arc::new(Sleep::new(2));
        let stack = Arc::new(ForkStack::with_fences(true));
        sleep.start_searching();
        sleep.start_taking();
        let second = {
            let (sleep, stack) = (sleep.clone(), stack.clone());
            thread::spawn(move || become_taker(&sleep, &stack))
        };
        assert!(
            stack.look(&sleep),
            "the owner saw a taker and did not offer"
        );
        second.join().unwrap();
        assert!(stack.is_poked(), "the second taker's poke was lost");
    });
}

/// A `blocking` call that returns races the monitor's lending: exactly one of "the caller
/// kept its seat" and "the seat was lent" happens, and both sides agree on which.
#[test]
fn lazy_handoff_lends_a_seat_only_while_its_call_blocks() {
    loom::model(|| {
        let word = Arc::new(AtomicU64::new(handoff::RUNNING));
        let stamp = handoff::stamp(1);
        handoff::enter(&word, stamp);
        let monitor = {
            let word = word.clone();
            thread::spawn(move || handoff::lend(&word, stamp))
        };
        let caller_lent = handoff::leave(&word, stamp);
        let monitor_lent = monitor.join().unwrap();
        assert_eq!(caller_lent, monitor_lent);
        assert_eq!(word.load(Ordering::SeqCst), handoff::RUNNING);
    });
}

/// The monitor never stays parked while a call blocks: either it sees the stamp when it
/// re-scans after storing PARKED, or the call sees PARKED and wakes it.
#[test]
fn the_monitor_never_parks_past_a_blocked_call() {
    loom::model(|| {
        let state = Arc::new(MonitorState::new());
        let word = Arc::new(AtomicU64::new(handoff::RUNNING));
        // The monitor is running (it was started by an earlier call).
        assert_eq!(state.announce(), Announce::Start);
        let caller = {
            let (state, word) = (state.clone(), word.clone());
            thread::spawn(move || {
                handoff::enter(&word, handoff::stamp(1));
                state.announce()
            })
        };
        let parked =
            state.try_park(|| handoff::stamped_since(word.load(Ordering::SeqCst)).is_some());
        let announced = caller.join().unwrap();
        if parked {
            // It parked: the call must have woken it (moved it back to polling).
            assert_eq!(announced, Announce::Unpark);
            assert!(!state.parked());
        }
    });
}

/// A thread waiting inside an isolated region, as `worker/wait.rs` (`wait_isolated`,
/// `search_region`) runs it on the region's real `Sleep`: until `latch` is set, take a job
/// of the region (`queue`, standing in for the region's queue; running one sets the latch),
/// else search and sleep, re-checking the queue and raising the latch after registering;
/// as the region's last searcher to leave, pass the search on if a job is queued.
fn isolated_wait(sleep: &Sleep, queue: &AtomicUsize, latch: &SpinLatch, parker: &Arc<Parker>) {
    let take = || {
        queue
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok()
    };
    let run = || {
        // SAFETY: the latch outlives the model's threads.
        unsafe { Latch::set(latch) }
    };
    loop {
        if latch.core().probe() {
            return;
        }
        if take() {
            run();
            continue;
        }
        sleep.start_searching();
        let found = loop {
            if latch.core().probe() {
                break false;
            }
            if take() {
                break true;
            }
            sleep.sleep(0, parker, None, || {
                queue.load(Ordering::SeqCst) == 0 && latch.core().get_sleepy()
            });
        };
        if sleep.stop_searching() {
            sleep.wake_one_if(|| queue.load(Ordering::SeqCst) > 0);
        }
        if found {
            run();
        }
    }
}

/// The region's job the waiter waits for is taken by another worker, which runs it there
/// and sets the latch: the waiter, whether it is searching, asleep or about to sleep, wakes.
#[test]
fn an_isolated_waiter_wakes_when_its_job_finishes_on_another_worker() {
    loom::model(|| {
        let sleep = Arc::new(Sleep::new(2));
        let queue = Arc::new(AtomicUsize::new(1));
        let parker = Arc::new(Parker::new());
        let latch = Arc::new(SpinLatch::new(Arc::as_ptr(&parker)));
        let thief = {
            let (queue, latch) = (queue.clone(), latch.clone());
            thread::spawn(move || {
                if queue
                    .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
                    .is_ok()
                {
                    // SAFETY: the latch is kept alive by the Arc.
                    unsafe { Latch::set(&*latch) };
                }
            })
        };
        isolated_wait(&sleep, &queue, &latch, &parker);
        thief.join().unwrap();
        assert_eq!(queue.load(Ordering::SeqCst), 0);
    });
}

/// Another worker running the region's work publishes a job to the region while the waiter
/// falls asleep (`Region::new_work`): the waiter sees it in its re-check or is woken for it,
/// and runs it.
#[test]
fn a_job_published_to_a_region_wakes_its_sleeping_waiter() {
    loom::model(|| {
        let sleep = Arc::new(Sleep::new(2));
        let queue = Arc::new(AtomicUsize::new(0));
        let parker = Arc::new(Parker::new());
        let latch = Arc::new(SpinLatch::new(Arc::as_ptr(&parker)));
        let publisher = {
            let (sleep, queue) = (sleep.clone(), queue.clone());
            thread::spawn(move || {
                queue.fetch_add(1, Ordering::SeqCst);
                sleep.new_work();
            })
        };
        isolated_wait(&sleep, &queue, &latch, &parker);
        publisher.join().unwrap();
        assert_eq!(queue.load(Ordering::SeqCst), 0);
    });
}

/// A broadcast as `Registry::inject_broadcast_to` makes it: a job on the lane of each of
/// `seats` seats (only that seat's worker takes it), then `wake` (the caller's wake-ups, given the `Sleep` and the seat count).
/// Each seat's worker searches its own lane only, as `search` does (dozing first on the
/// seats `dozers` marks), so no other thread's search can stand in for a lost wake-up.
/// Returns once every worker took its seat's job. Each worker makes its `Parker` on its own
/// thread: a parker records the thread that made it, and one made here and moved there would
/// wake this thread instead (loom then reports a deadlock, whatever the protocol).
fn broadcast_to_lanes(seats: usize, dozers: &[bool], wake: fn(&Sleep, usize)) {
    let sleep = Arc::new(Sleep::new(seats));
    let lanes: Arc<Vec<AtomicUsize>> = Arc::new((0..seats).map(|_| AtomicUsize::new(0)).collect());
    let taken: Arc<Vec<AtomicUsize>> = Arc::new((0..seats).map(|_| AtomicUsize::new(0)).collect());
    let workers: Vec<_> = (0..seats)
        .map(|i| {
            let (sleep, lanes, taken) = (sleep.clone(), lanes.clone(), taken.clone());
            let doze_first = dozers.get(i).copied().unwrap_or(false);
            thread::spawn(move || search(&sleep, i, &lanes[i], &taken[i], 1, doze_first, |_| ()))
        })
        .collect();
    for lane in lanes.iter() {
        lane.store(1, Ordering::SeqCst);
    }
    wake(&sleep, seats);
    for w in workers {
        w.join().unwrap();
    }
    assert!(taken.iter().all(|t| t.load(Ordering::SeqCst) == 1));
    assert_eq!((sleep.idle_workers(), sleep.dozers()), (0, 0));
}

/// A broadcast's tree of wake-ups (`Sleep::wake_seats`) on three seats: the caller wakes
/// seat 0's sleeper, which wakes those of seats 1 and 2 before it looks for its job; where a
/// seat's worker is still awake (not registered yet, or back from a doze), the caller or the
/// sleeper above goes on below it. Every worker takes its job and the counts end at zero,
/// with the first worker dozing, and with the last.
#[test]
fn a_broadcast_wakes_every_seat_through_a_tree() {
    for dozers in [[true, false, false], [false, false, true]] {
        loom::model(move || broadcast_to_lanes(3, &dozers, |sleep, _| sleep.wake_seats()));
    }
}

/// Two broadcasts in a row, with two threads serving seat 0 (its worker and a spare,
/// `blocking/mod.rs`): each broadcast that takes one of them off the list leaves its chain in
/// the bucket, where the second may find the first's still set; the thread that delists first
/// wakes seat 1 for both, after both were queued, and seat 1's worker, looking at its lane
/// until it is empty, takes both jobs. Every job is taken, each once.
#[test]
fn two_broadcasts_keep_their_chains_on_a_seat_of_two_threads() {
    let mut model = loom::model::Builder::new();
    // The caller's wait for the last job spins, and three workers make long paths.
    model.max_branches = 10_000;
    model.check(|| {
        let sleep = Arc::new(Sleep::new(2));
        let lanes: Arc<[AtomicUsize; 2]> = Arc::new([AtomicUsize::new(0), AtomicUsize::new(0)]);
        let taken: Arc<[AtomicUsize; 2]> = Arc::new([AtomicUsize::new(0), AtomicUsize::new(0)]);
        let workers: Vec<_> = [0, 0, 1]
            .into_iter()
            .map(|i| {
                let (sleep, lanes, taken) = (sleep.clone(), lanes.clone(), taken.clone());
                thread::spawn(move || search(&sleep, i, &lanes[i], &taken[i], 2, false, |_| ()))
            })
            .collect();
        for _ in 0..2 {
            for lane in lanes.iter() {
                lane.fetch_add(1, Ordering::SeqCst);
            }
            sleep.wake_seats();
        }
        // Seat 0's threads return once both its jobs are taken; one may still sleep: wake it.
        while taken.iter().any(|t| t.load(Ordering::SeqCst) < 2) {
            thread::yield_now();
        }
        sleep.wake_all();
        for w in workers {
            w.join().unwrap();
        }
        assert_eq!(
            lanes
                .iter()
                .map(|l| l.load(Ordering::SeqCst))
                .sum::<usize>(),
            0
        );
        assert_eq!((sleep.idle_workers(), sleep.dozers()), (0, 0));
    });
}
