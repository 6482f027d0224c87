//! What `weft::trace` costs `join`: fib(30) with `join` at every call on pools of 1 and 2
//! threads, per join, plain and under `weft::trace::record`, in alternating rounds.
//!
//! `cargo bench --bench trace_cost` (`-- --rounds N`, default 41; `--plain`: the plain rounds
//! only, for comparing builds, such as this bench on the parent commit without recording).
//! Prints the median and the fastest round of each, and the ratios.

use std::hint::black_box;
use std::time::{Duration, Instant};
use weft_bench::cli::{self, number, Opt};
use weft_bench::workloads::weft_w;

const FIB: u64 = 30;

fn main() {
    let (mut rounds, mut plain_only) = (41usize, false);
    cli::parse(
        "cargo bench --bench trace_cost -- [--rounds N] [--plain]",
        |opt, p| {
            match opt {
                Opt::Long(n) if n == "rounds" => rounds = number(p.value()?)?,
                Opt::Long(n) if n == "plain" => plain_only = true,
                other => return Err(other.unexpected()),
            }
            Ok(())
        },
    );
    // fib(n) joins fib(n + 1) - 1 times.
    let joins = weft_bench::workloads::seq::fib(FIB + 1) - 1;
    println!(
        "weft::trace cost: fib({FIB}), {joins} joins, {rounds} alternating rounds; ns per join"
    );
    for threads in [1, 2] {
        let pool = weft_w::pool(threads);
        let (mut plain, mut recorded) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            plain.push(time(|| pool.install(|| weft_w::fib(black_box(FIB)))));
            if !plain_only {
                recorded.push(time(|| {
                    weft::trace::record(|| pool.install(|| weft_w::fib(black_box(FIB))))
                }));
            }
        }
        let per_join = |d: Duration| d.as_nanos() as f64 / joins as f64;
        let (pm, pf) = (per_join(median(&mut plain)), per_join(plain[0]));
        print!("{threads} thread(s): plain median {pm:.3}, fastest {pf:.3}");
        if !plain_only {
            let (rm, rf) = (per_join(median(&mut recorded)), per_join(recorded[0]));
            print!(
                "; recorded median {rm:.3}, fastest {rf:.3}; recorded/plain {:.2}x (fastest {:.2}x)",
                rm / pm,
                rf / pf
            );
        }
        println!();
    }
}

fn time<R>(f: impl FnOnce() -> R) -> Duration {
    let start = Instant::now();
    black_box(f());
    start.elapsed()
}

/// Sorts `v` and returns its median.
fn median(v: &mut [Duration]) -> Duration {
    v.sort_unstable();
    v[v.len() / 2]
}
