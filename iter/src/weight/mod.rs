//! Split policies: the `Weight` trait and its built-ins, chosen per pipeline with `.weight::<W>()`.
//!
//! Every decision "split this piece again, or run it sequentially" made by
//! [`bridge_producer_consumer`](crate::plumbing::bridge_producer_consumer) and
//! [`bridge_unindexed`](crate::plumbing::bridge_unindexed) asks a [`Weight`]. A pipeline picks
//! its weight with [`ParallelIterator::weight`](crate::ParallelIterator::weight); without one it
//! uses [`Adaptive`], which splits like rayon does.
//!
//! | weight | splits | wins on |
//! |---|---|---|
//! | [`Adaptive`] | about two pieces per thread, again when a piece is stolen | uniform, cheap items (`sum`, `map` + `collect`) |
//! | [`FullyParallel`] | down to single items | few, heavy items (a simulation step, a file to parse) |
//! | [`Cost<N>`] | while a piece is worth more than [`LEAF_COST`] units | small inputs of known cost (a 2,000-element sum runs sequentially) |
//! | [`Autotune`] | to leaves that run about [`AUTOTUNE_LEAF_TIME`] | a call site run many times with an unknown cost per item |
//! | [`Fixed<N>`] | while a piece holds more than `N` items | reductions that must give the same bits on any pool (float sums) |
//!
//! # Which weights are deterministic
//!
//! A weight is *deterministic* when the split tree of a pipeline, and so the order in which a
//! non-associative reduction (a float sum, string concatenation by `reduce`) combines its
//! pieces, depends only on the input's length: never on the pool's size, timing or stealing.
//! On indexed pipelines (slices, `Vec`s, ranges and the adaptors that keep them indexed):
//!
//! | weight | deterministic |
//! |---|---|
//! | [`Fixed<N>`] | yes: made for it |
//! | [`FullyParallel`] | yes (every piece splits down to single items) |
//! | [`Cost<N>`] | yes (the decision reads only a piece's length) |
//! | [`Adaptive`] | no: splits by the pool's size, and again where a piece is stolen |
//! | [`Autotune`] | no: splits by measured times |
//! | no weight chosen | no: the small-input probe times a prefix, then splits as `Adaptive` |
//!
//! `with_min_len` / `with_max_len` keep a deterministic weight deterministic (they too read
//! only lengths). Where the length is unknown (an unindexed pipeline: `par_bridge`, string
//! splits, `split`, `walk_tree`), `Fixed` and `Cost` split like `Adaptive`, so no weight is
//! deterministic there. What is deterministic is the tree, not when each leaf runs: side
//! effects in the closures still happen in any order.
//!
//! # How the weight reaches the bridge
//!
//! `.weight::<W>()` wraps the iterator in [`Weighted`](crate::iter::Weighted), which changes
//! no producer or consumer: while it drives its base it names `W` as the *chosen* weight of
//! the calling thread (see `scope.rs` for the protocol), and the bridge that the drive reaches
//! reads it at its root. From there the weight travels with the splitting state the bridge
//! carries from piece to piece, on whichever thread a piece runs. So no adaptor has anything
//! to forward, and producers, consumers and adaptors written for rayon keep the weight too.
//!
//! # Where things are
//!
//! `mod.rs` holds the [`Weight`] trait; `builtins.rs` the fixed-rule weights ([`Adaptive`],
//! [`FullyParallel`], [`Cost`], [`Fixed`]); `autotune.rs` [`Autotune`] and its per-call-site
//! table; `erased.rs` the type erasure that lets the bridge carry any weight's state; and
//! `scope.rs` how the chosen weight gets from `.weight()` to the bridge. A new built-in weight
//! goes in `builtins.rs` (or a file of its own if it keeps state beyond a piece, as Autotune
//! does) and in the prelude.

mod autotune;
mod builtins;
mod erased;
pub(crate) mod scope;

pub use self::autotune::{Autotune, AUTOTUNE_LEAF_TIME};
pub use self::builtins::{Adaptive, Cost, Fixed, FullyParallel, LEAF_COST};
pub(crate) use self::erased::{Splitter, WeightSpec};

use std::panic::Location;
use std::time::Duration;

/// A split policy, picked as a type parameter with
/// [`ParallelIterator::weight`](crate::ParallelIterator::weight).
///
/// A value of the type is the policy's state for one piece of work: [`Weight::root`] makes it
/// for the whole job, and [`Weight::should_split`] updates it as pieces split. The state must
/// fit in 32 bytes with an alignment of at most 8 (checked at compile time), since the bridge
/// carries it type-erased.
///
/// # Examples
///
/// A weight that splits until pieces hold at most 100 items:
///
/// ```
/// use std::panic::Location;
/// use weft_iter::prelude::*;
/// use weft_iter::weight::Weight;
///
/// #[derive(Clone, Copy)]
/// struct Hundreds;
///
/// impl Weight for Hundreds {
///     fn root(_len: usize, _site: &'static Location<'static>) -> Self {
///         Hundreds
///     }
///     fn should_split(&mut self, len: usize, _migrated: bool) -> bool {
///         len > 100
///     }
/// }
///
/// let sum: u64 = (0..10_000u64).into_par_iter().weight::<Hundreds>().sum();
/// assert_eq!(sum, 49_995_000);
/// ```
pub trait Weight: Copy + Send + Sync + 'static {
    /// Policy state at the root of a job over `len` items. `site` is the caller that picked
    /// the weight (Autotune keys its memory on it).
    fn root(len: usize, site: &'static Location<'static>) -> Self;
    /// Whether a piece of `len` items splits again; `migrated` is true when this piece was
    /// stolen (FnContext::migrated). On `true`, `self` is the state both halves start from.
    ///
    /// `len` is `usize::MAX` when the length is unknown (an unindexed producer).
    fn should_split(&mut self, len: usize, migrated: bool) -> bool;
    /// Whether leaves should be timed and reported through `leaf_done` (Autotune only).
    const TIMED: bool = false;
    /// Feedback after a sequential leaf of `len` items ran for `elapsed`.
    fn leaf_done(&self, _len: usize, _elapsed: Duration) {}
}
