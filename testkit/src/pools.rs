//! The pools every check runs on: 1, 2 and 8 threads, built once per test process.

use std::fmt::Debug;
use std::sync::OnceLock;
use weft_core::{ThreadPool, ThreadPoolBuilder};

/// Thread counts of the pools in [`pools`]: one thread (nothing is ever stolen), two (the CI
/// machine's cores), and eight (more threads than cores, so that workers are preempted in the
/// middle of a protocol).
pub const THREADS: [usize; 3] = [1, 2, 8];

/// One pool per entry of [`THREADS`], built on first use and kept for the process. Thread
/// `i` of the pool of `n` threads is named `test-{n}-{i}`.
pub fn pools() -> &'static [ThreadPool; 3] {
    static POOLS: OnceLock<[ThreadPool; 3]> = OnceLock::new();
    POOLS.get_or_init(|| {
        THREADS.map(|n| {
            ThreadPoolBuilder::new()
                .num_threads(n)
                .thread_name(move |i| format!("test-{n}-{i}"))
                .build()
                .expect("build a test pool")
        })
    })
}

/// A fresh pool of `threads` threads, for checks that need a pool of their own (one they
/// may fill, block or drop).
///
/// # Panics
///
/// Panics if the pool cannot be built.
pub fn pool(threads: usize) -> ThreadPool {
    ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("build a test pool")
}

/// Runs `f(threads)` inside each pool of [`pools`], for checks that assert by themselves.
pub fn each_pool<F>(f: F)
where
    F: Fn(usize) + Sync,
{
    for (pool, threads) in pools().iter().zip(THREADS) {
        pool.install(|| f(threads));
    }
}

/// Runs `f` inside each pool of [`pools`] and asserts that it returns `expected` there.
#[track_caller]
pub fn expect_in_every_pool<R, F>(expected: &R, f: F)
where
    R: PartialEq + Debug + Send,
    F: Fn() -> R + Sync,
{
    for (pool, threads) in pools().iter().zip(THREADS) {
        let got = pool.install(&f);
        assert_eq!(&got, expected, "on a pool of {threads} threads");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_pool_runs_on_a_pool_of_each_size() {
        let seen = std::sync::Mutex::new(Vec::new());
        each_pool(|threads| {
            assert_eq!(weft_core::current_num_threads(), threads);
            let name = std::thread::current().name().map(str::to_string);
            seen.lock().unwrap().push((threads, name));
        });
        let seen = seen.into_inner().unwrap();
        assert_eq!(seen.iter().map(|s| s.0).collect::<Vec<_>>(), THREADS);
        for (threads, name) in seen {
            let name = name.expect("pool threads are named");
            assert!(name.starts_with(&format!("test-{threads}-")), "{name}");
        }
    }

    #[test]
    #[should_panic(expected = "on a pool of 1 threads")]
    fn expect_in_every_pool_names_the_pool_that_disagreed() {
        expect_in_every_pool(&0, weft_core::current_num_threads);
    }
}
