//! `take_any_while`: items while a predicate holds; once it fails on any item, the others
//! stop taking as soon as they see it.

use super::closure_adaptor::closure_adaptor;
use super::gate::{Gate, GateConsumer};
use super::*;
use crate::plumbing::*;
use std::sync::atomic::{AtomicBool, Ordering};

closure_adaptor! {
    /// The iterator of [`ParallelIterator::take_any_while`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::TakeAnyWhile<_, _> = (0..100).into_par_iter().take_any_while(|x| *x < 50);
    /// assert!(it.count() <= 50);
    /// ```
    TakeAnyWhile { predicate }
}

struct Taking<'p, P> {
    predicate: &'p P,
    taking: AtomicBool,
}

impl<T, P: Fn(&T) -> bool + Sync> Gate<T> for Taking<'_, P> {
    fn admit(&self, item: &T) -> bool {
        // Relaxed: the flag alone decides; no other memory is published through it.
        if !self.taking.load(Ordering::Relaxed) {
            false
        } else if (self.predicate)(item) {
            true
        } else {
            self.taking.store(false, Ordering::Relaxed);
            false
        }
    }

    fn closed(&self) -> bool {
        !self.taking.load(Ordering::Relaxed)
    }
}

impl<I, P> ParallelIterator for TakeAnyWhile<I, P>
where
    I: ParallelIterator,
    P: Fn(&I::Item) -> bool + Sync + Send,
{
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        let gate = Taking {
            predicate: &self.predicate,
            taking: AtomicBool::new(true),
        };
        self.base
            .drive_unindexed(GateConsumer::new(consumer, &gate))
    }
}
