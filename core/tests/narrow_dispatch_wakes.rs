//! A dispatch of n tasks wakes at most n - 1 helpers, narrow and wide
//! dispatches alternate on one pool without losing a task or drifting.

use std::sync::atomic::{AtomicUsize, Ordering};
use weft_core::ThreadPoolBuilder;

/// Runs `n` tasks from inside the pool (the caller runs task 0), each counting `per_task`
/// elements; returns (tasks run, elements counted, wake-ups during the dispatch).
fn dispatch(pool: &weft_core::ThreadPool, n: usize, per_task: usize) -> (usize, usize, u64) {
    pool.install(|| {
        let tasks = AtomicUsize::new(0);
        let elements = AtomicUsize::new(0);
        let work = |_: usize| {
            tasks.fetch_add(1, Ordering::Relaxed);
            for _ in 0..per_task {
                elements.fetch_add(1, Ordering::Relaxed);
            }
        };
        let before = weft_core::metrics().wakeups;
        weft_core::scope(|s| {
            for i in 1..n {
                let work = &work;
                s.spawn(move |_| work(i));
            }
            work(0);
        });
        let woke = weft_core::metrics().wakeups - before;
        (tasks.into_inner(), elements.into_inner(), woke)
    })
}

#[test]
fn windows_of_one_to_four_tasks() {
    let pool = ThreadPoolBuilder::new().num_threads(4).build().unwrap();
    for n in 1..=4 {
        let (tasks, elements, woke) = dispatch(&pool, n, 1000);
        assert_eq!(tasks, n);
        assert_eq!(elements, n * 1000);
        assert!(woke <= (n - 1) as u64, "{n} tasks woke {woke} helpers");
    }
}

#[test]
fn narrow_and_wide_windows_alternate_without_drift() {
    let pool = ThreadPoolBuilder::new().num_threads(4).build().unwrap();
    for round in 0..25 {
        for n in [1, 8, 2, 16, 3] {
            let (tasks, elements, woke) = dispatch(&pool, n, 100);
            assert_eq!(tasks, n, "round {round}");
            assert_eq!(elements, n * 100, "round {round}");
            assert!(
                woke <= (n - 1) as u64,
                "round {round}: {n} tasks woke {woke}"
            );
        }
    }
}

#[test]
fn a_join_wakes_at_most_one_helper() {
    let pool = ThreadPoolBuilder::new().num_threads(8).build().unwrap();
    for _ in 0..200 {
        let woke = pool.install(|| {
            let before = weft_core::metrics().wakeups;
            weft_core::join(|| std::hint::black_box(1), || std::hint::black_box(2));
            weft_core::metrics().wakeups - before
        });
        assert!(woke <= 1, "a join woke {woke} helpers");
    }
}
