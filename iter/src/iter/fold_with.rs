//! `fold_with`: `fold` from a value cloned into every piece.

use super::fold::{CloneSeed, FoldConsumer};
use super::*;
use crate::plumbing::*;
use std::fmt;

/// The iterator of [`ParallelIterator::fold_with`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::FoldWith<_, _, _> = (1..=4).into_par_iter().fold_with(0, |a, x| a + x);
/// assert_eq!(it.sum::<i32>(), 10);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone)]
pub struct FoldWith<I, U, F> {
    base: I,
    item: U,
    fold_op: F,
}

impl<I: fmt::Debug, U: fmt::Debug, F> fmt::Debug for FoldWith<I, U, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FoldWith")
            .field("base", &self.base)
            .field("item", &self.item)
            .finish()
    }
}

impl<I, U, F> FoldWith<I, U, F> {
    pub(super) fn new(base: I, item: U, fold_op: F) -> Self {
        FoldWith {
            base,
            item,
            fold_op,
        }
    }
}

impl<U, I, F> ParallelIterator for FoldWith<I, U, F>
where
    I: ParallelIterator,
    F: Fn(U, I::Item) -> U + Sync + Send,
    U: Send + Clone,
{
    type Item = U;

    fn drive_unindexed<C: UnindexedConsumer<U>>(self, consumer: C) -> C::Result {
        self.base.drive_unindexed(FoldConsumer {
            base: consumer,
            seed: CloneSeed(self.item),
            fold_op: &self.fold_op,
        })
    }
}
