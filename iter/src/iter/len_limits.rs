//! What `with_min_len` and `with_max_len` share: a producer that narrows its base's limits on
//! how many items a piece may hold.

use super::wrap::wrap_producer;
use super::*;
use crate::plumbing::*;

/// Hands `callback` the producer of `base`, wrapped so that its pieces hold at least `min` and
/// at most `max` items (on top of the base's own limits; 0 and `usize::MAX` leave a side as is).
pub(super) fn with_len_limits<I, CB>(base: I, min: usize, max: usize, callback: CB) -> CB::Output
where
    I: IndexedParallelIterator,
    CB: ProducerCallback<I::Item>,
{
    wrap_producer!(base, callback, [min: usize = min, max: usize = max], |base| {
        LenLimitsProducer { base, min, max }
    })
}

struct LenLimitsProducer<P> {
    base: P,
    min: usize,
    max: usize,
}

impl<P: Producer> Producer for LenLimitsProducer<P> {
    type Item = P::Item;
    type IntoIter = P::IntoIter;

    fn into_iter(self) -> P::IntoIter {
        self.base.into_iter()
    }

    fn min_len(&self) -> usize {
        self.base.min_len().max(self.min)
    }

    fn max_len(&self) -> usize {
        self.base.max_len().min(self.max)
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.base.split_at(index);
        let (min, max) = (self.min, self.max);
        (
            LenLimitsProducer {
                base: left,
                min,
                max,
            },
            LenLimitsProducer {
                base: right,
                min,
                max,
            },
        )
    }

    fn fold_with<F: Folder<P::Item>>(self, folder: F) -> F {
        self.base.fold_with(folder)
    }
}
