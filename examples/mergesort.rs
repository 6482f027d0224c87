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
    SortTable::from_args().run(
        true,
        &[
            ("mergesort::<Adaptive> (this file)", &|v| {
                mergesort::<Adaptive>(v)
            }),
            ("mergesort::<Cost<4>> (this file)", &|v| {
                mergesort::<Cost<4>>(v)
            }),
        ],
    );
}

#[cfg(test)]
mod tests {
    use super::mergesort;
    use std::cmp::Ordering;
    use weft::weight::Weight;
    use weft_testkit::{every_config, Rng};

    /// A key and its original position; ordered by the key only, so that a stable sort keeps
    /// the positions of equal keys ascending.
    #[derive(Clone, Copy, Debug)]
    struct Rec {
        key: u32,
        at: usize,
    }

    impl PartialEq for Rec {
        fn eq(&self, other: &Self) -> bool {
            self.key == other.key
        }
    }
    impl Eq for Rec {}
    impl PartialOrd for Rec {
        fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
            Some(self.cmp(other))
        }
    }
    impl Ord for Rec {
        fn cmp(&self, other: &Self) -> Ordering {
            self.key.cmp(&other.key)
        }
    }

    /// `mergesort::<W>` against std's stable sort, record for record (so equal keys must keep
    /// their order), at lengths around the cutoffs and up, on distinct and on duplicate-heavy
    /// keys.
    fn sorts_stably_like_std<W: Weight>() {
        for (seed, len) in [0, 1, 2, 3, 15, 16, 17, 100, 1_000, 4_097, 30_000]
            .into_iter()
            .enumerate()
        {
            for modulus in [u32::MAX, 10] {
                let mut rng = Rng::new(seed as u64);
                let mut got: Vec<Rec> = (0..len)
                    .map(|at| Rec {
                        key: rng.next_u32() % modulus,
                        at,
                    })
                    .collect();
                let mut expected = got.clone();
                expected.sort();
                mergesort::<W>(&mut got);
                let pairs = |v: &[Rec]| v.iter().map(|r| (r.key, r.at)).collect::<Vec<_>>();
                let w = std::any::type_name::<W>();
                assert_eq!(
                    pairs(&got),
                    pairs(&expected),
                    "{w}, len {len}, modulus {modulus}"
                );
            }
        }
    }

    #[test]
    fn mergesort_sorts_stably_like_std_under_every_weight_on_every_pool() {
        every_config!(sorts_stably_like_std());
    }
}
