//! `filter_map`: maps every item to an `Option` and keeps the `Some`s.

use super::*;
use crate::plumbing::*;
use std::fmt;

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
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone)]
pub struct FilterMap<I, P> {
    base: I,
    filter_op: P,
}

impl<I: fmt::Debug, P> fmt::Debug for FilterMap<I, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FilterMap")
            .field("base", &self.base)
            .finish()
    }
}

impl<I, P> FilterMap<I, P> {
    pub(super) fn new(base: I, filter_op: P) -> Self {
        FilterMap { base, filter_op }
    }
}

impl<I, P, R> ParallelIterator for FilterMap<I, P>
where
    I: ParallelIterator,
    P: Fn(I::Item) -> Option<R> + Sync + Send,
    R: Send,
{
    type Item = R;

    fn drive_unindexed<C: UnindexedConsumer<R>>(self, consumer: C) -> C::Result {
        self.base.drive_unindexed(FilterMapConsumer {
            base: consumer,
            filter_op: &self.filter_op,
        })
    }
}

struct FilterMapConsumer<'p, C, P> {
    base: C,
    filter_op: &'p P,
}

impl<'p, T, R, C, P> Consumer<T> for FilterMapConsumer<'p, C, P>
where
    C: Consumer<R>,
    P: Fn(T) -> Option<R> + Sync,
{
    type Folder = FilterMapConsumer<'p, C::Folder, P>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        (
            FilterMapConsumer {
                base: left,
                filter_op: self.filter_op,
            },
            FilterMapConsumer {
                base: right,
                filter_op: self.filter_op,
            },
            reducer,
        )
    }

    fn into_folder(self) -> Self::Folder {
        FilterMapConsumer {
            base: self.base.into_folder(),
            filter_op: self.filter_op,
        }
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}

impl<'p, T, R, C, P> UnindexedConsumer<T> for FilterMapConsumer<'p, C, P>
where
    C: UnindexedConsumer<R>,
    P: Fn(T) -> Option<R> + Sync,
{
    fn split_off_left(&self) -> Self {
        FilterMapConsumer {
            base: self.base.split_off_left(),
            filter_op: self.filter_op,
        }
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

impl<'p, T, R, F, P> Folder<T> for FilterMapConsumer<'p, F, P>
where
    F: Folder<R>,
    P: Fn(T) -> Option<R>,
{
    type Result = F::Result;

    fn consume(self, item: T) -> Self {
        match (self.filter_op)(item) {
            Some(mapped) => FilterMapConsumer {
                base: self.base.consume(mapped),
                filter_op: self.filter_op,
            },
            None => self,
        }
    }

    // No `consume_iter` of our own: handing the base `iter.filter_map(..)` would hide the items
    // this folder drops from the base's `full` check, and a short-circuiting consumer
    // (`find_any` after a filter that rejects a long run) would scan the whole run.

    fn complete(self) -> F::Result {
        self.base.complete()
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}
