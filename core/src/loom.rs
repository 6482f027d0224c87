//! Switches the primitives that the latch, parker and sleep protocols use between std and
//! loom, so that `RUSTFLAGS="--cfg weft_loom"` model-checks those protocols.

#[cfg(weft_loom)]
pub(crate) use loom::sync::{atomic, Arc, Condvar, Mutex, MutexGuard};

#[cfg(not(weft_loom))]
pub(crate) use std::sync::{atomic, Arc, Mutex, MutexGuard};
