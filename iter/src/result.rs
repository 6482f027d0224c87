//! Parallel iterators over a `Result`: its `Ok` value, if any.

use crate::option;
use crate::plumbing::wrapping_iter;

wrapping_iter! {
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
    IntoIter<T> => T, impl[T: Send],
    from Result<T, E>, impl[T: Send, E],
    over option::IntoIter<T> = |result| result.ok().into_par_iter()
}

wrapping_iter! {
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
    Iter<'a, T> => &'a T, impl['a, T: Sync],
    from &'a Result<T, E>, impl['a, T: Sync, E],
    over option::IntoIter<&'a T> = |result| result.as_ref().ok().into_par_iter()
}

wrapping_iter! {
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
    IterMut<'a, T> => &'a mut T, impl['a, T: Send],
    from &'a mut Result<T, E>, impl['a, T: Send, E],
    over option::IntoIter<&'a mut T> = |result| result.as_mut().ok().into_par_iter()
}
