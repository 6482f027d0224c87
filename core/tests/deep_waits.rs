//! A wait past its thread's stack mark (more than half the stack used) still runs the work
//! it waits for itself — its scope's tasks, its join's other half, its seat's broadcasts —
//! and never depends on a thread that does not exist yet: with no spare thread to be had
//! (`max_blocking_threads(0)`, a spawn handler that refuses), every wait completes, and no
//! seat changes thread. Each test runs under a watchdog: the failure is a hang.

use std::io;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use weft_core::{ThreadPool, ThreadPoolBuilder};
use weft_testkit::within;

/// The stack size of the pools here.
const STACK: usize = 1 << 20;

/// The address of a local of the caller: where its stack is.
#[inline(always)]
fn stack_address() -> usize {
    let marker = 0u8;
    std::hint::black_box(std::ptr::addr_of!(marker)) as usize
}

/// Runs `f` five eighths of [`STACK`] further down the calling thread's stack: past the mark
/// at half the stack, with three eighths left for `f`.
fn deep<R>(f: impl FnOnce() -> R) -> R {
    fn dive<R>(bottom: usize, f: impl FnOnce() -> R) -> R {
        let pad = std::hint::black_box([0u8; 2048]);
        if stack_address() < bottom {
            return f();
        }
        let r = dive(bottom, f);
        std::hint::black_box(pad);
        r
    }
    dive(stack_address() - STACK / 8 * 5, f)
}

/// A pool of `n` threads with [`STACK`]-sized stacks that can never make a spare thread.
fn pool_without_spares(n: usize) -> ThreadPool {
    ThreadPoolBuilder::new()
        .num_threads(n)
        .stack_size(STACK)
        .max_blocking_threads(0)
        .build()
        .unwrap()
}

/// Spawns `width` tasks into a scope, each spawning `width` more, and counts them.
fn spawn_tree(width: usize) -> usize {
    let count = AtomicUsize::new(0);
    weft_core::scope(|s| {
        for _ in 0..width {
            s.spawn(|s| {
                count.fetch_add(1, Ordering::Relaxed);
                for _ in 0..width {
                    s.spawn(|_| {
                        count.fetch_add(1, Ordering::Relaxed);
                    });
                }
            });
        }
    });
    count.into_inner()
}

/// The shape: a one-thread pool whose job is past half its stack opens a scope with
/// spawns. Before, the wait ran nothing and waited for a spare that could not be made.
#[test]
fn a_deep_scope_on_a_one_thread_pool_runs_its_own_tasks() {
    within(Duration::from_secs(30), || {
        let pool = pool_without_spares(1);
        for _ in 0..20 {
            assert_eq!(pool.install(|| deep(|| spawn_tree(8))), 8 + 64);
        }
        let m = pool.metrics();
        assert_eq!((m.handoffs, m.spares_started), (0, 0), "{m:?}");
    });
}

/// A breadth-first pool's deque pops its oldest job first: the deep wait still finds its
/// own tasks behind the enclosing frames' jobs.
#[test]
#[allow(deprecated)] // `breadth_first` is rayon's, deprecated there too.
fn a_deep_scope_on_a_breadth_first_pool_runs_its_own_tasks() {
    within(Duration::from_secs(30), || {
        let pool = ThreadPoolBuilder::new()
            .num_threads(1)
            .stack_size(STACK)
            .max_blocking_threads(0)
            .breadth_first()
            .build()
            .unwrap();
        let n = pool.install(|| {
            weft_core::scope(|s| {
                s.spawn(|_| ());
                let (a, b) = weft_core::join(|| deep(|| spawn_tree(6)), || 1);
                a + b
            })
        });
        assert_eq!(n, 6 + 36 + 1);
    });
}

/// `scope_fifo`'s tasks go through per-thread lanes; a deep wait runs those too.
#[test]
fn a_deep_fifo_scope_runs_its_own_tasks_in_order() {
    within(Duration::from_secs(30), || {
        let pool = pool_without_spares(1);
        let order = pool.install(|| {
            deep(|| {
                let order = Mutex::new(Vec::new());
                weft_core::scope_fifo(|s| {
                    for i in 0..16 {
                        let order = &order;
                        s.spawn_fifo(move |_| order.lock().unwrap().push(i));
                    }
                });
                order.into_inner().unwrap()
            })
        });
        assert_eq!(order, (0..16).collect::<Vec<_>>());
    });
}

/// Deep scopes on a pool of several threads that could make spares, whose tasks take a few
/// milliseconds: other workers steal some, the deep wait runs the rest, and no seat is lent
/// to a spare (only `blocking` hands a seat over).
#[test]
fn deep_scopes_on_a_busy_pool_keep_their_seats() {
    within(Duration::from_secs(60), || {
        let pool = ThreadPoolBuilder::new()
            .num_threads(3)
            .stack_size(STACK)
            .build()
            .unwrap();
        let total = AtomicUsize::new(0);
        pool.install(|| {
            weft_core::scope(|s| {
                for _ in 0..6 {
                    s.spawn(|_| {
                        let n = deep(|| {
                            weft_core::scope(|s| {
                                for _ in 0..4 {
                                    s.spawn(|_| {
                                        std::thread::sleep(Duration::from_millis(2));
                                        total.fetch_add(1, Ordering::Relaxed);
                                    });
                                }
                            });
                            spawn_tree(3)
                        });
                        total.fetch_add(n, Ordering::Relaxed);
                    });
                }
            })
        });
        assert_eq!(total.into_inner(), 6 * (4 + 3 + 9));
        let m = pool.metrics();
        assert_eq!((m.handoffs, m.spares_started), (0, 0), "{m:?}");
    });
}

/// A deep scope inside `isolate`: the tasks go to the region's queue, where the deep wait
/// finds them.
#[test]
fn a_deep_scope_inside_isolate_runs_its_own_tasks() {
    within(Duration::from_secs(30), || {
        let pool = pool_without_spares(1);
        let n = pool.install(|| deep(|| weft_core::isolate(|| spawn_tree(5))));
        assert_eq!(n, 5 + 25);
        let n = pool.install(|| weft_core::isolate(|| deep(|| spawn_tree(5))));
        assert_eq!(n, 5 + 25);
    });
}

/// A broadcast can only run on its seat's thread: a deep wait of that seat runs it, whether
/// the broadcast is its own scope's or another thread's.
#[test]
fn a_deep_wait_runs_its_seats_broadcasts() {
    within(Duration::from_secs(30), || {
        let pool = pool_without_spares(2);
        let hits = AtomicUsize::new(0);
        pool.install(|| {
            deep(|| {
                weft_core::scope(|s| {
                    s.spawn_broadcast(|_, _| {
                        hits.fetch_add(1, Ordering::Relaxed);
                    })
                })
            })
        });
        assert_eq!(hits.load(Ordering::Relaxed), 2);
        // Seat 0 waits deep for a join whose other half, stolen by seat 1, broadcasts: the
        // broadcast's copy for seat 0 runs on top of the deep wait.
        let seats = pool.install(|| {
            deep(|| {
                let (_, seats) = weft_core::join(
                    || std::thread::sleep(Duration::from_millis(20)),
                    || weft_core::broadcast(|ctx| ctx.index()),
                );
                seats
            })
        });
        assert_eq!(seats, [0, 1]);
    });
}

/// A deep wait on another pool: the other pool does the work; the waiting worker keeps its
/// seat and still runs its seat's broadcasts meanwhile.
#[test]
fn a_deep_wait_on_another_pool_completes_and_serves_broadcasts() {
    within(Duration::from_secs(30), || {
        let outer = Arc::new(pool_without_spares(1));
        let inner = pool_without_spares(1);
        let result = outer.install(|| {
            deep(|| {
                inner.install(|| {
                    // Broadcast into the outer pool, whose only worker waits deep for us.
                    let seats = outer.broadcast(|ctx| ctx.index());
                    seats.len() as u64 * 21
                })
            })
        });
        assert_eq!(result, 21);
    });
}

/// Without `max_blocking_threads(0)`: a spawn handler that refuses every thread after the
/// pool's own (a container's pids limit) leaves deep scopes completing as well.
#[test]
fn deep_scopes_complete_when_no_thread_can_be_spawned() {
    within(Duration::from_secs(30), || {
        let spawned = Arc::new(AtomicUsize::new(0));
        let counter = spawned.clone();
        let pool = ThreadPoolBuilder::new()
            .num_threads(1)
            .stack_size(STACK)
            .spawn_handler(move |thread| {
                if counter.fetch_add(1, Ordering::Relaxed) >= 1 {
                    return Err(io::Error::new(io::ErrorKind::WouldBlock, "pids limit"));
                }
                std::thread::Builder::new()
                    .stack_size(thread.stack_size().unwrap_or(STACK))
                    .spawn(move || thread.run())?;
                Ok(())
            })
            .build()
            .unwrap();
        for _ in 0..10 {
            assert_eq!(pool.install(|| deep(|| spawn_tree(6))), 6 + 36);
        }
        assert_eq!(
            spawned.load(Ordering::Relaxed),
            1,
            "weft asked for another thread"
        );
    });
}
