//! `map_with`: `map` with a value per piece, cloned from a seed, that the function may
//! mutate.
//!
//! The producer, consumer and folder here are generic over a [`MapSeed`], and shared with
//! `map_init` (whose seed lends each piece a value of its thread, see `thread_values`).

use super::fold::{CloneSeed, Seed};
use super::wrap::base_len_limits;
use super::*;
use crate::plumbing::*;
use std::fmt;

/// A [`Seed`] whose value the map function gets `&mut` access to.
pub(super) trait MapSeed: Seed {
    /// What the map function mutates.
    type Target;
    /// Taken at each consumer split and kept, in the split's reducer, until its halves are
    /// reduced (`map_init` keeps the splitting thread's values alive with it).
    type Hold;
    /// The map function's view of a piece's value.
    fn target(value: &mut Self::Value) -> &mut Self::Target;
    /// What a consumer split keeps until its halves are reduced.
    fn hold(&self) -> Self::Hold;
}

impl<T: Clone + Send> MapSeed for CloneSeed<T> {
    type Target = T;
    type Hold = ();

    fn target(value: &mut T) -> &mut T {
        value
    }

    fn hold(&self) {}
}

/// A consumer split's reducer with what its seed keeps until the halves are reduced.
pub(super) struct SeedMapReducer<R, H> {
    base: R,
    _hold: H,
}

impl<T, R: Reducer<T>, H> Reducer<T> for SeedMapReducer<R, H> {
    fn reduce(self, left: T, right: T) -> T {
        self.base.reduce(left, right)
    }
}

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

/// Implements `ParallelIterator` and `IndexedParallelIterator` for an adaptor that maps with a
/// value per piece (`map_with`, `map_init`): its base `I`, its function `F: Fn(&mut T,
/// I::Item) -> R`, `$bound` besides. Each method binds the adaptor to `$this` and drives the
/// base through a [`SeedMapConsumer`] (or hands on a [`SeedMapProducer`]) with the seed `$seed`
/// and the adaptor's `map_op`.
macro_rules! seed_mapped {
    (
        impl[$($gen:tt)*] $ty:ty => $R:ident,
        where [$($bound:tt)*],
        seed($this:ident) = $seed:expr
    ) => {
        impl<$($gen)*> ParallelIterator for $ty
        where
            I: ParallelIterator,
            F: Fn(&mut T, I::Item) -> $R + Sync + Send,
            $R: Send,
            $($bound)*
        {
            type Item = $R;

            fn drive_unindexed<C: UnindexedConsumer<$R>>(self, consumer: C) -> C::Result {
                let $this = self;
                $this.base.drive_unindexed(SeedMapConsumer {
                    base: consumer,
                    seed: $seed,
                    map_op: &$this.map_op,
                })
            }

            fn opt_len(&self) -> Option<usize> {
                self.base.opt_len()
            }
        }

        impl<$($gen)*> IndexedParallelIterator for $ty
        where
            I: IndexedParallelIterator,
            F: Fn(&mut T, I::Item) -> $R + Sync + Send,
            $R: Send,
            $($bound)*
        {
            fn len(&self) -> usize {
                self.base.len()
            }

            fn drive<C: Consumer<$R>>(self, consumer: C) -> C::Result {
                let $this = self;
                $this.base.drive(SeedMapConsumer {
                    base: consumer,
                    seed: $seed,
                    map_op: &$this.map_op,
                })
            }

            fn with_producer<CB: ProducerCallback<$R>>(self, callback: CB) -> CB::Output {
                let $this = self;
                $this.base.with_producer(SeedMapCallback {
                    callback,
                    seed: $seed,
                    map_op: &$this.map_op,
                })
            }
        }
    };
}
pub(super) use seed_mapped;

seed_mapped! {
    impl[I, T, F, R] MapWith<I, T, F> => R,
    where [T: Send + Clone],
    seed(this) = CloneSeed(this.item)
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
    S: MapSeed<Target = U>,
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
    S: MapSeed<Target = U>,
    F: Fn(&mut U, P::Item) -> R + Sync,
    R: Send,
{
    type Item = R;
    type IntoIter = SeedMapIter<'f, P::IntoIter, S, F>;

    fn into_iter(self) -> Self::IntoIter {
        SeedMapIter::<_, S, _> {
            base: self.base.into_iter(),
            item: self.seed.into_value(),
            map_op: self.map_op,
        }
    }

    base_len_limits!();

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
            .fold_with(SeedMapFolder::<_, S, _> {
                base: folder,
                item: self.seed.into_value(),
                map_op: self.map_op,
            })
            .base
    }
}

struct SeedMapIter<'f, I, S: Seed, F> {
    base: I,
    item: S::Value,
    map_op: &'f F,
}

impl<I, U, R, S, F> Iterator for SeedMapIter<'_, I, S, F>
where
    S: MapSeed<Target = U>,
    I: Iterator,
    F: Fn(&mut U, I::Item) -> R,
{
    type Item = R;

    fn next(&mut self) -> Option<R> {
        let item = self.base.next()?;
        Some((self.map_op)(S::target(&mut self.item), item))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.base.size_hint()
    }
}

impl<I, U, R, S, F> DoubleEndedIterator for SeedMapIter<'_, I, S, F>
where
    S: MapSeed<Target = U>,
    I: DoubleEndedIterator,
    F: Fn(&mut U, I::Item) -> R,
{
    fn next_back(&mut self) -> Option<R> {
        let item = self.base.next_back()?;
        Some((self.map_op)(S::target(&mut self.item), item))
    }
}

impl<I, U, R, S, F> ExactSizeIterator for SeedMapIter<'_, I, S, F>
where
    S: MapSeed<Target = U>,
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
    S: MapSeed<Target = U>,
    F: Fn(&mut U, T) -> R + Sync,
    R: Send,
{
    type Folder = SeedMapFolder<'f, C::Folder, S, F>;
    type Reducer = SeedMapReducer<C::Reducer, S::Hold>;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, Self::Reducer) {
        let (left, right, base) = self.base.split_at(index);
        let reducer = SeedMapReducer {
            base,
            _hold: self.seed.hold(),
        };
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
        SeedMapFolder::<_, S, _> {
            base: self.base.into_folder(),
            item: self.seed.into_value(),
            map_op: self.map_op,
        }
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}

impl<'f, T, U, R, C, S, F> UnindexedConsumer<T> for SeedMapConsumer<'f, C, S, F>
where
    C: UnindexedConsumer<R>,
    S: MapSeed<Target = U>,
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

    fn to_reducer(&self) -> Self::Reducer {
        SeedMapReducer {
            base: self.base.to_reducer(),
            _hold: self.seed.hold(),
        }
    }
}

pub(super) struct SeedMapFolder<'f, C, S: Seed, F> {
    base: C,
    item: S::Value,
    map_op: &'f F,
}

impl<T, U, R, C, S, F> Folder<T> for SeedMapFolder<'_, C, S, F>
where
    C: Folder<R>,
    S: MapSeed<Target = U>,
    F: Fn(&mut U, T) -> R,
{
    type Result = C::Result;

    fn consume(mut self, item: T) -> Self {
        let mapped = (self.map_op)(S::target(&mut self.item), item);
        self.base = self.base.consume(mapped);
        self
    }

    fn consume_iter<I: IntoIterator<Item = T>>(mut self, iter: I) -> Self {
        let map_op = self.map_op;
        let state = S::target(&mut self.item);
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
