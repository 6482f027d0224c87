//! `par_drain`: the traits of collections that hand their items over as a parallel iterator
//! and keep their allocation; the iterators are in [`drain`](crate::drain).

use std::ops::RangeBounds;

use super::ParallelIterator;

/// Removes a range of items from a collection and yields them as a parallel iterator, like
/// `Vec::drain`.
///
/// The items in the range are removed even if the iterator is dropped unconsumed or only
/// partly consumed; the collection keeps its allocation.
///
/// # Panics
///
/// `par_drain` panics if the range is out of bounds or decreasing (as std's `drain` does), or
/// for a `String`, if either end is not on a char boundary.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::drain::ParallelDrainRange;
///
/// let mut v: Vec<i32> = (0..10).collect();
/// let drained: Vec<i32> = v.par_drain(2..5).collect();
/// assert_eq!(drained, [2, 3, 4]);
/// assert_eq!(v, [0, 1, 5, 6, 7, 8, 9]);
/// ```
pub trait ParallelDrainRange<Idx = usize> {
    /// The draining parallel iterator.
    type Iter: ParallelIterator<Item = Self::Item>;

    /// The items drained.
    type Item: Send;

    /// Removes `range` from the collection and returns a parallel iterator over its items.
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    /// use weft_iter::drain::ParallelDrainRange;
    ///
    /// let mut s = String::from("héllo");
    /// let n = s.par_drain(1..3).count();
    /// assert_eq!((n, s.as_str()), (1, "hllo"));
    /// ```
    fn par_drain<R: RangeBounds<Idx>>(self, range: R) -> Self::Iter;
}

/// Removes every item from a collection and yields them as a parallel iterator; the collection
/// keeps its allocation.
///
/// # Examples
///
/// ```
/// use std::collections::BinaryHeap;
/// use weft_iter::prelude::*;
/// use weft_iter::drain::ParallelDrainFull;
///
/// let mut heap = BinaryHeap::from(vec![3, 1, 2]);
/// let mut v: Vec<i32> = heap.par_drain().collect();
/// v.sort();
/// assert_eq!(v, [1, 2, 3]);
/// assert!(heap.is_empty());
/// ```
pub trait ParallelDrainFull {
    /// The draining parallel iterator.
    type Iter: ParallelIterator<Item = Self::Item>;

    /// The items drained.
    type Item: Send;

    /// Removes every item and returns a parallel iterator over them.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::HashSet;
    /// use weft_iter::prelude::*;
    /// use weft_iter::drain::ParallelDrainFull;
    ///
    /// let mut set = HashSet::from([1, 2]);
    /// assert_eq!(set.par_drain().sum::<i32>(), 3);
    /// ```
    fn par_drain(self) -> Self::Iter;
}
