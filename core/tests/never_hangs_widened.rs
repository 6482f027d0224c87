//! Wider cases of the hang classes in `never_hangs.rs`: a lock held across `blocking` on 2
//! and 8 threads and with nested `blocking`, and cross-pool waits where every worker of the
//! calling pool is waiting. Each case runs under a watchdog and asserts its counts.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use weft_core::{blocking, join};
use weft_testkit::{pool, within};

const LIMIT: Duration = Duration::from_secs(30);

fn sleep_ms(ms: u64) {
    std::thread::sleep(Duration::from_millis(ms));
}

// ---- 1. A lock held across `blocking`, wider ----

/// How a task holds the shared lock across a `blocking` call.
#[derive(Clone, Copy, Debug)]
enum Hold {
    /// `let g = m.lock(); blocking(sleep)`.
    Across,
    /// `let g = m.lock(); blocking(|| blocking(sleep))`.
    AcrossNested,
    /// `blocking(|| { let g = m.lock(); blocking(sleep) })`.
    InsideNested,
    /// `let g = m.lock(); blocking(|| join(sleep, ..))`: a fork inside the blocked call.
    AcrossAJoin,
}

/// On a pool of `threads`, rounds of one task holding the lock across a 3 ms `blocking` call
/// (the way `hold` says) while twice as many tasks as threads wait for the same lock outside
/// `blocking`, so that every worker, and the spare given the holder's seat, blocks on it.
fn lock_held_across_blocking(threads: usize, hold: Hold) {
    within(LIMIT, move || {
        let pool = pool(threads);
        let m = Mutex::new(0usize);
        let rounds = 10;
        let takers = 2 * threads;
        for _ in 0..rounds {
            pool.scope(|s| {
                for _ in 0..takers {
                    s.spawn(|_| *m.lock().unwrap() += 1);
                }
                // Spawned last: the spawning worker runs it first (LIFO), the takers are
                // stolen by the others and wait for the lock it holds.
                s.spawn(|_| match hold {
                    Hold::Across => {
                        let mut g = m.lock().unwrap();
                        blocking(|| sleep_ms(3));
                        *g += 1;
                    }
                    Hold::AcrossNested => {
                        let mut g = m.lock().unwrap();
                        blocking(|| blocking(|| sleep_ms(3)));
                        *g += 1;
                    }
                    Hold::InsideNested => blocking(|| {
                        let mut g = m.lock().unwrap();
                        blocking(|| sleep_ms(3));
                        *g += 1;
                    }),
                    Hold::AcrossAJoin => {
                        let mut g = m.lock().unwrap();
                        let (x, y) = blocking(|| {
                            join(
                                || {
                                    sleep_ms(3);
                                    1
                                },
                                || 1,
                            )
                        });
                        *g += x + y - 1;
                    }
                });
            });
        }
        assert_eq!(m.into_inner().unwrap(), rounds * (takers + 1), "{hold:?}");
        let calls = pool.metrics().blocking_calls;
        // Nested calls count once: the inner one just runs its closure.
        assert_eq!(calls, rounds as u64, "{hold:?}");
    });
}

#[test]
fn a_mutex_held_across_blocking_on_two_threads_does_not_deadlock() {
    lock_held_across_blocking(2, Hold::Across);
}

#[test]
fn a_mutex_held_across_blocking_on_eight_threads_does_not_deadlock() {
    lock_held_across_blocking(8, Hold::Across);
}

#[test]
fn a_mutex_held_across_nested_blocking_does_not_deadlock() {
    for threads in [1, 2, 8] {
        lock_held_across_blocking(threads, Hold::AcrossNested);
    }
}

#[test]
fn a_mutex_taken_inside_blocking_and_held_across_a_nested_one_does_not_deadlock() {
    for threads in [1, 2, 8] {
        lock_held_across_blocking(threads, Hold::InsideNested);
    }
}

#[test]
fn a_mutex_held_across_a_blocking_call_that_forks_does_not_deadlock() {
    for threads in [1, 2, 8] {
        lock_held_across_blocking(threads, Hold::AcrossAJoin);
    }
}

#[test]
fn a_once_lock_initialised_across_blocking_with_every_worker_waiting_on_it() {
    within(LIMIT, || {
        for threads in [2, 8] {
            let pool = pool(threads);
            let cell = OnceLock::new();
            let initialising = AtomicBool::new(false);
            let seen = AtomicUsize::new(0);
            pool.scope(|s| {
                s.spawn(|_| {
                    cell.get_or_init(|| {
                        initialising.store(true, Ordering::SeqCst);
                        blocking(|| sleep_ms(20));
                        7
                    });
                });
                // Another worker took the initialiser (this one waits here, outside weft).
                while !initialising.load(Ordering::SeqCst) {
                    std::thread::yield_now();
                }
                for _ in 0..2 * threads {
                    s.spawn(|_| {
                        let v = cell.get_or_init(|| unreachable!("initialised once"));
                        seen.fetch_add(*v, Ordering::Relaxed);
                    });
                }
            });
            assert_eq!(cell.get(), Some(&7), "{threads} threads");
            assert_eq!(seen.into_inner(), 2 * threads * 7, "{threads} threads");
        }
    });
}

// ---- 2. Cross-pool waits with every worker of the calling pool waiting ----

/// `a` (2 threads) broadcasts; each of its workers waits for a broadcast of `b`, whose
/// workers each need `a` again, whose workers are all waiting: they must serve `a` while
/// they wait.
fn both_workers_wait_across_pools(b_threads: usize) {
    within(LIMIT, move || {
        let a = Arc::new(pool(2));
        let b = pool(b_threads);
        for round in 0..100 {
            let a2 = a.clone();
            let r = a.broadcast(|outer| {
                let o = outer.index();
                b.broadcast(|inner| {
                    let i = inner.index();
                    a2.install(|| 10 * o + i)
                })
            });
            let expected: Vec<Vec<usize>> = (0..2)
                .map(|o| (0..b_threads).map(|i| 10 * o + i).collect())
                .collect();
            assert_eq!(r, expected, "round {round}");
        }
    });
}

#[test]
fn a_cross_pool_broadcast_while_both_workers_of_the_caller_wait_into_one_thread() {
    both_workers_wait_across_pools(1);
}

#[test]
fn a_cross_pool_broadcast_while_both_workers_of_the_caller_wait_into_two_threads() {
    both_workers_wait_across_pools(2);
}

#[test]
fn a_cross_pool_broadcast_while_both_workers_of_the_caller_wait_into_eight_threads() {
    both_workers_wait_across_pools(8);
}

#[test]
fn a_broadcast_back_into_a_pool_whose_workers_all_wait_in_another_pools_broadcast() {
    within(LIMIT, || {
        let a = Arc::new(pool(2));
        let b = pool(2);
        for round in 0..100 {
            let a2 = a.clone();
            // Each of b's workers broadcasts into `a`: both of a's seats must run a job while
            // their workers wait for b.
            let r = a.broadcast(|_| b.broadcast(|_| a2.broadcast(|ctx| ctx.index())));
            assert_eq!(r, vec![vec![vec![0, 1]; 2]; 2], "round {round}");
        }
    });
}

#[test]
fn scopes_of_another_pool_while_both_workers_of_the_caller_wait() {
    within(LIMIT, || {
        let a = Arc::new(pool(2));
        let b = pool(2);
        let hits = AtomicUsize::new(0);
        for _ in 0..100 {
            let a2 = a.clone();
            a.broadcast(|_| {
                b.in_place_scope(|s| {
                    for _ in 0..4 {
                        s.spawn(|_| {
                            hits.fetch_add(a2.install(|| 1), Ordering::Relaxed);
                        });
                    }
                });
                b.scope(|s| {
                    for _ in 0..4 {
                        s.spawn(|_| {
                            hits.fetch_add(a2.install(|| 1), Ordering::Relaxed);
                        });
                    }
                });
            });
        }
        assert_eq!(hits.into_inner(), 100 * 2 * 8);
    });
}
