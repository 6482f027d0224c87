//! `while_some`: items of an iterator of `Option`s, until a `None` is seen anywhere.

use super::closure_adaptor::base_adaptor;
use super::each::{Each, EachConsumer};
use super::*;
use crate::plumbing::*;
use std::sync::atomic::{AtomicBool, Ordering};

base_adaptor! {
    /// The iterator of [`ParallelIterator::while_some`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::WhileSome<_> = (0..10).into_par_iter().map(Some).while_some();
    /// assert_eq!(it.count(), 10);
    /// ```
    WhileSome
}

impl<I, T> ParallelIterator for WhileSome<I>
where
    I: ParallelIterator<Item = Option<T>>,
    T: Send,
{
    type Item = T;

    fn drive_unindexed<C: UnindexedConsumer<T>>(self, consumer: C) -> C::Result {
        let none_seen = AtomicBool::new(false);
        self.base
            .drive_unindexed(EachConsumer::<_, UntilNone, _>::new(consumer, &none_seen))
    }
}

/// The kind of [`EachConsumer`] that passes on the value of each `Some`, and stops every piece
/// once a `None` was seen anywhere (the flag it sets).
///
/// Memory ordering: the flag is `Relaxed`; it only lets pieces stop early, and guards no data.
struct UntilNone;

impl<T> Each<Option<T>, AtomicBool> for UntilNone {
    type Out = T;

    fn fold<F: Folder<T>>(none_seen: &AtomicBool, folder: F, item: Option<T>) -> F {
        match item {
            Some(item) => folder.consume(item),
            None => {
                none_seen.store(true, Ordering::Relaxed);
                folder
            }
        }
    }

    fn closed(none_seen: &AtomicBool) -> bool {
        none_seen.load(Ordering::Relaxed)
    }
}
