//! Parallel iterators: sum, map/filter-collect (10^7), flat_map-collect (10^6), find_first, par_bridge and the 2,000-element sum, weft beside rayon and std.
//!
//! `cargo bench --bench iter`; pools of 2 threads (the machine's cores). `WEFT_BENCH_SUM_LEN`
//! sets the length of the big sum (default 10^8).

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Duration;
use weft_bench::workloads::{rayon_w, seq, weft_w};

const THREADS: usize = 2;

/// One group: seq, weft and rayon on the same input, inside 2-thread pools.
fn group<R>(c: &mut Criterion, name: &str, v: &[u64], f: [fn(&[u64]) -> R; 3]) {
    let [seq_f, rayon_f, weft_f] = f;
    let weft = weft_w::pool(THREADS);
    let rayon = rayon_w::pool(THREADS);
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2));
    g.bench_function("seq", |b| b.iter(|| seq_f(black_box(v))));
    g.bench_function("weft", |b| weft.install(|| b.iter(|| weft_f(black_box(v)))));
    g.bench_function("rayon", |b| {
        rayon.install(|| b.iter(|| rayon_f(black_box(v))))
    });
    g.finish();
}

fn iter(c: &mut Criterion) {
    let big: usize = std::env::var("WEFT_BENCH_SUM_LEN")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000_000);
    let v: Vec<u64> = (0..big as u64).collect();
    let name = format!("sum {}", weft_bench::units::pow10(big));
    group(c, &name, &v, [seq::sum, rayon_w::sum, weft_w::sum]);
    drop(v);

    let v: Vec<u64> = (0..10_000_000).collect();
    group(
        c,
        "map-collect 10^7",
        &v,
        [seq::map_collect, rayon_w::map_collect, weft_w::map_collect],
    );
    group(
        c,
        "filter-collect 10^7",
        &v,
        [
            seq::filter_collect,
            rayon_w::filter_collect,
            weft_w::filter_collect,
        ],
    );
    group(
        c,
        "flat_map-collect 10^6",
        &v[..1_000_000],
        [
            seq::flat_map_collect,
            rayon_w::flat_map_collect,
            weft_w::flat_map_collect,
        ],
    );
    let target = v.len() as u64 * 3 / 4;
    group(
        c,
        "find_first at 3/4 of 10^7",
        &v,
        [
            |v| seq::find_first(v, v.len() as u64 * 3 / 4),
            |v| rayon_w::find_first(v, v.len() as u64 * 3 / 4),
            |v| weft_w::find_first(v, v.len() as u64 * 3 / 4),
        ],
    );
    debug_assert_eq!(seq::find_first(&v, target), Some(target));
    group(
        c,
        "par_bridge 10^6",
        &v[..1_000_000],
        [
            |v| seq::bridge(v.len() as u64),
            |v| rayon_w::bridge(v.len() as u64),
            |v| weft_w::bridge(v.len() as u64),
        ],
    );
    group(
        c,
        "sum 2000",
        &v[..2_000],
        [seq::sum, rayon_w::sum, weft_w::sum],
    );
}

criterion_group!(benches, iter);
criterion_main!(benches);
