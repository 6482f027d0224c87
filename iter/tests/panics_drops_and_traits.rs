//! Edge cases of the adaptors: Debug and Clone on every public iterator type, panics that
//! propagate (and a pool that survives them), bad arguments, and drops.

use std::fmt::Debug;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use weft_iter::prelude::*;
use weft_testkit::{each_pool, pools, DropCounter};

fn debug_clone<T: Debug + Clone>(it: &T) {
    let copy = it.clone();
    assert!(!format!("{copy:?}").is_empty());
}

#[test]
fn every_iterator_type_is_debug_and_clone() {
    let v = vec![1i32, 2, 3, 4];
    let nested = vec![vec![1i32], vec![2]];
    let base = v.par_iter();
    let owned = v.clone().into_par_iter();
    let ints = 0..4i32;
    // Sources.
    debug_clone(&base);
    debug_clone(&owned);
    debug_clone(&ints.clone().into_par_iter());
    debug_clone(&(0..=4i32).into_par_iter());
    debug_clone(&('a'..'e').into_par_iter());
    debug_clone(&('a'..='e').into_par_iter());
    debug_clone(&Some(1).into_par_iter());
    debug_clone(&Some(1).par_iter());
    debug_clone(&Ok::<i32, ()>(1).into_par_iter());
    debug_clone(&Ok::<i32, ()>(1).par_iter());
    debug_clone(&[1, 2].into_par_iter());
    // Adaptors.
    debug_clone(&base.clone().weight::<FullyParallel>());
    debug_clone(&base.clone().map(|x| x + 1));
    debug_clone(&base.clone().map_with(1, |a, x| x + *a));
    debug_clone(&base.clone().map_init(|| 1, |a, x| x + *a));
    debug_clone(&base.clone().cloned());
    debug_clone(&base.clone().copied());
    debug_clone(&base.clone().inspect(|_| ()));
    debug_clone(&owned.clone().update(|x| *x += 1));
    debug_clone(&base.clone().filter(|_| true));
    debug_clone(&base.clone().filter_map(|x| Some(*x)));
    debug_clone(&base.clone().flat_map(|x| vec![*x]));
    debug_clone(&base.clone().flat_map_iter(|x| vec![*x]));
    debug_clone(&nested.par_iter().flatten());
    debug_clone(&nested.par_iter().flatten_iter());
    debug_clone(&base.clone().chain(v.par_iter()));
    debug_clone(&base.clone().zip(v.par_iter()));
    debug_clone(&base.clone().zip_eq(v.par_iter()));
    debug_clone(&base.clone().interleave(v.par_iter()));
    debug_clone(&base.clone().interleave_shortest(v.par_iter()));
    debug_clone(&base.clone().enumerate());
    debug_clone(&base.clone().step_by(2));
    debug_clone(&base.clone().skip(1));
    debug_clone(&base.clone().take(1));
    debug_clone(&base.clone().rev());
    debug_clone(&base.clone().chunks(2));
    debug_clone(&base.clone().fold_chunks(2, || 0, |a, x| a + x));
    debug_clone(&base.clone().fold_chunks_with(2, 0, |a, x| a + x));
    debug_clone(&base.clone().with_min_len(2));
    debug_clone(&base.clone().with_max_len(2));
    debug_clone(&base.clone().by_uniform_blocks(2));
    debug_clone(&base.clone().by_exponential_blocks());
    debug_clone(&owned.clone().intersperse(0));
    debug_clone(&base.clone().panic_fuse());
    debug_clone(&base.clone().map(|x| Some(*x)).while_some());
    debug_clone(&base.clone().take_any(1));
    debug_clone(&base.clone().skip_any(1));
    debug_clone(&base.clone().take_any_while(|_| true));
    debug_clone(&base.clone().skip_any_while(|_| true));
    debug_clone(&base.clone().positions(|_| true));
    debug_clone(&base.clone().fold(|| 0, |a, x| a + x));
    debug_clone(&base.clone().fold_with(0, |a, x| a + x));
    debug_clone(&base.clone().try_fold(|| 0, |a, x| Some(a + x)));
    debug_clone(&base.clone().try_fold_with(0, |a, x| Some(a + x)));
}

#[test]
fn a_panic_reaches_the_caller_and_the_pool_survives() {
    for pool in pools() {
        panics_reach_the_caller_of(pool);
    }
}

fn panics_reach_the_caller_of(pool: &weft_core::ThreadPool) {
    for _ in 0..3 {
        let r = catch_unwind(AssertUnwindSafe(|| {
            pool.install(|| {
                (0..10_000).into_par_iter().for_each(|x| {
                    if x == 7_777 {
                        panic!("boom at {x}");
                    }
                })
            })
        }));
        let payload = r.expect_err("the panic must propagate");
        let msg = payload.downcast_ref::<String>().unwrap();
        assert_eq!(msg, "boom at 7777");
        // The pool still works.
        let sum: u64 = pool.install(|| (0..1000u64).into_par_iter().sum());
        assert_eq!(sum, 499_500);
    }
    let r = catch_unwind(AssertUnwindSafe(|| {
        pool.install(|| {
            (0..10_000)
                .into_par_iter()
                .panic_fuse()
                .map(|x| assert!(x != 3))
                .count()
        })
    }));
    assert!(r.is_err());
    // Fused through the producer side too (zip takes the producers).
    let r = catch_unwind(AssertUnwindSafe(|| {
        pool.install(|| {
            (0..10_000)
                .into_par_iter()
                .panic_fuse()
                .zip(0..10_000)
                .map(|(x, _)| assert!(x != 3))
                .count()
        })
    }));
    assert!(r.is_err());
    assert_eq!(
        pool.install(|| (0..10).into_par_iter().panic_fuse().zip(0..10).count()),
        10
    );
}

fn panic_message(f: impl FnOnce()) -> String {
    let payload = catch_unwind(AssertUnwindSafe(f)).expect_err("expected a panic");
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap()
}

#[test]
fn chunks_of_zero_panics() {
    let msg = panic_message(|| {
        let _ = (0..10).into_par_iter().chunks(0);
    });
    assert!(msg.contains("chunk_size must not be zero"), "{msg}");
    let msg = panic_message(|| {
        let _ = (0..10).into_par_iter().fold_chunks(0, || 0, |a, x| a + x);
    });
    assert!(msg.contains("chunk_size must not be zero"), "{msg}");
}

#[test]
fn step_by_zero_panics() {
    let msg = panic_message(|| {
        let _ = (0..10).into_par_iter().step_by(0);
    });
    assert!(msg.contains("step must be greater than zero"), "{msg}");
}

#[test]
fn zip_eq_of_unequal_lengths_panics() {
    let msg = panic_message(|| {
        let _ = (0..10).into_par_iter().zip_eq(0..9);
    });
    assert!(msg.contains("unequal lengths (10 and 9)"), "{msg}");
}

#[test]
fn owned_items_drop_exactly_once() {
    each_pool(|threads| {
        let drops = DropCounter::new();
        let v: Vec<_> = (0..1000).map(|i| drops.wrap(i)).collect();
        let kept: Vec<_> = v.into_par_iter().skip(100).take(500).collect();
        assert_eq!(drops.dropped(), 500, "{threads} threads");
        drop(kept);
        assert_eq!(drops.live(), 0, "{threads} threads");

        // A panic in the middle of a collect drops what was written and what was not.
        let drops = DropCounter::new();
        let v: Vec<_> = (0..1000).map(|i| drops.wrap(i)).collect();
        let r = catch_unwind(AssertUnwindSafe(|| {
            v.into_par_iter()
                .enumerate()
                .map(|(i, c)| {
                    assert!(i != 600, "stop");
                    c
                })
                .collect::<Vec<_>>()
        }));
        assert!(r.is_err());
        assert_eq!(drops.live(), 0, "{threads} threads");

        // Short-circuiting consumers drop the rest too.
        let drops = DropCounter::new();
        let v: Vec<_> = (0..1000).map(|i| drops.wrap(i)).collect();
        let found = v.into_par_iter().find_first(|_| true);
        drop(found);
        assert_eq!(drops.live(), 0, "{threads} threads");
    });
}

#[test]
fn find_first_stops_early() {
    each_pool(|threads| {
        let calls = AtomicUsize::new(0);
        let found = (0..1_000_000).into_par_iter().find_first(|&x| {
            calls.fetch_add(1, Ordering::Relaxed);
            x == 10
        });
        assert_eq!(found, Some(10));
        let calls = calls.into_inner();
        assert!(calls < 1_000_000, "{calls} calls on {threads} threads");
    });
}
