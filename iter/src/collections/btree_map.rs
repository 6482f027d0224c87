//! Parallel iterators over `BTreeMap`: by value, by reference and by mutable reference.

use std::collections::BTreeMap;

use super::{delegate_indexed, into_par_vec};
use crate::vec;

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
#[derive(Debug, Clone)]
pub struct IntoIter<K, V> {
    inner: vec::IntoIter<(K, V)>,
}

into_par_vec!(BTreeMap<K, V> => IntoIter<K, V>, impl[K: Send, V: Send]);
delegate_indexed!(IntoIter<K, V> => (K, V), impl[K: Send, V: Send]);

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
#[derive(Debug)]
pub struct Iter<'a, K, V> {
    inner: vec::IntoIter<(&'a K, &'a V)>,
}

impl<K, V> Clone for Iter<'_, K, V> {
    fn clone(&self) -> Self {
        Iter {
            inner: self.inner.clone(),
        }
    }
}

into_par_vec!(&'a BTreeMap<K, V> => Iter<'a, K, V>, impl['a, K: Sync, V: Sync]);
delegate_indexed!(Iter<'a, K, V> => (&'a K, &'a V), impl['a, K: Sync, V: Sync]);

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
#[derive(Debug)]
pub struct IterMut<'a, K, V> {
    inner: vec::IntoIter<(&'a K, &'a mut V)>,
}

into_par_vec!(&'a mut BTreeMap<K, V> => IterMut<'a, K, V>, impl['a, K: Sync, V: Send]);
delegate_indexed!(IterMut<'a, K, V> => (&'a K, &'a mut V), impl['a, K: Sync, V: Send]);
