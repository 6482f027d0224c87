//! `flatten`: yields the items of every item, each a parallel iterable, in order.

use super::closure_adaptor::base_adaptor;
use super::*;
use crate::plumbing::*;

base_adaptor! {
    /// The iterator of [`ParallelIterator::flatten`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::Flatten<_> = vec![vec![1], vec![2, 3]].into_par_iter().flatten();
    /// assert_eq!(it.sum::<i32>(), 6);
    /// ```
    Flatten
}

fn identity<T>(x: T) -> T {
    x
}

impl<I> ParallelIterator for Flatten<I>
where
    I: ParallelIterator,
    I::Item: IntoParallelIterator,
{
    type Item = <I::Item as IntoParallelIterator>::Item;

    fn drive_unindexed<C: UnindexedConsumer<Self::Item>>(self, consumer: C) -> C::Result {
        self.base.flat_map(identity).drive_unindexed(consumer)
    }
}
