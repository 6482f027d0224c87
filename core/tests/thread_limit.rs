//! Where the OS refuses threads (a per-user limit, `RLIMIT_NPROC`), a pool built with a
//! builder reports it as an error, and the global pool starts with the threads it could
//! start, so that `join`, `install` and `blocking` from outside every pool still work.
//!
//! The limit counts every thread of a user, so the check runs in a child process that
//! becomes a user with no other threads (which needs root; skipped otherwise).
#![cfg(all(target_os = "linux", not(miri)))]

use std::process::Command;
use weft_core::ThreadPoolBuilder;

const CHILD: &str = "WEFT_THREAD_LIMIT_CHILD";
const TEST: &str = "the_global_pool_starts_with_the_threads_the_os_allows";
/// The user the child becomes: `nobody` on most systems.
const NOBODY: libc::uid_t = 65534;

#[test]
fn the_global_pool_starts_with_the_threads_the_os_allows() {
    if std::env::var_os(CHILD).is_some() {
        child();
        return;
    }
    // SAFETY: takes no arguments and touches no memory of ours.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("skipped: only root can become a user with no other threads");
        return;
    }
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", TEST, "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("child: "),
        "child failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    if let Some(skipped) = stdout.lines().find(|l| l.starts_with("child: skipped")) {
        eprintln!("{skipped}");
    }
}

/// Threads of user `uid` now, over every process.
fn threads_of(uid: libc::uid_t) -> usize {
    let mut threads = 0;
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        // Processes only: not `self` nor `thread-self`, which repeat one of them.
        if !entry
            .file_name()
            .to_string_lossy()
            .bytes()
            .all(|b| b.is_ascii_digit())
        {
            continue;
        }
        let Ok(status) = std::fs::read_to_string(entry.path().join("status")) else {
            continue;
        };
        let field = |name: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.split_whitespace().next()?.parse::<usize>().ok())
        };
        if field("Uid:") == Some(uid as usize) {
            threads += field("Threads:").unwrap_or(0);
        }
    }
    threads
}

fn child() {
    // SAFETY: plain system calls on this process; glibc applies them to every thread.
    let became_nobody = unsafe { libc::setgid(NOBODY) == 0 && libc::setuid(NOBODY) == 0 };
    if !became_nobody {
        // Root without the capability (a user namespace that does not map `nobody`).
        println!("child: skipped, cannot become uid {NOBODY}");
        return;
    }
    // One thread more than the user runs now.
    let allowed = (threads_of(NOBODY) + 1) as libc::rlim_t;
    let limit = libc::rlimit {
        rlim_cur: allowed,
        rlim_max: allowed,
    };
    // SAFETY: `limit` is a valid `rlimit`, only read by the call.
    assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_NPROC, &limit) }, 0);

    // A builder's pool of more threads than that is an error, not a panic.
    let err = ThreadPoolBuilder::new().num_threads(4).build().unwrap_err();
    assert!(std::error::Error::source(&err).is_some(), "{err}");

    // The global pool starts with the one thread it may have.
    let (a, b) = weft_core::join(|| 1 + 1, || 2 + 2);
    assert_eq!((a, b), (2, 4));
    assert_eq!(weft_core::current_num_threads(), 1);
    // `blocking` inside it cannot get a monitor or a spare thread; it runs all the same.
    let (a, b) = weft_core::join(|| weft_core::blocking(|| 5), || 6);
    assert_eq!((a, b), (5, 6));
    println!("child: ok");
}
