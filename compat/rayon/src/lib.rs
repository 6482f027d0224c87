//! rayon 1.12's API on weft's pool, under rayon's name.
//!
//! This crate only re-exports [weft](https://docs.rs/weft). It exists so that one
//! `[patch.crates-io]` entry moves every crate of a dependency graph that uses rayon onto weft's
//! one pool:
//!
//! ```toml
//! [patch.crates-io]
//! rayon = { git = "<weft's repository>" }     # or { path = ".../compat/rayon" }
//! rayon-core = { git = "<weft's repository>" }
//! ```
//!
//! Every public path of rayon 1.12 names the same kind of item here, and [`prelude`] is
//! rayon's exactly (no weft-only names). The other modules are weft's and may hold more than
//! rayon's. What the patch guarantees and how to check that it took: `docs/drop-in.md`,
//! "Your dependencies too".
//!
//! # Examples
//!
//! ```
//! use rayon::prelude::*;
//!
//! let v: Vec<u64> = (1..=100).collect();
//! let sum: u64 = v.par_iter().map(|x| x * 2).sum();
//! assert_eq!(sum, 10_100);
//! ```
#![deny(missing_docs)]
#![doc(test(attr(deny(warnings))))]

pub mod prelude;

pub use weft_iter::{
    array, collections, iter, option, range, range_inclusive, result, slice, str, string, vec,
};

// What rayon re-exports from rayon-core.
pub use weft_core::{
    broadcast, current_num_threads, current_thread_index, in_place_scope, in_place_scope_fifo,
    join, join_context, max_num_threads, scope, scope_fifo, spawn, spawn_broadcast, spawn_fifo,
    yield_local, yield_now, BroadcastContext, FnContext, Scope, ScopeFifo, ThreadBuilder,
    ThreadPool, ThreadPoolBuildError, ThreadPoolBuilder, Yield,
};
