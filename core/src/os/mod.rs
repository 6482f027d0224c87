//! What the operating system tells the pool: how many CPUs there are (`topology.rs`), which
//! kernel thread a worker is and whether it is blocked (`thread.rs`), how much CPU time
//! the process used (`cpu_time.rs`) and how much time passed (`clock.rs`); `sys.rs` declares
//! the C library's items they call.

pub(crate) mod clock;
pub(crate) mod cpu_time;
pub(crate) mod sys;
pub(crate) mod thread;
pub(crate) mod topology;
