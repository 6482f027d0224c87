//! The process's one monotonic clock for timestamps kept in atomics: nanoseconds since its
//! first reading.

use std::sync::OnceLock;
use std::time::Instant;

/// Nanoseconds since the first call in the process (saturating; about 584 years fit).
pub(crate) fn now() -> u64 {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    let epoch = EPOCH.get_or_init(Instant::now);
    u64::try_from(epoch.elapsed().as_nanos()).unwrap_or(u64::MAX)
}
