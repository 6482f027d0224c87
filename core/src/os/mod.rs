//! What the operating system tells the pool: how many CPUs there are (`topology.rs`), which
//! kernel thread a worker is and whether it is blocked (`thread.rs`), and how much CPU time
//! the process used (`cpu_time.rs`); `sys.rs` declares the C library's items they call.

pub(crate) mod cpu_time;
pub(crate) mod sys;
pub(crate) mod thread;
pub(crate) mod topology;
