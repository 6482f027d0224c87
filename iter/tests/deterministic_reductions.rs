//! `Fixed<N>`: a float sum gives the same bits on every pool size and every run, because the
//! split tree depends only on the input's length.

use std::sync::mpsc::channel;
use std::thread;
use std::time::Duration;
use weft_iter::prelude::*;

const LEN: usize = 1_000_000;
const LEAF: usize = 1024;
const POOLS: [usize; 5] = [1, 2, 3, 4, 8];
const RUNS: usize = 10;

/// Runs `f` on its own thread and fails the test if it takes more than 30 s.
fn watchdog(f: impl FnOnce() + Send + 'static) {
    let (tx, rx) = channel();
    thread::spawn(move || {
        f();
        tx.send(()).unwrap();
    });
    rx.recv_timeout(Duration::from_secs(30))
        .expect("test failed or hung (see its output)");
}

/// Numbers from 1e-6 to 1e12 in magnitude, both signs, in an order that makes the sum depend
/// on how it is grouped (seeded xorshift: the same input every run).
fn mixed_magnitudes(len: usize) -> Vec<f64> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mantissa = (x >> 11) as f64 / (1u64 << 53) as f64;
            let exponent = (x % 19) as i32 - 6;
            let sign = if x & (1 << 10) == 0 { 1.0 } else { -1.0 };
            sign * mantissa * 10f64.powi(exponent)
        })
        .collect()
}

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
    watchdog(|| {
        let v = mixed_magnitudes(LEN);
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
    watchdog(|| {
        let v = mixed_magnitudes(LEN / 10);
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
