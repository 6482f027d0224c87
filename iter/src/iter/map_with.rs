//! `map_with`: `map` with a value per piece, cloned from a seed, that the function may
//! mutate.
//!
//! The producer, consumer and folder here are generic over a [`Seed`], and shared with
//! `map_init` (whose seed is a function making the value in the piece).

use super::fold::{CloneSeed, Seed};
use super::*;
use crate::plumbing::*;
use crate::weight::WeightSpec;
use std::fmt;

/// The iterator of [`ParallelIterator::map_with`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::MapWith<_, _, _> = (0..3).into_par_iter().map_with(1, |one, x| x + *one);
/// assert_eq!(it.sum::<i32>(), 6);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone)]
pub struct MapWith<I, T, F> {
    base: I,
    item: T,
    map_op: F,
}

impl<I: fmt::Debug, T: fmt::Debug, F> fmt::Debug for MapWith<I, T, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MapWith")
            .field("base", &self.base)
            .field("item", &self.item)
            .finish()
    }
}

impl<I, T, F> MapWith<I, T, F> {
    pub(super) fn new(base: I, item: T, map_op: F) -> Self {
        MapWith { base, item, map_op }
    }
}

impl<I, T, F, R> ParallelIterator for MapWith<I, T, F>
where
    I: ParallelIterator,
    T: Send + Clone,
    F: Fn(&mut T, I::Item) -> R + Sync + Send,
    R: Send,
{
    type Item = R;

    fn drive_unindexed<C: UnindexedConsumer<R>>(self, consumer: C) -> C::Result {
        self.base.drive_unindexed(SeedMapConsumer {
            base: consumer,
            seed: CloneSeed(self.item),
            map_op: &self.map_op,
        })
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len()
    }
}

impl<I, T, F, R> IndexedParallelIterator for MapWith<I, T, F>
where
    I: IndexedParallelIterator,
    T: Send + Clone,
    F: Fn(&mut T, I::Item) -> R + Sync + Send,
    R: Send,
{
    fn len(&self) -> usize {
        self.base.len()
    }

    fn drive<C: Consumer<R>>(self, consumer: C) -> C::Result {
        self.base.drive(SeedMapConsumer {
            base: consumer,
            seed: CloneSeed(self.item),
            map_op: &self.map_op,
        })
    }

    fn with_producer<CB: ProducerCallback<R>>(self, callback: CB) -> CB::Output {
        self.base.with_producer(SeedMapCallback {
            callback,
            seed: CloneSeed(self.item),
            map_op: &self.map_op,
        })
    }
}

/// Wraps the base producer in a [`SeedMapProducer`].
pub(super) struct SeedMapCallback<'f, CB, S, F> {
    pub(super) callback: CB,
    pub(super) seed: S,
    pub(super) map_op: &'f F,
}

impl<'f, T, U, R, CB, S, F> ProducerCallback<T> for SeedMapCallback<'f, CB, S, F>
where
    CB: ProducerCallback<R>,
    S: Seed<Value = U>,
    F: Fn(&mut U, T) -> R + Sync,
    R: Send,
{
    type Output = CB::Output;

    fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
        self.callback.callback(SeedMapProducer {
            base,
            seed: self.seed,
            map_op: self.map_op,
        })
    }
}

struct SeedMapProducer<'f, P, S, F> {
    base: P,
    seed: S,
    map_op: &'f F,
}

impl<'f, U, R, P, S, F> Producer for SeedMapProducer<'f, P, S, F>
where
    P: Producer,
    S: Seed<Value = U>,
    F: Fn(&mut U, P::Item) -> R + Sync,
    R: Send,
{
    type Item = R;
    type IntoIter = SeedMapIter<'f, P::IntoIter, U, F>;

    fn into_iter(self) -> Self::IntoIter {
        SeedMapIter {
            base: self.base.into_iter(),
            item: self.seed.into_value(),
            map_op: self.map_op,
        }
    }

    fn min_len(&self) -> usize {
        self.base.min_len()
    }

    fn max_len(&self) -> usize {
        self.base.max_len()
    }

    fn weight_spec(&self) -> Option<WeightSpec> {
        self.base.weight_spec()
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.base.split_at(index);
        (
            SeedMapProducer {
                base: left,
                seed: self.seed.split(),
                map_op: self.map_op,
            },
            SeedMapProducer {
                base: right,
                seed: self.seed,
                map_op: self.map_op,
            },
        )
    }

    fn fold_with<G: Folder<R>>(self, folder: G) -> G {
        self.base
            .fold_with(SeedMapFolder {
                base: folder,
                item: self.seed.into_value(),
                map_op: self.map_op,
            })
            .base
    }
}

struct SeedMapIter<'f, I, U, F> {
    base: I,
    item: U,
    map_op: &'f F,
}

impl<I, U, R, F> Iterator for SeedMapIter<'_, I, U, F>
where
    I: Iterator,
    F: Fn(&mut U, I::Item) -> R,
{
    type Item = R;

    fn next(&mut self) -> Option<R> {
        let item = self.base.next()?;
        Some((self.map_op)(&mut self.item, item))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.base.size_hint()
    }
}

impl<I, U, R, F> DoubleEndedIterator for SeedMapIter<'_, I, U, F>
where
    I: DoubleEndedIterator,
    F: Fn(&mut U, I::Item) -> R,
{
    fn next_back(&mut self) -> Option<R> {
        let item = self.base.next_back()?;
        Some((self.map_op)(&mut self.item, item))
    }
}

impl<I, U, R, F> ExactSizeIterator for SeedMapIter<'_, I, U, F>
where
    I: ExactSizeIterator,
    F: Fn(&mut U, I::Item) -> R,
{
}

/// Maps with a per-piece value from a seed, then feeds the base consumer.
pub(super) struct SeedMapConsumer<'f, C, S, F> {
    pub(super) base: C,
    pub(super) seed: S,
    pub(super) map_op: &'f F,
}

impl<'f, T, U, R, C, S, F> Consumer<T> for SeedMapConsumer<'f, C, S, F>
where
    C: Consumer<R>,
    S: Seed<Value = U>,
    F: Fn(&mut U, T) -> R + Sync,
    R: Send,
{
    type Folder = SeedMapFolder<'f, C::Folder, U, F>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        (
            SeedMapConsumer {
                base: left,
                seed: self.seed.split(),
                map_op: self.map_op,
            },
            SeedMapConsumer {
                base: right,
                seed: self.seed,
                map_op: self.map_op,
            },
            reducer,
        )
    }

    fn into_folder(self) -> Self::Folder {
        SeedMapFolder {
            base: self.base.into_folder(),
            item: self.seed.into_value(),
            map_op: self.map_op,
        }
    }

    fn full(&self) -> bool {
        self.base.full()
    }

    fn weight_spec(&self) -> Option<WeightSpec> {
        self.base.weight_spec()
    }
}

impl<'f, T, U, R, C, S, F> UnindexedConsumer<T> for SeedMapConsumer<'f, C, S, F>
where
    C: UnindexedConsumer<R>,
    S: Seed<Value = U>,
    F: Fn(&mut U, T) -> R + Sync,
    R: Send,
{
    fn split_off_left(&self) -> Self {
        SeedMapConsumer {
            base: self.base.split_off_left(),
            seed: self.seed.split(),
            map_op: self.map_op,
        }
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

pub(super) struct SeedMapFolder<'f, C, U, F> {
    base: C,
    item: U,
    map_op: &'f F,
}

impl<T, U, R, C, F> Folder<T> for SeedMapFolder<'_, C, U, F>
where
    C: Folder<R>,
    F: Fn(&mut U, T) -> R,
{
    type Result = C::Result;

    fn consume(mut self, item: T) -> Self {
        let mapped = (self.map_op)(&mut self.item, item);
        self.base = self.base.consume(mapped);
        self
    }

    fn consume_iter<I: IntoIterator<Item = T>>(mut self, iter: I) -> Self {
        let map_op = self.map_op;
        let state = &mut self.item;
        self.base = self
            .base
            .consume_iter(iter.into_iter().map(|item| map_op(state, item)));
        self
    }

    fn complete(self) -> C::Result {
        self.base.complete()
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}
