//! weft never writes a pool thread's affinity: jobs read the mask the process runs with, and
//! a mask an operator sets on the pool's threads from outside (`taskset -a -p`) stays set
//! through fork-heavy work. Both wake a sleeping worker for a fork over and over, with idle
//! gaps around the length of a worker's timed sleep, where a wake-up races the end of that
//! sleep: an affinity written by a waker there would outlast the wake-up.
#![cfg(all(target_os = "linux", not(miri)))]

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use weft_core::{join, ThreadPool, ThreadPoolBuilder};
use weft_testkit::{spin_for, within, Rng};

const LIMIT: Duration = Duration::from_secs(120);

/// The affinity of thread `tid` (0: the calling thread).
fn affinity(tid: libc::pid_t) -> libc::cpu_set_t {
    // SAFETY: all-zero bytes are a valid, empty `cpu_set_t` (a plain bit array).
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    // SAFETY: `set` is a `cpu_set_t` of the size passed, written by the call only.
    let rc = unsafe { libc::sched_getaffinity(tid, std::mem::size_of_val(&set), &mut set) };
    assert_eq!(rc, 0, "sched_getaffinity({tid})");
    set
}

/// Sets the affinity of thread `tid`, as an operator's `taskset -p` would.
fn set_affinity(tid: libc::pid_t, set: &libc::cpu_set_t) {
    // SAFETY: `set` is a `cpu_set_t` of the size passed, only read by the call.
    let rc = unsafe { libc::sched_setaffinity(tid, std::mem::size_of_val(set), set) };
    assert_eq!(rc, 0, "sched_setaffinity({tid})");
}

fn cpus(set: &libc::cpu_set_t) -> Vec<usize> {
    (0..libc::CPU_SETSIZE as usize)
        // SAFETY: reads only `set`, at a bit inside it.
        .filter(|&c| unsafe { libc::CPU_ISSET(c, set) })
        .collect()
}

fn set_of(cpus: &[usize]) -> libc::cpu_set_t {
    // SAFETY: all-zero bytes are a valid, empty `cpu_set_t`.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    for &c in cpus {
        // SAFETY: writes only `set`, at a bit inside it (a CPU the OS listed).
        unsafe { libc::CPU_SET(c, &mut set) };
    }
    set
}

fn two_threads() -> ThreadPool {
    ThreadPoolBuilder::new().num_threads(2).build().unwrap()
}

/// One round of fork-heavy work: an idle gap of 0.8 to 1.6 ms, around the end of the other
/// worker's first, timed, sleep (`worker/wait.rs`), then a tree of 16 joins of 20 µs spins, each
/// leaf calling `leaf`.
fn round(pool: &ThreadPool, rng: &mut Rng, leaf: &(dyn Fn() + Sync)) {
    let gap = Duration::from_micros(800 + rng.below(800));
    pool.install(|| {
        std::thread::sleep(gap);
        tree(4, leaf);
    });
}

fn tree(depth: u32, leaf: &(dyn Fn() + Sync)) {
    if depth == 0 {
        spin_for(Duration::from_micros(20));
        leaf();
        return;
    }
    join(|| tree(depth - 1, leaf), || tree(depth - 1, leaf));
}

#[test]
fn jobs_read_the_whole_process_affinity() {
    let everywhere = cpus(&affinity(0));
    if everywhere.len() < 2 {
        eprintln!("skipped: this process may run on one CPU only");
        return;
    }
    within(LIMIT, move || {
        let pool = two_threads();
        let leaves = AtomicUsize::new(0);
        let narrowed = AtomicUsize::new(0);
        let leaf = || {
            leaves.fetch_add(1, Ordering::Relaxed);
            if cpus(&affinity(0)) != everywhere {
                narrowed.fetch_add(1, Ordering::Relaxed);
            }
        };
        let mut rng = Rng::new(43);
        for _ in 0..1_500 {
            round(&pool, &mut rng, &leaf);
        }
        let narrowed = narrowed.load(Ordering::Relaxed);
        assert_eq!(
            narrowed,
            0,
            "{narrowed} of {} leaves ran with an affinity other than the process's {everywhere:?}",
            leaves.load(Ordering::Relaxed)
        );
    });
}

#[test]
fn an_operators_affinity_on_the_pool_threads_stays_set() {
    let everywhere = cpus(&affinity(0));
    if everywhere.len() < 2 {
        eprintln!("skipped: this process may run on one CPU only");
        return;
    }
    // All CPUs but the last: still two or more where the machine has three, one otherwise.
    let operators = set_of(&everywhere[..everywhere.len() - 1]);
    within(LIMIT, move || {
        let pool = Arc::new(two_threads());
        // SAFETY: takes no arguments and touches no memory of ours.
        let tids: Vec<libc::pid_t> = pool.broadcast(|_| unsafe { libc::gettid() });
        let stop = Arc::new(AtomicBool::new(false));
        let work = {
            let (pool, stop) = (pool.clone(), stop.clone());
            std::thread::spawn(move || {
                let mut rng = Rng::new(7);
                while !stop.load(Ordering::Relaxed) {
                    round(&pool, &mut rng, &|| ());
                }
            })
        };
        let mut undone = Vec::new();
        let mut rng = Rng::new(11);
        for attempt in 0..200 {
            // The operator sets the mask at a random moment while forks wake workers, lets
            // the work go on, then reads the mask back from outside.
            for &tid in &tids {
                set_affinity(tid, &set_of(&everywhere));
            }
            std::thread::sleep(Duration::from_micros(rng.below(3_000)));
            for &tid in &tids {
                set_affinity(tid, &operators);
            }
            std::thread::sleep(Duration::from_millis(5));
            for &tid in &tids {
                let now = cpus(&affinity(tid));
                if now != cpus(&operators) {
                    undone.push((attempt, tid, now));
                }
            }
        }
        stop.store(true, Ordering::Relaxed);
        work.join().unwrap();
        assert!(
            undone.is_empty(),
            "the operator's mask {:?} was changed (attempt, tid, mask): {undone:?}",
            cpus(&operators)
        );
    });
}
