//! Parallel methods on slices: `par_iter`, chunks, windows, splits and the parallel sorts.
//!
//! [`ParallelSlice`] (for `&[T]`) and [`ParallelSliceMut`] (for `&mut [T]`) carry rayon's
//! methods under rayon's names. The sorts also come in a tunable form, `..._with::<W>()`, whose
//! weight type `W` decides how far the sort splits before each piece is sorted sequentially.

mod chunk_by;
mod chunks;
mod cut;
mod iter;
mod rchunks;
mod sort;
mod split;
mod windows;

pub use self::chunk_by::{ChunkBy, ChunkByMut};
pub use self::chunks::{Chunks, ChunksExact, ChunksExactMut, ChunksMut};
pub use self::iter::{Iter, IterMut};
pub use self::rchunks::{RChunks, RChunksExact, RChunksExactMut, RChunksMut};
pub use self::split::{Split, SplitInclusive, SplitInclusiveMut, SplitMut};
pub use self::windows::{ArrayWindows, Windows};

use crate::weight::{Adaptive, Cost, Weight};
use std::cmp::Ordering;
use std::panic::Location;

/// The weight the stable sorts (`par_sort`, `par_sort_by`, `par_sort_by_key`,
/// `par_sort_by_cached_key`) use when none is given: [`Adaptive`], about two pieces per thread.
/// The unstable sorts use [`SortUnstableWeight`].
///
/// A few large pieces let std's sequential sort do most of the work: every further level of
/// the merge sort is one more pass over the data, so fine weights (`Cost<N>`, and `Autotune`,
/// which aims at leaves of a few microseconds) cost the stable sort dearly. The quicksort is
/// the other way round, and gains from finer pieces (better balance): hence its own default.
/// `cargo bench --bench sort_table -- THREADS ROUNDS LEN 1` times the sorts under each weight.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::slice::SortWeight;
///
/// let mut v = vec![3, 1, 2];
/// v.par_sort_with::<SortWeight>(); // the same as `v.par_sort()`
/// assert_eq!(v, [1, 2, 3]);
/// ```
pub type SortWeight = Adaptive;

/// The weight the unstable sorts use when none is given: [`Cost<1>`], pieces of at most
/// [`LEAF_COST`](crate::weight::LEAF_COST) elements.
///
/// A quicksort's partitions are the work its sequential sort would do anyway, so splitting
/// further costs it only the forks, and it needs the pieces: a partition's two sides differ in
/// length (by a few percent on random input, by a whole value's share on few distinct values),
/// and only many small pieces let idle threads even that out. (The merge sort is the other way
/// round: its pieces are halves of equal length, and each level is one more pass over the
/// data; see [`SortWeight`].)
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::slice::SortUnstableWeight;
///
/// let mut v = vec![3, 1, 2];
/// v.par_sort_unstable_with::<SortUnstableWeight>(); // the same as `v.par_sort_unstable()`
/// assert_eq!(v, [1, 2, 3]);
/// ```
pub type SortUnstableWeight = Cost<1>;

/// Parallel methods on shared slices.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let v = [1, 2, 3, 4, 5, 6];
/// let sums: Vec<i32> = v.par_chunks(2).map(|c| c.iter().sum()).collect();
/// assert_eq!(sums, [3, 7, 11]);
/// ```
pub trait ParallelSlice<T: Sync> {
    /// Returns the plain slice the other methods work on.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!([1, 2].as_parallel_slice().len(), 2);
    /// ```
    fn as_parallel_slice(&self) -> &[T];

    /// Returns a parallel iterator over the pieces between elements that match `separator`,
    /// as std's [`split`](slice::split).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let products: Vec<i32> = [1, 2, 3, 0, 2, 4, 8, 0, 3, 6, 9]
    ///     .par_split(|i| *i == 0)
    ///     .map(|numbers| numbers.iter().product())
    ///     .collect();
    /// assert_eq!(products, [6, 64, 162]);
    /// ```
    fn par_split<P>(&self, separator: P) -> Split<'_, T, P>
    where
        P: Fn(&T) -> bool + Sync + Send,
    {
        Split::new(self.as_parallel_slice(), separator)
    }

    /// Returns a parallel iterator over the pieces each ended by an element that matches
    /// `separator`, as std's [`split_inclusive`](slice::split_inclusive).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let lengths: Vec<usize> = [1, 2, 3, 0, 2, 4, 8, 0, 3, 6, 9]
    ///     .par_split_inclusive(|i| *i == 0)
    ///     .map(|numbers| numbers.len())
    ///     .collect();
    /// assert_eq!(lengths, [4, 4, 3]);
    /// ```
    fn par_split_inclusive<P>(&self, separator: P) -> SplitInclusive<'_, T, P>
    where
        P: Fn(&T) -> bool + Sync + Send,
    {
        SplitInclusive::new(self.as_parallel_slice(), separator)
    }

    /// Returns a parallel iterator over all overlapping windows of `window_size` elements, as
    /// std's [`windows`](slice::windows).
    ///
    /// # Panics
    ///
    /// If `window_size` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let windows: Vec<_> = [1, 2, 3].par_windows(2).collect();
    /// assert_eq!(windows, [[1, 2], [2, 3]]);
    /// ```
    #[track_caller]
    fn par_windows(&self, window_size: usize) -> Windows<'_, T> {
        Windows::new(window_size, self.as_parallel_slice())
    }

    /// Returns a parallel iterator over every overlapping window of `N` elements, each as a
    /// `&[T; N]`, in order.
    ///
    /// # Panics
    ///
    /// If `N` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let windows: Vec<_> = [1, 2, 3].par_array_windows().collect();
    /// assert_eq!(windows, [&[1, 2], &[2, 3]]);
    /// ```
    #[track_caller]
    fn par_array_windows<const N: usize>(&self) -> ArrayWindows<'_, T, N> {
        ArrayWindows::new(self.as_parallel_slice())
    }

    /// Returns a parallel iterator over chunks of `chunk_size` elements from the front, the
    /// last one possibly shorter, as std's [`chunks`](slice::chunks).
    ///
    /// # Panics
    ///
    /// If `chunk_size` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let chunks: Vec<_> = [1, 2, 3, 4, 5].par_chunks(2).collect();
    /// assert_eq!(chunks, [&[1, 2][..], &[3, 4], &[5]]);
    /// ```
    #[track_caller]
    fn par_chunks(&self, chunk_size: usize) -> Chunks<'_, T> {
        Chunks::new(chunk_size, self.as_parallel_slice())
    }

    /// Returns a parallel iterator over chunks of exactly `chunk_size` elements from the front;
    /// the rest is in [`ChunksExact::remainder`]. As std's [`chunks_exact`](slice::chunks_exact).
    ///
    /// # Panics
    ///
    /// If `chunk_size` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let chunks: Vec<_> = [1, 2, 3, 4, 5].par_chunks_exact(2).collect();
    /// assert_eq!(chunks, [&[1, 2][..], &[3, 4]]);
    /// ```
    #[track_caller]
    fn par_chunks_exact(&self, chunk_size: usize) -> ChunksExact<'_, T> {
        ChunksExact::new(chunk_size, self.as_parallel_slice())
    }

    /// Returns a parallel iterator over chunks of `chunk_size` elements from the back, the
    /// last one possibly shorter, as std's [`rchunks`](slice::rchunks).
    ///
    /// # Panics
    ///
    /// If `chunk_size` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let chunks: Vec<_> = [1, 2, 3, 4, 5].par_rchunks(2).collect();
    /// assert_eq!(chunks, [&[4, 5][..], &[2, 3], &[1]]);
    /// ```
    #[track_caller]
    fn par_rchunks(&self, chunk_size: usize) -> RChunks<'_, T> {
        RChunks::new(chunk_size, self.as_parallel_slice())
    }

    /// Returns a parallel iterator over chunks of exactly `chunk_size` elements from the back;
    /// the rest is in [`RChunksExact::remainder`]. As std's
    /// [`rchunks_exact`](slice::rchunks_exact).
    ///
    /// # Panics
    ///
    /// If `chunk_size` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let chunks: Vec<_> = [1, 2, 3, 4, 5].par_rchunks_exact(2).collect();
    /// assert_eq!(chunks, [&[4, 5][..], &[2, 3]]);
    /// ```
    #[track_caller]
    fn par_rchunks_exact(&self, chunk_size: usize) -> RChunksExact<'_, T> {
        RChunksExact::new(chunk_size, self.as_parallel_slice())
    }

    /// Returns a parallel iterator over the runs in which each pair of neighbours satisfies
    /// `pred`, as std's [`chunk_by`](slice::chunk_by).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let runs: Vec<_> = [1, 2, 2, 3, 1, 2].par_chunk_by(|a, b| a <= b).collect();
    /// assert_eq!(runs, [&[1, 2, 2, 3][..], &[1, 2]]);
    /// ```
    fn par_chunk_by<F>(&self, pred: F) -> ChunkBy<'_, T, F>
    where
        F: Fn(&T, &T) -> bool + Send + Sync,
    {
        ChunkBy::new(self.as_parallel_slice(), pred)
    }
}

impl<T: Sync> ParallelSlice<T> for [T] {
    #[inline]
    fn as_parallel_slice(&self) -> &[T] {
        self
    }
}

/// Parallel methods on mutable slices.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let mut v = vec![5, 2, 8, 1];
/// v.par_sort_unstable();
/// assert_eq!(v, [1, 2, 5, 8]);
/// ```
pub trait ParallelSliceMut<T: Send> {
    /// Returns the plain mutable slice the other methods work on.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [1, 2];
    /// assert_eq!(v.as_parallel_slice_mut().len(), 2);
    /// ```
    fn as_parallel_slice_mut(&mut self) -> &mut [T];

    /// Returns a parallel iterator over the mutable pieces between elements that match
    /// `separator`, as std's [`split_mut`](slice::split_mut).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut array = [1, 2, 3, 0, 2, 4, 8, 0, 3, 6, 9];
    /// array.par_split_mut(|i| *i == 0).for_each(|slice| slice.reverse());
    /// assert_eq!(array, [3, 2, 1, 0, 8, 4, 2, 0, 9, 6, 3]);
    /// ```
    fn par_split_mut<P>(&mut self, separator: P) -> SplitMut<'_, T, P>
    where
        P: Fn(&T) -> bool + Sync + Send,
    {
        SplitMut::new(self.as_parallel_slice_mut(), separator)
    }

    /// Returns a parallel iterator over the mutable pieces each ended by an element that
    /// matches `separator`, as std's [`split_inclusive_mut`](slice::split_inclusive_mut).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut array = [1, 2, 3, 0, 2, 4, 8, 0, 3, 6, 9];
    /// array.par_split_inclusive_mut(|i| *i == 0).for_each(|slice| slice.reverse());
    /// assert_eq!(array, [0, 3, 2, 1, 0, 8, 4, 2, 9, 6, 3]);
    /// ```
    fn par_split_inclusive_mut<P>(&mut self, separator: P) -> SplitInclusiveMut<'_, T, P>
    where
        P: Fn(&T) -> bool + Sync + Send,
    {
        SplitInclusiveMut::new(self.as_parallel_slice_mut(), separator)
    }

    /// Returns a parallel iterator over mutable chunks of `chunk_size` elements from the front,
    /// the last one possibly shorter, as std's [`chunks_mut`](slice::chunks_mut).
    ///
    /// # Panics
    ///
    /// If `chunk_size` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut array = [1, 2, 3, 4, 5];
    /// array.par_chunks_mut(2).for_each(|slice| slice.reverse());
    /// assert_eq!(array, [2, 1, 4, 3, 5]);
    /// ```
    #[track_caller]
    fn par_chunks_mut(&mut self, chunk_size: usize) -> ChunksMut<'_, T> {
        ChunksMut::new(chunk_size, self.as_parallel_slice_mut())
    }

    /// Returns a parallel iterator over mutable chunks of exactly `chunk_size` elements from
    /// the front; the rest is in [`ChunksExactMut::into_remainder`]. As std's
    /// [`chunks_exact_mut`](slice::chunks_exact_mut).
    ///
    /// # Panics
    ///
    /// If `chunk_size` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut array = [1, 2, 3, 4, 5];
    /// array.par_chunks_exact_mut(3).for_each(|slice| slice.reverse());
    /// assert_eq!(array, [3, 2, 1, 4, 5]);
    /// ```
    #[track_caller]
    fn par_chunks_exact_mut(&mut self, chunk_size: usize) -> ChunksExactMut<'_, T> {
        ChunksExactMut::new(chunk_size, self.as_parallel_slice_mut())
    }

    /// Returns a parallel iterator over mutable chunks of `chunk_size` elements from the back,
    /// the last one possibly shorter, as std's [`rchunks_mut`](slice::rchunks_mut).
    ///
    /// # Panics
    ///
    /// If `chunk_size` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut array = [1, 2, 3, 4, 5];
    /// array.par_rchunks_mut(2).for_each(|slice| slice.reverse());
    /// assert_eq!(array, [1, 3, 2, 5, 4]);
    /// ```
    #[track_caller]
    fn par_rchunks_mut(&mut self, chunk_size: usize) -> RChunksMut<'_, T> {
        RChunksMut::new(chunk_size, self.as_parallel_slice_mut())
    }

    /// Returns a parallel iterator over mutable chunks of exactly `chunk_size` elements from
    /// the back; the rest is in [`RChunksExactMut::into_remainder`]. As std's
    /// [`rchunks_exact_mut`](slice::rchunks_exact_mut).
    ///
    /// # Panics
    ///
    /// If `chunk_size` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut array = [1, 2, 3, 4, 5];
    /// array.par_rchunks_exact_mut(3).for_each(|slice| slice.reverse());
    /// assert_eq!(array, [1, 2, 5, 4, 3]);
    /// ```
    #[track_caller]
    fn par_rchunks_exact_mut(&mut self, chunk_size: usize) -> RChunksExactMut<'_, T> {
        RChunksExactMut::new(chunk_size, self.as_parallel_slice_mut())
    }

    /// Returns a parallel iterator over the mutable runs in which each pair of neighbours
    /// satisfies `pred`, as std's [`chunk_by_mut`](slice::chunk_by_mut).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [1, 2, 2, 3, 1, 2];
    /// v.par_chunk_by_mut(|a, b| a <= b).for_each(|run| run.reverse());
    /// assert_eq!(v, [3, 2, 2, 1, 2, 1]);
    /// ```
    fn par_chunk_by_mut<F>(&mut self, pred: F) -> ChunkByMut<'_, T, F>
    where
        F: Fn(&T, &T) -> bool + Send + Sync,
    {
        ChunkByMut::new(self.as_parallel_slice_mut(), pred)
    }

    /// Sorts the slice in parallel, keeping equal elements in order.
    ///
    /// A merge sort: pieces are sorted with std's stable sort and merged in parallel. It
    /// allocates a buffer as long as the slice (none if the slice is too short to split, or
    /// already sorted or strictly descending, which cost one parallel scan), besides the scratch
    /// std's sort takes for each piece, and runs in *O*(*n* log *n*) time. If `T::cmp` panics,
    /// the slice holds a permutation of its elements and the panic reaches the caller.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [-5, 4, 1, -3, 2];
    /// v.par_sort();
    /// assert_eq!(v, [-5, -3, 1, 2, 4]);
    /// ```
    #[track_caller]
    fn par_sort(&mut self)
    where
        T: Ord,
    {
        self.par_sort_with::<SortWeight>();
    }

    /// [`par_sort`](Self::par_sort), splitting as the weight `W` decides.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v: Vec<u32> = (0..10_000).rev().collect();
    /// v.par_sort_with::<Cost<64>>();
    /// assert!(v.windows(2).all(|w| w[0] <= w[1]));
    /// ```
    #[track_caller]
    fn par_sort_with<W: Weight>(&mut self)
    where
        T: Ord,
    {
        self.par_sort_by_with::<W, _>(T::cmp);
    }

    /// Sorts the slice in parallel with a comparator, keeping equal elements in order.
    ///
    /// As [`par_sort`](Self::par_sort). The comparator must define a total order; if it does
    /// not, the slice ends up in an unspecified order (a permutation of its elements), or the
    /// call panics, but nothing unsafe happens.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [5, 4, 1, 3, 2];
    /// v.par_sort_by(|a, b| b.cmp(a));
    /// assert_eq!(v, [5, 4, 3, 2, 1]);
    /// ```
    #[track_caller]
    fn par_sort_by<F>(&mut self, compare: F)
    where
        F: Fn(&T, &T) -> Ordering + Sync,
    {
        self.par_sort_by_with::<SortWeight, F>(compare);
    }

    /// [`par_sort_by`](Self::par_sort_by), splitting as the weight `W` decides.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [5, 4, 1, 3, 2];
    /// v.par_sort_by_with::<FullyParallel, _>(|a, b| b.cmp(a));
    /// assert_eq!(v, [5, 4, 3, 2, 1]);
    /// ```
    #[track_caller]
    fn par_sort_by_with<W: Weight, F>(&mut self, compare: F)
    where
        F: Fn(&T, &T) -> Ordering + Sync,
    {
        let v = self.as_parallel_slice_mut();
        let weight = W::root(v.len(), Location::caller());
        sort::par_mergesort(v, &compare, weight);
    }

    /// Sorts the slice in parallel by a key, keeping equal elements in order.
    ///
    /// As [`par_sort`](Self::par_sort); `f` runs about 2 log *n* times per element. For a key
    /// that is expensive to compute, see
    /// [`par_sort_by_cached_key`](Self::par_sort_by_cached_key).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [-5i32, 4, 1, -3, 2];
    /// v.par_sort_by_key(|k| k.abs());
    /// assert_eq!(v, [1, 2, -3, 4, -5]);
    /// ```
    #[track_caller]
    fn par_sort_by_key<K, F>(&mut self, f: F)
    where
        K: Ord,
        F: Fn(&T) -> K + Sync,
    {
        self.par_sort_by_key_with::<SortWeight, K, F>(f);
    }

    /// [`par_sort_by_key`](Self::par_sort_by_key), splitting as the weight `W` decides.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [-5i32, 4, 1, -3, 2];
    /// v.par_sort_by_key_with::<Adaptive, _, _>(|k| k.abs());
    /// assert_eq!(v, [1, 2, -3, 4, -5]);
    /// ```
    #[track_caller]
    fn par_sort_by_key_with<W: Weight, K, F>(&mut self, f: F)
    where
        K: Ord,
        F: Fn(&T) -> K + Sync,
    {
        self.par_sort_by_with::<W, _>(|a, b| f(a).cmp(&f(b)));
    }

    /// Sorts the slice in parallel by a key computed once per element, keeping equal elements
    /// in order.
    ///
    /// The keys are computed in parallel and kept, with each element's index, in a vector of
    /// `len` pairs, which is sorted in parallel; then the slice is permuted in place. Worth it
    /// when `f` is expensive (allocates, parses, hashes).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [-5i32, 4, 32, -3, 2];
    /// v.par_sort_by_cached_key(|k| k.to_string());
    /// assert_eq!(v, [-3, -5, 2, 32, 4]);
    /// ```
    #[track_caller]
    fn par_sort_by_cached_key<K, F>(&mut self, f: F)
    where
        F: Fn(&T) -> K + Sync,
        K: Ord + Send,
    {
        self.par_sort_by_cached_key_with::<SortWeight, K, F>(f);
    }

    /// [`par_sort_by_cached_key`](Self::par_sort_by_cached_key), splitting the key
    /// computation and the sort as the weight `W` decides.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [-5i32, 4, 32, -3, 2];
    /// v.par_sort_by_cached_key_with::<FullyParallel, _, _>(|k| k.to_string());
    /// assert_eq!(v, [-3, -5, 2, 32, 4]);
    /// ```
    #[track_caller]
    fn par_sort_by_cached_key_with<W: Weight, K, F>(&mut self, f: F)
    where
        F: Fn(&T) -> K + Sync,
        K: Ord + Send,
    {
        sort::par_sort_by_cached_key::<T, K, F, W>(
            self.as_parallel_slice_mut(),
            &f,
            Location::caller(),
        );
    }

    /// Sorts the slice in parallel, possibly reordering equal elements.
    ///
    /// A pattern-defeating quicksort: each split partitions around a pseudo-median pivot and
    /// sorts both sides in parallel; unsplit pieces go to std's `sort_unstable`. In place, no
    /// allocation, *O*(*n* log *n*) in the worst case, linear on sorted and reversed input. If
    /// `T::cmp` panics, the slice holds a permutation of its elements and the panic reaches
    /// the caller.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [-5, 4, 1, -3, 2];
    /// v.par_sort_unstable();
    /// assert_eq!(v, [-5, -3, 1, 2, 4]);
    /// ```
    #[track_caller]
    fn par_sort_unstable(&mut self)
    where
        T: Ord,
    {
        self.par_sort_unstable_with::<SortUnstableWeight>();
    }

    /// [`par_sort_unstable`](Self::par_sort_unstable), splitting as the weight `W` decides.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v: Vec<u32> = (0..10_000).rev().collect();
    /// v.par_sort_unstable_with::<Cost<8>>();
    /// assert!(v.windows(2).all(|w| w[0] <= w[1]));
    /// ```
    #[track_caller]
    fn par_sort_unstable_with<W: Weight>(&mut self)
    where
        T: Ord,
    {
        self.par_sort_unstable_by_with::<W, _>(T::cmp);
    }

    /// Sorts the slice in parallel with a comparator, possibly reordering equal elements.
    ///
    /// As [`par_sort_unstable`](Self::par_sort_unstable). The comparator must define a total
    /// order; if it does not, the slice ends up in an unspecified order (a permutation of its
    /// elements), or the call panics, but nothing unsafe happens.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [5, 4, 1, 3, 2];
    /// v.par_sort_unstable_by(|a, b| b.cmp(a));
    /// assert_eq!(v, [5, 4, 3, 2, 1]);
    /// ```
    #[track_caller]
    fn par_sort_unstable_by<F>(&mut self, compare: F)
    where
        F: Fn(&T, &T) -> Ordering + Sync,
    {
        self.par_sort_unstable_by_with::<SortUnstableWeight, F>(compare);
    }

    /// [`par_sort_unstable_by`](Self::par_sort_unstable_by), splitting as the weight `W`
    /// decides.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [5, 4, 1, 3, 2];
    /// v.par_sort_unstable_by_with::<Cost<1>, _>(|a, b| b.cmp(a));
    /// assert_eq!(v, [5, 4, 3, 2, 1]);
    /// ```
    #[track_caller]
    fn par_sort_unstable_by_with<W: Weight, F>(&mut self, compare: F)
    where
        F: Fn(&T, &T) -> Ordering + Sync,
    {
        let v = self.as_parallel_slice_mut();
        let weight = W::root(v.len(), Location::caller());
        sort::par_quicksort(v, &compare, weight);
    }

    /// Sorts the slice in parallel by a key, possibly reordering equal elements.
    ///
    /// As [`par_sort_unstable`](Self::par_sort_unstable); `f` runs about 2 log *n* times per
    /// element.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [-5i32, 4, 1, -3, 2];
    /// v.par_sort_unstable_by_key(|k| k.abs());
    /// assert_eq!(v, [1, 2, -3, 4, -5]);
    /// ```
    #[track_caller]
    fn par_sort_unstable_by_key<K, F>(&mut self, f: F)
    where
        K: Ord,
        F: Fn(&T) -> K + Sync,
    {
        self.par_sort_unstable_by_key_with::<SortUnstableWeight, K, F>(f);
    }

    /// [`par_sort_unstable_by_key`](Self::par_sort_unstable_by_key), splitting as the weight
    /// `W` decides.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [-5i32, 4, 1, -3, 2];
    /// v.par_sort_unstable_by_key_with::<Autotune, _, _>(|k| k.abs());
    /// assert_eq!(v, [1, 2, -3, 4, -5]);
    /// ```
    #[track_caller]
    fn par_sort_unstable_by_key_with<W: Weight, K, F>(&mut self, f: F)
    where
        K: Ord,
        F: Fn(&T) -> K + Sync,
    {
        self.par_sort_unstable_by_with::<W, _>(|a, b| f(a).cmp(&f(b)));
    }
}

impl<T: Send> ParallelSliceMut<T> for [T] {
    #[inline]
    fn as_parallel_slice_mut(&mut self) -> &mut [T] {
        self
    }
}
