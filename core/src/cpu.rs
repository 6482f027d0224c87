//! Where a thread runs: a worker woken for a fork runs on another CPU than the owner that woke
//! it.
//!
//! # Why
//!
//! When an owner publishes a fork and wakes a sleeping worker for it, the owner goes on
//! computing. The OS should run the woken worker on an idle CPU, but some schedulers put it on
//! the waker's CPU instead (seen on 2-vCPU cloud VMs whose guest kernel packs tasks onto few
//! vCPUs: 15 of 21 rounds of `join(spin 1 ms, spin 1 ms)` ran both halves on one CPU, one
//! after the other, 2 ms instead of 1). The woken worker then preempts its waker, or queues
//! behind it, while the other CPU idles. Queued, it may wait for the owner's whole time slice:
//! on a 2-vCPU Intel VM (Linux 6.18, EEVDF) a worker woken for a fork of a 1,000-node tree
//! sum, summed a thousand times in 3 ms, waited 1 to 3 ms or more in one round of five, and
//! the owner, offering its forks to a taker that never came, promoted 9 forks a sum. Nor
//! does leaving the sleeper where it parked help: on that VM, 31-32 of 33-34 wake-ups for a
//! fork whose sleeper had parked on the other, idle, vCPU still ran it on its waker's vCPU
//! when the OS chose (BENCHMARKS.md, "sixteenth session").
//!
//! # Protocol
//!
//! * The **waker**, when it wakes a sleeper for a fork ([`Sleep::new_fork`], from a worker of
//!   a pool that has no more threads than this process may use CPUs), reads the sleeper's
//!   affinity, keeps it in the sleeper's [`Placement`], and narrows the sleeper's affinity to
//!   the other CPUs, before it unparks it ([`Placement::keep_off_current`]). The OS then wakes
//!   the sleeper on another CPU than its waker's, whatever its own placement would have been.
//! * The **woken thread**, once its park returns, puts back the affinity it had
//!   ([`Placement::restore`]), which leaves it where it now runs.
//!
//! Nothing here decides correctness: where the affinity cannot be read or set (a seccomp
//! filter, another OS) or the sleeper may run on one CPU only, the thread stays where the OS
//! puts it. A waker that narrows a thread just after its park returned for another reason
//! (a timeout) leaves it narrowed until its next park returns, which the waker's unpark makes
//! immediate. It costs the waker a `sched_getcpu` (a vDSO call or an instruction) and two
//! system calls per wake-up for a fork (0.1 and 0.3 µs in a tight loop on that VM, 16-25 µs
//! together after an idle spell, beside the unpark's 15-23 µs), and the woken thread one.
//! Wake-ups for spawned jobs and injected work leave the OS's placement alone: a loop of
//! tiny spawns runs faster on one CPU than on two that steal each job from each other, and
//! an outside caller that injects work goes to sleep.
//!
//! [`Sleep::new_fork`]: crate::sleep::Sleep::new_fork

#[cfg(all(target_os = "linux", not(weft_loom), not(miri)))]
pub(crate) use linux::Placement;
#[cfg(not(all(target_os = "linux", not(weft_loom), not(miri))))]
pub(crate) use other::Placement;

#[cfg(all(target_os = "linux", not(weft_loom), not(miri)))]
mod linux {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Mutex;

    const SET_SIZE: usize = std::mem::size_of::<libc::cpu_set_t>();

    /// The CPU the calling thread runs on, if the OS says.
    pub(super) fn current() -> Option<usize> {
        // SAFETY: takes no arguments and touches no memory of ours.
        let cpu = unsafe { libc::sched_getcpu() };
        usize::try_from(cpu).ok()
    }

    /// The affinity of thread `tid` (0: the calling thread), if it can be read.
    pub(super) fn affinity(tid: libc::pid_t) -> Option<libc::cpu_set_t> {
        // SAFETY: all-zero bytes are a valid, empty `cpu_set_t` (a plain bit array).
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        // SAFETY: `set` is a `cpu_set_t` of `SET_SIZE` bytes, written by the call only.
        (unsafe { libc::sched_getaffinity(tid, SET_SIZE, &mut set) } == 0).then_some(set)
    }

    /// Sets the affinity of thread `tid` (0: the calling thread); false if refused.
    fn set_affinity(tid: libc::pid_t, set: &libc::cpu_set_t) -> bool {
        // SAFETY: `set` is a `cpu_set_t` of `SET_SIZE` bytes, only read by the call. Narrowing
        // a running thread's affinity migrates it; a sleeping one wakes inside it.
        unsafe { libc::sched_setaffinity(tid, SET_SIZE, set) == 0 }
    }

    /// `allowed` without `cpu`, if `cpu` is in it and another CPU is too.
    pub(super) fn without(allowed: &libc::cpu_set_t, cpu: usize) -> Option<libc::cpu_set_t> {
        if cpu >= libc::CPU_SETSIZE as usize {
            return None;
        }
        let mut others = *allowed;
        // SAFETY: the set macros read and write only the set they are given, at bit `cpu`,
        // which is inside it (checked above).
        let count = unsafe {
            if !libc::CPU_ISSET(cpu, allowed) {
                return None;
            }
            libc::CPU_CLR(cpu, &mut others);
            libc::CPU_COUNT(&others)
        };
        (count > 0).then_some(others)
    }

    /// Where a thread should run when a waker wakes it for a fork (one per
    /// [`Parker`](crate::parker::Parker); module docs).
    pub(crate) struct Placement {
        /// The thread's id, for the waker's affinity calls.
        tid: libc::pid_t,
        /// The affinity the thread had before a waker narrowed it; `Some` from the narrowing
        /// until the thread restores it.
        saved: Mutex<Option<libc::cpu_set_t>>,
        /// Whether `saved` holds an affinity: the woken thread's cheap look before it locks.
        /// Relaxed: set under `saved`'s mutex after the narrowing, read by the thread after
        /// its park returns, which the waker's unpark happens-before (`parker.rs`); a look
        /// that misses it is repeated at the next park (module docs).
        narrowed: AtomicBool,
    }

    impl std::fmt::Debug for Placement {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.debug_struct("Placement")
                .field("tid", &self.tid)
                .field("narrowed", &self.narrowed.load(Ordering::Relaxed))
                .finish()
        }
    }

    impl Placement {
        /// The calling thread's placement.
        pub(crate) fn new() -> Self {
            Placement {
                // SAFETY: takes no arguments and touches no memory of ours.
                tid: unsafe { libc::gettid() },
                saved: Mutex::new(None),
                narrowed: AtomicBool::new(false),
            }
        }

        /// The waker, about to unpark this placement's thread for a fork: keeps the thread
        /// off the CPU the waker runs on, which stays busy.
        pub(crate) fn keep_off_current(&self) {
            if let Some(cpu) = current() {
                self.keep_off(cpu);
            }
        }

        /// Narrows the thread's affinity to its CPUs other than `cpu`, keeping the affinity
        /// it had, unless `cpu` is not among them or is the only one, or the thread is
        /// narrowed already (its earlier waker's narrowing not yet restored). The thread
        /// exists: its waker just took it off the sleeper list, where it is only while it
        /// sleeps, and Linux does not hand its id to another thread before the ids wrap.
        pub(super) fn keep_off(&self, cpu: usize) {
            let mut saved = self.saved.lock().unwrap_or_else(|e| e.into_inner());
            if saved.is_some() {
                return;
            }
            let Some(allowed) = affinity(self.tid) else {
                return;
            };
            let Some(others) = without(&allowed, cpu) else {
                return;
            };
            if set_affinity(self.tid, &others) {
                *saved = Some(allowed);
                self.narrowed.store(true, Ordering::Relaxed);
            }
        }

        /// The thread itself, after its park returned: puts back the affinity a waker
        /// narrowed, if one did. Widening does not move the thread.
        #[inline]
        pub(crate) fn restore(&self) {
            if self.narrowed.load(Ordering::Relaxed) {
                self.restore_cold();
            }
        }

        #[cold]
        fn restore_cold(&self) {
            let mut saved = self.saved.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(allowed) = saved.take() {
                set_affinity(0, &allowed);
            }
            self.narrowed.store(false, Ordering::Relaxed);
        }
    }
}

/// Where the OS does not say which CPU a thread runs on (or under loom and Miri): the OS
/// places every thread.
#[cfg(not(all(target_os = "linux", not(weft_loom), not(miri))))]
mod other {
    /// A placement that leaves the thread where the OS puts it.
    #[derive(Debug)]
    pub(crate) struct Placement;

    impl Placement {
        pub(crate) fn new() -> Self {
            Placement
        }

        pub(crate) fn keep_off_current(&self) {}

        pub(crate) fn restore(&self) {}
    }
}

#[cfg(all(test, target_os = "linux", not(weft_loom), not(miri)))]
mod tests {
    use super::linux::{affinity, current, without};
    use super::Placement;
    use std::sync::Arc;

    fn equal(a: &libc::cpu_set_t, b: &libc::cpu_set_t) -> bool {
        // SAFETY: reads only `a` and `b`.
        unsafe { libc::CPU_EQUAL(a, b) }
    }

    fn count(set: &libc::cpu_set_t) -> i32 {
        // SAFETY: reads only `set`.
        unsafe { libc::CPU_COUNT(set) }
    }

    /// A thread parks; another keeps it off a CPU it may use and unparks it: it runs
    /// elsewhere, and gets its whole affinity back. Where it may use one CPU only, nothing
    /// changes.
    #[test]
    fn a_woken_thread_runs_off_its_wakers_cpu_and_gets_its_affinity_back() {
        let before = affinity(0).unwrap();
        let cpu = (0..libc::CPU_SETSIZE as usize)
            .find(|&c| {
                // SAFETY: reads only `before`, at a bit inside it.
                unsafe { libc::CPU_ISSET(c, &before) }
            })
            .unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let sleeper = std::thread::spawn(move || {
            let placement = Arc::new(Placement::new());
            tx.send(placement.clone()).unwrap();
            std::thread::park();
            let ran_on = current();
            placement.restore();
            (ran_on, affinity(0).unwrap())
        });
        let placement = rx.recv().unwrap();
        placement.keep_off(cpu);
        sleeper.thread().unpark();
        let (ran_on, after) = sleeper.join().unwrap();
        if count(&before) >= 2 {
            assert_ne!(ran_on, Some(cpu), "woken on the CPU it was kept off");
        }
        assert!(equal(&after, &before), "affinity not restored");
    }

    #[test]
    fn a_cpu_outside_the_affinity_is_no_cpu_to_keep_off() {
        let allowed = affinity(0).unwrap();
        assert!(without(&allowed, libc::CPU_SETSIZE as usize).is_none());
        assert!(without(&allowed, usize::MAX).is_none());
        let placement = Placement::new();
        placement.keep_off(libc::CPU_SETSIZE as usize - 1);
        placement.restore();
        assert!(equal(&affinity(0).unwrap(), &allowed));
    }
}
