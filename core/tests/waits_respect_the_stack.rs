//! A waiting worker never piles work onto its stack past half of it (rayon#751, #854, #1064).
//! A regression here is a stack overflow, which aborts this test binary: these tests have
//! a file of their own. Each also runs under a watchdog.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use weft_core::{join, ThreadPoolBuilder, Yield};
use weft_testkit::{for_each_index, within};

/// rayon#751: every item of an outer pool's `for_each` `install`s into a second pool. While
/// an outer worker waits for the inner pool, it takes more outer items, each of which waits
/// again: without a bound the waits nest until the 512 KiB stack overflows.
#[test]
fn installs_from_100_000_outer_items_fit_a_512_kib_stack() {
    within(Duration::from_secs(30), || {
        let outer = ThreadPoolBuilder::new()
            .num_threads(4)
            .stack_size(512 << 10)
            .build()
            .unwrap();
        let inner = ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        let done = AtomicUsize::new(0);
        outer.install(|| {
            for_each_index(0..100_000, &|i| {
                let square = inner.install(|| i as u64 * i as u64);
                assert_eq!(square, i as u64 * i as u64);
                done.fetch_add(1, Ordering::Relaxed);
            })
        });
        assert_eq!(done.into_inner(), 100_000);
        // Waits past the mark keep their seats: only `blocking` hands one to a spare.
        let m = outer.metrics();
        assert_eq!((m.handoffs, m.spares_started), (0, 0), "{m:?}");
    });
}

/// rayon#1064: tasks that call `yield_local` run the next task on top of themselves, which
/// yields again: 100,000 of them nest as deep as there are tasks, unless a yield past the
/// stack mark runs nothing.
#[test]
fn yield_local_from_100_000_tasks_fits_a_512_kib_stack() {
    within(Duration::from_secs(30), || {
        let pool = ThreadPoolBuilder::new()
            .num_threads(1)
            .stack_size(512 << 10)
            .build()
            .unwrap();
        let ran = AtomicUsize::new(0);
        let idle = AtomicUsize::new(0);
        pool.scope(|s| {
            for _ in 0..100_000 {
                s.spawn(|_| {
                    ran.fetch_add(1, Ordering::Relaxed);
                    if weft_core::yield_local() == Some(Yield::Idle) {
                        idle.fetch_add(1, Ordering::Relaxed);
                    }
                });
            }
        });
        assert_eq!(ran.into_inner(), 100_000);
        // A yield that found its thread's stack past the mark declined to run anything
        // (and so did the last one, with nothing left).
        assert!(
            idle.into_inner() > 1,
            "every yield ran a task on top of itself"
        );
    });
}

/// The address of a local of the caller: where its stack is.
#[inline(always)]
fn stack_address() -> usize {
    let marker = 0u8;
    std::hint::black_box(std::ptr::addr_of!(marker)) as usize
}

/// The mark is a bound on what a wait takes, not on the work itself: a join recursion deep
/// enough to pass it still completes, taking its own halves back, with idle workers around
/// stealing them.
#[test]
fn a_recursion_past_the_mark_still_completes() {
    /// Joins one level deeper until the stack reaches `bottom`; returns the levels.
    fn dive(bottom: usize) -> u64 {
        if stack_address() < bottom {
            return 0;
        }
        let (a, b) = join(|| dive(bottom), || 1);
        a + b
    }
    within(Duration::from_secs(30), || {
        let size = 2 << 20;
        let pool = ThreadPoolBuilder::new()
            .num_threads(3)
            .stack_size(size)
            .build()
            .unwrap();
        for _ in 0..20 {
            // 1.5 MiB down from the top of `install`: past the mark at half the stack, and
            // well short of the end.
            let levels = pool.install(|| dive(stack_address() - size / 4 * 3));
            assert!(levels > 100, "only {levels} levels");
        }
    });
}
