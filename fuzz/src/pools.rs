//! The pools every check runs on (1, 2 and 8 threads), built once per process.

use std::sync::OnceLock;
use weft::{ThreadPool, ThreadPoolBuilder};

/// Thread counts of the pools in [`pools`].
pub const THREADS: [usize; 3] = [1, 2, 8];

/// One pool per entry of [`THREADS`], built on first use and kept for the process.
pub fn pools() -> &'static [ThreadPool; 3] {
    static POOLS: OnceLock<[ThreadPool; 3]> = OnceLock::new();
    POOLS.get_or_init(|| {
        THREADS.map(|n| {
            ThreadPoolBuilder::new()
                .num_threads(n)
                .thread_name(move |i| format!("fuzz-{n}-{i}"))
                .build()
                .expect("build a fuzz pool")
        })
    })
}
