//! A worker woken for a fork runs on another CPU than the owner that woke it (`cpu.rs`), with
//! its whole affinity back once it runs, even where the OS would put it beside its waker (some
//! VMs do, for most wake-ups: then the two halves of `join(spin, spin)` run one after the other
//! on one CPU).
#![cfg(all(target_os = "linux", not(miri)))]

use std::time::Duration;
use weft_core::{ThreadPool, ThreadPoolBuilder};
use weft_testkit::{fail_unless_no_two_free_cores, spin_for};

fn cpu() -> i32 {
    // SAFETY: takes no arguments and touches no memory of ours.
    unsafe { libc::sched_getcpu() }
}

/// How many CPUs the calling thread may run on.
fn allowed_cpus() -> i32 {
    // SAFETY: all-zero bytes are a valid, empty `cpu_set_t` (a plain bit array).
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    // SAFETY: `set` is a `cpu_set_t` of the size passed; pid 0 is the calling thread.
    let rc = unsafe { libc::sched_getaffinity(0, std::mem::size_of_val(&set), &mut set) };
    assert_eq!(rc, 0);
    // SAFETY: reads only `set`.
    unsafe { libc::CPU_COUNT(&set) }
}

/// Runs 20 rounds of `join(spin 2 ms, where am I)` after a pause long enough for the other
/// worker to fall into its deep sleep; asserts that every stolen second half ran on another
/// CPU than its owner, with the whole affinity it had before its waker kept it off the
/// owner's CPU, and returns how many were stolen.
fn stolen_of_20(pool: &ThreadPool) -> usize {
    let everywhere = allowed_cpus();
    let mut stolen = 0;
    for round in 0..20 {
        std::thread::sleep(Duration::from_millis(5));
        let (owner_cpu, (thief, thief_cpu, thief_allowed)) = pool.install(|| {
            let here = cpu();
            let owner = weft_core::current_thread_index();
            let (_, b) = weft_core::join(
                || spin_for(Duration::from_millis(2)),
                || {
                    let thief = weft_core::current_thread_index() != owner;
                    (thief, cpu(), allowed_cpus())
                },
            );
            (here, b)
        });
        if thief {
            stolen += 1;
            assert_ne!(
                owner_cpu, thief_cpu,
                "round {round}: both halves on CPU {owner_cpu}"
            );
            assert_eq!(
                thief_allowed, everywhere,
                "round {round}: the thief's affinity was not restored"
            );
        }
    }
    stolen
}

#[test]
fn the_worker_woken_for_a_fork_leaves_its_wakers_cpu() {
    if std::thread::available_parallelism().map_or(1, |n| n.get()) < 2 || cpu() < 0 {
        return;
    }
    let pool = ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    // An idle worker takes the second half of a 2 ms join at once (`fork_promotion.rs`), so
    // most rounds test the CPU. Up to three tries: a woken thread that the OS (or, on a VM,
    // the host) keeps from a free core for milliseconds misses the 2 ms in any pool; then
    // plain threads miss it too, and the count was inconclusive.
    let mut counts = Vec::new();
    while counts.len() < 3 {
        let stolen = stolen_of_20(&pool);
        if stolen >= 15 {
            return;
        }
        counts.push(stolen);
    }
    fail_unless_no_two_free_cores(format!(
        "only {counts:?} of 20 second halves were stolen in three tries"
    ));
}
