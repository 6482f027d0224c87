//! One pool thread's state and how it waits.
//!
//! A worker's state and queues (`thread_state.rs`), its private fork stack (`fork.rs`), its
//! waits (`wait.rs`) and, once idle, its search for work (`search.rs`), how deep its stack
//! may grow under them (`stack.rs`), and how it enters and leaves an isolated region
//! (`isolated.rs`; the regions themselves are in `isolate/`).
//! The worker and its pool (`pool/`) know each other: a worker holds its registry, and the
//! registry lists its workers.

pub(crate) mod fork;
#[cfg(not(weft_loom))]
pub(crate) mod isolated;
#[cfg(not(weft_loom))]
pub(crate) mod search;
#[cfg(not(weft_loom))]
pub(crate) mod stack;
#[cfg(not(weft_loom))]
pub(crate) mod thread_state;
#[cfg(not(weft_loom))]
pub(crate) mod wait;
