//! `inspect`: calls a function on a reference to every item and passes the item on.

use super::closure_adaptor::{closure_adaptor, mapped_adaptor};
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

mapped_adaptor! {
    impl[I, F] Inspect<I, F> => I::Item,
    base I, where [F: Fn(&I::Item) + Sync + Send],
    map(this) = inspect(&this.inspect_op)
}
