//! Thread identity (issue 10): every OS thread that runs pool work was made through the
//! pool's spawn handler (spares too) and ran the start handler once, and the index a job sees
//! through `current_thread_index()` does not change while the job runs, even across a
//! `blocking` call whose seat was handed to a spare.

use std::cell::Cell;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::ThreadId;
use std::time::Duration;
use weft_core::{blocking, current_num_threads, current_thread_index, ThreadPool};
use weft_core::{Metrics, ThreadPoolBuilder};
use weft_testkit::{spin_for, within};

const LIMIT: Duration = Duration::from_secs(30);
const THREADS: usize = 2;
/// Jobs of the workload that block; as many again only compute.
const BLOCKING_JOBS: usize = 48;

thread_local! {
    /// Set by `build_scoped`'s wrapper before the pool thread runs.
    static WRAPPED: Cell<bool> = const { Cell::new(false) };
}

/// What one job saw of the thread it ran on.
#[derive(Debug)]
struct Seen {
    thread: ThreadId,
    name: Option<String>,
    wrapped: bool,
    /// `current_thread_index()` at the job's start, inside its `blocking` call (if any), and
    /// at its end.
    indices: [Option<usize>; 3],
    num_threads: usize,
}

/// Thread ids recorded by handlers (which must be `'static`).
type Threads = Arc<Mutex<Vec<ThreadId>>>;

fn record_into(threads: &Threads) -> impl Fn(usize) + Send + Sync + 'static {
    let threads = threads.clone();
    move |_| threads.lock().unwrap().push(std::thread::current().id())
}

/// Runs, inside `pool`, jobs that block for 2 ms each (long enough that the monitor hands
/// their seats to spares) beside jobs that compute, and returns what every job saw and the
/// pool's metrics afterwards.
fn workload(pool: &ThreadPool) -> (Vec<Seen>, Metrics) {
    let seen = Mutex::new(Vec::new());
    let job = |blocks: bool| {
        let before = current_thread_index();
        let inside = if blocks {
            blocking(|| {
                let inside = current_thread_index();
                std::thread::sleep(Duration::from_millis(2));
                inside
            })
        } else {
            spin_for(Duration::from_micros(200));
            current_thread_index()
        };
        let thread = std::thread::current();
        seen.lock().unwrap().push(Seen {
            thread: thread.id(),
            name: thread.name().map(str::to_owned),
            wrapped: WRAPPED.with(Cell::get),
            indices: [before, inside, current_thread_index()],
            num_threads: current_num_threads(),
        });
    };
    pool.scope(|s| {
        for _ in 0..BLOCKING_JOBS {
            let job = &job;
            s.spawn(move |_| job(true));
            s.spawn(move |_| job(false));
        }
    });
    (seen.into_inner().unwrap(), pool.metrics())
}

/// Checks what holds on every pool: every job ran, spares ran some of them, each job's index
/// stayed put and in range, and each thread that ran a job ran the start handler once.
fn check_common(seen: &[Seen], m: &Metrics, started: &[ThreadId]) {
    assert_eq!(seen.len(), 2 * BLOCKING_JOBS);
    assert_eq!(m.blocking_calls, BLOCKING_JOBS as u64, "{m:?}");
    assert!(m.handoffs > 0, "no blocking call was handed off: {m:?}");
    assert!(m.spares_started > 0, "{m:?}");
    for s in seen {
        let [before, inside, after] = s.indices;
        let index = before.expect("a job runs on a worker");
        assert_eq!(
            (inside, after),
            (before, before),
            "the index changed during a job: {s:?}"
        );
        assert_eq!(s.num_threads, THREADS, "{s:?}");
        assert!(index < s.num_threads, "{s:?}");
    }
    let job_threads: HashSet<ThreadId> = seen.iter().map(|s| s.thread).collect();
    assert!(
        job_threads.len() > THREADS,
        "no spare ran a job ({} threads ran jobs): the test proved nothing",
        job_threads.len()
    );
    let mut starts: HashMap<ThreadId, usize> = HashMap::new();
    for &t in started {
        *starts.entry(t).or_default() += 1;
    }
    assert!(
        starts.values().all(|&n| n == 1),
        "a thread ran the start handler twice: {starts:?}"
    );
    for t in &job_threads {
        assert!(
            starts.contains_key(t),
            "thread {t:?} ran a job without running the start handler"
        );
    }
}

/// Every thread that ran the start handler ran the exit handler once, after the pool stopped.
fn check_exits(started: &[ThreadId], exited: &[ThreadId]) {
    let (mut started, mut exited) = (started.to_vec(), exited.to_vec());
    let key = |t: &ThreadId| format!("{t:?}");
    started.sort_by_key(key);
    exited.sort_by_key(key);
    assert_eq!(started, exited);
}

#[test]
fn every_thread_that_runs_a_job_was_made_by_the_build_scoped_wrapper() {
    within(LIMIT, || {
        let started: Threads = Arc::default();
        let exited: Threads = Arc::default();
        let wrapped: Mutex<Vec<ThreadId>> = Mutex::default();
        let (seen, m) = ThreadPoolBuilder::new()
            .num_threads(THREADS)
            .start_handler(record_into(&started))
            .exit_handler(record_into(&exited))
            .build_scoped(
                |thread| {
                    WRAPPED.with(|w| w.set(true));
                    wrapped.lock().unwrap().push(std::thread::current().id());
                    thread.run();
                },
                workload,
            )
            .unwrap();
        let (started, exited) = (started.lock().unwrap(), exited.lock().unwrap());
        check_common(&seen, &m, &started);
        for s in &seen {
            assert!(
                s.wrapped,
                "a job ran on a thread the wrapper did not make: {s:?}"
            );
        }
        // The wrapper made every pool thread, spares included. (A spare the monitor spawned
        // after the snapshot `m`, for a call that had just returned, waits in the cache
        // without running the start handler: hence `>=`.)
        let wrapped: HashSet<ThreadId> = wrapped.into_inner().unwrap().into_iter().collect();
        assert!(started.iter().all(|t| wrapped.contains(t)));
        assert!(wrapped.len() as u64 >= THREADS as u64 + m.spares_started);
        // `build_scoped` returned: every thread it made has exited.
        check_exits(&started, &exited);
    });
}

#[test]
fn a_custom_spawn_handlers_spares_are_named_by_thread_name_and_run_the_start_handler() {
    within(LIMIT, || {
        let started: Threads = Arc::default();
        let exited: Threads = Arc::default();
        let handler_calls = Arc::new(AtomicUsize::new(0));
        let calls = handler_calls.clone();
        let pool = ThreadPoolBuilder::new()
            .num_threads(THREADS)
            .thread_name(|i| format!("custom-{i}"))
            .start_handler(record_into(&started))
            .exit_handler(record_into(&exited))
            .spawn_handler(move |thread| {
                calls.fetch_add(1, Ordering::SeqCst);
                let name = thread.name().expect("thread_name names it").to_owned();
                std::thread::Builder::new()
                    .name(name)
                    .spawn(move || thread.run())?;
                Ok(())
            })
            .build()
            .unwrap();
        let (seen, m) = workload(&pool);
        pool.wait_until_stopped();
        let (started, exited) = (started.lock().unwrap(), exited.lock().unwrap());
        check_common(&seen, &m, &started);
        // The documented exception: the handler made the seats' threads only; the spares
        // were made as `DefaultSpawn` makes them, named by `thread_name` all the same.
        assert_eq!(handler_calls.load(Ordering::SeqCst), THREADS);
        let names: HashSet<String> = (0..THREADS).map(|i| format!("custom-{i}")).collect();
        for s in &seen {
            let name = s.name.as_deref().expect("a pool thread is named");
            assert!(names.contains(name), "unexpected name {name:?}: {s:?}");
        }
        check_exits(&started, &exited);
    });
}

/// With `blocking` handing seats to spares again and again, every thread that runs the pool's
/// work serves only the seat its start handler was given: per-seat set-up done there (pinning
/// worker i to core i) holds on every thread, cached spares included.
#[test]
fn every_thread_serves_only_the_seat_its_start_handler_was_given() {
    within(LIMIT, || {
        let seats: Arc<Mutex<HashMap<ThreadId, usize>>> = Arc::default();
        let record = seats.clone();
        let pool = ThreadPoolBuilder::new()
            .num_threads(THREADS)
            .start_handler(move |index| {
                let old = record
                    .lock()
                    .unwrap()
                    .insert(std::thread::current().id(), index);
                assert_eq!(old, None, "a thread ran the start handler twice");
            })
            .build()
            .unwrap();
        let mut seen = Vec::new();
        let mut metrics = None;
        // Later rounds reuse the spares cached by earlier ones (more rounds in release: CI's
        // stress step).
        for _ in 0..if cfg!(debug_assertions) { 3 } else { 30 } {
            let (round, m) = workload(&pool);
            seen.extend(round);
            metrics = Some(m);
        }
        let m = metrics.unwrap();
        assert!(m.spares_reused > 0, "no spare was reused: {m:?}");
        let seats = seats.lock().unwrap();
        for s in &seen {
            assert_eq!(
                seats.get(&s.thread),
                s.indices[0].as_ref(),
                "a job ran under another index than its thread's start handler got: {s:?}"
            );
        }
    });
}
