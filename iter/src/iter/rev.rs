//! `rev`: the items in reverse order.

use super::closure_adaptor::base_adaptor;
use super::wrap::{base_len_limits, wrap_producer};
use super::*;
use crate::plumbing::bridged;
use crate::plumbing::*;

base_adaptor! {
    /// The iterator of [`IndexedParallelIterator::rev`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::Rev<_> = (0..3).into_par_iter().rev();
    /// assert_eq!(it.collect::<Vec<_>>(), [2, 1, 0]);
    /// ```
    Rev
}

bridged! {
    impl[I: IndexedParallelIterator] Rev<I> {
        type Item = I::Item;

        fn len(&self) -> usize {
            self.base.len()
        }

        fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
            let len = self.base.len();
            wrap_producer!(self.base, callback, [len: usize = len], |base| RevProducer { base, len })
        }
    }
}

struct RevProducer<P> {
    base: P,
    len: usize,
}

impl<P: Producer> Producer for RevProducer<P> {
    type Item = P::Item;
    type IntoIter = std::iter::Rev<P::IntoIter>;

    fn into_iter(self) -> Self::IntoIter {
        self.base.into_iter().rev()
    }

    base_len_limits!();

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.base.split_at(self.len - index);
        (
            RevProducer {
                base: right,
                len: index,
            },
            RevProducer {
                base: left,
                len: self.len - index,
            },
        )
    }
}
