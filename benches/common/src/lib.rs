//! Measuring code shared by weft's benches, the demo and the example programs: timers, inputs,
//! each workload written once for weft, rayon, chili and sequential code, and the tables and CSV
//! files the figures go to.
//!
//! Every figure in the README and BENCHMARKS.md comes from this one crate, so a workload or a
//! timer means the same thing in every program. Each experiment alternates weft and rayon
//! rounds in one process and reports medians (identical runs on a shared machine differ far
//! more between processes than within one).
//!
//! - [`measure`]: wall and CPU time of a run, medians, calibrated CPU work.
//! - [`inputs`]: sort inputs of several shapes, short strings, a balanced tree.
//! - [`workloads`]: each workload for sequential code, weft, rayon and chili.
//! - [`experiments`]: the comparisons (rounds alternating, medians) that the CPU harness and
//!   the demo print.
//! - [`explain`]: one line per result saying why it looks the way it does on this machine.
//! - [`report`]: aligned tables, the progress line, the CSV files under `target/weft-bench/`.
//! - [`sort_table`]: the timing table the hand-written sort examples print.
//! - [`cli`]: command-line options and a description of the machine.

#![deny(missing_docs)]

pub mod cli;
pub mod experiments;
pub mod explain;
pub mod inputs;
pub mod measure;
pub mod report;
pub mod sort_table;
pub mod workloads;

pub use cli::{flag, machine, opt};
pub use inputs::{short_strings, u32_input, Node, Shape};
pub use measure::{cpu_time, iters_for, measure, median, others_cpu_time, work, Sample};
