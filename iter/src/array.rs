//! Parallel iterators that take the items out of an array: `[T; N]::into_par_iter`.
//!
//! (`&[T; N]` and `&mut [T; N]` iterate like slices, see [`crate::slice`].)

use crate::iter::*;
use crate::plumbing::*;

/// A parallel iterator that moves the items out of an array.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::array::IntoIter<i32, 3> = [1, 2, 3].into_par_iter();
/// assert_eq!(it.sum::<i32>(), 6);
/// ```
#[derive(Clone, Debug)]
pub struct IntoIter<T, const N: usize> {
    array: [T; N],
}

impl<T: Send, const N: usize> IntoParallelIterator for [T; N] {
    type Item = T;
    type Iter = IntoIter<T, N>;

    fn into_par_iter(self) -> IntoIter<T, N> {
        IntoIter { array: self }
    }
}

impl<T: Send, const N: usize> ParallelIterator for IntoIter<T, N> {
    type Item = T;

    fn drive_unindexed<C: UnindexedConsumer<T>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(N)
    }
}

impl<T: Send, const N: usize> IndexedParallelIterator for IntoIter<T, N> {
    fn len(&self) -> usize {
        N
    }

    fn drive<C: Consumer<T>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn with_producer<CB: ProducerCallback<T>>(self, callback: CB) -> CB::Output {
        // Moving the items to the heap lets the vector's draining producer own them.
        Vec::from(self.array)
            .into_par_iter()
            .with_producer(callback)
    }
}
