//! The few items of Linux's C library weft calls, declared here: std links the C library
//! already, and declaring them saves every build of weft the whole `libc` crate.
//!
//! The layouts are the ones the C library's plain symbols use on every Linux target: `long`
//! fields (64-bit on x32, as there) for `rusage`, and an opaque buffer larger than any
//! target's `pthread_attr_t` (36 to 64 bytes) for the attributes, which weft only hands back
//! to the library. The syscall numbers differ by architecture; where one is not listed here,
//! the caller falls back as it does where the kernel refuses the call. The unit tests compare
//! every item with the `libc` crate's.

#![cfg(all(target_os = "linux", not(miri)))]
// Under loom only the protocols are compiled, without the system calls.
#![cfg_attr(weft_loom, allow(dead_code))]

use std::ffi::{c_char, c_int, c_long, c_ulong, c_void};

/// A C `long` as the kernel's structs use it (`__syscall_slong_t`).
#[cfg(not(all(target_arch = "x86_64", target_pointer_width = "32")))]
type KernelLong = c_long;
#[cfg(all(target_arch = "x86_64", target_pointer_width = "32"))]
type KernelLong = i64;

/// `struct timeval`.
#[repr(C)]
#[derive(Clone, Copy)]
pub(crate) struct Timeval {
    pub(crate) tv_sec: KernelLong,
    pub(crate) tv_usec: KernelLong,
}

/// `struct rusage`: the two times weft reads, then fourteen counters it does not.
#[repr(C)]
pub(crate) struct Rusage {
    pub(crate) ru_utime: Timeval,
    pub(crate) ru_stime: Timeval,
    _rest: [KernelLong; 14],
}

/// `getrusage`'s `who` for the calling process.
pub(crate) const RUSAGE_SELF: c_int = 0;

/// `pthread_attr_t`, opaque: filled and read by the C library only.
#[repr(C, align(8))]
pub(crate) struct PthreadAttr([u8; 128]);

/// `pthread_t` (an `unsigned long` in glibc, a pointer in musl: the same size on Linux).
pub(crate) type Pthread = c_ulong;

/// `gettid`'s number, where listed.
pub(crate) const SYS_GETTID: Option<c_long> = SYSCALLS.0;
/// `membarrier`'s number, where listed.
pub(crate) const SYS_MEMBARRIER: Option<c_long> = SYSCALLS.1;

// (gettid, membarrier)
#[cfg(all(target_arch = "x86_64", target_pointer_width = "64"))]
const SYSCALLS: (Option<c_long>, Option<c_long>) = (Some(186), Some(324));
#[cfg(any(
    target_arch = "aarch64",
    target_arch = "riscv64",
    target_arch = "loongarch64"
))]
const SYSCALLS: (Option<c_long>, Option<c_long>) = (Some(178), Some(283));
#[cfg(target_arch = "x86")]
const SYSCALLS: (Option<c_long>, Option<c_long>) = (Some(224), Some(375));
#[cfg(target_arch = "arm")]
const SYSCALLS: (Option<c_long>, Option<c_long>) = (Some(224), Some(389));
#[cfg(not(any(
    all(target_arch = "x86_64", target_pointer_width = "64"),
    target_arch = "aarch64",
    target_arch = "riscv64",
    target_arch = "loongarch64",
    target_arch = "x86",
    target_arch = "arm"
)))]
const SYSCALLS: (Option<c_long>, Option<c_long>) = (None, None);

/// `open`'s flags to read a file: `O_RDONLY` (0) with `O_CLOEXEC`.
#[cfg(not(any(target_arch = "sparc", target_arch = "sparc64")))]
pub(crate) const O_RDONLY_CLOEXEC: c_int = 0o2_000_000;
#[cfg(any(target_arch = "sparc", target_arch = "sparc64"))]
pub(crate) const O_RDONLY_CLOEXEC: c_int = 0x40_0000;

extern "C" {
    pub(crate) fn syscall(number: c_long, ...) -> c_long;
    pub(crate) fn open(path: *const c_char, flags: c_int, ...) -> c_int;
    pub(crate) fn read(fd: c_int, buf: *mut c_void, count: usize) -> isize;
    pub(crate) fn close(fd: c_int) -> c_int;
    pub(crate) fn getrusage(who: c_int, usage: *mut Rusage) -> c_int;
    pub(crate) fn pthread_self() -> Pthread;
    pub(crate) fn pthread_getattr_np(thread: Pthread, attr: *mut PthreadAttr) -> c_int;
    pub(crate) fn pthread_attr_getstack(
        attr: *const PthreadAttr,
        low: *mut *mut c_void,
        size: *mut usize,
    ) -> c_int;
    pub(crate) fn pthread_attr_destroy(attr: *mut PthreadAttr) -> c_int;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{align_of, size_of};

    #[test]
    fn the_declarations_match_the_libc_crate() {
        assert_eq!(size_of::<Timeval>(), size_of::<libc::timeval>());
        assert_eq!(size_of::<Rusage>(), size_of::<libc::rusage>());
        assert_eq!(
            std::mem::offset_of!(Rusage, ru_stime),
            std::mem::offset_of!(libc::rusage, ru_stime)
        );
        assert_eq!(RUSAGE_SELF, libc::RUSAGE_SELF);
        assert!(size_of::<PthreadAttr>() >= size_of::<libc::pthread_attr_t>());
        assert!(align_of::<PthreadAttr>() >= align_of::<libc::pthread_attr_t>());
        assert_eq!(size_of::<Pthread>(), size_of::<libc::pthread_t>());
        assert_eq!(SYS_GETTID, Some(libc::SYS_gettid));
        assert_eq!(SYS_MEMBARRIER, Some(libc::SYS_membarrier));
        assert_eq!(O_RDONLY_CLOEXEC, libc::O_RDONLY | libc::O_CLOEXEC);
    }
}
