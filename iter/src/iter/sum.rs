//! `sum`: sums the items, per piece and then across pieces.

use super::ParallelIterator;
use crate::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};
use std::iter::{self, Sum};
use std::marker::PhantomData;

pub(super) fn sum<PI, S>(pi: PI) -> S
where
    PI: ParallelIterator,
    S: Send + Sum<PI::Item> + Sum,
{
    pi.drive_unindexed(SumConsumer(PhantomData))
}

fn combine<T: Sum>(left: T, right: T) -> T {
    [left, right].into_iter().sum()
}

struct SumConsumer<S>(PhantomData<fn() -> S>);

impl<S, T> Consumer<T> for SumConsumer<S>
where
    S: Send + Sum<T> + Sum,
{
    type Folder = SumFolder<S>;
    type Reducer = Self;
    type Result = S;

    fn split_at(self, _index: usize) -> (Self, Self, Self) {
        (SumConsumer(PhantomData), SumConsumer(PhantomData), self)
    }

    fn into_folder(self) -> SumFolder<S> {
        SumFolder(iter::empty::<T>().sum())
    }

    fn full(&self) -> bool {
        false
    }
}

impl<S, T> UnindexedConsumer<T> for SumConsumer<S>
where
    S: Send + Sum<T> + Sum,
{
    fn split_off_left(&self) -> Self {
        SumConsumer(PhantomData)
    }

    fn to_reducer(&self) -> Self {
        SumConsumer(PhantomData)
    }
}

impl<S: Send + Sum> Reducer<S> for SumConsumer<S> {
    fn reduce(self, left: S, right: S) -> S {
        combine(left, right)
    }
}

struct SumFolder<S>(S);

impl<S, T> Folder<T> for SumFolder<S>
where
    S: Sum<T> + Sum,
{
    type Result = S;

    fn consume(self, item: T) -> Self {
        SumFolder(combine(self.0, iter::once(item).sum()))
    }

    fn consume_iter<I: IntoIterator<Item = T>>(self, iter: I) -> Self {
        SumFolder(combine(self.0, iter.into_iter().sum()))
    }

    fn complete(self) -> S {
        self.0
    }

    fn full(&self) -> bool {
        false
    }
}
