//! The bottom layer: primitives that know nothing of pools or workers.
//!
//! What a job is (`job.rs`), how a fork is awaited (`latch.rs`), how a thread parks
//! (`parker.rs`) and spins first (`backoff.rs`), the asymmetric fences of the fork stack
//! (`fence.rs`), and panic plumbing (`unwind.rs`). Nothing here imports a layer above.

pub(crate) mod backoff;
pub(crate) mod fence;
pub(crate) mod job;
pub(crate) mod latch;
pub(crate) mod parker;
pub(crate) mod unwind;
