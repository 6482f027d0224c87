//! `copied`: copies every referenced item.

use super::*;
use crate::plumbing::*;

/// The iterator of [`ParallelIterator::copied`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let v = vec![1, 2, 3];
/// let w: Vec<i32> = v.par_iter().copied().collect();
/// assert_eq!(v, w);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone, Debug)]
pub struct Copied<I> {
    base: I,
}

fn copy<T: Copy>(x: &T) -> T {
    *x
}

impl<I> Copied<I> {
    pub(super) fn new(base: I) -> Self {
        Copied { base }
    }
}

impl<'a, T, I> ParallelIterator for Copied<I>
where
    I: ParallelIterator<Item = &'a T>,
    T: 'a + Copy + Send + Sync,
{
    type Item = T;

    fn drive_unindexed<C: UnindexedConsumer<T>>(self, consumer: C) -> C::Result {
        self.base.map(copy).drive_unindexed(consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len()
    }
}

impl<'a, T, I> IndexedParallelIterator for Copied<I>
where
    I: IndexedParallelIterator<Item = &'a T>,
    T: 'a + Copy + Send + Sync,
{
    fn len(&self) -> usize {
        self.base.len()
    }

    fn drive<C: Consumer<T>>(self, consumer: C) -> C::Result {
        self.base.map(copy).drive(consumer)
    }

    fn with_producer<CB: ProducerCallback<T>>(self, callback: CB) -> CB::Output {
        self.base.map(copy).with_producer(callback)
    }
}
