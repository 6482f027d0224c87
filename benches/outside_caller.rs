//! The cost of a small parallel iterator called from outside every pool: a 2,000-element
//! `par_iter().sum()` from the main thread, on weft's global pool beside rayon's.
//!
//! `cargo bench --bench outside_caller [-- --threads N]`: both global pools get N threads
//! (default 2, the machine's cores). Three cases: calls back to back (the pools' threads are
//! still awake), calls 50 µs apart with the caller computing in between (the pools' threads
//! have just stopped spinning: weft's doze), and calls 1 ms apart, sleeping in between (they
//! have gone to sleep, so each call pays a wake-up). Rounds alternate weft and rayon in this
//! one process; each figure is the median over rounds of the mean per call. CPU is the whole
//! process's user + sys time per call, spinning after the call included (and the caller's own
//! computing between calls, the same for both). Writes `bench-results/outside_caller.json`
//! in the target folder.

use std::hint::black_box;
use std::time::{Duration, Instant};
use weft_bench::cli::{self, number, Opt};
use weft_bench::measure::{cpu_time, Runs, Sample};
use weft_bench::{report, Record, ResultFile};

const LEN: u64 = 2_000;
const ROUNDS: usize = 21;

/// What the caller does between two calls.
#[derive(Clone, Copy)]
enum Gap {
    None,
    /// Computes for this long.
    Spin(Duration),
    /// Sleeps this long.
    Sleep(Duration),
}

/// Times `calls` calls of `f`, `gap` apart; the gaps count for CPU but not for wall time.
fn round(calls: u32, gap: Gap, f: &dyn Fn() -> u64) -> Sample {
    let c0 = cpu_time();
    let mut wall = Duration::ZERO;
    for _ in 0..calls {
        let t = Instant::now();
        black_box(f());
        wall += t.elapsed();
        match gap {
            Gap::None => {}
            Gap::Spin(d) => {
                let t = Instant::now();
                while t.elapsed() < d {
                    std::hint::spin_loop();
                }
            }
            Gap::Sleep(d) => std::thread::sleep(d),
        }
    }
    Sample {
        wall: wall / calls,
        cpu: cpu_time().saturating_sub(c0) / calls,
    }
}

fn main() {
    let mut threads = 2usize;
    cli::parse(
        "cargo bench --bench outside_caller -- [--threads N]",
        |opt, p| {
            match opt {
                Opt::Long(n) if n == "threads" => threads = number(p.value()?)?,
                other => return Err(other.unexpected()),
            }
            Ok(())
        },
    );
    weft::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global()
        .unwrap();
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global()
        .unwrap();
    let v: Vec<u64> = (0..LEN).collect();
    let weft_sum = || {
        use weft::prelude::*;
        black_box(&v).par_iter().sum::<u64>()
    };
    let rayon_sum = || {
        use rayon::prelude::*;
        black_box(&v).par_iter().sum::<u64>()
    };
    let seq_sum = || black_box(&v).iter().sum::<u64>();
    assert_eq!(weft_sum(), rayon_sum());

    let mut file = ResultFile::new(
        "outside_caller",
        &format!("cargo bench --bench outside_caller -- --threads {threads}"),
    );
    file.title(
        "outside-caller",
        &format!(
            "A {LEN}-element par_iter().sum() from the main thread, {threads}-thread global \
             pools, per call"
        ),
    );
    for (case, calls, gap) in [
        ("back to back", 2_000, Gap::None),
        ("50 µs apart", 1_000, Gap::Spin(Duration::from_micros(50))),
        ("1 ms apart", 100, Gap::Sleep(Duration::from_millis(1))),
    ] {
        let (mut w, mut r, mut s) = (Vec::new(), Vec::new(), Vec::new());
        round(calls, gap, &weft_sum); // warm-up
        round(calls, gap, &rayon_sum);
        for i in 0..ROUNDS {
            if i % 2 == 0 {
                w.push(round(calls, gap, &weft_sum));
                r.push(round(calls, gap, &rayon_sum));
            } else {
                r.push(round(calls, gap, &rayon_sum));
                w.push(round(calls, gap, &weft_sum));
            }
            s.push(round(calls, gap, &seq_sum));
        }
        for (variant, runs) in [("seq", s), ("rayon", r), ("weft", w)] {
            file.records.push(Record::new(
                "outside-caller",
                case,
                variant,
                threads,
                &Runs(runs),
            ));
        }
    }
    report::print(&file);
    file.write_and_say();
}
