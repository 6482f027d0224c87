//! Parallel iterators over an `Option`: zero or one item.

use crate::iter::*;
use crate::plumbing::wrapping_iter;
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

wrapping_iter! {
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
    Iter<'a, T> => &'a T, impl['a, T: Sync],
    from &'a Option<T>, impl['a, T: Sync],
    over IntoIter<&'a T> = |opt| opt.as_ref().into_par_iter()
}

wrapping_iter! {
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
    IterMut<'a, T> => &'a mut T, impl['a, T: Send],
    from &'a mut Option<T>, impl['a, T: Send],
    over IntoIter<&'a mut T> = |opt| opt.as_mut().into_par_iter()
}

impl<T: Send> IntoParallelIterator for Option<T> {
    type Item = T;
    type Iter = IntoIter<T>;

    fn into_par_iter(self) -> IntoIter<T> {
        IntoIter { opt: self }
    }
}

at_most_one! {
    impl[T: Send] IntoIter<T> {
        type Item = T;
        len(it) = usize::from(it.opt.is_some());
        item(it) = it.opt;
    }
}
