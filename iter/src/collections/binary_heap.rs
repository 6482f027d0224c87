//! Parallel iterators over `BinaryHeap`: by value, by reference (both in no particular
//! order), and its parallel drain.

use std::collections::BinaryHeap;

use super::{delegate_indexed, DrainGuard};
use crate::drain::{ParallelDrainFull, ParallelDrainRange};
use crate::plumbing::bridged;
use crate::plumbing::ProducerCallback;
use crate::IntoParallelIterator;
use crate::{slice, vec};

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
#[derive(Debug, Clone)]
pub struct IntoIter<T> {
    inner: vec::IntoIter<T>,
}

impl<T: Send> IntoParallelIterator for BinaryHeap<T> {
    type Item = T;
    type Iter = IntoIter<T>;

    fn into_par_iter(self) -> Self::Iter {
        IntoIter {
            inner: self.into_vec().into_par_iter(),
        }
    }
}

delegate_indexed!(IntoIter<T> => T, impl[T: Send]);

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
#[derive(Debug)]
pub struct Iter<'a, T> {
    inner: slice::Iter<'a, T>,
}

impl<T> Clone for Iter<'_, T> {
    fn clone(&self) -> Self {
        Iter {
            inner: self.inner.clone(),
        }
    }
}

impl<'a, T: Sync> IntoParallelIterator for &'a BinaryHeap<T> {
    type Item = &'a T;
    type Iter = Iter<'a, T>;

    fn into_par_iter(self) -> Self::Iter {
        Iter {
            inner: self.as_slice().into_par_iter(),
        }
    }
}

delegate_indexed!(Iter<'a, T> => &'a T, impl['a, T: Sync]);

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
