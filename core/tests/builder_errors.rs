//! Bad input to the builder gives clear errors, never a panic or a hang.

use std::io;
use weft_core::{max_num_threads, ThreadPoolBuilder};

#[test]
fn zero_threads_means_the_default() {
    let pool = ThreadPoolBuilder::new().num_threads(0).build().unwrap();
    let expected = ["WEFT_NUM_THREADS", "RAYON_NUM_THREADS"]
        .into_iter()
        .find_map(|v| std::env::var(v).ok().and_then(|s| s.parse().ok()))
        .unwrap_or_else(|| std::thread::available_parallelism().unwrap().get());
    assert_eq!(pool.current_num_threads(), expected);
}

#[test]
fn more_than_max_num_threads_is_an_error() {
    let err = ThreadPoolBuilder::new()
        .num_threads(max_num_threads() + 1)
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("max_num_threads"), "{err}");
}

#[test]
fn build_global_twice_is_an_error() {
    let first = ThreadPoolBuilder::new().num_threads(2).build_global();
    let second = ThreadPoolBuilder::new().num_threads(2).build_global();
    assert!(first.is_ok());
    let err = second.unwrap_err();
    // rayon's text, word for word: code written for rayon compares it.
    assert_eq!(
        err.to_string(),
        "The global thread pool has already been initialized."
    );
    assert_eq!(weft_core::current_num_threads(), 2);
}

#[test]
fn a_failed_thread_spawn_is_an_error_not_a_panic() {
    let mut spawned = 0;
    let result = ThreadPoolBuilder::new()
        .num_threads(4)
        .spawn_handler(|thread| {
            spawned += 1;
            if thread.index() == 2 {
                return Err(io::Error::other("no more threads"));
            }
            std::thread::spawn(move || thread.run());
            Ok(())
        })
        .build();
    let err = result.unwrap_err();
    assert!(err.to_string().contains("no more threads"), "{err}");
    assert!(std::error::Error::source(&err).is_some());
    assert_eq!(spawned, 3);
}

#[test]
fn physical_cores_never_exceed_logical() {
    let logical = std::thread::available_parallelism().unwrap().get();
    let pool = ThreadPoolBuilder::new()
        .physical_cores(true)
        .build()
        .unwrap();
    let n = pool.current_num_threads();
    if std::env::var("WEFT_NUM_THREADS").is_err() && std::env::var("RAYON_NUM_THREADS").is_err() {
        assert!(n >= 1 && n <= logical);
    }
}
