//! `sum` and `product`: std's `Sum` or `Product` per piece, then across pieces.

use super::ParallelIterator;
use crate::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};
use std::iter::{self, Product, Sum};
use std::marker::PhantomData;

pub(super) fn sum<PI, S>(pi: PI) -> S
where
    PI: ParallelIterator,
    S: Send + Sum<PI::Item> + Sum,
{
    pi.drive_unindexed(TotalConsumer::<Add, S>(PhantomData))
}

pub(super) fn product<PI, P>(pi: PI) -> P
where
    PI: ParallelIterator,
    P: Send + Product<PI::Item> + Product,
{
    pi.drive_unindexed(TotalConsumer::<Mul, P>(PhantomData))
}

/// How items make a total: [`Add`] (std's `Sum`) or [`Mul`] (std's `Product`).
trait Op<S, T> {
    /// The total of `items` (of none: the operation's identity).
    fn total(items: impl Iterator<Item = T>) -> S;
}

/// `sum`'s operation.
struct Add;

impl<S: Sum<T>, T> Op<S, T> for Add {
    fn total(items: impl Iterator<Item = T>) -> S {
        items.sum()
    }
}

/// `product`'s operation.
struct Mul;

impl<S: Product<T>, T> Op<S, T> for Mul {
    fn total(items: impl Iterator<Item = T>) -> S {
        items.product()
    }
}

/// The total of two partial totals.
fn combine<K: Op<S, S>, S>(left: S, right: S) -> S {
    K::total([left, right].into_iter())
}

/// Totals with `K` into an `S`; also its own reducer.
struct TotalConsumer<K, S>(PhantomData<fn() -> (K, S)>);

impl<K, S, T> Consumer<T> for TotalConsumer<K, S>
where
    K: Op<S, T> + Op<S, S>,
    S: Send,
{
    type Folder = TotalFolder<K, S>;
    type Reducer = Self;
    type Result = S;

    fn split_at(self, _index: usize) -> (Self, Self, Self) {
        (TotalConsumer(PhantomData), TotalConsumer(PhantomData), self)
    }

    fn into_folder(self) -> TotalFolder<K, S> {
        TotalFolder(K::total(iter::empty::<T>()), PhantomData)
    }

    fn full(&self) -> bool {
        false
    }
}

impl<K, S, T> UnindexedConsumer<T> for TotalConsumer<K, S>
where
    K: Op<S, T> + Op<S, S>,
    S: Send,
{
    fn split_off_left(&self) -> Self {
        TotalConsumer(PhantomData)
    }

    fn to_reducer(&self) -> Self {
        TotalConsumer(PhantomData)
    }
}

impl<K: Op<S, S>, S> Reducer<S> for TotalConsumer<K, S> {
    fn reduce(self, left: S, right: S) -> S {
        combine::<K, S>(left, right)
    }
}

/// A piece's total so far.
struct TotalFolder<K, S>(S, PhantomData<fn() -> K>);

impl<K, S, T> Folder<T> for TotalFolder<K, S>
where
    K: Op<S, T> + Op<S, S>,
{
    type Result = S;

    fn consume(self, item: T) -> Self {
        let item = K::total(iter::once(item));
        TotalFolder(combine::<K, S>(self.0, item), PhantomData)
    }

    fn consume_iter<I: IntoIterator<Item = T>>(self, iter: I) -> Self {
        let part = K::total(iter.into_iter());
        TotalFolder(combine::<K, S>(self.0, part), PhantomData)
    }

    fn complete(self) -> S {
        self.0
    }

    fn full(&self) -> bool {
        false
    }
}
