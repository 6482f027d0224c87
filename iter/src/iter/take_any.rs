//! `take_any`: any `n` items (not necessarily the first ones).

use super::gate::{Gate, GateConsumer};
use super::*;
use crate::plumbing::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The iterator of [`ParallelIterator::take_any`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::TakeAny<_> = (0..100).into_par_iter().take_any(5);
/// assert_eq!(it.count(), 5);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct TakeAny<I> {
    base: I,
    count: usize,
}

impl<I> TakeAny<I> {
    pub(super) fn new(base: I, count: usize) -> Self {
        TakeAny { base, count }
    }
}

/// Admits items while fewer than `limit` were admitted.
pub(super) struct Quota {
    pub(super) limit: usize,
    pub(super) taken: AtomicUsize,
}

impl Quota {
    /// Takes one unit of the quota if any is left.
    pub(super) fn take(&self) -> bool {
        // Relaxed: the count alone decides; no other memory is published through it.
        self.taken
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                (n < self.limit).then_some(n + 1)
            })
            .is_ok()
    }

    /// Whether the quota is used up.
    pub(super) fn used_up(&self) -> bool {
        self.taken.load(Ordering::Relaxed) >= self.limit
    }
}

impl<T> Gate<T> for Quota {
    fn admit(&self, _item: &T) -> bool {
        self.take()
    }

    fn closed(&self) -> bool {
        self.used_up()
    }
}

impl<I: ParallelIterator> ParallelIterator for TakeAny<I> {
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        let gate = Quota {
            limit: self.count,
            taken: AtomicUsize::new(0),
        };
        self.base
            .drive_unindexed(GateConsumer::new(consumer, &gate))
    }
}
