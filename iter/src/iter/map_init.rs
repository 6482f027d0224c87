//! `map_init`: `map` with a value made by a function, reused by the pieces each thread runs,
//! that the mapping function may mutate (built on `map_with`'s machinery; the values are kept
//! by `thread_values`).

use super::fold::Seed;
use super::map_with::{seed_mapped, MapSeed, SeedMapCallback, SeedMapConsumer};
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

seed_mapped! {
    impl[I, INIT, T, F, R] MapInit<I, INIT, F> => R,
    where [INIT: Fn() -> T + Sync + Send],
    seed(this) = InitSeed(&ThreadValues::new(&this.init))
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
