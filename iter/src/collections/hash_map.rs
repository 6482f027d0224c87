//! Parallel iterators over `HashMap`: by value, by reference, by mutable reference, and
//! its parallel drain.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};

use super::{delegate_indexed, gathered_iter};
use crate::drain::ParallelDrainFull;
use crate::vec;

gathered_iter! {
    /// A parallel iterator over the entries of a `HashMap`, by value; made by `into_par_iter`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::HashMap;
    /// use weft_iter::prelude::*;
    ///
    /// let map = HashMap::from([(1, 'a'), (2, 'b')]);
    /// let it = map.into_par_iter();
    /// let mut v: Vec<(i32, char)> = it.clone().collect();
    /// v.sort();
    /// assert_eq!(v, [(1, 'a'), (2, 'b')]);
    /// let _ = format!("{it:?}");
    /// ```
    IntoIter<K, V> => (K, V), impl[K: Send, V: Send],
    from HashMap<K, V, S>, impl[K: Send, V: Send, S]
}

gathered_iter! {
    /// A parallel iterator over the entries of a `HashMap`, by reference; made by `par_iter`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::HashMap;
    /// use weft_iter::prelude::*;
    ///
    /// let map = HashMap::from([(1, 10), (2, 20)]);
    /// let it = map.par_iter();
    /// assert_eq!(it.clone().map(|(k, v)| k * v).sum::<i32>(), 50);
    /// let _ = format!("{it:?}");
    /// ```
    Iter<'a, K, V> => (&'a K, &'a V), impl['a, K: Sync, V: Sync],
    from &'a HashMap<K, V, S>, impl['a, K: Sync, V: Sync, S]
}

gathered_iter! {
    /// A parallel iterator over the entries of a `HashMap`, values by mutable reference; made by
    /// `par_iter_mut`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::HashMap;
    /// use weft_iter::prelude::*;
    ///
    /// let mut map = HashMap::from([(1, 10), (2, 20)]);
    /// map.par_iter_mut().for_each(|(_, v)| *v += 1);
    /// assert_eq!(map[&2], 21);
    /// let _ = format!("{:?}", map.par_iter_mut());
    /// ```
    IterMut<'a, K, V> => (&'a K, &'a mut V), impl['a, K: Sync, V: Send],
    from &'a mut HashMap<K, V, S>, impl['a, K: Sync, V: Send, S]
}

/// A parallel draining iterator over the entries of a `HashMap`; made by
/// [`ParallelDrainFull::par_drain`].
///
/// The map is emptied when the iterator is made (its capacity is kept); the entries are then
/// handed out in parallel.
///
/// # Examples
///
/// ```
/// use std::collections::HashMap;
/// use weft_iter::prelude::*;
/// use weft_iter::drain::ParallelDrainFull;
///
/// let mut map = HashMap::from([(1, 10), (2, 20)]);
/// let total: i32 = map.par_drain().map(|(_, v)| v).sum();
/// assert_eq!(total, 30);
/// assert!(map.is_empty());
/// ```
#[derive(Debug)]
pub struct Drain<'a, K, V> {
    inner: vec::IntoIter<(K, V)>,
    marker: std::marker::PhantomData<&'a mut HashMap<K, V>>,
}

impl<'a, K, V, S> ParallelDrainFull for &'a mut HashMap<K, V, S>
where
    K: Hash + Eq + Send,
    V: Send,
    S: BuildHasher,
{
    type Iter = Drain<'a, K, V>;
    type Item = (K, V);

    fn par_drain(self) -> Self::Iter {
        let items: Vec<_> = self.drain().collect();
        Drain {
            inner: crate::IntoParallelIterator::into_par_iter(items),
            marker: std::marker::PhantomData,
        }
    }
}

delegate_indexed!(Drain<'a, K, V> => (K, V), impl['a, K: Send, V: Send]);
