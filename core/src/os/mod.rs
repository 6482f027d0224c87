//! What the operating system tells the pool: how many CPUs there are (`topology.rs`).

pub(crate) mod topology;
