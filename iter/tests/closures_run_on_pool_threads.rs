//! rayon's rule: every closure of a parallel iterator over two or more items runs on a thread
//! of a pool, small jobs included. Called from outside every pool, the job goes to the global
//! pool as one hand-off; called on a worker, it stays in that worker's pool.

use std::cell::Cell;
use std::collections::HashSet;
use std::sync::{Mutex, Once};
use weft_iter::prelude::*;

const PREFIX: &str = "closures-test-";

thread_local! {
    /// Set by the pools' start handler: a thread-local every pool thread has.
    static POOL_THREAD: Cell<bool> = const { Cell::new(false) };
}

/// Held by the test that counts the global pool's jobs, so that no other test adds to them.
static METRICS: Mutex<()> = Mutex::new(());

fn global_pool() {
    static BUILD: Once = Once::new();
    BUILD.call_once(|| {
        weft_core::ThreadPoolBuilder::new()
            .num_threads(2)
            .thread_name(|i| format!("{PREFIX}{i}"))
            .start_handler(|_| POOL_THREAD.set(true))
            .build_global()
            .unwrap();
    });
}

/// What a closure sees of the thread it runs on.
#[derive(Debug, PartialEq, Eq, Hash)]
struct Seen {
    name: Option<String>,
    index: Option<usize>,
    pool_thread_local: bool,
}

fn seen() -> Seen {
    Seen {
        name: std::thread::current().name().map(str::to_owned),
        index: weft_core::current_thread_index(),
        pool_thread_local: POOL_THREAD.get(),
    }
}

fn assert_on_pool_threads(all: HashSet<Seen>, prefix: &str, what: &str) {
    for s in &all {
        assert!(
            s.name.as_deref().is_some_and(|n| n.starts_with(prefix)) && s.index.is_some(),
            "{what}: a closure ran on {s:?}"
        );
        assert!(
            s.pool_thread_local,
            "{what}: {s:?} lacks the pool's thread-local"
        );
    }
}

#[test]
fn closures_of_small_and_large_jobs_from_outside_run_on_named_pool_threads() {
    global_pool();
    let _alone = METRICS.lock().unwrap_or_else(|e| e.into_inner());
    assert_eq!(weft_core::current_thread_index(), None);
    for len in [2, 3, 100, 511, 512, 2_000, 10_000] {
        let v: Vec<u32> = (0..len).collect();
        let by_map: HashSet<Seen> = v.par_iter().map(|_| seen()).collect();
        assert_on_pool_threads(by_map, PREFIX, &format!("map over {len}"));
        // rayon's `named-threads` shape: a flat_map of an Option.
        let by_flat_map: HashSet<String> = (0..len)
            .into_par_iter()
            .flat_map(|_| std::thread::current().name().map(str::to_owned))
            .collect();
        assert!(by_flat_map.iter().all(|n| n.starts_with(PREFIX)));
        // Consumers that short-circuit, fold or reduce run their closures there too.
        assert!(v.par_iter().all(|_| seen().index.is_some()));
        let _ = v.par_iter().find_first(|_| {
            assert!(seen().index.is_some());
            false
        });
        let sum = v
            .par_iter()
            .fold(
                || 0u64,
                |a, &x| {
                    assert!(seen().index.is_some());
                    a + u64::from(x)
                },
            )
            .sum::<u64>();
        assert_eq!(sum, u64::from(len) * u64::from(len - 1) / 2);
    }
}

#[test]
fn closures_of_unindexed_jobs_from_outside_run_on_pool_threads() {
    global_pool();
    let _alone = METRICS.lock().unwrap_or_else(|e| e.into_inner());
    let text = "a b c d e f g h";
    let by_split: HashSet<Seen> = text.par_split(' ').map(|_| seen()).collect();
    assert_on_pool_threads(by_split, PREFIX, "par_split");
    let by_big_range: HashSet<Seen> = (0..u128::MAX)
        .into_par_iter()
        .take_any(64)
        .map(|_| seen())
        .collect();
    assert_on_pool_threads(by_big_range, PREFIX, "an unindexed range");
}

#[test]
fn closures_called_on_a_worker_stay_in_that_workers_pool() {
    global_pool();
    let _alone = METRICS.lock().unwrap_or_else(|e| e.into_inner());
    let pool = weft_core::ThreadPoolBuilder::new()
        .num_threads(2)
        .thread_name(|i| format!("own-pool-{i}"))
        .start_handler(|_| POOL_THREAD.set(true))
        .build()
        .unwrap();
    pool.install(|| {
        for len in [2, 2_000, 100_000] {
            let all: HashSet<Seen> = (0..len).into_par_iter().map(|_| seen()).collect();
            assert_on_pool_threads(all, "own-pool-", &format!("installed map over {len}"));
        }
    });
}

#[test]
fn a_job_from_outside_that_does_not_split_is_one_hand_off() {
    global_pool();
    let _alone = METRICS.lock().unwrap_or_else(|e| e.into_inner());
    let v: Vec<u64> = (0..2_000).collect();
    const CALLS: u64 = 100;
    let before = weft_core::metrics();
    for _ in 0..CALLS {
        // `Cost<1>` keeps 2,000 items in one leaf whatever the clock says.
        assert_eq!(v.par_iter().weight::<Cost<1>>().sum::<u64>(), 1_999_000);
    }
    let after = weft_core::metrics();
    let jobs = after.jobs_executed - before.jobs_executed;
    assert_eq!(
        jobs, CALLS,
        "{CALLS} unsplit sums from outside ran {jobs} jobs"
    );

    // The default weight's probe keeps a small, cheap job in one piece too, unless a preempted
    // probe mispredicts; every call still reaches the pool.
    let before = weft_core::metrics();
    for _ in 0..CALLS {
        assert_eq!(v.par_iter().sum::<u64>(), 1_999_000);
    }
    let jobs = weft_core::metrics().jobs_executed - before.jobs_executed;
    assert!(
        jobs >= CALLS,
        "{CALLS} sums ran only {jobs} jobs on the pool"
    );
}
