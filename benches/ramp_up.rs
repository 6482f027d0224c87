//! Ramp-up: the time from an idle pool to every worker running, for a `par_iter` over
//! N x 1 ms items and for a `broadcast`, weft beside rayon, at 2 to 128 threads.
//!
//! `cargo bench --bench ramp_up -- [--threads 2,4,8,16,32,64,128] [--rounds N] [--items K]`.
//! Each round starts after the pools have idled for 50 ms (their workers asleep), from the
//! main thread, outside both pools; weft and rayon rounds alternate. A `par_iter` round is
//! `K x threads` items (default K = 4) of 1 ms of CPU each, and its figure is when the last
//! worker started its first item (a worker that never got one counts as the whole call), and
//! a second row gives the whole call's wall time: on a pool of more threads than CPUs a worker
//! that never got an item may only mean that the CPUs it would have shared finished the work
//! first. A `broadcast` round's figure is when the last worker started the broadcast closure.
//! Writes `bench-results/ramp_up.json` in the target folder. On a machine with fewer CPUs
//! than threads the figures measure the OS's scheduling as much as the pool's wake-ups.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};
use weft_bench::cli::{self, number, numbers, Opt};
use weft_bench::experiments::{alternate, Variant};
use weft_bench::progress::{progress_done, since};
use weft_bench::workloads::{rayon_w, weft_w};
use weft_bench::{iters_for, report, work, Record, ResultFile, Runs, Sample};

/// How long the pools idle before each round.
const IDLE: Duration = Duration::from_millis(50);

/// First-start times of each worker, in nanoseconds after the round began.
struct Starts {
    t0: Instant,
    first: Vec<AtomicU64>,
}

impl Starts {
    fn new(threads: usize) -> Starts {
        Starts {
            t0: Instant::now(),
            first: (0..threads).map(|_| AtomicU64::new(u64::MAX)).collect(),
        }
    }

    /// Notes that worker `index` is running now.
    fn started(&self, index: Option<usize>) {
        if let Some(slot) = index.and_then(|i| self.first.get(i)) {
            slot.fetch_min(self.t0.elapsed().as_nanos() as u64, Relaxed);
        }
    }

    /// When the last worker started; `whole` (the call's wall time) if one never did.
    fn last(&self, whole: Duration) -> Duration {
        self.first
            .iter()
            .map(|s| s.load(Relaxed))
            .max()
            .map_or(whole, |n| {
                if n == u64::MAX {
                    whole
                } else {
                    Duration::from_nanos(n)
                }
            })
    }
}

/// One round: idle, then `call` on fresh `Starts`; the sample's wall is when the last worker
/// started. The whole call's wall time goes to `wholes`.
fn round(threads: usize, call: &dyn Fn(&Starts), wholes: &RefCell<Vec<Sample>>) -> Sample {
    std::thread::sleep(IDLE);
    let starts = Starts::new(threads);
    call(&starts);
    let whole = starts.t0.elapsed();
    wholes.borrow_mut().push(Sample {
        wall: whole,
        cpu: Duration::ZERO,
    });
    Sample {
        wall: starts.last(whole),
        cpu: Duration::ZERO,
    }
}

fn main() {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let mut sweep = if smoke {
        vec![2, 4]
    } else {
        vec![2, 4, 8, 16, 32, 64, 128]
    };
    let (mut rounds, mut per_thread) = (if smoke { 2 } else { 11 }, 4usize);
    cli::parse(
        "cargo bench --bench ramp_up -- [--threads 2,4,8] [--rounds N] [--items K]",
        |opt, p| {
            match opt {
                Opt::Long(n) if n == "threads" => sweep = numbers(p.value()?)?,
                Opt::Long(n) if n == "rounds" => rounds = number(p.value()?)?,
                Opt::Long(n) if n == "items" => per_thread = number(p.value()?)?,
                other => return Err(other.unexpected()),
            }
            Ok(())
        },
    );
    let start = Instant::now();
    let ms1 = iters_for(Duration::from_millis(1));
    let list: Vec<String> = sweep.iter().map(|t| t.to_string()).collect();
    let mut file = ResultFile::new(
        "ramp_up",
        &format!(
            "cargo bench --bench ramp_up -- --threads {} --rounds {rounds} --items {per_thread}",
            list.join(",")
        ),
    );
    file.title(
        "ramp-up",
        &format!(
            "Ramp-up: from pools idle for {} ms to every worker running ({per_thread} x threads \
             items of 1 ms; broadcast)",
            IDLE.as_millis()
        ),
    );
    let par_iter = format!("par_iter {per_thread} x threads x 1 ms");
    for &threads in &sweep {
        let (weft, rayon) = (weft_w::pool(threads), rayon_w::pool(threads));
        let n = (per_thread * threads) as u64;
        let weft_iter = |s: &Starts| {
            use weft::prelude::*;
            weft.install(|| {
                (0..n).into_par_iter().for_each(|_| {
                    s.started(weft::current_thread_index());
                    work(ms1);
                })
            })
        };
        let rayon_iter = |s: &Starts| {
            use rayon::prelude::*;
            rayon.install(|| {
                (0..n).into_par_iter().for_each(|_| {
                    s.started(rayon::current_thread_index());
                    work(ms1);
                })
            })
        };
        let weft_cast = |s: &Starts| {
            weft.broadcast(|ctx| s.started(Some(ctx.index())));
        };
        let rayon_cast = |s: &Starts| {
            rayon.broadcast(|ctx| s.started(Some(ctx.index())));
        };
        for (name, w, r) in [
            (
                par_iter.as_str(),
                &weft_iter as &dyn Fn(&Starts),
                &rayon_iter as &dyn Fn(&Starts),
            ),
            ("broadcast", &weft_cast, &rayon_cast),
        ] {
            let (w_whole, r_whole) = (RefCell::new(Vec::new()), RefCell::new(Vec::new()));
            let mut wv = || round(threads, w, &w_whole);
            let mut rv = || round(threads, r, &r_whole);
            let variants: &mut [Variant<'_>] = &mut [&mut rv, &mut wv];
            let m = alternate(&format!("{name}, {threads} threads"), rounds, variants);
            file.records
                .push(Record::new("ramp-up", name, "rayon", threads, &m[0]));
            file.records
                .push(Record::new("ramp-up", name, "weft", threads, &m[1]));
            if name == par_iter {
                let whole = format!("{par_iter}, whole call");
                for (variant, runs) in [("rayon", r_whole), ("weft", w_whole)] {
                    let runs = Runs(runs.into_inner());
                    file.records
                        .push(Record::new("ramp-up", &whole, variant, threads, &runs));
                }
            }
        }
    }
    progress_done();
    println!("total {}", since(start));
    report::finish(&file, smoke);
}
