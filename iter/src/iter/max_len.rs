//! `with_max_len`: pieces hold at most `max` items (more splits).

use super::*;
use crate::iter::len_limits;
use crate::plumbing::bridged;
use crate::plumbing::*;

/// The iterator of [`IndexedParallelIterator::with_max_len`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::MaxLen<_> = (0..100).into_par_iter().with_max_len(10);
/// assert_eq!(it.sum::<i32>(), 4950);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct MaxLen<I> {
    base: I,
    max: usize,
}

impl<I> MaxLen<I> {
    pub(super) fn new(base: I, max: usize) -> Self {
        MaxLen { base, max }
    }
}

bridged! {
    impl[I: IndexedParallelIterator] MaxLen<I> {
        type Item = I::Item;

        fn len(&self) -> usize {
            self.base.len()
        }

        fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
            len_limits::with_len_limits(self.base, 0, self.max, callback)
        }
    }
}
