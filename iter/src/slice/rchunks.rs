//! `par_rchunks`, `par_rchunks_exact` and their `_mut` forms: non-overlapping chunks from the back.

use super::chunks::{chunk_iterators, Back};

chunk_iterators! {
    Back;
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
    RChunks;
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
    RChunksExact {
        /// The elements at the front that do not fill a chunk (fewer than `chunk_size`).
        ///
        /// # Examples
        ///
        /// ```
        /// use weft_iter::prelude::*;
        ///
        /// assert_eq!([1, 2, 3].par_rchunks_exact(2).remainder(), &[1]);
        /// ```
        remainder;
    }
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
    RChunksMut;
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
    RChunksExactMut {
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
        into_remainder;
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
        remainder;
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
        take_remainder;
    }
}
