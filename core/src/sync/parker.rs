//! A per-thread parking spot: the one place a weft thread sleeps.
//!
//! Every thread that ever waits in weft (a worker with nothing to do, an outside thread waiting
//! for injected work) owns one `Parker`, shared through an `Arc` so that a waker can hold it
//! past the moment the sleeper returns. It is the thread's own park token
//! (`std::thread::park`, a futex on Linux): `unpark` makes a token available, `park` sleeps
//! until one is and consumes it, and either may see spurious returns (other code on the thread
//! may use the same token), so callers always re-check their condition in a loop.
//!
//! Memory ordering: `unpark` happens-before the `park` it ends returns (std's guarantee), so
//! whatever the waker wrote before `unpark` is visible after `park`.

/// A thread's parking spot.
#[derive(Debug)]
pub(crate) struct Parker {
    thread: crate::loom::thread::Thread,
}

impl Parker {
    /// The calling thread's parking spot.
    pub(crate) fn new() -> Self {
        Parker {
            thread: crate::loom::thread::current(),
        }
    }

    /// Sleeps until a token is available, then consumes it. Only the owning thread parks.
    pub(crate) fn park(&self) {
        // Also in the models, which run in release: a parker made on another thread would
        // have its unparks wake that thread, and the model report a deadlock of its own.
        if cfg!(any(debug_assertions, weft_loom)) {
            assert_eq!(
                self.thread.id(),
                crate::loom::thread::current().id(),
                "parked on another thread's parker"
            );
        }
        crate::loom::thread::park();
    }

    /// Like [`park`](Self::park), but returns after `timeout` at the latest.
    pub(crate) fn park_timeout(&self, timeout: std::time::Duration) {
        #[cfg(not(weft_loom))]
        std::thread::park_timeout(timeout);
        // Under loom a timeout is a spurious return, which callers handle anyway.
        #[cfg(weft_loom)]
        {
            let _ = timeout;
            loom::thread::yield_now();
        }
    }

    /// Makes a token available and wakes the owner if it is parked.
    pub(crate) fn unpark(&self) {
        self.thread.unpark();
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
            let (tx, rx) = std::sync::mpsc::channel();
            let t = std::thread::spawn(move || {
                let p = Arc::new(Parker::new());
                tx.send(p.clone()).unwrap();
                p.park();
            });
            rx.recv().unwrap().unpark();
            t.join().unwrap();
        }
    }
}
