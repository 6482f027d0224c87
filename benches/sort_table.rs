//! Sort figures: weft's parallel sorts vs rayon's and std's sequential ones, in one process,
//! rounds alternating between candidates, medians reported.
//!
//! `cargo bench --bench sort_table -- [THREADS] [ROUNDS] [LEN] [WEIGHTS]`
//! WEIGHTS = 1 also times weft under several weights on random u32 (to pick the default).
//!
//! The last table is the machine's ceiling for a parallel sort built on std's: each of
//! `THREADS` threads sorts its own `1 / THREADS` of the input with std's sort (which does not
//! sort the whole, so it is a bound, not a candidate), beside std's sort of all of it and
//! weft's, in alternating rounds.

use std::panic::Location;
use weft::slice::ParallelSliceMut;
use weft::weight::{Adaptive, Autotune, Cost, Weight};
use weft_bench::experiments::{self as ex, Pools};
use weft_bench::progress::progress_done;
use weft_bench::workloads::{sorts, SortFn};
use weft_bench::{measure, Sample};
use weft_testkit::Rng;

/// Splits until pieces hold at most `len / N` elements (N pieces in all).
#[derive(Clone, Copy)]
struct Pieces<const N: usize>(usize);
impl<const N: usize> Weight for Pieces<N> {
    fn root(len: usize, _site: &'static Location<'static>) -> Self {
        Pieces(len.div_ceil(N).max(1))
    }
    fn should_split(&mut self, len: usize, _migrated: bool) -> bool {
        len > self.0
    }
}

/// Milliseconds, for the Markdown tables.
fn ms(d: std::time::Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Two rows of the table (stable, unstable): std, rayon and weft sorting `input`.
fn rows<T: Ord + Clone + Send>(p: &Pools, rounds: usize, name: &str, input: &[T]) {
    for (stable, kind) in [(true, "stable"), (false, "unstable")] {
        let c = ex::sort(p, &format!("{name}, {kind}"), input, stable, rounds);
        progress_done();
        let (s, ra, w) = (
            ms(c.seq.expect("std's sort").wall()),
            ms(c.rayon.wall()),
            ms(c.weft.wall()),
        );
        println!(
            "| {name} | {kind} | {s:.1} | {ra:.1} | {w:.1} | {:.2}x | {:.2}x |",
            s / w,
            ra / w
        );
    }
}

/// std's `sort` (stable or not) of each `1 / threads` of a copy of `input`, each part on a
/// thread of its own: about the least time any parallel sort that does std's work per
/// element can take.
fn parts<T: Ord + Clone + Send>(input: &[T], threads: usize, sort: SortFn<T>) -> Sample {
    let mut v = input.to_vec();
    let part = v.len().div_ceil(threads.max(1)).max(1);
    measure(|| {
        std::thread::scope(|scope| {
            for chunk in v.chunks_mut(part) {
                scope.spawn(move || sort(chunk));
            }
        })
    })
    .1
}

/// The ceiling table's rows (see the module docs): std, std on parts, weft, on `input`.
fn ceiling<T: Ord + Clone + Send>(p: &Pools, rounds: usize, input: &[T]) {
    println!("| sort | std (1 thread) | std on {0} parts ({0} threads) | weft | ceiling vs std | weft vs std | weft vs ceiling |", p.threads);
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (stable, kind) in [(true, "stable"), (false, "unstable")] {
        let run = |f: &dyn Fn(&mut [T])| {
            let mut v = input.to_vec();
            measure(|| f(&mut v)).1
        };
        let [seq_f, _, weft_f] = sorts::<T>(stable);
        let medians = ex::alternate(
            &format!("ceiling, {kind}"),
            rounds,
            &mut [
                &mut || run(&seq_f),
                &mut || parts(input, p.threads, seq_f),
                &mut || run(&|v| p.weft.install(|| weft_f(v))),
            ],
        );
        progress_done();
        let [s, c, w] = [0, 1, 2].map(|i| ms(medians[i].wall()));
        println!(
            "| {kind} | {s:.1} | {c:.1} | {w:.1} | {:.2}x | {:.2}x | {:.2} |",
            s / c,
            s / w,
            c / w
        );
    }
}

/// One run of weft's sort of a copy of `input` under weight `W`: stable, or unstable.
fn weighted<W: Weight, T: Ord + Clone + Send>(p: &Pools, input: &[T], stable: bool) -> Sample {
    let mut v = input.to_vec();
    let sample = measure(|| {
        p.weft.install(|| {
            if stable {
                v.par_sort_with::<W>()
            } else {
                v.par_sort_unstable_with::<W>()
            }
        })
    })
    .1;
    assert!(v.windows(2).all(|w| w[0] <= w[1]), "not sorted");
    sample
}

/// One line per weight: the median times of `par_sort` and `par_sort_unstable` under it,
/// every weight taking its turn in each round.
macro_rules! weights {
    ($p:expr, $rounds:expr, $input:expr, $($w:ty),*) => {{
        println!("| weight | par_sort | par_sort_unstable |");
        println!("|---|---:|---:|");
        let [stable, unstable] = [true, false].map(|stable| {
            let medians = ex::alternate(
                "weights",
                $rounds,
                &mut [$(&mut || weighted::<$w, _>($p, $input, stable)),*],
            );
            progress_done();
            medians
        });
        let names = [$(stringify!($w)),*];
        for ((name, s), u) in names.iter().zip(stable).zip(unstable) {
            println!("| {name} | {:.1} | {:.1} |", ms(s.wall()), ms(u.wall()));
        }
    }};
}

fn main() {
    // Numbers only: `cargo bench` adds a `--bench` flag of its own.
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let threads = args.first().copied().unwrap_or(2);
    let rounds = args.get(1).copied().unwrap_or(7);
    let len = args.get(2).copied().unwrap_or(10_000_000);
    let with_weights = args.get(3).copied().unwrap_or(0) == 1;
    let p = Pools::new(threads);
    let mut r = Rng::new(42);
    let random: Vec<u32> = (0..len).map(|_| r.next_u32()).collect();
    let strings: Vec<String> = (0..len / 10)
        .map(|_| format!("{:x}", r.below(100_000_000)))
        .collect();
    println!(
        "{len} u32 / {} strings, {threads} threads, median of {rounds} alternating rounds (ms)\n",
        len / 10
    );
    println!("| input | sort | std (1 thread) | rayon | weft | weft vs std | weft vs rayon |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    rows(&p, rounds, "random", &random);
    rows(&p, rounds, "sorted", &(0..len as u32).collect::<Vec<_>>());
    rows(
        &p,
        rounds,
        "reversed",
        &(0..len as u32).rev().collect::<Vec<_>>(),
    );
    let few: Vec<u32> = random.iter().map(|x| x % 16).collect();
    rows(&p, rounds, "few distinct (16)", &few);
    rows(&p, rounds, "short strings", &strings);

    println!(
        "\nThe ceiling on random u32: std's sort of each part on its own thread (median ms):\n"
    );
    ceiling(&p, rounds, &random);

    if with_weights {
        println!("\nweft's sorts on random u32 under each weight (median ms):\n");
        weights!(
            &p,
            rounds,
            &random,
            Adaptive,
            Pieces<4>,
            Pieces<8>,
            Pieces<16>,
            Cost<1>,
            Cost<8>,
            Cost<64>,
            Autotune
        );
        println!("\nweft's sorts on short strings under each weight (median ms):\n");
        weights!(
            &p,
            rounds,
            &strings,
            Adaptive,
            Pieces<8>,
            Cost<1>,
            Cost<8>,
            Cost<64>
        );
    }
}
