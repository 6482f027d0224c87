//! The first `membarrier` refused is a thief's, on a fork whose owner then blocks outside weft
//! until that fork runs (`join(|| rx.recv(), || tx.send(()))`): the fork is still taken and
//! the join completes (`sync/fence.rs`: refusal). Its own process, since the filter applies to
//! every thread and only the first refusal is the case under test.

#![cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]

use std::io::Write;
use std::sync::mpsc::channel;
use std::time::Duration;
use weft_core::{join, ThreadPoolBuilder};
use weft_testkit::{fib, spin_for, within};

mod seccomp;

use seccomp::{forbid_membarrier, membarrier_allowed};

#[test]
fn a_join_whose_owner_blocks_completes_after_the_first_refusal() {
    let pool = ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    // Before the filter: the pool registers the process for barriers, and its stacks switch
    // to light fences at their next forks.
    for _ in 0..3 {
        pool.install(|| fib(20));
        std::thread::sleep(Duration::from_millis(100));
    }
    if !membarrier_allowed() {
        // Not registered: this kernel offers no `membarrier`, and stacks never go light.
        let _ = writeln!(
            std::io::stderr(),
            "skipped: the process is not registered for membarrier"
        );
        return;
    }
    pool.install(|| fib(20));
    forbid_membarrier();
    within(Duration::from_secs(30), move || {
        for _ in 0..5 {
            let (tx, rx) = channel();
            pool.install(move || {
                // Keeps the other worker awake and searching when the fork is pushed, so
                // that it claims the fork with a barrier while its owner still spins.
                fib(18);
                join(
                    move || {
                        spin_for(Duration::from_millis(5));
                        rx.recv().unwrap()
                    },
                    move || tx.send(()).unwrap(),
                )
            });
        }
    });
}
