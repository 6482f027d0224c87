//! `weight`: picks the split policy of a pipeline, by choosing it for the drive of its base
//! (see `weight/scope.rs`); the items and their producers and consumers are the base's own.

use super::*;
use crate::plumbing::*;
use crate::weight::{scope, Weight, WeightSpec};
use std::fmt;
use std::marker::PhantomData;
use std::panic::Location;

/// The iterator of [`ParallelIterator::weight`]: the same items, split as `W` decides.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::Weighted<_, Cost<8>> = (0..100).into_par_iter().weight::<Cost<8>>();
/// assert_eq!(it.count(), 100);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct Weighted<I, W> {
    base: I,
    site: &'static Location<'static>,
    weight: PhantomData<fn() -> W>,
}

impl<I: Clone, W> Clone for Weighted<I, W> {
    fn clone(&self) -> Self {
        Weighted {
            base: self.base.clone(),
            site: self.site,
            weight: PhantomData,
        }
    }
}

impl<I: fmt::Debug, W> fmt::Debug for Weighted<I, W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Weighted")
            .field("base", &self.base)
            .field("weight", &std::any::type_name::<W>())
            .field("site", &self.site)
            .finish()
    }
}

impl<I, W: Weight> Weighted<I, W> {
    #[track_caller]
    pub(super) fn new(base: I) -> Self {
        Weighted {
            base,
            site: Location::caller(),
            weight: PhantomData,
        }
    }

    fn spec(&self) -> WeightSpec {
        WeightSpec::of::<W>(self.site)
    }
}

impl<I, W> ParallelIterator for Weighted<I, W>
where
    I: ParallelIterator,
    W: Weight,
{
    type Item = I::Item;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<I::Item>,
    {
        let spec = self.spec();
        scope::choose(Some(spec), || self.base.drive_unindexed(consumer))
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len()
    }
}

impl<I, W> IndexedParallelIterator for Weighted<I, W>
where
    I: IndexedParallelIterator,
    W: Weight,
{
    fn len(&self) -> usize {
        self.base.len()
    }

    fn drive<C: Consumer<I::Item>>(self, consumer: C) -> C::Result {
        let spec = self.spec();
        scope::choose(Some(spec), || self.base.drive(consumer))
    }

    fn with_producer<CB: ProducerCallback<I::Item>>(self, callback: CB) -> CB::Output {
        let spec = self.spec();
        scope::choose(Some(spec), || self.base.with_producer(callback))
    }
}
