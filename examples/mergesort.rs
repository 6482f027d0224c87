//! Merge sort by hand on `weft::join_context`, merging in parallel; a weight type decides
//! where it turns sequential.
//!
//! `cargo run --release --example mergesort -- [LEN] [THREADS]` times it beside std's
//! sequential sort, weft's `par_sort` and rayon's, on LEN random `u32` (default 10^7).

use std::panic::Location;
use weft::prelude::*;

use weft::weight::Weight;
use weft_bench::sort_table::SortTable;

/// Sorts `v` stably, splitting while the weight `W` says so: `mergesort::<Cost<4>>(&mut v)`.
#[track_caller]
fn mergesort<W: Weight>(v: &mut [impl Ord + Copy + Send + Sync]) {
    let mut buf = v.to_vec();
    recurse(v, &mut buf, W::root(v.len(), Location::caller()), false);
}

fn recurse<W: Weight, T: Ord + Copy + Send + Sync>(
    v: &mut [T],
    buf: &mut [T],
    mut weight: W,
    migrated: bool,
) {
    if v.len() < 2 || !weight.should_split(v.len(), migrated) {
        return v.sort(); // the sequential cutoff
    }
    let mid = v.len() / 2;
    let ((v_lo, v_hi), (buf_lo, buf_hi)) = (v.split_at_mut(mid), buf.split_at_mut(mid));
    weft::join_context(
        |ctx| recurse(v_lo, buf_lo, weight, ctx.migrated()),
        |ctx| recurse(v_hi, buf_hi, weight, ctx.migrated()),
    );
    buf.copy_from_slice(v); // both sorted halves to the buffer, then merge them back
    let (left, right) = buf.split_at(mid);
    merge(left, right, v, weight, false);
}

/// Merges sorted `left` and `right` into `out`, in two parallel halves while `weight` says so.
fn merge<W: Weight, T: Ord + Copy + Send + Sync>(
    left: &[T],
    right: &[T],
    out: &mut [T],
    mut weight: W,
    migrated: bool,
) {
    if left.is_empty()
        || right.is_empty()
        || out.len() < 3
        || !weight.should_split(out.len(), migrated)
    {
        let (mut l, mut r) = (0, 0);
        for slot in out.iter_mut() {
            let take_left = r == right.len() || (l < left.len() && left[l] <= right[r]);
            *slot = if take_left {
                l += 1;
                left[l - 1]
            } else {
                r += 1;
                right[r - 1]
            };
        }
        return;
    }
    // Halve the longer run; binary-search where its middle goes in the other (ties: left first).
    let (l, r) = if left.len() >= right.len() {
        let l = left.len() / 2;
        (l, right.partition_point(|x| *x < left[l]))
    } else {
        let r = right.len() / 2;
        (left.partition_point(|x| *x <= right[r]), r)
    };
    let (out_lo, out_hi) = out.split_at_mut(l + r);
    weft::join_context(
        |ctx| merge(&left[..l], &right[..r], out_lo, weight, ctx.migrated()),
        |ctx| merge(&left[l..], &right[r..], out_hi, weight, ctx.migrated()),
    );
}

fn main() {
    let t = SortTable::from_args();
    t.print(&[
        ("std sort (sequential, stable)", t.time(&|v| v.sort())),
        (
            "mergesort::<Adaptive> (this file)",
            t.time(&|v| t.weft.install(|| mergesort::<Adaptive>(v))),
        ),
        (
            "mergesort::<Cost<4>> (this file)",
            t.time(&|v| t.weft.install(|| mergesort::<Cost<4>>(v))),
        ),
        (
            "weft par_sort",
            t.time(&|v| t.weft.install(|| v.par_sort())),
        ),
        (
            "rayon par_sort",
            t.time(&|v| {
                t.rayon
                    .install(|| rayon::slice::ParallelSliceMut::par_sort(&mut v[..]))
            }),
        ),
    ]);
}

#[cfg(test)]
mod tests {
    use super::mergesort;
    use weft::prelude::*;
    use weft_bench::inputs::Rng;

    fn random(len: usize, seed: u64, modulus: u32) -> Vec<u32> {
        let mut rng = Rng::new(seed);
        (0..len).map(|_| rng.next_u64() as u32 % modulus).collect()
    }

    #[test]
    fn mergesort_sorts_under_every_weight_and_pool_size() {
        for threads in [1, 2, 8] {
            let pool = weft::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                for (i, len) in [0, 1, 2, 15, 16, 17, 100, 1_000, 4_097, 100_000]
                    .into_iter()
                    .enumerate()
                {
                    for modulus in [u32::MAX, 10] {
                        let v = random(len, i as u64 + 7, modulus);
                        let mut expected = v.clone();
                        expected.sort();
                        macro_rules! check {
                            ($($w:ty),*) => {$(
                                let mut s = v.clone();
                                mergesort::<$w>(&mut s);
                                assert_eq!(s, expected, "{} len {len}", stringify!($w));
                            )*};
                        }
                        check!(Adaptive, FullyParallel, Cost<4>, Autotune);
                    }
                }
            });
        }
    }

    #[test]
    fn mergesort_is_stable() {
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
            mergesort::<Cost<1>>(&mut s);
            assert!(s
                .windows(2)
                .all(|w| w[0].0 < w[1].0 || (w[0].0 == w[1].0 && w[0].1 < w[1].1)));
        });
    }
}
