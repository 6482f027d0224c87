//! `flat_map`: maps every item to a parallel iterator and yields their items, in order.

use super::closure_adaptor::closure_adaptor;
use super::*;
use crate::plumbing::*;
use crate::weight::{scope, WeightSpec};

closure_adaptor! {
    /// The iterator of [`ParallelIterator::flat_map`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::FlatMap<_, _> = (0..3u32).into_par_iter().flat_map(|n| 0..n);
    /// assert_eq!(it.count(), 3);
    /// ```
    FlatMap { map_op }
}

impl<I, F, PI> ParallelIterator for FlatMap<I, F>
where
    I: ParallelIterator,
    F: Fn(I::Item) -> PI + Sync + Send,
    PI: IntoParallelIterator,
{
    type Item = PI::Item;

    fn drive_unindexed<C: UnindexedConsumer<PI::Item>>(self, consumer: C) -> C::Result {
        self.base.drive_unindexed(FlatMapConsumer {
            base: consumer,
            map_op: &self.map_op,
            weight: scope::chosen(),
        })
    }
}

struct FlatMapConsumer<'f, C, F> {
    base: C,
    map_op: &'f F,
    /// The weight chosen where the `flat_map` was driven: the inner iterators split by it too.
    weight: Option<WeightSpec>,
}

impl<'f, T, C, F, PI> Consumer<T> for FlatMapConsumer<'f, C, F>
where
    C: UnindexedConsumer<PI::Item>,
    F: Fn(T) -> PI + Sync,
    PI: IntoParallelIterator,
{
    type Folder = FlatMapFolder<'f, C, F, C::Result>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        (
            FlatMapConsumer {
                base: left,
                map_op: self.map_op,
                weight: self.weight,
            },
            FlatMapConsumer {
                base: right,
                map_op: self.map_op,
                weight: self.weight,
            },
            reducer,
        )
    }

    fn into_folder(self) -> Self::Folder {
        FlatMapFolder {
            base: self.base,
            map_op: self.map_op,
            weight: self.weight,
            previous: None,
        }
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}

impl<'f, T, C, F, PI> UnindexedConsumer<T> for FlatMapConsumer<'f, C, F>
where
    C: UnindexedConsumer<PI::Item>,
    F: Fn(T) -> PI + Sync,
    PI: IntoParallelIterator,
{
    fn split_off_left(&self) -> Self {
        FlatMapConsumer {
            base: self.base.split_off_left(),
            map_op: self.map_op,
            weight: self.weight,
        }
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

/// Drives each item's iterator with a consumer split off the left of `base`, and reduces the
/// results in order.
struct FlatMapFolder<'f, C, F, R> {
    base: C,
    map_op: &'f F,
    weight: Option<WeightSpec>,
    previous: Option<R>,
}

impl<'f, T, C, F, PI> Folder<T> for FlatMapFolder<'f, C, F, C::Result>
where
    C: UnindexedConsumer<PI::Item>,
    F: Fn(T) -> PI + Sync,
    PI: IntoParallelIterator,
{
    type Result = C::Result;

    fn consume(self, item: T) -> Self {
        let par_iter = (self.map_op)(item).into_par_iter();
        let inner = self.base.split_off_left();
        let result = scope::choose(self.weight, || par_iter.drive_unindexed(inner));
        let previous = match self.previous {
            None => result,
            Some(previous) => self.base.to_reducer().reduce(previous, result),
        };
        FlatMapFolder {
            base: self.base,
            map_op: self.map_op,
            weight: self.weight,
            previous: Some(previous),
        }
    }

    fn complete(self) -> C::Result {
        match self.previous {
            Some(previous) => previous,
            None => self.base.into_folder().complete(),
        }
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}
