//! `positions`: the indices of the items a predicate accepts, in order.

use super::closure_adaptor::closure_adaptor;
use super::*;
use crate::plumbing::*;

closure_adaptor! {
    /// The iterator of [`IndexedParallelIterator::positions`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::Positions<_, _> = (0..10).into_par_iter().positions(|x| x % 4 == 0);
    /// assert_eq!(it.collect::<Vec<_>>(), [0, 4, 8]);
    /// ```
    Positions { predicate }
}

impl<I, P> ParallelIterator for Positions<I, P>
where
    I: IndexedParallelIterator,
    P: Fn(I::Item) -> bool + Sync + Send,
{
    type Item = usize;

    fn drive_unindexed<C: UnindexedConsumer<usize>>(self, consumer: C) -> C::Result {
        let predicate = &self.predicate;
        self.base
            .enumerate()
            .filter_map(|(i, item)| predicate(item).then_some(i))
            .drive_unindexed(consumer)
    }
}
