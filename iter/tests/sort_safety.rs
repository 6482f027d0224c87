//! The sorts under a comparator that panics part-way, or that is not a total order: every
//! element stays in the slice exactly once (no leak, no double drop), and nothing hangs.

use std::panic::{catch_unwind, AssertUnwindSafe, Location};
use std::sync::atomic::{AtomicIsize, AtomicUsize, Ordering::Relaxed};
use std::sync::Arc;
use weft_iter::slice::ParallelSliceMut;
use weft_iter::weight::{Adaptive, FullyParallel, Weight};

/// Splits down to pieces of 8 elements, so that panics land in merges and partitions too.
#[derive(Clone, Copy)]
struct Fine;

impl Weight for Fine {
    fn root(_len: usize, _site: &'static Location<'static>) -> Self {
        Fine
    }
    fn should_split(&mut self, len: usize, _migrated: bool) -> bool {
        len > 8
    }
}

/// An element that counts its live instances; its heap payload turns a double drop into a
/// double free as well as a wrong count.
struct Tracked {
    value: u32,
    payload: Box<u32>,
    live: Arc<AtomicIsize>,
}

impl Tracked {
    fn new(value: u32, live: &Arc<AtomicIsize>) -> Self {
        live.fetch_add(1, Relaxed);
        Tracked {
            value,
            payload: Box::new(value),
            live: live.clone(),
        }
    }
}

impl Drop for Tracked {
    fn drop(&mut self) {
        assert_eq!(*self.payload, self.value, "a dropped element was corrupted");
        self.live.fetch_sub(1, Relaxed);
    }
}

fn pool(threads: usize) -> weft_core::ThreadPool {
    quiet_panics();
    weft_core::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// Keeps the expected panics (the comparator's, and std's report of a broken order) off the
/// output; any other panic is still printed.
fn quiet_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let message = info
                .payload()
                .downcast_ref::<&str>()
                .copied()
                .or_else(|| info.payload().downcast_ref::<String>().map(String::as_str))
                .unwrap_or("");
            if !message.contains("on purpose") && !message.contains("total order") {
                default(info);
            }
        }));
    });
}

fn scrambled(len: u32) -> Vec<u32> {
    (0..len)
        .map(|i| i.wrapping_mul(2_654_435_761) % len)
        .collect()
}

type SortFn = fn(&mut [Tracked], &(dyn Fn(&Tracked, &Tracked) -> std::cmp::Ordering + Sync));

fn sorts() -> Vec<(&'static str, SortFn)> {
    vec![
        ("par_sort_by", |v, c| v.par_sort_by(c)),
        ("par_sort_unstable_by", |v, c| v.par_sort_unstable_by(c)),
        ("par_sort_by Fine", |v, c| v.par_sort_by_with::<Fine, _>(c)),
        ("par_sort_unstable_by Fine", |v, c| {
            v.par_sort_unstable_by_with::<Fine, _>(c)
        }),
        ("par_sort_by FullyParallel", |v, c| {
            v.par_sort_by_with::<FullyParallel, _>(c)
        }),
        ("par_sort_unstable_by Adaptive", |v, c| {
            v.par_sort_unstable_by_with::<Adaptive, _>(c)
        }),
        ("par_sort_by_cached_key", |v, c| {
            // The key is the value; the comparator panics through the key function.
            let _ = c;
            v.par_sort_by_cached_key(|t| {
                c(t, t);
                t.value
            })
        }),
    ]
}

/// The sorts to try on `len` elements: from 100,000 on, only the unstable ones, whose parallel
/// partition starts there (the others are covered by the shorter inputs).
fn sorts_for(len: u32) -> Vec<(&'static str, SortFn)> {
    let mut sorts = sorts();
    if len >= 100_000 {
        sorts.retain(|(name, _)| name.contains("unstable"));
    }
    sorts
}

/// Pool sizes to try: one under Miri, where each thread is slow to simulate.
fn threads() -> &'static [usize] {
    if cfg!(miri) {
        &[2]
    } else {
        &[1, 2, 8]
    }
}

/// Sizes to try: fewer and smaller under Miri.
fn lens(full: &'static [u32], miri: &'static [u32]) -> &'static [u32] {
    if cfg!(miri) {
        miri
    } else {
        full
    }
}

#[test]
fn panicking_comparator_leaves_each_element_once() {
    for &threads in threads() {
        // 100,000 elements take the parallel partition of the unstable sort (2 and 8 threads).
        for &len in lens(&[0, 1, 7, 100, 1000, 20_000, 100_000], &[0, 1, 7, 40]) {
            for (name, sort) in sorts_for(len) {
                let panic_points: &[usize] = if len < 100_000 {
                    &[0, 1, 50, 2_000, 30_000]
                } else {
                    // In the sampling, in the parallel partition, in the leaf sorts.
                    &[2_000, 150_000, 1_000_000]
                };
                for &panic_after in panic_points {
                    let live = Arc::new(AtomicIsize::new(0));
                    let mut v: Vec<Tracked> = scrambled(len)
                        .into_iter()
                        .map(|x| Tracked::new(x, &live))
                        .collect();
                    let calls = AtomicUsize::new(0);
                    let cmp = |a: &Tracked, b: &Tracked| {
                        if calls.fetch_add(1, Relaxed) == panic_after {
                            panic!("comparator panics on purpose");
                        }
                        a.value.cmp(&b.value)
                    };
                    let result = pool(threads)
                        .install(|| catch_unwind(AssertUnwindSafe(|| sort(&mut v, &cmp))));
                    let mut values: Vec<u32> = v.iter().map(|t| t.value).collect();
                    values.sort_unstable();
                    let mut expected = scrambled(len);
                    expected.sort_unstable();
                    assert_eq!(
                        values, expected,
                        "{name}, {threads} threads, len {len}, panic after {panic_after}"
                    );
                    if result.is_ok() {
                        assert!(v.windows(2).all(|w| w[0].value <= w[1].value), "{name}");
                    }
                    drop(v);
                    assert_eq!(live.load(Relaxed), 0, "{name}: leaked or dropped twice");
                }
            }
        }
    }
}

#[test]
fn non_total_orders_only_permute() {
    for &threads in threads() {
        for &len in lens(&[10, 500, 5_000, 50_000, 100_000], &[10, 40]) {
            for (name, sort) in sorts_for(len) {
                for kind in 0..3 {
                    let live = Arc::new(AtomicIsize::new(0));
                    let mut v: Vec<Tracked> = scrambled(len)
                        .into_iter()
                        .map(|x| Tracked::new(x, &live))
                        .collect();
                    let calls = AtomicUsize::new(0);
                    let cmp = |a: &Tracked, b: &Tracked| {
                        let n = calls.fetch_add(1, Relaxed) as u32;
                        match kind {
                            // Random answers.
                            0 => match n.wrapping_mul(2_654_435_761) >> 30 {
                                0 => std::cmp::Ordering::Less,
                                1 => std::cmp::Ordering::Equal,
                                _ => std::cmp::Ordering::Greater,
                            },
                            // Always "less".
                            1 => std::cmp::Ordering::Less,
                            // Not transitive: a rock-paper-scissors order on value % 3.
                            _ => match (a.value % 3 + 3 - b.value % 3) % 3 {
                                0 => std::cmp::Ordering::Equal,
                                1 => std::cmp::Ordering::Greater,
                                _ => std::cmp::Ordering::Less,
                            },
                        }
                    };
                    // std's sorts may panic when they detect a broken order; either way the
                    // slice must hold a permutation afterwards.
                    let _ = pool(threads)
                        .install(|| catch_unwind(AssertUnwindSafe(|| sort(&mut v, &cmp))));
                    let mut values: Vec<u32> = v.iter().map(|t| t.value).collect();
                    values.sort_unstable();
                    let mut expected = scrambled(len);
                    expected.sort_unstable();
                    assert_eq!(
                        values, expected,
                        "{name}, kind {kind}, {threads} threads, len {len}"
                    );
                    drop(v);
                    assert_eq!(live.load(Relaxed), 0, "{name}: leaked or dropped twice");
                }
            }
        }
    }
}
