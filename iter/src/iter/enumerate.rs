//! `enumerate`: pairs every item with its index.

use super::closure_adaptor::base_adaptor;
use super::wrap::{base_len_limits, wrap_producer};
use super::*;
use crate::plumbing::bridged;
use crate::plumbing::*;
use std::ops::Range;

base_adaptor! {
    /// The iterator of [`IndexedParallelIterator::enumerate`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::Enumerate<_> = ['a', 'b'].par_iter().enumerate();
    /// assert_eq!(it.collect::<Vec<_>>(), [(0, &'a'), (1, &'b')]);
    /// ```
    Enumerate
}

bridged! {
    impl[I: IndexedParallelIterator] Enumerate<I> {
        type Item = (usize, I::Item);

        fn len(&self) -> usize {
            self.base.len()
        }

        fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
            wrap_producer!(self.base, callback, [], T => (usize, T), |base| EnumerateProducer {
                base,
                offset: 0
            })
        }
    }
}

struct EnumerateProducer<P> {
    base: P,
    offset: usize,
}

impl<P: Producer> Producer for EnumerateProducer<P> {
    type Item = (usize, P::Item);
    type IntoIter = std::iter::Zip<Range<usize>, P::IntoIter>;

    fn into_iter(self) -> Self::IntoIter {
        let base = self.base.into_iter();
        let end = self.offset + base.len();
        (self.offset..end).zip(base)
    }

    base_len_limits!();

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.base.split_at(index);
        (
            EnumerateProducer {
                base: left,
                offset: self.offset,
            },
            EnumerateProducer {
                base: right,
                offset: self.offset + index,
            },
        )
    }
}
