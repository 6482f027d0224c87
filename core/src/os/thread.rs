//! Which kernel thread a worker is, and whether it is blocked in the kernel: the barrier of
//! last resort for a fork whose owner's fences are light once `membarrier` is refused
//! (`sync/fence.rs`: refusal).
//!
//! # Asking the kernel whether a thread is blocked
//!
//! Linux answers `/proc/self/task/<tid>/syscall` with `running` unless the thread is off its
//! CPU and asleep (blocked in a system call, or stopped); and it answers only after waiting
//! until the thread is off its CPU, checked twice under the locks that wake it (its
//! `pi_lock` and its run queue's lock: `task_current_syscall`, `wait_task_inactive`). Two
//! things follow for a caller that read any other answer:
//! * what the thread wrote before it went to sleep is visible to the caller after the read
//!   (the thread's switch out released what the kernel's check acquired);
//! * what the caller wrote before the read is visible to the thread when it runs user code
//!   again (its wake-up takes a lock the check released after the caller's writes).
//!
//! That is what a barrier gives a cold side about one hot thread, for a thread that is not
//! running. A running thread (or an answer that cannot be read: no `/proc`, a process made
//! non-dumpable, a filter refusing `openat`, another system) gives `false`, and the caller
//! falls back as it did without the check.

/// Spawns a detached thread, named and sized if asked, running `f`: how weft makes its own
/// threads (workers of [`DefaultSpawn`](crate::DefaultSpawn), spares, the monitor, the
/// `membarrier` registrar), through one closure type so that std's spawn code is compiled once.
pub(crate) fn spawn(
    name: Option<String>,
    stack_size: Option<usize>,
    f: Box<dyn FnOnce() + Send>,
) -> std::io::Result<()> {
    let mut b = std::thread::Builder::new();
    if let Some(name) = name {
        b = b.name(name);
    }
    if let Some(size) = stack_size {
        b = b.stack_size(size);
    }
    b.spawn(f).map(drop)
}

/// A kernel thread id (`gettid`), or 0 where there is none to ask about.
pub(crate) type Tid = i32;

/// The calling thread's id: one system call, made once per worker.
pub(crate) fn current_tid() -> Tid {
    #[cfg(all(target_os = "linux", not(miri), not(weft_loom)))]
    {
        let Some(gettid) = super::sys::SYS_GETTID else {
            return 0;
        };
        // SAFETY: gettid takes no arguments and cannot fail.
        let tid = unsafe { super::sys::syscall(gettid) };
        Tid::try_from(tid).unwrap_or(0)
    }
    #[cfg(not(all(target_os = "linux", not(miri), not(weft_loom))))]
    {
        0
    }
}

/// True if thread `tid` of this process (another than the caller) is off its CPU and asleep, with the ordering of a
/// barrier between it and the caller (module docs); false if it may be running, or the
/// kernel cannot say. A few system calls (open, read, close): for rare, cold paths only.
pub(crate) fn is_blocked(tid: Tid) -> bool {
    #[cfg(all(target_os = "linux", not(miri), not(weft_loom)))]
    {
        use super::sys;
        let Ok(tid @ 1..) = u32::try_from(tid) else {
            return false;
        };
        let path = syscall_path(tid);
        // SAFETY: `path` is a NUL-terminated string, read only during the call.
        let fd = unsafe { sys::open(path.as_ptr().cast(), sys::O_RDONLY_CLOEXEC) };
        if fd < 0 {
            return false;
        }
        let mut answer = [0u8; 16];
        // SAFETY: `fd` is open, and `answer` is writable for the length given.
        let read = unsafe { sys::read(fd, answer.as_mut_ptr().cast(), answer.len()) };
        // SAFETY: `fd` was opened above and is closed once, here.
        unsafe { sys::close(fd) };
        let read = usize::try_from(read).unwrap_or(0).min(answer.len());
        read > 0 && !answer[..read].starts_with(b"running")
    }
    #[cfg(not(all(target_os = "linux", not(miri), not(weft_loom))))]
    {
        let _ = tid;
        false
    }
}

/// The longest `/proc/self/task/{tid}/syscall`: 16 + 10 digits + 8 bytes.
#[cfg(all(target_os = "linux", not(miri), not(weft_loom)))]
const SYSCALL_PATH_MAX: usize = 34;

/// `/proc/self/task/{tid}/syscall`, followed by NULs: written by hand, so that this cold path
/// links neither the formatting of a `String` for one number nor std's file opening (it calls
/// the C library's `open` and `read`).
#[cfg(all(target_os = "linux", not(miri), not(weft_loom)))]
fn syscall_path(tid: u32) -> [u8; SYSCALL_PATH_MAX + 1] {
    const PREFIX: &[u8] = b"/proc/self/task/";
    let mut path = [0u8; SYSCALL_PATH_MAX + 1];
    path[..PREFIX.len()].copy_from_slice(PREFIX);
    let end = PREFIX.len() + tid.checked_ilog10().unwrap_or(0) as usize + 1;
    let mut n = tid;
    for digit in path[PREFIX.len()..end].iter_mut().rev() {
        *digit = b'0' + (n % 10) as u8;
        n /= 10;
    }
    path[end..end + 8].copy_from_slice(b"/syscall");
    path
}

#[cfg(all(test, target_os = "linux", not(miri), not(weft_loom)))]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::mpsc::channel;
    use std::time::Duration;

    #[test]
    fn syscall_paths() {
        for tid in [0, 7, 42, 1_234_567, u32::MAX] {
            let path = syscall_path(tid);
            let len = path.iter().position(|&b| b == 0).unwrap();
            assert_eq!(
                path[..len],
                *format!("/proc/self/task/{tid}/syscall").as_bytes()
            );
        }
    }

    #[test]
    fn a_thread_waiting_on_a_channel_is_blocked_and_a_spinning_one_is_not() {
        let (tid_tx, tid_rx) = channel();
        let (go_tx, go_rx) = channel::<()>();
        let sleeper = std::thread::spawn(move || {
            tid_tx.send(current_tid()).unwrap();
            go_rx.recv().unwrap();
        });
        let tid = tid_rx.recv().unwrap();
        assert!(tid > 0);
        // It blocks in `recv` soon after sending; give it a few tries.
        let blocked = (0..200).any(|_| {
            std::thread::sleep(Duration::from_millis(5));
            is_blocked(tid)
        });
        assert!(
            blocked,
            "/proc/self/task/{tid}/syscall never showed the thread blocked"
        );
        go_tx.send(()).unwrap();
        sleeper.join().unwrap();

        let spinning = AtomicBool::new(true);
        std::thread::scope(|s| {
            let (tid_tx, tid_rx) = channel();
            let spinning = &spinning;
            s.spawn(move || {
                tid_tx.send(current_tid()).unwrap();
                while spinning.load(Ordering::Relaxed) {
                    std::hint::spin_loop();
                }
            });
            let tid = tid_rx.recv().unwrap();
            // Running or preempted (runnable): never blocked.
            for _ in 0..20 {
                assert!(!is_blocked(tid));
            }
            spinning.store(false, Ordering::Relaxed);
        });
        // No such thread.
        assert!(!is_blocked(0));
    }
}
