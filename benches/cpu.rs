//! The CPU-time harness: idle burn, narrow dispatch, blocking, and scaling, weft and rayon alternating in one process.
//!
//! `cargo bench --bench cpu` (about three minutes on 2 cores); `-- --quick` for a short run,
//! `-- --rounds N` for more rounds, `-- --no-scaling` to skip the scaling sweep,
//! `-- --threads 1,2,4,8,16` for the sweep's pool sizes (default 1, 2, 4, 8), `-- --scaling-only`
//! for the sweep alone (on a many-core machine: build with `cargo bench --bench cpu --no-run`,
//! carry the binary, run it with `--bench --scaling-only --threads ...`). Prints tables and
//! writes `target/weft-bench/cpu.csv` and `scaling.csv` (or under `WEFT_BENCH_DIR`), which
//! `examples/plot.rs` draws.

use std::time::{Duration, Instant};
use weft_bench::experiments::{self as ex, Headline, Pools};
use weft_bench::report::{self, compare_table, dur, pow10, progress_done, Record, Table};
use weft_bench::Sample;

fn main() {
    // Without `--bench` (as under `cargo test --benches`): a smoke run of seconds.
    let smoke = !weft_bench::flag("--bench");
    let quick = smoke || weft_bench::flag("--quick");
    let rounds: usize = weft_bench::opt("--rounds").unwrap_or(if smoke {
        1
    } else if quick {
        3
    } else {
        5
    });
    let start = Instant::now();
    println!("weft CPU-time harness: {}", weft_bench::machine());
    println!("medians of {rounds} rounds, weft and rayon alternating in one process\n");
    let sweep: Vec<usize> = weft_bench::opt::<String>("--threads").map_or(vec![1, 2, 4, 8], |l| {
        l.split(',')
            .map(|t| t.trim().parse().expect("--threads 1,2,4,8"))
            .collect()
    });
    // Fork rows take milliseconds a round: 21 rounds cost a few seconds and steady the
    // medians, which on a shared VM swing by a third between neighbouring rounds.
    let fork_rounds = if smoke { rounds } else { rounds.max(21) };
    let small_tree = weft_bench::Node::tree(1_000);
    if weft_bench::flag("--scaling-only") {
        scaling(quick, rounds, fork_rounds, &small_tree, &sweep);
        println!("total {}", ex::since(start));
        return;
    }
    let mut records = Vec::new();

    // Idle burn: 2- and 8-thread pools, each measured alone (the other pool idles).
    let idle = if smoke {
        Duration::from_millis(50)
    } else if quick {
        Duration::from_millis(300)
    } else {
        Duration::from_secs(1)
    };
    let burst = Duration::from_millis(200);
    let mut rows = Vec::new();
    for threads in [2, 8] {
        let p = Pools::new(threads);
        rows.push(ex::idle_burn(&p, burst, idle, rounds));
    }
    // Narrow dispatch on an oversubscribed pool.
    let n = if smoke {
        1_000
    } else if quick {
        10_000
    } else {
        100_000
    };
    let p8 = Pools::new(8);
    rows.push(ex::narrow(&p8, n, Duration::from_micros(1), rounds));
    drop(p8);
    progress_done();
    println!(
        "## idle burn (CPU in the {} after a 200 ms burst) and narrow dispatch",
        dur(idle)
    );
    compare_table(&rows).print();
    for c in &rows {
        records.extend(c.records());
    }

    // Per-fork overhead, with chili, and the two guards of the lazy fork: an idle thread takes
    // a long second half at once, and spawns spread.
    let mut rows = Vec::new();
    let fib_n = if smoke { 20 } else { 30 };
    for threads in [1, 2] {
        let p = Pools::new(threads);
        rows.push(ex::fib(&p, fib_n, fork_rounds));
        rows.push(ex::tree(&p, &small_tree, 1_000, fork_rounds));
        rows.push(ex::spawn_loop(&p, 10_000, fork_rounds));
        if threads == 2 {
            rows.push(ex::join_spin(&p, Duration::from_millis(1), fork_rounds));
        }
    }
    let pair = ex::tree_two_over_one(&small_tree, 1_000, fork_rounds * 3);
    progress_done();
    println!("\n## forks: per-fork overhead (fib, a 1,000-node tree), spawns, join(spin, spin)");
    compare_table(&rows).print();
    for c in &rows {
        records.extend(c.records());
    }
    let ratio = |(one, two): (Sample, Sample)| two.wall.as_secs_f64() / one.wall.as_secs_f64();
    println!(
        "\ntree-sum {} on 2 threads over 1 thread, the four pools alternating ({} rounds): \
         weft {:.3} ({} / {}), chili {:.3} ({} / {})",
        pow10(1_000),
        fork_rounds * 3,
        ratio(pair.weft),
        dur(pair.weft.1.wall),
        dur(pair.weft.0.wall),
        ratio(pair.chili),
        dur(pair.chili.1.wall),
        dur(pair.chili.0.wall),
    );

    // chili's join runs most deep calls sequentially: the same rows with chili forking at
    // every join give the cost of a fork like for like.
    let every: Vec<_> = [1, 2]
        .into_iter()
        .flat_map(|threads| ex::every_join(threads, fib_n, &small_tree, 1_000, fork_rounds))
        .collect();
    progress_done();
    println!(
        "\n## a fork at every join: chili's join records no fork for 63 calls in 64 once three \
         jobs are queued; chili forking at every join (join_with_heartbeat_every::<1>) beside it"
    );
    records.extend(every_join_table(&every));

    // Blocking mix (issue 5).
    let p2 = Pools::new(2);
    let tasks = 64;
    let ms10 = Duration::from_millis(10);
    let mix = ex::mix(&p2, tasks, ms10, ms10, rounds);
    progress_done();
    println!("\n## blocking mix: 2 threads, {tasks} x blocking sleep(10 ms) + {tasks} x 10 ms CPU");
    let mut t = Table::new(&["variant", "wall", "cpu", "vs ideal", "vs rayon"]);
    let c = &mix.compare;
    for (name, s) in [
        ("rayon (sleeps on workers)", c.rayon),
        ("weft, blocking()", c.weft),
        ("weft, plain sleeps", mix.weft_plain),
        ("rayon + thread per blocking task", mix.threads),
    ] {
        t.row(vec![
            name.to_string(),
            dur(s.wall),
            dur(s.cpu),
            report::ratio(s.wall, mix.ideal),
            report::ratio(s.wall, c.rayon.wall),
        ]);
    }
    t.row(vec![
        "ideal".into(),
        dur(mix.ideal),
        "-".into(),
        "1.00x".into(),
        "".into(),
    ]);
    t.print();
    records.extend(c.records());
    records.push(Record::new(&c.name, "weft-plain", 2, mix.weft_plain));
    records.push(Record::new(&c.name, "threads", 2, mix.threads));
    let ideal = weft_bench::Sample {
        wall: mix.ideal,
        cpu: Duration::ZERO,
    };
    records.push(Record::new(&c.name, "ideal", 2, ideal));
    drop(p2);

    // cats-effect shapes and the cost of blocking when nothing blocks.
    let shape_n = if quick { 2_000 } else { 10_000 };
    let shapes = ex::shapes(2, shape_n, rounds);
    let cost = ex::blocking_cost(if quick { 20_000 } else { 100_000 }, rounds);
    progress_done();
    println!(
        "\n## blocking shapes ({} operations each, 2-thread weft pool), ops/s",
        pow10(shape_n)
    );
    let mut t = Table::new(&[
        "shape",
        "weft blocking()",
        "thread per call",
        "weft / threads",
    ]);
    for s in &shapes {
        t.row(vec![
            s.shape.to_string(),
            format!("{:.0}", s.weft),
            format!("{:.0}", s.threads),
            format!("{:.1}x", s.weft / s.threads),
        ]);
        for (variant, ops) in [("weft", s.weft), ("threads", s.threads)] {
            let mut r = Record::new(
                &format!("shape {}", s.shape),
                variant,
                2,
                Default::default(),
            );
            r.ops_per_s = ops;
            records.push(r);
        }
    }
    t.print();
    println!(
        "blocking(|| ()) per call: {} on a worker (plain call {}), {} outside a pool",
        dur(cost.on_worker),
        dur(cost.plain),
        dur(cost.outside)
    );
    for (variant, d) in [
        ("plain", cost.plain),
        ("on-worker", cost.on_worker),
        ("outside", cost.outside),
    ] {
        records.push(Record::new(
            "blocking(|| ()) per call",
            variant,
            2,
            weft_bench::Sample {
                wall: d,
                cpu: Duration::ZERO,
            },
        ));
    }
    if smoke {
        println!("\nsmoke run only (no `--bench`): `cargo bench --bench cpu` measures");
        return;
    }
    let path = report::write_csv("cpu", &records).expect("write cpu.csv");
    println!("\nwrote {}", path.display());

    if !weft_bench::flag("--no-scaling") {
        scaling(quick, rounds, fork_rounds, &small_tree, &sweep);
    }
    println!("total {}", ex::since(start));
}

/// Prints the fork rows of [`ex::every_join`] (weft, chili as it comes, chili forking at every
/// join) and returns the records of chili forking at every join.
fn every_join_table(every: &[ex::EveryJoin]) -> Vec<Record> {
    let mut t = Table::new(&[
        "workload",
        "threads",
        "weft",
        "chili",
        "chili, every join",
        "weft/chili",
        "weft/chili every join",
    ]);
    let mut records = Vec::new();
    for e in every {
        t.row(vec![
            e.name.clone(),
            e.threads.to_string(),
            dur(e.weft.wall),
            dur(e.chili.wall),
            dur(e.chili_every.wall),
            report::ratio(e.weft.wall, e.chili.wall),
            report::ratio(e.weft.wall, e.chili_every.wall),
        ]);
        records.push(Record::new(
            &e.name,
            "chili-every-join",
            e.threads,
            e.chili_every,
        ));
    }
    t.print();
    records
}

/// Wall and CPU of the headline workloads, the 1,000-node `small_tree` (`fork_rounds` rounds),
/// and the forks with chili at every join, on pools of each size in `sweep` (`--threads`,
/// default 1, 2, 4, 8).
fn scaling(
    quick: bool,
    rounds: usize,
    fork_rounds: usize,
    small_tree: &weft_bench::Node,
    sweep: &[usize],
) {
    let big = if quick { 1_000_000 } else { 10_000_000 };
    let fib_n = if quick { 25 } else { 30 };
    let inputs = Headline::new(fib_n, big, big);
    let mut rows = Vec::new();
    let mut every = Vec::new();
    for &threads in sweep {
        let p = Pools::new(threads);
        rows.extend(ex::headline(&p, &inputs, rounds));
        rows.push(ex::tree(&p, small_tree, 1_000, fork_rounds));
        drop(p);
        every.extend(ex::every_join(
            threads,
            fib_n,
            small_tree,
            1_000,
            fork_rounds,
        ));
    }
    progress_done();
    let list: Vec<String> = sweep.iter().map(|t| t.to_string()).collect();
    println!(
        "\n## scaling: pools of {} threads on this machine",
        list.join(", ")
    );
    rows.sort_by(|a, b| a.name.cmp(&b.name).then(a.threads.cmp(&b.threads)));
    compare_table(&rows).print();
    println!("\n## scaling, a fork at every join: chili forking at every join beside it");
    let mut records: Vec<Record> = rows.iter().flat_map(|c| c.records()).collect();
    records.extend(every_join_table(&every));
    let path = report::write_csv("scaling", &records).expect("write scaling.csv");
    println!("wrote {}", path.display());
}
