//! How much CPU time this process has used (user + system), for a trace's summary.

#[cfg(all(target_os = "linux", not(miri)))]
use super::sys;
use std::time::Duration;

/// CPU time used by every thread of the process so far, where the OS says (Linux).
#[cfg(all(target_os = "linux", not(miri)))]
pub(crate) fn process() -> Option<Duration> {
    let mut usage = std::mem::MaybeUninit::<sys::Rusage>::uninit();
    // SAFETY: `usage` is valid for writes of a `rusage`, and RUSAGE_SELF a valid `who`;
    // getrusage fills the whole struct when it returns 0, checked before it is read.
    let rc = unsafe { sys::getrusage(sys::RUSAGE_SELF, usage.as_mut_ptr()) };
    if rc != 0 {
        return None;
    }
    // SAFETY: filled, as just checked.
    let usage = unsafe { usage.assume_init() };
    let time = |t: sys::Timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    Some(time(usage.ru_utime) + time(usage.ru_stime))
}

/// CPU time used by the process: not known here (nor under Miri, which cannot ask).
#[cfg(not(all(target_os = "linux", not(miri))))]
pub(crate) fn process() -> Option<Duration> {
    None
}
