//! Parallel iterators over `BTreeMap`: by value, by reference and by mutable reference.

use std::collections::BTreeMap;

use super::gathered_iter;

gathered_iter! {
    /// A parallel iterator over the entries of a `BTreeMap`, by value and in key order; made by
    /// `into_par_iter`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use weft_iter::prelude::*;
    ///
    /// let map = BTreeMap::from([(2, 'b'), (1, 'a')]);
    /// let it = map.into_par_iter();
    /// assert_eq!(it.clone().collect::<Vec<_>>(), [(1, 'a'), (2, 'b')]);
    /// let _ = format!("{it:?}");
    /// ```
    IntoIter<K, V> => (K, V), impl[K: Send, V: Send],
    from BTreeMap<K, V>, impl[K: Send, V: Send]
}

gathered_iter! {
    /// A parallel iterator over the entries of a `BTreeMap`, by reference and in key order; made
    /// by `par_iter`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use weft_iter::prelude::*;
    ///
    /// let map = BTreeMap::from([(2, 20), (1, 10)]);
    /// let it = map.par_iter();
    /// assert_eq!(it.clone().collect::<Vec<_>>(), [(&1, &10), (&2, &20)]);
    /// let _ = format!("{it:?}");
    /// ```
    Iter<'a, K, V> => (&'a K, &'a V), impl['a, K: Sync, V: Sync],
    from &'a BTreeMap<K, V>, impl['a, K: Sync, V: Sync]
}

gathered_iter! {
    /// A parallel iterator over the entries of a `BTreeMap`, values by mutable reference and in
    /// key order; made by `par_iter_mut`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use weft_iter::prelude::*;
    ///
    /// let mut map = BTreeMap::from([(1, 10), (2, 20)]);
    /// map.par_iter_mut().for_each(|(k, v)| *v += k);
    /// assert_eq!(map[&2], 22);
    /// let _ = format!("{:?}", map.par_iter_mut());
    /// ```
    IterMut<'a, K, V> => (&'a K, &'a mut V), impl['a, K: Sync, V: Send],
    from &'a mut BTreeMap<K, V>, impl['a, K: Sync, V: Send]
}
