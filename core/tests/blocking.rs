//! `blocking` hands a blocked worker's place to a spare thread; spares are cached, reused and
//! retired after the keep-alive; caps, nesting and panics behave.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use weft_core::{blocking, ThreadPoolBuilder};
use weft_testkit::spin_for;

/// Threads of this process right now (Linux), not counting pools' monitor threads (one per
/// pool that ever saw a `blocking` call, parked while none is in flight).
fn process_threads() -> usize {
    std::fs::read_dir("/proc/self/task").map_or(0, |d| {
        d.filter_map(Result::ok)
            .filter(|t| {
                std::fs::read_to_string(t.path().join("comm"))
                    .map_or(true, |name| name.trim() != "weft-monitor")
            })
            .count()
    })
}

#[test]
fn blocking_sleeps_do_not_hold_back_cpu_tasks() {
    let pool = ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    let blocked_now = AtomicUsize::new(0);
    let cpu_done_while_blocked = AtomicUsize::new(0);
    let cpu_done = AtomicUsize::new(0);
    let sleeps_done = AtomicUsize::new(0);
    pool.scope(|s| {
        for i in 0..128 {
            let (blocked_now, cpu_done_while_blocked, cpu_done, sleeps_done) = (
                &blocked_now,
                &cpu_done_while_blocked,
                &cpu_done,
                &sleeps_done,
            );
            if i % 2 == 0 {
                s.spawn(move |_| {
                    blocking(|| {
                        blocked_now.fetch_add(1, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(10));
                        blocked_now.fetch_sub(1, Ordering::SeqCst);
                    });
                    sleeps_done.fetch_add(1, Ordering::SeqCst);
                });
            } else {
                s.spawn(move |_| {
                    spin_for(Duration::from_millis(2));
                    if blocked_now.load(Ordering::SeqCst) > 0 {
                        cpu_done_while_blocked.fetch_add(1, Ordering::SeqCst);
                    }
                    cpu_done.fetch_add(1, Ordering::SeqCst);
                });
            }
        }
    });
    assert_eq!(sleeps_done.into_inner(), 64);
    assert_eq!(cpu_done.into_inner(), 64);
    let m = pool.metrics();
    assert_eq!(m.blocking_calls, 64);
    // Each 10 ms call passed its seat on (to a spare, or to a worker already serving it
    // beside it); a call can only miss out if the monitor did not run for 10 ms, which a
    // loaded machine may do once or twice.
    assert!(m.handoffs >= 60 && m.handoffs <= 64, "{m:?}");
    // CPU work went on while workers were blocked (with no hand-off, a 2-thread pool whose
    // workers sleep could finish no CPU task meanwhile beyond the other worker's).
    assert!(cpu_done_while_blocked.into_inner() > 0);
    // Far fewer spares than blocking calls: the cache reuses them.
    assert!(m.spares_started < 64, "{m:?}");
}

#[test]
fn a_second_burst_reuses_cached_threads_and_they_retire_after_keep_alive() {
    let keep_alive = Duration::from_millis(300);
    // One seat: a spare serves the seat it was made for, so both bursts use seat 0's.
    let pool = ThreadPoolBuilder::new()
        .num_threads(1)
        .keep_alive(keep_alive)
        .build()
        .unwrap();
    // One blocking call at a time: the first is handed to a spare, the later ones find that
    // spare still serving beside the caller (a surplus place) or back in the cache.
    let burst = || {
        pool.install(|| {
            for _ in 0..8 {
                blocking(|| std::thread::sleep(Duration::from_millis(2)));
            }
        })
    };
    burst();
    let started = pool.metrics().spares_started;
    let pool_handoffs_after_first = pool.metrics().handoffs;
    assert!(started >= 1);
    // The thread that is one too many steps aside to the cache at its next job boundary, just
    // after the burst; give it that moment (far below the keep-alive).
    std::thread::sleep(Duration::from_millis(50));
    burst(); // within the keep-alive
    let m = pool.metrics();
    assert_eq!(
        m.spares_started, started,
        "second burst spawned new spares: {m:?}"
    );
    // The second burst found a thread in the cache (or still serving beside the caller).
    assert!(
        m.spares_reused >= 1 || m.handoffs > pool_handoffs_after_first,
        "{m:?}"
    );
    // After the keep-alive every cached thread exits.
    let deadline = Instant::now() + Duration::from_secs(10);
    while pool.metrics().spares_retired < started && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(pool.metrics().spares_retired, started);
}

#[test]
fn spare_threads_exit_so_the_thread_count_returns() {
    let pool = ThreadPoolBuilder::new()
        .num_threads(2)
        .keep_alive(Duration::from_millis(50))
        .build()
        .unwrap();
    pool.install(|| ());
    let base = process_threads();
    pool.scope(|s| {
        for _ in 0..4 {
            s.spawn(|_| blocking(|| std::thread::sleep(Duration::from_millis(20))));
        }
    });
    let deadline = Instant::now() + Duration::from_secs(10);
    while process_threads() > base && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(process_threads() <= base, "spares still alive");
}

#[test]
fn at_the_cap_blocking_runs_in_place() {
    let pool = ThreadPoolBuilder::new()
        .num_threads(2)
        .max_blocking_threads(1)
        .build()
        .unwrap();
    pool.install(|| ());
    let base = process_threads();
    let max_threads = AtomicUsize::new(0);
    pool.scope(|s| {
        for _ in 0..6 {
            s.spawn(|_| {
                blocking(|| {
                    max_threads.fetch_max(process_threads(), Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(5));
                })
            });
        }
    });
    let m = pool.metrics();
    assert_eq!(m.blocking_calls, 6);
    // At most one thread beyond the pool's two, ever.
    assert!(m.spares_started <= 1, "{m:?}");
    assert!(max_threads.into_inner() <= base + 1);
}

#[test]
fn outside_the_pool_blocking_just_runs() {
    assert_eq!(blocking(|| 5), 5);
    assert_eq!(weft_core::current_thread_index(), None);
}

#[test]
fn nested_blocking_and_blocking_inside_join_scope_install() {
    let pool = ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    let v = pool.install(|| {
        let (a, b) = weft_core::join(
            || blocking(|| blocking(|| 1)),
            || {
                weft_core::scope(|s| s.spawn(|_| assert_eq!(blocking(|| 2), 2)));
                3
            },
        );
        a + b
    });
    assert_eq!(v, 4);
    // The thread is a worker again after blocking returns.
    assert!(pool
        .install(|| {
            blocking(|| ());
            weft_core::current_thread_index()
        })
        .is_some());
}

#[test]
fn a_panic_inside_blocking_propagates_and_the_pool_keeps_its_threads() {
    let pool = ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    for _ in 0..10 {
        let r = catch_unwind(AssertUnwindSafe(|| {
            pool.install(|| blocking(|| panic!("inside blocking")))
        }));
        assert!(r.is_err());
    }
    // Every slot still has a holder: a broadcast reaches both.
    assert_eq!(pool.broadcast(|ctx| ctx.index()), [0, 1]);
    assert!(pool.install(weft_core::current_thread_index).is_some());
}

#[test]
fn local_work_of_a_blocked_worker_is_not_stranded() {
    let pool = ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let b_ran = AtomicBool::new(false);
    pool.install(|| {
        weft_core::scope(|s| {
            // Queued on the only worker's deque, then that worker blocks: the spare holding
            // the slot must run it while the sleep goes on.
            s.spawn(|_| b_ran.store(true, Ordering::SeqCst));
            blocking(|| {
                let deadline = Instant::now() + Duration::from_secs(10);
                while !b_ran.load(Ordering::SeqCst) && Instant::now() < deadline {
                    std::thread::sleep(Duration::from_millis(1));
                }
            });
            assert!(
                b_ran.load(Ordering::SeqCst),
                "queued job stranded while blocked"
            );
        })
    });
}
