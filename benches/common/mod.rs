//! Measuring code shared by the benches and the demo: timers, inputs, and each workload for weft, rayon, chili and sequential code.
//!
//! Included with `#[path = "common/mod.rs"] mod common;` (benches) or
//! `#[path = "../benches/common/mod.rs"] mod common;` (the demo), so that every figure is
//! produced by one piece of code. Each experiment alternates weft and rayon rounds in one
//! process and reports medians.
#![allow(dead_code)] // each includer uses a different part

pub mod experiments;
pub mod report;
pub mod workloads;

use std::hint::black_box;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// User + system CPU time of the whole process (every thread) so far.
pub fn cpu_time() -> Duration {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: `usage` points to writable memory of the right size and type; RUSAGE_SELF is a
    // valid `who`; getrusage writes the whole struct on success, which we check before reading.
    let usage = unsafe {
        let rc = libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr());
        assert_eq!(rc, 0, "getrusage failed");
        usage.assume_init()
    };
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1_000);
    tv(usage.ru_utime) + tv(usage.ru_stime)
}

/// Wall and CPU (user + sys, all threads) time of one run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sample {
    /// Elapsed wall-clock time.
    pub wall: Duration,
    /// Process CPU time used, user + sys.
    pub cpu: Duration,
}

/// How long after a run its CPU is still counted: a pool that spins or yields after the work
/// returned pays for it.
pub const SETTLE: Duration = Duration::from_millis(20);

/// Runs `f` once; wall time until it returns, CPU time until [`SETTLE`] after that.
pub fn measure<R>(f: impl FnOnce() -> R) -> (R, Sample) {
    let (c0, t0) = (cpu_time(), Instant::now());
    let r = black_box(f());
    let wall = t0.elapsed();
    std::thread::sleep(SETTLE);
    let cpu = cpu_time().saturating_sub(c0);
    (r, Sample { wall, cpu })
}

/// The median of each field (independently).
pub fn median(samples: &[Sample]) -> Sample {
    assert!(!samples.is_empty(), "median of no samples");
    let mid = |mut v: Vec<Duration>| {
        v.sort();
        v[v.len() / 2]
    };
    Sample {
        wall: mid(samples.iter().map(|s| s.wall).collect()),
        cpu: mid(samples.iter().map(|s| s.cpu).collect()),
    }
}

/// A calibrated amount of CPU work, independent of the wall clock (a preempted thread does
/// not finish early, as an `Instant` spin would).
pub fn work(iters: u64) -> u64 {
    let mut x = black_box(0x9e37_79b9_7f4a_7c15_u64);
    for _ in 0..iters {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
    }
    black_box(x)
}

/// Iterations of [`work`] per microsecond on this machine (best of several tries, measured
/// once per process).
pub fn iters_per_us() -> f64 {
    static CAL: OnceLock<f64> = OnceLock::new();
    *CAL.get_or_init(|| {
        let n = 2_000_000;
        let best = (0..7)
            .map(|_| {
                let t = Instant::now();
                work(n);
                t.elapsed()
            })
            .min()
            .unwrap();
        n as f64 / (best.as_secs_f64() * 1e6)
    })
}

/// Iterations of [`work`] that take about `d` of one core.
pub fn iters_for(d: Duration) -> u64 {
    ((d.as_secs_f64() * 1e6 * iters_per_us()) as u64).max(1)
}

/// A small deterministic generator (xorshift64), so every library sorts the same input.
pub struct Rng(u64);

impl Rng {
    /// A generator from a non-zero seed.
    pub fn new(seed: u64) -> Self {
        Rng(seed | 1)
    }

    /// The next pseudo-random value.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Shapes of sort input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Uniformly random.
    Random,
    /// Already ascending.
    Sorted,
    /// Descending.
    Reversed,
    /// Random among 16 distinct values.
    FewDistinct,
}

impl Shape {
    /// Every shape, for loops.
    pub const ALL: [Shape; 4] = [
        Shape::Random,
        Shape::Sorted,
        Shape::Reversed,
        Shape::FewDistinct,
    ];

    /// A short lowercase name.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Random => "random",
            Shape::Sorted => "sorted",
            Shape::Reversed => "reversed",
            Shape::FewDistinct => "few-distinct",
        }
    }
}

/// `n` u32 of the given shape.
pub fn u32_input(shape: Shape, n: usize) -> Vec<u32> {
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
    match shape {
        Shape::Random => (0..n).map(|_| rng.next_u64() as u32).collect(),
        Shape::Sorted => (0..n as u32).collect(),
        Shape::Reversed => (0..n as u32).rev().collect(),
        Shape::FewDistinct => (0..n).map(|_| (rng.next_u64() % 16) as u32).collect(),
    }
}

/// `n` random lowercase strings of 1 to 16 bytes.
pub fn short_strings(n: usize) -> Vec<String> {
    let mut rng = Rng::new(0x1234_5678_9abc_def1);
    (0..n)
        .map(|_| {
            let len = 1 + (rng.next_u64() % 16) as usize;
            (0..len)
                .map(|_| (b'a' + (rng.next_u64() % 26) as u8) as char)
                .collect()
        })
        .collect()
}

/// A node of a balanced binary tree (the spice/chili benchmark).
pub struct Node {
    /// This node's value (1).
    pub val: u64,
    /// Left subtree.
    pub left: Option<Box<Node>>,
    /// Right subtree.
    pub right: Option<Box<Node>>,
}

impl Node {
    /// A balanced tree of exactly `n >= 1` nodes, each of value 1.
    pub fn tree(n: usize) -> Node {
        assert!(n >= 1, "a tree needs a node");
        let left = (n - 1) / 2;
        let right = n - 1 - left;
        Node {
            val: 1,
            left: (left > 0).then(|| Box::new(Node::tree(left))),
            right: (right > 0).then(|| Box::new(Node::tree(right))),
        }
    }
}

/// `n` in a human unit: 10^7 rather than 10000000.
pub fn pow10(n: usize) -> String {
    let mut k = 0;
    let mut m = n;
    while m >= 10 && m % 10 == 0 {
        m /= 10;
        k += 1;
    }
    if m == 1 && k >= 3 {
        format!("10^{k}")
    } else if k >= 3 {
        format!("{m}x10^{k}")
    } else {
        n.to_string()
    }
}

/// Whether `--name` is on the command line.
pub fn flag(name: &str) -> bool {
    std::env::args().any(|a| a == name)
}

/// The value after `--name` on the command line (`--name VALUE` or `--name=VALUE`).
pub fn opt<T: std::str::FromStr>(name: &str) -> Option<T> {
    let args: Vec<String> = std::env::args().collect();
    let prefix = format!("{name}=");
    args.iter().enumerate().find_map(|(i, a)| {
        let v = if a == name {
            args.get(i + 1)?.as_str()
        } else {
            a.strip_prefix(&prefix)?
        };
        Some(
            v.replace('_', "")
                .parse()
                .unwrap_or_else(|_| panic!("bad value for {name}: {v}")),
        )
    })
}

/// A short description of this machine: CPUs and model.
pub fn machine() -> String {
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string());
    format!("{cpus} logical CPUs, {model}")
}
