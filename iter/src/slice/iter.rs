//! `par_iter` and `par_iter_mut` over slices (and vectors and arrays, through them).

use crate::iter::*;
use crate::plumbing::bridged;
use crate::plumbing::*;

/// A parallel iterator over references to the items of a slice.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let v = [1, 2, 3];
/// let it: weft_iter::slice::Iter<'_, i32> = v.par_iter();
/// assert_eq!(it.max(), Some(&3));
/// ```
#[derive(Debug)]
pub struct Iter<'data, T> {
    slice: &'data [T],
}

impl<T> Clone for Iter<'_, T> {
    fn clone(&self) -> Self {
        Iter { slice: self.slice }
    }
}

impl<'data, T: Sync + 'data> IntoParallelIterator for &'data [T] {
    type Item = &'data T;
    type Iter = Iter<'data, T>;

    fn into_par_iter(self) -> Iter<'data, T> {
        Iter { slice: self }
    }
}

impl<'data, T: Sync + 'data> IntoParallelIterator for &'data Vec<T> {
    type Item = &'data T;
    type Iter = Iter<'data, T>;

    fn into_par_iter(self) -> Iter<'data, T> {
        Iter { slice: self }
    }
}

impl<'data, T: Sync + 'data> IntoParallelIterator for &'data Box<[T]> {
    type Item = &'data T;
    type Iter = Iter<'data, T>;

    fn into_par_iter(self) -> Iter<'data, T> {
        Iter { slice: self }
    }
}

impl<'data, T: Sync + 'data, const N: usize> IntoParallelIterator for &'data [T; N] {
    type Item = &'data T;
    type Iter = Iter<'data, T>;

    fn into_par_iter(self) -> Iter<'data, T> {
        Iter { slice: self }
    }
}

bridged! {
    impl['data, T: Sync + 'data] Iter<'data, T> {
        type Item = &'data T;

        fn len(&self) -> usize {
            self.slice.len()
        }

        fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
            callback.callback(IterProducer { slice: self.slice })
        }
    }
}

struct IterProducer<'data, T> {
    slice: &'data [T],
}

impl<'data, T: Sync + 'data> Producer for IterProducer<'data, T> {
    type Item = &'data T;
    type IntoIter = std::slice::Iter<'data, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.slice.iter()
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.slice.split_at(index);
        (IterProducer { slice: left }, IterProducer { slice: right })
    }
}

/// A parallel iterator over mutable references to the items of a slice.
///
/// # Examples
///
/// ```
/// use weft_iter::prelude::*;
///
/// let mut v = [1, 2, 3];
/// let it: weft_iter::slice::IterMut<'_, i32> = v.par_iter_mut();
/// it.for_each(|x| *x += 1);
/// assert_eq!(v, [2, 3, 4]);
/// ```
#[derive(Debug)]
pub struct IterMut<'data, T> {
    slice: &'data mut [T],
}

impl<'data, T: Send + 'data> IntoParallelIterator for &'data mut [T] {
    type Item = &'data mut T;
    type Iter = IterMut<'data, T>;

    fn into_par_iter(self) -> IterMut<'data, T> {
        IterMut { slice: self }
    }
}

impl<'data, T: Send + 'data> IntoParallelIterator for &'data mut Vec<T> {
    type Item = &'data mut T;
    type Iter = IterMut<'data, T>;

    fn into_par_iter(self) -> IterMut<'data, T> {
        IterMut { slice: self }
    }
}

impl<'data, T: Send + 'data> IntoParallelIterator for &'data mut Box<[T]> {
    type Item = &'data mut T;
    type Iter = IterMut<'data, T>;

    fn into_par_iter(self) -> IterMut<'data, T> {
        IterMut { slice: self }
    }
}

impl<'data, T: Send + 'data, const N: usize> IntoParallelIterator for &'data mut [T; N] {
    type Item = &'data mut T;
    type Iter = IterMut<'data, T>;

    fn into_par_iter(self) -> IterMut<'data, T> {
        IterMut { slice: self }
    }
}

bridged! {
    impl['data, T: Send + 'data] IterMut<'data, T> {
        type Item = &'data mut T;

        fn len(&self) -> usize {
            self.slice.len()
        }

        fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
            callback.callback(IterMutProducer { slice: self.slice })
        }
    }
}

struct IterMutProducer<'data, T> {
    slice: &'data mut [T],
}

impl<'data, T: Send + 'data> Producer for IterMutProducer<'data, T> {
    type Item = &'data mut T;
    type IntoIter = std::slice::IterMut<'data, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.slice.iter_mut()
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.slice.split_at_mut(index);
        (
            IterMutProducer { slice: left },
            IterMutProducer { slice: right },
        )
    }
}
