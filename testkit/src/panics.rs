//! A panic hook for tests that panic on purpose.

use std::sync::Once;

/// Keeps expected panics off the output: once per process (the first call's list is kept), installs a panic hook that stays
/// silent for a panic whose message contains one of `expected`, and hands every other panic
/// to the hook that was there before. The panics still unwind as usual.
///
/// # Examples
///
/// ```
/// weft_testkit::quiet_panics(&["on purpose"]);
/// let caught = std::panic::catch_unwind(|| panic!("failed on purpose"));
/// assert!(caught.is_err());
/// ```
pub fn quiet_panics(expected: &'static [&'static str]) {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let payload = info.payload();
            let message = payload
                .downcast_ref::<&str>()
                .copied()
                .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
                .unwrap_or("");
            if !expected.iter().any(|e| message.contains(e)) {
                previous(info);
            }
        }));
    });
}
