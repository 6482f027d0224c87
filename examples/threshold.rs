//! One workload, `par_iter().map(work).sum()`, under each built-in weight: when each one wins.
//!
//! `cargo run --release --example threshold -- [THREADS]` prints the median time of each weight
//! on three inputs:
//! - 2,000 cheap items: `Cost<1>` knows the total is below a leaf's worth and forks nothing
//!   (on weft's cheap forks `Adaptive` comes close; on rayon's this case is 5x sequential).
//! - 1,000,000 cheap items: `Adaptive` cuts a few large pieces and re-splits only stolen ones;
//!   `FullyParallel` pays a fork per item.
//! - 64 items, the last 8 heavy (0.5 ms each): `Adaptive` and `Cost<1>` leave all 8 in one
//!   leaf, run by one thread; `FullyParallel` gives every item its own task.
//!
//! `Autotune` measures its first runs at each call site, then cuts pieces of about 5 µs: close
//! to the best on all three without being told anything.

use std::hint::black_box;
use std::time::{Duration, Instant};
use weft::prelude::*;
use weft::weight::Weight;

/// Costs from this many units up are timed spins.
const SPIN: u64 = 10_000;

/// `cost` dependent multiply-adds (about a nanosecond each); a cost of [`SPIN`] or more is
/// that many nanoseconds of spinning instead, which the optimiser cannot shorten.
fn work(x: u64, cost: u64) -> u64 {
    if cost >= SPIN {
        let end = Instant::now() + Duration::from_nanos(cost);
        while Instant::now() < end {
            std::hint::spin_loop();
        }
        return x;
    }
    (0..cost).fold(x, |a, i| {
        black_box(a.wrapping_mul(6_364_136_223_846_793_005)).wrapping_add(i)
    })
}

/// The workload: each item costs `cost(item)` units. `#[track_caller]` passes the call site on
/// to `.weight()`, so Autotune remembers each input separately.
#[track_caller]
fn run<W: Weight>(items: &[u64], cost: fn(u64) -> u64) -> Duration {
    let mut runs = Vec::new();
    for _ in 0..9 {
        // A loop, not a closure: `#[track_caller]` does not reach through closures.
        let start = Instant::now();
        let s = items
            .par_iter()
            .weight::<W>()
            .map(|&x| work(x, cost(x)))
            .sum::<u64>();
        black_box(s);
        runs.push(start.elapsed());
    }
    runs.sort();
    runs[4] // the median of 9: Autotune's untuned first run does not count
}

/// One row of the table: the three inputs under the weight `W`.
fn row<W: Weight>(name: &str, small: &[u64], large: &[u64], heavy: &[u64]) -> [Duration; 3] {
    let times = [
        run::<W>(small, |_| 1),
        run::<W>(large, |_| 1),
        run::<W>(heavy, |x| if x >= 56 { 500_000 } else { 100 }),
    ];
    let ms = times.map(|t| format!("{:>10.3}", t.as_secs_f64() * 1e3));
    println!("{name:16} {} {} {}", ms[0], ms[1], ms[2]);
    times
}

fn main() {
    let threads = std::env::args()
        .nth(1)
        .map_or(2, |a| a.parse().expect("a thread count"));
    let (small, large, heavy): (Vec<u64>, Vec<u64>, Vec<u64>) = (
        (0..2_000).collect(),
        (0..1_000_000).collect(),
        (0..64).collect(),
    );
    let pool = weft::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        println!("median ms on {threads} threads  2k cheap   1M cheap   8 heavy");
        let rows = [
            (
                "Adaptive",
                row::<Adaptive>("Adaptive", &small, &large, &heavy),
            ),
            (
                "FullyParallel",
                row::<FullyParallel>("FullyParallel", &small, &large, &heavy),
            ),
            ("Cost<1>", row::<Cost<1>>("Cost<1>", &small, &large, &heavy)),
            (
                "Autotune",
                row::<Autotune>("Autotune", &small, &large, &heavy),
            ),
        ];
        // The fastest weight, and any within 10% of it (a tie on a noisy machine).
        let best = |i: usize| {
            let min = rows.iter().map(|(_, t)| t[i]).min().unwrap();
            let near = rows
                .iter()
                .filter(|(_, t)| t[i].as_secs_f64() <= min.as_secs_f64() * 1.1);
            near.map(|(name, _)| *name).collect::<Vec<_>>().join("/")
        };
        println!(
            "fastest: 2k cheap {}; 1M cheap {}; 8 heavy {}",
            best(0),
            best(1),
            best(2)
        );
    });
}
