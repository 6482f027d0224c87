//! Parallel iterators over `BTreeSet`: by value and by reference.

use std::collections::BTreeSet;

use super::{delegate_indexed, into_par_vec};
use crate::vec;

/// A parallel iterator over the items of a `BTreeSet`, by value and in order; made by
/// `into_par_iter`.
///
/// # Examples
///
/// ```
/// use std::collections::BTreeSet;
/// use weft_iter::prelude::*;
///
/// let set = BTreeSet::from([3, 1, 2]);
/// let it = set.into_par_iter();
/// assert_eq!(it.clone().collect::<Vec<_>>(), [1, 2, 3]);
/// let _ = format!("{it:?}");
/// ```
#[derive(Debug, Clone)]
pub struct IntoIter<T> {
    inner: vec::IntoIter<T>,
}

into_par_vec!(BTreeSet<T> => IntoIter<T>, impl[T: Send]);
delegate_indexed!(IntoIter<T> => T, impl[T: Send]);

/// A parallel iterator over the items of a `BTreeSet`, by reference and in order; made by
/// `par_iter`.
///
/// # Examples
///
/// ```
/// use std::collections::BTreeSet;
/// use weft_iter::prelude::*;
///
/// let set = BTreeSet::from([3, 1, 2]);
/// let it = set.par_iter();
/// assert_eq!(it.clone().collect::<Vec<_>>(), [&1, &2, &3]);
/// let _ = format!("{it:?}");
/// ```
#[derive(Debug)]
pub struct Iter<'a, T> {
    inner: vec::IntoIter<&'a T>,
}

impl<T> Clone for Iter<'_, T> {
    fn clone(&self) -> Self {
        Iter {
            inner: self.inner.clone(),
        }
    }
}

into_par_vec!(&'a BTreeSet<T> => Iter<'a, T>, impl['a, T: Sync]);
delegate_indexed!(Iter<'a, T> => &'a T, impl['a, T: Sync]);
