//! Parallel iterators over `BinaryHeap`: by value, by reference (both in no particular
//! order), and its parallel drain.

use std::collections::BinaryHeap;

use super::DrainGuard;
use crate::drain::{ParallelDrainFull, ParallelDrainRange};
use crate::plumbing::ProducerCallback;
use crate::plumbing::{bridged, wrapping_iter};
use crate::{slice, vec};

wrapping_iter! {
    /// A parallel iterator over the items of a `BinaryHeap`, by value and in no particular order;
    /// made by `into_par_iter`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::BinaryHeap;
    /// use weft_iter::prelude::*;
    ///
    /// let heap = BinaryHeap::from(vec![1, 5, 3]);
    /// let it = heap.into_par_iter();
    /// assert_eq!(it.clone().max(), Some(5));
    /// let _ = format!("{it:?}");
    /// ```
    IntoIter<T> => T, impl[T: Send],
    from BinaryHeap<T>, impl[T: Send],
    over vec::IntoIter<T> = |heap| heap.into_vec().into_par_iter()
}

wrapping_iter! {
    /// A parallel iterator over the items of a `BinaryHeap`, by reference and in no particular
    /// order; made by `par_iter`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::BinaryHeap;
    /// use weft_iter::prelude::*;
    ///
    /// let heap = BinaryHeap::from(vec![1, 5, 3]);
    /// let it = heap.par_iter();
    /// assert_eq!(it.clone().sum::<i32>(), 9);
    /// let _ = format!("{it:?}");
    /// ```
    Iter<'a, T> => &'a T, impl['a, T: Sync],
    from &'a BinaryHeap<T>, impl['a, T: Sync],
    over slice::Iter<'a, T> = |heap| heap.as_slice().into_par_iter()
}

/// A parallel iterator that moves every item out of a `BinaryHeap`, in no particular order;
/// made by [`ParallelDrainFull::par_drain`]. The heap is emptied when the iterator is dropped,
/// whether or not it was consumed, and keeps its allocation.
///
/// # Examples
///
/// ```
/// use std::collections::BinaryHeap;
/// use weft_iter::prelude::*;
/// use weft_iter::drain::ParallelDrainFull;
///
/// let mut heap = BinaryHeap::from(vec![1, 5, 3]);
/// assert_eq!(heap.par_drain().sum::<i32>(), 9);
/// assert!(heap.is_empty());
/// ```
#[derive(Debug)]
pub struct Drain<'a, T: Ord> {
    heap: &'a mut BinaryHeap<T>,
}

impl<'a, T: Ord + Send> ParallelDrainFull for &'a mut BinaryHeap<T> {
    type Iter = Drain<'a, T>;
    type Item = T;

    fn par_drain(self) -> Self::Iter {
        Drain { heap: self }
    }
}

bridged! {
    impl[T: Ord + Send] Drain<'_, T> {
        type Item = T;

        fn len(&self) -> usize {
            self.heap.len()
        }

        fn with_producer<CB>(self, callback: CB) -> CB::Output
        where
            CB: ProducerCallback<Self::Item>,
        {
            let mut guard = DrainGuard::new(&mut *self.heap);
            guard.vec.par_drain(..).with_producer(callback)
        }
    }
}

impl<T: Ord> Drop for Drain<'_, T> {
    fn drop(&mut self) {
        // Never produced: empty the heap sequentially.
        self.heap.clear();
    }
}
