//! Quicksort by hand on `weft::join_context`; a weight type decides where it turns sequential.
//!
//! `cargo run --release --example quicksort -- [LEN] [THREADS]` times it beside std's
//! sequential sort, weft's `par_sort_unstable` and rayon's, on LEN random `u32` (default 10^7).

use std::panic::Location;
use std::time::{Duration, Instant};
use weft::prelude::*;
use weft::weight::Weight;

/// Sorts `v`, splitting while the weight `W` says so: `quicksort::<Cost<4>>(&mut v)`.
#[track_caller]
pub fn quicksort<W: Weight>(v: &mut [impl Ord + Send]) {
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

#[allow(dead_code)] // unused where tests include this file
fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().expect("a number"));
    let (len, threads) = (args.next().unwrap_or(10_000_000), args.next().unwrap_or(2));
    let mut x = 0x2545_f491_4f6c_dd1d_u64;
    let input: Vec<u32> = (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u32
        })
        .collect();
    let weft_pool = weft::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let rayon_pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let time = |sort: &dyn Fn(&mut Vec<u32>)| -> Duration {
        let mut runs: Vec<Duration> = (0..5)
            .map(|_| {
                let mut v = input.clone();
                let start = Instant::now();
                sort(&mut v);
                let t = start.elapsed();
                assert!(v.windows(2).all(|w| w[0] <= w[1]));
                t
            })
            .collect();
        runs.sort();
        runs[2] // the median of 5
    };
    let std_time = time(&|v| v.sort_unstable());
    println!("{len} random u32 on {threads} threads (median of 5 runs)");
    for (name, t) in [
        ("std sort_unstable (sequential)", std_time),
        (
            "quicksort::<Adaptive> (this file)",
            time(&|v| weft_pool.install(|| quicksort::<Adaptive>(v))),
        ),
        (
            "quicksort::<Cost<4>> (this file)",
            time(&|v| weft_pool.install(|| quicksort::<Cost<4>>(v))),
        ),
        (
            "weft par_sort_unstable",
            time(&|v| weft_pool.install(|| v.par_sort_unstable())),
        ),
        (
            "rayon par_sort_unstable",
            time(&|v| {
                rayon_pool.install(|| rayon::slice::ParallelSliceMut::par_sort_unstable(&mut v[..]))
            }),
        ),
    ] {
        println!(
            "{name:36} {:>9.1} ms  {:>5.2}x",
            t.as_secs_f64() * 1e3,
            std_time.as_secs_f64() / t.as_secs_f64()
        );
    }
}
