//! Measuring code shared by weft's benches, the demo and the example programs: timers, inputs,
//! each workload written once for weft, rayon, chili and sequential code, the JSON result
//! files the figures go to, and the tables and plots made from them.
//!
//! Every figure in the README and BENCHMARKS.md comes from this one crate, so a workload or a
//! timer means the same thing in every program. Each experiment alternates weft and rayon
//! rounds in one process and keeps every round (identical runs on a shared machine differ far
//! more between processes than within one); tables show medians and the spread of the
//! round-by-round ratios.
//!
//! Layers, each using only those above it:
//! - [`units`], [`progress`], [`cli`]: formatting, the progress line, the command line and
//!   the machine.
//! - [`measure`](mod@measure): wall and CPU time of a run, rounds and medians, calibrated CPU work.
//! - [`inputs`]: sort inputs of several shapes, short strings, a balanced tree.
//! - [`workloads`]: each workload for sequential code, weft, rayon and chili.
//! - [`results`]: records and the JSON result files under the target folder's
//!   `bench-results/`.
//! - [`experiments`]: the comparisons (rounds alternating) that the harnesses and the demo run.
//! - [`why`]: the demo's one sentence per row.
//! - [`report`]: markdown tables from result files, and BENCHMARKS.md's marked sections.
//! - [`plot`]: the SVG plots of `examples/plot.rs`.
//! - [`sort_table`]: the timing table the hand-written sort examples print.

#![deny(missing_docs)]

pub mod cli;
pub mod experiments;
pub mod inputs;
pub mod measure;
pub mod plot;
pub mod progress;
pub mod report;
pub mod results;
pub mod sort_table;
pub mod units;
pub mod why;
pub mod workloads;

pub use cli::{machine, Machine};
pub use inputs::{short_strings, u32_input, Node, Shape};
pub use measure::{cpu_time, iters_for, measure, median, others_cpu_time, work, Runs, Sample};
pub use results::{Record, ResultFile};
