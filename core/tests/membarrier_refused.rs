//! A process that forbids `membarrier` after its pools started (a seccomp filter installed
//! by a sandboxed program) keeps running forks correctly: no abort, no hang, every job once
//! (`sync/fence.rs`: refusal). Its own process, since the filter applies to every thread.

#![cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::time::Duration;
use weft_core::{join, ThreadPool, ThreadPoolBuilder};
use weft_testkit::{fib, within};

mod seccomp;

use seccomp::{forbid_membarrier, membarrier_allowed};

/// A balanced tree sum over `lo..hi` that counts its leaves, each of which must run once.
fn tree_sum(lo: u64, hi: u64, leaves: &AtomicUsize) -> u64 {
    if hi - lo <= 16 {
        leaves.fetch_add(1, Ordering::Relaxed);
        return (lo..hi).sum();
    }
    let mid = lo + (hi - lo) / 2;
    let (a, b) = join(|| tree_sum(lo, mid, leaves), || tree_sum(mid, hi, leaves));
    a + b
}

/// Fork-heavy work on `pool`: fib, tree sums that count their leaves, and joins whose first
/// half waits for the second outside weft.
fn forks(pool: &ThreadPool, rounds: usize) {
    pool.install(|| {
        for _ in 0..rounds {
            assert_eq!(fib(20), 6765);
            let leaves = AtomicUsize::new(0);
            let n = 1 << 14;
            assert_eq!(tree_sum(0, n, &leaves), n * (n - 1) / 2);
            assert_eq!(leaves.load(Ordering::Relaxed), (n / 16) as usize);
        }
    });
}

fn rendezvous(pool: &ThreadPool, rounds: usize) {
    for _ in 0..rounds {
        let (tx, rx) = channel();
        pool.install(move || join(move || rx.recv().unwrap(), move || tx.send(()).unwrap()));
    }
}

#[test]
fn forks_keep_running_after_membarrier_is_refused() {
    let pools: Vec<ThreadPool> = (2..=4)
        .map(|n| ThreadPoolBuilder::new().num_threads(n).build().unwrap())
        .collect();
    // Run before the filter: the pools' threads register the process and their stacks
    // switch to light fences (where the kernel offers `membarrier`).
    for pool in &pools {
        forks(pool, 3);
        rendezvous(pool, 3);
    }
    std::thread::sleep(Duration::from_millis(200));
    for pool in &pools {
        forks(pool, 3);
    }
    forbid_membarrier();
    assert!(!membarrier_allowed(), "the filter did not take effect");
    within(Duration::from_secs(60), move || {
        for pool in &pools {
            forks(pool, 20);
        }
        // Let every worker find the refusal on its way to a deep sleep.
        std::thread::sleep(Duration::from_millis(100));
        for pool in &pools {
            rendezvous(pool, 50);
            forks(pool, 5);
            rendezvous(pool, 50);
        }
        // The global pool too, built after the refusal.
        assert_eq!(join(|| fib(18), || fib(18)), (2584, 2584));
        let (tx, rx) = channel();
        join(move || rx.recv().unwrap(), move || tx.send(()).unwrap());
    });
}
