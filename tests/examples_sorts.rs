//! The sorts written by hand in examples/quicksort.rs and examples/mergesort.rs, on random data
//! under several weights and thread counts.
// Each example is its own program and declares the shared timing table itself, so including
// both here loads that module twice (harmlessly: only the sorts are used).
#![allow(clippy::duplicate_mod)]

#[path = "../examples/mergesort.rs"]
mod mergesort;
#[path = "../examples/quicksort.rs"]
mod quicksort;

use weft::prelude::*;

fn random(len: usize, seed: u64, modulus: u32) -> Vec<u32> {
    let mut x = seed | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u32 % modulus
        })
        .collect()
}

#[test]
fn hand_written_sorts_sort() {
    for threads in [1, 2, 8] {
        let pool = weft::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            for (i, len) in [0, 1, 2, 15, 16, 17, 100, 1_000, 4_097, 100_000].into_iter().enumerate() {
                for modulus in [u32::MAX, 10] {
                    let v = random(len, i as u64 + 7, modulus);
                    let mut expected = v.clone();
                    expected.sort();
                    macro_rules! check {
                        ($sort:ident, $($w:ty),*) => {$(
                            let mut s = v.clone();
                            $sort::$sort::<$w>(&mut s);
                            assert_eq!(s, expected, "{} {} len {len}", stringify!($sort), stringify!($w));
                        )*};
                    }
                    check!(quicksort, Adaptive, FullyParallel, Cost<4>, Autotune);
                    check!(mergesort, Adaptive, FullyParallel, Cost<4>, Autotune);
                }
            }
        });
    }
}

#[test]
fn hand_written_mergesort_is_stable() {
    // Order by the key only, so that equal keys with different payloads compare equal.
    #[derive(Clone, Copy, Debug)]
    struct Rec(u8, u32);
    impl PartialEq for Rec {
        fn eq(&self, other: &Self) -> bool {
            self.0 == other.0
        }
    }
    impl Eq for Rec {}
    impl PartialOrd for Rec {
        fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
            Some(self.cmp(other))
        }
    }
    impl Ord for Rec {
        fn cmp(&self, other: &Self) -> std::cmp::Ordering {
            self.0.cmp(&other.0)
        }
    }
    let records: Vec<Rec> = random(50_000, 3, 16)
        .into_iter()
        .enumerate()
        .map(|(i, k)| Rec(k as u8, i as u32))
        .collect();
    let pool = weft::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    pool.install(|| {
        let mut s = records.clone();
        mergesort::mergesort::<Cost<1>>(&mut s);
        assert!(s
            .windows(2)
            .all(|w| w[0].0 < w[1].0 || (w[0].0 == w[1].0 && w[0].1 < w[1].1)));
    });
}
