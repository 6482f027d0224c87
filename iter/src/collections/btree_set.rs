//! Parallel iterators over `BTreeSet`: by value and by reference.

use std::collections::BTreeSet;

use super::gathered_iter;

gathered_iter! {
    /// A parallel iterator over the items of a `BTreeSet`, by value and in order; made by
    /// `into_par_iter`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::BTreeSet;
    /// use weft_iter::prelude::*;
    ///
    /// let set = BTreeSet::from([3, 1, 2]);
    /// let it = set.into_par_iter();
    /// assert_eq!(it.clone().collect::<Vec<_>>(), [1, 2, 3]);
    /// let _ = format!("{it:?}");
    /// ```
    IntoIter<T> => T, impl[T: Send],
    from BTreeSet<T>, impl[T: Send]
}

gathered_iter! {
    /// A parallel iterator over the items of a `BTreeSet`, by reference and in order; made by
    /// `par_iter`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::BTreeSet;
    /// use weft_iter::prelude::*;
    ///
    /// let set = BTreeSet::from([3, 1, 2]);
    /// let it = set.par_iter();
    /// assert_eq!(it.clone().collect::<Vec<_>>(), [&1, &2, &3]);
    /// let _ = format!("{it:?}");
    /// ```
    Iter<'a, T> => &'a T, impl['a, T: Sync],
    from &'a BTreeSet<T>, impl['a, T: Sync]
}
