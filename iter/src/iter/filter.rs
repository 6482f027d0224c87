//! `filter`: keeps the items a predicate accepts.

use super::*;
use crate::plumbing::*;
use std::fmt;

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
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone)]
pub struct Filter<I, P> {
    base: I,
    filter_op: P,
}

impl<I: fmt::Debug, P> fmt::Debug for Filter<I, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Filter").field("base", &self.base).finish()
    }
}

impl<I, P> Filter<I, P> {
    pub(super) fn new(base: I, filter_op: P) -> Self {
        Filter { base, filter_op }
    }
}

impl<I, P> ParallelIterator for Filter<I, P>
where
    I: ParallelIterator,
    P: Fn(&I::Item) -> bool + Sync + Send,
{
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        self.base.drive_unindexed(FilterConsumer {
            base: consumer,
            filter_op: &self.filter_op,
        })
    }
}

struct FilterConsumer<'p, C, P> {
    base: C,
    filter_op: &'p P,
}

impl<'p, T, C, P> Consumer<T> for FilterConsumer<'p, C, P>
where
    C: Consumer<T>,
    P: Fn(&T) -> bool + Sync,
{
    type Folder = FilterConsumer<'p, C::Folder, P>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        (
            FilterConsumer {
                base: left,
                filter_op: self.filter_op,
            },
            FilterConsumer {
                base: right,
                filter_op: self.filter_op,
            },
            reducer,
        )
    }

    fn into_folder(self) -> Self::Folder {
        FilterConsumer {
            base: self.base.into_folder(),
            filter_op: self.filter_op,
        }
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}

impl<'p, T, C, P> UnindexedConsumer<T> for FilterConsumer<'p, C, P>
where
    C: UnindexedConsumer<T>,
    P: Fn(&T) -> bool + Sync,
{
    fn split_off_left(&self) -> Self {
        FilterConsumer {
            base: self.base.split_off_left(),
            filter_op: self.filter_op,
        }
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

impl<'p, T, F, P> Folder<T> for FilterConsumer<'p, F, P>
where
    F: Folder<T>,
    P: Fn(&T) -> bool,
{
    type Result = F::Result;

    fn consume(self, item: T) -> Self {
        if (self.filter_op)(&item) {
            FilterConsumer {
                base: self.base.consume(item),
                filter_op: self.filter_op,
            }
        } else {
            self
        }
    }

    // No `consume_iter` of our own: handing the base `iter.filter(..)` would hide the items
    // this folder drops from the base's `full` check, and a short-circuiting consumer
    // (`find_any` after a filter that rejects a long run) would scan the whole run.

    fn complete(self) -> F::Result {
        self.base.complete()
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}
