//! Parallel iterators over an `Option`: zero or one item.

use crate::iter::*;
use crate::sources::at_most_one;

/// A parallel iterator over the value of an `Option`, if any.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::option::IntoIter<i32> = Some(3).into_par_iter();
/// assert_eq!(it.sum::<i32>(), 3);
/// ```
#[derive(Clone, Debug)]
pub struct IntoIter<T> {
    opt: Option<T>,
}

/// A parallel iterator over a reference to the value of an `Option`, if any.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let it: weft_iter::option::Iter<'_, i32> = Some(3).par_iter();
/// assert_eq!(it.count(), 1);
/// ```
#[derive(Debug)]
pub struct Iter<'a, T> {
    inner: IntoIter<&'a T>,
}

impl<T> Clone for Iter<'_, T> {
    fn clone(&self) -> Self {
        Iter {
            inner: self.inner.clone(),
        }
    }
}

/// A parallel iterator over a mutable reference to the value of an `Option`, if any.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let mut x = Some(3);
/// let it: weft_iter::option::IterMut<'_, i32> = x.par_iter_mut();
/// it.for_each(|x| *x += 1);
/// assert_eq!(x, Some(4));
/// ```
#[derive(Debug)]
pub struct IterMut<'a, T> {
    inner: IntoIter<&'a mut T>,
}

impl<T: Send> IntoParallelIterator for Option<T> {
    type Item = T;
    type Iter = IntoIter<T>;

    fn into_par_iter(self) -> IntoIter<T> {
        IntoIter { opt: self }
    }
}

impl<'a, T: Sync> IntoParallelIterator for &'a Option<T> {
    type Item = &'a T;
    type Iter = Iter<'a, T>;

    fn into_par_iter(self) -> Iter<'a, T> {
        Iter {
            inner: self.as_ref().into_par_iter(),
        }
    }
}

impl<'a, T: Send> IntoParallelIterator for &'a mut Option<T> {
    type Item = &'a mut T;
    type Iter = IterMut<'a, T>;

    fn into_par_iter(self) -> IterMut<'a, T> {
        IterMut {
            inner: self.as_mut().into_par_iter(),
        }
    }
}

at_most_one! {
    impl[T: Send] IntoIter<T> {
        type Item = T;
        len(it) = usize::from(it.opt.is_some());
        item(it) = it.opt;
    }
}

at_most_one! {
    impl['a, T: Sync] Iter<'a, T> {
        type Item = &'a T;
        len(it) = usize::from(it.inner.opt.is_some());
        item(it) = it.inner.opt;
    }
}

at_most_one! {
    impl['a, T: Send] IterMut<'a, T> {
        type Item = &'a mut T;
        len(it) = usize::from(it.inner.opt.is_some());
        item(it) = it.inner.opt;
    }
}
