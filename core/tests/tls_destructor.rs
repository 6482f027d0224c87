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

fn fib(n: u32) -> u64 {
    if n < 2 {
        return n as u64;
    }
    let (a, b) = weft_core::join(|| fib(n - 1), || fib(n - 2));
    a + b
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
