//! Switches the primitives that the latch, parker, sleep and fork protocols use between std
//! and loom, so that `RUSTFLAGS="--cfg weft_loom"` model-checks those protocols.

#[cfg(weft_loom)]
pub(crate) use loom::sync::{atomic, Arc, Condvar, Mutex};
#[cfg(weft_loom)]
pub(crate) use loom::thread;

#[cfg(not(weft_loom))]
pub(crate) use std::sync::{atomic, Arc, Mutex};
#[cfg(not(weft_loom))]
pub(crate) use std::thread;
