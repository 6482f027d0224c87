//! `map_init`: `map` with a value made by a function, reused by the pieces each thread runs,
//! that the mapping function may mutate (built on `map_with`'s machinery; the values are kept
//! by `thread_values`).

use super::fold::Seed;
use super::map_with::{MapSeed, SeedMapCallback, SeedMapConsumer};
use super::thread_values::{Holder, Lent, ThreadValues};
use super::*;
use crate::plumbing::*;
use std::fmt;

/// The iterator of [`ParallelIterator::map_init`]: `map` with values made about once per thread.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::MapInit<_, _, _> = (0..3).into_par_iter().map_init(|| 1, |one, x| x + *one);
/// assert_eq!(it.sum::<i32>(), 6);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone)]
pub struct MapInit<I, INIT, F> {
    base: I,
    init: INIT,
    map_op: F,
}

impl<I: fmt::Debug, INIT, F> fmt::Debug for MapInit<I, INIT, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MapInit").field("base", &self.base).finish()
    }
}

impl<I, INIT, F> MapInit<I, INIT, F> {
    pub(super) fn new(base: I, init: INIT, map_op: F) -> Self {
        MapInit { base, init, map_op }
    }
}

impl<I, INIT, T, F, R> ParallelIterator for MapInit<I, INIT, F>
where
    I: ParallelIterator,
    INIT: Fn() -> T + Sync + Send,
    F: Fn(&mut T, I::Item) -> R + Sync + Send,
    R: Send,
{
    type Item = R;

    fn drive_unindexed<C: UnindexedConsumer<R>>(self, consumer: C) -> C::Result {
        self.base.drive_unindexed(SeedMapConsumer {
            base: consumer,
            seed: InitSeed(&ThreadValues::new(&self.init)),
            map_op: &self.map_op,
        })
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len()
    }
}

impl<I, INIT, T, F, R> IndexedParallelIterator for MapInit<I, INIT, F>
where
    I: IndexedParallelIterator,
    INIT: Fn() -> T + Sync + Send,
    F: Fn(&mut T, I::Item) -> R + Sync + Send,
    R: Send,
{
    fn len(&self) -> usize {
        self.base.len()
    }

    fn drive<C: Consumer<R>>(self, consumer: C) -> C::Result {
        self.base.drive(SeedMapConsumer {
            base: consumer,
            seed: InitSeed(&ThreadValues::new(&self.init)),
            map_op: &self.map_op,
        })
    }

    fn with_producer<CB: ProducerCallback<R>>(self, callback: CB) -> CB::Output {
        self.base.with_producer(SeedMapCallback {
            callback,
            seed: InitSeed(&ThreadValues::new(&self.init)),
            map_op: &self.map_op,
        })
    }
}

/// Lends each piece a value of its thread (see `thread_values`).
struct InitSeed<'v, 'i, INIT>(&'v ThreadValues<'i, INIT>);

impl<'v, 'i, T, INIT: Fn() -> T + Sync> Seed for InitSeed<'v, 'i, INIT> {
    type Value = Lent<'v, T>;

    fn split(&self) -> Self {
        InitSeed(self.0)
    }

    fn into_value(self) -> Lent<'v, T> {
        self.0.lend()
    }
}

impl<'v, 'i, T, INIT: Fn() -> T + Sync> MapSeed for InitSeed<'v, 'i, INIT> {
    type Target = T;
    type Hold = Holder<'v>;

    fn target<'a>(value: &'a mut Lent<'v, T>) -> &'a mut T {
        value.get_mut()
    }

    fn hold(&self) -> Holder<'v> {
        self.0.hold()
    }
}
