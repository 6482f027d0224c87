//! Parallel iterators over `VecDeque`: by value, by reference, by mutable reference, and
//! its parallel range drain.

use std::collections::VecDeque;
use std::ops::{Range, RangeBounds};

use super::{delegate_indexed, DrainGuard};
use crate::drain::{simplify_range, ParallelDrainRange};
use crate::iter::Chain;
use crate::plumbing::bridged;
use crate::plumbing::ProducerCallback;
use crate::{slice, vec};
use crate::{IntoParallelIterator, ParallelIterator};

/// A parallel iterator over the items of a `VecDeque`, by value and front to back; made by
/// `into_par_iter`.
///
/// # Examples
///
/// ```
/// use std::collections::VecDeque;
/// use weft_iter::prelude::*;
///
/// let mut d = VecDeque::from([2, 3]);
/// d.push_front(1);
/// let it = d.into_par_iter();
/// assert_eq!(it.clone().collect::<Vec<_>>(), [1, 2, 3]);
/// let _ = format!("{it:?}");
/// ```
#[derive(Debug, Clone)]
pub struct IntoIter<T> {
    inner: vec::IntoIter<T>,
}

impl<T: Send> IntoParallelIterator for VecDeque<T> {
    type Item = T;
    type Iter = IntoIter<T>;

    fn into_par_iter(self) -> Self::Iter {
        // Moves the items only if the deque wraps around its buffer.
        IntoIter {
            inner: Vec::from(self).into_par_iter(),
        }
    }
}

delegate_indexed!(IntoIter<T> => T, impl[T: Send]);

/// A parallel iterator over the items of a `VecDeque`, by reference and front to back; made by
/// `par_iter`.
///
/// # Examples
///
/// ```
/// use std::collections::VecDeque;
/// use weft_iter::prelude::*;
///
/// let mut d = VecDeque::from([2, 3]);
/// d.push_front(1);
/// let it = d.par_iter();
/// assert_eq!(it.clone().collect::<Vec<_>>(), [&1, &2, &3]);
/// let _ = format!("{it:?}");
/// ```
#[derive(Debug)]
pub struct Iter<'a, T> {
    inner: Chain<slice::Iter<'a, T>, slice::Iter<'a, T>>,
}

impl<T> Clone for Iter<'_, T> {
    fn clone(&self) -> Self {
        Iter {
            inner: self.inner.clone(),
        }
    }
}

impl<'a, T: Sync> IntoParallelIterator for &'a VecDeque<T> {
    type Item = &'a T;
    type Iter = Iter<'a, T>;

    fn into_par_iter(self) -> Self::Iter {
        let (front, back) = self.as_slices();
        Iter {
            inner: front.into_par_iter().chain(back),
        }
    }
}

delegate_indexed!(Iter<'a, T> => &'a T, impl['a, T: Sync]);

/// A parallel iterator over the items of a `VecDeque`, by mutable reference and front to back;
/// made by `par_iter_mut`.
///
/// # Examples
///
/// ```
/// use std::collections::VecDeque;
/// use weft_iter::prelude::*;
///
/// let mut d = VecDeque::from([2, 3]);
/// d.push_front(1);
/// d.par_iter_mut().for_each(|x| *x *= 2);
/// assert_eq!(d, [2, 4, 6]);
/// let _ = format!("{:?}", d.par_iter_mut());
/// ```
#[derive(Debug)]
pub struct IterMut<'a, T> {
    inner: Chain<slice::IterMut<'a, T>, slice::IterMut<'a, T>>,
}

impl<'a, T: Send> IntoParallelIterator for &'a mut VecDeque<T> {
    type Item = &'a mut T;
    type Iter = IterMut<'a, T>;

    fn into_par_iter(self) -> Self::Iter {
        let (front, back) = self.as_mut_slices();
        IterMut {
            inner: front.into_par_iter().chain(back),
        }
    }
}

delegate_indexed!(IterMut<'a, T> => &'a mut T, impl['a, T: Send]);

/// A parallel iterator that moves a range of items out of a `VecDeque`; made by
/// [`ParallelDrainRange::par_drain`]. The range is removed when the iterator is dropped,
/// whether or not it was consumed.
///
/// # Examples
///
/// ```
/// use std::collections::VecDeque;
/// use weft_iter::prelude::*;
/// use weft_iter::drain::ParallelDrainRange;
///
/// let mut d: VecDeque<i32> = (0..6).collect();
/// let v: Vec<i32> = d.par_drain(1..3).collect();
/// assert_eq!(v, [1, 2]);
/// assert_eq!(d, [0, 3, 4, 5]);
/// ```
#[derive(Debug)]
pub struct Drain<'a, T> {
    deque: &'a mut VecDeque<T>,
    range: Range<usize>,
    orig_len: usize,
}

impl<'a, T: Send> ParallelDrainRange<usize> for &'a mut VecDeque<T> {
    type Iter = Drain<'a, T>;
    type Item = T;

    fn par_drain<R: RangeBounds<usize>>(self, range: R) -> Self::Iter {
        Drain {
            orig_len: self.len(),
            range: simplify_range(range, self.len()),
            deque: self,
        }
    }
}

bridged! {
    impl[T: Send] Drain<'_, T> {
        type Item = T;

        fn len(&self) -> usize {
            self.range.len()
        }

        fn with_producer<CB>(self, callback: CB) -> CB::Output
        where
            CB: ProducerCallback<Self::Item>,
        {
            // Moves the items only if the deque wraps around its buffer.
            let range = self.range.clone();
            let mut guard = DrainGuard::new(&mut *self.deque);
            guard.vec.par_drain(range).with_producer(callback)
        }
    }
}

impl<T> Drop for Drain<'_, T> {
    fn drop(&mut self) {
        if self.deque.len() == self.orig_len && !self.range.is_empty() {
            // Never produced: remove the range sequentially.
            self.deque.drain(self.range.clone());
        }
    }
}
