//! `try_fold_with`: `try_fold` from a value cloned into every piece.

use super::fold::CloneSeed;
use super::try_fold::TryFoldConsumer;
use super::try_trait::Try;
use super::*;
use crate::plumbing::*;
use std::fmt;
use std::marker::PhantomData;

/// The iterator of [`ParallelIterator::try_fold_with`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::TryFoldWith<_, _, _> =
///     (1..=4).into_par_iter().try_fold_with(0, |a, x| Some(a + x));
/// assert_eq!(it.map(Option::unwrap).sum::<i32>(), 10);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct TryFoldWith<I, R: Try, F> {
    base: I,
    item: R::Output,
    fold_op: F,
}

impl<I: Clone, R: Try, F: Clone> Clone for TryFoldWith<I, R, F>
where
    R::Output: Clone,
{
    fn clone(&self) -> Self {
        TryFoldWith::new(self.base.clone(), self.item.clone(), self.fold_op.clone())
    }
}

impl<I: fmt::Debug, R: Try, F> fmt::Debug for TryFoldWith<I, R, F>
where
    R::Output: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TryFoldWith")
            .field("base", &self.base)
            .field("item", &self.item)
            .finish()
    }
}

impl<I, R: Try, F> TryFoldWith<I, R, F> {
    pub(super) fn new(base: I, item: R::Output, fold_op: F) -> Self {
        TryFoldWith {
            base,
            item,
            fold_op,
        }
    }
}

impl<U, I, F, R> ParallelIterator for TryFoldWith<I, R, F>
where
    I: ParallelIterator,
    F: Fn(U, I::Item) -> R + Sync + Send,
    R: Try<Output = U> + Send,
    U: Clone + Send,
{
    type Item = R;

    fn drive_unindexed<C: UnindexedConsumer<R>>(self, consumer: C) -> C::Result {
        self.base.drive_unindexed(TryFoldConsumer {
            base: consumer,
            seed: CloneSeed(self.item),
            fold_op: &self.fold_op,
            result: PhantomData,
        })
    }
}
