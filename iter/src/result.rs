//! Parallel iterators over a `Result`: its `Ok` value, if any.

use crate::iter::*;
use crate::plumbing::*;

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

/// Delegates every method to the inner `option::IntoIter`.
macro_rules! delegate {
    ($iter:ty, $item:ty, $($generics:tt)*) => {
        impl<$($generics)*> ParallelIterator for $iter {
            type Item = $item;

            fn drive_unindexed<C: UnindexedConsumer<$item>>(self, consumer: C) -> C::Result {
                self.inner.drive_unindexed(consumer)
            }

            fn opt_len(&self) -> Option<usize> {
                self.inner.opt_len()
            }
        }

        impl<$($generics)*> IndexedParallelIterator for $iter {
            fn len(&self) -> usize {
                self.inner.len()
            }

            fn drive<C: Consumer<$item>>(self, consumer: C) -> C::Result {
                self.inner.drive(consumer)
            }

            fn with_producer<CB: ProducerCallback<$item>>(self, callback: CB) -> CB::Output {
                self.inner.with_producer(callback)
            }
        }
    };
}

delegate!(IntoIter<T>, T, T: Send);
delegate!(Iter<'a, T>, &'a T, 'a, T: Sync);
delegate!(IterMut<'a, T>, &'a mut T, 'a, T: Send);
