//! `join(spin 1 ms, spin 1 ms)` on a 2-thread pool whose other thread is asleep, one library
//! per process: the guard of chili#33 (an idle thread must take the second half at once, so
//! the ideal is 1 ms, not 2).
//!
//! `cargo bench --bench join_spin -- --lib weft` (or `rayon`, `chili`; `--rounds N`, default
//! 31). Each round starts 5 ms after the last, so the pool's other thread has gone to sleep;
//! the median and the fastest round are printed. One library per process, so that no other
//! pool's threads share the two CPUs. The fastest round says whether the library can hand the
//! second half to the idle thread at once (about 1 ms); the median also says how often the OS
//! runs that woken thread on the idle CPU rather than beside its waker. Writes
//! `bench-results/join_spin-LIB.json` in the target folder.

use std::time::{Duration, Instant};
use weft_bench::cli::{self, number, Opt};
use weft_bench::workloads::{chili_w, rayon_w, weft_w};
use weft_bench::{machine, report, Record, ResultFile, Runs, Sample};

fn main() {
    let (mut lib, mut rounds) = ("weft".to_string(), 31usize);
    cli::parse(
        "cargo bench --bench join_spin -- [--lib weft|rayon|chili] [--rounds N]",
        |opt, p| {
            match opt {
                Opt::Long(n) if n == "lib" => lib = cli::text(p)?,
                Opt::Long(n) if n == "rounds" => rounds = number(p.value()?)?,
                other => return Err(other.unexpected()),
            }
            Ok(())
        },
    );
    let d = Duration::from_millis(1);
    let spin = move || {
        let t = Instant::now();
        while t.elapsed() < d {
            std::hint::spin_loop();
        }
    };
    let run: Box<dyn Fn()> = match lib.as_str() {
        "weft" => {
            let pool = weft_w::pool(2);
            Box::new(move || {
                pool.install(|| weft::join(spin, spin));
            })
        }
        "rayon" => {
            let pool = rayon_w::pool(2);
            Box::new(move || {
                pool.install(|| rayon::join(spin, spin));
            })
        }
        "chili" => {
            let pool = chili_w::pool(2);
            Box::new(move || {
                pool.scope().join(|_| spin(), |_| spin());
            })
        }
        other => panic!("--lib takes weft, rayon or chili, not {other}"),
    };
    let samples = Runs(
        (0..rounds)
            .map(|_| {
                std::thread::sleep(Duration::from_millis(5));
                let t = Instant::now();
                run();
                let wall = t.elapsed();
                Sample {
                    wall,
                    cpu: Duration::ZERO,
                }
            })
            .collect(),
    );
    let fastest = samples.0.iter().map(|s| s.wall).min().unwrap_or_default();
    println!(
        "{}: {lib}, 2 threads, join(spin 1 ms, spin 1 ms), {rounds} rounds: median {:.2} ms, fastest {:.2} ms",
        machine(),
        samples.wall().as_secs_f64() * 1e3,
        fastest.as_secs_f64() * 1e3
    );
    let mut file = ResultFile::new(
        &format!("join_spin-{lib}"),
        &format!("cargo bench --bench join_spin -- --lib {lib} --rounds {rounds}"),
    );
    file.title(
        "join-spin",
        "join(spin 1 ms, spin 1 ms) on 2 threads, one library per process, rounds 5 ms apart \
         (ideal 1 ms)",
    );
    file.records
        .push(Record::new("join-spin", "median round", &lib, 2, &samples));
    let best = Sample {
        wall: fastest,
        cpu: Duration::ZERO,
    };
    file.records
        .push(Record::one("join-spin", "fastest round", &lib, 2, best));
    report::print(&file);
    file.write_and_say();
}
