//! Panics a check plans on purpose, told apart from real ones by their payload.
//!
//! libFuzzer's panic hook aborts the process on any panic, which would turn every planned
//! panic into a crash. [`quiet_planned_panics`] wraps the hook in place: a planned panic
//! neither prints nor aborts, and unwinds to the check's `catch_unwind`; any other panic
//! goes to the previous hook (printed, and under libFuzzer a crash). Where any panic is
//! allowed (std's own sort may panic on a comparator that is no order), [`any_panic_allowed`]
//! silences every panic while it runs.

use std::any::Any;
use std::panic;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::Once;

/// The payload of a planned panic.
#[derive(Debug)]
pub struct Planned;

/// Panics with a [`Planned`] payload.
pub fn planned_panic() -> ! {
    panic::panic_any(Planned)
}

/// Whether a caught payload is a planned panic.
pub fn is_planned(payload: &(dyn Any + Send)) -> bool {
    payload.is::<Planned>()
}

/// Installs, once per process, a panic hook that lets planned panics unwind silently.
pub fn quiet_planned_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !info.payload().is::<Planned>() && ALLOW_ANY.load(Relaxed) == 0 {
                previous(info);
            }
        }));
    });
}

/// How many [`any_panic_allowed`] calls are running (process-wide: the hook cannot tell
/// which thread a pool job belongs to).
static ALLOW_ANY: AtomicUsize = AtomicUsize::new(0);

/// Runs `f` with every panic silenced (not caught: it still unwinds to the caller's
/// `catch_unwind`).
pub fn any_panic_allowed<R>(f: impl FnOnce() -> R) -> R {
    struct Allowed;
    impl Drop for Allowed {
        fn drop(&mut self) {
            ALLOW_ANY.fetch_sub(1, Relaxed);
        }
    }
    ALLOW_ANY.fetch_add(1, Relaxed);
    let _allowed = Allowed;
    f()
}
