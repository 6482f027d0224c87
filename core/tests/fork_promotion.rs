//! When the lazy fork publishes (issue 11): a busy pool keeps its forks private, a fork beside
//! an idle worker is promoted and taken, and an idle thread gets the second half of a join
//! promptly (chili#33). These tests watch counters and clocks on a 2-thread pool, so they run
//! one at a time (`SERIAL`), each in its own pool. The three that need two free cores, when
//! they miss, first time two plain threads doing the same: if those miss too, the machine is
//! busy with other processes and the check is reported inconclusive instead of failed.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};
use weft_core::{join, ThreadPool, ThreadPoolBuilder};
use weft_testkit::{
    fail_unless_no_two_free_cores, fib, median_of_21, spin_for, within, TWO_SPINS_BOUND,
};

const LIMIT: Duration = Duration::from_secs(30);

/// Held by each test: two of them at once would make each other's workers idle or late.
fn serial() -> MutexGuard<'static, ()> {
    static SERIAL: Mutex<()> = Mutex::new(());
    SERIAL
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn two_threads() -> ThreadPool {
    ThreadPoolBuilder::new().num_threads(2).build().unwrap()
}

/// Runs `f` on a 2-thread pool whose threads have both run (a broadcast), under the watchdog
/// and alone among this file's tests.
fn on_two_started_threads(f: impl FnOnce(&ThreadPool) + Send + 'static) {
    let _serial = serial();
    within(LIMIT, || {
        let pool = two_threads();
        pool.broadcast(|_| ());
        f(&pool);
    });
}

/// Joins made by `fib(n)`.
fn fib_joins(n: u32) -> u64 {
    // (joins of fib(k - 1), joins of fib(k)), from k = 1.
    let (mut below, mut at) = (0u64, 0u64);
    for _ in 1..n {
        (below, at) = (at, 1 + at + below);
    }
    at
}

#[test]
fn fib_joins_counts_the_joins_of_fib() {
    assert_eq!(
        (0..6).map(fib_joins).collect::<Vec<_>>(),
        [0, 0, 1, 2, 4, 7]
    );
}

#[test]
fn forks_stay_private_while_every_other_worker_runs_a_job() {
    let _serial = serial();
    within(LIMIT, || {
        let pool = two_threads();
        let (forker_started, forker_done) = (AtomicBool::new(false), AtomicBool::new(false));
        let promoted = pool.broadcast(|ctx| {
            if ctx.index() == 0 {
                // Seat 1 runs its job (below) from here on: in weft's counters nobody is
                // idle, whatever the OS does with its thread.
                while !forker_started.load(Ordering::SeqCst) {
                    std::thread::yield_now();
                }
                let before = weft_core::metrics().promotions;
                assert_eq!(fib(22), 17_711);
                let promoted = weft_core::metrics().promotions - before;
                forker_done.store(true, Ordering::SeqCst);
                Some(promoted)
            } else {
                forker_started.store(true, Ordering::SeqCst);
                while !forker_done.load(Ordering::SeqCst) {
                    std::thread::sleep(Duration::from_micros(100));
                }
                None
            }
        });
        assert_eq!(promoted, [Some(0), None], "of {} joins", fib_joins(22));
    });
}

#[test]
fn two_workers_forking_side_by_side_promote_a_tiny_fraction_of_their_joins() {
    let _serial = serial();
    within(LIMIT, || {
        const N: u32 = 25;
        let pool = two_threads();
        let joins = 2 * fib_joins(N);
        let mut ratios: Vec<f64> = (0..5)
            .map(|_| {
                let before = pool.metrics().promotions;
                // Both workers start a tree at once; promotions happen only at the ends,
                // when one worker has run out and steals from the other.
                let sums = pool.broadcast(|_| fib(N));
                assert_eq!(sums, [75_025, 75_025]);
                (pool.metrics().promotions - before) as f64 / joins as f64
            })
            .collect();
        ratios.sort_by(f64::total_cmp);
        // A worker counts as idle while the OS keeps it off a core, and every fork of the
        // other promotes meanwhile: on a loaded machine some runs promote much more. The
        // best run shows what the pool does when both really run side by side.
        if ratios[0] >= 0.01 {
            fail_unless_no_two_free_cores(format!("promotions per join, sorted: {ratios:?}"));
        }
    });
}

#[test]
fn a_busy_owners_short_joins_are_not_stolen_from() {
    on_two_started_threads(|pool| {
        // One worker runs `fib(12)` (about 230 joins, a few microseconds) over and over for
        // 30 ms; the other is idle all along, and looks for forks once per doze (100 µs or
        // more). Before forks had to be a doze old, it stole one of those short jobs at
        // nearly every look (150 or more in 30 ms here); now only a job that the OS keeps
        // from its core for a doze, or the first one after its deep sleep, is worth a steal.
        let mut steals: Vec<u64> = (0..3)
            .map(|_| {
                let before = pool.metrics().steals;
                pool.install(|| {
                    let start = Instant::now();
                    while start.elapsed() < Duration::from_millis(30) {
                        assert_eq!(fib(12), 144);
                    }
                });
                pool.metrics().steals - before
            })
            .collect();
        steals.sort();
        assert!(steals[0] <= 10, "steals per 30 ms, sorted: {steals:?}");
    });
}

#[test]
fn a_fork_beside_a_sleeping_worker_is_promoted_and_taken() {
    // Both threads have run: a thread the OS has not started yet counts as busy.
    on_two_started_threads(|pool| {
        let (mut taken_by_the_sleeper, mut promoted_rounds) = (0, 0);
        let mut private_rounds = Vec::new();
        for round in 0..10 {
            let (promoted, a_thread, b_thread) = pool.install(|| {
                // Let the other worker run out of searching and park.
                std::thread::sleep(Duration::from_millis(3));
                let before = weft_core::metrics().promotions;
                let (a, b) = join(
                    || {
                        spin_for(Duration::from_millis(5));
                        std::thread::current().id()
                    },
                    || std::thread::current().id(),
                );
                (weft_core::metrics().promotions - before, a, b)
            });
            // Promoted, or stolen cold by the sleeper waking from its timed sleep just after
            // the push (a race about one round in 300 loses here).
            if promoted == 0 && a_thread == b_thread {
                private_rounds.push(round);
            }
            promoted_rounds += usize::from(promoted >= 1);
            taken_by_the_sleeper += usize::from(a_thread != b_thread);
        }
        // The sleeper must have run to become a taker while the owner slept, and to take the
        // fork while `a` ran (a loaded machine may keep it from a core for 5 ms in some
        // rounds, not in all). Without the wake it would sleep on: its search ended long
        // before the fork. A pool whose two threads share one CPU (other processes hold the
        // other) misses every round, as two plain threads would.
        if !private_rounds.is_empty() || promoted_rounds < 8 || taken_by_the_sleeper == 0 {
            fail_unless_no_two_free_cores(format!(
                "forks beside an idle worker stayed private in rounds {private_rounds:?}; \
                 promoted in {promoted_rounds} of 10 rounds, taken by the sleeper in \
                 {taken_by_the_sleeper}"
            ));
        }
    });
}

/// `leaves` spins of 50 µs under a tree of joins; counts those run on a thread other than
/// `owner`.
fn spread(leaves: usize, owner: Option<usize>, elsewhere: &AtomicUsize) {
    if leaves <= 1 {
        spin_for(Duration::from_micros(50));
        if weft_core::current_thread_index() != owner {
            elsewhere.fetch_add(1, Ordering::Relaxed);
        }
        return;
    }
    join(
        || spread(leaves / 2, owner, elsewhere),
        || spread(leaves - leaves / 2, owner, elsewhere),
    );
}

#[test]
fn a_loop_of_medium_joins_keeps_both_threads_busy() {
    on_two_started_threads(|pool| {
        // One worker runs 800 µs pieces (16 spins of 50 µs under joins) one after another for
        // 50 ms: each piece's oldest fork lives 400 µs, a few dozes, so the other worker
        // should take about half the spins. A thief that waited for forks as old as its
        // longest rest (1 ms) never found one and took about 5% (weft before this test).
        let mut shares: Vec<f64> = (0..3)
            .map(|_| {
                let (elsewhere, total) = (AtomicUsize::new(0), AtomicUsize::new(0));
                pool.install(|| {
                    let owner = weft_core::current_thread_index();
                    let start = Instant::now();
                    while start.elapsed() < Duration::from_millis(50) {
                        spread(16, owner, &elsewhere);
                        total.fetch_add(16, Ordering::Relaxed);
                    }
                });
                elsewhere.into_inner() as f64 / total.into_inner() as f64
            })
            .collect();
        shares.sort_by(f64::total_cmp);
        if shares[2] < 0.25 {
            // Two plain threads doing the same 50 ms of spins: below 1.6 cores' worth, the
            // machine had no two free cores, and the check proved nothing.
            let cores = plain_spinning_cores(Duration::from_millis(50));
            assert!(
                cores < 1.6,
                "share of spins run by the thief, sorted: {shares:?}; two plain threads \
                 spun {cores:.2} cores' worth side by side"
            );
            let _ = writeln!(
                std::io::stderr(),
                "inconclusive: share of spins run by the thief, sorted: {shares:?}; two \
                 plain threads spun only {cores:.2} cores' worth side by side"
            );
        }
    });
}

/// How many cores' worth of 50 µs spins two plain threads get through side by side in
/// `time`: about 2 on a machine with two free cores, about 1 where other processes hold one.
fn plain_spinning_cores(time: Duration) -> f64 {
    let spin = Duration::from_micros(50);
    let start = Instant::now();
    let spins: u32 = std::thread::scope(|s| {
        let spinner = || {
            s.spawn(move || {
                let mut n = 0;
                while start.elapsed() < time {
                    spin_for(spin);
                    n += 1;
                }
                n
            })
        };
        let (a, b) = (spinner(), spinner());
        a.join().unwrap() + b.join().unwrap()
    });
    (spin * spins).as_secs_f64() / start.elapsed().as_secs_f64()
}

#[test]
#[cfg_attr(debug_assertions, ignore = "timing: release only")]
fn an_idle_thread_takes_the_second_half_of_a_join_promptly() {
    // chili#33: with a heartbeat, the idle thread gets `b` only at the next beat, and the
    // join takes 2 ms instead of 1.
    on_two_started_threads(|pool| {
        let join_of_two_spins = || {
            pool.install(|| {
                // The other worker parks meanwhile.
                std::thread::sleep(Duration::from_millis(2));
                let start = Instant::now();
                join(
                    || spin_for(Duration::from_millis(1)),
                    || spin_for(Duration::from_millis(1)),
                );
                start.elapsed()
            })
        };
        // Up to three tries: other processes on a loaded machine can keep the woken thread
        // from a core for milliseconds; a pool that hands `b` over late fails every try.
        let mut medians = Vec::new();
        while medians.len() < 3 {
            let median = median_of_21(join_of_two_spins);
            if median < TWO_SPINS_BOUND {
                return;
            }
            medians.push(median);
        }
        fail_unless_no_two_free_cores(format!("medians of 21 rounds: {medians:?}"));
    });
}
