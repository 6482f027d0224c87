//! A worker woken for a fork runs on another CPU than the owner that woke it (`cpu.rs`), even
//! where the OS would put it beside its waker (some VMs do, for most wake-ups: then the two
//! halves of `join(spin, spin)` run one after the other on one CPU).
#![cfg(all(target_os = "linux", not(miri)))]

use std::time::Duration;
use weft_core::ThreadPoolBuilder;
use weft_testkit::spin_for;

fn cpu() -> i32 {
    // SAFETY: takes no arguments and touches no memory of ours.
    unsafe { libc::sched_getcpu() }
}

#[test]
fn the_worker_woken_for_a_fork_leaves_its_wakers_cpu() {
    if std::thread::available_parallelism().map_or(1, |n| n.get()) < 2 || cpu() < 0 {
        return;
    }
    let pool = ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    let mut stolen = 0;
    for round in 0..20 {
        // Long enough for the other worker to fall into its deep sleep.
        std::thread::sleep(Duration::from_millis(5));
        let (owner_cpu, (thief, thief_cpu)) = pool.install(|| {
            let here = cpu();
            let owner = weft_core::current_thread_index();
            let (_, b) = weft_core::join(
                || spin_for(Duration::from_millis(2)),
                || (weft_core::current_thread_index() != owner, cpu()),
            );
            (here, b)
        });
        if thief {
            stolen += 1;
            assert_ne!(
                owner_cpu, thief_cpu,
                "round {round}: both halves on CPU {owner_cpu}"
            );
        }
    }
    // An idle worker takes the second half of a 2 ms join at once (`lazy_fork.rs`).
    assert!(
        stolen >= 15,
        "only {stolen} of 20 second halves were stolen"
    );
}
