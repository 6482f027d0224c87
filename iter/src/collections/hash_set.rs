//! Parallel iterators over `HashSet`: by value, by reference, and its parallel drain.

use std::collections::HashSet;
use std::hash::{BuildHasher, Hash};

use super::{delegate_indexed, gathered_iter};
use crate::drain::ParallelDrainFull;
use crate::vec;

gathered_iter! {
    /// A parallel iterator over the items of a `HashSet`, by value; made by `into_par_iter`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::HashSet;
    /// use weft_iter::prelude::*;
    ///
    /// let set = HashSet::from([1, 2, 3]);
    /// let it = set.into_par_iter();
    /// assert_eq!(it.clone().sum::<i32>(), 6);
    /// let _ = format!("{it:?}");
    /// ```
    IntoIter<T> => T, impl[T: Send],
    from HashSet<T, S>, impl[T: Send, S]
}

gathered_iter! {
    /// A parallel iterator over the items of a `HashSet`, by reference; made by `par_iter`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::HashSet;
    /// use weft_iter::prelude::*;
    ///
    /// let set = HashSet::from([1, 2, 3]);
    /// let it = set.par_iter();
    /// assert_eq!(it.clone().max(), Some(&3));
    /// let _ = format!("{it:?}");
    /// ```
    Iter<'a, T> => &'a T, impl['a, T: Sync],
    from &'a HashSet<T, S>, impl['a, T: Sync, S]
}

/// A parallel draining iterator over the items of a `HashSet`; made by
/// [`ParallelDrainFull::par_drain`]. The set is emptied when the iterator is made.
///
/// # Examples
///
/// ```
/// use std::collections::HashSet;
/// use weft_iter::prelude::*;
/// use weft_iter::drain::ParallelDrainFull;
///
/// let mut set = HashSet::from([1, 2, 3]);
/// assert_eq!(set.par_drain().count(), 3);
/// assert!(set.is_empty());
/// ```
#[derive(Debug)]
pub struct Drain<'a, T> {
    inner: vec::IntoIter<T>,
    marker: std::marker::PhantomData<&'a mut HashSet<T>>,
}

impl<'a, T, S> ParallelDrainFull for &'a mut HashSet<T, S>
where
    T: Hash + Eq + Send,
    S: BuildHasher,
{
    type Iter = Drain<'a, T>;
    type Item = T;

    fn par_drain(self) -> Self::Iter {
        let items: Vec<_> = self.drain().collect();
        Drain {
            inner: crate::IntoParallelIterator::into_par_iter(items),
            marker: std::marker::PhantomData,
        }
    }
}

delegate_indexed!(Drain<'a, T> => T, impl['a, T: Send]);
