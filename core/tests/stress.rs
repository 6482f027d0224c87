//! Bounded stress of joins, scopes and nested pools (run in release in CI): no hang, no lost
//! job. Counts scale down in debug builds.

use std::sync::atomic::{AtomicUsize, Ordering};
use weft_core::{join, scope, ThreadPoolBuilder};

const RELEASE: bool = !cfg!(debug_assertions);

fn count_joins(depth: u32, counter: &AtomicUsize) {
    if depth == 0 {
        counter.fetch_add(1, Ordering::Relaxed);
        return;
    }
    join(
        || count_joins(depth - 1, counter),
        || count_joins(depth - 1, counter),
    );
}

#[test]
fn a_million_joins_on_eight_threads() {
    let pool = ThreadPoolBuilder::new().num_threads(8).build().unwrap();
    let depth = if RELEASE { 20 } else { 16 }; // 2^20 - 1 joins in release
    for _ in 0..2 {
        let counter = AtomicUsize::new(0);
        pool.install(|| count_joins(depth, &counter));
        assert_eq!(counter.into_inner(), 1 << depth);
    }
}

#[test]
fn scopes_with_ten_thousand_spawns() {
    let pool = ThreadPoolBuilder::new().num_threads(8).build().unwrap();
    let rounds = if RELEASE { 20 } else { 3 };
    for _ in 0..rounds {
        let counter = AtomicUsize::new(0);
        pool.scope(|s| {
            for _ in 0..10_000 {
                s.spawn(|_| {
                    counter.fetch_add(1, Ordering::Relaxed);
                });
            }
        });
        assert_eq!(counter.into_inner(), 10_000);
    }
}

#[test]
fn pools_installing_into_each_other() {
    let a = ThreadPoolBuilder::new().num_threads(3).build().unwrap();
    let b = ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    let rounds = if RELEASE { 2_000 } else { 200 };
    let total = AtomicUsize::new(0);
    a.install(|| {
        scope(|s| {
            for i in 0..rounds {
                let (b, a, total) = (&b, &a, &total);
                s.spawn(move |_| {
                    let x = b.install(|| {
                        let (p, q) = join(|| a.install(|| i), || i);
                        p + q
                    });
                    total.fetch_add(x, Ordering::Relaxed);
                });
            }
        })
    });
    assert_eq!(total.into_inner(), 2 * (0..rounds).sum::<usize>());
}

#[test]
fn reentrant_install_runs_inline() {
    let pool = ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    let v = pool.install(|| pool.install(|| pool.install(weft_core::current_thread_index)));
    assert!(v.is_some());
}

#[test]
fn many_pools_built_and_dropped_with_work_queued() {
    let rounds = if RELEASE { 200 } else { 30 };
    let ran = std::sync::Arc::new(AtomicUsize::new(0));
    for _ in 0..rounds {
        let pool = ThreadPoolBuilder::new().num_threads(3).build().unwrap();
        for _ in 0..10 {
            let ran = ran.clone();
            pool.spawn(move || {
                ran.fetch_add(1, Ordering::Relaxed);
            });
        }
        pool.wait_until_stopped(); // queued work finishes before the threads exit
    }
    assert_eq!(ran.load(Ordering::Relaxed), rounds * 10);
}
