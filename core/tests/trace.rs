//! `trace::record`: the Chrome JSON parses, with a named track per worker and slices that
//! nest; the parallelism of known shapes; nested pools; two recorders at once; a panic.
//!
//! A trace shows every thread of the process, so the tests take turns (`LOCK`): another
//! test's pool at work would show in this one's trace.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Barrier, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use weft_core::trace::{self, Trace};
use weft_core::{ThreadPool, ThreadPoolBuilder};
use weft_testkit::spin_for;

static LOCK: Mutex<()> = Mutex::new(());

fn one_at_a_time() -> MutexGuard<'static, ()> {
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

fn pool(threads: usize, prefix: &'static str) -> ThreadPool {
    ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(move |i| format!("{prefix}{i}"))
        .build()
        .unwrap()
}

fn json(trace: &Trace) -> Value {
    let mut out = Vec::new();
    trace.write_chrome_json(&mut out).unwrap();
    serde_json::from_slice(&out).expect("the trace is valid JSON")
}

/// A trace's tracks: thread id to name.
fn names(v: &Value) -> BTreeMap<u64, String> {
    events(v)
        .filter(|e| e["ph"] == "M" && e["name"] == "thread_name")
        .map(|e| {
            let name = e["args"]["name"].as_str().unwrap().to_owned();
            (e["tid"].as_u64().unwrap(), name)
        })
        .collect()
}

fn events(v: &Value) -> impl Iterator<Item = &Value> {
    v["traceEvents"].as_array().expect("traceEvents").iter()
}

/// The complete slices of each thread: (start, end, name), in nanoseconds.
fn slices(v: &Value) -> BTreeMap<u64, Vec<(u64, u64, String)>> {
    let ns = |x: &Value| (x.as_f64().unwrap() * 1000.0).round() as u64;
    let mut by: BTreeMap<u64, Vec<(u64, u64, String)>> = BTreeMap::new();
    for e in events(v).filter(|e| e["ph"] == "X") {
        let start = ns(&e["ts"]);
        let name = e["name"].as_str().unwrap().to_owned();
        by.entry(e["tid"].as_u64().unwrap()).or_default().push((
            start,
            start + ns(&e["dur"]),
            name,
        ));
    }
    by
}

/// Names of the slices on tracks whose thread name starts with `prefix`.
fn slice_names_on(v: &Value, prefix: &str) -> BTreeSet<String> {
    let names = names(v);
    slices(v)
        .into_iter()
        .filter(|(tid, _)| names[tid].starts_with(prefix))
        .flat_map(|(_, s)| s.into_iter().map(|(_, _, name)| name))
        .collect()
}

#[test]
fn the_json_parses_with_one_named_track_per_worker() {
    let _turn = one_at_a_time();
    let pool = pool(4, "trace-w");
    let ((), trace) = trace::record(|| {
        pool.broadcast(|_| spin_for(Duration::from_millis(2)));
    });
    let v = json(&trace);
    let names = names(&v);
    for i in 0..4 {
        let name = format!("trace-w{i}");
        let tracks = names.values().filter(|n| **n == name).count();
        assert_eq!(tracks, 1, "{name}: {names:?}");
        assert!(
            slice_names_on(&v, &name).contains("job"),
            "{name} ran a job"
        );
    }
    let me = std::thread::current().name().unwrap().to_owned();
    assert!(slice_names_on(&v, &me).contains("record"), "{names:?}");
    let slices = slices(&v);
    for e in events(&v).filter(|e| e["ph"] != "M") {
        assert!(names.contains_key(&e["tid"].as_u64().unwrap()), "{e}");
    }
    assert!(slices.values().flatten().all(|(s, e, _)| s <= e));
    assert_eq!(v["otherData"]["dropped_events"], 0);
}

#[test]
fn slices_nest_on_every_thread() {
    let _turn = one_at_a_time();
    let pool = pool(3, "nest-w");
    fn tree(depth: u32) -> u64 {
        if depth == 0 {
            spin_for(Duration::from_micros(200));
            return 1;
        }
        let (a, b) = weft_core::join(
            || trace::label("left", || tree(depth - 1)),
            || tree(depth - 1),
        );
        a + b
    }
    let (n, trace) = trace::record(|| pool.install(|| tree(7)));
    assert_eq!(n, 128);
    let v = json(&trace);
    let by_thread = slices(&v);
    assert!(by_thread.len() >= 2, "{:?}", names(&v));
    for (tid, mut list) in by_thread {
        list.sort_by_key(|&(s, e, _)| (s, std::cmp::Reverse(e)));
        let mut open: Vec<(u64, u64, String)> = Vec::new();
        for slice in list {
            while open.last().is_some_and(|top| top.1 <= slice.0) {
                open.pop();
            }
            if let Some(top) = open.last() {
                assert!(slice.1 <= top.1, "thread {tid}: {slice:?} crosses {top:?}");
            }
            open.push(slice);
        }
    }
    assert!(slice_names_on(&v, "nest-w").contains("left"));
}

/// Runs `shape` (which returns how long its computations ran, summed) under `record` until
/// the machine lets it run as parallel as it is meant to (`expected` threads busy: other
/// processes may hold the CPUs), and checks the trace's figure: every time, no lower than
/// the shape's own measurement (its computations run inside jobs) and no higher than the
/// threads that could be busy (the pool's and the caller: a thread waiting for a CPU inside
/// a job counts as busy); within 0.2 of `expected` once the shape got there. A machine with fewer CPUs than `expected` cannot
/// get there: it checks the bounds only, three times.
fn parallelism_of(expected: f64, shape: impl Fn() -> Duration) {
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    let reachable = cpus as f64 >= expected;
    let mut seen = Vec::new();
    for _ in 0..if reachable { 10 } else { 3 } {
        let start = Instant::now();
        let (computed, trace) = trace::record(&shape);
        let measured = computed.as_secs_f64() / start.elapsed().as_secs_f64();
        let traced = trace.average_parallelism();
        assert!(
            traced >= measured - 0.1 && traced <= expected + 1.0,
            "traced {traced:.2}, measured {measured:.2}\n{}\n{:?}\n{:?}",
            trace.summary(),
            names(&json(&trace)),
            slices(&json(&trace))
        );
        if reachable && (measured - expected).abs() <= 0.1 {
            assert!((traced - expected).abs() <= 0.2, "{}", trace.summary());
            return;
        }
        seen.push(measured);
    }
    assert!(
        !reachable || !plain_threads_run(expected),
        "never ran {expected} wide: {seen:.2?}"
    );
}

/// Whether `expected` plain threads, each spinning as [`spin`] does, run that wide now in one
/// of ten tries: on a machine busy with other work neither they nor the pool can, and the
/// trace is not to blame.
fn plain_threads_run(expected: f64) -> bool {
    (0..10).any(|_| {
        let start = Instant::now();
        let spun: Duration = std::thread::scope(|s| {
            let threads: Vec<_> = (0..expected as usize).map(|_| s.spawn(spin)).collect();
            threads.into_iter().map(|t| t.join().unwrap()).sum()
        });
        spun.as_secs_f64() / start.elapsed().as_secs_f64() >= expected - 0.1
    })
}

/// Spins 40 ms and says how long it spun.
fn spin() -> Duration {
    let start = Instant::now();
    spin_for(Duration::from_millis(40));
    start.elapsed()
}

#[test]
fn one_spin_reads_one() {
    let _turn = one_at_a_time();
    parallelism_of(1.0, spin);
    let pool = pool(2, "one-w");
    parallelism_of(1.0, || pool.install(spin));
}

/// Two spins joined.
fn two_spins() -> Duration {
    let (a, b) = weft_core::join(spin, spin);
    a + b
}

#[test]
fn a_join_of_two_spins_on_two_threads_reads_two() {
    let _turn = one_at_a_time();
    let pool = pool(2, "two-w");
    parallelism_of(2.0, || pool.install(two_spins));
}

#[test]
fn four_spins_on_four_threads_read_four() {
    let _turn = one_at_a_time();
    let pool = pool(4, "four-w");
    parallelism_of(4.0, || {
        pool.install(|| {
            let (a, b) = weft_core::join(two_spins, two_spins);
            a + b
        })
    });
}

#[test]
fn nested_pools_land_on_their_own_tracks() {
    let _turn = one_at_a_time();
    let outer = pool(2, "outer-w");
    let inner = pool(2, "inner-w");
    let ((), trace) = trace::record(|| {
        outer.install(|| {
            inner.install(|| {
                weft_core::join(
                    || spin_for(Duration::from_millis(5)),
                    || spin_for(Duration::from_millis(5)),
                );
            })
        })
    });
    let v = json(&trace);
    let on_outer = slice_names_on(&v, "outer-w");
    let on_inner = slice_names_on(&v, "inner-w");
    assert!(
        on_outer.contains("job") && on_outer.contains("wait"),
        "{on_outer:?}"
    );
    assert!(on_inner.contains("job"), "{on_inner:?}");
}

#[test]
fn two_recorders_at_once_both_finish_and_leave_recording_usable() {
    let _turn = one_at_a_time();
    let pool = Arc::new(pool(2, "both-w"));
    let barrier = Arc::new(Barrier::new(2));
    let handles: Vec<_> = (0..2)
        .map(|i| {
            let (pool, barrier) = (pool.clone(), barrier.clone());
            std::thread::Builder::new()
                .name(format!("recorder-{i}"))
                .spawn(move || {
                    barrier.wait();
                    let (n, trace) = trace::record(|| {
                        pool.install(|| {
                            weft_core::join(|| spin_for(Duration::from_millis(10)), || ());
                            i
                        })
                    });
                    assert_eq!(n, i);
                    let v = json(&trace);
                    let me = format!("recorder-{i}");
                    assert!(slice_names_on(&v, &me).contains("record"));
                    trace.average_parallelism()
                })
                .unwrap()
        })
        .collect();
    for h in handles {
        assert!(h.join().unwrap() > 0.0);
    }
    let ((), after) = trace::record(|| trace::label("after", || ()));
    assert!(slice_names_on(&json(&after), "").contains("after"));
}

#[test]
fn a_panic_inside_record_leaves_recording_usable() {
    let _turn = one_at_a_time();
    weft_testkit::quiet_panics(&["trace on purpose"]);
    let pool = pool(2, "panic-w");
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        trace::record(|| pool.install(|| panic!("trace on purpose")))
    }));
    assert!(caught.is_err());
    let (n, after) = trace::record(|| pool.install(|| trace::label("after", || 7)));
    assert_eq!(n, 7);
    assert!(slice_names_on(&json(&after), "panic-w").contains("after"));
}

#[test]
fn past_the_cap_events_are_counted_not_kept() {
    let _turn = one_at_a_time();
    let ((), trace) = trace::record(|| {
        for _ in 0..trace::CAP {
            trace::label("tick", || ());
        }
    });
    // The closure's own begin and end, and two per label: the cap's worth kept.
    assert_eq!(trace.dropped_events(), trace::CAP as u64 + 2);
    let v = json(&trace);
    assert_eq!(v["otherData"]["dropped_events"], trace::CAP as u64 + 2);
    assert!(trace.summary().to_string().contains("dropped"));
}
