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

/// Locks `mutex`: [`crate::sync::lock`] (one shared panic for a poisoned lock), or under loom
/// its `lock().unwrap()`.
#[cfg(not(weft_loom))]
pub(crate) use crate::sync::lock;

/// Locks `mutex`: `crate::sync::lock`, or under loom its `lock().unwrap()`.
#[cfg(weft_loom)]
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> loom::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap()
}
