//! Each class of hang a code review found where rayon completes: every test runs its case under
//! a watchdog, so a regression fails in seconds instead of wedging the suite.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Arc, LazyLock, Mutex, OnceLock};
use std::time::{Duration, Instant};
use weft_core::{blocking, ThreadPool, ThreadPoolBuilder};
use weft_testkit::{pool, spin_for, within};

/// A pool of `n` threads that may start at most `spares` extra threads for `blocking`.
fn capped_pool(n: usize, spares: usize) -> ThreadPool {
    ThreadPoolBuilder::new()
        .num_threads(n)
        .max_blocking_threads(spares)
        .build()
        .unwrap()
}

// ---- 1. A lock held across `blocking` ----

#[test]
fn a_mutex_held_across_blocking_does_not_deadlock_with_the_spare() {
    within(Duration::from_secs(30), || {
        let pool = pool(1);
        let m = Mutex::new(0);
        for _ in 0..20 {
            pool.scope(|s| {
                s.spawn(|_| *m.lock().unwrap() += 1);
                s.spawn(|_| {
                    let _guard = m.lock().unwrap();
                    blocking(|| std::thread::sleep(Duration::from_millis(5)));
                });
            });
        }
        assert_eq!(*m.lock().unwrap(), 20);
    });
}

#[test]
fn a_once_lock_being_initialised_across_blocking_does_not_deadlock() {
    within(Duration::from_secs(30), || {
        let pool = pool(1);
        let cell = OnceLock::new();
        pool.scope(|s| {
            s.spawn(|_| assert_eq!(*cell.get_or_init(|| 1), 7));
            s.spawn(|_| {
                cell.get_or_init(|| {
                    blocking(|| std::thread::sleep(Duration::from_millis(20)));
                    7
                });
            });
        });
    });
}

#[test]
fn a_lazy_lock_forced_across_blocking_does_not_deadlock() {
    static SLOW: LazyLock<u32> = LazyLock::new(|| {
        blocking(|| std::thread::sleep(Duration::from_millis(20)));
        9
    });
    within(Duration::from_secs(30), || {
        let pool = pool(1);
        let sum = AtomicUsize::new(0);
        pool.scope(|s| {
            for _ in 0..4 {
                s.spawn(|_| {
                    sum.fetch_add(*SLOW as usize, Ordering::Relaxed);
                });
            }
        });
        assert_eq!(sum.into_inner(), 36);
    });
}

#[test]
fn a_thread_back_from_blocking_continues_without_waiting_for_the_spares_job() {
    within(Duration::from_secs(30), || {
        let pool = pool(1);
        let resumed_after = Mutex::new(Duration::ZERO);
        pool.scope(|s| {
            // Queued beside the blocked worker: the spare that takes its seat runs it, a long
            // job (500 ms) that must not hold the returning thread back.
            s.spawn(|_| spin_for(Duration::from_millis(500)));
            s.spawn(|_| {
                let returned = blocking(|| {
                    std::thread::sleep(Duration::from_millis(20));
                    Instant::now()
                });
                *resumed_after.lock().unwrap() = returned.elapsed();
            });
        });
        let waited = *resumed_after.lock().unwrap();
        assert!(
            waited < Duration::from_millis(250),
            "waited {waited:?} after blocking"
        );
    });
}

// ---- 2. A cross-pool wait that parks ----

#[test]
fn a_broadcast_from_a_worker_of_another_pool_keeps_serving_its_own_pool() {
    within(Duration::from_secs(30), || {
        let a = Arc::new(pool(1));
        let b = pool(2);
        let a2 = a.clone();
        let r = a.install(|| b.broadcast(|_| a2.install(|| 1)));
        assert_eq!(r, [1, 1]);
    });
}

#[test]
fn an_in_place_scope_of_another_pool_keeps_serving_the_callers_pool() {
    within(Duration::from_secs(30), || {
        let a = Arc::new(pool(1));
        let b = pool(2);
        let a2 = a.clone();
        let hits = AtomicUsize::new(0);
        a.install(|| {
            b.in_place_scope(|s| {
                for _ in 0..4 {
                    s.spawn(|_| {
                        hits.fetch_add(a2.install(|| 1), Ordering::Relaxed);
                    });
                }
            })
        });
        assert_eq!(hits.into_inner(), 4);
    });
}

#[test]
fn an_install_into_another_pool_keeps_serving_the_callers_pool() {
    within(Duration::from_secs(30), || {
        let a = Arc::new(pool(1));
        let b = pool(1);
        let a2 = a.clone();
        assert_eq!(a.install(|| b.install(|| a2.install(|| 5))), 5);
    });
}

// ---- 3. Start and exit handlers that panic ----

#[test]
fn a_panicking_start_handler_leaves_every_seat_served() {
    within(Duration::from_secs(30), || {
        let caught = Arc::new(AtomicUsize::new(0));
        let c = caught.clone();
        let pool = ThreadPoolBuilder::new()
            .num_threads(3)
            .start_handler(|i| {
                if i == 1 {
                    panic!("start handler of 1");
                }
            })
            .exit_handler(|i| {
                if i == 2 {
                    panic!("exit handler of 2");
                }
            })
            .panic_handler(move |_| {
                c.fetch_add(1, Ordering::SeqCst);
            })
            .build()
            .unwrap();
        let mut seen = pool.broadcast(|ctx| ctx.index());
        seen.sort();
        assert_eq!(seen, [0, 1, 2]);
        pool.wait_until_stopped();
        assert_eq!(caught.load(Ordering::SeqCst), 2);
    });
}

#[test]
fn a_start_handler_that_panics_on_spares_does_not_lose_the_blocked_seat() {
    within(Duration::from_secs(30), || {
        let started = Arc::new(AtomicUsize::new(0));
        let s2 = started.clone();
        let pool = ThreadPoolBuilder::new()
            .num_threads(1)
            .start_handler(move |_| {
                // The first thread is the pool's own; every later one is a spare.
                if s2.fetch_add(1, Ordering::SeqCst) > 0 {
                    panic!("spare start handler");
                }
            })
            .panic_handler(|_| {})
            .build()
            .unwrap();
        let (tx, rx) = channel();
        pool.install(|| {
            weft_core::join(
                move || blocking(|| rx.recv_timeout(Duration::from_secs(20)).unwrap()),
                || tx.send(()).unwrap(),
            )
        });
        assert!(started.load(Ordering::SeqCst) >= 2, "no spare ran");
    });
}

// ---- 4. Work stranded beside a blocked thread ----

#[test]
fn work_forked_beside_a_blocked_call_on_a_one_thread_pool_runs() {
    within(Duration::from_secs(30), || {
        let pool = pool(1);
        for _ in 0..20 {
            let (tx, rx) = channel();
            pool.install(|| {
                weft_core::join(
                    move || blocking(|| rx.recv_timeout(Duration::from_secs(20)).unwrap()),
                    move || tx.send(()).unwrap(),
                )
            });
        }
    });
}

#[test]
fn work_spawned_beside_a_blocked_call_on_a_one_thread_pool_runs() {
    within(Duration::from_secs(30), || {
        let pool = pool(1);
        let (tx, rx) = channel();
        pool.install(move || {
            weft_core::spawn(move || tx.send(()).unwrap());
            blocking(|| rx.recv_timeout(Duration::from_secs(20)).unwrap());
        });
    });
}

// ---- 5. A push followed by a wait that is not the pool's ----

#[test]
fn a_job_spawned_before_a_plain_blocking_wait_is_taken_by_a_sleeping_worker() {
    within(Duration::from_secs(60), || {
        let pool = capped_pool(2, 0);
        for _ in 0..2_000 {
            let (tx, rx) = channel();
            pool.install(move || {
                weft_core::spawn(move || tx.send(()).unwrap());
                // Not `blocking`: the worker just blocks; the other worker must have been
                // woken for the job.
                rx.recv_timeout(Duration::from_secs(20)).unwrap();
            });
        }
    });
}

#[test]
fn a_join_before_a_plain_blocking_wait_is_published_for_a_sleeping_worker() {
    within(Duration::from_secs(60), || {
        let pool = capped_pool(2, 0);
        for _ in 0..2_000 {
            let (tx, rx) = channel();
            pool.install(|| {
                weft_core::join(
                    move || rx.recv_timeout(Duration::from_secs(20)).unwrap(),
                    move || tx.send(()).unwrap(),
                )
            });
        }
    });
}

// ---- 6. A panic while a spare is being made ----

#[test]
fn a_thread_namer_that_panics_for_a_spare_does_not_lose_the_seat_or_the_reservation() {
    within(Duration::from_secs(30), || {
        let names = Arc::new(AtomicUsize::new(0));
        let n2 = names.clone();
        let pool = ThreadPoolBuilder::new()
            .num_threads(1)
            .max_blocking_threads(1)
            .thread_name(move |i| {
                // The pool's own thread is named at build; the first spare's name panics.
                if n2.fetch_add(1, Ordering::SeqCst) == 1 {
                    panic!("no name for you");
                }
                format!("w{i}")
            })
            .panic_handler(|_| {})
            .build()
            .unwrap();
        for _ in 0..3 {
            let (tx, rx) = channel();
            pool.install(|| {
                weft_core::join(
                    move || blocking(|| rx.recv_timeout(Duration::from_secs(20)).unwrap()),
                    move || tx.send(()).unwrap(),
                )
            });
        }
        // The reservation of the failed spawn was returned: the cap of one still allows one.
        assert!(pool.metrics().spares_started >= 1);
    });
}
