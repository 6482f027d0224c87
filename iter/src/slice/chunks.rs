//! `par_chunks`, `par_chunks_exact` and their `_mut` forms: non-overlapping chunks from the front.

use crate::iter::*;
use crate::plumbing::*;

/// Implements `ParallelIterator` and `IndexedParallelIterator` for a slice iterator whose
/// length and producer are computed from `self` by the given expressions.
macro_rules! indexed_slice_iterator {
    (
        $iter:ident: $bound:ident, $item:ty,
        len($s:ident) = $len:expr,
        producer($p:ident) = $producer:expr
    ) => {
        impl<'data, T: $bound + 'data> ParallelIterator for $iter<'data, T> {
            type Item = $item;

            fn drive_unindexed<C>(self, consumer: C) -> C::Result
            where
                C: UnindexedConsumer<Self::Item>,
            {
                bridge(self, consumer)
            }

            fn opt_len(&self) -> Option<usize> {
                Some(IndexedParallelIterator::len(self))
            }
        }

        impl<'data, T: $bound + 'data> IndexedParallelIterator for $iter<'data, T> {
            fn len(&self) -> usize {
                let $s = self;
                $len
            }

            fn drive<C: Consumer<Self::Item>>(self, consumer: C) -> C::Result {
                bridge(self, consumer)
            }

            fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
                let $p = self;
                callback.callback($producer)
            }
        }
    };
}
pub(super) use indexed_slice_iterator;

/// A parallel iterator over non-overlapping chunks of `chunk_size` elements of a slice, from
/// the front; the last chunk may be shorter. Made by
/// [`ParallelSlice::par_chunks`](super::ParallelSlice::par_chunks).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let v = [1, 2, 3, 4, 5];
/// let chunks: Vec<&[i32]> = v.par_chunks(2).collect();
/// assert_eq!(chunks, [&[1, 2][..], &[3, 4], &[5]]);
/// ```
#[derive(Debug)]
pub struct Chunks<'data, T> {
    chunk_size: usize,
    slice: &'data [T],
}

impl<'data, T> Chunks<'data, T> {
    pub(super) fn new(chunk_size: usize, slice: &'data [T]) -> Self {
        assert!(chunk_size != 0, "chunk size must be non-zero");
        Chunks { chunk_size, slice }
    }
}

impl<T> Clone for Chunks<'_, T> {
    fn clone(&self) -> Self {
        Chunks { ..*self }
    }
}

indexed_slice_iterator!(Chunks: Sync, &'data [T],
    len(s) = s.slice.len().div_ceil(s.chunk_size),
    producer(s) = ChunksProducer { chunk_size: s.chunk_size, slice: s.slice });

/// A parallel iterator over non-overlapping chunks of exactly `chunk_size` elements of a slice,
/// from the front; the elements left over are in [`remainder`](Self::remainder). Made by
/// [`ParallelSlice::par_chunks_exact`](super::ParallelSlice::par_chunks_exact).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let v = [1, 2, 3, 4, 5];
/// let chunks = v.par_chunks_exact(2);
/// assert_eq!(chunks.remainder(), &[5]);
/// assert_eq!(chunks.collect::<Vec<_>>(), [&[1, 2][..], &[3, 4]]);
/// ```
#[derive(Debug)]
pub struct ChunksExact<'data, T> {
    chunk_size: usize,
    slice: &'data [T],
    rem: &'data [T],
}

impl<'data, T> ChunksExact<'data, T> {
    pub(super) fn new(chunk_size: usize, slice: &'data [T]) -> Self {
        assert!(chunk_size != 0, "chunk size must be non-zero");
        let (slice, rem) = slice.split_at(slice.len() - slice.len() % chunk_size);
        ChunksExact {
            chunk_size,
            slice,
            rem,
        }
    }

    /// The elements at the end that do not fill a chunk (fewer than `chunk_size`).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!([1, 2, 3].par_chunks_exact(2).remainder(), &[3]);
    /// ```
    pub fn remainder(&self) -> &'data [T] {
        self.rem
    }
}

impl<T> Clone for ChunksExact<'_, T> {
    fn clone(&self) -> Self {
        ChunksExact { ..*self }
    }
}

indexed_slice_iterator!(ChunksExact: Sync, &'data [T],
    len(s) = s.slice.len() / s.chunk_size,
    producer(s) = ChunksProducer { chunk_size: s.chunk_size, slice: s.slice });

/// A parallel iterator over non-overlapping mutable chunks of `chunk_size` elements of a
/// slice, from the front; the last chunk may be shorter. Made by
/// [`ParallelSliceMut::par_chunks_mut`](super::ParallelSliceMut::par_chunks_mut).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let mut v = [1, 2, 3, 4, 5];
/// v.par_chunks_mut(2).for_each(|c| c.reverse());
/// assert_eq!(v, [2, 1, 4, 3, 5]);
/// ```
#[derive(Debug)]
pub struct ChunksMut<'data, T> {
    chunk_size: usize,
    slice: &'data mut [T],
}

impl<'data, T> ChunksMut<'data, T> {
    pub(super) fn new(chunk_size: usize, slice: &'data mut [T]) -> Self {
        assert!(chunk_size != 0, "chunk size must be non-zero");
        ChunksMut { chunk_size, slice }
    }
}

indexed_slice_iterator!(ChunksMut: Send, &'data mut [T],
    len(s) = s.slice.len().div_ceil(s.chunk_size),
    producer(s) = ChunksMutProducer { chunk_size: s.chunk_size, slice: s.slice });

/// A parallel iterator over non-overlapping mutable chunks of exactly `chunk_size` elements
/// of a slice, from the front; the elements left over are in
/// [`into_remainder`](Self::into_remainder). Made by
/// [`ParallelSliceMut::par_chunks_exact_mut`](super::ParallelSliceMut::par_chunks_exact_mut).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let mut v = [1, 2, 3, 4, 5];
/// v.par_chunks_exact_mut(2).for_each(|c| c.reverse());
/// assert_eq!(v, [2, 1, 4, 3, 5]);
/// ```
#[derive(Debug)]
pub struct ChunksExactMut<'data, T> {
    chunk_size: usize,
    slice: &'data mut [T],
    rem: &'data mut [T],
}

impl<'data, T> ChunksExactMut<'data, T> {
    pub(super) fn new(chunk_size: usize, slice: &'data mut [T]) -> Self {
        assert!(chunk_size != 0, "chunk size must be non-zero");
        let exact = slice.len() - slice.len() % chunk_size;
        let (slice, rem) = slice.split_at_mut(exact);
        ChunksExactMut {
            chunk_size,
            slice,
            rem,
        }
    }

    /// The elements at the end that do not fill a chunk, with the lifetime of the slice.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [1, 2, 3];
    /// v.par_chunks_exact_mut(2).into_remainder()[0] = 7;
    /// assert_eq!(v, [1, 2, 7]);
    /// ```
    pub fn into_remainder(self) -> &'data mut [T] {
        self.rem
    }

    /// The elements at the end that do not fill a chunk, borrowed from the iterator.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [1, 2, 3];
    /// assert_eq!(v.par_chunks_exact_mut(2).remainder(), &[3]);
    /// ```
    pub fn remainder(&mut self) -> &mut [T] {
        self.rem
    }

    /// Takes the elements at the end that do not fill a chunk, leaving an empty remainder.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [1, 2, 3];
    /// let mut chunks = v.par_chunks_exact_mut(2);
    /// chunks.take_remainder()[0] = 9;
    /// assert!(chunks.remainder().is_empty());
    /// chunks.for_each(|c| c[0] = 0);
    /// assert_eq!(v, [0, 2, 9]);
    /// ```
    pub fn take_remainder(&mut self) -> &'data mut [T] {
        std::mem::take(&mut self.rem)
    }
}

indexed_slice_iterator!(ChunksExactMut: Send, &'data mut [T],
    len(s) = s.slice.len() / s.chunk_size,
    producer(s) = ChunksMutProducer { chunk_size: s.chunk_size, slice: s.slice });

/// Produces the chunks of a slice from the front (for an exact-chunks iterator, of a slice
/// whose length is a multiple of the chunk size).
struct ChunksProducer<'data, T> {
    chunk_size: usize,
    slice: &'data [T],
}

impl<'data, T: Sync + 'data> Producer for ChunksProducer<'data, T> {
    type Item = &'data [T];
    type IntoIter = std::slice::Chunks<'data, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.slice.chunks(self.chunk_size)
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let at = index.saturating_mul(self.chunk_size).min(self.slice.len());
        let (left, right) = self.slice.split_at(at);
        let chunk_size = self.chunk_size;
        (
            ChunksProducer {
                chunk_size,
                slice: left,
            },
            ChunksProducer {
                chunk_size,
                slice: right,
            },
        )
    }
}

/// Produces the mutable chunks of a slice from the front.
struct ChunksMutProducer<'data, T> {
    chunk_size: usize,
    slice: &'data mut [T],
}

impl<'data, T: Send + 'data> Producer for ChunksMutProducer<'data, T> {
    type Item = &'data mut [T];
    type IntoIter = std::slice::ChunksMut<'data, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.slice.chunks_mut(self.chunk_size)
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let at = index.saturating_mul(self.chunk_size).min(self.slice.len());
        let (left, right) = self.slice.split_at_mut(at);
        let chunk_size = self.chunk_size;
        (
            ChunksMutProducer {
                chunk_size,
                slice: left,
            },
            ChunksMutProducer {
                chunk_size,
                slice: right,
            },
        )
    }
}
