//! `try_fold`: `fold` that stops a piece at the first accumulator that stops (`None`, `Err`,
//! `Break`).

use super::fold::{IdentitySeed, Seed};
use super::try_trait::Try;
use super::*;
use crate::plumbing::*;
use std::fmt;
use std::marker::PhantomData;
use std::ops::ControlFlow::{self, Break, Continue};

/// The iterator of [`ParallelIterator::try_fold`]: one result per piece.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::TryFold<_, _, _, _> =
///     (1..=4).into_par_iter().try_fold(|| 0, |a, x| Some(a + x));
/// assert_eq!(it.map(Option::unwrap).sum::<i32>(), 10);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct TryFold<I, R, ID, F> {
    base: I,
    identity: ID,
    fold_op: F,
    result: PhantomData<fn() -> R>,
}

impl<I: Clone, R, ID: Clone, F: Clone> Clone for TryFold<I, R, ID, F> {
    fn clone(&self) -> Self {
        TryFold::new(
            self.base.clone(),
            self.identity.clone(),
            self.fold_op.clone(),
        )
    }
}

impl<I: fmt::Debug, R, ID, F> fmt::Debug for TryFold<I, R, ID, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TryFold").field("base", &self.base).finish()
    }
}

impl<I, R, ID, F> TryFold<I, R, ID, F> {
    pub(super) fn new(base: I, identity: ID, fold_op: F) -> Self {
        TryFold {
            base,
            identity,
            fold_op,
            result: PhantomData,
        }
    }
}

impl<U, I, ID, F, R> ParallelIterator for TryFold<I, R, ID, F>
where
    I: ParallelIterator,
    F: Fn(U, I::Item) -> R + Sync + Send,
    ID: Fn() -> U + Sync + Send,
    R: Try<Output = U> + Send,
{
    type Item = R;

    fn drive_unindexed<C: UnindexedConsumer<R>>(self, consumer: C) -> C::Result {
        self.base.drive_unindexed(TryFoldConsumer {
            base: consumer,
            seed: IdentitySeed(&self.identity),
            fold_op: &self.fold_op,
            result: PhantomData,
        })
    }
}

/// Folds each piece from its seed until it stops, then hands the result on.
pub(super) struct TryFoldConsumer<'f, C, S, F, R> {
    pub(super) base: C,
    pub(super) seed: S,
    pub(super) fold_op: &'f F,
    pub(super) result: PhantomData<fn() -> R>,
}

impl<'f, T, U, C, S, F, R> Consumer<T> for TryFoldConsumer<'f, C, S, F, R>
where
    C: Consumer<R>,
    S: Seed<Value = U>,
    F: Fn(U, T) -> R + Sync,
    R: Try<Output = U> + Send,
{
    type Folder = TryFoldFolder<'f, C::Folder, F, R>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        (
            TryFoldConsumer {
                base: left,
                seed: self.seed.split(),
                fold_op: self.fold_op,
                result: PhantomData,
            },
            TryFoldConsumer {
                base: right,
                seed: self.seed,
                fold_op: self.fold_op,
                result: PhantomData,
            },
            reducer,
        )
    }

    fn into_folder(self) -> Self::Folder {
        TryFoldFolder {
            base: self.base.into_folder(),
            control: Continue(self.seed.into_value()),
            fold_op: self.fold_op,
        }
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}

impl<'f, T, U, C, S, F, R> UnindexedConsumer<T> for TryFoldConsumer<'f, C, S, F, R>
where
    C: UnindexedConsumer<R>,
    S: Seed<Value = U>,
    F: Fn(U, T) -> R + Sync,
    R: Try<Output = U> + Send,
{
    fn split_off_left(&self) -> Self {
        TryFoldConsumer {
            base: self.base.split_off_left(),
            seed: self.seed.split(),
            fold_op: self.fold_op,
            result: PhantomData,
        }
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

pub(super) struct TryFoldFolder<'f, C, F, R: Try> {
    base: C,
    control: ControlFlow<R::Residual, R::Output>,
    fold_op: &'f F,
}

impl<T, C, F, R> Folder<T> for TryFoldFolder<'_, C, F, R>
where
    C: Folder<R>,
    F: Fn(R::Output, T) -> R,
    R: Try,
{
    type Result = C::Result;

    fn consume(mut self, item: T) -> Self {
        if let Continue(acc) = self.control {
            self.control = (self.fold_op)(acc, item).branch();
        }
        self
    }

    fn complete(self) -> C::Result {
        let result = match self.control {
            Continue(c) => R::from_output(c),
            Break(r) => R::from_residual(r),
        };
        self.base.consume(result).complete()
    }

    fn full(&self) -> bool {
        self.control.is_break() || self.base.full()
    }
}
