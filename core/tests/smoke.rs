//! Smoke tests of the public API on real pools.

use std::sync::atomic::{AtomicUsize, Ordering};
use weft_core::*;
use weft_testkit::fib;

#[test]
fn fib_on_pools_of_several_sizes() {
    for threads in [1, 2, 4, 8] {
        let pool = ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        assert_eq!(pool.install(|| fib(22)), 17711);
    }
    assert_eq!(fib(18), 2584);
}

#[test]
fn scope_runs_every_task() {
    let pool = ThreadPoolBuilder::new().num_threads(4).build().unwrap();
    let count = AtomicUsize::new(0);
    pool.scope(|s| {
        for _ in 0..1000 {
            s.spawn(|s| {
                count.fetch_add(1, Ordering::Relaxed);
                s.spawn(|_| {
                    count.fetch_add(1, Ordering::Relaxed);
                });
            });
        }
    });
    assert_eq!(count.into_inner(), 2000);
}

#[test]
fn broadcast_reaches_every_thread() {
    let pool = ThreadPoolBuilder::new().num_threads(4).build().unwrap();
    for _ in 0..50 {
        assert_eq!(pool.broadcast(|ctx| ctx.index()), [0, 1, 2, 3]);
    }
}
