//! The producer/consumer protocol under every parallel iterator, for writing your own.
//!
//! # How splitting works
//!
//! An indexed iterator hands a [`Producer`] (it can split at any index) to a
//! [`ProducerCallback`]; the consumer side is a [`Consumer`] (it splits at the same index and
//! gives a [`Reducer`] that joins the two results). [`bridge_producer_consumer`] splits both in
//! halves, runs the halves with `weft_core::join_context`, and reduces; a piece that does not
//! split any more folds its items sequentially into a [`Folder`]. Unindexed iterators do the
//! same with an [`UnindexedProducer`] (which splits where it likes) and an
//! [`UnindexedConsumer`], through [`bridge_unindexed`].
//!
//! Whether a piece splits again is decided by the pipeline's [`Weight`](crate::weight::Weight):
//! the one a `.weight()` in the pipeline chose, found by the bridge at its root (no producer or
//! consumer carries it: see [`weight`](crate::weight), "How the weight reaches the bridge"),
//! else [`Adaptive`](crate::weight::Adaptive). On top of the weight, an indexed piece never splits
//! below the producer's [`Producer::min_len`] and always splits above its
//! [`Producer::max_len`].
//!
//! When no weight was chosen (and no `with_min_len` / `with_max_len`), an indexed job of
//! [`PROBE_MIN_LEN`] items or more first folds and times a short prefix on the current worker
//! (at most `len / `[`PROBE_FRACTION`] and at most [`PROBE_MAX_ITEMS`] items, in chunks that
//! stop as soon as the job is predicted to be big). If the whole job is predicted to take less
//! than [`SEQUENTIAL_BUDGET`] the rest is folded right there too, so small inputs never pay for
//! a fork or a wake-up; otherwise the rest splits as [`Adaptive`](crate::weight::Adaptive) does.
//! Choosing any weight explicitly, `Adaptive` included, skips this probe.
//!
//! # Where closures run
//!
//! Every closure of a parallel iterator over two or more items runs on a thread of a pool, as
//! in rayon: called on a worker, the bridge (the probe included) runs right there, in that
//! worker's pool; called from outside every pool, the whole job is handed to the global pool as
//! one unit while the caller waits. So thread names,
//! [`current_thread_index`](weft_core::current_thread_index), thread-locals and the pool's
//! stack size hold inside every closure, and a small job from outside costs one hand-off, not
//! one per piece. (An unindexed job, whose length is unknown, is handed over whatever its size.)

mod bridged;
mod probe;

pub(crate) use self::bridged::{bridged, delegate_indexed, wrapping_iter};

pub use self::probe::{PROBE_FRACTION, PROBE_MAX_ITEMS, PROBE_MIN_LEN, SEQUENTIAL_BUDGET};

use crate::weight::scope::Unchosen;
use crate::weight::{Splitter, WeightSpec};
use crate::IndexedParallelIterator;
use std::time::Instant;

/// A callback that receives a [`Producer`]: how
/// [`IndexedParallelIterator::with_producer`] hands its producer on, since the producer's type
/// is only known inside.
///
/// # Examples
///
/// ```
/// use weft_iter::plumbing::{Producer, ProducerCallback};
/// use weft_iter::prelude::*;
///
/// struct Len;
/// impl<T> ProducerCallback<T> for Len {
///     type Output = usize;
///     fn callback<P: Producer<Item = T>>(self, producer: P) -> usize {
///         producer.into_iter().len()
///     }
/// }
/// assert_eq!((0..10).into_par_iter().with_producer(Len), 10);
/// ```
pub trait ProducerCallback<T> {
    /// What the callback returns.
    type Output;

    /// Runs with the producer.
    fn callback<P>(self, producer: P) -> Self::Output
    where
        P: Producer<Item = T>;
}

/// A splittable source of a known number of items: the indexed half of the protocol.
///
/// # Examples
///
/// A producer over a range of numbers:
///
/// ```
/// use weft_iter::plumbing::Producer;
///
/// struct Numbers(std::ops::Range<u32>);
///
/// impl Producer for Numbers {
///     type Item = u32;
///     type IntoIter = std::ops::Range<u32>;
///     fn into_iter(self) -> Self::IntoIter {
///         self.0
///     }
///     fn split_at(self, index: usize) -> (Self, Self) {
///         let mid = self.0.start + index as u32;
///         (Numbers(self.0.start..mid), Numbers(mid..self.0.end))
///     }
/// }
///
/// let mut left = Numbers(0..10).split_at(4).0.into_iter();
/// assert_eq!(left.next(), Some(0));
/// assert_eq!(left.len(), 3);
/// ```
pub trait Producer: Send + Sized {
    /// The items produced.
    type Item;

    /// The sequential iterator a piece that does not split turns into.
    type IntoIter: Iterator<Item = Self::Item> + DoubleEndedIterator + ExactSizeIterator;

    /// Turns this piece into a sequential iterator.
    fn into_iter(self) -> Self::IntoIter;

    /// The fewest items a piece may hold (pieces below twice this do not split).
    fn min_len(&self) -> usize {
        1
    }

    /// The most items a piece may hold before it must split.
    fn max_len(&self) -> usize {
        usize::MAX
    }

    /// Splits into the items before `index` and those from `index` on.
    fn split_at(self, index: usize) -> (Self, Self);

    /// Folds every item of this piece into `folder`, stopping early when it is full.
    fn fold_with<F>(self, folder: F) -> F
    where
        F: Folder<Self::Item>,
    {
        folder.consume_iter(self.into_iter())
    }
}

/// The consuming half of the protocol: splits like a producer, folds the items of a piece and
/// reduces the results of two pieces.
///
/// # Examples
///
/// ```
/// use weft_iter::plumbing::{Consumer, Folder, NoopConsumer};
///
/// // Every built-in consumer works through this trait; driving one by hand:
/// fn drive_all<C: Consumer<u32>>(consumer: C) -> C::Result {
///     let (left, right, reducer) = consumer.split_at(2);
///     let left = left.into_folder().consume_iter(0..2).complete();
///     let right = right.into_folder().consume_iter(2..4).complete();
///     weft_iter::plumbing::Reducer::reduce(reducer, left, right)
/// }
/// let () = drive_all(NoopConsumer);
/// ```
pub trait Consumer<Item>: Send + Sized {
    /// Folds the items of a piece that does not split.
    type Folder: Folder<Item, Result = Self::Result>;

    /// Joins the results of two pieces.
    type Reducer: Reducer<Self::Result>;

    /// The result of consuming.
    type Result: Send;

    /// Splits into consumers of the items before `index` and those from `index` on, with the
    /// reducer that joins their results.
    fn split_at(self, index: usize) -> (Self, Self, Self::Reducer);

    /// Turns this consumer into a folder for a sequential piece.
    fn into_folder(self) -> Self::Folder;

    /// Whether this consumer wants no more items (short-circuiting).
    fn full(&self) -> bool;
}

/// Sequential folding of the items of one piece.
///
/// # Examples
///
/// ```
/// use weft_iter::plumbing::Folder;
///
/// struct Sum(u64);
/// impl Folder<u64> for Sum {
///     type Result = u64;
///     fn consume(self, item: u64) -> Self {
///         Sum(self.0 + item)
///     }
///     fn complete(self) -> u64 {
///         self.0
///     }
///     fn full(&self) -> bool {
///         false
///     }
/// }
/// assert_eq!(Sum(0).consume_iter(1..=4).complete(), 10);
/// ```
pub trait Folder<Item>: Sized {
    /// What the folder produces.
    type Result;

    /// Folds one item.
    fn consume(self, item: Item) -> Self;

    /// Folds items until the iterator ends or the folder is full.
    fn consume_iter<I>(mut self, iter: I) -> Self
    where
        I: IntoIterator<Item = Item>,
    {
        for item in iter {
            self = self.consume(item);
            if self.full() {
                break;
            }
        }
        self
    }

    /// Finishes folding.
    fn complete(self) -> Self::Result;

    /// Whether the folder wants no more items.
    fn full(&self) -> bool;
}

/// Joins the results of two adjacent pieces, left then right.
///
/// # Examples
///
/// ```
/// use weft_iter::plumbing::Reducer;
///
/// struct Add;
/// impl Reducer<u32> for Add {
///     fn reduce(self, left: u32, right: u32) -> u32 {
///         left + right
///     }
/// }
/// assert_eq!(Add.reduce(1, 2), 3);
/// ```
pub trait Reducer<Result> {
    /// Joins `left` (the earlier items) and `right`.
    fn reduce(self, left: Result, right: Result) -> Result;
}

/// A consumer that can also split without an index, for unindexed producers.
///
/// # Examples
///
/// ```
/// use weft_iter::plumbing::{NoopConsumer, UnindexedConsumer};
///
/// let consumer = NoopConsumer;
/// let _left: NoopConsumer = UnindexedConsumer::<u8>::split_off_left(&consumer);
/// ```
pub trait UnindexedConsumer<I>: Consumer<I> {
    /// A consumer for items that come before all of this consumer's remaining items.
    fn split_off_left(&self) -> Self;

    /// The reducer for joining the results of a `split_off_left` pair.
    fn to_reducer(&self) -> Self::Reducer;
}

/// A splittable source of an unknown number of items: the unindexed half of the protocol.
///
/// # Examples
///
/// ```
/// use weft_iter::plumbing::{bridge_unindexed, Folder, UnindexedProducer};
/// use weft_iter::prelude::*;
///
/// struct Halves(std::ops::Range<u64>);
///
/// impl UnindexedProducer for Halves {
///     type Item = u64;
///     fn split(self) -> (Self, Option<Self>) {
///         let r = self.0;
///         if r.end - r.start < 2 {
///             return (Halves(r), None);
///         }
///         let mid = r.start + (r.end - r.start) / 2;
///         (Halves(r.start..mid), Some(Halves(mid..r.end)))
///     }
///     fn fold_with<F: Folder<u64>>(self, folder: F) -> F {
///         folder.consume_iter(self.0)
///     }
/// }
///
/// struct Iter(std::ops::Range<u64>);
/// impl ParallelIterator for Iter {
///     type Item = u64;
///     fn drive_unindexed<C>(self, consumer: C) -> C::Result
///     where
///         C: weft_iter::plumbing::UnindexedConsumer<u64>,
///     {
///         bridge_unindexed(Halves(self.0), consumer)
///     }
/// }
/// assert_eq!(Iter(0..100).sum::<u64>(), 4950);
/// ```
pub trait UnindexedProducer: Send + Sized {
    /// The items produced.
    type Item;

    /// Splits in two if it can; `None` when it will not split any more.
    fn split(self) -> (Self, Option<Self>);

    /// Folds every item into `folder`, stopping early when it is full.
    fn fold_with<F>(self, folder: F) -> F
    where
        F: Folder<Self::Item>;
}

/// Drives an indexed iterator into a consumer: takes its producer and calls
/// [`bridge_producer_consumer`].
///
/// # Examples
///
/// ```
/// use weft_iter::plumbing::{bridge, Consumer};
/// use weft_iter::prelude::*;
///
/// // The usual `drive` of an indexed iterator:
/// fn drive<I: IndexedParallelIterator, C: Consumer<I::Item>>(iter: I, consumer: C) -> C::Result {
///     bridge(iter, consumer)
/// }
/// let _ = drive::<weft_iter::range::Iter<u32>, weft_iter::plumbing::NoopConsumer>;
/// ```
pub fn bridge<I, C>(par_iter: I, consumer: C) -> C::Result
where
    I: IndexedParallelIterator,
    C: Consumer<I::Item>,
{
    let len = par_iter.len();
    return par_iter.with_producer(Callback { len, consumer });

    struct Callback<C> {
        len: usize,
        consumer: C,
    }

    impl<C, I> ProducerCallback<I> for Callback<C>
    where
        C: Consumer<I>,
    {
        type Output = C::Result;
        fn callback<P>(self, producer: P) -> C::Result
        where
            P: Producer<Item = I>,
        {
            bridge_producer_consumer(self.len, producer, self.consumer)
        }
    }
}

/// Splits a producer of `len` items and a consumer in step, in parallel, as the pipeline's
/// weight decides, and reduces the results.
///
/// # Examples
///
/// ```
/// use weft_iter::plumbing::{bridge_producer_consumer, Consumer, Producer, ProducerCallback};
/// use weft_iter::prelude::*;
///
/// // What `bridge` does, spelled out:
/// struct Cb<C>(usize, C);
/// impl<C: Consumer<u32>> ProducerCallback<u32> for Cb<C> {
///     type Output = C::Result;
///     fn callback<P: Producer<Item = u32>>(self, p: P) -> C::Result {
///         bridge_producer_consumer(self.0, p, self.1)
///     }
/// }
/// let () = (0..10u32)
///     .into_par_iter()
///     .with_producer(Cb(10, weft_iter::plumbing::NoopConsumer));
/// ```
pub fn bridge_producer_consumer<P, C>(len: usize, producer: P, consumer: C) -> C::Result
where
    P: Producer,
    C: Consumer<P::Item>,
{
    // The bridge's pieces run unchosen; the weight a `.weight()` chose is read here, on the
    // calling thread, and roots the splitter wherever the job runs.
    let unchosen = Unchosen::enter();
    let chosen = unchosen.previous();
    if len < 2 {
        // Zero or one item: nothing runs in parallel, so no pool thread is needed.
        return bridge_indexed_here(len, chosen, producer, consumer);
    }
    probe::on_pool_thread(move || bridge_indexed_here(len, chosen, producer, consumer))
}

/// [`bridge_producer_consumer`] on the current thread (a worker, unless `len < 2`), with the
/// weight chosen for it, if any.
fn bridge_indexed_here<P, C>(
    len: usize,
    chosen: Option<WeightSpec>,
    producer: P,
    consumer: C,
) -> C::Result
where
    P: Producer,
    C: Consumer<P::Item>,
{
    let lengths = Lengths {
        min: producer.min_len().max(1),
        max: producer.max_len(),
    };
    let piece = Piece {
        len,
        lengths,
        producer,
        consumer,
    };
    match chosen {
        Some(spec) => piece.split(false, spec.root(len)),
        None if lengths.is_default() && len >= PROBE_MIN_LEN => piece.probe_then_split(),
        None => piece.split(false, WeightSpec::adaptive().root(len)),
    }
}

/// A piece of an indexed job: `len` items of a producer and the consumer they go to, with the
/// producer's length limits (the same for every piece of the job).
struct Piece<P, C> {
    len: usize,
    lengths: Lengths,
    producer: P,
    consumer: C,
}

impl<P: Producer, C: Consumer<P::Item>> Piece<P, C> {
    /// The first `mid` items and the rest, and the reducer of their results.
    fn split_at(self, mid: usize) -> (Self, Self, C::Reducer) {
        let (left_producer, right_producer) = self.producer.split_at(mid);
        let (left_consumer, right_consumer, reducer) = self.consumer.split_at(mid);
        let left = Piece {
            len: mid,
            lengths: self.lengths,
            producer: left_producer,
            consumer: left_consumer,
        };
        let right = Piece {
            len: self.len - mid,
            lengths: self.lengths,
            producer: right_producer,
            consumer: right_consumer,
        };
        (left, right, reducer)
    }

    /// Folds every item on this thread.
    fn fold(self) -> C::Result {
        self.producer
            .fold_with(self.consumer.into_folder())
            .complete()
    }

    /// Splits in halves while `splitter` and the length limits say so, each split a
    /// `join_context`, and folds the pieces that do not split.
    fn split(self, migrated: bool, mut splitter: Splitter) -> C::Result {
        // A stolen piece runs unchosen on its new thread too.
        let _unchosen = migrated.then(Unchosen::enter);
        let len = self.len;
        if self.consumer.full() {
            self.consumer.into_folder().complete()
        } else if self.lengths.should_split(&mut splitter, len, migrated) {
            let (left, right, reducer) = self.split_at(len / 2);
            let (left, right) = weft_core::join_context(
                |ctx| left.split(ctx.migrated(), splitter),
                |ctx| right.split(ctx.migrated(), splitter),
            );
            reducer.reduce(left, right)
        } else {
            // One fold for timed and untimed leaves: the fold is the pipeline's whole
            // sequential code, compiled once per pipeline rather than twice.
            let start = splitter.timed().then(Instant::now);
            let result = self.fold();
            if let Some(start) = start {
                splitter.leaf_done(len, start.elapsed());
            }
            result
        }
    }
}

/// The producer's length limits, applied on top of the weight.
#[derive(Clone, Copy)]
struct Lengths {
    min: usize,
    max: usize,
}

impl Lengths {
    /// No `with_min_len` / `with_max_len` in the pipeline.
    fn is_default(&self) -> bool {
        self.min == 1 && self.max == usize::MAX
    }

    #[inline]
    fn should_split(&self, splitter: &mut Splitter, len: usize, migrated: bool) -> bool {
        // The weight is asked first so that its state follows every split.
        len / 2 >= self.min && (splitter.should_split(len, migrated) || len > self.max)
    }
}

/// Splits an unindexed producer and a consumer in step, in parallel, as the pipeline's weight
/// decides (with the length unknown), and reduces the results.
///
/// # Examples
///
/// See [`UnindexedProducer`].
pub fn bridge_unindexed<P, C>(producer: P, consumer: C) -> C::Result
where
    P: UnindexedProducer,
    C: UnindexedConsumer<P::Item>,
{
    // The number of items is unknown: the job goes to a pool thread whatever its size. The
    // weight a `.weight()` chose is read here, on the calling thread, and travels with it.
    let unchosen = Unchosen::enter();
    let spec = unchosen.previous().unwrap_or_else(WeightSpec::adaptive);
    return probe::on_pool_thread(move || helper(false, spec.root(usize::MAX), producer, consumer));

    fn helper<P, C>(migrated: bool, mut splitter: Splitter, producer: P, consumer: C) -> C::Result
    where
        P: UnindexedProducer,
        C: UnindexedConsumer<P::Item>,
    {
        let _unchosen = migrated.then(Unchosen::enter);
        if consumer.full() {
            return consumer.into_folder().complete();
        }
        if splitter.should_split(usize::MAX, migrated) {
            match producer.split() {
                (left_producer, Some(right_producer)) => {
                    let reducer = consumer.to_reducer();
                    let left_consumer = consumer.split_off_left();
                    let (left, right) = weft_core::join_context(
                        |ctx| helper(ctx.migrated(), splitter, left_producer, left_consumer),
                        |ctx| helper(ctx.migrated(), splitter, right_producer, consumer),
                    );
                    reducer.reduce(left, right)
                }
                (producer, None) => producer.fold_with(consumer.into_folder()).complete(),
            }
        } else {
            producer.fold_with(consumer.into_folder()).complete()
        }
    }
}

/// A consumer that drops every item and returns `()`: what `for_each` builds on.
///
/// # Examples
///
/// ```
/// use weft_iter::plumbing::{Consumer, Folder, NoopConsumer};
///
/// let folder = Consumer::<u8>::into_folder(NoopConsumer);
/// let () = Folder::<u8>::complete(Folder::<u8>::consume(folder, 1));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NoopConsumer;

impl<T> Consumer<T> for NoopConsumer {
    type Folder = NoopConsumer;
    type Reducer = NoopReducer;
    type Result = ();

    fn split_at(self, _index: usize) -> (Self, Self, NoopReducer) {
        (NoopConsumer, NoopConsumer, NoopReducer)
    }

    fn into_folder(self) -> Self {
        self
    }

    fn full(&self) -> bool {
        false
    }
}

impl<T> Folder<T> for NoopConsumer {
    type Result = ();

    fn consume(self, _item: T) -> Self {
        self
    }

    fn consume_iter<I>(self, iter: I) -> Self
    where
        I: IntoIterator<Item = T>,
    {
        iter.into_iter().for_each(drop);
        self
    }

    fn complete(self) {}

    fn full(&self) -> bool {
        false
    }
}

impl<T> UnindexedConsumer<T> for NoopConsumer {
    fn split_off_left(&self) -> Self {
        NoopConsumer
    }

    fn to_reducer(&self) -> NoopReducer {
        NoopReducer
    }
}

/// The reducer of [`NoopConsumer`].
///
/// # Examples
///
/// ```
/// use weft_iter::plumbing::{NoopReducer, Reducer};
///
/// NoopReducer.reduce((), ());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NoopReducer;

impl Reducer<()> for NoopReducer {
    fn reduce(self, _left: (), _right: ()) {}
}
