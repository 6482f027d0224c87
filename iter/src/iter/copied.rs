//! `copied`: copies every referenced item.

use super::closure_adaptor::{base_adaptor, mapped_adaptor};
use super::*;
use crate::plumbing::*;

base_adaptor! {
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
    Copied
}

fn copy<T: Copy>(x: &T) -> T {
    *x
}

mapped_adaptor! {
    impl['a, T, I] Copied<I> => T,
    base I yielding &'a T, where [T: 'a + Copy + Send + Sync],
    map(_this) = copy
}
