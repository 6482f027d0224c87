//! The timing table the sort examples print: random `u32` sorted by std (the baseline), by the
//! example's own sorts and by weft's and rayon's library sorts, each the median of 5 runs,
//! with the speed-up over the baseline.

use crate::experiments::Pools;
use crate::{u32_input, Shape};
use std::time::{Duration, Instant};
use weft::slice::ParallelSliceMut as _;

/// A sort of the table's input, as the examples pass their own.
pub type SortFn<'a> = &'a (dyn Fn(&mut [u32]) + Sync);

/// The input and the two pools, from the command line: `[LEN] [THREADS]`.
#[derive(Debug)]
pub struct SortTable {
    input: Vec<u32>,
    pools: Pools,
}

impl SortTable {
    /// Reads `[LEN] [THREADS]` (defaults 10^7 and 2) and builds the input and the pools.
    pub fn from_args() -> Self {
        let mut args = std::env::args()
            .skip(1)
            .map(|a| a.parse::<usize>().expect("a number"));
        let (len, threads) = (args.next().unwrap_or(10_000_000), args.next().unwrap_or(2));
        SortTable {
            input: u32_input(Shape::Random, len),
            pools: Pools::new(threads),
        }
    }

    /// Times std's sort, then each of `own` inside the weft pool, then weft's and rayon's
    /// library sorts (`par_sort`, or `par_sort_unstable` when `stable` is false), and prints
    /// the table; std's sort of the same stability is the baseline.
    pub fn run(&self, stable: bool, own: &[(&str, SortFn<'_>)]) {
        let (weft, rayon) = (&self.pools.weft, &self.pools.rayon);
        let mut rows = Vec::new();
        if stable {
            rows.push(("std sort (sequential)", self.time(&|v| v.sort())));
        } else {
            rows.push((
                "std sort_unstable (sequential)",
                self.time(&|v| v.sort_unstable()),
            ));
        }
        for (name, sort) in own {
            rows.push((name, self.time(&|v| weft.install(|| sort(v)))));
        }
        if stable {
            rows.push((
                "weft par_sort",
                self.time(&|v| weft.install(|| v.par_sort())),
            ));
            rows.push((
                "rayon par_sort",
                self.time(&|v| rayon.install(|| rayon::slice::ParallelSliceMut::par_sort(v))),
            ));
        } else {
            rows.push((
                "weft par_sort_unstable",
                self.time(&|v| weft.install(|| v.par_sort_unstable())),
            ));
            rows.push((
                "rayon par_sort_unstable",
                self.time(&|v| {
                    rayon.install(|| rayon::slice::ParallelSliceMut::par_sort_unstable(v))
                }),
            ));
        }
        self.print(&rows);
    }

    /// The median of 5 runs of `sort` on fresh copies of the input (each checked sorted).
    fn time(&self, sort: &dyn Fn(&mut [u32])) -> Duration {
        let mut runs: Vec<Duration> = (0..5)
            .map(|_| {
                let mut v = self.input.clone();
                let start = Instant::now();
                sort(&mut v);
                let t = start.elapsed();
                assert!(v.windows(2).all(|w| w[0] <= w[1]), "not sorted");
                t
            })
            .collect();
        runs.sort();
        runs[2]
    }

    /// Prints the rows; the first is the baseline the speed-ups are relative to.
    fn print(&self, rows: &[(&str, Duration)]) {
        let base = rows[0].1;
        println!(
            "{} random u32 on {} threads (median of 5 runs)",
            self.input.len(),
            self.pools.threads
        );
        for (name, t) in rows {
            println!(
                "{name:36} {:>9.1} ms  {:>5.2}x",
                t.as_secs_f64() * 1e3,
                base.as_secs_f64() / t.as_secs_f64()
            );
        }
    }
}
