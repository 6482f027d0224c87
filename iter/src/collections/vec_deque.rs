//! Parallel iterators over `VecDeque`: by value, by reference, by mutable reference, and
//! its parallel range drain.

use std::collections::VecDeque;

use super::DrainGuard;
use crate::drain::range_drain;
use crate::iter::Chain;
use crate::plumbing::wrapping_iter;
use crate::ParallelIterator;
use crate::{slice, vec};

wrapping_iter! {
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
    IntoIter<T> => T, impl[T: Send],
    from VecDeque<T>, impl[T: Send],
    // Moves the items only if the deque wraps around its buffer.
    over vec::IntoIter<T> = |deque| Vec::from(deque).into_par_iter()
}

wrapping_iter! {
    /// A parallel iterator over the items of a `VecDeque`, by reference and front to back;
    /// made by `par_iter`.
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
    Iter<'a, T> => &'a T, impl['a, T: Sync],
    from &'a VecDeque<T>, impl['a, T: Sync],
    over Chain<slice::Iter<'a, T>, slice::Iter<'a, T>> = |deque| {
        let (front, back) = deque.as_slices();
        front.into_par_iter().chain(back)
    }
}

wrapping_iter! {
    /// A parallel iterator over the items of a `VecDeque`, by mutable reference and front to
    /// back; made by `par_iter_mut`.
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
    IterMut<'a, T> => &'a mut T, impl['a, T: Send],
    from &'a mut VecDeque<T>, impl['a, T: Send],
    over Chain<slice::IterMut<'a, T>, slice::IterMut<'a, T>> = |deque| {
        let (front, back) = deque.as_mut_slices();
        front.into_par_iter().chain(back)
    }
}

range_drain! {
    /// A parallel iterator that moves a range of items out of a `VecDeque`; made by
    /// [`ParallelDrainRange::par_drain`](crate::drain::ParallelDrainRange::par_drain). The
    /// range is removed when the iterator is dropped, whether or not it was consumed. While it
    /// lives, the deque's items are lent to it as a `Vec` (moved only if the deque wraps around
    /// its buffer).
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
    Drain<'a, T> of VecDeque<T>, lent as DrainGuard<'a, T, VecDeque<T>> = DrainGuard::new
}
