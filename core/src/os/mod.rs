//! What the operating system tells the pool: how many CPUs there are (`topology.rs`), and how
//! much CPU time the process used (`cpu_time.rs`).

pub(crate) mod cpu_time;
pub(crate) mod topology;
