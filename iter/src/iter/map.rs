//! `map`: applies a function to every item.

use super::closure_adaptor::closure_adaptor;
use super::each::{Each, EachConsumer};
use super::wrap::base_len_limits;
use super::*;
use crate::plumbing::*;

closure_adaptor! {
    /// The iterator of [`ParallelIterator::map`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::Map<_, _> = (0..3).into_par_iter().map(|x| x + 1);
    /// assert_eq!(it.sum::<i32>(), 6);
    /// ```
    Map { map_op }
}

impl<I, F, R> ParallelIterator for Map<I, F>
where
    I: ParallelIterator,
    F: Fn(I::Item) -> R + Sync + Send,
    R: Send,
{
    type Item = R;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<R>,
    {
        self.base
            .drive_unindexed(EachConsumer::<_, Mapped, _>::new(consumer, &self.map_op))
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len()
    }
}

impl<I, F, R> IndexedParallelIterator for Map<I, F>
where
    I: IndexedParallelIterator,
    F: Fn(I::Item) -> R + Sync + Send,
    R: Send,
{
    fn len(&self) -> usize {
        self.base.len()
    }

    fn drive<C: Consumer<R>>(self, consumer: C) -> C::Result {
        self.base
            .drive(EachConsumer::<_, Mapped, _>::new(consumer, &self.map_op))
    }

    fn with_producer<CB: ProducerCallback<R>>(self, callback: CB) -> CB::Output {
        return self.base.with_producer(Callback {
            callback,
            map_op: self.map_op,
        });

        struct Callback<CB, F> {
            callback: CB,
            map_op: F,
        }

        impl<T, R, CB, F> ProducerCallback<T> for Callback<CB, F>
        where
            CB: ProducerCallback<R>,
            F: Fn(T) -> R + Sync,
            R: Send,
        {
            type Output = CB::Output;

            fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
                self.callback.callback(MapProducer {
                    base,
                    map_op: &self.map_op,
                })
            }
        }
    }
}

struct MapProducer<'f, P, F> {
    base: P,
    map_op: &'f F,
}

impl<'f, P, F, R> Producer for MapProducer<'f, P, F>
where
    P: Producer,
    F: Fn(P::Item) -> R + Sync,
    R: Send,
{
    type Item = R;
    type IntoIter = std::iter::Map<P::IntoIter, &'f F>;

    fn into_iter(self) -> Self::IntoIter {
        self.base.into_iter().map(self.map_op)
    }

    base_len_limits!();

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.base.split_at(index);
        (
            MapProducer {
                base: left,
                map_op: self.map_op,
            },
            MapProducer {
                base: right,
                map_op: self.map_op,
            },
        )
    }

    fn fold_with<G: Folder<R>>(self, folder: G) -> G {
        self.base
            .fold_with(EachConsumer::<_, Mapped, _>::new(folder, self.map_op))
            .into_base()
    }
}

/// The kind of [`EachConsumer`] that passes on what its operation maps each item to.
struct Mapped;

impl<T, R, F: Fn(T) -> R> Each<T, F> for Mapped {
    type Out = R;

    fn fold<G: Folder<R>>(map_op: &F, folder: G, item: T) -> G {
        folder.consume(map_op(item))
    }

    fn fold_iter<G, I>(map_op: &F, folder: G, iter: I) -> G
    where
        G: Folder<R>,
        I: Iterator<Item = T>,
    {
        folder.consume_iter(iter.map(map_op))
    }
}
