//! `skip`: all items but the first `n`.

use super::wrap::wrap_producer;
use super::*;
use crate::plumbing::bridged;
use crate::plumbing::*;

/// The iterator of [`IndexedParallelIterator::skip`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::Skip<_> = (0..5).into_par_iter().skip(3);
/// assert_eq!(it.collect::<Vec<_>>(), [3, 4]);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct Skip<I> {
    base: I,
    n: usize,
}

impl<I: IndexedParallelIterator> Skip<I> {
    pub(super) fn new(base: I, n: usize) -> Self {
        let n = n.min(base.len());
        Skip { base, n }
    }
}

bridged! {
    impl[I: IndexedParallelIterator] Skip<I> {
        type Item = I::Item;

        fn len(&self) -> usize {
            self.base.len() - self.n
        }

        fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
            // The skipped items are dropped with the left half.
            wrap_producer!(self.base, callback, [n: usize = self.n], |base| base.split_at(n).1)
        }
    }
}
