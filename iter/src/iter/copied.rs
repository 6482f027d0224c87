//! `copied`: copies every referenced item.

use super::closure_adaptor::mapped_adaptor;
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

mapped_adaptor! {
    impl['a, T, I] Copied<I> => T,
    base I yielding &'a T, where [T: 'a + Copy + Send + Sync],
    map(_this) = copy
}
