//! Quicksort by hand on `weft::join_context`; a weight type decides where it turns sequential.
//!
//! `cargo run --release --example quicksort -- [LEN] [THREADS]` times it beside std's
//! sequential sort, weft's `par_sort_unstable` and rayon's, on LEN random `u32` (default 10^7).

use std::panic::Location;
use weft::prelude::*;

use weft::weight::Weight;
use weft_bench::sort_table::SortTable;

/// Sorts `v`, splitting while the weight `W` says so: `quicksort::<Cost<4>>(&mut v)`.
#[track_caller]
fn quicksort<W: Weight>(v: &mut [impl Ord + Send]) {
    recurse(v, W::root(v.len(), Location::caller()), false);
}

fn recurse<W: Weight, T: Ord + Send>(v: &mut [T], mut weight: W, migrated: bool) {
    if v.len() < 16 || !weight.should_split(v.len(), migrated) {
        return v.sort_unstable(); // the sequential cutoff
    }
    let mid = partition(v);
    let (low, high) = v.split_at_mut(mid);
    weft::join_context(
        |ctx| recurse(low, weight, ctx.migrated()),
        |ctx| recurse(&mut high[1..], weight, ctx.migrated()),
    );
}

/// Hoare partition around the median of the first, middle and last elements; returns the
/// pivot's final index. Elements equal to the pivot stop both scans, so they split evenly.
fn partition<T: Ord>(v: &mut [T]) -> usize {
    let (mid, last) = (v.len() / 2, v.len() - 1);
    for (a, b) in [(0, mid), (mid, last), (0, mid)] {
        if v[b] < v[a] {
            v.swap(a, b); // sorts the three samples
        }
    }
    v.swap(0, mid); // the median is the pivot, at v[0]
    let (mut i, mut j) = (1, last);
    loop {
        while i <= j && v[i] < v[0] {
            i += 1;
        }
        while i <= j && v[j] > v[0] {
            j -= 1;
        }
        if i >= j {
            break;
        }
        v.swap(i, j);
        (i, j) = (i + 1, j - 1);
    }
    v.swap(0, j); // v[..j] <= pivot <= v[j + 1..]
    j
}

fn main() {
    SortTable::from_args().run(
        false,
        &[
            ("quicksort::<Adaptive> (this file)", &|v| {
                quicksort::<Adaptive>(v)
            }),
            ("quicksort::<Cost<4>> (this file)", &|v| {
                quicksort::<Cost<4>>(v)
            }),
        ],
    );
}

#[cfg(test)]
mod tests {
    use super::quicksort;
    use weft::weight::Weight;
    use weft_testkit::{every_config, Rng};

    /// `quicksort::<W>` against std's sort, at lengths around the sequential cutoff and up,
    /// on distinct and on duplicate-heavy numbers.
    fn sorts_like_std<W: Weight>() {
        for (seed, len) in [0, 1, 2, 15, 16, 17, 100, 1_000, 4_097, 30_000]
            .into_iter()
            .enumerate()
        {
            for modulus in [u32::MAX, 10] {
                let mut rng = Rng::new(seed as u64);
                let mut got: Vec<u32> = (0..len).map(|_| rng.next_u32() % modulus).collect();
                let mut expected = got.clone();
                expected.sort_unstable();
                quicksort::<W>(&mut got);
                let w = std::any::type_name::<W>();
                assert_eq!(got, expected, "{w}, len {len}, modulus {modulus}");
            }
        }
    }

    #[test]
    fn quicksort_sorts_like_std_under_every_weight_on_every_pool() {
        every_config!(sorts_like_std());
    }
}
