//! The public operations and types, re-exported at the crate root: `join`, scopes, `spawn`,
//! broadcasts, `spawn_future`, what the calling thread may ask (`current.rs`), the builder
//! and the `ThreadPool` handle.

pub(crate) mod broadcast;
pub(crate) mod builder;
pub(crate) mod current;
pub(crate) mod future;
pub(crate) mod join;
pub(crate) mod scope;
pub(crate) mod spawn;
pub(crate) mod thread_pool;
