//! rayon-core 1.13's API on weft's pool, under rayon-core's name.
//!
//! This crate only re-exports [weft-core](https://docs.rs/weft-core) (and keeps rayon-core's
//! deprecated `Configuration` and `initialize` as thin wrappers over
//! [`ThreadPoolBuilder`]). With the `rayon` crate beside it, one `[patch.crates-io]` entry
//! each moves every crate of a dependency graph onto weft's one pool; see the `rayon` crate in
//! this repository and `docs/drop-in.md`, "Your dependencies too".
//!
//! # Examples
//!
//! ```
//! let (a, b) = rayon_core::join(|| 1 + 1, || 2 + 2);
//! assert_eq!((a, b), (2, 4));
//! ```
#![deny(missing_docs)]
#![doc(test(attr(deny(warnings))))]

mod configuration;

#[allow(deprecated)]
pub use crate::configuration::{initialize, Configuration};

pub use weft_core::{
    broadcast, current_num_threads, current_thread_has_pending_tasks, current_thread_index,
    in_place_scope, in_place_scope_fifo, join, join_context, max_num_threads, scope, scope_fifo,
    spawn, spawn_broadcast, spawn_fifo, yield_local, yield_now, BroadcastContext, FnContext, Scope,
    ScopeFifo, ThreadBuilder, ThreadPool, ThreadPoolBuildError, ThreadPoolBuilder, Yield,
};
