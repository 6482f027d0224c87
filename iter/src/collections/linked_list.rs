//! Parallel iterators over `LinkedList`: by value, by reference and by mutable reference.

use std::collections::LinkedList;

use super::{delegate_indexed, into_par_vec};
use crate::vec;

/// A parallel iterator over the items of a `LinkedList`, by value; made by `into_par_iter`.
///
/// # Examples
///
/// ```
/// use std::collections::LinkedList;
/// use weft_iter::prelude::*;
///
/// let list = LinkedList::from([1, 2, 3]);
/// let it = list.into_par_iter();
/// assert_eq!(it.clone().collect::<Vec<_>>(), [1, 2, 3]);
/// let _ = format!("{it:?}");
/// ```
#[derive(Debug, Clone)]
pub struct IntoIter<T> {
    inner: vec::IntoIter<T>,
}

into_par_vec!(LinkedList<T> => IntoIter<T>, impl[T: Send]);
delegate_indexed!(IntoIter<T> => T, impl[T: Send]);

/// A parallel iterator over the items of a `LinkedList`, by reference; made by `par_iter`.
///
/// # Examples
///
/// ```
/// use std::collections::LinkedList;
/// use weft_iter::prelude::*;
///
/// let list = LinkedList::from([1, 2, 3]);
/// let it = list.par_iter();
/// assert_eq!(it.clone().sum::<i32>(), 6);
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

into_par_vec!(&'a LinkedList<T> => Iter<'a, T>, impl['a, T: Sync]);
delegate_indexed!(Iter<'a, T> => &'a T, impl['a, T: Sync]);

/// A parallel iterator over the items of a `LinkedList`, by mutable reference; made by
/// `par_iter_mut`.
///
/// # Examples
///
/// ```
/// use std::collections::LinkedList;
/// use weft_iter::prelude::*;
///
/// let mut list = LinkedList::from([1, 2, 3]);
/// list.par_iter_mut().for_each(|x| *x *= 10);
/// assert_eq!(list, LinkedList::from([10, 20, 30]));
/// let _ = format!("{:?}", list.par_iter_mut());
/// ```
#[derive(Debug)]
pub struct IterMut<'a, T> {
    inner: vec::IntoIter<&'a mut T>,
}

into_par_vec!(&'a mut LinkedList<T> => IterMut<'a, T>, impl['a, T: Send]);
delegate_indexed!(IterMut<'a, T> => &'a mut T, impl['a, T: Send]);
