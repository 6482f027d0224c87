//! `Fixed<N>`: a float sum gives the same bits on every pool size and every run, because the
//! split tree depends only on the input's length.

use std::time::Duration;
use weft_iter::prelude::*;
use weft_testkit::within;

/// How long a check may take before it counts as hung.
const LIMIT: Duration = Duration::from_secs(30);

const LEN: usize = 1_000_000;
const LEAF: usize = 1024;
const POOLS: [usize; 5] = [1, 2, 3, 4, 8];
const RUNS: usize = 10;

/// The sum `Fixed<LEAF>` promises: split at the middle while a piece holds more than `LEAF`
/// items, sum leaves in order, add the halves' sums.
fn tree_sum(xs: &[f64]) -> f64 {
    if xs.len() > LEAF {
        let (left, right) = xs.split_at(xs.len() / 2);
        tree_sum(left) + tree_sum(right)
    } else {
        xs.iter().sum()
    }
}

#[test]
fn fixed_float_sum_is_bit_identical_on_every_pool_and_run() {
    within(LIMIT, || {
        let v = weft_testkit::mixed_magnitudes(LEN, 1);
        let expected = tree_sum(&v);
        let sequential: f64 = v.iter().sum();
        assert_ne!(
            expected.to_bits(),
            sequential.to_bits(),
            "the input must be sensitive to grouping for this test to mean anything"
        );
        for threads in POOLS {
            let pool = weft_core::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            for run in 0..RUNS {
                let sum: f64 = pool.install(|| v.par_iter().weight::<Fixed<LEAF>>().sum());
                assert_eq!(
                    sum.to_bits(),
                    expected.to_bits(),
                    "{threads} threads, run {run}: {sum:e} != {expected:e}"
                );
            }
        }
    });
}

#[test]
fn fixed_reduce_combines_in_the_same_tree_through_adaptors() {
    within(LIMIT, || {
        let v = weft_testkit::mixed_magnitudes(LEN / 10, 2);
        let expected: Vec<u64> = POOLS
            .iter()
            .map(|&threads| {
                let pool = weft_core::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                pool.install(|| {
                    v.par_iter()
                        .weight::<Fixed<100>>()
                        .map(|x| x * 3.0)
                        .enumerate()
                        .filter(|(i, _)| i % 3 != 0)
                        .map(|(_, x)| x)
                        .reduce(|| 0.0, |a, b| a + b)
                        .to_bits()
                })
            })
            .collect();
        assert!(
            expected.iter().all(|&bits| bits == expected[0]),
            "pools disagree: {expected:x?}"
        );
    });
}
