//! Parallel sorts: par_sort and par_sort_unstable of 10^7 u32 (four input shapes) and 10^6 short strings, weft beside rayon and std.
//!
//! `cargo bench --bench sorts`; pools of 2 threads.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::time::Duration;
use weft_bench::workloads::{self, rayon_w, weft_w};
use weft_bench::{short_strings, u32_input, Shape};

const THREADS: usize = 2;

/// One group: std, weft and rayon sorting copies of `input`.
fn group<T: Ord + Clone + Send>(c: &mut Criterion, name: &str, input: &[T], stable: bool) {
    let weft = weft_w::pool(THREADS);
    let rayon = rayon_w::pool(THREADS);
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    let fresh = || input.to_vec();
    let [std_f, rayon_f, weft_f] = workloads::sorts::<T>(stable);
    g.bench_function("std", |b| {
        b.iter_batched_ref(fresh, |v| std_f(v), BatchSize::LargeInput)
    });
    g.bench_function("weft", |b| {
        b.iter_batched_ref(fresh, |v| weft.install(|| weft_f(v)), BatchSize::LargeInput)
    });
    g.bench_function("rayon", |b| {
        b.iter_batched_ref(
            fresh,
            |v| rayon.install(|| rayon_f(v)),
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

fn sorts(c: &mut Criterion) {
    for shape in Shape::ALL {
        let input = u32_input(shape, 10_000_000);
        group(
            c,
            &format!("par_sort_unstable 10^7 {}", shape.name()),
            &input,
            false,
        );
        group(c, &format!("par_sort 10^7 {}", shape.name()), &input, true);
    }
    let strings = short_strings(1_000_000);
    group(c, "par_sort_unstable 10^6 strings", &strings, false);
    group(c, "par_sort 10^6 strings", &strings, true);
}

criterion_group!(benches, sorts);
criterion_main!(benches);
