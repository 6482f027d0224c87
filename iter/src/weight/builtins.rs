//! The weights whose rule is fixed: [`Adaptive`] (rayon's splitter, the default),
//! [`FullyParallel`], [`Cost`] and [`Fixed`].

use super::Weight;
use std::panic::Location;

/// rayon's adaptive splitter, the default weight: about two pieces per thread, and a piece that
/// was stolen splits again.
///
/// Wins on uniform, cheap items over large inputs, where a few big leaves keep per-fork costs
/// negligible and stealing rebalances the rest.
///
/// A pipeline with no weight chosen uses `Adaptive` after a small-input probe: see
/// [`plumbing`](crate::plumbing) ("How splitting works"). `.weight::<Adaptive>()` skips the
/// probe and splits like rayon from the first item.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let v: Vec<u64> = (0..100_000).collect();
/// let sum: u64 = v.par_iter().weight::<Adaptive>().sum(); // the same as without `.weight`
/// assert_eq!(sum, 4_999_950_000);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Adaptive {
    splits: usize,
}

impl Weight for Adaptive {
    fn root(_len: usize, _site: &'static Location<'static>) -> Self {
        Adaptive {
            splits: weft_core::current_num_threads(),
        }
    }

    fn should_split(&mut self, _len: usize, migrated: bool) -> bool {
        if migrated {
            // A stolen piece runs on a thread that was idle: give it enough splits to feed
            // every thread again.
            self.splits = weft_core::current_num_threads().max(self.splits / 2);
            true
        } else if self.splits > 0 {
            self.splits /= 2;
            true
        } else {
            false
        }
    }
}

/// Split down to single items.
///
/// Wins when there are few items and each is heavy (a simulation step, a file to parse, a
/// request to answer): every item can run on its own thread.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let steps: Vec<u64> = (0..8u64)
///     .into_par_iter()
///     .weight::<FullyParallel>()
///     .map(|seed| (0..10_000u64).fold(seed, |x, i| x.wrapping_mul(31).wrapping_add(i)))
///     .collect();
/// assert_eq!(steps.len(), 8);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FullyParallel;

impl Weight for FullyParallel {
    fn root(_len: usize, _site: &'static Location<'static>) -> Self {
        FullyParallel
    }

    fn should_split(&mut self, _len: usize, _migrated: bool) -> bool {
        true
    }
}

/// The work, in units, below which a piece is not split by [`Cost`]. A unit is about one cheap
/// operation (an add, a compare: around a nanosecond), so a leaf holds at least a few
/// microseconds of work, well above the cost of a fork.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::weight::LEAF_COST;
///
/// // Items of `LEAF_COST` units each are worth a piece of their own.
/// let n = (0..4).into_par_iter().weight::<Cost<LEAF_COST>>().fold(|| (), |(), _| ()).count();
/// assert_eq!(n, 4);
/// ```
pub const LEAF_COST: usize = 4096;

/// Each item costs about `N` units of work (see [`LEAF_COST`]): split while a piece is worth
/// more than `LEAF_COST` units. When the length is unknown it splits like [`Adaptive`].
///
/// Wins on small inputs of known cost: `Cost<1>` over 2,000 numbers runs sequentially instead
/// of paying for forks that cost more than the work.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let v: Vec<u64> = (0..2_000).collect();
/// let sum: u64 = v.par_iter().weight::<Cost<1>>().sum(); // one leaf, no fork
/// assert_eq!(sum, 1_999_000);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Cost<const N: usize> {
    unknown_len: Adaptive,
}

impl<const N: usize> Weight for Cost<N> {
    fn root(len: usize, site: &'static Location<'static>) -> Self {
        Cost {
            unknown_len: Adaptive::root(len, site),
        }
    }

    fn should_split(&mut self, len: usize, migrated: bool) -> bool {
        if len == usize::MAX {
            self.unknown_len.should_split(len, migrated)
        } else {
            len.saturating_mul(N) > LEAF_COST
        }
    }
}

/// Split while a piece holds more than `N` items: the split tree, and so the order in which a
/// reduction combines, depends only on the input's length (see "Which weights are
/// deterministic" in the [module docs](crate::weight)).
///
/// A piece of `len > N` items splits at `len / 2`, its halves likewise, down to leaves of at
/// most `N` items (about `N / 2` or more) folded in order; results are reduced pairwise up the
/// same tree. A float sum over a slice therefore gives the same bits on a pool of 1 thread or
/// 64, run after run, which `Adaptive` does not promise. Pick `N` so that a leaf holds a few
/// microseconds of work (1024 cheap items); the tree does not adapt to the pool, so an `N` too
/// large leaves threads idle and one too small pays for forks. Where the length is unknown
/// (an unindexed pipeline) it splits like [`Adaptive`] and promises nothing.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let v: Vec<f64> = (1..=100_000).map(|i| 1.0 / f64::from(i)).collect();
/// let sums: Vec<u64> = [1, 2, 3, 8]
///     .into_iter()
///     .map(|threads| {
///         let pool = weft_core::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
///         pool.install(|| v.par_iter().weight::<Fixed<1024>>().sum::<f64>().to_bits())
///     })
///     .collect();
/// assert!(sums.iter().all(|&bits| bits == sums[0])); // the same bits on every pool
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Fixed<const N: usize> {
    unknown_len: Adaptive,
}

impl<const N: usize> Weight for Fixed<N> {
    fn root(len: usize, site: &'static Location<'static>) -> Self {
        Fixed {
            unknown_len: Adaptive::root(len, site),
        }
    }

    fn should_split(&mut self, len: usize, migrated: bool) -> bool {
        if len == usize::MAX {
            self.unknown_len.should_split(len, migrated)
        } else {
            len > N
        }
    }
}
