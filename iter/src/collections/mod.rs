//! Parallel iterators over std's collections (by value, by reference and by mutable reference
//! where std has the matching iterator), and their parallel drains.
//!
//! Collections without random access (maps, sets, lists, heaps) are first gathered into a
//! `Vec` (of items or references), whose parallel iterator does the work: a sequential pass
//! that is cheap next to any work worth doing in parallel.

pub mod binary_heap;
pub mod btree_map;
pub mod btree_set;
pub mod hash_map;
pub mod hash_set;
pub mod linked_list;
pub mod vec_deque;

use crate::plumbing::delegate_indexed;

/// Declares a parallel iterator over a collection's items gathered into a `Vec` (see the
/// module doc), with [`wrapping_iter!`](crate::plumbing::wrapping_iter): the struct, with the
/// doc given, its `IntoParallelIterator` impl for the collection and the forwarding to the
/// vector's iterator.
macro_rules! gathered_iter {
    (
        $(#[$attr:meta])*
        $Name:ident<$($gen:tt),*> => $Item:ty, impl[$($param:tt)*],
        from $Coll:ty, impl[$($cparam:tt)*]
    ) => {
        $crate::plumbing::wrapping_iter! {
            $(#[$attr])*
            $Name<$($gen),*> => $Item, impl[$($param)*],
            from $Coll, impl[$($cparam)*],
            over $crate::vec::IntoIter<$Item> = |collection| {
                let items: Vec<$Item> = collection.into_iter().collect();
                $crate::IntoParallelIterator::into_par_iter(items)
            }
        }
    };
}
use gathered_iter;

/// Lends a collection's items as a `Vec` (taken out of it), and puts the vector back into the
/// collection when dropped: how `VecDeque` and `BinaryHeap` drain through `Vec::par_drain`
/// in place, keeping their allocation.
#[derive(Debug)]
struct DrainGuard<'a, T, C: From<Vec<T>>> {
    collection: &'a mut C,
    vec: Vec<T>,
}

impl<'a, T, C> DrainGuard<'a, T, C>
where
    C: Default + From<Vec<T>>,
    Vec<T>: From<C>,
{
    fn new(collection: &'a mut C) -> Self {
        DrainGuard {
            vec: Vec::from(std::mem::take(collection)),
            collection,
        }
    }
}

impl<T, C: From<Vec<T>>> std::ops::Deref for DrainGuard<'_, T, C> {
    type Target = Vec<T>;

    fn deref(&self) -> &Vec<T> {
        &self.vec
    }
}

impl<T, C: From<Vec<T>>> std::ops::DerefMut for DrainGuard<'_, T, C> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.vec
    }
}

impl<T, C: From<Vec<T>>> Drop for DrainGuard<'_, T, C> {
    fn drop(&mut self) {
        *self.collection = C::from(std::mem::take(&mut self.vec));
    }
}
