//! Parallel drains: [`ParallelDrainRange`] (a range of a `Vec`, `VecDeque` or `String`) and
//! [`ParallelDrainFull`] (every item of a map, set or heap).

mod string;
mod vec;

use std::ops::{Bound, Range, RangeBounds};

pub use self::string::Drain as StringDrain;
pub use self::vec::Drain as VecDrain;
pub(crate) use self::vec::DrainProducer;

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
    type Iter: crate::ParallelIterator<Item = Self::Item>;

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
    type Iter: crate::ParallelIterator<Item = Self::Item>;

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

/// Resolves `range` against a length, panicking on a bad range like slice indexing does.
pub(crate) fn simplify_range(range: impl RangeBounds<usize>, len: usize) -> Range<usize> {
    let start = match range.start_bound() {
        Bound::Included(&i) => i,
        Bound::Excluded(&i) => i
            .checked_add(1)
            .expect("attempted to drain from after the maximum usize"),
        Bound::Unbounded => 0,
    };
    let end = match range.end_bound() {
        Bound::Included(&i) => i
            .checked_add(1)
            .expect("attempted to drain up to the maximum usize"),
        Bound::Excluded(&i) => i,
        Bound::Unbounded => len,
    };
    assert!(
        start <= end,
        "slice index starts at {start} but ends at {end}"
    );
    assert!(
        end <= len,
        "range end index {end} out of range for slice of length {len}"
    );
    start..end
}

#[cfg(test)]
mod tests {
    use super::simplify_range;

    #[test]
    fn ranges_resolve_like_slices() {
        assert_eq!(simplify_range(.., 5), 0..5);
        assert_eq!(simplify_range(1..=2, 5), 1..3);
        assert_eq!(simplify_range(5.., 5), 5..5);
        let backwards = (std::ops::Bound::Included(3), std::ops::Bound::Excluded(2));
        assert!(std::panic::catch_unwind(|| simplify_range(backwards, 5)).is_err());
        assert!(std::panic::catch_unwind(|| simplify_range(..6, 5)).is_err());
        assert!(std::panic::catch_unwind(|| simplify_range(..=usize::MAX, 5)).is_err());
    }
}
