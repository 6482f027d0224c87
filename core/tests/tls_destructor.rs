//! weft works from a thread-local's destructor, at any thread's exit, as rayon does: `install`
//! with a `join`, `join`, `scope` with spawns, `broadcast` and parallel iterators, on a thread
//! whose first use of weft came after the thread-local was made (so weft's own thread-locals
//! are destroyed before it), and on one that first uses weft in the destructor.
#![cfg(not(miri))]

use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::Arc;
use weft_core::{ThreadPool, ThreadPoolBuilder};
use weft_iter::prelude::*;
use weft_testkit::fib;

/// What the destructor reports: the case and whether its result was right.
type Report = (&'static str, bool);

/// Runs every case of weft's API when dropped, sending each result to the test.
struct OnExit {
    pool: Arc<ThreadPool>,
    report: Sender<Report>,
}

impl Drop for OnExit {
    fn drop(&mut self) {
        let send = |case, ok| {
            let _ = self.report.send((case, ok));
        };
        let (a, b) = self.pool.install(|| weft_core::join(|| 1 + 1, || 2 + 2));
        send("install(join)", (a, b) == (2, 4));

        let (a, b) = weft_core::join(|| fib(16), || fib(17));
        send("join", (a, b) == (987, 1597));

        let hits = AtomicUsize::new(0);
        weft_core::scope(|s| {
            for _ in 0..16 {
                s.spawn(|_| {
                    hits.fetch_add(1, Ordering::Relaxed);
                });
            }
        });
        send("scope", hits.into_inner() == 16);

        let seen = weft_core::broadcast(|ctx| ctx.index());
        send(
            "broadcast",
            seen == (0..weft_core::current_num_threads()).collect::<Vec<_>>(),
        );

        let sum: u64 = (0..10_000u64).into_par_iter().map(|x| x * 2).sum();
        send("par_iter", sum == 99_990_000);

        let v: Vec<u64> = (0..1_000u64).collect();
        let sum: u64 = v.par_iter().map_init(|| 1u64, |one, &x| x + *one).sum();
        send("map_init", sum == 500_500);

        let one: Vec<u64> = [5u64]
            .par_iter()
            .map_init(|| 1u64, |one, &x| x + *one)
            .collect();
        send("map_init of one item", one == [6]);
    }
}

thread_local! {
    static ON_EXIT: RefCell<Option<OnExit>> = const { RefCell::new(None) };
}

const CASES: usize = 7;

/// Runs a thread that makes `ON_EXIT`, then (if `use_weft_first`) uses weft, then exits;
/// returns what the destructor reported.
fn exit_with_weft_in_a_destructor(use_weft_first: bool) -> Vec<Report> {
    let pool = Arc::new(ThreadPoolBuilder::new().num_threads(2).build().unwrap());
    let (report, reports) = channel();
    let thread = {
        let pool = pool.clone();
        std::thread::spawn(move || {
            ON_EXIT.with(|slot| {
                *slot.borrow_mut() = Some(OnExit {
                    pool: pool.clone(),
                    report,
                })
            });
            if use_weft_first {
                // weft's thread-locals are made now, after `ON_EXIT`, so they are destroyed
                // before it.
                pool.install(|| weft_core::join(|| (), || ()));
                weft_core::join(|| (), || ());
                weft_core::scope(|s| s.spawn(|_| ()));
                let _: u64 = (0..100u64).into_par_iter().sum();
                // A job of one item runs on this thread, with its `map_init` value.
                let _: u64 = [1u64]
                    .par_iter()
                    .map_init(|| 1u64, |one, &x| x + *one)
                    .sum();
            }
        })
    };
    thread.join().expect("the exiting thread panicked");
    reports.iter().collect()
}

fn check(reports: Vec<Report>) {
    assert_eq!(reports.len(), CASES, "cases reported: {reports:?}");
    let failed: Vec<_> = reports.iter().filter(|(_, ok)| !ok).collect();
    assert!(failed.is_empty(), "wrong results: {failed:?}");
}

#[test]
fn weft_works_in_a_destructor_that_runs_after_wefts_own() {
    check(exit_with_weft_in_a_destructor(true));
}

#[test]
fn weft_works_in_a_destructor_that_is_the_threads_first_use_of_it() {
    check(exit_with_weft_in_a_destructor(false));
}

/// A pool built with `use_current_thread` adopts the building thread. Dropping such a pool
/// from a thread-local's destructor (after the thread dropped another adopted pool), and a
/// thread that exits with its adopted pool still alive, leave no dangling worker behind: the
/// pool built and dropped in a later destructor works.
#[test]
fn adopted_pools_end_cleanly_at_a_threads_exit() {
    struct DropLate(Option<ThreadPool>, Sender<Report>);
    impl Drop for DropLate {
        fn drop(&mut self) {
            drop(self.0.take());
            // After the thread's worker slot is gone: a new pool's work still runs.
            let pool = ThreadPoolBuilder::new().num_threads(2).build().unwrap();
            let (a, b) = pool.install(|| weft_core::join(|| 1, || 2));
            let _ = self.1.send(("pool in a late destructor", (a, b) == (1, 2)));
        }
    }
    thread_local! {
        static LATE: RefCell<Option<DropLate>> = const { RefCell::new(None) };
    }
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        // Made before weft's own thread-locals, so destroyed after them.
        LATE.with(|l| l.borrow_mut().replace(DropLate(None, tx.clone())));
        let first = ThreadPoolBuilder::new()
            .num_threads(2)
            .use_current_thread()
            .build()
            .unwrap();
        assert_eq!(first.install(|| weft_core::join(|| 3, || 4)), (3, 4));
        drop(first);
        let kept = ThreadPoolBuilder::new()
            .num_threads(2)
            .use_current_thread()
            .build()
            .unwrap();
        assert_eq!(kept.install(|| weft_core::join(|| 5, || 6)), (5, 6));
        LATE.with(|l| l.borrow_mut().as_mut().unwrap().0 = Some(kept));
    })
    .join()
    .unwrap();
    let reports: Vec<Report> = rx.iter().collect();
    assert_eq!(reports, [("pool in a late destructor", true)]);
}
