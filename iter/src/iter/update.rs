//! `update`: mutates every item in place with a function, and passes it on.

use super::closure_adaptor::closure_adaptor;
use super::*;
use crate::plumbing::*;

closure_adaptor! {
    /// The iterator of [`ParallelIterator::inspect`].
    ///
    /// # Examples
    ///
    /// ```
    /// use weft_iter::prelude::*;
    ///
    /// let it: weft_iter::iter::Update<_, _> = (0..3).into_par_iter().update(|x| *x += 1);
    /// assert_eq!(it.count(), 3);
    /// ```
    Update { update_op }
}

fn update<T>(op: &impl Fn(&mut T)) -> impl Fn(T) -> T + '_ {
    move |mut item| {
        op(&mut item);
        item
    }
}

impl<I, F> ParallelIterator for Update<I, F>
where
    I: ParallelIterator,
    F: Fn(&mut I::Item) + Sync + Send,
{
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        self.base
            .map(update(&self.update_op))
            .drive_unindexed(consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len()
    }
}

impl<I, F> IndexedParallelIterator for Update<I, F>
where
    I: IndexedParallelIterator,
    F: Fn(&mut I::Item) + Sync + Send,
{
    fn len(&self) -> usize {
        self.base.len()
    }

    fn drive<C: Consumer<I::Item>>(self, consumer: C) -> C::Result {
        self.base.map(update(&self.update_op)).drive(consumer)
    }

    fn with_producer<CB: ProducerCallback<I::Item>>(self, callback: CB) -> CB::Output {
        self.base
            .map(update(&self.update_op))
            .with_producer(callback)
    }
}
