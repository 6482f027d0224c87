//! Work that takes a known time: a worker busy on a core, not asleep.

use std::time::{Duration, Instant};

/// Computes (spins on the clock) for `d`, keeping its thread on a core the whole time, so a
/// test can hold a worker busy while it checks what another worker does.
///
/// # Examples
///
/// ```
/// use std::time::{Duration, Instant};
/// let start = Instant::now();
/// weft_testkit::spin_for(Duration::from_millis(2));
/// assert!(start.elapsed() >= Duration::from_millis(2));
/// ```
pub fn spin_for(d: Duration) {
    let start = Instant::now();
    while start.elapsed() < d {
        std::hint::spin_loop();
    }
}
