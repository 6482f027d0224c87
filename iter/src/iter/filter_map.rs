//! `filter_map`: maps every item to an `Option` and keeps the `Some`s.

use super::closure_adaptor::closure_adaptor;
use super::each::{Each, EachConsumer};
use super::*;
use crate::plumbing::*;

closure_adaptor! {
    /// The iterator of [`ParallelIterator::filter_map`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::FilterMap<_, _> =
    ///     (0..10).into_par_iter().filter_map(|x| (x % 2 == 1).then_some(x * 10));
    /// assert_eq!(it.sum::<i32>(), 250);
    /// ```
    FilterMap { filter_op }
}

impl<I, P, R> ParallelIterator for FilterMap<I, P>
where
    I: ParallelIterator,
    P: Fn(I::Item) -> Option<R> + Sync + Send,
    R: Send,
{
    type Item = R;

    fn drive_unindexed<C: UnindexedConsumer<R>>(self, consumer: C) -> C::Result {
        self.base
            .drive_unindexed(EachConsumer::<_, KeptMapped, _>::new(
                consumer,
                &self.filter_op,
            ))
    }
}

/// The kind of [`EachConsumer`] that passes on the `Some` its operation maps an item to.
struct KeptMapped;

impl<T, R, P: Fn(T) -> Option<R>> Each<T, P> for KeptMapped {
    type Out = R;

    fn fold<F: Folder<R>>(filter_op: &P, folder: F, item: T) -> F {
        match filter_op(item) {
            Some(mapped) => folder.consume(mapped),
            None => folder,
        }
    }

    // No `fold_iter` of its own: handing the base `iter.filter_map(..)` would hide the items
    // this folder drops from the base's `full` check, and a short-circuiting consumer
    // (`find_any` after a filter that rejects a long run) would scan the whole run.
}
