//! The timing table the sort examples print: random `u32` sorted by std (the baseline) and by
//! parallel sorts, each the median of 5 runs, with the speed-up over the baseline.

use crate::{u32_input, Shape};
use std::time::{Duration, Instant};

/// The input and the two pools, from the command line: `[LEN] [THREADS]`.
#[derive(Debug)]
pub struct SortTable {
    /// The numbers every sort is given a fresh copy of.
    pub input: Vec<u32>,
    /// A weft pool of the chosen size.
    pub weft: weft::ThreadPool,
    /// A rayon pool of the same size.
    pub rayon: rayon::ThreadPool,
    threads: usize,
}

impl SortTable {
    /// Reads `[LEN] [THREADS]` (defaults 10^7 and 2) and builds the input and the pools.
    pub fn from_args() -> Self {
        let mut args = std::env::args()
            .skip(1)
            .map(|a| a.parse::<usize>().expect("a number"));
        let (len, threads) = (args.next().unwrap_or(10_000_000), args.next().unwrap_or(2));
        let input = u32_input(Shape::Random, len);
        let weft = weft::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let rayon = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        SortTable {
            input,
            weft,
            rayon,
            threads,
        }
    }

    /// The median of 5 runs of `sort` on fresh copies of the input (each checked sorted).
    pub fn time(&self, sort: &dyn Fn(&mut Vec<u32>)) -> Duration {
        let mut runs: Vec<Duration> = (0..5)
            .map(|_| {
                let mut v = self.input.clone();
                let start = Instant::now();
                sort(&mut v);
                let t = start.elapsed();
                assert!(v.windows(2).all(|w| w[0] <= w[1]));
                t
            })
            .collect();
        runs.sort();
        runs[2]
    }

    /// Prints the rows; the first is the baseline the speed-ups are relative to.
    pub fn print(&self, rows: &[(&str, Duration)]) {
        let base = rows[0].1;
        println!(
            "{} random u32 on {} threads (median of 5 runs)",
            self.input.len(),
            self.threads
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
