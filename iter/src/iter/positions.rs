//! `positions`: the indices of the items a predicate accepts, in order.

use super::*;
use crate::plumbing::*;
use std::fmt;

/// The iterator of [`IndexedParallelIterator::positions`].
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::iter::Positions<_, _> = (0..10).into_par_iter().positions(|x| x % 4 == 0);
/// assert_eq!(it.collect::<Vec<_>>(), [0, 4, 8]);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
#[derive(Clone)]
pub struct Positions<I, P> {
    base: I,
    predicate: P,
}

impl<I: fmt::Debug, P> fmt::Debug for Positions<I, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Positions")
            .field("base", &self.base)
            .finish()
    }
}

impl<I, P> Positions<I, P> {
    pub(super) fn new(base: I, predicate: P) -> Self {
        Positions { base, predicate }
    }
}

impl<I, P> ParallelIterator for Positions<I, P>
where
    I: IndexedParallelIterator,
    P: Fn(I::Item) -> bool + Sync + Send,
{
    type Item = usize;

    fn drive_unindexed<C: UnindexedConsumer<usize>>(self, consumer: C) -> C::Result {
        let predicate = &self.predicate;
        self.base
            .enumerate()
            .filter_map(|(i, item)| predicate(item).then_some(i))
            .drive_unindexed(consumer)
    }
}
