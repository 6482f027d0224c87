//! `with_max_len`: pieces hold at most `max` items (more splits).

use super::*;
use crate::plumbing::*;
use crate::weight::WeightSpec;

/// The iterator of [`IndexedParallelIterator::with_max_len`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::MaxLen<_> = (0..100).into_par_iter().with_max_len(10);
/// assert_eq!(it.sum::<i32>(), 4950);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct MaxLen<I> {
    base: I,
    max: usize,
}

impl<I> MaxLen<I> {
    pub(super) fn new(base: I, max: usize) -> Self {
        MaxLen { base, max }
    }
}

impl<I: IndexedParallelIterator> ParallelIterator for MaxLen<I> {
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.len())
    }
}

impl<I: IndexedParallelIterator> IndexedParallelIterator for MaxLen<I> {
    fn len(&self) -> usize {
        self.base.len()
    }

    fn drive<C: Consumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        return self.base.with_producer(Callback {
            callback,
            max: self.max,
        });

        struct Callback<CB> {
            callback: CB,
            max: usize,
        }

        impl<T, CB> ProducerCallback<T> for Callback<CB>
        where
            CB: ProducerCallback<T>,
        {
            type Output = CB::Output;

            fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
                self.callback.callback(MaxLenProducer {
                    base,
                    max: self.max,
                })
            }
        }
    }
}

struct MaxLenProducer<P> {
    base: P,
    max: usize,
}

impl<P: Producer> Producer for MaxLenProducer<P> {
    type Item = P::Item;
    type IntoIter = P::IntoIter;

    fn into_iter(self) -> P::IntoIter {
        self.base.into_iter()
    }

    fn min_len(&self) -> usize {
        self.base.min_len()
    }

    fn max_len(&self) -> usize {
        self.base.max_len().min(self.max)
    }

    fn weight_spec(&self) -> Option<WeightSpec> {
        self.base.weight_spec()
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.base.split_at(index);
        (
            MaxLenProducer {
                base: left,
                max: self.max,
            },
            MaxLenProducer {
                base: right,
                max: self.max,
            },
        )
    }

    fn fold_with<F: Folder<P::Item>>(self, folder: F) -> F {
        self.base.fold_with(folder)
    }
}
