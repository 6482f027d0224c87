//! `par_chunks`, `par_chunks_exact` and their `_mut` forms: non-overlapping chunks from the front.

use crate::plumbing::*;
use std::marker::PhantomData;

/// Implements `ParallelIterator` and `IndexedParallelIterator` for a slice iterator whose
/// length and producer are computed from `self` by the given expressions.
macro_rules! indexed_slice_iterator {
    (
        $iter:ident: $bound:ident, $item:ty,
        len($s:ident) = $len:expr,
        producer($p:ident) = $producer:expr
    ) => {
        $crate::plumbing::bridged! {
            impl['data, T: $bound + 'data] $iter<'data, T> {
                type Item = $item;

                fn len(&self) -> usize {
                    let $s = self;
                    $len
                }

                fn with_producer<CB: $crate::plumbing::ProducerCallback<Self::Item>>(
                    self,
                    callback: CB,
                ) -> CB::Output {
                    let $p = self;
                    callback.callback($producer)
                }
            }
        }
    };
}
pub(super) use indexed_slice_iterator;

/// Declares the four chunk iterators that cut from end `$end`: plain and exact, shared and
/// mutable. The caller gives each struct's and each remainder method's doc; the iterators
/// work alike at both ends, but for where [`End::split_exact`] leaves the remainder.
macro_rules! chunk_iterators {
    (
        $end:ident;
        $(#[$chunks_doc:meta])* $chunks:ident;
        $(#[$exact_doc:meta])* $exact:ident {
            $(#[$rem_doc:meta])* remainder;
        }
        $(#[$chunks_mut_doc:meta])* $chunks_mut:ident;
        $(#[$exact_mut_doc:meta])* $exact_mut:ident {
            $(#[$into_rem_mut_doc:meta])* into_remainder;
            $(#[$rem_mut_doc:meta])* remainder;
            $(#[$take_rem_mut_doc:meta])* take_remainder;
        }
    ) => {
        $(#[$chunks_doc])*
        #[derive(Debug)]
        pub struct $chunks<'data, T> {
            chunk_size: usize,
            slice: &'data [T],
        }

        impl<'data, T> $chunks<'data, T> {
            pub(super) fn new(chunk_size: usize, slice: &'data [T]) -> Self {
                assert!(chunk_size != 0, "chunk size must be non-zero");
                $chunks { chunk_size, slice }
            }
        }

        impl<T> Clone for $chunks<'_, T> {
            fn clone(&self) -> Self {
                $chunks { ..*self }
            }
        }

        $crate::slice::chunks::indexed_slice_iterator!($chunks: Sync, &'data [T],
            len(s) = s.slice.len().div_ceil(s.chunk_size),
            producer(s) = $crate::slice::chunks::ChunkProducer::<_, $end>::new(s.chunk_size, s.slice));

        $(#[$exact_doc])*
        #[derive(Debug)]
        pub struct $exact<'data, T> {
            chunk_size: usize,
            slice: &'data [T],
            rem: &'data [T],
        }

        impl<'data, T: Sync> $exact<'data, T> {
            pub(super) fn new(chunk_size: usize, slice: &'data [T]) -> Self {
                assert!(chunk_size != 0, "chunk size must be non-zero");
                let (slice, rem) =
                    <$end as $crate::slice::chunks::End>::split_exact(slice, chunk_size);
                $exact {
                    chunk_size,
                    slice,
                    rem,
                }
            }
        }

        impl<'data, T> $exact<'data, T> {
            $(#[$rem_doc])*
            pub fn remainder(&self) -> &'data [T] {
                self.rem
            }
        }

        impl<T> Clone for $exact<'_, T> {
            fn clone(&self) -> Self {
                $exact { ..*self }
            }
        }

        $crate::slice::chunks::indexed_slice_iterator!($exact: Sync, &'data [T],
            len(s) = s.slice.len() / s.chunk_size,
            producer(s) = $crate::slice::chunks::ChunkProducer::<_, $end>::new(s.chunk_size, s.slice));

        $(#[$chunks_mut_doc])*
        #[derive(Debug)]
        pub struct $chunks_mut<'data, T> {
            chunk_size: usize,
            slice: &'data mut [T],
        }

        impl<'data, T> $chunks_mut<'data, T> {
            pub(super) fn new(chunk_size: usize, slice: &'data mut [T]) -> Self {
                assert!(chunk_size != 0, "chunk size must be non-zero");
                $chunks_mut { chunk_size, slice }
            }
        }

        $crate::slice::chunks::indexed_slice_iterator!($chunks_mut: Send, &'data mut [T],
            len(s) = s.slice.len().div_ceil(s.chunk_size),
            producer(s) = $crate::slice::chunks::ChunkProducer::<_, $end>::new(s.chunk_size, s.slice));

        $(#[$exact_mut_doc])*
        #[derive(Debug)]
        pub struct $exact_mut<'data, T> {
            chunk_size: usize,
            slice: &'data mut [T],
            rem: &'data mut [T],
        }

        impl<'data, T: Send> $exact_mut<'data, T> {
            pub(super) fn new(chunk_size: usize, slice: &'data mut [T]) -> Self {
                assert!(chunk_size != 0, "chunk size must be non-zero");
                let (slice, rem) =
                    <$end as $crate::slice::chunks::End>::split_exact(slice, chunk_size);
                $exact_mut {
                    chunk_size,
                    slice,
                    rem,
                }
            }
        }

        impl<'data, T> $exact_mut<'data, T> {
            $(#[$into_rem_mut_doc])*
            pub fn into_remainder(self) -> &'data mut [T] {
                self.rem
            }

            $(#[$rem_mut_doc])*
            pub fn remainder(&mut self) -> &mut [T] {
                self.rem
            }

            $(#[$take_rem_mut_doc])*
            pub fn take_remainder(&mut self) -> &'data mut [T] {
                std::mem::take(&mut self.rem)
            }
        }

        $crate::slice::chunks::indexed_slice_iterator!($exact_mut: Send, &'data mut [T],
            len(s) = s.slice.len() / s.chunk_size,
            producer(s) = $crate::slice::chunks::ChunkProducer::<_, $end>::new(s.chunk_size, s.slice));
    };
}
pub(super) use chunk_iterators;

chunk_iterators! {
    Front;
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
    Chunks;
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
    ChunksExact {
        /// The elements at the end that do not fill a chunk (fewer than `chunk_size`).
        ///
        /// # Examples
        ///
        /// ```
        /// use weft_iter::prelude::*;
        ///
        /// assert_eq!([1, 2, 3].par_chunks_exact(2).remainder(), &[3]);
        /// ```
        remainder;
    }
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
    ChunksMut;
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
    ChunksExactMut {
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
        into_remainder;
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
        remainder;
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
        take_remainder;
    }
}

/// A slice that chunk producers can cut: shared (`&[T]`) or mutable (`&mut [T]`).
pub(super) trait ChunkSlice: Sized + Send {
    /// Its chunks from the front, as std cuts them.
    type Chunks: DoubleEndedIterator<Item = Self> + ExactSizeIterator;
    /// Its chunks from the back, as std cuts them.
    type RChunks: DoubleEndedIterator<Item = Self> + ExactSizeIterator;
    /// The number of elements.
    fn len(&self) -> usize;
    /// The elements before `at` and those from `at` on.
    fn split(self, at: usize) -> (Self, Self);
    /// `slice.chunks(size)` or `chunks_mut`.
    fn chunks(self, size: usize) -> Self::Chunks;
    /// `slice.rchunks(size)` or `rchunks_mut`.
    fn rchunks(self, size: usize) -> Self::RChunks;
}

impl<'data, T: Sync> ChunkSlice for &'data [T] {
    type Chunks = std::slice::Chunks<'data, T>;
    type RChunks = std::slice::RChunks<'data, T>;
    fn len(&self) -> usize {
        <[T]>::len(self)
    }
    fn split(self, at: usize) -> (Self, Self) {
        self.split_at(at)
    }
    fn chunks(self, size: usize) -> Self::Chunks {
        <[T]>::chunks(self, size)
    }
    fn rchunks(self, size: usize) -> Self::RChunks {
        <[T]>::rchunks(self, size)
    }
}

impl<'data, T: Send> ChunkSlice for &'data mut [T] {
    type Chunks = std::slice::ChunksMut<'data, T>;
    type RChunks = std::slice::RChunksMut<'data, T>;
    fn len(&self) -> usize {
        <[T]>::len(self)
    }
    fn split(self, at: usize) -> (Self, Self) {
        self.split_at_mut(at)
    }
    fn chunks(self, size: usize) -> Self::Chunks {
        self.chunks_mut(size)
    }
    fn rchunks(self, size: usize) -> Self::RChunks {
        self.rchunks_mut(size)
    }
}

/// The end of the slice chunks are cut from: [`Front`] or [`Back`].
pub(super) trait End: Send {
    /// The sequential chunks of a piece.
    type Iter<S: ChunkSlice>: DoubleEndedIterator<Item = S> + ExactSizeIterator;
    /// The piece's chunks, in order.
    fn iter<S: ChunkSlice>(slice: S, size: usize) -> Self::Iter<S>;
    /// The first `index` chunks and the rest.
    fn split<S: ChunkSlice>(slice: S, size: usize, index: usize) -> (S, S);
    /// The part cut into whole chunks, and the remainder: the elements at the far end that do
    /// not fill a chunk.
    fn split_exact<S: ChunkSlice>(slice: S, size: usize) -> (S, S);
}

/// Chunks from the front: `par_chunks` and its forms.
pub(super) struct Front;

impl End for Front {
    type Iter<S: ChunkSlice> = S::Chunks;
    fn iter<S: ChunkSlice>(slice: S, size: usize) -> S::Chunks {
        slice.chunks(size)
    }
    fn split<S: ChunkSlice>(slice: S, size: usize, index: usize) -> (S, S) {
        let at = index.saturating_mul(size).min(slice.len());
        slice.split(at)
    }
    fn split_exact<S: ChunkSlice>(slice: S, size: usize) -> (S, S) {
        let exact = slice.len() - slice.len() % size;
        slice.split(exact)
    }
}

/// Chunks from the back: `par_rchunks` and its forms.
pub(super) struct Back;

impl End for Back {
    type Iter<S: ChunkSlice> = S::RChunks;
    fn iter<S: ChunkSlice>(slice: S, size: usize) -> S::RChunks {
        slice.rchunks(size)
    }
    fn split<S: ChunkSlice>(slice: S, size: usize, index: usize) -> (S, S) {
        let at = slice.len().saturating_sub(index.saturating_mul(size));
        let (front, back) = slice.split(at);
        (back, front)
    }
    fn split_exact<S: ChunkSlice>(slice: S, size: usize) -> (S, S) {
        let at = slice.len() % size;
        let (rem, exact) = slice.split(at);
        (exact, rem)
    }
}

/// Produces the chunks of `chunk_size` elements of a slice from end `E` (for an exact-chunks
/// iterator, of a slice whose length is a multiple of the chunk size).
pub(super) struct ChunkProducer<S, E> {
    chunk_size: usize,
    slice: S,
    end: PhantomData<E>,
}

impl<S, E> ChunkProducer<S, E> {
    /// The chunks of `slice`.
    pub(super) fn new(chunk_size: usize, slice: S) -> Self {
        ChunkProducer {
            chunk_size,
            slice,
            end: PhantomData,
        }
    }
}

impl<S: ChunkSlice, E: End> Producer for ChunkProducer<S, E> {
    type Item = S;
    type IntoIter = E::Iter<S>;

    fn into_iter(self) -> Self::IntoIter {
        E::iter(self.slice, self.chunk_size)
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let (first, rest) = E::split(self.slice, self.chunk_size, index);
        (
            ChunkProducer::new(self.chunk_size, first),
            ChunkProducer::new(self.chunk_size, rest),
        )
    }
}
