//! `step_by`: every `step`-th item, starting with the first.

use super::wrap::wrap_producer;
use super::*;
use crate::plumbing::bridged;
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

bridged! {
    impl[I: IndexedParallelIterator] StepBy<I> {
        type Item = I::Item;

        fn len(&self) -> usize {
            self.base.len().div_ceil(self.step)
        }

        fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
            let len = self.base.len();
            wrap_producer!(
                self.base,
                callback,
                [step: usize = self.step, len: usize = len],
                |base| StepByProducer { base, step, len }
            )
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
