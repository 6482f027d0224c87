//! `inspect`: calls a function on a reference to every item and passes the item on.

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
    /// let it: weft_iter::iter::Inspect<_, _> = (0..3).into_par_iter().inspect(|x| assert!(*x < 3));
    /// assert_eq!(it.count(), 3);
    /// ```
    Inspect { inspect_op }
}

fn inspect<T>(op: &impl Fn(&T)) -> impl Fn(T) -> T + '_ {
    move |item| {
        op(&item);
        item
    }
}

impl<I, F> ParallelIterator for Inspect<I, F>
where
    I: ParallelIterator,
    F: Fn(&I::Item) + Sync + Send,
{
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        self.base
            .map(inspect(&self.inspect_op))
            .drive_unindexed(consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len()
    }
}

impl<I, F> IndexedParallelIterator for Inspect<I, F>
where
    I: IndexedParallelIterator,
    F: Fn(&I::Item) + Sync + Send,
{
    fn len(&self) -> usize {
        self.base.len()
    }

    fn drive<C: Consumer<I::Item>>(self, consumer: C) -> C::Result {
        self.base.map(inspect(&self.inspect_op)).drive(consumer)
    }

    fn with_producer<CB: ProducerCallback<I::Item>>(self, callback: CB) -> CB::Output {
        self.base
            .map(inspect(&self.inspect_op))
            .with_producer(callback)
    }
}
