//! `weight`: picks the split policy of a pipeline.

use super::*;
use crate::plumbing::*;
use crate::weight::{Weight, WeightSpec};
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
        self.base.drive_unindexed(WeightedConsumer {
            base: consumer,
            spec,
        })
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
        self.base.drive(WeightedConsumer {
            base: consumer,
            spec,
        })
    }

    fn with_producer<CB: ProducerCallback<I::Item>>(self, callback: CB) -> CB::Output {
        let spec = self.spec();
        return self.base.with_producer(Callback { callback, spec });

        struct Callback<CB> {
            callback: CB,
            spec: WeightSpec,
        }

        impl<T, CB> ProducerCallback<T> for Callback<CB>
        where
            CB: ProducerCallback<T>,
        {
            type Output = CB::Output;

            fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
                self.callback.callback(WeightedProducer {
                    base,
                    spec: self.spec,
                })
            }
        }
    }
}

struct WeightedProducer<P> {
    base: P,
    spec: WeightSpec,
}

impl<P: Producer> Producer for WeightedProducer<P> {
    type Item = P::Item;
    type IntoIter = P::IntoIter;

    fn into_iter(self) -> P::IntoIter {
        self.base.into_iter()
    }

    fn min_len(&self) -> usize {
        self.base.min_len()
    }

    fn max_len(&self) -> usize {
        self.base.max_len()
    }

    fn weight_spec(&self) -> Option<WeightSpec> {
        Some(self.spec)
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.base.split_at(index);
        (
            WeightedProducer {
                base: left,
                spec: self.spec,
            },
            WeightedProducer {
                base: right,
                spec: self.spec,
            },
        )
    }

    fn fold_with<F: Folder<P::Item>>(self, folder: F) -> F {
        self.base.fold_with(folder)
    }
}

struct WeightedConsumer<C> {
    base: C,
    spec: WeightSpec,
}

impl<T, C: Consumer<T>> Consumer<T> for WeightedConsumer<C> {
    type Folder = C::Folder;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        (
            WeightedConsumer {
                base: left,
                spec: self.spec,
            },
            WeightedConsumer {
                base: right,
                spec: self.spec,
            },
            reducer,
        )
    }

    fn into_folder(self) -> C::Folder {
        self.base.into_folder()
    }

    fn full(&self) -> bool {
        self.base.full()
    }

    fn weight_spec(&self) -> Option<WeightSpec> {
        Some(self.spec)
    }
}

impl<T, C: UnindexedConsumer<T>> UnindexedConsumer<T> for WeightedConsumer<C> {
    fn split_off_left(&self) -> Self {
        WeightedConsumer {
            base: self.base.split_off_left(),
            spec: self.spec,
        }
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}
