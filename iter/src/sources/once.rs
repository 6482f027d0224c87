//! `once()`: a parallel iterator that yields a single item.

use crate::plumbing::{Consumer, Folder, Producer, ProducerCallback, UnindexedConsumer};
use crate::{IndexedParallelIterator, ParallelIterator};

/// Creates a parallel iterator that produces `item` exactly once.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
/// use weft_iter::sources::once;
///
/// let v: Vec<i32> = (0..3).into_par_iter().chain(once(7)).collect();
/// assert_eq!(v, [0, 1, 2, 7]);
/// ```
pub fn once<T: Send>(item: T) -> Once<T> {
    Once { item }
}

/// A parallel iterator that yields one item; made by [`once()`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let o = weft_iter::sources::once(5);
/// assert_eq!(o.clone().sum::<i32>(), 5);
/// assert_eq!(format!("{o:?}"), "Once { item: 5 }");
/// ```
#[derive(Clone, Debug)]
pub struct Once<T> {
    item: T,
}

impl<T: Send> ParallelIterator for Once<T> {
    type Item = T;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>,
    {
        self.drive(consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(1)
    }
}

impl<T: Send> IndexedParallelIterator for Once<T> {
    fn drive<C>(self, consumer: C) -> C::Result
    where
        C: Consumer<Self::Item>,
    {
        consumer.into_folder().consume(self.item).complete()
    }

    fn len(&self) -> usize {
        1
    }

    fn with_producer<CB>(self, callback: CB) -> CB::Output
    where
        CB: ProducerCallback<Self::Item>,
    {
        callback.callback(OnceProducer {
            item: Some(self.item),
        })
    }
}

/// The producer behind [`Once`]: holds the item until a split hands it to one side.
struct OnceProducer<T> {
    item: Option<T>,
}

impl<T: Send> Producer for OnceProducer<T> {
    type Item = T;
    type IntoIter = std::option::IntoIter<T>;

    fn into_iter(self) -> Self::IntoIter {
        self.item.into_iter()
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let empty = OnceProducer { item: None };
        if index == 0 {
            (empty, self)
        } else {
            debug_assert!(
                index == 1 && self.item.is_some(),
                "split of a one-item producer at {index}"
            );
            (self, empty)
        }
    }
}
