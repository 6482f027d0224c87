//! A float sum that gives the same bits on every pool: `Fixed<1024>` beside `Adaptive`.
//!
//! `cargo run --release --example deterministic_sum -- [LEN] [ROUNDS]` sums LEN (default
//! 10^6) f64 of mixed magnitudes on pools of 1, 2, 3, 4 and 8 threads, counts the distinct
//! results each weight gives, then times both weights on the default pool in alternating
//! rounds (default 200) and prints the medians and their ratio.

use std::collections::HashSet;
use std::time::Instant;
use weft::prelude::*;

fn fixed(v: &[f64]) -> f64 {
    v.par_iter().weight::<Fixed<1024>>().sum()
}

fn adaptive(v: &[f64]) -> f64 {
    v.par_iter().weight::<Adaptive>().sum()
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let len = args.next().map_or(1_000_000, |a| a.parse().expect("LEN"));
    let rounds = args.next().map_or(200, |a| a.parse().expect("ROUNDS"));
    let v = weft_testkit::mixed_magnitudes(len, 1);

    for (name, sum) in [
        ("Fixed<1024>", fixed as fn(&[f64]) -> f64),
        ("Adaptive", adaptive),
    ] {
        let mut distinct = HashSet::new();
        for threads in [1, 2, 3, 4, 8] {
            let pool = weft::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            for _ in 0..10 {
                distinct.insert(pool.install(|| sum(&v)).to_bits());
            }
        }
        println!(
            "{name}: {} distinct result(s) over 50 runs on 5 pool sizes",
            distinct.len()
        );
    }

    let (mut t_fixed, mut t_adaptive) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        for (times, sum) in [
            (&mut t_fixed, fixed as fn(&[f64]) -> f64),
            (&mut t_adaptive, adaptive),
        ] {
            let start = Instant::now();
            std::hint::black_box(sum(std::hint::black_box(&v)));
            times.push(start.elapsed().as_secs_f64() * 1e6);
        }
    }
    let (f, a) = (median(t_fixed), median(t_adaptive));
    println!(
        "sum of {len} f64 on {} threads, median of {rounds} alternating rounds: \
         Fixed<1024> {f:.0} us, Adaptive {a:.0} us, ratio {:.3}",
        weft::current_num_threads(),
        f / a
    );
}
