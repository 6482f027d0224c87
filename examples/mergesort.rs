//! Merge sort by hand on `weft::join_context`, merging in parallel; a weight type decides
//! where it turns sequential.
//!
//! `cargo run --release --example mergesort -- [LEN] [THREADS]` times it beside std's
//! sequential sort, weft's `par_sort` and rayon's, on LEN random `u32` (default 10^7).

use std::panic::Location;
use std::time::{Duration, Instant};
use weft::prelude::*;
use weft::weight::Weight;

/// Sorts `v` stably, splitting while the weight `W` says so: `mergesort::<Cost<4>>(&mut v)`.
#[track_caller]
pub fn mergesort<W: Weight>(v: &mut [impl Ord + Copy + Send + Sync]) {
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
    let std_time = time(&|v| v.sort());
    println!("{len} random u32 on {threads} threads (median of 5 runs)");
    for (name, t) in [
        ("std sort (sequential, stable)", std_time),
        (
            "mergesort::<Adaptive> (this file)",
            time(&|v| weft_pool.install(|| mergesort::<Adaptive>(v))),
        ),
        (
            "mergesort::<Cost<4>> (this file)",
            time(&|v| weft_pool.install(|| mergesort::<Cost<4>>(v))),
        ),
        (
            "weft par_sort",
            time(&|v| weft_pool.install(|| v.par_sort())),
        ),
        (
            "rayon par_sort",
            time(&|v| rayon_pool.install(|| rayon::slice::ParallelSliceMut::par_sort(&mut v[..]))),
        ),
    ] {
        println!(
            "{name:36} {:>9.1} ms  {:>5.2}x",
            t.as_secs_f64() * 1e3,
            std_time.as_secs_f64() / t.as_secs_f64()
        );
    }
}
