//! `fold`: folds the items of each piece into one accumulator per piece, from an identity.
//!
//! The consumer here is shared with `fold_with` (which clones a value instead of calling an
//! identity function) through [`Seed`].

use super::*;
use crate::plumbing::*;
use std::fmt;

/// The iterator of [`ParallelIterator::fold`]: one accumulator per piece.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::Fold<_, _, _> = (1..=4).into_par_iter().fold(|| 0, |a, x| a + x);
/// assert_eq!(it.sum::<i32>(), 10);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone)]
pub struct Fold<I, ID, F> {
    base: I,
    identity: ID,
    fold_op: F,
}

impl<I: fmt::Debug, ID, F> fmt::Debug for Fold<I, ID, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Fold").field("base", &self.base).finish()
    }
}

impl<I, ID, F> Fold<I, ID, F> {
    pub(super) fn new(base: I, identity: ID, fold_op: F) -> Self {
        Fold {
            base,
            identity,
            fold_op,
        }
    }
}

/// Where each piece's first accumulator comes from.
pub(super) trait Seed: Send + Sized {
    /// What it makes.
    type Value;
    /// A seed for a piece split off this one.
    fn split(&self) -> Self;
    /// The accumulator to start from.
    fn into_value(self) -> Self::Value;
}

/// An identity function as a seed.
pub(super) struct IdentitySeed<'a, ID>(pub(super) &'a ID);

impl<T, ID: Fn() -> T + Sync> Seed for IdentitySeed<'_, ID> {
    type Value = T;

    fn split(&self) -> Self {
        IdentitySeed(self.0)
    }

    fn into_value(self) -> T {
        (self.0)()
    }
}

/// A value cloned into every piece as a seed.
pub(super) struct CloneSeed<T>(pub(super) T);

impl<T: Clone + Send> Seed for CloneSeed<T> {
    type Value = T;

    fn split(&self) -> Self {
        CloneSeed(self.0.clone())
    }

    fn into_value(self) -> T {
        self.0
    }
}

impl<U, I, ID, F> ParallelIterator for Fold<I, ID, F>
where
    I: ParallelIterator,
    F: Fn(U, I::Item) -> U + Sync + Send,
    ID: Fn() -> U + Sync + Send,
    U: Send,
{
    type Item = U;

    fn drive_unindexed<C: UnindexedConsumer<U>>(self, consumer: C) -> C::Result {
        self.base.drive_unindexed(FoldConsumer {
            base: consumer,
            seed: IdentitySeed(&self.identity),
            fold_op: &self.fold_op,
        })
    }
}

/// Folds each piece from its seed, then hands the accumulator to the base consumer.
pub(super) struct FoldConsumer<'f, C, S, F> {
    pub(super) base: C,
    pub(super) seed: S,
    pub(super) fold_op: &'f F,
}

impl<'f, T, U, C, S, F> Consumer<T> for FoldConsumer<'f, C, S, F>
where
    C: Consumer<U>,
    S: Seed<Value = U>,
    F: Fn(U, T) -> U + Sync,
    U: Send,
{
    type Folder = FoldFolder<'f, C::Folder, U, F>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        (
            FoldConsumer {
                base: left,
                seed: self.seed.split(),
                fold_op: self.fold_op,
            },
            FoldConsumer {
                base: right,
                seed: self.seed,
                fold_op: self.fold_op,
            },
            reducer,
        )
    }

    fn into_folder(self) -> Self::Folder {
        FoldFolder {
            base: self.base.into_folder(),
            item: self.seed.into_value(),
            fold_op: self.fold_op,
        }
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}

impl<'f, T, U, C, S, F> UnindexedConsumer<T> for FoldConsumer<'f, C, S, F>
where
    C: UnindexedConsumer<U>,
    S: Seed<Value = U>,
    F: Fn(U, T) -> U + Sync,
    U: Send,
{
    fn split_off_left(&self) -> Self {
        FoldConsumer {
            base: self.base.split_off_left(),
            seed: self.seed.split(),
            fold_op: self.fold_op,
        }
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

pub(super) struct FoldFolder<'f, C, U, F> {
    base: C,
    item: U,
    fold_op: &'f F,
}

impl<T, U, C, F> Folder<T> for FoldFolder<'_, C, U, F>
where
    C: Folder<U>,
    F: Fn(U, T) -> U,
{
    type Result = C::Result;

    fn consume(self, item: T) -> Self {
        FoldFolder {
            base: self.base,
            item: (self.fold_op)(self.item, item),
            fold_op: self.fold_op,
        }
    }

    fn consume_iter<It: IntoIterator<Item = T>>(self, iter: It) -> Self {
        let base = self.base;
        let item = iter.into_iter().fold(self.item, self.fold_op);
        FoldFolder {
            base,
            item,
            fold_op: self.fold_op,
        }
    }

    fn complete(self) -> C::Result {
        self.base.consume(self.item).complete()
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}
