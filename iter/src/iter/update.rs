//! `update`: mutates every item in place with a function, and passes it on.

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

mapped_adaptor! {
    impl[I, F] Update<I, F> => I::Item,
    base I, where [F: Fn(&mut I::Item) + Sync + Send],
    map(this) = update(&this.update_op)
}
