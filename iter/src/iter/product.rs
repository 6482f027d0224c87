//! `product`: multiplies the items, per piece and then across pieces.

use super::ParallelIterator;
use crate::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};
use std::iter::{self, Product};
use std::marker::PhantomData;

pub(super) fn product<PI, P>(pi: PI) -> P
where
    PI: ParallelIterator,
    P: Send + Product<PI::Item> + Product,
{
    pi.drive_unindexed(ProductConsumer(PhantomData))
}

fn combine<T: Product>(left: T, right: T) -> T {
    [left, right].into_iter().product()
}

struct ProductConsumer<P>(PhantomData<fn() -> P>);

impl<P, T> Consumer<T> for ProductConsumer<P>
where
    P: Send + Product<T> + Product,
{
    type Folder = ProductFolder<P>;
    type Reducer = Self;
    type Result = P;

    fn split_at(self, _index: usize) -> (Self, Self, Self) {
        (
            ProductConsumer(PhantomData),
            ProductConsumer(PhantomData),
            self,
        )
    }

    fn into_folder(self) -> ProductFolder<P> {
        ProductFolder(iter::empty::<T>().product())
    }

    fn full(&self) -> bool {
        false
    }
}

impl<P, T> UnindexedConsumer<T> for ProductConsumer<P>
where
    P: Send + Product<T> + Product,
{
    fn split_off_left(&self) -> Self {
        ProductConsumer(PhantomData)
    }

    fn to_reducer(&self) -> Self {
        ProductConsumer(PhantomData)
    }
}

impl<P: Send + Product> Reducer<P> for ProductConsumer<P> {
    fn reduce(self, left: P, right: P) -> P {
        combine(left, right)
    }
}

struct ProductFolder<P>(P);

impl<P, T> Folder<T> for ProductFolder<P>
where
    P: Product<T> + Product,
{
    type Result = P;

    fn consume(self, item: T) -> Self {
        ProductFolder(combine(self.0, iter::once(item).product()))
    }

    fn consume_iter<I: IntoIterator<Item = T>>(self, iter: I) -> Self {
        ProductFolder(combine(self.0, iter.into_iter().product()))
    }

    fn complete(self) -> P {
        self.0
    }

    fn full(&self) -> bool {
        false
    }
}
