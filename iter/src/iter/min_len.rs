//! `with_min_len`: pieces hold at least `min` items (fewer splits).

use super::*;
use crate::iter::len_limits;
use crate::plumbing::bridged;
use crate::plumbing::*;

/// The iterator of [`IndexedParallelIterator::with_min_len`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::MinLen<_> = (0..100).into_par_iter().with_min_len(10);
/// assert_eq!(it.sum::<i32>(), 4950);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct MinLen<I> {
    base: I,
    min: usize,
}

impl<I> MinLen<I> {
    pub(super) fn new(base: I, min: usize) -> Self {
        MinLen { base, min }
    }
}

bridged! {
    impl[I: IndexedParallelIterator] MinLen<I> {
        type Item = I::Item;

        fn len(&self) -> usize {
            self.base.len()
        }

        fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
            len_limits::with_len_limits(self.base, self.min, usize::MAX, callback)
        }
    }
}
