//! `cloned`: clones every referenced item.

use super::closure_adaptor::{base_adaptor, mapped_adaptor};
use super::*;
use crate::plumbing::*;

base_adaptor! {
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
    Cloned
}

mapped_adaptor! {
    impl['a, T, I] Cloned<I> => T,
    base I yielding &'a T, where [T: 'a + Clone + Send + Sync],
    map(_this) = T::clone
}
