//! Parallel drains: the iterators behind [`ParallelDrainRange`] (a range of a `Vec`, `VecDeque`
//! or `String`) and [`ParallelDrainFull`] (every item of a map, set or heap), whose traits are
//! in [`iter`](crate::iter) with the other conversions.

mod string;
mod vec;

use std::ops::{Bound, Range, RangeBounds};

pub use crate::iter::{ParallelDrainFull, ParallelDrainRange};

pub use self::string::Drain as StringDrain;
pub use self::vec::Drain as VecDrain;
pub(crate) use self::vec::{DrainProducer, RangeDrain};

/// Declares the public range drain `$Name<'a, T>` of a vector-like collection `$Coll` (with the
/// doc given): a [`RangeDrain`] of the vector that `$lend` makes of the `&mut $Coll` (a
/// `$Lent`), its `ParallelDrainRange` impl and its parallel-iterator impls.
macro_rules! range_drain {
    (
        $(#[$attr:meta])*
        $Name:ident<$a:lifetime, T> of $Coll:ty, lent as $Lent:ty = $lend:expr
    ) => {
        $(#[$attr])*
        #[derive(Debug)]
        pub struct $Name<$a, T> {
            inner: $crate::drain::RangeDrain<T, $Lent>,
        }

        impl<$a, T: Send> $crate::drain::ParallelDrainRange<usize> for &$a mut $Coll {
            type Iter = $Name<$a, T>;
            type Item = T;

            fn par_drain<R: std::ops::RangeBounds<usize>>(self, range: R) -> Self::Iter {
                let lend: fn(&$a mut $Coll) -> $Lent = $lend;
                $Name {
                    inner: $crate::drain::RangeDrain::new(lend(self), range),
                }
            }
        }

        $crate::plumbing::delegate_indexed!($Name<$a, T> => T, impl[$a, T: Send]);
    };
}
pub(crate) use range_drain;

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
