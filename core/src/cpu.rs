//! Where a thread runs: a worker woken for a fork moves off the CPU of the owner that woke it.
//!
//! # Why
//!
//! When an owner publishes a fork and wakes a sleeping worker for it, the owner goes on
//! computing. The OS should run the woken worker on an idle CPU, but some schedulers put it on
//! the waker's CPU instead (seen on 2-vCPU cloud VMs whose guest kernel packs tasks onto few
//! vCPUs: 15 of 21 rounds of `join(spin 1 ms, spin 1 ms)` ran both halves on one CPU, one
//! after the other, 2 ms instead of 1). The woken worker then preempts its waker, or queues
//! behind it, and the two share one CPU for as long as the fork lasts while another idles.
//!
//! # Protocol
//!
//! * The **waker**, when it wakes a sleeper for a fork ([`Sleep::new_fork`], from a worker of
//!   a pool that has no more threads than this process may use CPUs), leaves its own CPU in
//!   the sleeper's [`WakerCpu`] before it unparks it.
//! * The **woken worker**, once its sleep returns, takes that CPU out of its `WakerCpu`; if it
//!   runs on that very CPU, it moves off it ([`move_off`]): it narrows its own affinity to the
//!   other CPUs it may use, which migrates it at once, and restores the affinity it had, which
//!   leaves it where it now runs. The owner keeps its CPU.
//!
//! Nothing here decides correctness: a stale or missing CPU only leaves the thread where the OS
//! put it. It costs the waker one `sched_getcpu` (a vDSO call or an instruction) per wake-up
//! for a fork, and the woken worker one more; only a worker that did land on its waker's CPU
//! pays the two affinity calls and the migration (tens to hundreds of microseconds on such a
//! VM, of the woken thread's time, not the owner's). Wake-ups for spawned jobs and injected work
//! leave no CPU: a loop of tiny spawns runs faster on one CPU than on two that steal each job
//! from each other, and an outside caller that injects work goes to sleep.
//!
//! [`Sleep::new_fork`]: crate::sleep::Sleep::new_fork

use std::sync::atomic::{AtomicU32, Ordering};

/// No CPU: nothing recorded, or the OS does not say.
const NONE: u32 = u32::MAX;

/// The CPU the calling thread runs on, if the OS says.
#[cfg(all(target_os = "linux", not(weft_loom), not(miri)))]
pub(crate) fn current() -> Option<u32> {
    // SAFETY: takes no arguments and touches no memory of ours.
    let cpu = unsafe { libc::sched_getcpu() };
    u32::try_from(cpu).ok().filter(|&cpu| cpu != NONE)
}

/// The CPU the calling thread runs on, if the OS says (here it does not).
#[cfg(not(all(target_os = "linux", not(weft_loom), not(miri))))]
pub(crate) fn current() -> Option<u32> {
    None
}

/// Moves the calling thread off `cpu` to another CPU its affinity allows, keeping that
/// affinity, and returns the CPU it moved to. Does nothing (`None`) if `cpu` is not allowed or
/// the only one allowed, or if the affinity cannot be read or set (a seccomp filter, say): the
/// thread then stays where it is.
#[cfg(all(target_os = "linux", not(weft_loom), not(miri)))]
fn move_off(cpu: u32) -> Option<u32> {
    let cpu = usize::try_from(cpu).ok()?;
    let size = std::mem::size_of::<libc::cpu_set_t>();
    // SAFETY: all-zero bytes are a valid, empty `cpu_set_t` (a plain bit array).
    let mut allowed: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    // SAFETY: `allowed` is a `cpu_set_t` of `size` bytes; pid 0 is the calling thread.
    if unsafe { libc::sched_getaffinity(0, size, &mut allowed) } != 0 {
        return None;
    }
    if cpu >= libc::CPU_SETSIZE as usize {
        return None;
    }
    let mut others = allowed;
    // SAFETY: the set macros read and write only the set they are given, at bit `cpu`, which
    // is inside it (checked above).
    let count = unsafe {
        if !libc::CPU_ISSET(cpu, &allowed) {
            return None;
        }
        libc::CPU_CLR(cpu, &mut others);
        libc::CPU_COUNT(&others)
    };
    if count == 0 {
        return None;
    }
    // SAFETY: as above, for reading the set. Narrowing the affinity migrates this thread
    // before the call returns.
    if unsafe { libc::sched_setaffinity(0, size, &others) } != 0 {
        return None;
    }
    let moved_to = current();
    // SAFETY: as above. Widening the affinity again does not move the thread back.
    unsafe { libc::sched_setaffinity(0, size, &allowed) };
    moved_to
}

#[cfg(not(all(target_os = "linux", not(weft_loom), not(miri))))]
fn move_off(_cpu: u32) -> Option<u32> {
    None
}

/// The CPU a waker left for the thread it woke (one per [`Parker`](crate::parker::Parker)).
///
/// Memory ordering: Relaxed. The waker stores before it unparks and the woken thread takes it
/// after its park returns, and the unpark happens-before that return (`parker.rs`).
#[derive(Debug)]
pub(crate) struct WakerCpu(AtomicU32);

impl WakerCpu {
    pub(crate) fn new() -> Self {
        WakerCpu(AtomicU32::new(NONE))
    }

    /// The waker: the calling thread, which stays busy, runs where it runs now.
    pub(crate) fn leave_current(&self) {
        if let Some(cpu) = current() {
            self.0.store(cpu, Ordering::Relaxed);
        }
    }

    /// The woken thread: moves off its waker's CPU if it runs there, and forgets that CPU.
    pub(crate) fn step_aside(&self) {
        let cpu = self.0.swap(NONE, Ordering::Relaxed);
        if cpu != NONE && current() == Some(cpu) {
            move_off(cpu);
        }
    }
}

#[cfg(all(test, target_os = "linux", not(weft_loom), not(miri)))]
mod tests {
    use super::*;

    /// The calling thread's allowed CPUs.
    fn allowed() -> libc::cpu_set_t {
        // SAFETY: as in `move_off`.
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        // SAFETY: as in `move_off`.
        let rc =
            unsafe { libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) };
        assert_eq!(rc, 0);
        set
    }

    fn count(set: &libc::cpu_set_t) -> i32 {
        // SAFETY: reads only `set`.
        unsafe { libc::CPU_COUNT(set) }
    }

    fn equal(a: &libc::cpu_set_t, b: &libc::cpu_set_t) -> bool {
        // SAFETY: reads only `a` and `b`.
        unsafe { libc::CPU_EQUAL(a, b) }
    }

    #[test]
    fn moving_off_a_cpu_runs_elsewhere_and_keeps_the_affinity() {
        std::thread::spawn(|| {
            let before = allowed();
            let Some(here) = current() else { return };
            let moved_to = move_off(here);
            if count(&before) >= 2 {
                assert!(
                    moved_to.is_some_and(|cpu| cpu != here),
                    "{here} -> {moved_to:?}"
                );
            } else {
                assert_eq!(moved_to, None);
            }
            assert!(equal(&allowed(), &before), "affinity not restored");
        })
        .join()
        .unwrap();
    }

    #[test]
    fn a_cpu_outside_the_affinity_is_left_alone() {
        std::thread::spawn(|| {
            let before = allowed();
            assert_eq!(move_off(libc::CPU_SETSIZE as u32 - 1), None);
            assert_eq!(move_off(NONE), None);
            assert!(equal(&allowed(), &before));
        })
        .join()
        .unwrap();
    }

    #[test]
    fn the_wakers_cpu_is_taken_once() {
        let cpu = WakerCpu::new();
        cpu.leave_current();
        cpu.step_aside();
        assert_eq!(cpu.0.load(Ordering::Relaxed), NONE);
    }
}
