//! One pool: its registry of seats and workers, its threads' lives, its counters, and the
//! plain configuration it is built from.
//!
//! `config.rs` is what the public builder produces and `Registry::new` consumes, so nothing
//! here imports the builder; `spawn.rs` is how the pool's threads are spawned (the public
//! `ThreadBuilder` and spawn handlers); `registry.rs` is the pool itself; `thread.rs` a pool
//! thread's life; `metrics.rs` its counters.
pub(crate) mod config;
pub(crate) mod error;
pub(crate) mod metrics;
pub(crate) mod registry;
pub(crate) mod spawn;

pub(crate) mod thread;
