//! Shared helpers of the breadth tests: pools of 1, 2 and 8 threads, built once per test
//! binary.

// Each test binary uses a different subset of the helpers.
#![allow(dead_code)]

use std::fmt::Debug;
use std::sync::OnceLock;

use weft_core::{ThreadPool, ThreadPoolBuilder};

/// The thread counts every check runs under.
pub const THREADS: [usize; 3] = [1, 2, 8];

/// The pools, one per entry of [`THREADS`].
pub fn pools() -> &'static [ThreadPool] {
    static POOLS: OnceLock<Vec<ThreadPool>> = OnceLock::new();
    POOLS.get_or_init(|| {
        THREADS
            .iter()
            .map(|&n| {
                ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .expect("a test pool")
            })
            .collect()
    })
}

/// Runs `f` in every pool and asserts that it returns `expected` there.
pub fn check<R, F>(expected: &R, f: F)
where
    R: PartialEq + Debug + Send,
    F: Fn() -> R + Sync,
{
    for (pool, threads) in pools().iter().zip(THREADS) {
        let got = pool.install(&f);
        assert_eq!(&got, expected, "on a pool of {threads} threads");
    }
}

/// Runs `f` in every pool (for checks that assert by themselves).
pub fn each_pool<F>(f: F)
where
    F: Fn(usize) + Sync,
{
    for (pool, threads) in pools().iter().zip(THREADS) {
        pool.install(|| f(threads));
    }
}
