//! The weights decide the splits, wherever `.weight()` sits in the pipeline.

use std::panic::Location;
use weft_core::ThreadPoolBuilder;
use weft_iter::prelude::*;
use weft_iter::weight::{Weight, LEAF_COST};

/// The number of pieces a pipeline ran as: `fold` yields one accumulator per piece.
fn pieces<I: ParallelIterator>(it: I) -> usize {
    it.fold(|| (), |(), _| ()).count()
}

#[test]
fn fully_parallel_splits_to_single_items() {
    let v: Vec<u32> = (0..1000).collect();
    assert_eq!(pieces(v.par_iter().weight::<FullyParallel>()), 1000);
    // Placed after other adaptors, and under zip / chain / enumerate.
    assert_eq!(
        pieces(v.par_iter().map(|x| x + 1).weight::<FullyParallel>()),
        1000
    );
    assert_eq!(pieces(v.par_iter().weight::<FullyParallel>().zip(&v)), 1000);
    assert_eq!(
        pieces(v.par_iter().zip(v.par_iter().weight::<FullyParallel>())),
        1000
    );
    assert_eq!(
        pieces(v.par_iter().chain(&v).weight::<FullyParallel>()),
        2000
    );
    // On one side of a chain, the weight rules that side.
    let one_side = pieces(v.par_iter().weight::<FullyParallel>().chain(&v));
    assert!((1001..2000).contains(&one_side), "{one_side}");
    assert_eq!(
        pieces(v.par_iter().weight::<FullyParallel>().enumerate().rev()),
        1000
    );
    // with_min_len still bounds the pieces.
    assert_eq!(
        pieces(v.par_iter().weight::<FullyParallel>().with_min_len(10)),
        64
    );
}

#[test]
fn cost_splits_by_work() {
    let v: Vec<u32> = (0..2000).collect();
    assert_eq!(pieces(v.par_iter().weight::<Cost<1>>()), 1);
    let heavy = pieces(v.par_iter().weight::<Cost<{ LEAF_COST }>>());
    assert_eq!(heavy, 2000);
    let middle = pieces(v.par_iter().weight::<Cost<16>>());
    assert!((4..=16).contains(&middle), "{middle}");
    // with_max_len forces splits even when the weight would not.
    assert_eq!(
        pieces(v.par_iter().weight::<Cost<1>>().with_max_len(500)),
        4
    );
}

#[test]
fn adaptive_makes_a_few_pieces_per_thread() {
    let pool = ThreadPoolBuilder::new().num_threads(4).build().unwrap();
    let v: Vec<u32> = (0..100_000).collect();
    let n = pool.install(|| pieces(v.par_iter().weight::<Adaptive>()));
    // Two per thread, more only where pieces were stolen.
    assert!(n >= 8, "{n}");
    let default = pool.install(|| pieces(v.par_iter()));
    assert!(default >= 8, "{default}");
}

#[test]
fn autotune_settles_on_short_leaves() {
    let v: Vec<u64> = (0..200_000).collect();
    let mut last = 0;
    for _ in 0..5 {
        // One call site: the estimate carries over from pass to pass.
        last = pieces(
            v.par_iter()
                .weight::<Autotune>()
                // black_box: `pieces` drops the items, and in a release build the leaves
                // would be optimised to nothing (one piece is then the right answer).
                .map(|x| std::hint::black_box(x.wrapping_mul(31))),
        );
    }
    // Cheap items, leaves of a few microseconds: many more pieces than threads, but not
    // one per item.
    assert!(last > 2 * weft_core::current_num_threads(), "{last}");
    assert!(last < 200_000, "{last}");
}

/// A user weight: pieces of at most 100 items.
#[derive(Clone, Copy)]
struct Hundreds;

impl Weight for Hundreds {
    fn root(_len: usize, _site: &'static Location<'static>) -> Self {
        Hundreds
    }

    fn should_split(&mut self, len: usize, _migrated: bool) -> bool {
        len > 100
    }
}

#[test]
fn user_weights_work() {
    let v: Vec<u32> = (0..1024).collect();
    assert_eq!(pieces(v.par_iter().weight::<Hundreds>()), 16);
    let sum: u32 = v.par_iter().weight::<Hundreds>().sum();
    assert_eq!(sum, 1023 * 512);
}

#[test]
fn unindexed_pipelines_take_the_weight_through_consumers() {
    let v: Vec<u32> = (0..1000).collect();
    // filter is unindexed: the weight travels on the consumer side.
    let n = pieces(v.par_iter().weight::<FullyParallel>().filter(|_| true));
    assert_eq!(n, 1000);
    let n = pieces(v.par_iter().filter(|_| true).weight::<Cost<1>>());
    assert_eq!(n, 1);
}
