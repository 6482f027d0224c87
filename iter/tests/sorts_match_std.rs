//! The parallel sorts against std's sequential sorts: random, duplicate-heavy, sorted, reversed
//! and sawtooth inputs, under every built-in weight and `Fixed<16>` (the deepest recursion that
//! still runs quickly), on 1, 2 and 8 threads.

use proptest::prelude::*;
use weft_iter::slice::ParallelSliceMut;
use weft_iter::weight::{Adaptive, Autotune, Cost, Fixed, FullyParallel, Weight};
use weft_testkit::{each_pool, pools, Rng, THREADS};

/// An input of length up to `max_len` in one of the shapes that sorts treat specially.
fn input(max_len: usize) -> impl Strategy<Value = Vec<u32>> {
    (0..=max_len, 0u8..6, any::<u64>()).prop_map(|(len, shape, seed)| {
        let mut rng = Rng::new(seed);
        let mut next = move || rng.next_u32();
        let mut v: Vec<u32> = match shape {
            0 => (0..len).map(|_| next()).collect(),
            1 => (0..len).map(|_| next() % 8).collect(),
            2 => (0..len as u32).collect(),
            3 => (0..len as u32).rev().collect(),
            4 => (0..len as u32).map(|i| i % 97).collect(),
            _ => vec![7; len],
        };
        if shape == 2 && len > 10 {
            // Nearly sorted: a few swaps.
            for _ in 0..3 {
                let (a, b) = (next() as usize % len, next() as usize % len);
                v.swap(a, b);
            }
        }
        v
    })
}

/// Runs every sort under weight `W` and checks each against std.
fn check_all<W: Weight>(v: &[u32]) {
    let mut expected = v.to_vec();
    expected.sort();

    let mut s = v.to_vec();
    s.par_sort_with::<W>();
    assert_eq!(s, expected, "par_sort");
    let mut s = v.to_vec();
    s.par_sort_unstable_with::<W>();
    assert_eq!(s, expected, "par_sort_unstable");

    let mut expected_rev = v.to_vec();
    expected_rev.sort_by(|a, b| b.cmp(a));
    let mut s = v.to_vec();
    s.par_sort_by_with::<W, _>(|a, b| b.cmp(a));
    assert_eq!(s, expected_rev, "par_sort_by");
    let mut s = v.to_vec();
    s.par_sort_unstable_by_with::<W, _>(|a, b| b.cmp(a));
    assert_eq!(s, expected_rev, "par_sort_unstable_by");

    // By a coarse key: the stable sorts must match std's stable sort exactly.
    let mut expected_key = v.to_vec();
    expected_key.sort_by_key(|x| x / 1000);
    let mut s = v.to_vec();
    s.par_sort_by_key_with::<W, _, _>(|x| x / 1000);
    assert_eq!(s, expected_key, "par_sort_by_key");
    let mut s = v.to_vec();
    s.par_sort_by_cached_key_with::<W, _, _>(|x| x / 1000);
    assert_eq!(s, expected_key, "par_sort_by_cached_key");
    let mut s = v.to_vec();
    s.par_sort_unstable_by_key_with::<W, _, _>(|x| x / 1000);
    assert!(
        s.windows(2).all(|w| w[0] / 1000 <= w[1] / 1000),
        "par_sort_unstable_by_key"
    );
    s.sort();
    assert_eq!(s, expected, "par_sort_unstable_by_key permutes");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn sorts_match_std(v in input(3000), pool in 0..THREADS.len()) {
        pools()[pool].install(|| {
            check_all::<Adaptive>(&v);
            check_all::<Fixed<16>>(&v);
            check_all::<Cost<16>>(&v);
            check_all::<Autotune>(&v);
        });
    }

    #[test]
    fn sorts_match_std_fully_parallel(v in input(300), pool in 0..THREADS.len()) {
        pools()[pool].install(|| check_all::<FullyParallel>(&v));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    /// Long enough for the unstable sort's parallel partition (from 65,536 elements, on pieces
    /// above one and a half threads' shares), in every input shape.
    #[test]
    fn unstable_sorts_with_a_parallel_partition_match_std(
        v in input(140_000).prop_filter("long enough", |v| v.len() >= 65_536),
        // The pools of 2 and 8 threads (one thread never partitions in parallel).
        pool in 1..THREADS.len(),
    ) {
        let mut expected = v.clone();
        expected.sort_unstable();
        pools()[pool].install(|| {
            let mut s = v.clone();
            s.par_sort_unstable();
            assert_eq!(s, expected, "par_sort_unstable");
            let mut s = v.clone();
            s.par_sort_unstable_with::<FullyParallel>();
            assert_eq!(s, expected, "par_sort_unstable_with::<FullyParallel>");
            let mut s = v.clone();
            s.par_sort_unstable_by(|a, b| b.cmp(a));
            assert!(s.iter().eq(expected.iter().rev()), "par_sort_unstable_by");
        });
    }
}

/// The parallel partition's samples (evenly spaced) alternately tiny and huge: its two pivots
/// end up far apart, so nearly every element falls in the band between them and the seam's
/// sort has to put almost everything in order.
#[test]
fn a_parallel_partition_with_pivots_far_apart_still_sorts() {
    let len = 1 << 17;
    let mut rng = Rng::new(7);
    let mut v: Vec<u32> = (0..len).map(|_| 1 + rng.next_u32() % 1_000_000).collect();
    // 2^17 elements take 2^9 samples, one every 256 from index 128.
    for (k, i) in (128..len).step_by(256).enumerate() {
        v[i] = if k % 2 == 0 { 0 } else { u32::MAX };
    }
    let mut expected = v.clone();
    expected.sort_unstable();
    for pool in &pools()[1..] {
        let mut s = v.clone();
        pool.install(|| s.par_sort_unstable());
        assert_eq!(s, expected, "{} threads", pool.current_num_threads());
    }
}

#[test]
fn large_inputs_match_std() {
    for (pool, len) in pools().iter().zip([200_000, 100_000, 400_000]) {
        let mut rng = Rng::new(len as u64);
        let v: Vec<u32> = (0..len).map(|_| rng.next_u32()).collect();
        pool.install(|| {
            check_all::<Adaptive>(&v);
            let few: Vec<u32> = v.iter().map(|x| x % 4).collect();
            check_all::<Adaptive>(&few);
            let sorted: Vec<u32> = (0..len as u32).collect();
            check_all::<Adaptive>(&sorted);
            let reversed: Vec<u32> = (0..len as u32).rev().collect();
            check_all::<Adaptive>(&reversed);
        });
    }
}

/// One key fills most of the input, with a spread of keys on either side: partitions send
/// every copy of their pivot to one side, where the unstable sort puts a run equal to the
/// predecessor in place in one pass (`quicksort.rs`).
#[test]
fn a_dominant_key_matches_std() {
    for pool in pools() {
        let mut rng = Rng::new(11);
        let v: Vec<u32> = (0..200_000)
            .map(|_| match rng.below(10) {
                0 => rng.below(1_000) as u32,
                9 => 2_000 + rng.below(1_000) as u32,
                _ => 1_500,
            })
            .collect();
        pool.install(|| check_all::<Adaptive>(&v));
    }
}

#[test]
fn strings_match_std() {
    let v: Vec<String> = (0..20_000u32)
        .map(|i| format!("{}", i.wrapping_mul(2_654_435_761) % 5000))
        .collect();
    let mut expected = v.clone();
    expected.sort();
    each_pool(|_| {
        let mut s = v.clone();
        s.par_sort();
        assert_eq!(s, expected);
        let mut s = v.clone();
        s.par_sort_unstable();
        assert_eq!(s, expected);
        let mut s = v.clone();
        s.par_sort_with::<Fixed<16>>();
        assert_eq!(s, expected);
    });
}

#[test]
fn zero_sized_and_tiny() {
    each_pool(|_| {
        let mut units = [(); 1000];
        units.par_sort();
        units.par_sort_unstable();
        units.par_sort_by_cached_key(|_| 0);
        for len in 0..20 {
            let mut v: Vec<u32> = (0..len).rev().collect();
            v.par_sort_with::<FullyParallel>();
            assert_eq!(v, (0..len).collect::<Vec<_>>());
            let mut v: Vec<u32> = (0..len).rev().collect();
            v.par_sort_unstable_with::<FullyParallel>();
            assert_eq!(v, (0..len).collect::<Vec<_>>());
        }
    });
}

#[test]
fn stable_sorts_keep_equal_keys_in_order() {
    // (key, payload): payloads increase with the original position.
    let records = |n: u32| -> Vec<(u8, u32)> {
        (0..n)
            .map(|i| ((i.wrapping_mul(2_654_435_761) >> 7) as u8 % 16, i))
            .collect()
    };
    let check = |s: &[(u8, u32)]| {
        for w in s.windows(2) {
            assert!(
                w[0].0 < w[1].0 || (w[0].0 == w[1].0 && w[0].1 < w[1].1),
                "{:?}",
                w
            );
        }
    };
    let short = records(50_000);
    each_pool(|_| {
        let mut s = short.clone();
        s.par_sort_by_key(|r| r.0);
        check(&s);
        let mut s = short.clone();
        s.par_sort_by(|a, b| a.0.cmp(&b.0));
        check(&s);
        let mut s = short.clone();
        s.par_sort_by_cached_key(|r| r.0);
        check(&s);
        let mut s = short.clone();
        s.par_sort_by_key_with::<Fixed<16>, _, _>(|r| r.0);
        check(&s);
        let mut s = short.clone();
        s.par_sort_by_cached_key_with::<Fixed<16>, _, _>(|r| r.0);
        check(&s);
    });
    // Leaves of 100,000 records (800 KB), which the stable sort sorts as merge sorts of their
    // own rather than in one call of std's sort (`mergesort.rs`, `seq_sort`).
    let long = records(300_000);
    each_pool(|_| {
        let mut s = long.clone();
        s.par_sort_by_key_with::<Fixed<100_000>, _, _>(|r| r.0);
        check(&s);
    });
}
