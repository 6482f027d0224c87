//! A per-thread parking spot: the one place a weft thread sleeps.
//!
//! Every thread that ever waits in weft (a worker with nothing to do, a spare thread, an outside
//! thread waiting for injected work) owns one `Parker`, shared through an `Arc` so that a waker
//! can hold it past the moment the sleeper returns. `park` sleeps until `unpark` was called at
//! least once since the previous `park` returned (a token, as `std::thread::park`), and may also
//! return spuriously: callers always re-check their condition in a loop.
//!
//! Memory ordering: `unpark` publishes with Release (the swap to [`NOTIFIED`]); `park` consumes
//! the token with Acquire, so whatever the waker wrote before `unpark` is visible after `park`.

#[cfg(not(weft_loom))]
use crate::loom::atomic::{AtomicU32, Ordering};

/// No token, nobody parked.
#[cfg(not(weft_loom))]
const EMPTY: u32 = 0;
/// The owner is parked (or about to call futex wait) and needs a futex wake.
#[cfg(not(weft_loom))]
const PARKED: u32 = 1;
/// A token is waiting: the next `park` returns at once.
#[cfg(not(weft_loom))]
const NOTIFIED: u32 = 2;

/// A thread's parking spot (futex-based).
#[cfg(not(weft_loom))]
#[derive(Debug, Default)]
pub(crate) struct Parker {
    state: AtomicU32,
}

#[cfg(not(weft_loom))]
impl Parker {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Sleeps until a token is available, then consumes it. Only the owning thread parks.
    pub(crate) fn park(&self) {
        // Acquire: pairs with the Release swap in `unpark`.
        if self
            .state
            .compare_exchange(NOTIFIED, EMPTY, Ordering::Acquire, Ordering::Relaxed)
            .is_ok()
        {
            return;
        }
        // Announce the futex wait. Failure means a token arrived meanwhile (the only other
        // transition, EMPTY -> NOTIFIED): consume it.
        if self
            .state
            .compare_exchange(EMPTY, PARKED, Ordering::Relaxed, Ordering::Relaxed)
            .is_err()
        {
            // Acquire: pairs with the Release swap in `unpark`.
            self.state.swap(EMPTY, Ordering::Acquire);
            return;
        }
        loop {
            atomic_wait::wait(&self.state, PARKED);
            // Acquire: pairs with the Release swap in `unpark`.
            if self
                .state
                .compare_exchange(NOTIFIED, EMPTY, Ordering::Acquire, Ordering::Relaxed)
                .is_ok()
            {
                return;
            }
            // Spurious futex return: still PARKED, wait again.
        }
    }

    /// Makes a token available and wakes the owner if it is parked.
    pub(crate) fn unpark(&self) {
        // Release: pairs with the Acquire in `park`.
        if self.state.swap(NOTIFIED, Ordering::Release) == PARKED {
            atomic_wait::wake_one(&self.state);
        }
    }
}

/// A thread's parking spot (loom model: a mutex-protected token and a condvar).
#[cfg(weft_loom)]
#[derive(Debug, Default)]
pub(crate) struct Parker {
    token: crate::loom::Mutex<bool>,
    cv: crate::loom::Condvar,
}

#[cfg(weft_loom)]
impl Parker {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    pub(crate) fn park(&self) {
        let mut token = self.token.lock().unwrap();
        while !*token {
            token = self.cv.wait(token).unwrap();
        }
        *token = false;
    }

    pub(crate) fn unpark(&self) {
        *self.token.lock().unwrap() = true;
        self.cv.notify_one();
    }
}

#[cfg(all(test, not(weft_loom)))]
mod tests {
    use super::Parker;
    use std::sync::Arc;

    #[test]
    fn token_before_park_returns_at_once() {
        let p = Parker::new();
        p.unpark();
        p.park();
    }

    #[test]
    fn unpark_wakes_a_parked_thread() {
        for _ in 0..if cfg!(miri) { 5 } else { 200 } {
            let p = Arc::new(Parker::new());
            let q = p.clone();
            let t = std::thread::spawn(move || q.park());
            p.unpark();
            t.join().unwrap();
        }
    }
}
