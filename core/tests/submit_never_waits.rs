//! A job is accepted while every worker is busy, and small jobs queued
//! together run in parallel as soon as workers free up.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::sync::Arc;
use std::time::{Duration, Instant};
use weft_core::ThreadPoolBuilder;

#[test]
fn spawn_returns_while_the_only_worker_is_busy() {
    let pool = ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let (release_tx, release_rx) = channel::<()>();
    let (started_tx, started_rx) = channel();
    pool.spawn(move || {
        started_tx.send(()).unwrap();
        release_rx.recv().unwrap(); // the only worker is busy until released
    });
    started_rx.recv().unwrap();
    let ran = Arc::new(AtomicBool::new(false));
    let (done_tx, done_rx) = channel();
    for _ in 0..3 {
        let (ran, done_tx) = (ran.clone(), done_tx.clone());
        pool.spawn(move || {
            ran.store(true, Ordering::SeqCst);
            done_tx.send(()).unwrap();
        });
    }
    // We got here, so `spawn` did not wait; the jobs cannot have run yet.
    assert!(!ran.load(Ordering::SeqCst));
    release_tx.send(()).unwrap();
    for _ in 0..3 {
        done_rx
            .recv_timeout(Duration::from_secs(10))
            .expect("queued job never ran");
    }
}

#[test]
fn small_jobs_queued_together_run_in_parallel() {
    const JOBS: usize = 4;
    let pool = ThreadPoolBuilder::new().num_threads(JOBS).build().unwrap();
    let arrived = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = channel();
    for _ in 0..JOBS {
        let (arrived, tx) = (arrived.clone(), tx.clone());
        pool.spawn(move || {
            arrived.fetch_add(1, Ordering::SeqCst);
            // Each job waits until all are running at once (bounded, not a hang).
            let deadline = Instant::now() + Duration::from_secs(10);
            while arrived.load(Ordering::SeqCst) < JOBS && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(1));
            }
            tx.send(arrived.load(Ordering::SeqCst)).unwrap();
        });
    }
    for _ in 0..JOBS {
        assert_eq!(
            rx.recv().unwrap(),
            JOBS,
            "the queued jobs did not run side by side"
        );
    }
}

#[test]
fn install_from_many_outside_threads_at_once() {
    let pool = Arc::new(ThreadPoolBuilder::new().num_threads(2).build().unwrap());
    let handles: Vec<_> = (0..8)
        .map(|i| {
            let pool = pool.clone();
            std::thread::spawn(move || (0..200).map(|j| pool.install(|| i * j)).sum::<usize>())
        })
        .collect();
    for (i, h) in handles.into_iter().enumerate() {
        assert_eq!(h.join().unwrap(), i * (0..200).sum::<usize>());
    }
}
