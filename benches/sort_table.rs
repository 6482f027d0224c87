//! Sort figures: weft's parallel sorts vs rayon's and std's sequential ones, in one process,
//! rounds alternating between candidates, medians reported.
//!
//! `cargo bench --bench sort_table -- [THREADS] [ROUNDS] [LEN] [WEIGHTS]`
//! WEIGHTS = 1 also times weft under several weights on random u32 (to pick the default).

use std::panic::Location;
use std::time::Instant;
use weft::slice::ParallelSliceMut;
use weft::weight::{Adaptive, Autotune, Cost, Weight};
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

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

type Sort<'a, T> = (&'a str, Box<dyn Fn(&mut Vec<T>) + Sync + 'a>);

/// Times each candidate on a fresh copy of `input`, `rounds` times, alternating; returns
/// (name, median ms).
fn race<T: Clone + Ord + Send + Sync>(
    input: &[T],
    rounds: usize,
    cands: &[Sort<'_, T>],
) -> Vec<(String, f64)> {
    let mut times = vec![Vec::new(); cands.len()];
    for _ in 0..rounds {
        for (i, (name, sort)) in cands.iter().enumerate() {
            let mut v = input.to_vec();
            let start = Instant::now();
            sort(&mut v);
            times[i].push(start.elapsed().as_secs_f64() * 1e3);
            assert!(v.windows(2).all(|w| w[0] <= w[1]), "{name} did not sort");
        }
    }
    cands
        .iter()
        .zip(times)
        .map(|((name, _), t)| (name.to_string(), median(t)))
        .collect()
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
    let weights = args.get(3).copied().unwrap_or(0) == 1;
    let wp = weft::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let rp = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let (wp, rp) = (&wp, &rp);
    let mut r = Rng::new(42);
    let random: Vec<u32> = (0..len).map(|_| r.next_u64() as u32).collect();
    let shapes: Vec<(&str, Vec<u32>)> = vec![
        ("random", random.clone()),
        ("sorted", (0..len as u32).collect()),
        ("reversed", (0..len as u32).rev().collect()),
        ("few distinct (16)", random.iter().map(|x| x % 16).collect()),
    ];
    println!(
        "{len} u32 / {} strings, {threads} threads, median of {rounds} alternating rounds (ms)\n",
        len / 10
    );
    println!("| input | sort | std (1 thread) | rayon | weft | weft vs std | weft vs rayon |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    let row = |input: &str, kind: &str, res: &[(String, f64)]| {
        let (s, ra, w) = (res[0].1, res[1].1, res[2].1);
        println!(
            "| {input} | {kind} | {s:.1} | {ra:.1} | {w:.1} | {:.2}x | {:.2}x |",
            s / w,
            ra / w
        );
    };
    for (name, input) in &shapes {
        let res = race(
            input,
            rounds,
            &[
                ("std", Box::new(|v: &mut Vec<u32>| v.sort())),
                (
                    "rayon",
                    Box::new(move |v: &mut Vec<u32>| {
                        rp.install(|| rayon::slice::ParallelSliceMut::par_sort(&mut v[..]))
                    }),
                ),
                (
                    "weft",
                    Box::new(move |v: &mut Vec<u32>| wp.install(|| v.par_sort())),
                ),
            ],
        );
        row(name, "stable", &res);
        let res = race(
            input,
            rounds,
            &[
                ("std", Box::new(|v: &mut Vec<u32>| v.sort_unstable())),
                (
                    "rayon",
                    Box::new(move |v: &mut Vec<u32>| {
                        rp.install(|| rayon::slice::ParallelSliceMut::par_sort_unstable(&mut v[..]))
                    }),
                ),
                (
                    "weft",
                    Box::new(move |v: &mut Vec<u32>| wp.install(|| v.par_sort_unstable())),
                ),
            ],
        );
        row(name, "unstable", &res);
    }
    let strings: Vec<String> = (0..len / 10)
        .map(|_| format!("{:x}", r.next_u64() % 100_000_000))
        .collect();
    let res = race(
        &strings,
        rounds,
        &[
            ("std", Box::new(|v: &mut Vec<String>| v.sort())),
            (
                "rayon",
                Box::new(move |v: &mut Vec<String>| {
                    rp.install(|| rayon::slice::ParallelSliceMut::par_sort(&mut v[..]))
                }),
            ),
            (
                "weft",
                Box::new(move |v: &mut Vec<String>| wp.install(|| v.par_sort())),
            ),
        ],
    );
    row("short strings", "stable", &res);
    let res = race(
        &strings,
        rounds,
        &[
            ("std", Box::new(|v: &mut Vec<String>| v.sort_unstable())),
            (
                "rayon",
                Box::new(move |v: &mut Vec<String>| {
                    rp.install(|| rayon::slice::ParallelSliceMut::par_sort_unstable(&mut v[..]))
                }),
            ),
            (
                "weft",
                Box::new(move |v: &mut Vec<String>| wp.install(|| v.par_sort_unstable())),
            ),
        ],
    );
    row("short strings", "unstable", &res);

    if weights {
        println!("\nweft's sorts on random u32 under each weight (median ms):\n");
        println!("| weight | par_sort | par_sort_unstable |");
        println!("|---|---:|---:|");
        macro_rules! w {
            ($input:expr, $t:ty, $($w:ty),*) => {{
                let stable = race($input, rounds, &[$((stringify!($w), Box::new(move |v: &mut Vec<$t>| wp.install(|| v.par_sort_with::<$w>())) as Box<dyn Fn(&mut Vec<$t>) + Sync>)),*]);
                let unstable = race($input, rounds, &[$((stringify!($w), Box::new(move |v: &mut Vec<$t>| wp.install(|| v.par_sort_unstable_with::<$w>())) as Box<dyn Fn(&mut Vec<$t>) + Sync>)),*]);
                for (s, u) in stable.iter().zip(&unstable) {
                    println!("| {} | {:.1} | {:.1} |", s.0, s.1, u.1);
                }
            }};
        }
        w!(
            &random,
            u32,
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
        println!("| weight | par_sort | par_sort_unstable |");
        println!("|---|---:|---:|");
        w!(
            &strings,
            String,
            Adaptive,
            Pieces<8>,
            Cost<1>,
            Cost<8>,
            Cost<64>
        );
    }
}
