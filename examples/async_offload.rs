//! CPU work awaited from async code, and async code called from the pool.
//!
//! `cargo run --release --example async_offload` runs a tokio current-thread runtime that
//! hashes a batch of buffers on weft's pool with `spawn_future` while a 1 ms interval keeps
//! ticking on the runtime (its worst lag is printed), then shows a pool task waiting for the runtime through `blocking`.

use std::time::{Duration, Instant};

/// A deliberately slow hash (FNV-1a, repeated): stands for any CPU-heavy step.
fn slow_hash(data: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for _ in 0..64 {
        for &b in data {
            h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    h
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_time()
        .build()
        .unwrap();

    // Async -> pool: each buffer is hashed on the pool; the runtime's thread only awaits.
    let (hashes, worst_lag, wall) = rt.block_on(async {
        let (stop, mut stopped) = tokio::sync::oneshot::channel::<()>();
        let ticker = tokio::spawn(async move {
            let mut interval = tokio::time::interval(Duration::from_millis(1));
            let mut worst = Duration::ZERO;
            loop {
                tokio::select! {
                    scheduled = interval.tick() => {
                        worst = worst.max(tokio::time::Instant::now() - scheduled);
                    }
                    _ = &mut stopped => return worst,
                }
            }
        });
        let start = Instant::now();
        let jobs: Vec<_> = (0..64u8)
            .map(|i| weft::spawn_future(move || slow_hash(&vec![i; 64 * 1024])))
            .collect();
        let mut hashes = Vec::with_capacity(jobs.len());
        for job in jobs {
            hashes.push(job.await);
        }
        let wall = start.elapsed();
        stop.send(()).unwrap();
        (hashes, ticker.await.unwrap(), wall)
    });
    println!(
        "hashed {} buffers on {} threads in {wall:?}; a 1 ms interval lagged at most {worst_lag:?}",
        hashes.len(),
        weft::current_num_threads()
    );

    // Pool -> async: a pool task waits for the runtime without costing the pool a core.
    let handle = rt.handle().clone();
    let pool = weft::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let fetched = pool.install(|| {
        weft::blocking(|| {
            handle.block_on(async {
                tokio::time::sleep(Duration::from_millis(20)).await; // stands for a request
                "reply"
            })
        })
    });
    println!("a pool task awaited {fetched:?} through blocking");
}
