//! What weft's tests share, so that each test file holds only its checks: the pools every
//! check runs on, the list of built-in weights, a seeded generator, drop counters and
//! proptest inputs.
//!
//! A dev-only crate (`publish = false`): weft-iter's and the facade's tests, the examples'
//! tests, the fuzz checks and the benches depend on it.
//!
//! - [`pools`](fn@pools): pools of 1, 2 and 8 threads built once per process; [`each_pool`] and
//!   [`expect_in_every_pool`] run a check in each.
//! - [`every_weight!`] and [`every_config!`]: a generic check under every built-in weight
//!   (and on every pool).
//! - [`Rng`]: a small seeded generator, so that an input is the same on every run.
//! - [`DropCounter`] and [`Counted`]: values that count their clones and drops, to show that
//!   nothing leaks and nothing drops twice.
//! - [`within`]: a time limit for a test that could hang.
//! - [`mixed_magnitudes`]: floats whose sum depends on its grouping.
//! - [`for_each_index`]: a parallel loop of `join`s, for the scheduler's tests.
//! - [`spin_for`]: computes for a given time, holding a worker busy.
//! - [`fail_unless_no_two_free_cores`]: tells a failed timing check from a machine whose
//!   cores are taken (`cores`).
//! - [`quiet_panics`]: keeps the panics a test makes on purpose off the output.
//! - [`rayon_paths!`]: every public path of rayon 1.12 and rayon-core 1.13, named under a
//!   given crate (weft's facade and the compat crates check themselves with it).
//! - `inputs` (feature `proptest`): the input strategies of the property tests.

#![deny(missing_docs)]

mod cores;
mod drops;
mod floats;
mod forks;
#[cfg(feature = "proptest")]
pub mod inputs;
mod panics;
mod pools;
mod rayon_paths;
mod rng;
mod spin;
mod watchdog;
mod weights;

pub use cores::{fail_unless_no_two_free_cores, median_of_21, TWO_SPINS_BOUND};
pub use drops::{Counted, DropCounter};
pub use floats::mixed_magnitudes;
pub use forks::{fib, for_each_index};
pub use panics::quiet_panics;
pub use pools::{each_pool, expect_in_every_pool, pool, pools, THREADS};
pub use rng::Rng;
pub use spin::spin_for;
pub use watchdog::within;

/// The weights [`every_weight!`] names, reachable from any crate that depends on this one.
#[doc(hidden)]
pub use weft_iter::weight as __weight;
