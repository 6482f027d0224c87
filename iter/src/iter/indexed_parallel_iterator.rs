//! `IndexedParallelIterator`: parallel iterators that know their length and can split at any
//! index, with the adaptors and consumers that need that.

use super::*;
use crate::plumbing::{Consumer, ProducerCallback};
use std::cmp::Ordering;

/// A parallel iterator that knows its exact length and can be split at any index: what `zip`,
/// `enumerate`, `rev` and ordered `collect` need.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let v = vec![10, 20, 30];
/// assert_eq!(v.par_iter().len(), 3);
/// ```
// rayon's trait has `len` without `is_empty`; keep the same surface.
#[allow(clippy::len_without_is_empty)]
pub trait IndexedParallelIterator: ParallelIterator {
    /// Splits into blocks of growing size (1, 2, 4, ...), each run in parallel, one after the
    /// other; later blocks are skipped once the consumer is full. Good for short-circuiting
    /// consumers (`find_first`) on long inputs.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let first = (0..1_000_000).into_par_iter().by_exponential_blocks().find_first(|x| x % 1000 == 999);
    /// assert_eq!(first, Some(999));
    /// ```
    fn by_exponential_blocks(self) -> ExponentialBlocks<Self> {
        ExponentialBlocks::new(self)
    }

    /// Splits into blocks of `block_size` items, each run in parallel, one after the other;
    /// later blocks are skipped once the consumer is full.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (0..10).into_par_iter().by_uniform_blocks(3).collect();
    /// assert_eq!(v, (0..10).collect::<Vec<_>>());
    /// ```
    fn by_uniform_blocks(self, block_size: usize) -> UniformBlocks<Self> {
        assert!(block_size != 0, "block_size must not be zero");
        UniformBlocks::new(self, block_size)
    }

    /// Collects into `target`, replacing what it held, in order (reusing its allocation).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = vec![9, 9];
    /// (0..3).into_par_iter().collect_into_vec(&mut v);
    /// assert_eq!(v, [0, 1, 2]);
    /// ```
    fn collect_into_vec(self, target: &mut Vec<Self::Item>) {
        super::collect::collect_into_vec(self, target)
    }

    /// Unzips pairs into two vectors, replacing what they held, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let (mut a, mut b) = (vec![], vec![]);
    /// (0..3).into_par_iter().map(|x| (x, x * 2)).unzip_into_vecs(&mut a, &mut b);
    /// assert_eq!((a, b), (vec![0, 1, 2], vec![0, 2, 4]));
    /// ```
    fn unzip_into_vecs<A, B>(self, left: &mut Vec<A>, right: &mut Vec<B>)
    where
        Self: IndexedParallelIterator<Item = (A, B)>,
        A: Send,
        B: Send,
    {
        left.truncate(0);
        right.truncate(0);
        super::unzip::unzip_into(left, right, self);
    }

    /// Pairs of items of `self` and `zip_op`, as long as the shorter.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<(i32, char)> = (0..2).into_par_iter().zip(vec!['a', 'b', 'c']).collect();
    /// assert_eq!(v, [(0, 'a'), (1, 'b')]);
    /// ```
    fn zip<Z>(self, zip_op: Z) -> Zip<Self, Z::Iter>
    where
        Z: IntoParallelIterator,
        Z::Iter: IndexedParallelIterator,
    {
        Zip::new(self, zip_op.into_par_iter())
    }

    /// `zip`, for iterators of equal length.
    ///
    /// # Panics
    ///
    /// When the lengths differ.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<(i32, i32)> = (0..2).into_par_iter().zip_eq(5..7).collect();
    /// assert_eq!(v, [(0, 5), (1, 6)]);
    /// ```
    #[track_caller]
    fn zip_eq<Z>(self, zip_op: Z) -> ZipEq<Self, Z::Iter>
    where
        Z: IntoParallelIterator,
        Z::Iter: IndexedParallelIterator,
    {
        let zip_op = zip_op.into_par_iter();
        let (a, b) = (self.len(), zip_op.len());
        assert!(a == b, "zip_eq: iterators of unequal lengths ({a} and {b})");
        ZipEq::new(self, zip_op)
    }

    /// Alternates items of `self` and `other`, then the rest of the longer.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (0..2).into_par_iter().interleave(10..14).collect();
    /// assert_eq!(v, [0, 10, 1, 11, 12, 13]);
    /// ```
    fn interleave<I>(self, other: I) -> Interleave<Self, I::Iter>
    where
        I: IntoParallelIterator<Item = Self::Item>,
        I::Iter: IndexedParallelIterator<Item = Self::Item>,
    {
        Interleave::new(self, other.into_par_iter())
    }

    /// Alternates items of `self` and `other` until one runs out.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (0..2).into_par_iter().interleave_shortest(10..14).collect();
    /// assert_eq!(v, [0, 10, 1, 11]);
    /// ```
    fn interleave_shortest<I>(self, other: I) -> InterleaveShortest<Self, I::Iter>
    where
        I: IntoParallelIterator<Item = Self::Item>,
        I::Iter: IndexedParallelIterator<Item = Self::Item>,
    {
        InterleaveShortest::new(self, other.into_par_iter())
    }

    /// The items in `Vec`s of `chunk_size` (the last may be shorter).
    ///
    /// # Panics
    ///
    /// When `chunk_size` is zero.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<Vec<i32>> = (0..5).into_par_iter().chunks(2).collect();
    /// assert_eq!(v, [vec![0, 1], vec![2, 3], vec![4]]);
    /// ```
    #[track_caller]
    fn chunks(self, chunk_size: usize) -> Chunks<Self> {
        Chunks::new(self, chunk_size)
    }

    /// Folds each chunk of `chunk_size` items into one item, from `identity()`.
    ///
    /// # Panics
    ///
    /// When `chunk_size` is zero.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (1..6).into_par_iter().fold_chunks(2, || 0, |a, x| a + x).collect();
    /// assert_eq!(v, [3, 7, 5]);
    /// ```
    #[track_caller]
    fn fold_chunks<T, ID, F>(
        self,
        chunk_size: usize,
        identity: ID,
        fold_op: F,
    ) -> FoldChunks<Self, ID, F>
    where
        ID: Fn() -> T + Send + Sync,
        F: Fn(T, Self::Item) -> T + Send + Sync,
        T: Send,
    {
        FoldChunks::new(self, chunk_size, identity, fold_op)
    }

    /// Folds each chunk of `chunk_size` items into one item, from a clone of `init`.
    ///
    /// # Panics
    ///
    /// When `chunk_size` is zero.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (1..6).into_par_iter().fold_chunks_with(2, 0, |a, x| a + x).collect();
    /// assert_eq!(v, [3, 7, 5]);
    /// ```
    #[track_caller]
    fn fold_chunks_with<T, F>(
        self,
        chunk_size: usize,
        init: T,
        fold_op: F,
    ) -> FoldChunksWith<Self, T, F>
    where
        T: Send + Clone,
        F: Fn(T, Self::Item) -> T + Send + Sync,
    {
        FoldChunksWith::new(self, chunk_size, init, fold_op)
    }

    /// Compares lexicographically with `other`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::cmp::Ordering;
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!((0..3).into_par_iter().cmp(0..4), Ordering::Less);
    /// ```
    fn cmp<I>(self, other: I) -> Ordering
    where
        I: IntoParallelIterator<Item = Self::Item>,
        I::Iter: IndexedParallelIterator,
        Self::Item: Ord,
    {
        let other = other.into_par_iter();
        let by_len = self.len().cmp(&other.len());
        self.zip(other)
            .map(|(x, y)| Ord::cmp(&x, &y))
            .find_first(|&ord| ord != Ordering::Equal)
            .unwrap_or(by_len)
    }

    /// Compares lexicographically with `other`, for partially ordered items.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::cmp::Ordering;
    /// use weft_iter::prelude::*;
    ///
    /// let a = [1.0, f64::NAN];
    /// assert_eq!(a.par_iter().partial_cmp(&[1.0, 2.0]), None);
    /// assert_eq!(a.par_iter().partial_cmp(&[2.0]), Some(Ordering::Less));
    /// ```
    fn partial_cmp<I>(self, other: I) -> Option<Ordering>
    where
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        Self::Item: PartialOrd<I::Item>,
    {
        let other = other.into_par_iter();
        let by_len = self.len().cmp(&other.len());
        self.zip(other)
            .map(|(x, y)| PartialOrd::partial_cmp(&x, &y))
            .find_first(|&ord| ord != Some(Ordering::Equal))
            .unwrap_or(Some(by_len))
    }

    /// Whether the items equal those of `other`.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert!((0..3).into_par_iter().eq(vec![0, 1, 2]));
    /// ```
    fn eq<I>(self, other: I) -> bool
    where
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        Self::Item: PartialEq<I::Item>,
    {
        let other = other.into_par_iter();
        self.len() == other.len() && self.zip(other).all(|(x, y)| x.eq(&y))
    }

    /// Whether the items differ from those of `other`.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert!((0..3).into_par_iter().ne(vec![0, 1]));
    /// ```
    fn ne<I>(self, other: I) -> bool
    where
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        Self::Item: PartialEq<I::Item>,
    {
        !self.eq(other)
    }

    /// Whether the items are lexicographically less than those of `other`.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert!((0..3).into_par_iter().lt(1..2));
    /// ```
    fn lt<I>(self, other: I) -> bool
    where
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        Self::Item: PartialOrd<I::Item>,
    {
        self.partial_cmp(other) == Some(Ordering::Less)
    }

    /// Whether the items are lexicographically less than or equal to those of `other`.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert!((0..3).into_par_iter().le(0..3));
    /// ```
    fn le<I>(self, other: I) -> bool
    where
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        Self::Item: PartialOrd<I::Item>,
    {
        matches!(
            self.partial_cmp(other),
            Some(Ordering::Less | Ordering::Equal)
        )
    }

    /// Whether the items are lexicographically greater than those of `other`.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert!((1..2).into_par_iter().gt(0..3));
    /// ```
    fn gt<I>(self, other: I) -> bool
    where
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        Self::Item: PartialOrd<I::Item>,
    {
        self.partial_cmp(other) == Some(Ordering::Greater)
    }

    /// Whether the items are lexicographically greater than or equal to those of `other`.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert!((0..3).into_par_iter().ge(0..3));
    /// ```
    fn ge<I>(self, other: I) -> bool
    where
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        Self::Item: PartialOrd<I::Item>,
    {
        matches!(
            self.partial_cmp(other),
            Some(Ordering::Greater | Ordering::Equal)
        )
    }

    /// Pairs every item with its index.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<(usize, char)> = vec!['a', 'b'].into_par_iter().enumerate().collect();
    /// assert_eq!(v, [(0, 'a'), (1, 'b')]);
    /// ```
    fn enumerate(self) -> Enumerate<Self> {
        Enumerate::new(self)
    }

    /// Every `step`-th item, starting with the first.
    ///
    /// # Panics
    ///
    /// When `step` is zero.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (0..10).into_par_iter().step_by(3).collect();
    /// assert_eq!(v, [0, 3, 6, 9]);
    /// ```
    #[track_caller]
    fn step_by(self, step: usize) -> StepBy<Self> {
        StepBy::new(self, step)
    }

    /// All items but the first `n`.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (0..5).into_par_iter().skip(3).collect();
    /// assert_eq!(v, [3, 4]);
    /// ```
    fn skip(self, n: usize) -> Skip<Self> {
        Skip::new(self, n)
    }

    /// The first `n` items.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (0..5).into_par_iter().take(2).collect();
    /// assert_eq!(v, [0, 1]);
    /// ```
    fn take(self, n: usize) -> Take<Self> {
        Take::new(self, n)
    }

    /// The index of some item `predicate` accepts (not necessarily the first).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!([1, 2, 3].par_iter().position_any(|&x| x == 2), Some(1));
    /// ```
    fn position_any<P>(self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool + Sync + Send,
    {
        self.map(predicate)
            .enumerate()
            .find_any(|&(_, p)| p)
            .map(|(i, _)| i)
    }

    /// The index of the first item `predicate` accepts.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!([1, 2, 2].par_iter().position_first(|&x| x == 2), Some(1));
    /// ```
    fn position_first<P>(self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool + Sync + Send,
    {
        self.map(predicate)
            .enumerate()
            .find_first(|&(_, p)| p)
            .map(|(i, _)| i)
    }

    /// The index of the last item `predicate` accepts.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!([1, 2, 2].par_iter().position_last(|&x| x == 2), Some(2));
    /// ```
    fn position_last<P>(self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool + Sync + Send,
    {
        self.map(predicate)
            .enumerate()
            .find_last(|&(_, p)| p)
            .map(|(i, _)| i)
    }

    /// The indices of the items `predicate` accepts, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<usize> = [5, 6, 7, 8].par_iter().positions(|&x| x % 2 == 0).collect();
    /// assert_eq!(v, [1, 3]);
    /// ```
    fn positions<P>(self, predicate: P) -> Positions<Self, P>
    where
        P: Fn(Self::Item) -> bool + Sync + Send,
    {
        Positions::new(self, predicate)
    }

    /// The items in reverse order.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let v: Vec<i32> = (0..3).into_par_iter().rev().collect();
    /// assert_eq!(v, [2, 1, 0]);
    /// ```
    fn rev(self) -> Rev<Self> {
        Rev::new(self)
    }

    /// Pieces hold at least `min` items: fewer splits for cheap items.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let sum: i32 = (0..100).into_par_iter().with_min_len(25).sum();
    /// assert_eq!(sum, 4950);
    /// ```
    fn with_min_len(self, min: usize) -> MinLen<Self> {
        MinLen::new(self, min)
    }

    /// Pieces hold at most `max` items: more splits for costly items.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let sum: i32 = (0..100).into_par_iter().with_max_len(1).sum();
    /// assert_eq!(sum, 4950);
    /// ```
    fn with_max_len(self, max: usize) -> MaxLen<Self> {
        MaxLen::new(self, max)
    }

    /// Deprecated: use `position_any`, `position_first` or `position_last`.
    #[doc(hidden)]
    #[deprecated(
        note = "parallel `position` does not search in order -- use `position_any`, \
                         `position_first`, or `position_last`"
    )]
    fn position<P>(self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool + Sync + Send,
    {
        self.position_any(predicate)
    }

    /// The exact number of items.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!((0..10).into_par_iter().len(), 10);
    /// ```
    fn len(&self) -> usize;

    /// Drives every item, in order of index, into `consumer` (see [`crate::plumbing`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// use weft_iter::plumbing::NoopConsumer;
    /// use weft_iter::prelude::*;
    ///
    /// // `NoopConsumer` drops every item; `inspect` shows that each one was driven.
    /// let seen = AtomicUsize::new(0);
    /// (0..10)
    ///     .into_par_iter()
    ///     .inspect(|_| {
    ///         seen.fetch_add(1, Ordering::Relaxed);
    ///     })
    ///     .drive(NoopConsumer);
    /// assert_eq!(seen.into_inner(), 10);
    /// ```
    fn drive<C: Consumer<Self::Item>>(self, consumer: C) -> C::Result;

    /// Hands this iterator's producer to `callback` (see [`crate::plumbing`]).
    ///
    /// # Examples
    ///
    /// See [`ProducerCallback`].
    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output;
}
