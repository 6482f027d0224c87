//! `map_init`: `map` with a value per piece made by a function, that the mapping function may
//! mutate (built on `map_with`'s machinery).

use super::fold::IdentitySeed;
use super::map_with::{SeedMapCallback, SeedMapConsumer};
use super::*;
use crate::plumbing::*;
use std::fmt;

/// The iterator of [`ParallelIterator::map_init`].
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
            seed: IdentitySeed(&self.init),
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
            seed: IdentitySeed(&self.init),
            map_op: &self.map_op,
        })
    }

    fn with_producer<CB: ProducerCallback<R>>(self, callback: CB) -> CB::Output {
        self.base.with_producer(SeedMapCallback {
            callback,
            seed: IdentitySeed(&self.init),
            map_op: &self.map_op,
        })
    }
}
