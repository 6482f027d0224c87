//! `flat_map_iter`: maps every item to a sequential iterator and yields their items, in order.

use super::closure_adaptor::closure_adaptor;
use super::each::{Each, EachConsumer};
use super::*;
use crate::plumbing::*;

closure_adaptor! {
    /// The iterator of [`ParallelIterator::flat_map_iter`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::FlatMapIter<_, _> = (0..3u32).into_par_iter().flat_map_iter(|n| 0..n);
    /// assert_eq!(it.count(), 3);
    /// ```
    FlatMapIter { map_op }
}

impl<I, F, SI> ParallelIterator for FlatMapIter<I, F>
where
    I: ParallelIterator,
    F: Fn(I::Item) -> SI + Sync + Send,
    SI: IntoIterator,
    SI::Item: Send,
{
    type Item = SI::Item;

    fn drive_unindexed<C: UnindexedConsumer<SI::Item>>(self, consumer: C) -> C::Result {
        self.base
            .drive_unindexed(EachConsumer::<_, Flattened, _>::new(consumer, &self.map_op))
    }
}

/// The kind of [`EachConsumer`] that passes on every item of the sequential iterator its
/// operation maps an item to.
struct Flattened;

impl<T, SI: IntoIterator, F: Fn(T) -> SI> Each<T, F> for Flattened {
    type Out = SI::Item;

    fn fold<G: Folder<SI::Item>>(map_op: &F, folder: G, item: T) -> G {
        folder.consume_iter(map_op(item))
    }

    fn fold_iter<G, I>(map_op: &F, folder: G, iter: I) -> G
    where
        G: Folder<SI::Item>,
        I: Iterator<Item = T>,
    {
        folder.consume_iter(iter.flat_map(map_op))
    }
}
