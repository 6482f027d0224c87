//! The README's first command: weft beside rayon and sequential code on the headline workloads, wall and CPU time.
//!
//! `cargo run --release --example demo` (under a minute on 2 cores), `-- --quick` (seconds).
//! Flags: `--threads N` (default: the machine's CPUs), `--size N` (sorts and iterators,
//! default 10^7), `--tree N` (nodes, default 10^7), `--fib N` (default 30), `--dispatches N`
//! (default 50,000), `--rounds N` (default 3; medians). Writes `bench-results/demo.json` in
//! the target folder it runs from (`weft_bench::results::results_dir`), and a recorded
//! parallel quicksort (`weft::trace`) as `weft-trace/quicksort.svg` and `.json` beside it.

use std::path::Path;
use std::time::{Duration, Instant};
use weft::prelude::*;
use weft_bench::cli::{self, number, Opt};
use weft_bench::experiments::{self as ex, Headline, Pools};
use weft_bench::progress::{progress, progress_done, since};
use weft_bench::units::dur;
use weft_bench::{inputs, plot, report, why, ResultFile};

const USAGE: &str = "cargo run --release --example demo -- [--quick] [--threads N] [--size N] \
                     [--tree N] [--fib N] [--dispatches N] [--rounds N]";

fn main() {
    let cpus = std::thread::available_parallelism().map_or(2, |n| n.get());
    let (mut quick, mut threads, mut size, mut nodes) = (false, cpus, None, None);
    let (mut fib_n, mut dispatches, mut rounds) = (None, None, None);
    cli::parse(USAGE, |opt, p| {
        match opt {
            Opt::Long(o) if o == "quick" => quick = true,
            Opt::Long(o) if o == "threads" => threads = number(p.value()?)?,
            Opt::Long(o) if o == "size" => size = Some(number(p.value()?)?),
            Opt::Long(o) if o == "tree" => nodes = Some(number(p.value()?)?),
            Opt::Long(o) if o == "fib" => fib_n = Some(number(p.value()?)?),
            Opt::Long(o) if o == "dispatches" => dispatches = Some(number(p.value()?)?),
            Opt::Long(o) if o == "rounds" => rounds = Some(number(p.value()?)?),
            other => return Err(other.unexpected()),
        }
        Ok(())
    });
    let pick = |v: Option<usize>, q: usize, full: usize| v.unwrap_or(if quick { q } else { full });
    let size = pick(size, 1_000_000, 10_000_000);
    let nodes = pick(nodes, 1_000_000, 10_000_000);
    let fib_n = pick(fib_n, 25, 30) as u64;
    let dispatches = pick(dispatches, 5_000, 50_000);
    let rounds = pick(rounds, 1, 3);
    let idle = if quick {
        Duration::from_millis(300)
    } else {
        Duration::from_secs(1)
    };
    let mix_tasks = if quick { 16 } else { 64 };
    let start = Instant::now();

    println!("weft demo: {}", weft_bench::machine());
    if let Some(load) = cli::load_average() {
        let busy = if load > 0.5 * cpus as f64 {
            ": other processes share the CPUs, so expect noisy figures"
        } else {
            ""
        };
        println!("load average {load:.2} on {cpus} CPUs as the run starts{busy}");
    }
    println!(
        "{threads}-thread pools (narrow dispatch: 8), medians of {rounds} round(s), weft, rayon \
         (and chili on the fork rows) alternating; CPU = user+sys of the whole process \
         (getrusage)"
    );
    progress("preparing inputs");
    let inputs = Headline::new(fib_n, nodes, size);
    let p = Pools::new(threads);
    let mut rows = ex::headline(&p, &inputs, rounds);
    drop(inputs);
    let mut idle_row = ex::idle_burn(&p, Duration::from_millis(200), idle, rounds);
    idle_row.name = format!("idle burn ({} after burst)", dur(idle));
    rows.push(idle_row);
    let p8 = Pools::new(8);
    rows.push(ex::narrow(
        &p8,
        dispatches,
        Duration::from_micros(1),
        rounds,
    ));
    drop(p8);
    let ms10 = Duration::from_millis(10);
    let mix = ex::mix(&p, mix_tasks, ms10, ms10, rounds);
    rows.push(mix.compare.clone());
    progress_done();

    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = format!("cargo run --release --example demo -- {}", args.join(" "));
    let mut file = ResultFile::new("demo", command.trim_end_matches(" -- "));
    file.title("headline", "The demo's headline workloads");
    for c in &rows {
        file.records.extend(c.records("headline"));
    }
    report::print(&file);
    println!("Why weft differs:");
    for c in &rows {
        println!("- {}", why::why(c));
    }
    println!(
        "- {} baselines: weft without blocking() took {}, rayon with a new thread per blocking \
         task {}",
        mix.compare.name,
        dur(mix.weft_plain.wall()),
        dur(mix.threads.wall())
    );
    let dir = weft_bench::results::target_dir().join("weft-trace");
    if let Err(e) = sort_timeline(&p.weft, if quick { 500_000 } else { 2_000_000 }, &dir) {
        eprintln!("could not write the timeline: {e}");
    }
    match file.write() {
        Ok(path) => println!("results: {} ({} total)", path.display(), since(start)),
        Err(e) => eprintln!("could not write results: {e}"),
    }
}

/// Records weft's parallel quicksort of `len` random `u32` on `pool` and writes its timeline
/// into `dir`: the trace (Chrome JSON, for Perfetto) and an SVG, one row per thread.
fn sort_timeline(pool: &weft::ThreadPool, len: usize, dir: &Path) -> Result<(), String> {
    let mut v = inputs::u32_input(inputs::Shape::Random, len);
    // A first sort unrecorded, so that the picture shows a pool in use, not one waking up.
    pool.install(|| v.clone().par_sort_unstable());
    let ((), trace) = weft::trace::record(|| pool.install(|| v.par_sort_unstable()));
    assert!(v.windows(2).all(|w| w[0] <= w[1]), "sorted");
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let json_path = dir.join("quicksort.json");
    let mut json = Vec::new();
    trace
        .write_chrome_json(&mut json)
        .map_err(|e| e.to_string())?;
    std::fs::write(&json_path, &json).map_err(|e| e.to_string())?;
    let svg = dir.join("quicksort.svg");
    let title = format!(
        "weft::trace: par_sort_unstable of {} u32 on {} threads, average parallelism {:.2}",
        weft_bench::units::pow10(len),
        pool.current_num_threads(),
        trace.average_parallelism()
    );
    plot::timeline(&String::from_utf8_lossy(&json), &title, &svg)?;
    println!("Timeline of a parallel quicksort (weft::trace::record):");
    println!("{}", trace.summary());
    println!(
        "timeline: {} (trace for https://ui.perfetto.dev: {})",
        svg.display(),
        json_path.display()
    );
    Ok(())
}
