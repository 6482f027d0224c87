//! `filter`: keeps the items a predicate accepts.

use super::closure_adaptor::closure_adaptor;
use super::each::{Each, EachConsumer};
use super::*;
use crate::plumbing::*;

closure_adaptor! {
    /// The iterator of [`ParallelIterator::filter`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::Filter<_, _> = (0..10).into_par_iter().filter(|x| x % 2 == 1);
    /// assert_eq!(it.count(), 5);
    /// ```
    Filter { filter_op }
}

impl<I, P> ParallelIterator for Filter<I, P>
where
    I: ParallelIterator,
    P: Fn(&I::Item) -> bool + Sync + Send,
{
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        self.base
            .drive_unindexed(EachConsumer::<_, Kept, _>::new(consumer, &self.filter_op))
    }
}

/// The kind of [`EachConsumer`] that passes on the items its predicate accepts.
struct Kept;

impl<T, P: Fn(&T) -> bool> Each<T, P> for Kept {
    type Out = T;

    fn fold<F: Folder<T>>(keep: &P, folder: F, item: T) -> F {
        if keep(&item) {
            folder.consume(item)
        } else {
            folder
        }
    }

    // No `fold_iter` of its own: handing the base `iter.filter(..)` would hide the items this
    // folder drops from the base's `full` check, and a short-circuiting consumer (`find_any`
    // after a filter that rejects a long run) would scan the whole run.
}
