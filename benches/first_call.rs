//! The cost of a process's first parallel call on the global pool, weft against rayon: the
//! time of the first `join` and of the first `par_iter().sum()`, each in a fresh process
//! (the pool is built by that call), with and without another thread alive before it.
//!
//! `cargo bench --bench first_call` (`--rounds N`, default 21). The bench re-executes itself
//! once per sample (`--child LIB SHAPE THREAD`), alternating weft and rayon processes; each
//! child prints its first call's time in microseconds, and the parent prints the medians and
//! weft's time over rayon's.

use std::process::Command;
use std::time::Instant;
use weft::prelude::*;
use weft_bench::{machine, opt};

/// What the first call does.
const SHAPES: [&str; 2] = ["join", "sum"];
/// Whether another thread is alive before the first call.
const THREADS: [&str; 2] = ["alone", "other-thread"];
const LIBS: [&str; 2] = ["weft", "rayon"];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--child") {
        child(&args[i + 1], &args[i + 2], &args[i + 3]);
        return;
    }
    let rounds: usize = opt("--rounds").unwrap_or(21);
    let exe = std::env::current_exe().expect("the bench's own path");
    println!("first parallel call in a fresh process, median of {rounds} processes each");
    println!("{}", machine());
    println!(
        "{:<6} {:<13} {:>10} {:>10} {:>8}",
        "call", "before it", "weft µs", "rayon µs", "ratio"
    );
    for shape in SHAPES {
        for thread in THREADS {
            let mut times = [Vec::new(), Vec::new()];
            for _ in 0..rounds {
                for (lib, t) in LIBS.iter().zip(times.iter_mut()) {
                    let out = Command::new(&exe)
                        .args(["--child", lib, shape, thread])
                        .output()
                        .expect("a child process");
                    assert!(out.status.success(), "child failed: {out:?}");
                    let us: f64 = String::from_utf8_lossy(&out.stdout)
                        .trim()
                        .parse()
                        .expect("the child prints its time in µs");
                    t.push(us);
                }
            }
            let [weft, rayon] = times.map(median);
            println!(
                "{shape:<6} {thread:<13} {weft:>10.1} {rayon:>10.1} {:>7.2}x",
                weft / rayon
            );
        }
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// One sample: the first call of `lib`, timed from just before it to just after it.
fn child(lib: &str, shape: &str, thread: &str) {
    let _other = (thread == "other-thread").then(|| {
        let (tx, rx) = std::sync::mpsc::channel();
        let handle = std::thread::spawn(move || {
            tx.send(()).unwrap();
            std::thread::park();
        });
        rx.recv().unwrap();
        handle
    });
    let v: Vec<u64> = (0..10_000).collect();
    let t = Instant::now();
    let r = match (lib, shape) {
        ("weft", "join") => {
            let (a, b) = weft::join(|| 1u64, || 2u64);
            a + b
        }
        ("weft", "sum") => v.par_iter().sum::<u64>(),
        ("rayon", "join") => {
            let (a, b) = rayon::join(|| 1u64, || 2u64);
            a + b
        }
        ("rayon", "sum") => {
            use rayon::iter::{IntoParallelRefIterator, ParallelIterator};
            IntoParallelRefIterator::par_iter(&v).sum::<u64>()
        }
        _ => panic!("unknown child {lib} {shape}"),
    };
    let us = t.elapsed().as_secs_f64() * 1e6;
    std::hint::black_box(r);
    println!("{us:.1}");
}
