//! The CPU-time harness: idle burn, narrow dispatch, forks, blocking, and scaling, weft and rayon alternating in one process.
//!
//! `cargo bench --bench cpu` (about three minutes on 2 cores); `-- --quick` for a short run,
//! `-- --rounds N` for more rounds, `-- --no-scaling` to skip the scaling sweep,
//! `-- --threads 1,2,4,8,16` for the sweep's pool sizes (default 1, 2, 4, 8), `-- --scaling-only`
//! for the sweep alone (on a many-core machine: `benches/many_cores.sh`). Prints markdown
//! tables and writes `bench-results/cpu.json` and `scaling.json` in the target folder (or
//! under `WEFT_BENCH_DIR`), which `report` and `examples/plot.rs` read.

use std::time::{Duration, Instant};
use weft_bench::cli::{self, number, numbers, Opt};
use weft_bench::experiments::{self as ex, Headline, Pools};
use weft_bench::progress::{progress_done, since};
use weft_bench::units::{dur, pow10};
use weft_bench::{report, Record, ResultFile, Runs, Sample};

const USAGE: &str = "cargo bench --bench cpu -- [--quick] [--rounds N] [--no-scaling] \
                     [--scaling-only] [--fences-only] [--threads 1,2,4,8]";

/// The command line.
struct Options {
    /// Without `--bench` (as under `cargo test --benches`): a smoke run of seconds.
    smoke: bool,
    quick: bool,
    rounds: usize,
    no_scaling: bool,
    scaling_only: bool,
    fences_only: bool,
    sweep: Vec<usize>,
}

impl Options {
    /// How long an idle or fence-counting span lasts: 50 ms for a smoke run, 300 ms with
    /// `--quick`, else a second.
    fn span(&self) -> Duration {
        if self.smoke {
            Duration::from_millis(50)
        } else if self.quick {
            Duration::from_millis(300)
        } else {
            Duration::from_secs(1)
        }
    }
}

fn options() -> Options {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let mut o = Options {
        smoke,
        quick: smoke,
        rounds: 0,
        no_scaling: false,
        scaling_only: false,
        fences_only: false,
        sweep: vec![1, 2, 4, 8],
    };
    let mut rounds = None;
    cli::parse(USAGE, |opt, p| {
        match opt {
            Opt::Long(n) if n == "quick" => o.quick = true,
            Opt::Long(n) if n == "rounds" => rounds = Some(number(p.value()?)?),
            Opt::Long(n) if n == "no-scaling" => o.no_scaling = true,
            Opt::Long(n) if n == "scaling-only" => o.scaling_only = true,
            Opt::Long(n) if n == "fences-only" => o.fences_only = true,
            Opt::Long(n) if n == "threads" => o.sweep = numbers(p.value()?)?,
            other => return Err(other.unexpected()),
        }
        Ok(())
    });
    o.rounds = rounds.unwrap_or(if o.smoke {
        1
    } else if o.quick {
        3
    } else {
        5
    });
    o
}

/// The command that reproduces this run, for the result file.
fn command() -> String {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    format!("cargo bench --bench cpu -- {}", args.join(" "))
        .trim_end_matches(" -- ")
        .to_string()
}

fn main() {
    let o = options();
    let rounds = o.rounds;
    let start = Instant::now();
    println!("weft CPU-time harness: {}", weft_bench::machine());
    println!("medians of {rounds} rounds, weft and rayon alternating in one process");
    // Fork rows take milliseconds a round: 21 rounds cost a few seconds and steady the
    // medians, which on a shared VM swing by a third between neighbouring rounds.
    let fork_rounds = if o.smoke { rounds } else { rounds.max(21) };
    let small_tree = weft_bench::Node::tree(1_000);
    if o.scaling_only {
        scaling(&o, fork_rounds, &small_tree);
        println!("total {}", since(start));
        return;
    }
    if o.fences_only {
        fences(&o, &small_tree);
        println!("total {}", since(start));
        return;
    }
    let mut file = ResultFile::new("cpu", &command());

    // Idle burn: 2- and 8-thread pools, each measured alone (the other pool idles).
    let idle = o.span();
    let burst = Duration::from_millis(200);
    for threads in [2, 8] {
        let p = Pools::new(threads);
        file.records
            .extend(ex::idle_burn(&p, burst, idle, rounds).records("idle"));
    }
    // Narrow dispatch on an oversubscribed pool.
    let n = if o.smoke {
        1_000
    } else if o.quick {
        10_000
    } else {
        100_000
    };
    let p8 = Pools::new(8);
    file.records
        .extend(ex::narrow(&p8, n, Duration::from_micros(1), rounds).records("idle"));
    drop(p8);
    file.title(
        "idle",
        &format!(
            "Idle burn (CPU in the {} after a 200 ms burst; the cpu column is the figure) and \
             narrow dispatch (8 threads)",
            dur(idle)
        ),
    );

    // Per-fork overhead, with chili, and the two guards of the lazy fork: an idle thread takes
    // a long second half at once, and spawns spread.
    let fib_n = if o.smoke { 20 } else { 30 };
    for threads in [1, 2] {
        let p = Pools::new(threads);
        let mut rows = vec![
            ex::fib(&p, fib_n, fork_rounds),
            ex::tree(&p, &small_tree, 1_000, fork_rounds),
            ex::spawn_loop(&p, 10_000, fork_rounds),
        ];
        if threads == 2 {
            rows.push(ex::join_spin(&p, Duration::from_millis(1), fork_rounds));
        }
        for c in &rows {
            file.records.extend(c.records("forks"));
        }
    }
    file.title(
        "forks",
        "Forks: per-fork overhead (fib, a 1,000-node tree), spawns, join(spin, spin)",
    );
    fences(&o, &small_tree);
    let pair = ex::tree_two_over_one(&small_tree, 1_000, fork_rounds * 3);
    let name = format!("tree-sum {}", pow10(1_000));
    for (variant, (one, two)) in [("weft", &pair.weft), ("chili", &pair.chili)] {
        file.records
            .push(Record::new("two-over-one", &name, variant, 1, one));
        file.records
            .push(Record::new("two-over-one", &name, variant, 2, two));
    }
    file.title(
        "two-over-one",
        "The 1,000-node tree on 1 and 2 threads, the four pools alternating (2 threads must not \
         be slower than 1)",
    );

    // chili's join runs most deep calls sequentially: the same rows with chili forking at
    // every join give the cost of a fork like for like.
    for threads in [1, 2] {
        for e in ex::every_join(threads, fib_n, &small_tree, 1_000, fork_rounds) {
            file.records.extend(every_join_records("every-join", &e));
        }
    }
    file.title(
        "every-join",
        "A fork at every join: chili's join records no fork for 63 calls in 64 once three jobs \
         are queued; chili forking at every join (join_with_heartbeat_every::<1>) beside it",
    );

    // Blocking mix (issue 5).
    let p2 = Pools::new(2);
    let tasks = 64;
    let ms10 = Duration::from_millis(10);
    let mix = ex::mix(&p2, tasks, ms10, ms10, rounds);
    let c = &mix.compare;
    file.records.extend(c.records("mix"));
    file.records.push(Record::new(
        "mix",
        &c.name,
        "weft-plain",
        2,
        &mix.weft_plain,
    ));
    file.records
        .push(Record::new("mix", &c.name, "threads", 2, &mix.threads));
    let ideal = Sample {
        wall: mix.ideal,
        cpu: Duration::ZERO,
    };
    file.records
        .push(Record::one("mix", &c.name, "ideal", 2, ideal));
    file.title(
        "mix",
        &format!(
            "Blocking mix: 2 threads, {tasks} x blocking sleep(10 ms) + {tasks} x 10 ms CPU; \
             weft-plain: weft without blocking(); threads: rayon + a thread per blocking task"
        ),
    );
    drop(p2);

    // cats-effect shapes and the cost of blocking when nothing blocks.
    let shape_n = if o.quick { 2_000 } else { 10_000 };
    for s in ex::shapes(2, shape_n, rounds) {
        for (variant, ops) in [("weft", s.weft), ("threads", s.threads)] {
            let mut r = Record::one("shapes", s.shape, variant, 2, Sample::default());
            r.ops_per_s = Some(ops);
            file.records.push(r);
        }
    }
    file.title(
        "shapes",
        &format!(
            "Blocking shapes ({} operations each, 2-thread weft pool): weft::blocking against \
             a thread per call",
            pow10(shape_n)
        ),
    );
    let cost = ex::blocking_cost(if o.quick { 20_000 } else { 100_000 }, rounds);
    for (variant, d) in [
        ("plain call", cost.plain),
        ("blocking() on a worker", cost.on_worker),
        ("blocking() outside a pool", cost.outside),
    ] {
        let s = Sample {
            wall: d,
            cpu: Duration::ZERO,
        };
        file.records.push(Record::one(
            "blocking-cost",
            "blocking(|| ()) per call",
            variant,
            2,
            s,
        ));
    }
    file.title("blocking-cost", "What blocking(|| ()) costs per call");
    progress_done();
    report::finish(&file, o.smoke);
    if o.smoke {
        return;
    }

    if !o.no_scaling {
        scaling(&o, fork_rounds, &small_tree);
    }
    println!("total {}", since(start));
}

/// Heavy fences (membarrier calls) per second, beside the fork figures: none while the pool
/// idles or every worker is busy, and few while one worker forks and the rest idle. Printed,
/// and written to a result file of their own (`fences.json`), which `--fences-only` rewrites
/// without touching `cpu.json`.
fn fences(o: &Options, small_tree: &weft_bench::Node) {
    let mut file = ResultFile::new("fences", &command());
    let span = o.span();
    for threads in [8, 32, 64] {
        for (state, per_s) in fence_rates(threads, span, small_tree) {
            let mut r = Record::one("fences", state, "weft", threads, Sample::default());
            r.ops_per_s = Some(per_s);
            file.records.push(r);
        }
    }
    file.title(
        "fences",
        &format!(
            "Heavy fences (membarrier calls) per second in the whole process, in a {} span: \
             the pool idle, every worker busy, one worker summing a 1,000-node tree over and \
             over with the rest idle (the ops/s column is the figure)",
            dur(span)
        ),
    );
    report::finish(&file, o.smoke);
}

/// Heavy fences per second issued in the process (`metrics().heavy_fences`) while a weft pool
/// of `threads` idles, while every worker spins, and while one worker forks fine-grained work
/// (sums of `tree`) and the others idle, each for `span`.
fn fence_rates(
    threads: usize,
    span: Duration,
    tree: &weft_bench::Node,
) -> [(&'static str, f64); 3] {
    let pool = weft_bench::workloads::weft_w::pool(threads);
    // Let the workers start and register the fence.
    pool.broadcast(|_| ());
    let rate = |f: &dyn Fn()| {
        // Let the workers settle first: those that idle after the last span fence before
        // their deep sleep, which belongs to that span's end, not to this one.
        std::thread::sleep(Duration::from_millis(100));
        let (before, t) = (pool.metrics().heavy_fences, Instant::now());
        f();
        (pool.metrics().heavy_fences - before) as f64 / t.elapsed().as_secs_f64()
    };
    let idle = rate(&|| std::thread::sleep(span));
    let busy = rate(&|| {
        let end = Instant::now() + span;
        pool.broadcast(|_| while Instant::now() < end {});
    });
    let one = rate(&|| {
        pool.install(|| {
            let end = Instant::now() + span;
            while Instant::now() < end {
                std::hint::black_box(weft_bench::workloads::weft_w::tree_sum(tree));
            }
        })
    });
    [("idle", idle), ("all busy", busy), ("one forks", one)]
}

/// The records of one [`ex::EveryJoin`]: weft, chili as it comes, chili forking at every join.
fn every_join_records(table: &str, e: &ex::EveryJoin) -> Vec<Record> {
    let runs: [(&str, &Runs); 3] = [
        ("weft", &e.weft),
        ("chili", &e.chili),
        ("chili-every-join", &e.chili_every),
    ];
    runs.iter()
        .map(|(v, r)| Record::new(table, &e.name, v, e.threads, r))
        .collect()
}

/// Wall and CPU of the headline workloads, the 1,000-node `small_tree` (`fork_rounds` rounds),
/// and the forks with chili at every join, on pools of each size in `--threads` (default 1,
/// 2, 4, 8); writes `scaling.json`.
fn scaling(o: &Options, fork_rounds: usize, small_tree: &weft_bench::Node) {
    let big = if o.quick { 1_000_000 } else { 10_000_000 };
    let fib_n = if o.quick { 25 } else { 30 };
    let inputs = Headline::new(fib_n, big, big);
    let mut file = ResultFile::new("scaling", &command());
    let mut rows = Vec::new();
    for &threads in &o.sweep {
        let p = Pools::new(threads);
        rows.extend(ex::headline(&p, &inputs, o.rounds));
        rows.push(ex::tree(&p, small_tree, 1_000, fork_rounds));
        drop(p);
        for e in ex::every_join(threads, fib_n, small_tree, 1_000, fork_rounds) {
            file.records
                .extend(every_join_records("scaling-every-join", &e));
        }
    }
    progress_done();
    rows.sort_by(|a, b| a.name.cmp(&b.name).then(a.threads.cmp(&b.threads)));
    for c in &rows {
        file.records.extend(c.records("scaling"));
    }
    let list: Vec<String> = o.sweep.iter().map(|t| t.to_string()).collect();
    file.title(
        "scaling",
        &format!(
            "Scaling: the headline workloads on pools of {} threads",
            list.join(", ")
        ),
    );
    file.title(
        "scaling-every-join",
        "Scaling, a fork at every join: chili forking at every join beside it",
    );
    report::print(&file);
    if o.smoke {
        return;
    }
    file.write_and_say();
}
