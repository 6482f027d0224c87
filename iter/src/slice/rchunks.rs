//! `par_rchunks`, `par_rchunks_exact` and their `_mut` forms: non-overlapping chunks from the back.

use super::chunks::{indexed_slice_iterator, Back, ChunkProducer};
use crate::plumbing::*;

/// A parallel iterator over non-overlapping chunks of `chunk_size` elements of a slice, from
/// the back; the last chunk (the front of the slice) may be shorter. Made by
/// [`ParallelSlice::par_rchunks`](super::ParallelSlice::par_rchunks).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let v = [1, 2, 3, 4, 5];
/// let chunks: Vec<&[i32]> = v.par_rchunks(2).collect();
/// assert_eq!(chunks, [&[4, 5][..], &[2, 3], &[1]]);
/// ```
#[derive(Debug)]
pub struct RChunks<'data, T> {
    chunk_size: usize,
    slice: &'data [T],
}

impl<'data, T> RChunks<'data, T> {
    pub(super) fn new(chunk_size: usize, slice: &'data [T]) -> Self {
        assert!(chunk_size != 0, "chunk size must be non-zero");
        RChunks { chunk_size, slice }
    }
}

impl<T> Clone for RChunks<'_, T> {
    fn clone(&self) -> Self {
        RChunks { ..*self }
    }
}

indexed_slice_iterator!(RChunks: Sync, &'data [T],
    len(s) = s.slice.len().div_ceil(s.chunk_size),
    producer(s) = ChunkProducer::<_, Back>::new(s.chunk_size, s.slice));

/// A parallel iterator over non-overlapping chunks of exactly `chunk_size` elements of a slice,
/// from the back; the elements left over at the front are in [`remainder`](Self::remainder).
/// Made by [`ParallelSlice::par_rchunks_exact`](super::ParallelSlice::par_rchunks_exact).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let v = [1, 2, 3, 4, 5];
/// let chunks = v.par_rchunks_exact(2);
/// assert_eq!(chunks.remainder(), &[1]);
/// assert_eq!(chunks.collect::<Vec<_>>(), [&[4, 5][..], &[2, 3]]);
/// ```
#[derive(Debug)]
pub struct RChunksExact<'data, T> {
    chunk_size: usize,
    slice: &'data [T],
    rem: &'data [T],
}

impl<'data, T> RChunksExact<'data, T> {
    pub(super) fn new(chunk_size: usize, slice: &'data [T]) -> Self {
        assert!(chunk_size != 0, "chunk size must be non-zero");
        let (rem, slice) = slice.split_at(slice.len() % chunk_size);
        RChunksExact {
            chunk_size,
            slice,
            rem,
        }
    }

    /// The elements at the front that do not fill a chunk (fewer than `chunk_size`).
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// assert_eq!([1, 2, 3].par_rchunks_exact(2).remainder(), &[1]);
    /// ```
    pub fn remainder(&self) -> &'data [T] {
        self.rem
    }
}

impl<T> Clone for RChunksExact<'_, T> {
    fn clone(&self) -> Self {
        RChunksExact { ..*self }
    }
}

indexed_slice_iterator!(RChunksExact: Sync, &'data [T],
    len(s) = s.slice.len() / s.chunk_size,
    producer(s) = ChunkProducer::<_, Back>::new(s.chunk_size, s.slice));

/// A parallel iterator over non-overlapping mutable chunks of `chunk_size` elements of a
/// slice, from the back. Made by
/// [`ParallelSliceMut::par_rchunks_mut`](super::ParallelSliceMut::par_rchunks_mut).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let mut v = [1, 2, 3, 4, 5];
/// v.par_rchunks_mut(2).for_each(|c| c.reverse());
/// assert_eq!(v, [1, 3, 2, 5, 4]);
/// ```
#[derive(Debug)]
pub struct RChunksMut<'data, T> {
    chunk_size: usize,
    slice: &'data mut [T],
}

impl<'data, T> RChunksMut<'data, T> {
    pub(super) fn new(chunk_size: usize, slice: &'data mut [T]) -> Self {
        assert!(chunk_size != 0, "chunk size must be non-zero");
        RChunksMut { chunk_size, slice }
    }
}

indexed_slice_iterator!(RChunksMut: Send, &'data mut [T],
    len(s) = s.slice.len().div_ceil(s.chunk_size),
    producer(s) = ChunkProducer::<_, Back>::new(s.chunk_size, s.slice));

/// A parallel iterator over non-overlapping mutable chunks of exactly `chunk_size` elements
/// of a slice, from the back; the elements left over at the front are in
/// [`into_remainder`](Self::into_remainder). Made by
/// [`ParallelSliceMut::par_rchunks_exact_mut`](super::ParallelSliceMut::par_rchunks_exact_mut).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let mut v = [1, 2, 3, 4, 5];
/// v.par_rchunks_exact_mut(2).for_each(|c| c.reverse());
/// assert_eq!(v, [1, 3, 2, 5, 4]);
/// ```
#[derive(Debug)]
pub struct RChunksExactMut<'data, T> {
    chunk_size: usize,
    slice: &'data mut [T],
    rem: &'data mut [T],
}

impl<'data, T> RChunksExactMut<'data, T> {
    pub(super) fn new(chunk_size: usize, slice: &'data mut [T]) -> Self {
        assert!(chunk_size != 0, "chunk size must be non-zero");
        let (rem, slice) = slice.split_at_mut(slice.len() % chunk_size);
        RChunksExactMut {
            chunk_size,
            slice,
            rem,
        }
    }

    /// The elements at the front that do not fill a chunk, with the lifetime of the slice.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [1, 2, 3];
    /// v.par_rchunks_exact_mut(2).into_remainder()[0] = 7;
    /// assert_eq!(v, [7, 2, 3]);
    /// ```
    pub fn into_remainder(self) -> &'data mut [T] {
        self.rem
    }

    /// The elements at the front that do not fill a chunk, borrowed from the iterator.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [1, 2, 3];
    /// assert_eq!(v.par_rchunks_exact_mut(2).remainder(), &[1]);
    /// ```
    pub fn remainder(&mut self) -> &mut [T] {
        self.rem
    }

    /// Takes the elements at the front that do not fill a chunk, leaving an empty remainder.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let mut v = [1, 2, 3];
    /// let mut chunks = v.par_rchunks_exact_mut(2);
    /// chunks.take_remainder()[0] = 9;
    /// assert!(chunks.remainder().is_empty());
    /// ```
    pub fn take_remainder(&mut self) -> &'data mut [T] {
        std::mem::take(&mut self.rem)
    }
}

indexed_slice_iterator!(RChunksExactMut: Send, &'data mut [T],
    len(s) = s.slice.len() / s.chunk_size,
    producer(s) = ChunkProducer::<_, Back>::new(s.chunk_size, s.slice));
