//! How deep a worker's stack is: the bound on running work on top of a wait.
//!
//! A waiting worker runs other jobs on top of its own stack (`worker/wait.rs`). Each job taken that
//! way can wait again and take another, so a wait that keeps finding work can nest until the
//! stack overflows: rayon#751, where outer items each `install` into a second pool and their
//! waiting workers take more outer items onto the same stack.
//!
//! weft bounds that nesting by the stack itself. When a thread becomes a worker, it learns
//! where its stack ends (see [`StackMark::of_current_thread`]) and sets its **high-water
//! mark** at *half* the stack. A wait that starts below the mark (more than half the stack in
//! use) takes no unrelated job: it runs only the work it waits for itself (its scope's tasks,
//! its join's other half, its seat's broadcasts; `worker/wait.rs`, rule 1), which the sequential
//! program would have run on this stack too, and otherwise parks.
//!
//! Why half: an unrelated job taken by a waiting worker then always starts with at least half
//! of the thread's stack free, i.e. never with less than half of what it would have had as a
//! top-level job on the same thread. Recursion inside one job (a divide and conquer over
//! `join`) needs stack proportional to its depth wherever it runs; what the mark removes is
//! the *unbounded* part, jobs piled on waits, and half the stack leaves the job plenty.
//!
//! Stacks are assumed to grow downwards (every platform Rust's std threads run on does).

/// Where a thread's stack is more than half used (see the module docs).
#[derive(Clone, Copy, Debug)]
pub(crate) struct StackMark {
    /// An address inside the stack: a wait whose frame lies below it is deep.
    mark: usize,
    /// The stack's upper end (or, where the OS does not say, the frame where the thread
    /// became a worker): the caller's frames lie between it and the stack pointer.
    top: usize,
}

/// The stack std gives a spawned thread by default (without `RUST_MIN_STACK`).
const STD_DEFAULT_STACK: usize = 2 << 20;

/// What an adopted thread (`use_current_thread`) is assumed to have below the point where
/// it was adopted, where its stack cannot be asked for: the smallest main-thread stack of a
/// common platform (Windows' 1 MiB).
const ADOPTED_STACK_GUESS: usize = 1 << 20;

impl StackMark {
    /// The mark of the calling thread's stack.
    ///
    /// On Linux the stack's real bounds come from `pthread_getattr_np` (exact for threads
    /// made by any spawn handler, and for the main thread). Elsewhere the mark is set
    /// `requested / 2` below the caller's frame, where `requested` is the stack size the
    /// pool asked the thread to have (`ThreadPoolBuilder::stack_size`, else std's default,
    /// `RUST_MIN_STACK` or 2 MiB); for an adopted thread (`adopted`), whose stack weft did
    /// not choose, it assumes 1 MiB.
    pub(crate) fn of_current_thread(requested: Option<usize>, adopted: bool) -> Self {
        if let Some((low, size)) = os_stack_bounds() {
            return StackMark {
                mark: low + size / 2,
                top: low + size,
            };
        }
        let size = match (adopted, requested) {
            (true, _) => ADOPTED_STACK_GUESS,
            (false, Some(size)) => size,
            (false, None) => std_default_stack(),
        };
        let here = approximate_stack_pointer();
        StackMark {
            mark: here.saturating_sub(size / 2),
            top: here,
        }
    }

    /// Whether the calling frame is past the mark (the thread's stack more than half used).
    #[inline]
    pub(crate) fn is_passed(&self) -> bool {
        approximate_stack_pointer() < self.mark
    }

    /// Whether `address` lies in a frame that encloses the caller's on this thread's stack.
    pub(crate) fn encloses(&self, address: usize) -> bool {
        (approximate_stack_pointer()..self.top).contains(&address)
    }
}

/// The address of a local of the caller: close enough to the stack pointer.
#[inline(always)]
fn approximate_stack_pointer() -> usize {
    let marker = 0u8;
    std::hint::black_box(std::ptr::addr_of!(marker)) as usize
}

/// std's default stack size for spawned threads.
fn std_default_stack() -> usize {
    std::env::var("RUST_MIN_STACK")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(STD_DEFAULT_STACK)
}

/// The lowest address and the size of the calling thread's stack, if the OS says.
#[cfg(all(target_os = "linux", not(miri)))]
fn os_stack_bounds() -> Option<(usize, usize)> {
    use crate::os::sys;
    let mut attr = std::mem::MaybeUninit::<sys::PthreadAttr>::uninit();
    // SAFETY: `pthread_getattr_np` initialises `attr` for the calling thread when it returns
    // 0; only then is it read and destroyed.
    unsafe {
        if sys::pthread_getattr_np(sys::pthread_self(), attr.as_mut_ptr()) != 0 {
            return None;
        }
        let mut low: *mut std::ffi::c_void = std::ptr::null_mut();
        let mut size = 0;
        let rc = sys::pthread_attr_getstack(attr.as_ptr(), &mut low, &mut size);
        sys::pthread_attr_destroy(attr.as_mut_ptr());
        (rc == 0 && size > 0).then_some((low as usize, size))
    }
}

#[cfg(not(all(target_os = "linux", not(miri))))]
fn os_stack_bounds() -> Option<(usize, usize)> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    // Miri places each frame's locals in allocations of their own, not on a stack that grows
    // down, so the mark is never passed there.
    #[cfg_attr(miri, ignore)]
    fn a_fresh_frame_is_not_past_the_mark_and_a_deep_one_is() {
        let size = 256 << 10;
        let t = std::thread::Builder::new()
            .stack_size(size)
            .spawn(move || {
                let mark = StackMark::of_current_thread(Some(size), false);
                assert!(!mark.is_passed());
                // Recurse with big frames until the mark is passed; well before the end.
                fn dive(mark: &StackMark, depth: usize) -> usize {
                    let pad = std::hint::black_box([0u8; 1024]);
                    if mark.is_passed() {
                        return depth + usize::from(pad[0]);
                    }
                    dive(mark, depth + 1) + usize::from(pad[1])
                }
                dive(&mark, 0)
            })
            .unwrap();
        let depth = t.join().unwrap();
        // Each level takes at least 1 KiB: half of 256 KiB is at most ~128 levels, and the
        // thread's own frames above the mark take some of it.
        assert!(
            (16..=128).contains(&depth),
            "mark passed after {depth} levels"
        );
    }
}
