//! Pool behaviour that code written for rayon-core can observe, kept the same.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use weft_core::{current_num_threads, current_thread_index, ThreadPoolBuilder};

#[test]
fn the_start_handler_runs_on_a_worker_of_the_pool() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let s = seen.clone();
    let pool = ThreadPoolBuilder::new()
        .num_threads(3)
        .start_handler(move |i| {
            s.lock()
                .unwrap()
                .push((i, current_thread_index(), current_num_threads()));
        })
        .build()
        .unwrap();
    pool.broadcast(|_| ()); // every thread has started once it ran a broadcast
    let mut seen = seen.lock().unwrap().clone();
    seen.sort();
    assert_eq!(seen, [(0, Some(0), 3), (1, Some(1), 3), (2, Some(2), 3)]);
}

#[test]
fn the_exit_handler_runs_while_the_thread_is_still_a_worker() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let s = seen.clone();
    let pool = ThreadPoolBuilder::new()
        .num_threads(2)
        .exit_handler(move |i| {
            s.lock()
                .unwrap()
                .push((i, current_thread_index(), current_num_threads()));
        })
        .build()
        .unwrap();
    pool.wait_until_stopped();
    let mut seen = seen.lock().unwrap().clone();
    seen.sort();
    assert_eq!(seen, [(0, Some(0), 2), (1, Some(1), 2)]);
}

#[test]
fn use_current_thread_from_a_worker_of_another_pool_fails() {
    let outer = ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let err = outer
        .install(|| {
            ThreadPoolBuilder::new()
                .num_threads(2)
                .use_current_thread()
                .build()
        })
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "The current thread is already part of another thread pool."
    );
    // The worker still belongs to its own pool.
    assert_eq!(outer.install(current_num_threads), 1);
}

#[test]
fn use_current_thread_twice_on_one_thread_fails() {
    let pool = ThreadPoolBuilder::new()
        .num_threads(2)
        .use_current_thread()
        .build()
        .unwrap();
    assert_eq!(current_thread_index(), Some(0));
    let again = ThreadPoolBuilder::new()
        .num_threads(2)
        .use_current_thread()
        .build();
    assert!(again.is_err());
    drop(pool);
    assert_eq!(current_thread_index(), None);
}

#[test]
fn build_scoped_with_use_current_thread_then_wait_until_stopped() {
    let wrapped = AtomicUsize::new(0);
    let r = ThreadPoolBuilder::new()
        .num_threads(3)
        .use_current_thread()
        .build_scoped(
            |thread| {
                wrapped.fetch_add(1, Ordering::SeqCst);
                thread.run()
            },
            |pool| {
                assert_eq!(current_thread_index(), Some(0));
                pool.install(|| weft_core::join(|| 1, || 2))
            },
        )
        .unwrap();
    assert_eq!(r, (1, 2));
    assert_eq!(wrapped.load(Ordering::SeqCst), 2);
    assert_eq!(current_thread_index(), None);
}

#[test]
fn a_job_spawned_by_an_adopted_thread_runs_on_the_other_worker() {
    // rayon's use_current_thread test: the adopted thread blocks on a condvar while the job
    // it spawned must run on worker 1.
    let pool = ThreadPoolBuilder::new()
        .num_threads(2)
        .use_current_thread()
        .build()
        .unwrap();
    let pair = Arc::new((Mutex::new(None), std::sync::Condvar::new()));
    let p2 = pair.clone();
    pool.spawn(move || {
        *p2.0.lock().unwrap() = Some(current_thread_index());
        p2.1.notify_one();
    });
    let ran_on = pair
        .1
        .wait_while(pair.0.lock().unwrap(), |r| r.is_none())
        .unwrap()
        .unwrap();
    assert_eq!(ran_on, Some(1));
}
