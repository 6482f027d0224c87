//! `map_init`, `for_each_init` and `try_for_each_init` call `init` about once per thread, not
//! once per piece; a value never leaves the thread that made it, is never lent to two pieces
//! at once, and is dropped before the call returns.

use std::cell::Cell;
use std::collections::HashSet;
use std::ops::ControlFlow;
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, ThreadId};
use std::time::Duration;
use weft_iter::prelude::*;
use weft_testkit::within;

/// How long a check may take before it counts as hung.
const LIMIT: Duration = Duration::from_secs(30);

/// The 10^6 in release builds (`cargo test --release -p weft-iter --test
/// init_per_thread`); 10^5 in debug builds, which are ten times slower.
const ITEMS: u64 = if cfg!(debug_assertions) {
    100_000
} else {
    1_000_000
};
/// The bound for `ITEMS` items on 4 threads, on the median of `RUNS` runs: the count follows
/// the steals, which preemption adds to where 4 threads share fewer cores (CI has 2).
const MAX_INITS: usize = 16;
const RUNS: usize = 9;

/// One counted pipeline at a time, so that the counts do not depend on the other tests.
static SERIAL: Mutex<()> = Mutex::new(());

fn pool(n: usize) -> weft_core::ThreadPool {
    weft_core::ThreadPoolBuilder::new()
        .num_threads(n)
        .build()
        .unwrap()
}

/// A per-thread value that checks it stays on its thread and is never lent twice at once.
struct Scratch {
    home: ThreadId,
    busy: Cell<bool>,
    drops: Arc<AtomicUsize>,
    _not_send: Rc<()>,
}

impl Scratch {
    fn new(inits: &AtomicUsize, drops: &Arc<AtomicUsize>) -> Self {
        inits.fetch_add(1, Ordering::SeqCst);
        Scratch {
            home: thread::current().id(),
            busy: Cell::new(false),
            drops: drops.clone(),
            _not_send: Rc::new(()),
        }
    }

    /// Marks the value in use while `f` runs.
    fn using<R>(&mut self, f: impl FnOnce() -> R) -> R {
        assert_eq!(self.home, thread::current().id(), "a value left its thread");
        assert!(!self.busy.replace(true), "a value was lent twice at once");
        let r = f();
        self.busy.set(false);
        r
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        assert_eq!(
            self.home,
            thread::current().id(),
            "a value dropped off its thread"
        );
        self.drops.fetch_add(1, Ordering::SeqCst);
    }
}

/// Runs `pipeline(inits, drops)` on 4 threads and checks the counts.
fn check_inits(
    name: &str,
    pipeline: impl Fn(&AtomicUsize, &Arc<AtomicUsize>) + Send + Sync + 'static,
) {
    let name = name.to_string();
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    within(LIMIT, move || {
        let pool = pool(4);
        let mut counts = Vec::new();
        for _ in 0..RUNS {
            let inits = AtomicUsize::new(0);
            let drops = Arc::new(AtomicUsize::new(0));
            pool.install(|| pipeline(&inits, &drops));
            let inits = inits.load(Ordering::SeqCst);
            assert_eq!(
                drops.load(Ordering::SeqCst),
                inits,
                "{name}: values not dropped"
            );
            counts.push(inits);
        }
        eprintln!("{name}: init calls per run on 4 threads: {counts:?}");
        counts.sort_unstable();
        assert!(
            counts[RUNS / 2] <= MAX_INITS,
            "{name}: init ran more than {MAX_INITS} times (median): {counts:?}"
        );
    });
}

#[test]
fn map_init_sum_calls_init_about_once_per_thread() {
    check_inits("map_init + sum", |inits, drops| {
        let sum: u64 = (0..ITEMS)
            .into_par_iter()
            .map_init(|| Scratch::new(inits, drops), |s, x| s.using(|| x * 3))
            .sum();
        assert_eq!(sum, 3 * ITEMS * (ITEMS - 1) / 2);
    });
}

#[test]
fn map_init_fully_parallel_calls_init_about_once_per_thread() {
    check_inits("map_init + FullyParallel", |inits, drops| {
        let sum: u64 = (0..ITEMS)
            .into_par_iter()
            .weight::<FullyParallel>()
            .map_init(|| Scratch::new(inits, drops), |s, x| s.using(|| x * 3))
            .sum();
        assert_eq!(sum, 3 * ITEMS * (ITEMS - 1) / 2);
    });
}

#[test]
fn map_init_collect_equals_sequential() {
    for_each_weight_check("map_init + collect", |inits, drops, fully| {
        let v: Vec<u64> = (0..ITEMS).collect();
        let init = || Scratch::new(inits, drops);
        let op = |s: &mut Scratch, &x: &u64| s.using(|| x ^ 0x5555);
        let out: Vec<u64> = if fully {
            v.par_iter()
                .weight::<FullyParallel>()
                .map_init(init, op)
                .collect()
        } else {
            v.par_iter().map_init(init, op).collect()
        };
        let expected: Vec<u64> = v.iter().map(|&x| x ^ 0x5555).collect();
        assert!(
            out == expected,
            "map_init + collect differs from sequential"
        );
    });
}

/// `check_inits` under the default weight, then under `FullyParallel`.
fn for_each_weight_check(
    name: &'static str,
    pipeline: impl Fn(&AtomicUsize, &Arc<AtomicUsize>, bool) + Send + Sync + Copy + 'static,
) {
    check_inits(name, move |i, d| pipeline(i, d, false));
    check_inits(&format!("{name} (FullyParallel)"), move |i, d| {
        pipeline(i, d, true)
    });
}

#[test]
fn for_each_init_writes_like_sequential() {
    for_each_weight_check("for_each_init", |inits, drops, fully| {
        let mut v = vec![0u64; ITEMS as usize];
        let op = |s: &mut Scratch, (i, x): (usize, &mut u64)| s.using(|| *x = i as u64 * 7);
        let init = || Scratch::new(inits, drops);
        if fully {
            v.par_iter_mut()
                .enumerate()
                .weight::<FullyParallel>()
                .for_each_init(init, op);
        } else {
            v.par_iter_mut().enumerate().for_each_init(init, op);
        }
        assert!(v.iter().enumerate().all(|(i, &x)| x == i as u64 * 7));
    });
}

#[test]
fn try_for_each_init_runs_to_the_end_or_stops() {
    for_each_weight_check("try_for_each_init", |inits, drops, fully| {
        let seen = AtomicUsize::new(0);
        let op = |s: &mut Scratch, _: u64| {
            s.using(|| {
                seen.fetch_add(1, Ordering::Relaxed);
                ControlFlow::<u64>::Continue(())
            })
        };
        let init = || Scratch::new(inits, drops);
        let r = if fully {
            (0..ITEMS)
                .into_par_iter()
                .weight::<FullyParallel>()
                .try_for_each_init(init, op)
        } else {
            (0..ITEMS).into_par_iter().try_for_each_init(init, op)
        };
        assert_eq!(r, ControlFlow::Continue(()));
        assert_eq!(seen.load(Ordering::Relaxed), ITEMS as usize);
    });
    // And it stops at a break.
    let r = (0..ITEMS)
        .into_par_iter()
        .try_for_each_init(|| 0u64, |_, x| if x == 4_321 { Err(x) } else { Ok(()) });
    assert_eq!(r, Err(4_321));
}

#[test]
fn a_piece_stolen_while_the_value_is_lent_gets_a_fresh_one() {
    within(LIMIT, || {
        let pool = pool(4);
        let inits = AtomicUsize::new(0);
        let drops = Arc::new(AtomicUsize::new(0));
        let threads = Mutex::new(HashSet::new());
        let sum: u64 = pool.install(|| {
            (0..64u64)
                .into_par_iter()
                .weight::<FullyParallel>()
                .map_init(
                    || Scratch::new(&inits, &drops),
                    |s, x| {
                        threads.lock().unwrap().insert(thread::current().id());
                        // While the value is lent, a join lets this thread run other pieces
                        // of the same pipeline: they must get values of their own.
                        s.using(|| {
                            let (a, b) = weft_core::join(
                                || {
                                    thread::sleep(Duration::from_micros(200));
                                    x
                                },
                                || x,
                            );
                            a + b
                        })
                    },
                )
                .sum()
        });
        assert_eq!(sum, 2 * (0..64).sum::<u64>());
        let inits = inits.load(Ordering::SeqCst);
        assert_eq!(drops.load(Ordering::SeqCst), inits);
        assert!(inits >= threads.lock().unwrap().len());
    });
}

#[test]
fn values_borrowing_the_callers_stack_are_dropped_before_the_call_returns() {
    struct Log<'a>(&'a Mutex<Vec<u64>>, u64);
    impl Drop for Log<'_> {
        fn drop(&mut self) {
            self.0.lock().unwrap().push(self.1);
        }
    }
    let log = Mutex::new(Vec::new());
    let n = (0..10_000u64)
        .into_par_iter()
        .map_init(|| Log(&log, 0), |l, x| l.1 += x)
        .count();
    assert_eq!(n, 10_000);
    let logged = log.into_inner().unwrap();
    assert_eq!(logged.iter().sum::<u64>(), (0..10_000).sum::<u64>());
}

#[test]
fn a_panicking_map_drops_its_value_and_propagates() {
    let drops = Arc::new(AtomicUsize::new(0));
    let inits = AtomicUsize::new(0);
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        (0..1_000u64)
            .into_par_iter()
            .map_init(
                || Scratch::new(&inits, &drops),
                |_, x| {
                    assert_ne!(x, 500, "boom");
                    x
                },
            )
            .sum::<u64>()
    }));
    assert!(r.is_err());
    assert_eq!(drops.load(Ordering::SeqCst), inits.load(Ordering::SeqCst));
}
