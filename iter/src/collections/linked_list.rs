//! Parallel iterators over `LinkedList`: by value, by reference and by mutable reference.

use std::collections::LinkedList;

use super::gathered_iter;

gathered_iter! {
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
    IntoIter<T> => T, impl[T: Send],
    from LinkedList<T>, impl[T: Send]
}

gathered_iter! {
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
    Iter<'a, T> => &'a T, impl['a, T: Sync],
    from &'a LinkedList<T>, impl['a, T: Sync]
}

gathered_iter! {
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
    IterMut<'a, T> => &'a mut T, impl['a, T: Send],
    from &'a mut LinkedList<T>, impl['a, T: Send]
}
