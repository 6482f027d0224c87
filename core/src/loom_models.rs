//! loom models of the latch, sleep and hand-off protocols
//! (`RUSTFLAGS="--cfg weft_loom" cargo test -p weft-core --release --lib`).

use crate::handoff::Baton;
use crate::latch::{Latch, SpinLatch};
use crate::loom::atomic::{AtomicUsize, Ordering};
use crate::loom::Arc;
use crate::parker::Parker;
use crate::sleep::Sleep;
use loom::thread;

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

/// Work pushed while the last worker falls asleep is never lost: the worker either sees the
/// job in its re-check or is woken for it.
#[test]
fn work_pushed_while_last_worker_falls_asleep_is_not_lost() {
    loom::model(|| {
        let sleep = Arc::new(Sleep::new());
        let queue = Arc::new(AtomicUsize::new(0));
        let worker = {
            let (sleep, queue) = (sleep.clone(), queue.clone());
            thread::spawn(move || {
                let parker = Arc::new(Parker::new());
                sleep.start_searching();
                loop {
                    if queue
                        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
                        .is_ok()
                    {
                        break;
                    }
                    sleep.sleep(0, &parker, || queue.load(Ordering::SeqCst) == 0);
                }
                let _ = sleep.stop_searching();
            })
        };
        queue.fetch_add(1, Ordering::SeqCst);
        sleep.new_work();
        worker.join().unwrap();
        assert_eq!(queue.load(Ordering::SeqCst), 0);
    });
}

/// With two workers, one searching and one asleep, a job pushed while the searcher gives up
/// is still taken: the last searcher re-checks, or the producer wakes the sleeper.
#[test]
fn last_searcher_leaving_does_not_strand_work() {
    loom::model(|| {
        let sleep = Arc::new(Sleep::new());
        let queue = Arc::new(AtomicUsize::new(0));
        let taken = Arc::new(AtomicUsize::new(0));
        let spawn_worker = |index: usize| {
            let (sleep, queue, taken) = (sleep.clone(), queue.clone(), taken.clone());
            thread::spawn(move || {
                let parker = Arc::new(Parker::new());
                sleep.start_searching();
                // Search until the job is taken by anyone; sleep when the queue looks empty.
                while taken.load(Ordering::SeqCst) == 0 {
                    if queue
                        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
                        .is_ok()
                    {
                        taken.fetch_add(1, Ordering::SeqCst);
                        break;
                    }
                    sleep.sleep(index, &parker, || queue.load(Ordering::SeqCst) == 0);
                    if taken.load(Ordering::SeqCst) != 0 {
                        break;
                    }
                }
                if sleep.stop_searching() && queue.load(Ordering::SeqCst) > 0 {
                    sleep.wake_one();
                }
            })
        };
        let w = spawn_worker(0);
        queue.fetch_add(1, Ordering::SeqCst);
        sleep.new_work();
        // The job is taken exactly once; wake the worker if it sleeps after that.
        while taken.load(Ordering::SeqCst) == 0 {
            thread::yield_now();
        }
        sleep.wake_index(0);
        w.join().unwrap();
        assert_eq!(taken.load(Ordering::SeqCst), 1);
    });
}

/// A slot reclaimed after `blocking` is never held by two threads, and the job its old
/// holder queued is visible to the new one.
#[test]
fn slot_handoff_is_exclusive_and_loses_no_job() {
    loom::model(|| {
        let baton = Arc::new(Baton::new());
        let holders = Arc::new(AtomicUsize::new(1));
        let deque = Arc::new(AtomicUsize::new(0));
        let holder = {
            let (baton, holders, deque) = (baton.clone(), holders.clone(), deque.clone());
            thread::spawn(move || {
                deque.store(1, Ordering::Relaxed); // a job queued before the hand-off
                while !baton.pending() {
                    thread::yield_now();
                }
                holders.fetch_sub(1, Ordering::Relaxed);
                assert!(baton.pass());
            })
        };
        let parker = Arc::new(Parker::new());
        let claim = baton.request(parker);
        claim.wait();
        assert_eq!(holders.fetch_add(1, Ordering::Relaxed), 0, "two holders");
        assert_eq!(deque.load(Ordering::Relaxed), 1, "job lost in the hand-off");
        holder.join().unwrap();
    });
}
