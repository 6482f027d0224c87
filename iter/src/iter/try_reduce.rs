//! `try_reduce` and `try_reduce_with`: reductions that stop at the first item that stops
//! (`None`, `Err`, `Break`).

use super::try_trait::Try;
use super::ParallelIterator;
use crate::plumbing::*;
use std::ops::ControlFlow::{self, Break, Continue};
use std::sync::atomic::{AtomicBool, Ordering};

/// Reduces the `Try` items of `pi`; the first residual seen wins and stops the others.
pub(super) fn try_reduce<PI, R, ID, T>(pi: PI, identity: ID, reduce_op: R) -> T
where
    PI: ParallelIterator<Item = T>,
    R: Fn(T::Output, T::Output) -> T + Sync,
    ID: Fn() -> T::Output + Sync,
    T: Try + Send,
{
    let full = AtomicBool::new(false);
    let consumer = TryReduceConsumer {
        identity: &identity,
        reduce_op: &reduce_op,
        full: &full,
    };
    pi.drive_unindexed(consumer)
}

/// Reduces the `Try` items of `pi` without an identity: `None` when there are none.
pub(super) fn try_reduce_with<PI, R, T>(pi: PI, reduce_op: R) -> Option<T>
where
    PI: ParallelIterator<Item = T>,
    R: Fn(T::Output, T::Output) -> T + Sync,
    T: Try + Send,
{
    // An empty piece contributes `Continue(None)`.
    let combine = |left: Option<T>, right: Option<T>| -> Option<T> {
        match (left, right) {
            (Some(left), Some(right)) => Some(match (left.branch(), right.branch()) {
                (Continue(a), Continue(b)) => reduce_op(a, b),
                (Break(r), _) | (_, Break(r)) => T::from_residual(r),
            }),
            (None, x) | (x, None) => x,
        }
    };
    let full = AtomicBool::new(false);
    pi.map(Some).drive_unindexed(TryReduceWithConsumer {
        reduce_op: &combine,
        full: &full,
    })
}

struct TryReduceConsumer<'r, R, ID> {
    identity: &'r ID,
    reduce_op: &'r R,
    full: &'r AtomicBool,
}

impl<R, ID> Clone for TryReduceConsumer<'_, R, ID> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R, ID> Copy for TryReduceConsumer<'_, R, ID> {}

impl<'r, R, ID, T> Consumer<T> for TryReduceConsumer<'r, R, ID>
where
    R: Fn(T::Output, T::Output) -> T + Sync,
    ID: Fn() -> T::Output + Sync,
    T: Try + Send,
{
    type Folder = TryReduceFolder<'r, R, T>;
    type Reducer = Self;
    type Result = T;

    fn split_at(self, _index: usize) -> (Self, Self, Self) {
        (self, self, self)
    }

    fn into_folder(self) -> Self::Folder {
        TryReduceFolder {
            reduce_op: self.reduce_op,
            control: Continue((self.identity)()),
            full: self.full,
        }
    }

    fn full(&self) -> bool {
        // Relaxed: the flag only lets others stop early; the result comes through the reducers.
        self.full.load(Ordering::Relaxed)
    }
}

impl<'r, R, ID, T> UnindexedConsumer<T> for TryReduceConsumer<'r, R, ID>
where
    R: Fn(T::Output, T::Output) -> T + Sync,
    ID: Fn() -> T::Output + Sync,
    T: Try + Send,
{
    fn split_off_left(&self) -> Self {
        *self
    }

    fn to_reducer(&self) -> Self {
        *self
    }
}

impl<R, ID, T> Reducer<T> for TryReduceConsumer<'_, R, ID>
where
    R: Fn(T::Output, T::Output) -> T + Sync,
    T: Try,
{
    fn reduce(self, left: T, right: T) -> T {
        match (left.branch(), right.branch()) {
            (Continue(left), Continue(right)) => (self.reduce_op)(left, right),
            (Break(r), _) | (_, Break(r)) => T::from_residual(r),
        }
    }
}

struct TryReduceFolder<'r, R, T: Try> {
    reduce_op: &'r R,
    control: ControlFlow<T::Residual, T::Output>,
    full: &'r AtomicBool,
}

impl<R, T> Folder<T> for TryReduceFolder<'_, R, T>
where
    R: Fn(T::Output, T::Output) -> T,
    T: Try,
{
    type Result = T;

    fn consume(mut self, item: T) -> Self {
        if let Continue(left) = self.control {
            self.control = match item.branch() {
                Continue(right) => (self.reduce_op)(left, right).branch(),
                Break(r) => Break(r),
            };
            if self.control.is_break() {
                // Relaxed: see `full`.
                self.full.store(true, Ordering::Relaxed);
            }
        }
        self
    }

    fn complete(self) -> T {
        match self.control {
            Continue(c) => T::from_output(c),
            Break(r) => T::from_residual(r),
        }
    }

    fn full(&self) -> bool {
        self.control.is_break() || self.full.load(Ordering::Relaxed)
    }
}

struct TryReduceWithConsumer<'r, R> {
    reduce_op: &'r R,
    full: &'r AtomicBool,
}

impl<R> Clone for TryReduceWithConsumer<'_, R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R> Copy for TryReduceWithConsumer<'_, R> {}

impl<'r, R, T> Consumer<Option<T>> for TryReduceWithConsumer<'r, R>
where
    R: Fn(Option<T>, Option<T>) -> Option<T> + Sync,
    T: Try + Send,
{
    type Folder = TryReduceWithFolder<'r, R, T>;
    type Reducer = Self;
    type Result = Option<T>;

    fn split_at(self, _index: usize) -> (Self, Self, Self) {
        (self, self, self)
    }

    fn into_folder(self) -> Self::Folder {
        TryReduceWithFolder {
            reduce_op: self.reduce_op,
            item: None,
            full: self.full,
        }
    }

    fn full(&self) -> bool {
        // Relaxed: the flag only lets others stop early.
        self.full.load(Ordering::Relaxed)
    }
}

impl<'r, R, T> UnindexedConsumer<Option<T>> for TryReduceWithConsumer<'r, R>
where
    R: Fn(Option<T>, Option<T>) -> Option<T> + Sync,
    T: Try + Send,
{
    fn split_off_left(&self) -> Self {
        *self
    }

    fn to_reducer(&self) -> Self {
        *self
    }
}

impl<R, T> Reducer<Option<T>> for TryReduceWithConsumer<'_, R>
where
    R: Fn(Option<T>, Option<T>) -> Option<T>,
{
    fn reduce(self, left: Option<T>, right: Option<T>) -> Option<T> {
        (self.reduce_op)(left, right)
    }
}

struct TryReduceWithFolder<'r, R, T> {
    reduce_op: &'r R,
    item: Option<T>,
    full: &'r AtomicBool,
}

impl<R, T> Folder<Option<T>> for TryReduceWithFolder<'_, R, T>
where
    R: Fn(Option<T>, Option<T>) -> Option<T>,
    T: Try,
{
    type Result = Option<T>;

    fn consume(mut self, item: Option<T>) -> Self {
        let combined = (self.reduce_op)(self.item.take(), item);
        // A stopped value stays stopped: check it and put it back.
        self.item = match combined.map(T::branch) {
            None => None,
            Some(Continue(c)) => Some(T::from_output(c)),
            Some(Break(r)) => {
                // Relaxed: see `full`.
                self.full.store(true, Ordering::Relaxed);
                Some(T::from_residual(r))
            }
        };
        self
    }

    fn complete(self) -> Option<T> {
        self.item
    }

    fn full(&self) -> bool {
        self.full.load(Ordering::Relaxed)
    }
}
