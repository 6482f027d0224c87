//! The oversubscribed table (issue 45, requirement 1): weft beside rayon on pools of more
//! threads than the machine has CPUs, and on one allowed CPU.
//!
//! `cargo bench --bench oversubscribed -- [--threads 2,8,32,64,128] [--rounds N]` runs, per
//! pool size, fib(25) with `join` at every call, `par_iter().sum()` of 10^6 `u64` from
//! outside the pool (one `install` per call), 1,000 x `install(sum of 10^4)`, 10^4 narrow
//! dispatches (`install(join(spin 1 µs, spin 1 µs))`) and the CPU of the idle second after a
//! 200 ms burst. `taskset -c 0 cargo bench --bench oversubscribed -- --pinned` runs the
//! one-CPU rows instead, fib(25) x 20 and 1,000 x sum of 10^5 from outside, on 2- and 4-thread
//! pools (`--threads` overrides): the bench does not set its affinity, the operator does.
//! Before each pool's rows it prints what weft's pool did per call of the install rows
//! (wake-ups, parks, promotions, steals, heavy fences), where a slow row's time goes.
//! weft and rayon rounds alternate in one process; medians. Writes
//! `bench-results/oversubscribed.json` (or `oversubscribed-pinned.json`) in the target
//! folder.

use std::hint::black_box;
use std::time::{Duration, Instant};
use weft_bench::cli::{self, number, numbers, Opt};
use weft_bench::experiments::{self as ex, Compare, Kind, Pools, Variants};
use weft_bench::progress::{progress_done, since};
use weft_bench::units::pow10;
use weft_bench::workloads::{rayon_w, seq, weft_w};
use weft_bench::{measure, report, ResultFile};

const USAGE: &str =
    "cargo bench --bench oversubscribed -- [--threads 2,8,32,64,128] [--rounds N] [--pinned]";

/// `calls` calls from outside the pool of `install(sum of v)`, for each library.
fn installs(p: &Pools, name: &str, calls: usize, v: &[u64], rounds: usize) -> Compare {
    ex::compare(
        name,
        Kind::Stream {
            bytes: (calls * std::mem::size_of_val(v)) as u64,
        },
        p.threads,
        rounds,
        Variants {
            seq: Some(&mut || {
                measure(|| (0..calls).map(|_| black_box(seq::sum(v))).sum::<u64>()).1
            }),
            rayon: &mut || {
                measure(|| {
                    (0..calls)
                        .map(|_| black_box(p.rayon.install(|| rayon_w::sum(v))))
                        .sum::<u64>()
                })
                .1
            },
            weft: &mut || {
                measure(|| {
                    (0..calls)
                        .map(|_| black_box(p.weft.install(|| weft_w::sum(v))))
                        .sum::<u64>()
                })
                .1
            },
            chili: None,
        },
    )
}

/// What weft's pool did per call in one more run of `calls` installs of `sum of v`: wake-ups,
/// parks, promotions, steals and heavy fences (`metrics()`), printed beside the table so
/// that a slow row shows where its time goes.
fn per_call(p: &Pools, name: &str, calls: usize, v: &[u64]) {
    let before = p.weft.metrics();
    for _ in 0..calls {
        black_box(p.weft.install(|| weft_w::sum(v)));
    }
    let after = p.weft.metrics();
    let per = |a: u64, b: u64| (a - b) as f64 / calls as f64;
    println!(
        "{name}, {} threads, weft per call: {:.2} wake-ups, {:.2} parks, {:.2} promotions, \
         {:.2} steals, {:.3} heavy fences",
        p.threads,
        per(after.wakeups, before.wakeups),
        per(after.parks, before.parks),
        per(after.promotions, before.promotions),
        per(after.steals, before.steals),
        per(after.heavy_fences, before.heavy_fences),
    );
}

/// fib(`n`) `times` times, each in one `install` from outside.
fn fibs(p: &Pools, n: u64, times: usize, rounds: usize) -> Compare {
    ex::compare(
        &format!("fib({n}) x {times}"),
        Kind::Forks {
            forks: times as u64 * ex::fib_joins(n),
        },
        p.threads,
        rounds,
        Variants {
            seq: Some(&mut || {
                measure(|| (0..times).map(|_| seq::fib(black_box(n))).sum::<u64>()).1
            }),
            rayon: &mut || {
                measure(|| {
                    (0..times)
                        .map(|_| p.rayon.install(|| rayon_w::fib(black_box(n))))
                        .sum::<u64>()
                })
                .1
            },
            weft: &mut || {
                measure(|| {
                    (0..times)
                        .map(|_| p.weft.install(|| weft_w::fib(black_box(n))))
                        .sum::<u64>()
                })
                .1
            },
            chili: None,
        },
    )
}

fn main() {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let (mut sweep, mut rounds, mut pinned) = (None, if smoke { 1 } else { 7 }, false);
    cli::parse(USAGE, |opt, p| {
        match opt {
            Opt::Long(n) if n == "threads" => sweep = Some(numbers(p.value()?)?),
            Opt::Long(n) if n == "rounds" => rounds = number(p.value()?)?,
            Opt::Long(n) if n == "pinned" => pinned = true,
            other => return Err(other.unexpected()),
        }
        Ok(())
    });
    let sweep = sweep.unwrap_or_else(|| match (smoke, pinned) {
        (true, _) => vec![2, 8],
        (false, true) => vec![2, 4],
        (false, false) => vec![2, 8, 32, 64, 128],
    });
    let start = Instant::now();
    let list: Vec<String> = sweep.iter().map(|t| t.to_string()).collect();
    let (bench, table) = if pinned {
        ("oversubscribed-pinned", "pinned")
    } else {
        ("oversubscribed", "oversubscribed")
    };
    let command = format!(
        "{}cargo bench --bench oversubscribed -- --threads {} --rounds {rounds}{}",
        if pinned { "taskset -c 0 " } else { "" },
        list.join(","),
        if pinned { " --pinned" } else { "" }
    );
    let mut file = ResultFile::new(bench, &command);
    let scale = |n: usize| if smoke { n / 10 } else { n };
    for &threads in &sweep {
        let p = Pools::new(threads);
        let rows = if pinned {
            let v = (0..scale(100_000) as u64).collect::<Vec<_>>();
            let name = format!("1000 x sum {}", pow10(v.len()));
            per_call(&p, &name, 1_000, &v);
            vec![
                fibs(&p, 25, 20, rounds),
                installs(&p, &name, 1_000, &v, rounds),
            ]
        } else {
            let big = (0..scale(1_000_000) as u64).collect::<Vec<_>>();
            let small = (0..scale(10_000) as u64).collect::<Vec<_>>();
            let idle = if smoke {
                Duration::from_millis(50)
            } else {
                Duration::from_secs(1)
            };
            per_call(
                &p,
                &format!("sum {} from outside", pow10(big.len())),
                20,
                &big,
            );
            per_call(
                &p,
                &format!("install(sum {})", pow10(small.len())),
                1_000,
                &small,
            );
            vec![
                fibs(&p, 25, 1, rounds),
                installs(
                    &p,
                    &format!("sum {} from outside", pow10(big.len())),
                    1,
                    &big,
                    rounds,
                ),
                installs(
                    &p,
                    &format!("1000 x install(sum {})", pow10(small.len())),
                    1_000,
                    &small,
                    rounds,
                ),
                ex::narrow(&p, scale(10_000), Duration::from_micros(1), rounds),
                ex::idle_burn(&p, Duration::from_millis(200), idle, rounds.min(5)),
            ]
        };
        for c in &rows {
            file.records.extend(c.records(table));
        }
    }
    file.title(
        table,
        if pinned {
            "One allowed CPU (taskset -c 0): fib(25) x 20 and 1,000 x sum of 10^5 from outside"
        } else {
            "Oversubscribed pools: fib(25), a sum of 10^6 from outside, 1,000 small installs, \
             10^4 narrow dispatches, the idle second after a 200 ms burst (its cpu column is \
             the figure)"
        },
    );
    progress_done();
    println!("total {}", since(start));
    report::finish(&file, smoke);
}
