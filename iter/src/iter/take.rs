//! `take`: the first `n` items.

use super::wrap::wrap_producer;
use super::*;
use crate::plumbing::bridged;
use crate::plumbing::*;

/// The iterator of [`IndexedParallelIterator::take`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::Take<_> = (0..5).into_par_iter().take(2);
/// assert_eq!(it.collect::<Vec<_>>(), [0, 1]);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct Take<I> {
    base: I,
    n: usize,
}

impl<I: IndexedParallelIterator> Take<I> {
    pub(super) fn new(base: I, n: usize) -> Self {
        let n = n.min(base.len());
        Take { base, n }
    }
}

bridged! {
    impl[I: IndexedParallelIterator] Take<I> {
        type Item = I::Item;

        fn len(&self) -> usize {
            self.n
        }

        fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
            // The rest is dropped with the right half.
            wrap_producer!(self.base, callback, [n: usize = self.n], |base| base.split_at(n).0)
        }
    }
}
