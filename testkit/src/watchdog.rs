//! A time limit for tests that could hang: a deadlock fails the test instead of wedging the
//! suite.

use std::sync::mpsc;
use std::time::Duration;

/// Runs `f` on a new thread and returns its result; panics if it has not returned within
/// `limit` (the stuck thread is left behind, and the test fails with a message instead of
/// hanging). A panic in `f` is re-raised here with its own payload.
#[track_caller]
pub fn within<R, F>(limit: Duration, f: F) -> R
where
    R: Send + 'static,
    F: FnOnce() -> R + Send + 'static,
{
    let (tx, rx) = mpsc::channel();
    let worker = std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(limit) {
        Ok(r) => r,
        // The sender dropped without sending: `f` panicked.
        Err(mpsc::RecvTimeoutError::Disconnected) => match worker.join() {
            Err(payload) => std::panic::resume_unwind(payload),
            Ok(()) => unreachable!("the thread returned without sending its result"),
        },
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("still running after {limit:?}: hung?"),
    }
}

#[cfg(test)]
mod tests {
    use super::within;
    use std::time::Duration;

    #[test]
    fn a_quick_closure_returns_its_result() {
        assert_eq!(within(Duration::from_secs(10), || 6 * 7), 42);
    }

    #[test]
    #[should_panic(expected = "hung?")]
    fn a_closure_past_its_limit_fails() {
        within(Duration::from_millis(10), || {
            std::thread::sleep(Duration::from_secs(5))
        });
    }

    #[test]
    #[should_panic(expected = "inner panic")]
    fn a_panic_in_the_closure_reaches_the_caller() {
        within(Duration::from_secs(10), || panic!("inner panic"));
    }
}
