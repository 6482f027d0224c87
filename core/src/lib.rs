//! weft-core: a work-stealing pool that wastes less.
//!
//! rayon-core's API under the same names — [`join`], [`scope`], [`spawn`], [`broadcast`],
//! [`ThreadPool`], [`ThreadPoolBuilder`] — on a scheduler built to burn no CPU it need not:
//!
//! * a fork's latch is one atomic word; a fork nobody steals touches no latch at all;
//! * idle threads park on a futex after a few microseconds of searching, never in
//!   `sched_yield` loops, and the setter of a latch wakes exactly its waiter;
//! * new work wakes at most one sleeping worker, and none while another is searching;
//! * submitting never waits for a worker;
//! * [`blocking`](fn@blocking) hands a blocked worker's place to a cached spare thread;
//! * [`isolate`](fn@isolate) makes a wait run only the work made inside it, and no wait piles work
//!   onto a stack past half its size;
//! * [`metrics`] counts jobs, steals, wake-ups and parks, cheaply enough to leave on;
//! * [`trace::record`] shows what every thread did during a call, as a timeline, and how
//!   parallel the call ran.
//!
//! # Layout
//!
//! A folder per layer; each imports only the layers below it, except that `worker/`, `pool/`
//! and `blocking/` know each other:
//!
//! ```text
//! api/       join, scope, spawn, broadcast, spawn_future, ThreadPool, builder
//!   |
//! blocking/  the public `blocking`, the seat hand-off, the monitor, the spare threads
//! pool/      registry (seats, members, injector), a thread's life, config, metrics
//! worker/    one thread's state, fork stack, waits and search, stack bound, entering regions
//!   |        (these three know each other: the registry owns the monitor and the
//!   |         cache, and lists the workers, which hold their registry)
//! isolate/   regions and their lanes
//! sleep/     who sleeps, who wakes whom
//! sync/      job, latch, parker, backoff, fence, unwind       os/  CPU topology, CPU time
//! ```
//!
//! `trace/` stands beside them all: its per-thread logs (`trace/log.rs`) are written by hooks
//! in every layer, and its public face (`record`, `Trace`) reads them.
//!
//! The protocols are written down beside the code: `sync/latch.rs`, `sleep/README.md`,
//! `blocking/handoff.rs`, `blocking/mod.rs`, `isolate/mod.rs`, `worker/stack.rs`,
//! `worker/wait.rs` and `trace/mod.rs`. `DESIGN.md` is the map.
//!
//! # Bounds
//!
//! Closures given to `join` may run on another thread, so they must be `Send`:
//!
//! ```compile_fail,E0277
//! let rc = std::rc::Rc::new(1);
//! weft_core::join(|| *rc + 1, || 2);
//! ```
//!
//! A detached task may outlive the caller's stack, so it must be `'static`:
//!
//! ```compile_fail,E0373
//! let v = vec![1, 2, 3];
//! weft_core::spawn(|| println!("{}", v.len()));
//! ```
//!
//! A [`BroadcastContext`] describes the thread it runs on and cannot leave it:
//!
//! ```compile_fail,E0277
//! fn send<T: Send>(_: T) {}
//! weft_core::broadcast(|ctx| send(ctx));
//! ```
//!
//! Pools themselves can be shared between threads:
//!
//! ```
//! fn shared<T: Send + Sync>() {}
//! shared::<weft_core::ThreadPool>();
//! ```
//!
//! # Examples
//!
//! ```
//! let pool = weft_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
//! let sum = pool.install(|| {
//!     let (a, b) = weft_core::join(|| (0..500u64).sum::<u64>(), || (500..1000u64).sum::<u64>());
//!     a + b
//! });
//! assert_eq!(sum, 499_500);
//! ```
#![deny(missing_docs)]
#![doc(test(attr(deny(warnings))))]
#![cfg_attr(weft_loom, allow(dead_code, unused_imports))]

mod loom;
#[cfg(all(test, weft_loom))]
mod loom_models;

#[cfg(not(weft_loom))]
mod api;
mod blocking;
mod isolate;
mod os;
#[cfg(not(weft_loom))]
mod pool;
mod sleep;
mod sync;
pub mod trace;
mod worker;

#[cfg(not(weft_loom))]
pub use crate::{
    api::broadcast::{broadcast, spawn_broadcast, BroadcastContext},
    api::builder::ThreadPoolBuilder,
    api::current::{
        current_num_threads, current_thread_has_pending_tasks, current_thread_index, metrics,
        yield_local, yield_now, Yield,
    },
    api::future::{spawn_future, SpawnFuture},
    api::join::{join, join_context, FnContext},
    api::scope::{in_place_scope, in_place_scope_fifo, scope, scope_fifo, Scope, ScopeFifo},
    api::spawn::{spawn, spawn_fifo},
    api::thread_pool::ThreadPool,
    blocking::blocking,
    pool::config::max_num_threads,
    pool::error::ThreadPoolBuildError,
    pool::metrics::Metrics,
    pool::spawn::{CustomSpawn, DefaultSpawn, ThreadBuilder, ThreadSpawn},
    worker::isolated::isolate,
};
