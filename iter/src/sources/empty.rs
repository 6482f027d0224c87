//! `empty()`: a parallel iterator that yields nothing.

use std::fmt;
use std::marker::PhantomData;

use crate::plumbing::{Consumer, Folder, Producer, ProducerCallback, UnindexedConsumer};
use crate::{IndexedParallelIterator, ParallelIterator};

/// Creates a parallel iterator that produces nothing.
///
/// Useful where an iterator of some type is expected, e.g. as the neutral start of a `chain`.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::sources::empty;
///
/// let v: Vec<i32> = empty().collect();
/// assert!(v.is_empty());
/// ```
pub fn empty<T: Send>() -> Empty<T> {
    Empty {
        marker: PhantomData,
    }
}

/// A parallel iterator that yields nothing; made by [`empty()`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let e = weft_iter::sources::empty::<u8>();
/// assert_eq!(e.clone().count(), 0);
/// assert_eq!(format!("{e:?}"), "Empty");
/// ```
pub struct Empty<T> {
    marker: PhantomData<fn() -> T>,
}

impl<T> Clone for Empty<T> {
    fn clone(&self) -> Self {
        Empty {
            marker: PhantomData,
        }
    }
}

impl<T> fmt::Debug for Empty<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Empty")
    }
}

impl<T: Send> ParallelIterator for Empty<T> {
    type Item = T;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>,
    {
        self.drive(consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(0)
    }
}

impl<T: Send> IndexedParallelIterator for Empty<T> {
    fn drive<C>(self, consumer: C) -> C::Result
    where
        C: Consumer<Self::Item>,
    {
        consumer.into_folder().complete()
    }

    fn len(&self) -> usize {
        0
    }

    fn with_producer<CB>(self, callback: CB) -> CB::Output
    where
        CB: ProducerCallback<Self::Item>,
    {
        callback.callback(EmptyProducer {
            marker: PhantomData,
        })
    }
}

/// The producer behind [`Empty`]: every split of nothing is nothing.
struct EmptyProducer<T> {
    marker: PhantomData<fn() -> T>,
}

impl<T: Send> Producer for EmptyProducer<T> {
    type Item = T;
    type IntoIter = std::iter::Empty<T>;

    fn into_iter(self) -> Self::IntoIter {
        std::iter::empty()
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        debug_assert_eq!(index, 0, "split of an empty producer at {index}");
        (
            self,
            EmptyProducer {
                marker: PhantomData,
            },
        )
    }

    fn fold_with<F>(self, folder: F) -> F
    where
        F: Folder<Self::Item>,
    {
        folder
    }
}
