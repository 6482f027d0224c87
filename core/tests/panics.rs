//! Panics reach the caller after the other work has finished, and the pool survives.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use weft_core::{join, scope, ThreadPoolBuilder};
use weft_testkit::{pool, DropCounter};

#[test]
fn panic_in_a_waits_for_b() {
    for threads in [1, 2, 4] {
        let pool = pool(threads);
        for _ in 0..50 {
            let b_done = AtomicBool::new(false);
            let r = catch_unwind(AssertUnwindSafe(|| {
                pool.install(|| {
                    join(
                        || panic!("a"),
                        || {
                            std::thread::sleep(Duration::from_micros(50));
                            b_done.store(true, Ordering::SeqCst);
                        },
                    )
                })
            }));
            assert!(r.is_err());
            assert!(
                b_done.load(Ordering::SeqCst),
                "panic escaped before b finished"
            );
        }
        assert_eq!(pool.install(|| join(|| 1, || 2)), (1, 2));
    }
}

#[test]
fn panic_in_b_reaches_the_caller_after_a() {
    let pool = pool(2);
    for _ in 0..50 {
        let a_done = AtomicBool::new(false);
        let r = catch_unwind(AssertUnwindSafe(|| {
            pool.install(|| {
                join(
                    || {
                        std::thread::sleep(Duration::from_micros(50));
                        a_done.store(true, Ordering::SeqCst);
                    },
                    || panic!("b"),
                )
            })
        }));
        let msg = *r.unwrap_err().downcast::<&str>().unwrap();
        assert_eq!(msg, "b");
        assert!(a_done.load(Ordering::SeqCst));
    }
}

#[test]
fn panic_in_a_scope_task_waits_for_the_others() {
    let pool = pool(3);
    let finished = AtomicUsize::new(0);
    let r = catch_unwind(AssertUnwindSafe(|| {
        pool.scope(|s| {
            for i in 0..100 {
                let finished = &finished;
                s.spawn(move |_| {
                    if i == 37 {
                        panic!("task 37");
                    }
                    finished.fetch_add(1, Ordering::SeqCst);
                });
            }
        })
    }));
    assert!(r.is_err());
    assert_eq!(finished.load(Ordering::SeqCst), 99);
    assert_eq!(pool.install(|| 5), 5);
}

#[test]
fn panic_in_install_propagates_and_the_pool_survives() {
    let pool = pool(2);
    for _ in 0..20 {
        let r = catch_unwind(AssertUnwindSafe(|| pool.install(|| panic!("install"))));
        assert!(r.is_err());
    }
    assert_eq!(pool.broadcast(|ctx| ctx.index()), [0, 1]);
}

#[test]
fn detached_spawn_panic_goes_to_the_handler() {
    let (tx, rx) = channel();
    let tx = Mutex::new(tx);
    let pool = ThreadPoolBuilder::new()
        .num_threads(2)
        .panic_handler(move |p| {
            let msg = p.downcast_ref::<&str>().copied().unwrap_or("?").to_owned();
            tx.lock().unwrap().send(msg).unwrap();
        })
        .build()
        .unwrap();
    pool.spawn(|| panic!("detached"));
    assert_eq!(
        rx.recv_timeout(Duration::from_secs(10)).unwrap(),
        "detached"
    );
    assert_eq!(pool.install(|| join(|| 1, || 1)), (1, 1));
}

#[test]
fn detached_panic_without_handler_is_printed_and_the_pool_goes_on() {
    let pool = pool(1);
    pool.spawn(|| panic!("printed, not fatal"));
    let (tx, rx) = channel();
    pool.spawn(move || tx.send(()).unwrap());
    rx.recv_timeout(Duration::from_secs(10)).unwrap();
}

#[test]
fn nested_scope_and_join_panics_propagate_outward() {
    let r = catch_unwind(|| {
        scope(|s| {
            s.spawn(|_| {
                join(|| (), || panic!("deep"));
            });
        })
    });
    assert!(r.is_err());
    let counter = Arc::new(AtomicUsize::new(0));
    scope(|s| {
        s.spawn(|_| {
            counter.fetch_add(1, Ordering::SeqCst);
        })
    });
    assert_eq!(counter.load(Ordering::SeqCst), 1);
}

/// What a half run on another thread returned is dropped when the other half's panic wins,
/// and so are the other copies' results when one copy of a broadcast panics: nothing leaks.
#[test]
fn results_left_behind_by_a_panic_are_dropped() {
    weft_testkit::quiet_panics(&["on purpose"]);
    let counter = DropCounter::new();
    let pool = pool(2);
    for _ in 0..20 {
        let b_started = AtomicBool::new(false);
        let b_ran_elsewhere = AtomicBool::new(false);
        let r = catch_unwind(AssertUnwindSafe(|| {
            pool.install(|| {
                join(
                    || {
                        // Let the other worker take `b` (promoted to it, or stolen), so that
                        // its result is written into the job; bounded, in case it never does.
                        let deadline = Instant::now() + Duration::from_secs(10);
                        while !b_started.load(Ordering::SeqCst) && Instant::now() < deadline {
                            std::hint::spin_loop();
                        }
                        b_ran_elsewhere.store(b_started.load(Ordering::SeqCst), Ordering::SeqCst);
                        panic!("a, on purpose")
                    },
                    || {
                        b_started.store(true, Ordering::SeqCst);
                        counter.wrap(vec![7u8; 16])
                    },
                )
            })
        }));
        assert!(r.is_err());
        assert!(
            b_ran_elsewhere.load(Ordering::SeqCst),
            "b never left a's thread"
        );
    }
    let r = catch_unwind(AssertUnwindSafe(|| {
        pool.broadcast(|ctx| {
            if ctx.index() == 0 {
                panic!("broadcast copy 0, on purpose");
            }
            counter.wrap(ctx.index())
        })
    }));
    assert!(r.is_err());
    assert_eq!(counter.made(), 21);
    assert_eq!(counter.live(), 0, "a result left behind by a panic leaked");
}
