//! `flat_map_iter`: maps every item to a sequential iterator and yields their items, in order.

use super::*;
use crate::plumbing::*;
use std::fmt;

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
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone)]
pub struct FlatMapIter<I, F> {
    base: I,
    map_op: F,
}

impl<I: fmt::Debug, F> fmt::Debug for FlatMapIter<I, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FlatMapIter")
            .field("base", &self.base)
            .finish()
    }
}

impl<I, F> FlatMapIter<I, F> {
    pub(super) fn new(base: I, map_op: F) -> Self {
        FlatMapIter { base, map_op }
    }
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
        self.base.drive_unindexed(FlatMapIterConsumer {
            base: consumer,
            map_op: &self.map_op,
        })
    }
}

struct FlatMapIterConsumer<'f, C, F> {
    base: C,
    map_op: &'f F,
}

impl<'f, T, C, F, SI> Consumer<T> for FlatMapIterConsumer<'f, C, F>
where
    C: Consumer<SI::Item>,
    F: Fn(T) -> SI + Sync,
    SI: IntoIterator,
{
    type Folder = FlatMapIterConsumer<'f, C::Folder, F>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        (
            FlatMapIterConsumer {
                base: left,
                map_op: self.map_op,
            },
            FlatMapIterConsumer {
                base: right,
                map_op: self.map_op,
            },
            reducer,
        )
    }

    fn into_folder(self) -> Self::Folder {
        FlatMapIterConsumer {
            base: self.base.into_folder(),
            map_op: self.map_op,
        }
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}

impl<'f, T, C, F, SI> UnindexedConsumer<T> for FlatMapIterConsumer<'f, C, F>
where
    C: UnindexedConsumer<SI::Item>,
    F: Fn(T) -> SI + Sync,
    SI: IntoIterator,
{
    fn split_off_left(&self) -> Self {
        FlatMapIterConsumer {
            base: self.base.split_off_left(),
            map_op: self.map_op,
        }
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

impl<T, C, F, SI> Folder<T> for FlatMapIterConsumer<'_, C, F>
where
    C: Folder<SI::Item>,
    F: Fn(T) -> SI,
    SI: IntoIterator,
{
    type Result = C::Result;

    fn consume(self, item: T) -> Self {
        FlatMapIterConsumer {
            base: self.base.consume_iter((self.map_op)(item)),
            map_op: self.map_op,
        }
    }

    fn consume_iter<I: IntoIterator<Item = T>>(self, iter: I) -> Self {
        FlatMapIterConsumer {
            base: self
                .base
                .consume_iter(iter.into_iter().flat_map(self.map_op)),
            map_op: self.map_op,
        }
    }

    fn complete(self) -> C::Result {
        self.base.complete()
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}
