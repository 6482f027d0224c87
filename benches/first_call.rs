//! The cost of a process's first parallel call on the global pool, weft against rayon: the
//! time of the first `join` and of the first `par_iter().sum()`, each in a fresh process
//! (the pool is built by that call), with and without another thread alive before it.
//!
//! `cargo bench --bench first_call` (`--rounds N`, default 21). The bench re-executes itself
//! once per sample (`--child LIB SHAPE THREAD`), alternating weft and rayon processes; each
//! child prints its first call's time in microseconds, and the parent prints the medians and
//! weft's time over rayon's, and writes `bench-results/first_call.json` in the target folder.

use std::process::Command;
use std::time::{Duration, Instant};
use weft::prelude::*;
use weft_bench::cli::{self, number, Opt};
use weft_bench::{machine, report, Record, ResultFile, Runs, Sample};

/// What the first call does.
const SHAPES: [&str; 2] = ["join", "sum"];
/// Whether another thread is alive before the first call.
const THREADS: [&str; 2] = ["alone", "other-thread"];
const LIBS: [&str; 2] = ["weft", "rayon"];

fn main() {
    let (mut rounds, mut child_args) = (21usize, None);
    cli::parse(
        "cargo bench --bench first_call -- [--rounds N]",
        |opt, p| {
            match opt {
                Opt::Long(n) if n == "rounds" => rounds = number(p.value()?)?,
                Opt::Long(n) if n == "child" => {
                    let v: Vec<String> = p
                        .values()?
                        .map(|v| v.to_string_lossy().into_owned())
                        .collect();
                    child_args = Some(v);
                }
                other => return Err(other.unexpected()),
            }
            Ok(())
        },
    );
    if let Some([lib, shape, thread]) = child_args.as_deref() {
        child(lib, shape, thread);
        return;
    }
    let exe = std::env::current_exe().expect("the bench's own path");
    println!("first parallel call in a fresh process, median of {rounds} processes each");
    println!("{}", machine());
    let mut file = ResultFile::new(
        "first_call",
        &format!("cargo bench --bench first_call -- --rounds {rounds}"),
    );
    file.title(
        "first-call",
        "The first parallel call of a fresh process on the global pool (which that call \
         builds)",
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
            for (lib, us) in LIBS.iter().zip(times) {
                let runs = Runs(
                    us.iter()
                        .map(|&us| Sample {
                            wall: Duration::from_secs_f64(us * 1e-6),
                            cpu: Duration::ZERO,
                        })
                        .collect(),
                );
                let name = format!("{shape}, {thread}");
                let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
                file.records
                    .push(Record::new("first-call", &name, lib, threads, &runs));
            }
        }
    }
    report::print(&file);
    file.write_and_say();
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
