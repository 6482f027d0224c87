//! `zip_eq`: `zip` of two iterators that must have the same length.

use super::*;
use crate::plumbing::*;

/// The iterator of [`IndexedParallelIterator::zip_eq`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::ZipEq<_, _> = (0..3).into_par_iter().zip_eq(10..13);
/// assert_eq!(it.collect::<Vec<_>>(), [(0, 10), (1, 11), (2, 12)]);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct ZipEq<A, B> {
    zip: Zip<A, B>,
}

impl<A, B> ZipEq<A, B> {
    pub(super) fn new(a: A, b: B) -> Self {
        ZipEq {
            zip: Zip::new(a, b),
        }
    }
}

impl<A, B> ParallelIterator for ZipEq<A, B>
where
    A: IndexedParallelIterator,
    B: IndexedParallelIterator,
{
    type Item = (A::Item, B::Item);

    fn drive_unindexed<C: UnindexedConsumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self.zip, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.zip.len())
    }
}

impl<A, B> IndexedParallelIterator for ZipEq<A, B>
where
    A: IndexedParallelIterator,
    B: IndexedParallelIterator,
{
    fn len(&self) -> usize {
        self.zip.len()
    }

    fn drive<C: Consumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self.zip, consumer)
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        self.zip.with_producer(callback)
    }
}
