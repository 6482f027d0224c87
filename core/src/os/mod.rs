//! What the operating system tells the pool: how many CPUs there are (`topology.rs`), and which
//! kernel thread a worker is and whether it is blocked (`thread.rs`).

pub(crate) mod thread;
pub(crate) mod topology;
