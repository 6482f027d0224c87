//! How a worker slot changes hands when a thread comes back from `blocking`.
//!
//! # Protocol
//!
//! A slot has exactly one holder. A thread back from `blocking` files a [`Claim`] on the slot's
//! [`Baton`] (under its mutex) and then wakes the holder if it sleeps; the holder notices
//! `pending()` at its top level, stops holding the slot (clears its thread-local pointer),
//! and only then [`Baton::pass`]es it: the claim's `granted` flag is set with Release and the
//! claimant, which waits for it with Acquire, becomes the holder and sees everything the old
//! holder did to the slot's deque. A holder passes only at its top level, where none of its own
//! frames still use the slot. So a slot is never held by two threads, and the jobs in its deque
//! move with it: none is lost.

use crate::loom::atomic::{AtomicBool, AtomicUsize, Ordering};
use crate::loom::{Arc, Mutex};
use crate::parker::Parker;
use std::collections::VecDeque;

/// One thread's request for a slot.
#[derive(Debug)]
pub(crate) struct Claim {
    granted: AtomicBool,
    parker: Arc<Parker>,
}

impl Claim {
    /// Parks until the slot has been passed to this claimant.
    pub(crate) fn wait(&self) {
        // Acquire: pairs with the Release store in `Baton::pass`.
        while !self.granted.load(Ordering::Acquire) {
            self.parker.park();
        }
    }
}

/// The queue of threads waiting to take a slot back.
///
/// Memory ordering: `pending` is a hint read by the holder; the claim itself travels under
/// the mutex, and `granted` carries the slot's contents (Release in `pass`, Acquire in
/// `Claim::wait`).
#[derive(Debug)]
pub(crate) struct Baton {
    pending: AtomicUsize,
    claims: Mutex<VecDeque<Arc<Claim>>>,
}

impl Baton {
    pub(crate) fn new() -> Self {
        Self {
            pending: AtomicUsize::new(0),
            claims: Mutex::new(VecDeque::new()),
        }
    }

    /// Whether a thread waits for this slot.
    #[inline]
    pub(crate) fn pending(&self) -> bool {
        self.pending.load(Ordering::Relaxed) > 0
    }

    /// Files a claim for the slot; the caller then wakes the holder and waits on the claim.
    pub(crate) fn request(&self, parker: Arc<Parker>) -> Arc<Claim> {
        let claim = Arc::new(Claim {
            granted: AtomicBool::new(false),
            parker,
        });
        let mut claims = self.claims.lock().unwrap();
        claims.push_back(claim.clone());
        self.pending.fetch_add(1, Ordering::Relaxed);
        claim
    }

    /// Hands the slot to the oldest claimant. The caller must already have stopped holding
    /// it. Returns false if nobody claimed it.
    pub(crate) fn pass(&self) -> bool {
        let mut claims = self.claims.lock().unwrap();
        let Some(claim) = claims.pop_front() else {
            return false;
        };
        self.pending.fetch_sub(1, Ordering::Relaxed);
        drop(claims);
        // Release: pairs with the Acquire in `Claim::wait`.
        claim.granted.store(true, Ordering::Release);
        claim.parker.unpark();
        true
    }
}
