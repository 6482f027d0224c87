//! The README's first command: weft beside rayon and sequential code on the headline workloads, wall and CPU time.
//!
//! `cargo run --release --example demo` (under a minute on 2 cores), `-- --quick` (seconds).
//! Flags: `--threads N` (default: the machine's CPUs), `--size N` (sorts and iterators,
//! default 10^7), `--tree N` (nodes, default 10^7), `--fib N` (default 30), `--dispatches N`
//! (default 50,000), `--rounds N` (default 3; medians). Writes `target/weft-bench/demo.csv`.

use std::time::{Duration, Instant};
use weft_bench::experiments::{self as ex, Headline, Pools};
use weft_bench::report::{self, compare_table, dur, progress, progress_done};
use weft_bench::{explain, opt};

fn main() {
    if weft_bench::flag("--help") || weft_bench::flag("-h") {
        println!(
            "cargo run --release --example demo -- [--quick] [--threads N] [--size N] \
             [--tree N] [--fib N] [--dispatches N] [--rounds N]"
        );
        return;
    }
    let quick = weft_bench::flag("--quick");
    let cpus = std::thread::available_parallelism().map_or(2, |n| n.get());
    let threads: usize = opt("--threads").unwrap_or(cpus);
    let size: usize = opt("--size").unwrap_or(if quick { 1_000_000 } else { 10_000_000 });
    let nodes: usize = opt("--tree").unwrap_or(if quick { 1_000_000 } else { 10_000_000 });
    let fib_n: u64 = opt("--fib").unwrap_or(if quick { 25 } else { 30 });
    let dispatches: usize = opt("--dispatches").unwrap_or(if quick { 5_000 } else { 50_000 });
    let rounds: usize = opt("--rounds").unwrap_or(if quick { 1 } else { 3 });
    let idle = if quick {
        Duration::from_millis(300)
    } else {
        Duration::from_secs(1)
    };
    let mix_tasks = if quick { 16 } else { 64 };
    let start = Instant::now();

    println!("weft demo: {}", weft_bench::machine());
    if let Some(load) = weft_bench::cli::load_average() {
        let busy = if load > 0.5 * cpus as f64 {
            ": other processes share the CPUs, so expect noisy figures"
        } else {
            ""
        };
        println!("load average {load:.2} on {cpus} CPUs as the run starts{busy}");
    }
    println!(
        "{threads}-thread pools (narrow dispatch: 8), medians of {rounds} round(s), weft, rayon \
         (and chili on the fork rows) alternating; CPU = user+sys of the whole process \
         (getrusage)\n"
    );
    progress("preparing inputs");
    let inputs = Headline::new(fib_n, nodes, size);
    let p = Pools::new(threads);
    let mut rows = ex::headline(&p, &inputs, rounds);
    drop(inputs);
    let mut idle_row = ex::idle_burn(&p, Duration::from_millis(200), idle, rounds);
    idle_row.name = format!("idle burn ({} after burst)", dur(idle));
    rows.push(idle_row);
    let p8 = Pools::new(8);
    rows.push(ex::narrow(
        &p8,
        dispatches,
        Duration::from_micros(1),
        rounds,
    ));
    drop(p8);
    let ms10 = Duration::from_millis(10);
    let mix = ex::mix(&p, mix_tasks, ms10, ms10, rounds);
    rows.push(mix.compare.clone());
    progress_done();

    compare_table(&rows).print();
    println!("\nWhy the rows look as they do here:");
    for c in &rows {
        println!("- {}", explain::why(c, cpus));
    }
    println!(
        "- {} baselines: weft without blocking() took {}, rayon with a new thread per blocking \
         task {}",
        mix.compare.name,
        dur(mix.weft_plain.wall),
        dur(mix.threads.wall)
    );
    let records: Vec<_> = rows.iter().flat_map(|c| c.records()).collect();
    match report::write_csv("demo", &records) {
        Ok(path) => println!("results: {} ({} total)", path.display(), ex::since(start)),
        Err(e) => eprintln!("could not write results: {e}"),
    }
}
