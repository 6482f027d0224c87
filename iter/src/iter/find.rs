//! `find_any`: any item a predicate accepts; every piece stops once one is found.

use super::ParallelIterator;
use crate::plumbing::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Finds some item of `pi` that `find_op` accepts.
pub(super) fn find<I, P>(pi: I, find_op: P) -> Option<I::Item>
where
    I: ParallelIterator,
    P: Fn(&I::Item) -> bool + Sync,
{
    let found = AtomicBool::new(false);
    pi.drive_unindexed(FindConsumer {
        find_op: &find_op,
        found: &found,
    })
}

struct FindConsumer<'p, P> {
    find_op: &'p P,
    found: &'p AtomicBool,
}

impl<P> Clone for FindConsumer<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for FindConsumer<'_, P> {}

impl<'p, T, P> Consumer<T> for FindConsumer<'p, P>
where
    T: Send,
    P: Fn(&T) -> bool + Sync,
{
    type Folder = FindFolder<'p, T, P>;
    type Reducer = FindReducer;
    type Result = Option<T>;

    fn split_at(self, _index: usize) -> (Self, Self, FindReducer) {
        (self, self, FindReducer)
    }

    fn into_folder(self) -> Self::Folder {
        FindFolder {
            find_op: self.find_op,
            found: self.found,
            item: None,
        }
    }

    fn full(&self) -> bool {
        // Relaxed: the flag only lets pieces stop early; the item comes through the reducers.
        self.found.load(Ordering::Relaxed)
    }
}

impl<'p, T, P> UnindexedConsumer<T> for FindConsumer<'p, P>
where
    T: Send,
    P: Fn(&T) -> bool + Sync,
{
    fn split_off_left(&self) -> Self {
        *self
    }

    fn to_reducer(&self) -> FindReducer {
        FindReducer
    }
}

struct FindFolder<'p, T, P> {
    find_op: &'p P,
    found: &'p AtomicBool,
    item: Option<T>,
}

impl<T, P> Folder<T> for FindFolder<'_, T, P>
where
    P: Fn(&T) -> bool,
{
    type Result = Option<T>;

    fn consume(mut self, item: T) -> Self {
        if (self.find_op)(&item) {
            // Relaxed: see `FindConsumer::full`.
            self.found.store(true, Ordering::Relaxed);
            self.item = Some(item);
        }
        self
    }

    fn consume_iter<I: IntoIterator<Item = T>>(mut self, iter: I) -> Self {
        let found = self.found;
        self.item = iter
            .into_iter()
            // Relaxed: see `FindConsumer::full`.
            .take_while(|_| !found.load(Ordering::Relaxed))
            .find(self.find_op);
        if self.item.is_some() {
            self.found.store(true, Ordering::Relaxed);
        }
        self
    }

    fn complete(self) -> Option<T> {
        self.item
    }

    fn full(&self) -> bool {
        self.item.is_some() || self.found.load(Ordering::Relaxed)
    }
}

struct FindReducer;

impl<T> Reducer<Option<T>> for FindReducer {
    fn reduce(self, left: Option<T>, right: Option<T>) -> Option<T> {
        left.or(right)
    }
}
