//! `flatten_iter`: yields the items of every item, each a sequential iterable, in order.

use super::closure_adaptor::base_adaptor;
use super::*;
use crate::plumbing::*;

base_adaptor! {
    /// The iterator of [`ParallelIterator::flatten_iter`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::FlattenIter<_> = vec![vec![1], vec![2, 3]].into_par_iter().flatten_iter();
    /// assert_eq!(it.sum::<i32>(), 6);
    /// ```
    FlattenIter
}

fn identity<T>(x: T) -> T {
    x
}

impl<I> ParallelIterator for FlattenIter<I>
where
    I: ParallelIterator,
    I::Item: IntoIterator,
    <I::Item as IntoIterator>::Item: Send,
{
    type Item = <I::Item as IntoIterator>::Item;

    fn drive_unindexed<C: UnindexedConsumer<Self::Item>>(self, consumer: C) -> C::Result {
        self.base.flat_map_iter(identity).drive_unindexed(consumer)
    }
}
