//! `par_chunk_by` and `par_chunk_by_mut`: runs of neighbours that a predicate keeps together.

use super::cut::{Cut, CutProducer};
use crate::iter::*;
use crate::plumbing::*;
use std::fmt;
use std::ops::Range;

/// A parallel iterator over the runs of a slice in which each pair of neighbours satisfies
/// a predicate. Made by [`ParallelSlice::par_chunk_by`](super::ParallelSlice::par_chunk_by).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let v = [1, 1, 2, 3, 3, 3];
/// let runs: Vec<&[i32]> = v.par_chunk_by(|a, b| a == b).collect();
/// assert_eq!(runs, [&[1, 1][..], &[2], &[3, 3, 3]]);
/// ```
pub struct ChunkBy<'data, T, P> {
    slice: &'data [T],
    pred: P,
}

impl<'data, T, P> ChunkBy<'data, T, P> {
    pub(super) fn new(slice: &'data [T], pred: P) -> Self {
        ChunkBy { slice, pred }
    }
}

impl<T, P: Clone> Clone for ChunkBy<'_, T, P> {
    fn clone(&self) -> Self {
        ChunkBy {
            slice: self.slice,
            pred: self.pred.clone(),
        }
    }
}

impl<T: fmt::Debug, P> fmt::Debug for ChunkBy<'_, T, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ChunkBy")
            .field("slice", &self.slice)
            .finish()
    }
}

impl<'data, T, P> ParallelIterator for ChunkBy<'data, T, P>
where
    T: Sync + 'data,
    P: Fn(&T, &T) -> bool + Send + Sync,
{
    type Item = &'data [T];

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>,
    {
        let piece = ChunkByPiece {
            slice: self.slice,
            pred: &self.pred,
        };
        bridge_unindexed(CutProducer::new(piece), consumer)
    }
}

/// A parallel iterator over the mutable runs of a slice in which each pair of neighbours
/// satisfies a predicate. Made by
/// [`ParallelSliceMut::par_chunk_by_mut`](super::ParallelSliceMut::par_chunk_by_mut).
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let mut v = [1, 2, 3, 1, 2];
/// v.par_chunk_by_mut(|a, b| a < b).for_each(|run| run.reverse());
/// assert_eq!(v, [3, 2, 1, 2, 1]);
/// ```
pub struct ChunkByMut<'data, T, P> {
    slice: &'data mut [T],
    pred: P,
}

impl<'data, T, P> ChunkByMut<'data, T, P> {
    pub(super) fn new(slice: &'data mut [T], pred: P) -> Self {
        ChunkByMut { slice, pred }
    }
}

impl<T: fmt::Debug, P> fmt::Debug for ChunkByMut<'_, T, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ChunkByMut")
            .field("slice", &self.slice)
            .finish()
    }
}

impl<'data, T, P> ParallelIterator for ChunkByMut<'data, T, P>
where
    T: Send + 'data,
    P: Fn(&T, &T) -> bool + Send + Sync,
{
    type Item = &'data mut [T];

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>,
    {
        let piece = ChunkByMutPiece {
            slice: self.slice,
            pred: &self.pred,
        };
        bridge_unindexed(CutProducer::new(piece), consumer)
    }
}

/// A piece of a `ChunkBy`: index `i` is a boundary when `slice[i - 1]` and `slice[i]` are
/// not kept together.
struct ChunkByPiece<'s, 'p, T, P> {
    slice: &'s [T],
    pred: &'p P,
}

impl<'s, 'p, T, P> Cut for ChunkByPiece<'s, 'p, T, P>
where
    T: Sync,
    P: Fn(&T, &T) -> bool + Sync,
{
    type Item = &'s [T];
    type Iter = std::slice::ChunkBy<'s, T, &'p P>;

    fn len(&self) -> usize {
        self.slice.len()
    }

    fn is_boundary(&self, index: usize) -> bool {
        !(self.pred)(&self.slice[index - 1], &self.slice[index])
    }

    fn boundaries(&self) -> Range<usize> {
        1..self.slice.len().max(1)
    }

    fn cut_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.slice.split_at(index);
        (
            ChunkByPiece {
                slice: left,
                pred: self.pred,
            },
            ChunkByPiece {
                slice: right,
                pred: self.pred,
            },
        )
    }

    fn into_items(self) -> Self::Iter {
        self.slice.chunk_by(self.pred)
    }
}

/// A piece of a `ChunkByMut`, as [`ChunkByPiece`].
struct ChunkByMutPiece<'s, 'p, T, P> {
    slice: &'s mut [T],
    pred: &'p P,
}

impl<'s, 'p, T, P> Cut for ChunkByMutPiece<'s, 'p, T, P>
where
    T: Send,
    P: Fn(&T, &T) -> bool + Sync,
{
    type Item = &'s mut [T];
    type Iter = std::slice::ChunkByMut<'s, T, &'p P>;

    fn len(&self) -> usize {
        self.slice.len()
    }

    fn is_boundary(&self, index: usize) -> bool {
        !(self.pred)(&self.slice[index - 1], &self.slice[index])
    }

    fn boundaries(&self) -> Range<usize> {
        1..self.slice.len().max(1)
    }

    fn cut_at(self, index: usize) -> (Self, Self) {
        let pred = self.pred;
        let (left, right) = self.slice.split_at_mut(index);
        (
            ChunkByMutPiece { slice: left, pred },
            ChunkByMutPiece { slice: right, pred },
        )
    }

    fn into_items(self) -> Self::Iter {
        self.slice.chunk_by_mut(self.pred)
    }
}
