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
//! `.weight::<W>()` wraps the iterator in [`Weighted`](crate::iter::Weighted). Its producers and
//! consumers answer [`Producer::weight_spec`](crate::plumbing::Producer::weight_spec) (and the same
//! hook on `UnindexedProducer` and `Consumer`) with a [`WeightSpec`]: a type-erased handle on `W`.
//! Every adaptor forwards the hook to the producer or consumer it wraps, so the bridge finds the
//! weight however deep it sits in the pipeline. Producers and consumers written for rayon do not
//! know the hook; its default answers `None`, and the bridge then uses [`Adaptive`].

use std::cell::Cell;
use std::collections::HashMap;
use std::fmt;
use std::marker::PhantomData;
use std::mem::{align_of, size_of, MaybeUninit};
use std::panic::Location;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
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
/// deterministic" in the [module docs](self)).
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

/// The time [`Autotune`] aims a leaf at.
///
/// # Examples
///
/// ```
/// assert!(weft_iter::weight::AUTOTUNE_LEAF_TIME.as_micros() < 100);
/// ```
pub const AUTOTUNE_LEAF_TIME: Duration = Duration::from_micros(5);

/// Time the leaves, and settle on a leaf size that runs about [`AUTOTUNE_LEAF_TIME`],
/// remembered per call site of `.weight::<Autotune>()`.
///
/// The first run at a call site splits like [`Adaptive`] and times every leaf; each timed leaf
/// updates the site's estimate of the time per item (the fastest recent sample, drifting up by
/// 1/8 per leaf, since timing noise only ever adds time).
/// Later runs split until a piece holds about `AUTOTUNE_LEAF_TIME` of work, and keep refining
/// the estimate. Call sites are told apart by `#[track_caller]` on `.weight()`. Only indexed
/// pieces are timed (an unindexed producer does not say how many items a leaf held), and
/// pipelines of unknown length always split like [`Adaptive`].
///
/// Wins on a call site run many times whose cost per item is unknown when the code is written
/// (a user-supplied closure, data-dependent work).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let v: Vec<f64> = (0..50_000).map(f64::from).collect();
/// for _ in 0..3 {
///     // The first pass measures; later passes split to leaves of a few microseconds.
///     let s: f64 = v.par_iter().weight::<Autotune>().map(|x| x.sqrt()).sum();
///     assert!(s > 0.0);
/// }
/// ```
#[derive(Clone, Copy)]
pub struct Autotune {
    record: &'static SiteRecord,
    /// Items per leaf, or 0 while the site has no estimate yet.
    leaf_len: usize,
    untuned: Adaptive,
}

impl fmt::Debug for Autotune {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Autotune")
            .field("leaf_len", &self.leaf_len)
            .field("untuned", &self.untuned)
            .finish()
    }
}

/// What Autotune remembers about one call site.
struct SiteRecord {
    /// Picoseconds per item (a decaying minimum of leaf samples), or 0 before the first
    /// timed leaf.
    /// Relaxed: a stale or racing estimate only changes a leaf size, never correctness.
    ps_per_item: AtomicU64,
}

/// The record of a call site, created (and leaked: one per site) on first use.
///
/// Each thread remembers the last site it looked up, so a call site run in a loop (or the
/// inner iterators of a `flat_map`) does not take the global lock every time.
fn site_record(site: &'static Location<'static>) -> &'static SiteRecord {
    thread_local! {
        static LAST: Cell<Option<(usize, &'static SiteRecord)>> = const { Cell::new(None) };
    }
    let key = site as *const Location<'static> as usize;
    if let Some((last, record)) = LAST.get() {
        if last == key {
            return record;
        }
    }
    let record = site_record_slow(key);
    LAST.set(Some((key, record)));
    record
}

/// Looks `key` up in the global table of sites, adding it if needed.
#[cold]
fn site_record_slow(key: usize) -> &'static SiteRecord {
    static SITES: OnceLock<Mutex<HashMap<usize, &'static SiteRecord>>> = OnceLock::new();
    let mut sites = SITES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    sites.entry(key).or_insert_with(|| {
        Box::leak(Box::new(SiteRecord {
            ps_per_item: AtomicU64::new(0),
        }))
    })
}

impl Weight for Autotune {
    const TIMED: bool = true;

    fn root(len: usize, site: &'static Location<'static>) -> Self {
        let record = site_record(site);
        let ps = record.ps_per_item.load(Ordering::Relaxed);
        let target = AUTOTUNE_LEAF_TIME.as_nanos() as u64 * 1000;
        // 0 (no estimate yet) when the site has not been timed.
        let leaf_len = target
            .checked_div(ps)
            .map_or(0, |n| usize::try_from(n).unwrap_or(usize::MAX).max(1));
        Autotune {
            record,
            leaf_len,
            untuned: Adaptive::root(len, site),
        }
    }

    fn should_split(&mut self, len: usize, migrated: bool) -> bool {
        if self.leaf_len == 0 || len == usize::MAX {
            self.untuned.should_split(len, migrated)
        } else {
            len > self.leaf_len
        }
    }

    fn leaf_done(&self, len: usize, elapsed: Duration) {
        if len == 0 {
            return;
        }
        let sample = (elapsed.as_nanos() * 1000 / len as u128).clamp(1, u64::MAX as u128) as u64;
        let old = self.record.ps_per_item.load(Ordering::Relaxed);
        // Timing noise only ever adds time (a preempted or interrupted leaf), so track the
        // fastest recent sample, letting the estimate drift up by 1/8 per leaf when items
        // really get costlier. An average would let one preempted leaf shrink every later
        // leaf to a single item.
        let new = if old == 0 {
            sample
        } else {
            sample.min(old.saturating_add(old / 8))
        };
        self.record.ps_per_item.store(new.max(1), Ordering::Relaxed);
    }
}

/// A type-erased handle on a [`Weight`] type and the call site that picked it: what
/// `weight_spec` hooks return and what the bridge splits with.
///
/// # Examples
///
/// ```
/// use weft_iter::weight::{FullyParallel, WeightSpec};
///
/// let spec = WeightSpec::of::<FullyParallel>(std::panic::Location::caller());
/// assert_eq!(spec.name(), std::any::type_name::<FullyParallel>());
/// ```
#[derive(Clone, Copy)]
pub struct WeightSpec {
    root: fn(usize, &'static Location<'static>) -> Splitter,
    name: fn() -> &'static str,
    site: &'static Location<'static>,
}

impl fmt::Debug for WeightSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WeightSpec")
            .field("weight", &self.name())
            .field("site", &self.site)
            .finish()
    }
}

impl WeightSpec {
    /// The handle on `W`, picked at `site`.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::weight::{Adaptive, WeightSpec};
    ///
    /// let spec = WeightSpec::of::<Adaptive>(std::panic::Location::caller());
    /// assert!(spec.name().ends_with("Adaptive"));
    /// ```
    pub fn of<W: Weight>(site: &'static Location<'static>) -> Self {
        WeightSpec {
            root: Splitter::root::<W>,
            name: std::any::type_name::<W>,
            site,
        }
    }

    /// The name of the weight type.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::weight::{Cost, WeightSpec};
    ///
    /// let spec = WeightSpec::of::<Cost<3>>(std::panic::Location::caller());
    /// assert!(spec.name().contains("Cost<3>"));
    /// ```
    pub fn name(&self) -> &'static str {
        (self.name)()
    }

    /// The state at the root of a job over `len` items.
    pub(crate) fn root(&self, len: usize) -> Splitter {
        (self.root)(len, self.site)
    }

    /// The default weight, [`Adaptive`].
    #[track_caller]
    pub(crate) fn adaptive() -> Self {
        Self::of::<Adaptive>(Location::caller())
    }
}

/// The bytes of a weight's state, big and aligned enough for any `Weight` (checked per type).
#[derive(Clone, Copy)]
#[repr(C, align(8))]
struct ErasedState([MaybeUninit<u8>; STATE_BYTES]);

const STATE_BYTES: usize = 32;

/// Functions that know the concrete weight type behind an `ErasedState`.
struct SplitterVTable {
    should_split: unsafe fn(&mut ErasedState, usize, bool) -> bool,
    leaf_done: Option<unsafe fn(&ErasedState, usize, Duration)>,
}

/// A weight's state with its type erased: what the bridge carries from split to split.
#[derive(Clone, Copy)]
pub(crate) struct Splitter {
    state: ErasedState,
    vtable: &'static SplitterVTable,
}

/// Compile-time check that `W` fits in an `ErasedState`.
struct Fits<W>(PhantomData<W>);

impl<W> Fits<W> {
    const OK: () = assert!(
        size_of::<W>() <= STATE_BYTES && align_of::<W>() <= align_of::<ErasedState>(),
        "a Weight's state must fit in 32 bytes with alignment at most 8"
    );
}

/// # Safety
/// `state` must hold a `W` (written by `Splitter::root::<W>`).
unsafe fn should_split_erased<W: Weight>(
    state: &mut ErasedState,
    len: usize,
    migrated: bool,
) -> bool {
    // SAFETY: the caller guarantees that `state` holds a valid, aligned `W`.
    let weight = unsafe { &mut *state.0.as_mut_ptr().cast::<W>() };
    weight.should_split(len, migrated)
}

/// # Safety
/// `state` must hold a `W` (written by `Splitter::root::<W>`).
unsafe fn leaf_done_erased<W: Weight>(state: &ErasedState, len: usize, elapsed: Duration) {
    // SAFETY: the caller guarantees that `state` holds a valid, aligned `W`.
    let weight = unsafe { &*state.0.as_ptr().cast::<W>() };
    weight.leaf_done(len, elapsed);
}

impl Splitter {
    fn root<W: Weight>(len: usize, site: &'static Location<'static>) -> Splitter {
        #[allow(clippy::let_unit_value)]
        let () = Fits::<W>::OK;
        let mut state = ErasedState([MaybeUninit::uninit(); STATE_BYTES]);
        // SAFETY: `Fits::<W>::OK` proved that a `W` fits in `state` and that `state` is aligned
        // enough for it; `W: Copy`, so the bytes can later be copied and read as a `W` again.
        unsafe { state.0.as_mut_ptr().cast::<W>().write(W::root(len, site)) };
        Splitter {
            state,
            vtable: const {
                &SplitterVTable {
                    should_split: should_split_erased::<W>,
                    leaf_done: if W::TIMED {
                        Some(leaf_done_erased::<W>)
                    } else {
                        None
                    },
                }
            },
        }
    }

    /// See [`Weight::should_split`].
    #[inline]
    pub(crate) fn should_split(&mut self, len: usize, migrated: bool) -> bool {
        // SAFETY: `state` was written as the weight type that `vtable` was built for.
        unsafe { (self.vtable.should_split)(&mut self.state, len, migrated) }
    }

    /// Whether leaves are timed ([`Weight::TIMED`]).
    #[inline]
    pub(crate) fn timed(&self) -> bool {
        self.vtable.leaf_done.is_some()
    }

    /// See [`Weight::leaf_done`].
    pub(crate) fn leaf_done(&self, len: usize, elapsed: Duration) {
        if let Some(leaf_done) = self.vtable.leaf_done {
            // SAFETY: `state` was written as the weight type that `vtable` was built for.
            unsafe { leaf_done(&self.state, len, elapsed) }
        }
    }
}
