//! `spawn_future`: results and panics reach the awaiting task on any executor, wakers are
//! honoured, and a future dropped early leaks nothing.

use std::future::Future;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::pin::{pin, Pin};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Barrier};
use std::task::{Context, Poll, Wake, Waker};
use std::thread::{self, Thread};
use std::time::Duration;
use weft_core::{SpawnFuture, ThreadPool, ThreadPoolBuilder};
use weft_testkit::{pool, within};

/// How long a check may take before it counts as hung.
const LIMIT: Duration = Duration::from_secs(30);

/// The smallest executor there is: poll, park until woken, poll again.
fn block_on<F: Future>(fut: F) -> F::Output {
    struct Unpark(Thread);
    impl Wake for Unpark {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
    }
    let waker = Arc::new(Unpark(thread::current())).into();
    let mut cx = Context::from_waker(&waker);
    let mut fut = pin!(fut);
    loop {
        match fut.as_mut().poll(&mut cx) {
            Poll::Ready(value) => return value,
            Poll::Pending => thread::park(),
        }
    }
}

/// Counts how many times it is dropped.
struct DropCount(Arc<AtomicUsize>);

impl Drop for DropCount {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

#[test]
fn thousand_futures_awaited_from_a_std_only_block_on() {
    within(LIMIT, || {
        let pool = pool(4);
        let futures: Vec<SpawnFuture<u64>> = (0..1_000u64)
            .map(|i| pool.spawn_future(move || (0..=i).sum::<u64>()))
            .collect();
        for (i, fut) in (0..1_000u64).zip(futures) {
            assert_eq!(block_on(fut), i * (i + 1) / 2);
        }
    });
}

#[test]
fn futures_awaited_concurrently_on_a_tokio_current_thread_runtime() {
    within(LIMIT, || {
        let pool = Arc::new(pool(3));
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let total: u64 = rt.block_on(async {
            let tasks: Vec<_> = (0..200u64)
                .map(|i| {
                    let pool = pool.clone();
                    tokio::spawn(async move {
                        let on_pool = pool.spawn_future(move || {
                            (
                                pool_thread_index(),
                                (0..1_000u64).map(|x| x ^ i).sum::<u64>(),
                            )
                        });
                        let (index, sum) = on_pool.await;
                        assert!(index.is_some(), "the job ran off the pool");
                        sum
                    })
                })
                .collect();
            let mut total = 0;
            for task in tasks {
                total += task.await.unwrap();
            }
            total
        });
        let expected: u64 = (0..200u64)
            .map(|i| (0..1_000u64).map(|x| x ^ i).sum::<u64>())
            .sum();
        assert_eq!(total, expected);
    });
}

fn pool_thread_index() -> Option<usize> {
    weft_core::current_thread_index()
}

#[test]
fn thread_pool_spawn_future_runs_on_that_pool() {
    within(LIMIT, || {
        let pool = ThreadPoolBuilder::new()
            .num_threads(2)
            .thread_name(|i| format!("futures-{i}"))
            .build()
            .unwrap();
        let name = block_on(pool.spawn_future(|| thread::current().name().map(String::from)));
        assert!(name.unwrap().starts_with("futures-"));
    });
}

#[test]
fn global_spawn_future_runs_on_the_global_pool() {
    within(LIMIT, || {
        let index = block_on(weft_core::spawn_future(weft_core::current_thread_index));
        assert!(index.unwrap() < weft_core::current_num_threads());
    });
}

#[test]
fn panic_resumes_in_the_awaiting_task_with_its_payload() {
    within(LIMIT, || {
        let pool = pool(2);
        let fut = pool.spawn_future(|| -> u32 { std::panic::panic_any(17u64) });
        let payload = catch_unwind(AssertUnwindSafe(|| block_on(fut))).unwrap_err();
        assert_eq!(*payload.downcast::<u64>().unwrap(), 17);
        // The pool goes on.
        assert_eq!(block_on(pool.spawn_future(|| 5)), 5);
    });
}

#[test]
fn panic_reaches_a_tokio_task_as_a_join_error() {
    within(LIMIT, || {
        let pool = Arc::new(pool(2));
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let err = rt
            .block_on(async move {
                tokio::spawn(
                    async move { pool.spawn_future(|| -> u8 { panic!("in the pool") }).await },
                )
                .await
            })
            .unwrap_err();
        let payload = err.into_panic();
        assert_eq!(*payload.downcast::<&str>().unwrap(), "in the pool");
    });
}

/// A pool whose only worker is held until the returned sender is used.
fn held_pool() -> (ThreadPool, Sender<()>) {
    let pool = pool(1);
    let (release, held) = channel::<()>();
    let started = Arc::new(Barrier::new(2));
    let s = started.clone();
    pool.spawn(move || {
        s.wait();
        held.recv().unwrap();
    });
    started.wait();
    (pool, release)
}

#[test]
fn dropped_before_it_starts_the_job_is_dropped_unrun() {
    within(LIMIT, || {
        let (pool, release) = held_pool();
        let ran = Arc::new(AtomicUsize::new(0));
        let captured = Arc::new(AtomicUsize::new(0));
        let guard = DropCount(captured.clone());
        let r = ran.clone();
        let fut = pool.spawn_future(move || {
            let _guard = &guard;
            r.fetch_add(1, Ordering::SeqCst);
        });
        drop(fut);
        release.send(()).unwrap();
        pool.wait_until_stopped();
        assert_eq!(ran.load(Ordering::SeqCst), 0, "a job nobody awaits ran");
        assert_eq!(captured.load(Ordering::SeqCst), 1);
    });
}

#[test]
fn dropped_while_running_the_result_is_dropped_once() {
    within(LIMIT, || {
        let pool = pool(1);
        let results = Arc::new(AtomicUsize::new(0));
        let (go, wait) = channel::<()>();
        let started = Arc::new(Barrier::new(2));
        let (s, r) = (started.clone(), results.clone());
        let fut = pool.spawn_future(move || {
            s.wait();
            wait.recv().unwrap();
            DropCount(r)
        });
        started.wait();
        drop(fut);
        go.send(()).unwrap();
        pool.wait_until_stopped();
        assert_eq!(results.load(Ordering::SeqCst), 1);
    });
}

#[test]
fn dropped_after_it_finished_the_result_is_dropped_once() {
    within(LIMIT, || {
        let pool = pool(1);
        let results = Arc::new(AtomicUsize::new(0));
        let r = results.clone();
        let fut = pool.spawn_future(move || DropCount(r));
        pool.wait_until_stopped(); // the job has run; nobody took its result
        assert_eq!(results.load(Ordering::SeqCst), 0);
        drop(fut);
        assert_eq!(results.load(Ordering::SeqCst), 1);
    });
}

/// A waker that counts its wake-ups.
struct CountWakes(AtomicUsize);

impl Wake for CountWakes {
    fn wake(self: Arc<Self>) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

#[test]
fn the_latest_pollers_waker_is_woken() {
    within(LIMIT, || {
        let (pool, release) = held_pool();
        let mut fut = pool.spawn_future(|| 3);
        let first = Arc::new(CountWakes(AtomicUsize::new(0)));
        let second = Arc::new(CountWakes(AtomicUsize::new(0)));
        let (w1, w2): (Waker, Waker) = (first.clone().into(), second.clone().into());
        assert!(Pin::new(&mut fut)
            .poll(&mut Context::from_waker(&w1))
            .is_pending());
        assert!(Pin::new(&mut fut)
            .poll(&mut Context::from_waker(&w2))
            .is_pending());
        release.send(()).unwrap();
        while second.0.load(Ordering::SeqCst) == 0 {
            thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(first.0.load(Ordering::SeqCst), 0);
        assert_eq!(
            Pin::new(&mut fut).poll(&mut Context::from_waker(&w2)),
            Poll::Ready(3)
        );
    });
}
