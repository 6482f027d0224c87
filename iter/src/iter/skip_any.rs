//! `skip_any`: all items but any `n` of them (not necessarily the first ones).

use super::gate::{Gate, GateConsumer};
use super::take_any::Quota;
use super::*;
use crate::plumbing::*;
use std::sync::atomic::AtomicUsize;

/// The iterator of [`ParallelIterator::skip_any`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::SkipAny<_> = (0..100).into_par_iter().skip_any(5);
/// assert_eq!(it.count(), 95);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct SkipAny<I> {
    base: I,
    count: usize,
}

impl<I> SkipAny<I> {
    pub(super) fn new(base: I, count: usize) -> Self {
        SkipAny { base, count }
    }
}

/// Drops items while the quota of skips lasts.
struct Skips(Quota);

impl<T> Gate<T> for Skips {
    fn admit(&self, _item: &T) -> bool {
        !self.0.take()
    }

    fn closed(&self) -> bool {
        false
    }
}

impl<I: ParallelIterator> ParallelIterator for SkipAny<I> {
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        let gate = Skips(Quota {
            limit: self.count,
            taken: AtomicUsize::new(0),
        });
        self.base
            .drive_unindexed(GateConsumer::new(consumer, &gate))
    }
}
