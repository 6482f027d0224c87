//! Shared harness of the adaptor tests: pools of 1, 2 and 8 threads, every built-in weight,
//! and input strategies (empty, one item, odd lengths, large).

#![allow(dead_code)]

use proptest::prelude::*;
use std::sync::OnceLock;
use weft_core::{ThreadPool, ThreadPoolBuilder};

/// The pools every check runs on.
pub fn pools() -> &'static [ThreadPool] {
    static POOLS: OnceLock<Vec<ThreadPool>> = OnceLock::new();
    POOLS.get_or_init(|| {
        [1, 2, 8]
            .into_iter()
            .map(|n| ThreadPoolBuilder::new().num_threads(n).build().unwrap())
            .collect()
    })
}

/// Runs `$check::<W>($args)` for every built-in weight `W`, on every pool.
#[macro_export]
macro_rules! every_config {
    ($check:ident ( $($arg:expr),* )) => {
        for pool in $crate::adaptors_common::pools() {
            pool.install(|| {
                $check::<weft_iter::weight::Adaptive>($($arg),*);
                $check::<weft_iter::weight::FullyParallel>($($arg),*);
                $check::<weft_iter::weight::Cost<1>>($($arg),*);
                $check::<weft_iter::weight::Cost<100_000>>($($arg),*);
                $check::<weft_iter::weight::Autotune>($($arg),*);
            });
        }
    };
}

/// Inputs: empty, one item, short odd lengths, and large ones.
pub fn inputs() -> impl Strategy<Value = Vec<i64>> {
    prop_oneof![
        Just(Vec::new()),
        prop::collection::vec(-1000i64..1000, 1..=1),
        prop::collection::vec(-1000i64..1000, 0..40),
        prop::collection::vec(-1000i64..1000, 1000..3000),
    ]
}

/// Small inputs, for checks whose cost grows fast with the length.
pub fn small_inputs() -> impl Strategy<Value = Vec<i64>> {
    prop_oneof![
        Just(Vec::new()),
        prop::collection::vec(-100i64..100, 1..=1),
        prop::collection::vec(-100i64..100, 0..40),
    ]
}

/// The proptest configuration: few cases, CI runs on two cores.
pub fn config() -> ProptestConfig {
    ProptestConfig::with_cases(24)
}
