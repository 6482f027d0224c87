//! `skip_any_while`: skips items while a predicate holds; once it fails on any item, the
//! others stop skipping as soon as they see it.

use super::closure_adaptor::closure_adaptor;
use super::gate::{Gate, GateConsumer};
use super::*;
use crate::plumbing::*;
use std::sync::atomic::{AtomicBool, Ordering};

closure_adaptor! {
    /// The iterator of [`ParallelIterator::skip_any_while`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::SkipAnyWhile<_, _> = (0..100).into_par_iter().skip_any_while(|x| *x < 50);
    /// assert!(it.count() >= 50);
    /// ```
    SkipAnyWhile { predicate }
}

struct Skipping<'p, P> {
    predicate: &'p P,
    skipping: AtomicBool,
}

impl<T, P: Fn(&T) -> bool + Sync> Gate<T> for Skipping<'_, P> {
    fn admit(&self, item: &T) -> bool {
        // Relaxed: the flag alone decides; no other memory is published through it.
        if !self.skipping.load(Ordering::Relaxed) {
            true
        } else if (self.predicate)(item) {
            false
        } else {
            self.skipping.store(false, Ordering::Relaxed);
            true
        }
    }

    fn closed(&self) -> bool {
        false
    }
}

impl<I, P> ParallelIterator for SkipAnyWhile<I, P>
where
    I: ParallelIterator,
    P: Fn(&I::Item) -> bool + Sync + Send,
{
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        let gate = Skipping {
            predicate: &self.predicate,
            skipping: AtomicBool::new(true),
        };
        self.base
            .drive_unindexed(GateConsumer::new(consumer, &gate))
    }
}
