//! `with_min_len`: pieces hold at least `min` items (fewer splits).

use super::*;
use crate::plumbing::*;
use crate::weight::WeightSpec;

/// The iterator of [`IndexedParallelIterator::with_min_len`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::MinLen<_> = (0..100).into_par_iter().with_min_len(10);
/// assert_eq!(it.sum::<i32>(), 4950);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct MinLen<I> {
    base: I,
    min: usize,
}

impl<I> MinLen<I> {
    pub(super) fn new(base: I, min: usize) -> Self {
        MinLen { base, min }
    }
}

impl<I: IndexedParallelIterator> ParallelIterator for MinLen<I> {
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.len())
    }
}

impl<I: IndexedParallelIterator> IndexedParallelIterator for MinLen<I> {
    fn len(&self) -> usize {
        self.base.len()
    }

    fn drive<C: Consumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        return self.base.with_producer(Callback {
            callback,
            min: self.min,
        });

        struct Callback<CB> {
            callback: CB,
            min: usize,
        }

        impl<T, CB> ProducerCallback<T> for Callback<CB>
        where
            CB: ProducerCallback<T>,
        {
            type Output = CB::Output;

            fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
                self.callback.callback(MinLenProducer {
                    base,
                    min: self.min,
                })
            }
        }
    }
}

struct MinLenProducer<P> {
    base: P,
    min: usize,
}

impl<P: Producer> Producer for MinLenProducer<P> {
    type Item = P::Item;
    type IntoIter = P::IntoIter;

    fn into_iter(self) -> P::IntoIter {
        self.base.into_iter()
    }

    fn min_len(&self) -> usize {
        self.base.min_len().max(self.min)
    }

    fn max_len(&self) -> usize {
        self.base.max_len()
    }

    fn weight_spec(&self) -> Option<WeightSpec> {
        self.base.weight_spec()
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.base.split_at(index);
        (
            MinLenProducer {
                base: left,
                min: self.min,
            },
            MinLenProducer {
                base: right,
                min: self.min,
            },
        )
    }

    fn fold_with<F: Folder<P::Item>>(self, folder: F) -> F {
        self.base.fold_with(folder)
    }
}
