//! `String::par_drain`: the chars of a range, removed from the string.

use std::ops::{Range, RangeBounds};

use super::{simplify_range, ParallelDrainRange};
use crate::plumbing::UnindexedConsumer;
use crate::str::ParallelString;
use crate::ParallelIterator;

/// A parallel iterator over the chars of a range of a `String`, removed from it once the
/// iterator is dropped; made by [`ParallelDrainRange::par_drain`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::drain::ParallelDrainRange;
///
/// let mut s = String::from("abcdef");
/// let upper: String = s.par_drain(..3).map(|c| c.to_ascii_uppercase()).collect();
/// assert_eq!((upper.as_str(), s.as_str()), ("ABC", "def"));
/// ```
#[derive(Debug)]
pub struct Drain<'a> {
    string: &'a mut String,
    range: Range<usize>,
}

impl<'a> ParallelDrainRange<usize> for &'a mut String {
    type Iter = Drain<'a>;
    type Item = char;

    fn par_drain<R: RangeBounds<usize>>(self, range: R) -> Self::Iter {
        let range = simplify_range(range, self.len());
        assert!(
            self.is_char_boundary(range.start),
            "drain start {} is not a char boundary",
            range.start
        );
        assert!(
            self.is_char_boundary(range.end),
            "drain end {} is not a char boundary",
            range.end
        );
        Drain {
            string: self,
            range,
        }
    }
}

impl ParallelIterator for Drain<'_> {
    type Item = char;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>,
    {
        self.string[self.range.clone()]
            .par_chars()
            .drive_unindexed(consumer)
    }
}

impl Drop for Drain<'_> {
    fn drop(&mut self) {
        // The chars were only read: remove them now, consumed or not.
        self.string.drain(self.range.clone());
    }
}
