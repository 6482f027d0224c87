//! `step_by`: every `step`-th item, starting with the first.

use super::*;
use crate::plumbing::*;

/// The iterator of [`IndexedParallelIterator::step_by`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::StepBy<_> = (0..10).into_par_iter().step_by(4);
/// assert_eq!(it.collect::<Vec<_>>(), [0, 4, 8]);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct StepBy<I> {
    base: I,
    step: usize,
}

impl<I> StepBy<I> {
    pub(super) fn new(base: I, step: usize) -> Self {
        assert!(step != 0, "step_by: the step must be greater than zero");
        StepBy { base, step }
    }
}

impl<I: IndexedParallelIterator> ParallelIterator for StepBy<I> {
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.len())
    }
}

impl<I: IndexedParallelIterator> IndexedParallelIterator for StepBy<I> {
    fn len(&self) -> usize {
        self.base.len().div_ceil(self.step)
    }

    fn drive<C: Consumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        let len = self.base.len();
        return self.base.with_producer(Callback {
            callback,
            step: self.step,
            len,
        });

        struct Callback<CB> {
            callback: CB,
            step: usize,
            len: usize,
        }

        impl<T, CB> ProducerCallback<T> for Callback<CB>
        where
            CB: ProducerCallback<T>,
        {
            type Output = CB::Output;

            fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
                self.callback.callback(StepByProducer {
                    base,
                    step: self.step,
                    len: self.len,
                })
            }
        }
    }
}

/// Every `step`-th of the `len` items of `base`.
struct StepByProducer<P> {
    base: P,
    step: usize,
    len: usize,
}

impl<P: Producer> Producer for StepByProducer<P> {
    type Item = P::Item;
    type IntoIter = std::iter::StepBy<P::IntoIter>;

    fn into_iter(self) -> Self::IntoIter {
        self.base.into_iter().step_by(self.step)
    }

    fn min_len(&self) -> usize {
        self.base.min_len().div_ceil(self.step)
    }

    fn max_len(&self) -> usize {
        (self.base.max_len() / self.step).max(1)
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let elem_index = self.len.min(index.saturating_mul(self.step));
        let (left, right) = self.base.split_at(elem_index);
        (
            StepByProducer {
                base: left,
                step: self.step,
                len: elem_index,
            },
            StepByProducer {
                base: right,
                step: self.step,
                len: self.len - elem_index,
            },
        )
    }
}
