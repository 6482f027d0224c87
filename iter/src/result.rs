//! Parallel iterators over a `Result`: its `Ok` value, if any.

use crate::iter::*;
use crate::plumbing::delegate_indexed;

/// A parallel iterator over the `Ok` value of a `Result`, if any.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let ok: Result<i32, ()> = Ok(3);
/// let it: weft_iter::result::IntoIter<i32> = ok.into_par_iter();
/// assert_eq!(it.sum::<i32>(), 3);
/// ```
#[derive(Clone, Debug)]
pub struct IntoIter<T> {
    inner: crate::option::IntoIter<T>,
}

/// A parallel iterator over a reference to the `Ok` value of a `Result`, if any.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let err: Result<i32, ()> = Err(());
/// let it: weft_iter::result::Iter<'_, i32> = err.par_iter();
/// assert_eq!(it.count(), 0);
/// ```
#[derive(Debug)]
pub struct Iter<'a, T> {
    inner: crate::option::IntoIter<&'a T>,
}

impl<T> Clone for Iter<'_, T> {
    fn clone(&self) -> Self {
        Iter {
            inner: self.inner.clone(),
        }
    }
}

/// A parallel iterator over a mutable reference to the `Ok` value of a `Result`, if any.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let mut ok: Result<i32, ()> = Ok(3);
/// let it: weft_iter::result::IterMut<'_, i32> = ok.par_iter_mut();
/// it.for_each(|x| *x += 1);
/// assert_eq!(ok, Ok(4));
/// ```
#[derive(Debug)]
pub struct IterMut<'a, T> {
    inner: crate::option::IntoIter<&'a mut T>,
}

impl<T: Send, E> IntoParallelIterator for Result<T, E> {
    type Item = T;
    type Iter = IntoIter<T>;

    fn into_par_iter(self) -> IntoIter<T> {
        IntoIter {
            inner: self.ok().into_par_iter(),
        }
    }
}

impl<'a, T: Sync, E> IntoParallelIterator for &'a Result<T, E> {
    type Item = &'a T;
    type Iter = Iter<'a, T>;

    fn into_par_iter(self) -> Iter<'a, T> {
        Iter {
            inner: self.as_ref().ok().into_par_iter(),
        }
    }
}

impl<'a, T: Send, E> IntoParallelIterator for &'a mut Result<T, E> {
    type Item = &'a mut T;
    type Iter = IterMut<'a, T>;

    fn into_par_iter(self) -> IterMut<'a, T> {
        IterMut {
            inner: self.as_mut().ok().into_par_iter(),
        }
    }
}

delegate_indexed!(IntoIter<T> => T, impl[T: Send]);
delegate_indexed!(Iter<'a, T> => &'a T, impl['a, T: Sync]);
delegate_indexed!(IterMut<'a, T> => &'a mut T, impl['a, T: Send]);
