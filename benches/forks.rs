//! Per-fork overhead: fib and balanced-tree sums with join at every call, weft beside rayon, chili and sequential code.
//!
//! `cargo bench --bench forks`; pools of 1 and 2 threads.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::hint::black_box;
use std::time::Duration;
use weft_bench::workloads::{chili_w, rayon_w, seq, weft_w};
use weft_bench::Node;

const FIB: u64 = 30;

fn fib(c: &mut Criterion) {
    let mut g = c.benchmark_group(format!("fib({FIB})"));
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    g.bench_function("seq", |b| b.iter(|| seq::fib(black_box(FIB))));
    for threads in [1, 2] {
        let weft = weft_w::pool(threads);
        let rayon = rayon_w::pool(threads);
        let chili = chili_w::pool(threads);
        g.bench_function(BenchmarkId::new("weft", threads), |b| {
            weft.install(|| b.iter(|| weft_w::fib(black_box(FIB))))
        });
        g.bench_function(BenchmarkId::new("rayon", threads), |b| {
            rayon.install(|| b.iter(|| rayon_w::fib(black_box(FIB))))
        });
        g.bench_function(BenchmarkId::new("chili", threads), |b| {
            let mut s = chili.scope();
            b.iter(|| chili_w::fib(black_box(FIB), &mut s))
        });
    }
    g.finish();
}

fn tree(c: &mut Criterion) {
    for nodes in [1_000, 10_000_000] {
        let tree = Node::tree(nodes);
        let mut g = c.benchmark_group(format!("tree-sum {}", weft_bench::units::pow10(nodes)));
        g.sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3));
        g.bench_function("seq", |b| b.iter(|| seq::tree_sum(black_box(&tree))));
        for threads in [1, 2] {
            let weft = weft_w::pool(threads);
            let rayon = rayon_w::pool(threads);
            let chili = chili_w::pool(threads);
            g.bench_function(BenchmarkId::new("weft", threads), |b| {
                weft.install(|| b.iter(|| weft_w::tree_sum(black_box(&tree))))
            });
            g.bench_function(BenchmarkId::new("rayon", threads), |b| {
                rayon.install(|| b.iter(|| rayon_w::tree_sum(black_box(&tree))))
            });
            g.bench_function(BenchmarkId::new("chili", threads), |b| {
                let mut s = chili.scope();
                b.iter(|| chili_w::tree_sum(black_box(&tree), &mut s))
            });
        }
        g.finish();
    }
}

criterion_group!(benches, fib, tree);
criterion_main!(benches);
