//! The sorts under a comparator that panics part-way, or that is not a total order: every
//! element stays in the slice exactly once (no leak, no double drop), and nothing hangs.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use weft_core::ThreadPool;
use weft_iter::slice::ParallelSliceMut;
use weft_iter::weight::{Adaptive, Fixed, FullyParallel};
use weft_testkit::{pools, Counted, DropCounter};

/// An element that counts its clones and drops (see [`Counted`]).
type Tracked<'a> = Counted<'a, u32>;

fn scrambled(len: u32) -> Vec<u32> {
    (0..len)
        .map(|i| i.wrapping_mul(2_654_435_761) % len)
        .collect()
}

type SortFn = for<'a> fn(
    &mut [Tracked<'a>],
    &(dyn Fn(&Tracked<'a>, &Tracked<'a>) -> std::cmp::Ordering + Sync),
);

fn sorts() -> Vec<(&'static str, SortFn)> {
    vec![
        ("par_sort_by", |v, c| v.par_sort_by(c)),
        ("par_sort_unstable_by", |v, c| v.par_sort_unstable_by(c)),
        ("par_sort_by Fixed<8>", |v, c| {
            v.par_sort_by_with::<Fixed<8>, _>(c)
        }),
        ("par_sort_unstable_by Fixed<8>", |v, c| {
            v.par_sort_unstable_by_with::<Fixed<8>, _>(c)
        }),
        // Leaves of up to 32,768 elements, more than the stable sort hands std's sort at once:
        // its leaves are merge sorts of their own (`mergesort.rs`, `seq_sort`).
        ("par_sort_by Fixed<32768>", |v, c| {
            v.par_sort_by_with::<Fixed<32768>, _>(c)
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
/// partition starts there, and the stable one with big leaves (the others are covered by the
/// shorter inputs).
fn sorts_for(len: u32) -> Vec<(&'static str, SortFn)> {
    let mut sorts = sorts();
    if len >= 100_000 {
        sorts.retain(|(name, _)| name.contains("unstable") || name.contains("32768"));
    }
    sorts
}

/// The pools to try: only the one of 2 threads under Miri, where each thread is slow to
/// simulate. Expected panics stay off the output from here on.
fn pools_to_try() -> &'static [ThreadPool] {
    weft_testkit::quiet_panics(&["on purpose", "total order"]);
    if cfg!(miri) {
        &pools()[1..2]
    } else {
        pools()
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

/// Asserts that `v`, made from `scrambled(len)` and sorted (or not) since, still holds each of
/// those elements exactly once; then drops it and asserts that none leaked.
#[track_caller]
fn each_element_once(v: Vec<Tracked<'_>>, live: &DropCounter, len: u32, case: &str) {
    let mut values: Vec<u32> = v.iter().map(|t| t.value).collect();
    values.sort_unstable();
    let mut expected = scrambled(len);
    expected.sort_unstable();
    assert_eq!(values, expected, "{case}, len {len}");
    drop(v);
    assert_eq!(live.live(), 0, "{case}, len {len}: leaked");
}

#[test]
fn panicking_comparator_leaves_each_element_once() {
    for pool in pools_to_try() {
        let threads = pool.current_num_threads();
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
                    let live = DropCounter::new();
                    let mut v: Vec<Tracked> =
                        scrambled(len).into_iter().map(|x| live.wrap(x)).collect();
                    let calls = AtomicUsize::new(0);
                    let cmp = |a: &Tracked, b: &Tracked| {
                        if calls.fetch_add(1, Relaxed) == panic_after {
                            panic!("comparator panics on purpose");
                        }
                        a.value.cmp(&b.value)
                    };
                    let result =
                        pool.install(|| catch_unwind(AssertUnwindSafe(|| sort(&mut v, &cmp))));
                    if result.is_ok() {
                        assert!(v.windows(2).all(|w| w[0].value <= w[1].value), "{name}");
                    }
                    let case = format!("{name}, {threads} threads, panic after {panic_after}");
                    each_element_once(v, &live, len, &case);
                }
            }
        }
    }
}

#[test]
fn non_total_orders_only_permute() {
    for pool in pools_to_try() {
        let threads = pool.current_num_threads();
        for &len in lens(&[10, 500, 5_000, 50_000, 100_000], &[10, 40]) {
            for (name, sort) in sorts_for(len) {
                for kind in 0..3 {
                    let live = DropCounter::new();
                    let mut v: Vec<Tracked> =
                        scrambled(len).into_iter().map(|x| live.wrap(x)).collect();
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
                    let _ = pool.install(|| catch_unwind(AssertUnwindSafe(|| sort(&mut v, &cmp))));
                    let case = format!("{name}, kind {kind}, {threads} threads");
                    each_element_once(v, &live, len, &case);
                }
            }
        }
    }
}
