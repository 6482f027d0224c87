//! `cloned`: clones every referenced item.

use super::*;
use crate::plumbing::*;

/// The iterator of [`ParallelIterator::cloned`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let v = vec![String::from("a"), String::from("b")];
/// let w: Vec<String> = v.par_iter().cloned().collect();
/// assert_eq!(v, w);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct Cloned<I> {
    base: I,
}

impl<I> Cloned<I> {
    pub(super) fn new(base: I) -> Self {
        Cloned { base }
    }
}

impl<'a, T, I> ParallelIterator for Cloned<I>
where
    I: ParallelIterator<Item = &'a T>,
    T: 'a + Clone + Send + Sync,
{
    type Item = T;

    fn drive_unindexed<C: UnindexedConsumer<T>>(self, consumer: C) -> C::Result {
        self.base.map(T::clone).drive_unindexed(consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len()
    }
}

impl<'a, T, I> IndexedParallelIterator for Cloned<I>
where
    I: IndexedParallelIterator<Item = &'a T>,
    T: 'a + Clone + Send + Sync,
{
    fn len(&self) -> usize {
        self.base.len()
    }

    fn drive<C: Consumer<T>>(self, consumer: C) -> C::Result {
        self.base.map(T::clone).drive(consumer)
    }

    fn with_producer<CB: ProducerCallback<T>>(self, callback: CB) -> CB::Output {
        self.base.map(T::clone).with_producer(callback)
    }
}
